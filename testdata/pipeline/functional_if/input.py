def sign(x):
    if x > 0:
        y = x * 2
    elif x < 0:
        y = -x
    else:
        y = 0
    return y


def clamp(x, hi):
    # One state name: `(x,)` in, `x, = ...` out.
    if x > hi:
        x = hi
    return x


def report(x):
    # No state: the bodies take nothing and return ().
    if x:
        print("yes")
    else:
        print("no")
    return x


def both(a, b):
    if a > b:
        a, b = b, a
    if a < 0:
        pass
    return a, b
