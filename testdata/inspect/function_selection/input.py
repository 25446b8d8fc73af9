def outer(xs):
    total = 0
    for x in xs:
        total += x

    def inner(ys):
        n = 0
        for y in ys:
            if y:
                n += 1
        return n

    return total + inner(xs)


def other(z):
    if z:
        z = 0
    return z
