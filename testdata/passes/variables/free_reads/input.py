def closures(c):
    if c:
        y = 1
    g = lambda: y
    def inner():
        return y + 1
    class K:
        z = y
    return g, inner, K


def comprehensions(c):
    if c:
        y = 1
    a = [y for _ in range(2)]
    b = list(y for _ in range(2))
    return a, b


def shadowed(c):
    if c:
        y = 1
    f = lambda y=3: y
    class K:
        y = 2
        z = y
    return f, K, [y for y in range(2)]


def bound_first(c):
    y = 0
    if c:
        y = 1
    return lambda: y


def nonlocal_writes(c):
    if c:
        y = 1
    def inner():
        nonlocal y
        y += 1
        del y
    return inner


def unconverted(n):
    def gen(k):
        for i in range(k):
            yield i * a
    for a in gen(n):
        pass
    return a
