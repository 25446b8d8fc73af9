import agc_runtime as ag__


def break_in_finally(xs):
    for x in xs:
        try:
            x = 1 / x
        finally:
            break
    return x


def continue_in_finally(xs):
    total = 0
    for x in xs:
        try:
            total += 1 / x
        finally:
            if x:
                continue
        total += 1
    return total


@ag__.autograph_artifact
def loop_inside_finally_is_fine(xs):
    with ag__.FunctionScope('loop_inside_finally_is_fine', 'fscope', ag__.STD) as fscope:
        break_ = ag__.Undefined('break_')
        try:
            pass
        finally:
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
        return xs
