import agc_runtime as ag__


@ag__.autograph_artifact
def shapes(f, a, b, d):
    with ag__.FunctionScope('shapes', 'fscope', ag__.STD) as fscope:
        ag__.converted_call(f, (), None, fscope)
        ag__.converted_call(f, (a,), None, fscope)
        ag__.converted_call(f, (a, b), None, fscope)
        ag__.converted_call(f, (*b,), None, fscope)
        ag__.converted_call(f, (a, *b, a), None, fscope)
        ag__.converted_call(f, (), {'k': a}, fscope)
        ag__.converted_call(f, (a,), {'k': a, 'j': b}, fscope)
        ag__.converted_call(f, (), d, fscope)
        f(a, k=1, **d)
        f(**d, **d)
        return ag__.converted_call(ag__.converted_call(f, (a,), None, fscope), (b,), None, fscope)


@ag__.autograph_artifact
def methods_and_nesting(obj, xs):
    with ag__.FunctionScope('methods_and_nesting', 'fscope', ag__.STD) as fscope:
        ag__.converted_call(obj.method, (ag__.converted_call(len, (xs,), None, fscope),), {'key': ag__.converted_call(sorted, (xs,), None, fscope)}, fscope)
        ag__.converted_call(print, ("x",), {'sep': ""}, fscope)
        return [ag__.converted_call(str, (x,), None, fscope) for x in ag__.converted_call(range, (3,), None, fscope)]
