import agc_runtime as ag__


@ag__.autograph_artifact
def outer(x):
    with ag__.FunctionScope('outer', 'fscope', ag__.STD) as fscope:
        scale = 2
        @ag__.autograph_artifact
        def inner(y):
            with ag__.FunctionScope('inner', 'fscope', ag__.STD) as fscope:
                return (x + y) * scale
        class Local:
            @ag__.autograph_artifact
            def method(self):
                with ag__.FunctionScope('method', 'fscope', ag__.STD) as fscope:
                    return inner(1)
        add = lambda a, b=scale: ag__.with_function_scope(lambda lscope: a + b, 'lscope', ag__.STD)
        squares = [(lambda v: ag__.with_function_scope(lambda lscope: v * v, 'lscope', ag__.STD))(i) for i in range(3)]
        return inner(x) + Local().method() + add(1) + sum(squares)


class Outer:
    attr = [lambda: 1]  # class level: runs at import, stays as written

    @ag__.autograph_artifact
    def method(self, n):
        with ag__.FunctionScope('method', 'fscope', ag__.STD) as fscope:
            return sorted(range(n), key=lambda k: ag__.with_function_scope(lambda lscope: -k, 'lscope', ag__.STD))

    @staticmethod
    @ag__.autograph_artifact
    def static(n):
        with ag__.FunctionScope('static', 'fscope', ag__.STD) as fscope:
            return n

    @property
    @ag__.autograph_artifact
    def prop(self):
        with ag__.FunctionScope('prop', 'fscope', ag__.STD) as fscope:
            return 42
