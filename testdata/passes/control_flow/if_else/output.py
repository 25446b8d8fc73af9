import agc_runtime as ag__


@ag__.autograph_artifact
def sign(x):
    with ag__.FunctionScope('sign', 'fscope', ag__.STD) as fscope:
        y = ag__.Undefined('y')
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
            def get_state():
                return (y,)
            def set_state(vars_):
                nonlocal y
                y, = vars_
            def if_body():
                nonlocal y
                y = -1
            def else_body():
                nonlocal y
                y = 0
            ag__.if_stmt(x < 0, if_body, else_body, get_state, set_state, ('y',), 1)
        ag__.if_stmt(x > 0, if_body, else_body, get_state, set_state, ('y',), 1)
        return y


@ag__.autograph_artifact
def only_read(x, log):
    with ag__.FunctionScope('only_read', 'fscope', ag__.STD) as fscope:
        def get_state():
            return ()
        def set_state(vars_):
            pass
        def if_body():
            log.append(x)
        def else_body():
            pass
        ag__.if_stmt(x, if_body, else_body, get_state, set_state, (), 0)
        return log


@ag__.autograph_artifact
def branch_local(x):
    with ag__.FunctionScope('branch_local', 'fscope', ag__.STD) as fscope:
        out = ag__.Undefined('out')
        def get_state():
            return (out,)
        def set_state(vars_):
            nonlocal out
            out, = vars_
        def if_body():
            nonlocal out
            tmp = x + 1
            out = tmp
        def else_body():
            nonlocal out
            out = 0
        ag__.if_stmt(x, if_body, else_body, get_state, set_state, ('out',), 1)
        return out


@ag__.autograph_artifact
def input_only(x, y):
    with ag__.FunctionScope('input_only', 'fscope', ag__.STD) as fscope:
        # y is read inside before it is written: carried in, not out.
        def get_state():
            return (y,)
        def set_state(vars_):
            nonlocal y
            y, = vars_
        def if_body():
            nonlocal y
            y = y + 1
            print(y)
        def else_body():
            pass
        ag__.if_stmt(x, if_body, else_body, get_state, set_state, ('y',), 0)
        return x
