import agc_runtime as ag__


@ag__.autograph_artifact
def only_last(x):
    with ag__.FunctionScope('only_last', 'fscope', ag__.STD) as fscope:
        y = x + 1
        return y


@ag__.autograph_artifact
def early(x):
    with ag__.FunctionScope('early', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()
        def get_state():
            return (do_return, retval_)
        def set_state(vars_):
            nonlocal do_return, retval_
            do_return, retval_ = vars_
        def if_body():
            nonlocal do_return, retval_
            retval_ = 1
            do_return = True
        def else_body():
            nonlocal do_return, retval_
            retval_ = 2
            do_return = True
        ag__.if_stmt(x, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)


@ag__.autograph_artifact
def elif_chain(x):
    """Code after an if whose branch returns moves into its else."""
    with ag__.FunctionScope('elif_chain', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()
        def get_state():
            return (do_return, retval_)
        def set_state(vars_):
            nonlocal do_return, retval_
            do_return, retval_ = vars_
        def if_body():
            nonlocal do_return, retval_
            retval_ = "big"
            do_return = True
        def else_body():
            nonlocal do_return, retval_
            def get_state():
                return (do_return, retval_)
            def set_state(vars_):
                nonlocal do_return, retval_
                do_return, retval_ = vars_
            def if_body():
                nonlocal do_return, retval_
                retval_ = "small"
                do_return = True
            def else_body():
                nonlocal do_return, retval_
                y = -x
                retval_ = y
                do_return = True
            ag__.if_stmt(x > 0, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
        ag__.if_stmt(x > 10, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)


@ag__.autograph_artifact
def bare_return(log, x):
    with ag__.FunctionScope('bare_return', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()
        def get_state():
            return (do_return, retval_)
        def set_state(vars_):
            nonlocal do_return, retval_
            do_return, retval_ = vars_
        def if_body():
            nonlocal do_return, retval_
            log.append(x)
            retval_ = None
            do_return = True
        def else_body():
            nonlocal do_return, retval_
            log.append(0)
        ag__.if_stmt(x, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)


@ag__.autograph_artifact
def falls_off(x):
    with ag__.FunctionScope('falls_off', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()
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
        ag__.if_stmt(x, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)


@ag__.autograph_artifact
def tuple_and_else(a, b):
    with ag__.FunctionScope('tuple_and_else', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()
        def get_state():
            return (do_return, retval_)
        def set_state(vars_):
            nonlocal do_return, retval_
            do_return, retval_ = vars_
        def if_body():
            nonlocal do_return, retval_
            z = b - a
            retval_ = (z, z)
            do_return = True
        def else_body():
            nonlocal do_return, retval_
            retval_ = (a, b)
            do_return = True
        ag__.if_stmt(a < b, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)


@ag__.autograph_artifact
def guarded_rest(x):
    with ag__.FunctionScope('guarded_rest', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()
        total = 0
        def get_state():
            return (do_return, retval_, total)
        def set_state(vars_):
            nonlocal do_return, retval_, total
            do_return, retval_, total = vars_
        def if_body():
            nonlocal do_return, retval_, total
            total += 1
            def get_state():
                return (do_return, retval_, total)
            def set_state(vars_):
                nonlocal do_return, retval_, total
                do_return, retval_, total = vars_
            def if_body():
                nonlocal do_return, retval_, total
                retval_ = total
                do_return = True
            def else_body():
                nonlocal do_return, retval_, total
                total += 2
            ag__.if_stmt(x > 5, if_body, else_body, get_state, set_state, ('do_return', 'retval_', 'total'), 3)
        def else_body():
            pass
        ag__.if_stmt(x > 1, if_body, else_body, get_state, set_state, ('do_return', 'retval_', 'total'), 3)
        def get_state():
            return (do_return, retval_, total)
        def set_state(vars_):
            nonlocal do_return, retval_, total
            do_return, retval_, total = vars_
        def if_body():
            nonlocal do_return, retval_, total
            total += 3
            retval_ = total
            do_return = True
        def else_body():
            pass
        ag__.if_stmt(not do_return, if_body, else_body, get_state, set_state, ('do_return', 'retval_', 'total'), 2)
        return fscope.ret(retval_, do_return)


@ag__.autograph_artifact
def raises_or_returns(x):
    with ag__.FunctionScope('raises_or_returns', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()
        def get_state():
            return (do_return, retval_)
        def set_state(vars_):
            nonlocal do_return, retval_
            do_return, retval_ = vars_
        def if_body():
            nonlocal do_return, retval_
            raise ValueError(x)
        def else_body():
            nonlocal do_return, retval_
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
                nonlocal do_return, retval_
                retval_ = 1 / x
                do_return = True
            ag__.if_stmt(x == 0, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
        ag__.if_stmt(x < 0, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)


@ag__.autograph_artifact
def helper_names_taken(do_return, retval_):
    with ag__.FunctionScope('helper_names_taken', 'fscope', ag__.STD) as fscope:
        do_return_1 = False
        retval__1 = ag__.UndefinedReturnValue()
        def get_state():
            return (do_return_1, retval__1)
        def set_state(vars_):
            nonlocal do_return_1, retval__1
            do_return_1, retval__1 = vars_
        def if_body():
            nonlocal do_return_1, retval__1
            retval__1 = retval_
            do_return_1 = True
        def else_body():
            nonlocal do_return_1, retval__1
            retval__1 = do_return
            do_return_1 = True
        ag__.if_stmt(do_return, if_body, else_body, get_state, set_state, ('do_return_1', 'retval__1'), 2)
        return fscope.ret(retval__1, do_return_1)
