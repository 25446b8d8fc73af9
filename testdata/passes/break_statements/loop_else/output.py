import agc_runtime as ag__


@ag__.autograph_artifact
def find(xs, target):
    with ag__.FunctionScope('find', 'fscope', ag__.STD) as fscope:
        i = ag__.Undefined('i')
        break_ = False
        def get_state():
            return (break_, i)
        def set_state(vars_):
            nonlocal break_, i
            break_, i = vars_
        def loop_body(itr):
            nonlocal break_, i
            i, x = itr
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
            ag__.if_stmt(x == target, if_body, else_body, get_state, set_state, ('break_',), 1)
        ag__.for_stmt(enumerate(xs), lambda: not break_, loop_body, get_state, set_state, ('break_', 'i'), {'iterate_names': '(i, x)'})
        def get_state():
            return (i,)
        def set_state(vars_):
            nonlocal i
            i, = vars_
        def if_body():
            nonlocal i
            i = -1
        def else_body():
            pass
        ag__.if_stmt(not break_, if_body, else_body, get_state, set_state, ('i',), 1)
        return i


@ag__.autograph_artifact
def no_break_else(xs):
    with ag__.FunctionScope('no_break_else', 'fscope', ag__.STD) as fscope:
        total = 0
        def get_state():
            return (total,)
        def set_state(vars_):
            nonlocal total
            total, = vars_
        def loop_body(itr):
            nonlocal total
            x = itr
            total += x
        ag__.for_stmt(xs, None, loop_body, get_state, set_state, ('total',), {'iterate_names': 'x'})
        total = -total
        return total


@ag__.autograph_artifact
def while_else(n):
    with ag__.FunctionScope('while_else', 'fscope', ag__.STD) as fscope:
        break_ = False
        def get_state():
            return (break_, n)
        def set_state(vars_):
            nonlocal break_, n
            break_, n = vars_
        def loop_test():
            return not break_ and n > 0
        def loop_body():
            nonlocal break_, n
            n -= 3
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
            ag__.if_stmt(n == 2, if_body, else_body, get_state, set_state, ('break_',), 1)
        ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('break_', 'n'), {})
        def get_state():
            return (n,)
        def set_state(vars_):
            nonlocal n
            n, = vars_
        def if_body():
            nonlocal n
            n = 100
        def else_body():
            pass
        ag__.if_stmt(not break_, if_body, else_body, get_state, set_state, ('n',), 1)
        return n


@ag__.autograph_artifact
def inner_else_breaks_outer(rows):
    with ag__.FunctionScope('inner_else_breaks_outer', 'fscope', ag__.STD) as fscope:
        break_ = False
        def get_state():
            return (break_,)
        def set_state(vars_):
            nonlocal break_
            break_, = vars_
        def loop_body(itr):
            nonlocal break_
            row = itr
            break__1 = False
            def get_state():
                return (break__1,)
            def set_state(vars_):
                nonlocal break__1
                break__1, = vars_
            def loop_body(itr):
                nonlocal break__1
                v = itr
                def get_state():
                    return (break__1,)
                def set_state(vars_):
                    nonlocal break__1
                    break__1, = vars_
                def if_body():
                    nonlocal break__1
                    break__1 = True
                def else_body():
                    pass
                ag__.if_stmt(v, if_body, else_body, get_state, set_state, ('break__1',), 1)
            ag__.for_stmt(row, lambda: not break__1, loop_body, get_state, set_state, ('break__1',), {'iterate_names': 'v'})
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
            ag__.if_stmt(not break__1, if_body, else_body, get_state, set_state, ('break_',), 1)
        ag__.for_stmt(rows, lambda: not break_, loop_body, get_state, set_state, ('break_',), {'iterate_names': 'row'})
        return rows
