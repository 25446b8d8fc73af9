def branch(x):
    if x > 0:
        a = x
        out = locals()
    else:
        b = -x
        out = vars()
    return out


def after(n):
    total = 0
    for i in range(n):
        tmp = i * 2
        total += tmp
    return locals()


def snapshot_first(x):
    # Nothing runs after the only snapshot: the if carries only what is live.
    args = locals()
    if x > 0:
        tmp = x
        y = tmp + 1
    else:
        y = 0
    return args, y


def in_loop(xs):
    seen = []
    for x in xs:
        if x < 0:
            neg = x
        seen.append(sorted(locals()))
    return seen
