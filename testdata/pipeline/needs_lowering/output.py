import agc_runtime as ag__


def loop_break(xs):
    for x in xs:
        if x:
            break
    return 1

def early(x):
    if x:
        return 1
    return 2

@ag__.autograph_artifact
def nested_ok(x):
    with ag__.FunctionScope('nested_ok', 'fscope', ag__.STD) as fscope:
        y = ag__.Undefined('y')
        @ag__.autograph_artifact
        def g():
            with ag__.FunctionScope('g', 'fscope', ag__.STD) as fscope:
                return 1
        def get_state():
            return (y,)
        def set_state(vars_):
            nonlocal y
            y, = vars_
        def if_body():
            nonlocal y
            y = ag__.converted_call(g, (), None, fscope)
        def else_body():
            pass
        ag__.if_stmt(x, if_body, else_body, get_state, set_state, ('y',), 1)
        return ag__.ld(y)


def loop_continue(xs):
    out = []
    for x in xs:
        if not x:
            continue
        out.append(x)
    return out


@ag__.autograph_artifact
def return_in_nested_def_is_fine(xs):
    with ag__.FunctionScope('return_in_nested_def_is_fine', 'fscope', ag__.STD) as fscope:
        def pick(v):
            if v:
                return v
            return None
        total = 0
        def get_state():
            return (total,)
        def set_state(vars_):
            nonlocal total
            total, = vars_
        def loop_body(itr):
            nonlocal total
            x = itr
            total += ag__.or_(lambda: ag__.converted_call(pick, (x,), None, fscope), lambda: 0)
        ag__.for_stmt(xs, None, loop_body, get_state, set_state, ('total',), {'iterate_names': 'x'})
        return total
