def defined_later(flag):
    # y's only bindings move into helpers: it starts as Undefined.
    if flag:
        y = 1
    else:
        y = 2
    return y


def bound_before(xs):
    # s is bound at the function's level first: no Undefined needed.
    s = 0
    for x in xs:
        s += x
    return s


def hoisted(flag):
    if flag:
        global counter
        counter = 1


def helper_names_taken(get_state, set_state, if_body):
    if get_state:
        if_body = set_state
    return if_body


def class_body_stays(flag):
    class C:
        if flag:
            mode = 1
        else:
            mode = 2
    return C.mode
