def first_negative(xs):
    for x in xs:
        if x < 0:
            found = x
            break
    return found


def late(cond, y):
    while cond(y):
        z = y
        y = y - 1
    return z


def ok(cond):
    if cond:
        v = 1
    else:
        v = 2
    return v
