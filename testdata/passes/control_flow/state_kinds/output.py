import agc_runtime as ag__
counter = 0


class Model:
    @ag__.autograph_artifact
    def fit(self, xs):
        with ag__.FunctionScope('fit', 'fscope', ag__.STD) as fscope:
            def get_state():
                return (ag__.ldu(lambda: self.cache["last"], 'self.cache["last"]'), ag__.ldu(lambda: self.weight, 'self.weight'))
            def set_state(vars_):
                self.cache["last"], self.weight = vars_
            def loop_body(itr):
                x = itr
                self.weight = self.weight + x
                self.cache["last"] = x
            ag__.for_stmt(xs, None, loop_body, get_state, set_state, ('self.cache["last"]', 'self.weight'), {'iterate_names': 'x'})
            return self.weight


@ag__.autograph_artifact
def bump(n):
    with ag__.FunctionScope('bump', 'fscope', ag__.STD) as fscope:
        global counter
        def get_state():
            return (counter, n)
        def set_state(vars_):
            global counter
            nonlocal n
            counter, n = vars_
        def loop_test():
            return n
        def loop_body():
            global counter
            nonlocal n
            counter += 1
            n -= 1
        ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('counter', 'n'), {})


@ag__.autograph_artifact
def outer(n):
    with ag__.FunctionScope('outer', 'fscope', ag__.STD) as fscope:
        hits = 0
        @ag__.autograph_artifact
        def inner():
            with ag__.FunctionScope('inner', 'fscope', ag__.STD) as fscope:
                nonlocal hits
                def get_state():
                    return (hits,)
                def set_state(vars_):
                    nonlocal hits
                    hits, = vars_
                def loop_body(itr):
                    nonlocal hits
                    _ = itr
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
                    ag__.if_stmt(hits < 10, if_body, else_body, get_state, set_state, ('hits',), 1)
                ag__.for_stmt(range(n), None, loop_body, get_state, set_state, ('hits',), {'iterate_names': '_'})
        inner()
        return hits


@ag__.autograph_artifact
def deletes(flag):
    with ag__.FunctionScope('deletes', 'fscope', ag__.STD) as fscope:
        x = 1
        def get_state():
            return (ag__.ldu(lambda: x, 'x'),)
        def set_state(vars_):
            nonlocal x
            x, = vars_
        def if_body():
            nonlocal x
            del x
        def else_body():
            pass
        ag__.if_stmt(flag, if_body, else_body, get_state, set_state, ('x',), 1)
        return x
