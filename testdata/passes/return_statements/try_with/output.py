import agc_runtime as ag__


@ag__.autograph_artifact
def try_else(f, x):
    with ag__.FunctionScope('try_else', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()
        try:
            def get_state():
                return (do_return, retval_)
            def set_state(vars_):
                nonlocal do_return, retval_
                do_return, retval_ = vars_
            def if_body():
                nonlocal do_return, retval_
                retval_ = f(x)
                do_return = True
            def else_body():
                pass
            ag__.if_stmt(x, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
        except ValueError:
            retval_ = None
            do_return = True
        else:
            def get_state():
                return (x,)
            def set_state(vars_):
                nonlocal x
                x, = vars_
            def if_body():
                nonlocal x
                x = 0
            def else_body():
                pass
            ag__.if_stmt(not do_return, if_body, else_body, get_state, set_state, ('x',), 1)
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
        ag__.if_stmt(not do_return, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)


@ag__.autograph_artifact
def in_with(lock, xs):
    with ag__.FunctionScope('in_with', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()
        with lock:
            def get_state():
                return (do_return, retval_)
            def set_state(vars_):
                nonlocal do_return, retval_
                do_return, retval_ = vars_
            def loop_body(itr):
                nonlocal do_return, retval_
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
                ag__.if_stmt(x, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
            ag__.for_stmt(xs, lambda: not do_return, loop_body, get_state, set_state, ('do_return', 'retval_'), {'iterate_names': 'x'})
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
def top_level_try(f):
    with ag__.FunctionScope('top_level_try', 'fscope', ag__.STD) as fscope:
        try:
            return f()
        finally:
            print("done")


def in_finally(xs):
    try:
        for x in xs:
            if x:
                return x
    finally:
        if not xs:
            return 0


@ag__.autograph_artifact
def nested_def(xs):
    with ag__.FunctionScope('nested_def', 'fscope', ag__.STD) as fscope:
        @ag__.autograph_artifact
        def pick(v):
            with ag__.FunctionScope('pick', 'fscope', ag__.STD) as fscope:
                do_return = False
                retval_ = ag__.UndefinedReturnValue()
                def get_state():
                    return (do_return, retval_)
                def set_state(vars_):
                    nonlocal do_return, retval_
                    do_return, retval_ = vars_
                def if_body():
                    nonlocal do_return, retval_
                    retval_ = v
                    do_return = True
                def else_body():
                    nonlocal do_return, retval_
                    retval_ = None
                    do_return = True
                ag__.if_stmt(v, if_body, else_body, get_state, set_state, ('do_return', 'retval_'), 2)
                return fscope.ret(retval_, do_return)
        out = [pick(x) for x in xs]
        return out
