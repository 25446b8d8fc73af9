import agc_runtime as ag__


@ag__.autograph_artifact
def f(x):
    with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
        return ag__.ld(x)
