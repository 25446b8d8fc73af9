# Which loop variables a loop uses only by value ('operand_only' in its
# opts): rebound, and read only as operands and tests.


def by_value(x, n):
    i = 0
    done = False
    while i < n and not done:
        x = x * 2 - 1
        if -x > 100 or (x if done else x + 1) < 0:
            done = True
        i = i + 1
    return x, i


def updated_in_place(n):
    total = 0
    count = 0
    while count < n:
        count += 1
        total = total + count
    return total


def passed_to_calls(xs, n):
    i = 0
    k = 0
    while i < n:
        k = k + len(xs) + abs(i)
        i = i + 1
    return k


def aliased(n):
    a = 0
    b = 0
    c = 0
    d = 0
    while a < n:
        a = a + 1
        b = a
        c = (a or d) + 1
        d = +c
    return b, c, d


def item_and_attribute(xs, n):
    j = 0
    r = 0.0
    while j < n:
        r = r + xs[j] + r.real
        j = j + 1
    return r


def seen_by_a_comprehension(n):
    s = 0
    for t in range(n):
        s = s + len([t for _ in range(2)])
    return s


def target_updated(n):
    s = 0
    for t in range(n):
        t += 1
        s = s + t
    return s


def pair_target(pairs):
    s = 0
    for a, b in pairs:
        s = s + a * b
    return s
