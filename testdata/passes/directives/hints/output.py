import agc_runtime as ag__


@ag__.autograph_artifact
def remove_and_add(xs):
    with ag__.FunctionScope('remove_and_add', 'fscope', ag__.STD) as fscope:
        total = 0
        scratch = 0
        def get_state():
            return (total, xs)
        def set_state(vars_):
            nonlocal total, xs
            total, xs = vars_
        def loop_body(itr):
            nonlocal total, xs
            x = itr
            scratch = x * 2
            total += scratch
        ag__.for_stmt(xs, None, loop_body, get_state, set_state, ('total', 'xs'), {'iterate_names': 'x'})
        return (total, scratch)


@ag__.autograph_artifact
def exact(n):
    with ag__.FunctionScope('exact', 'fscope', ag__.STD) as fscope:
        a = b = 0
        i = 0
        def get_state():
            return (i, a)
        def set_state(vars_):
            nonlocal i, a
            i, a = vars_
        def loop_test():
            return i < n
        def loop_body():
            nonlocal i, a
            a += i
            b = i
            i += 1
        ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('i', 'a'), {})
        return (a, b)


@ag__.autograph_artifact
def if_vars(c):
    with ag__.FunctionScope('if_vars', 'fscope', ag__.STD) as fscope:
        y = 0
        z = 0
        def get_state():
            return (y,)
        def set_state(vars_):
            nonlocal y
            y, = vars_
        def if_body():
            nonlocal y
            y = 1
        def else_body():
            pass
        ag__.if_stmt(c, if_body, else_body, get_state, set_state, ('y',), 1)
        return y


@ag__.autograph_artifact
def unknown_name(xs):
    with ag__.FunctionScope('unknown_name', 'fscope', ag__.STD) as fscope:
        def get_state():
            return ()
        def set_state(vars_):
            pass
        def loop_body(itr):
            x = itr
        ag__.for_stmt(xs, None, loop_body, get_state, set_state, (), {'iterate_names': 'x'})


@ag__.autograph_artifact
def not_before_a_loop(x):
    with ag__.FunctionScope('not_before_a_loop', 'fscope', ag__.STD) as fscope:
        # agc: loop-vars(x)
        x += 1
        # agc: if-vars(x)
        def get_state():
            return ()
        def set_state(vars_):
            pass
        def loop_body(itr):
            i = itr
        ag__.for_stmt(range(x), None, loop_body, get_state, set_state, (), {'iterate_names': 'i'})
        return x


@ag__.autograph_artifact
def malformed(xs):
    with ag__.FunctionScope('malformed', 'fscope', ag__.STD) as fscope:
        # agc: loop-vars(x y)
        def get_state():
            return ()
        def set_state(vars_):
            pass
        def loop_body(itr):
            x = itr
        ag__.for_stmt(xs, None, loop_body, get_state, set_state, (), {'iterate_names': 'x'})
        # agc: ignore[AGC301]
        return xs
