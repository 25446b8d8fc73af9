import agc_runtime as ag__


@ag__.autograph_artifact
def always_defined(c, a):
    with ag__.FunctionScope('always_defined', 'fscope', ag__.STD) as fscope:
        # Every read is of a name bound on every path: no ag__.ld.
        if c:
            y = a
        else:
            y = -a
        total = y
        for v in range(3):
            total += v
        return (total, y, len)


@ag__.autograph_artifact
def lambdas_and_comprehensions(xs):
    with ag__.FunctionScope('lambdas_and_comprehensions', 'fscope', ag__.STD) as fscope:
        return ([lambda: ag__.with_function_scope(lambda lscope: x, 'lscope', ag__.STD) for x in xs], sorted(xs, key=lambda v: ag__.with_function_scope(lambda lscope: -v, 'lscope', ag__.STD)))
