def find(xs, target):
    for i, x in enumerate(xs):
        if x == target:
            return i
    return -1


def while_return(n):
    i = 0
    while i < n:
        if i * i > n:
            return i
        i += 1
    return None


def while_true(n):
    i = 0
    while True:
        i += 3
        if i > n:
            return i


def with_break(xs):
    for x in xs:
        if x is None:
            break
        if x < 0:
            return x
    return 0


def nested(grid, v):
    for row in grid:
        for cell in row:
            if cell == v:
                return row
        v += 1
    return None


def loop_else(xs):
    for x in xs:
        if x > 3:
            return x
    else:
        xs = None
    return xs


def with_continue(xs):
    total = 0
    for x in xs:
        if x < 0:
            continue
        if x > 100:
            return -1
        total += x
    return total
