def both(a, b):
    return a and b


def chain(a, b, c):
    return a and b and c


def mixed(a, b, c):
    return a or b and not c


def negate(x):
    return not x, not (x and x)


def in_condition(xs):
    if xs and xs[0]:
        return True
    return False
