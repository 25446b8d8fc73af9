def loop_break(xs):
    for x in xs:
        if x:
            break
    return 1

def early(x):
    if x:
        return 1
    return 2

def nested_ok(x):
    def g():
        return 1
    if x:
        y = g()
    return y


def loop_continue(xs):
    out = []
    for x in xs:
        if not x:
            continue
        out.append(x)
    return out


def return_in_nested_def_is_fine(xs):
    def pick(v):
        if v:
            return v
        return None
    total = 0
    for x in xs:
        total += pick(x) or 0
    return total
