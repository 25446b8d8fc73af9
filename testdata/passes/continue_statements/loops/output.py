import agc_runtime as ag__


@ag__.autograph_artifact
def positives(xs):
    with ag__.FunctionScope('positives', 'fscope', ag__.STD) as fscope:
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
            ag__.if_stmt(x <= 0, if_body, else_body, get_state, set_state, ('continue_',), 1)
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
        ag__.for_stmt(xs, None, loop_body, get_state, set_state, ('total',), {'iterate_names': 'x'})
        return total


@ag__.autograph_artifact
def skip_threes(n):
    with ag__.FunctionScope('skip_threes', 'fscope', ag__.STD) as fscope:
        i = 0
        total = 0
        def get_state():
            return (total, i)
        def set_state(vars_):
            nonlocal total, i
            total, i = vars_
        def loop_test():
            return i < n
        def loop_body():
            nonlocal total, i
            continue_ = False
            i += 1
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
            ag__.if_stmt(i % 3 == 0, if_body, else_body, get_state, set_state, ('continue_',), 1)
            def get_state():
                return (total,)
            def set_state(vars_):
                nonlocal total
                total, = vars_
            def if_body():
                nonlocal total
                total += i
            def else_body():
                pass
            ag__.if_stmt(not continue_, if_body, else_body, get_state, set_state, ('total',), 1)
        ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('total', 'i'), {})
        return total


@ag__.autograph_artifact
def nested(rows):
    with ag__.FunctionScope('nested', 'fscope', ag__.STD) as fscope:
        total = 0
        def get_state():
            return (total,)
        def set_state(vars_):
            nonlocal total
            total, = vars_
        def loop_body(itr):
            nonlocal total
            row = itr
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
            ag__.if_stmt(not row, if_body, else_body, get_state, set_state, ('continue_',), 1)
            def get_state():
                return (total,)
            def set_state(vars_):
                nonlocal total
                total, = vars_
            def if_body():
                nonlocal total
                def get_state():
                    return (total,)
                def set_state(vars_):
                    nonlocal total
                    total, = vars_
                def loop_body(itr):
                    nonlocal total
                    v = itr
                    continue__1 = False
                    def get_state():
                        return (continue__1, total)
                    def set_state(vars_):
                        nonlocal continue__1, total
                        continue__1, total = vars_
                    def if_body():
                        nonlocal continue__1, total
                        continue__1 = True
                    def else_body():
                        nonlocal continue__1, total
                        def get_state():
                            return (continue__1, total)
                        def set_state(vars_):
                            nonlocal continue__1, total
                            continue__1, total = vars_
                        def if_body():
                            nonlocal continue__1, total
                            total -= 1
                            continue__1 = True
                        def else_body():
                            pass
                        ag__.if_stmt(v == 0, if_body, else_body, get_state, set_state, ('continue__1', 'total'), 2)
                    ag__.if_stmt(v < 0, if_body, else_body, get_state, set_state, ('continue__1', 'total'), 2)
                    def get_state():
                        return (total,)
                    def set_state(vars_):
                        nonlocal total
                        total, = vars_
                    def if_body():
                        nonlocal total
                        total += v
                    def else_body():
                        pass
                    ag__.if_stmt(not continue__1, if_body, else_body, get_state, set_state, ('total',), 1)
                ag__.for_stmt(row, None, loop_body, get_state, set_state, ('total',), {'iterate_names': 'v'})
                total *= 2
            def else_body():
                pass
            ag__.if_stmt(not continue_, if_body, else_body, get_state, set_state, ('total',), 1)
        ag__.for_stmt(rows, None, loop_body, get_state, set_state, ('total',), {'iterate_names': 'row'})
        return total


def with_break(xs):
    out = 0
    for x in xs:
        if x == 0:
            continue
        if x < 0:
            break
        out += x
    return out
