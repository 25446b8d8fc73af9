import agc_runtime as ag__


@ag__.autograph_artifact
def outer(fscope, xs):
    with ag__.FunctionScope('outer', 'fscope_1', ag__.STD) as fscope_1:
        # The user's `fscope` makes the scope `fscope_1`.
        @ag__.autograph_artifact
        def inner(y):
            with ag__.FunctionScope('inner', 'fscope', ag__.STD) as fscope:
                return ag__.converted_call(abs, (y,), None, fscope)
        @ag__.converted_call(decorate, (ag__.converted_call(len, (xs,), None, fscope_1),), None, fscope_1)
        @ag__.autograph_artifact
        def decorated(z=ag__.converted_call(min, (xs,), None, fscope_1)):
            with ag__.FunctionScope('decorated', 'fscope', ag__.STD) as fscope:
                return ag__.converted_call(max, (z, 0), None, fscope)
        square = lambda v: ag__.with_function_scope(lambda lscope: ag__.converted_call(pow, (v, 2), None, lscope), 'lscope', ag__.STD)
        return ag__.converted_call(inner, (fscope,), None, fscope_1) + ag__.converted_call(square, (2,), None, fscope_1) + ag__.converted_call(decorated, (), None, fscope_1)


class K:
    size = len("abc")  # class level: stays direct

    @ag__.autograph_artifact
    def m(self):
        with ag__.FunctionScope('m', 'fscope', ag__.STD) as fscope:
            class Local:
                n = ag__.converted_call(len, ("ab",), None, fscope)
            return Local.n
