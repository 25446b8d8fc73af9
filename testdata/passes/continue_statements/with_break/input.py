def both(xs):
    out = 0
    for x in xs:
        if x == 0:
            continue
        if x < 0:
            break
        out += x
    else:
        out = -out
    return out


def in_with_and_try(xs, cm):
    total = 0
    for x in xs:
        with cm:
            if x is None:
                continue
            total += x
        try:
            if x > 3:
                continue
        except TypeError:
            continue
        else:
            total += 1
        total *= 2
    return total
