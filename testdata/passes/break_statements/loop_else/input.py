def find(xs, target):
    for i, x in enumerate(xs):
        if x == target:
            break
    else:
        i = -1
    return i


def no_break_else(xs):
    total = 0
    for x in xs:
        total += x
    else:
        total = -total
    return total


def while_else(n):
    while n > 0:
        n -= 3
        if n == 2:
            break
    else:
        n = 100
    return n


def inner_else_breaks_outer(rows):
    for row in rows:
        for v in row:
            if v:
                break
        else:
            break
    return rows
