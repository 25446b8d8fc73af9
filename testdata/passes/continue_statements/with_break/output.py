import agc_runtime as ag__


@ag__.autograph_artifact
def both(xs):
    with ag__.FunctionScope('both', 'fscope', ag__.STD) as fscope:
        out = 0
        break_ = False
        def get_state():
            return (break_, out)
        def set_state(vars_):
            nonlocal break_, out
            break_, out = vars_
        def loop_body(itr):
            nonlocal break_, out
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
            ag__.if_stmt(x == 0, if_body, else_body, get_state, set_state, ('continue_',), 1)
            def get_state():
                return (break_, out)
            def set_state(vars_):
                nonlocal break_, out
                break_, out = vars_
            def if_body():
                nonlocal break_, out
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
                ag__.if_stmt(x < 0, if_body, else_body, get_state, set_state, ('break_',), 1)
                def get_state():
                    return (out,)
                def set_state(vars_):
                    nonlocal out
                    out, = vars_
                def if_body():
                    nonlocal out
                    out += x
                def else_body():
                    pass
                ag__.if_stmt(not break_, if_body, else_body, get_state, set_state, ('out',), 1)
            def else_body():
                pass
            ag__.if_stmt(not continue_, if_body, else_body, get_state, set_state, ('break_', 'out'), 2)
        ag__.for_stmt(xs, lambda: not break_, loop_body, get_state, set_state, ('break_', 'out'), {'iterate_names': 'x'})
        def get_state():
            return (out,)
        def set_state(vars_):
            nonlocal out
            out, = vars_
        def if_body():
            nonlocal out
            out = -out
        def else_body():
            pass
        ag__.if_stmt(not break_, if_body, else_body, get_state, set_state, ('out',), 1)
        return out


@ag__.autograph_artifact
def in_with_and_try(xs, cm):
    with ag__.FunctionScope('in_with_and_try', 'fscope', ag__.STD) as fscope:
        total = 0
        def get_state():
            return (total,)
        def set_state(vars_):
            nonlocal total
            total, = vars_
        def loop_body(itr):
            nonlocal total
            x = itr
            continue_ = False
            with cm:
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
                ag__.if_stmt(x is None, if_body, else_body, get_state, set_state, ('continue_',), 1)
                def get_state():
                    return (total,)
                def set_state(vars_):
                    nonlocal total
                    total, = vars_
                def if_body():
                    nonlocal total
                    total += x
                def else_body():
                    pass
                ag__.if_stmt(not continue_, if_body, else_body, get_state, set_state, ('total',), 1)
            def get_state():
                return (total, continue_)
            def set_state(vars_):
                nonlocal total, continue_
                total, continue_ = vars_
            def if_body():
                nonlocal total, continue_
                try:
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
                    ag__.if_stmt(x > 3, if_body, else_body, get_state, set_state, ('continue_',), 1)
                except TypeError:
                    continue_ = True
                else:
                    def get_state():
                        return (total,)
                    def set_state(vars_):
                        nonlocal total
                        total, = vars_
                    def if_body():
                        nonlocal total
                        total += 1
                    def else_body():
                        pass
                    ag__.if_stmt(not continue_, if_body, else_body, get_state, set_state, ('total',), 1)
                def get_state():
                    return (total,)
                def set_state(vars_):
                    nonlocal total
                    total, = vars_
                def if_body():
                    nonlocal total
                    total *= 2
                def else_body():
                    pass
                ag__.if_stmt(not continue_, if_body, else_body, get_state, set_state, ('total',), 1)
            def else_body():
                pass
            ag__.if_stmt(not continue_, if_body, else_body, get_state, set_state, ('total', 'continue_'), 1)
        ag__.for_stmt(xs, None, loop_body, get_state, set_state, ('total',), {'iterate_names': 'x'})
        return total
