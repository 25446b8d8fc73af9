import agc_runtime as ag__


@ag__.autograph_artifact
def total(values):
    with ag__.FunctionScope('total', 'fscope', ag__.STD) as fscope:
        s = 0
        def get_state():
            return (s,)
        def set_state(vars_):
            nonlocal s
            s, = vars_
        def loop_body(itr):
            nonlocal s
            v = itr
            s += v
        ag__.for_stmt(values, None, loop_body, get_state, set_state, ('s',), {'iterate_names': 'v'})
        return s


@ag__.autograph_artifact
def pairs(d):
    with ag__.FunctionScope('pairs', 'fscope', ag__.STD) as fscope:
        k = ag__.Undefined('k')
        keys = []
        def get_state():
            return (k,)
        def set_state(vars_):
            nonlocal k
            k, = vars_
        def loop_body(itr):
            nonlocal k
            k, (a, *rest) = itr
            keys.append(k)
        ag__.for_stmt(d, None, loop_body, get_state, set_state, ('k',), {'iterate_names': '(k, (a, *rest))'})
        return (keys, k)


@ag__.autograph_artifact
def countdown(n):
    with ag__.FunctionScope('countdown', 'fscope', ag__.STD) as fscope:
        steps = 0
        def get_state():
            return (steps, n)
        def set_state(vars_):
            nonlocal steps, n
            steps, n = vars_
        def loop_test():
            return n > 0
        def loop_body():
            nonlocal steps, n
            n -= 1
            steps += 1
        ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('steps', 'n'), {})
        steps = -steps
        return steps


@ag__.autograph_artifact
def walrus_test(it):
    with ag__.FunctionScope('walrus_test', 'fscope', ag__.STD) as fscope:
        x = ag__.Undefined('x')
        def get_state():
            return (x,)
        def set_state(vars_):
            nonlocal x
            x, = vars_
        def loop_test():
            nonlocal x
            return (x := next(it, None)) is not None
        def loop_body():
            pass
        ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('x',), {})
        return x
