import agc_runtime as ag__


@ag__.autograph_artifact
def pick(c, a, b):
    with ag__.FunctionScope('pick', 'fscope', ag__.STD) as fscope:
        return ag__.if_exp(c, lambda: a, lambda: b, 'c')


@ag__.autograph_artifact
def nested(x):
    with ag__.FunctionScope('nested', 'fscope', ag__.STD) as fscope:
        return ag__.if_exp(x < 0, lambda: "neg", lambda: ag__.if_exp(x == 0, lambda: "zero", lambda: "pos", 'x == 0'), 'x < 0')


@ag__.autograph_artifact
def in_call(x, ys):
    with ag__.FunctionScope('in_call', 'fscope', ag__.STD) as fscope:
        return sum(ag__.if_exp(y > x, lambda: y, lambda: -y, 'y > x') for y in ys)


@ag__.autograph_artifact
def multiline_test(x):
    with ag__.FunctionScope('multiline_test', 'fscope', ag__.STD) as fscope:
        return ag__.if_exp(x in ("a", "b"), lambda: 1, lambda: 2, 'x in ("a", "b")')
