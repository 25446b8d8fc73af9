import agc_runtime as ag__


@ag__.autograph_artifact
def defined_later(flag):
    with ag__.FunctionScope('defined_later', 'fscope', ag__.STD) as fscope:
        y = ag__.Undefined('y')
        # y's only bindings move into helpers: it starts as Undefined.
        def get_state():
            return (y,)
        def set_state(vars_):
            nonlocal y
            y, = vars_
        def if_body():
            nonlocal y
            y = 1
        def else_body():
            nonlocal y
            y = 2
        ag__.if_stmt(flag, if_body, else_body, get_state, set_state, ('y',), 1)
        return y


@ag__.autograph_artifact
def bound_before(xs):
    with ag__.FunctionScope('bound_before', 'fscope', ag__.STD) as fscope:
        # s is bound at the function's level first: no Undefined needed.
        s = 0
        def get_state():
            return (s,)
        def set_state(vars_):
            nonlocal s
            s, = vars_
        def loop_body(itr):
            nonlocal s
            x = itr
            s += x
        ag__.for_stmt(xs, None, loop_body, get_state, set_state, ('s',), {'iterate_names': 'x'})
        return s


@ag__.autograph_artifact
def hoisted(flag):
    with ag__.FunctionScope('hoisted', 'fscope', ag__.STD) as fscope:
        global counter
        def get_state():
            return (counter,)
        def set_state(vars_):
            global counter
            counter, = vars_
        def if_body():
            global counter
            counter = 1
        def else_body():
            pass
        ag__.if_stmt(flag, if_body, else_body, get_state, set_state, ('counter',), 1)


@ag__.autograph_artifact
def helper_names_taken(get_state, set_state, if_body):
    with ag__.FunctionScope('helper_names_taken', 'fscope', ag__.STD) as fscope:
        def get_state_1():
            return (if_body,)
        def set_state_1(vars_):
            nonlocal if_body
            if_body, = vars_
        def if_body_1():
            nonlocal if_body
            if_body = set_state
        def else_body():
            pass
        ag__.if_stmt(get_state, if_body_1, else_body, get_state_1, set_state_1, ('if_body',), 1)
        return if_body


@ag__.autograph_artifact
def class_body_stays(flag):
    with ag__.FunctionScope('class_body_stays', 'fscope', ag__.STD) as fscope:
        class C:
            if flag:
                mode = 1
            else:
                mode = 2
        return C.mode
