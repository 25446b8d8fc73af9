import agc_runtime as ag__


@ag__.autograph_artifact
def maybe(c):
    with ag__.FunctionScope('maybe', 'fscope', ag__.STD) as fscope:
        if c:
            y = 1
        return ag__.ld(y)


@ag__.autograph_artifact
def loop_target(n):
    with ag__.FunctionScope('loop_target', 'fscope', ag__.STD) as fscope:
        for i in range(n):
            pass
        return ag__.ld(i)


@ag__.autograph_artifact
def deleted(x):
    with ag__.FunctionScope('deleted', 'fscope', ag__.STD) as fscope:
        del x
        return ag__.ld(x)


@ag__.autograph_artifact
def read_before_write():
    with ag__.FunctionScope('read_before_write', 'fscope', ag__.STD) as fscope:
        print(ag__.ld(z))
        z = 1
        return z
