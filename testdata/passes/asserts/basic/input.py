def positive(x):
    assert x > 0, f"not positive: {x}"
    assert x
    return x


def in_loop(xs):
    for x in xs:
        if x:
            assert check(x), "failed"
    return xs
