def remove_and_add(xs):
    total = 0
    scratch = 0
    # agc: loop-vars(-scratch, +xs)
    for x in xs:
        scratch = x * 2
        total += scratch
    return total, scratch


def exact(n):
    a = b = 0
    i = 0
    # agc: loop-vars(i, a)
    while i < n:
        a += i
        b = i  # not carried: the loop's own local
        i += 1
    return a, b


def if_vars(c):
    y = 0
    z = 0
    # agc: if-vars(y, z)
    if c:
        y = 1
    return y


def unknown_name(xs):
    # agc: loop-vars(+nope)
    for x in xs:
        pass


def not_before_a_loop(x):
    # agc: loop-vars(x)
    x += 1

    # agc: if-vars(x)
    for i in range(x):
        pass
    return x


def malformed(xs):
    # agc: loop-vars(x y)
    for x in xs:
        pass
    # agc: ignore[AGC301]
    return xs
