def walrus_message(xs, b):
    a = xs[1]
    # In a thunk, `a := ...` would bind a local of the lambda, and `a - b`
    # read that one: the assert stays as written.
    assert len(xs) > 5, (a := a - b)
    assert a, "plain"
    return a
