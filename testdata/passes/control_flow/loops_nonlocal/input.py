def total(values):
    s = 0
    for v in values:
        s += v
    return s


def pairs(d):
    keys = []
    for k, (a, *rest) in d:
        keys.append(k)
    return keys, k


def countdown(n):
    steps = 0
    while n > 0:
        n -= 1
        steps += 1
    else:
        steps = -steps
    return steps


def walrus_test(it):
    while (x := next(it, None)) is not None:
        pass
    return x
