import agc_runtime as ag__


@ag__.autograph_artifact
def first_negative(xs):
    with ag__.FunctionScope('first_negative', 'fscope', ag__.STD) as fscope:
        found = None
        break_ = False
        def get_state():
            return (break_, found)
        def set_state(vars_):
            nonlocal break_, found
            break_, found = vars_
        def loop_body(itr):
            nonlocal break_, found
            x = itr
            def get_state():
                return (break_, found)
            def set_state(vars_):
                nonlocal break_, found
                break_, found = vars_
            def if_body():
                nonlocal break_, found
                found = x
                break_ = True
            def else_body():
                pass
            ag__.if_stmt(x < 0, if_body, else_body, get_state, set_state, ('break_', 'found'), 2)
        ag__.for_stmt(xs, lambda: not break_, loop_body, get_state, set_state, ('break_', 'found'), {'iterate_names': 'x'})
        return found


@ag__.autograph_artifact
def count_up(n):
    with ag__.FunctionScope('count_up', 'fscope', ag__.STD) as fscope:
        i = 0
        break_ = False
        def get_state():
            return (i, break_)
        def set_state(vars_):
            nonlocal i, break_
            i, break_ = vars_
        def loop_test():
            return not break_ and i < n
        def loop_body():
            nonlocal i, break_
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
            ag__.if_stmt(i * i > n, if_body, else_body, get_state, set_state, ('break_',), 1)
            def get_state():
                return (i,)
            def set_state(vars_):
                nonlocal i
                i, = vars_
            def if_body():
                nonlocal i
                i += 1
            def else_body():
                pass
            ag__.if_stmt(not break_, if_body, else_body, get_state, set_state, ('i',), 1)
        ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('i', 'break_'), {})
        return i


@ag__.autograph_artifact
def until(n):
    with ag__.FunctionScope('until', 'fscope', ag__.STD) as fscope:
        i = 0
        break_ = False
        def get_state():
            return (i, break_)
        def set_state(vars_):
            nonlocal i, break_
            i, break_ = vars_
        def loop_test():
            return not break_
        def loop_body():
            nonlocal i, break_
            i += 1
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
            ag__.if_stmt(i >= n, if_body, else_body, get_state, set_state, ('break_',), 1)
        ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('i', 'break_'), {})
        return i


@ag__.autograph_artifact
def nested(grid):
    with ag__.FunctionScope('nested', 'fscope', ag__.STD) as fscope:
        hits = 0
        break_ = False
        def get_state():
            return (break_, hits)
        def set_state(vars_):
            nonlocal break_, hits
            break_, hits = vars_
        def loop_body(itr):
            nonlocal break_, hits
            row = itr
            break__1 = False
            def get_state():
                return (break__1, hits)
            def set_state(vars_):
                nonlocal break__1, hits
                break__1, hits = vars_
            def loop_body(itr):
                nonlocal break__1, hits
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
                ag__.if_stmt(v is None, if_body, else_body, get_state, set_state, ('break__1',), 1)
                def get_state():
                    return (hits,)
                def set_state(vars_):
                    nonlocal hits
                    hits, = vars_
                def if_body():
                    nonlocal hits
                    hits += v
                def else_body():
                    pass
                ag__.if_stmt(not break__1, if_body, else_body, get_state, set_state, ('hits',), 1)
            ag__.for_stmt(row, lambda: not break__1, loop_body, get_state, set_state, ('break__1', 'hits'), {'iterate_names': 'v'})
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
            ag__.if_stmt(hits > 10, if_body, else_body, get_state, set_state, ('break_',), 1)
            def get_state():
                return (hits,)
            def set_state(vars_):
                nonlocal hits
                hits, = vars_
            def if_body():
                nonlocal hits
                hits += 1
            def else_body():
                pass
            ag__.if_stmt(not break_, if_body, else_body, get_state, set_state, ('hits',), 1)
        ag__.for_stmt(grid, lambda: not break_, loop_body, get_state, set_state, ('break_', 'hits'), {'iterate_names': 'row'})
        return hits


@ag__.autograph_artifact
def guarded_blocks(xs):
    with ag__.FunctionScope('guarded_blocks', 'fscope', ag__.STD) as fscope:
        total = 0
        break_ = False
        def get_state():
            return (break_, total)
        def set_state(vars_):
            nonlocal break_, total
            break_, total = vars_
        def loop_body(itr):
            nonlocal break_, total
            x = itr
            total += 1
            def get_state():
                return (break_, total)
            def set_state(vars_):
                nonlocal break_, total
                break_, total = vars_
            def if_body():
                nonlocal break_, total
                try:
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
                    ag__.if_stmt(x > 5, if_body, else_body, get_state, set_state, ('break_',), 1)
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
                    ag__.if_stmt(not break_, if_body, else_body, get_state, set_state, ('total',), 1)
                except ValueError:
                    total = 0
                else:
                    def get_state():
                        return (total,)
                    def set_state(vars_):
                        nonlocal total
                        total, = vars_
                    def if_body():
                        nonlocal total
                        total += 2
                    def else_body():
                        pass
                    ag__.if_stmt(not break_, if_body, else_body, get_state, set_state, ('total',), 1)
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
                ag__.if_stmt(not break_, if_body, else_body, get_state, set_state, ('total',), 1)
            def else_body():
                pass
            ag__.if_stmt(x > 0, if_body, else_body, get_state, set_state, ('break_', 'total'), 2)
            def get_state():
                return (total,)
            def set_state(vars_):
                nonlocal total
                total, = vars_
            def if_body():
                nonlocal total
                total -= 1
            def else_body():
                pass
            ag__.if_stmt(not break_, if_body, else_body, get_state, set_state, ('total',), 1)
        ag__.for_stmt(xs, lambda: not break_, loop_body, get_state, set_state, ('break_', 'total'), {'iterate_names': 'x'})
        return total


@ag__.autograph_artifact
def uses_break_name(xs):
    with ag__.FunctionScope('uses_break_name', 'fscope', ag__.STD) as fscope:
        break_ = 1
        break__1 = False
        def get_state():
            return (break__1,)
        def set_state(vars_):
            nonlocal break__1
            break__1, = vars_
        def loop_body(itr):
            nonlocal break__1
            x = itr
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
            ag__.if_stmt(x, if_body, else_body, get_state, set_state, ('break__1',), 1)
        ag__.for_stmt(xs, lambda: not break__1, loop_body, get_state, set_state, ('break__1',), {'iterate_names': 'x'})
        return break_
