def first_over(xs, limit):
    i = 0
    while i < len(xs):
        if xs[i] > limit:
            break
        i += 1
    else:
        i = -1
    return i


def evens(n):
    s = 0
    for t in range(n):
        if t % 2:
            continue
        if t > 10:
            break
        s += t
    return s


def find(xs, v):
    for k, x in enumerate(xs):
        if x == v:
            return k
    return -1


def table(n):
    rows = []
    for i in range(n):
        row = []
        j = 0
        while j < i:
            row.append(i * j)
            j += 1
        rows.append(row)
    return rows


def countdown(n):
    while n > 0:
        n -= 1
    return n
