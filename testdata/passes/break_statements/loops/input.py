def first_negative(xs):
    found = None
    for x in xs:
        if x < 0:
            found = x
            break
    return found


def count_up(n):
    i = 0
    while i < n:
        if i * i > n:
            break
        i += 1
    return i


def until(n):
    i = 0
    while True:
        i += 1
        if i >= n:
            break
    return i


def nested(grid):
    hits = 0
    for row in grid:
        for v in row:
            if v is None:
                break
            hits += v
        if hits > 10:
            break
        hits += 1
    return hits


def guarded_blocks(xs):
    total = 0
    for x in xs:
        total += 1
        if x > 0:
            try:
                if x > 5:
                    break
                total += x
            except ValueError:
                total = 0
            else:
                total += 2
            total *= 2
        total -= 1
    return total


def uses_break_name(xs):
    break_ = 1
    for x in xs:
        if x:
            break
    return break_
