def del_then_read(x):
    b = 1
    if x > 0:
        del b
        b = b + 1
    return b


def in_thunk(c):
    b = b and c
    return b


def del_maybe_unbound(x):
    if x:
        a = 1
    del a
    if x > 1:
        del x
    return 0


def aug_maybe_unbound(x):
    if x > 1:
        c = 1
    if x:
        c += 1
    return c


def comprehension(x):
    b = [1]
    if x:
        del b
        return [b for _ in b]
    return b


def bound_only_in_loop(n):
    b = d
    for i in range(n):
        d = b
    return 0
