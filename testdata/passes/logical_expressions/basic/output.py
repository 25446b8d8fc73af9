import agc_runtime as ag__


@ag__.autograph_artifact
def both(a, b):
    with ag__.FunctionScope('both', 'fscope', ag__.STD) as fscope:
        return ag__.and_(lambda: a, lambda: b)


@ag__.autograph_artifact
def chain(a, b, c):
    with ag__.FunctionScope('chain', 'fscope', ag__.STD) as fscope:
        return ag__.and_(lambda: a, lambda: ag__.and_(lambda: b, lambda: c))


@ag__.autograph_artifact
def mixed(a, b, c):
    with ag__.FunctionScope('mixed', 'fscope', ag__.STD) as fscope:
        return ag__.or_(lambda: a, lambda: ag__.and_(lambda: b, lambda: ag__.not_(c)))


@ag__.autograph_artifact
def negate(x):
    with ag__.FunctionScope('negate', 'fscope', ag__.STD) as fscope:
        return (ag__.not_(x), ag__.not_(ag__.and_(lambda: x, lambda: x)))


@ag__.autograph_artifact
def in_condition(xs):
    with ag__.FunctionScope('in_condition', 'fscope', ag__.STD) as fscope:
        if ag__.and_(lambda: xs, lambda: xs[0]):
            return True
        return False
