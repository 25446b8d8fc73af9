import agc_runtime as ag__


@ag__.autograph_artifact
def find(xs, target):
    with ag__.FunctionScope('find', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()
        def get_state():
            return (do_return, retval_)
        def set_state(vars_):
            nonlocal do_return, retval_
            do_return, retval_ = vars_
        def loop_body(itr):
            nonlocal do_return, retval_
            i, x = itr
            def get_state():
                return (do_return, retval_)
            def set_state(vars_):
                nonlocal do_return, retval_
                do_return, retval_ = vars_
            def if_body():
                nonlocal do_return, retval_
                retval_ = i
                do_return = True
            def else_body():
                pass
            ag__.if_stmt(x == target, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
        ag__.for_stmt(enumerate(xs), lambda: not do_return, loop_body, get_state, set_state, ('do_return', 'retval_'), {'iterate_names': '(i, x)'})
        def get_state():
            return (do_return, retval_)
        def set_state(vars_):
            nonlocal do_return, retval_
            do_return, retval_ = vars_
        def if_body():
            nonlocal do_return, retval_
            retval_ = -1
            do_return = True
        def else_body():
            pass
        ag__.if_stmt(not do_return, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)


@ag__.autograph_artifact
def while_return(n):
    with ag__.FunctionScope('while_return', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()
        i = 0
        def get_state():
            return (do_return, retval_, i)
        def set_state(vars_):
            nonlocal do_return, retval_, i
            do_return, retval_, i = vars_
        def loop_test():
            return not do_return and i < n
        def loop_body():
            nonlocal do_return, retval_, i
            def get_state():
                return (do_return, i, retval_)
            def set_state(vars_):
                nonlocal do_return, i, retval_
                do_return, i, retval_ = vars_
            def if_body():
                nonlocal do_return, i, retval_
                retval_ = i
                do_return = True
            def else_body():
                nonlocal do_return, i, retval_
                i += 1
            ag__.if_stmt(i * i > n, if_body, else_body, get_state, set_state, ('do_return', 'i', 'retval_'), 3)
        ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('do_return', 'retval_', 'i'), {})
        def get_state():
            return (do_return, retval_)
        def set_state(vars_):
            nonlocal do_return, retval_
            do_return, retval_ = vars_
        def if_body():
            nonlocal do_return, retval_
            retval_ = None
            do_return = True
        def else_body():
            pass
        ag__.if_stmt(not do_return, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)


@ag__.autograph_artifact
def while_true(n):
    with ag__.FunctionScope('while_true', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()
        i = 0
        def get_state():
            return (do_return, retval_, i)
        def set_state(vars_):
            nonlocal do_return, retval_, i
            do_return, retval_, i = vars_
        def loop_test():
            return not do_return
        def loop_body():
            nonlocal do_return, retval_, i
            i += 3
            def get_state():
                return (do_return, retval_)
            def set_state(vars_):
                nonlocal do_return, retval_
                do_return, retval_ = vars_
            def if_body():
                nonlocal do_return, retval_
                retval_ = i
                do_return = True
            def else_body():
                pass
            ag__.if_stmt(i > n, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
        ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('do_return', 'retval_', 'i'), {})
        return fscope.ret(retval_, do_return)


@ag__.autograph_artifact
def with_break(xs):
    with ag__.FunctionScope('with_break', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()
        break_ = False
        def get_state():
            return (break_, do_return, retval_)
        def set_state(vars_):
            nonlocal break_, do_return, retval_
            break_, do_return, retval_ = vars_
        def loop_body(itr):
            nonlocal break_, do_return, retval_
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
            ag__.if_stmt(x is None, if_body, else_body, get_state, set_state, ('break_',), 1)
            def get_state():
                return (do_return, retval_)
            def set_state(vars_):
                nonlocal do_return, retval_
                do_return, retval_ = vars_
            def if_body():
                nonlocal do_return, retval_
                def get_state():
                    return (do_return, retval_)
                def set_state(vars_):
                    nonlocal do_return, retval_
                    do_return, retval_ = vars_
                def if_body():
                    nonlocal do_return, retval_
                    retval_ = x
                    do_return = True
                def else_body():
                    pass
                ag__.if_stmt(x < 0, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
            def else_body():
                pass
            ag__.if_stmt(not break_, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
        ag__.for_stmt(xs, lambda: not do_return and not break_, loop_body, get_state, set_state, ('break_', 'do_return', 'retval_'), {'iterate_names': 'x'})
        def get_state():
            return (do_return, retval_)
        def set_state(vars_):
            nonlocal do_return, retval_
            do_return, retval_ = vars_
        def if_body():
            nonlocal do_return, retval_
            retval_ = 0
            do_return = True
        def else_body():
            pass
        ag__.if_stmt(not do_return, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)


@ag__.autograph_artifact
def nested(grid, v):
    with ag__.FunctionScope('nested', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()
        def get_state():
            return (do_return, retval_, v)
        def set_state(vars_):
            nonlocal do_return, retval_, v
            do_return, retval_, v = vars_
        def loop_body(itr):
            nonlocal do_return, retval_, v
            row = itr
            def get_state():
                return (do_return, retval_)
            def set_state(vars_):
                nonlocal do_return, retval_
                do_return, retval_ = vars_
            def loop_body(itr):
                nonlocal do_return, retval_
                cell = itr
                def get_state():
                    return (do_return, retval_)
                def set_state(vars_):
                    nonlocal do_return, retval_
                    do_return, retval_ = vars_
                def if_body():
                    nonlocal do_return, retval_
                    retval_ = row
                    do_return = True
                def else_body():
                    pass
                ag__.if_stmt(cell == v, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
            ag__.for_stmt(row, lambda: not do_return, loop_body, get_state, set_state, ('do_return', 'retval_'), {'iterate_names': 'cell'})
            def get_state():
                return (v,)
            def set_state(vars_):
                nonlocal v
                v, = vars_
            def if_body():
                nonlocal v
                v += 1
            def else_body():
                pass
            ag__.if_stmt(not do_return, if_body, else_body, get_state, set_state, ('v',), 1)
        ag__.for_stmt(grid, lambda: not do_return, loop_body, get_state, set_state, ('do_return', 'retval_', 'v'), {'iterate_names': 'row'})
        def get_state():
            return (do_return, retval_)
        def set_state(vars_):
            nonlocal do_return, retval_
            do_return, retval_ = vars_
        def if_body():
            nonlocal do_return, retval_
            retval_ = None
            do_return = True
        def else_body():
            pass
        ag__.if_stmt(not do_return, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)


@ag__.autograph_artifact
def loop_else(xs):
    with ag__.FunctionScope('loop_else', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()
        def get_state():
            return (do_return, retval_, xs)
        def set_state(vars_):
            nonlocal do_return, retval_, xs
            do_return, retval_, xs = vars_
        def loop_body(itr):
            nonlocal do_return, retval_, xs
            x = itr
            def get_state():
                return (do_return, retval_)
            def set_state(vars_):
                nonlocal do_return, retval_
                do_return, retval_ = vars_
            def if_body():
                nonlocal do_return, retval_
                retval_ = x
                do_return = True
            def else_body():
                pass
            ag__.if_stmt(x > 3, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
        ag__.for_stmt(xs, lambda: not do_return, loop_body, get_state, set_state, ('do_return', 'retval_', 'xs'), {'iterate_names': 'x'})
        def get_state():
            return (xs,)
        def set_state(vars_):
            nonlocal xs
            xs, = vars_
        def if_body():
            nonlocal xs
            xs = None
        def else_body():
            pass
        ag__.if_stmt(not do_return, if_body, else_body, get_state, set_state, ('xs',), 1)
        def get_state():
            return (do_return, retval_)
        def set_state(vars_):
            nonlocal do_return, retval_
            do_return, retval_ = vars_
        def if_body():
            nonlocal do_return, retval_
            retval_ = xs
            do_return = True
        def else_body():
            pass
        ag__.if_stmt(not do_return, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)


@ag__.autograph_artifact
def with_continue(xs):
    with ag__.FunctionScope('with_continue', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()
        total = 0
        def get_state():
            return (do_return, retval_, total)
        def set_state(vars_):
            nonlocal do_return, retval_, total
            do_return, retval_, total = vars_
        def loop_body(itr):
            nonlocal do_return, retval_, total
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
            ag__.if_stmt(x < 0, if_body, else_body, get_state, set_state, ('continue_',), 1)
            def get_state():
                return (do_return, retval_, total)
            def set_state(vars_):
                nonlocal do_return, retval_, total
                do_return, retval_, total = vars_
            def if_body():
                nonlocal do_return, retval_, total
                def get_state():
                    return (do_return, retval_, total)
                def set_state(vars_):
                    nonlocal do_return, retval_, total
                    do_return, retval_, total = vars_
                def if_body():
                    nonlocal do_return, retval_, total
                    retval_ = -1
                    do_return = True
                def else_body():
                    nonlocal do_return, retval_, total
                    total += x
                ag__.if_stmt(x > 100, if_body, else_body, get_state, set_state, ('do_return', 'retval_', 'total'), 3)
            def else_body():
                pass
            ag__.if_stmt(not continue_, if_body, else_body, get_state, set_state, ('do_return', 'retval_', 'total'), 3)
        ag__.for_stmt(xs, lambda: not do_return, loop_body, get_state, set_state, ('do_return', 'retval_', 'total'), {'iterate_names': 'x'})
        def get_state():
            return (do_return, retval_)
        def set_state(vars_):
            nonlocal do_return, retval_
            do_return, retval_ = vars_
        def if_body():
            nonlocal do_return, retval_
            retval_ = total
            do_return = True
        def else_body():
            pass
        ag__.if_stmt(not do_return, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)
