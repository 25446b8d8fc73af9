def always_defined(c, a):
    # Every read is of a name bound on every path: no ag__.ld.
    if c:
        y = a
    else:
        y = -a
    total = y
    for v in range(3):
        total += v
    return total, y, len


def lambdas_and_comprehensions(xs):
    return [lambda: x for x in xs], sorted(xs, key=lambda v: -v)
