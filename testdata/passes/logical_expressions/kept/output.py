import agc_runtime as ag__


@ag__.autograph_artifact
def walrus(x):
    with ag__.FunctionScope('walrus', 'fscope', ag__.STD) as fscope:
        return (y := x) and y + 1


@ag__.autograph_artifact
def in_comprehension(xs):
    with ag__.FunctionScope('in_comprehension', 'fscope', ag__.STD) as fscope:
        return [x for x in xs if x and (last := x)] and last


@ag__.autograph_artifact
def frame(x):
    with ag__.FunctionScope('frame', 'fscope', ag__.STD) as fscope:
        return x or vars()


@ag__.autograph_artifact
def class_body(a, b):
    with ag__.FunctionScope('class_body', 'fscope', ag__.STD) as fscope:
        class C:
            both = a and b
        return C.both
