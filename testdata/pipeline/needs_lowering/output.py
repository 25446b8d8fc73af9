import agc_runtime as ag__


@ag__.autograph_artifact
def loop_break(xs):
    with ag__.FunctionScope('loop_break', 'fscope', ag__.STD) as fscope:
        break_ = False
        def get_state():
            return (break_,)
        def set_state(vars_):
            nonlocal break_
            break_, = vars_
        def loop_body(itr):
            nonlocal break_
            x = itr
            def get_state():
                return (break_,)
            def set_state(vars_):
                nonlocal break_
                break_, = vars_
            def if_body():
                nonlocal break_
                break_ = True
            def else_body():
                pass
            ag__.if_stmt(x, if_body, else_body, get_state, set_state, ('break_',), 1)
        ag__.for_stmt(xs, lambda: not break_, loop_body, get_state, set_state, ('break_',), {'iterate_names': 'x'})
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
        return y


@ag__.autograph_artifact
def loop_continue(xs):
    with ag__.FunctionScope('loop_continue', 'fscope', ag__.STD) as fscope:
        out = []
        def get_state():
            return ()
        def set_state(vars_):
            pass
        def loop_body(itr):
            x = itr
            continue_ = False
            def get_state():
                return (continue_,)
            def set_state(vars_):
                nonlocal continue_
                continue_, = vars_
            def if_body():
                nonlocal continue_
                continue_ = True
            def else_body():
                pass
            ag__.if_stmt(not x, if_body, else_body, get_state, set_state, ('continue_',), 1)
            def get_state():
                return ()
            def set_state(vars_):
                pass
            def if_body():
                ag__.converted_call(out.append, (x,), None, fscope)
            def else_body():
                pass
            ag__.if_stmt(not continue_, if_body, else_body, get_state, set_state, (), 0)
        ag__.for_stmt(xs, None, loop_body, get_state, set_state, (), {'iterate_names': 'x'})
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
            total += ag__.converted_call(pick, (x,), None, fscope) or 0
        ag__.for_stmt(xs, None, loop_body, get_state, set_state, ('total',), {'iterate_names': 'x'})
        return total
