def positives(xs):
    total = 0
    for x in xs:
        if x <= 0:
            continue
        total += x
    return total


def skip_threes(n):
    i = 0
    total = 0
    while i < n:
        i += 1
        if i % 3 == 0:
            continue
        total += i
    return total


def nested(rows):
    total = 0
    for row in rows:
        if not row:
            continue
        for v in row:
            if v < 0:
                continue
            elif v == 0:
                total -= 1
                continue
            total += v
        total *= 2
    return total


def with_break(xs):
    out = 0
    for x in xs:
        if x == 0:
            continue
        if x < 0:
            break
        out += x
    return out
