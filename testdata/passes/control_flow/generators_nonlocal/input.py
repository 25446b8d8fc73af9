# A generator expression runs when it is consumed: one that may outlive the
# loop's iteration reads the function's variable (state, as for a lambda);
# one consumed where it is made (a builtin that exhausts it, a string's
# join, a comprehension's iterable) leaves the variable local to the body.


def escapes(n):
    gens = []
    for i in range(n):
        gens.append(i * k for k in range(3))
    return gens


def kept(n):
    i = 0
    while i < n:
        g = (i + k for k in range(2))
        i += 1
    return g


def consumed(n):
    s = 0
    for i in range(n):
        y = i * 2
        s += sum(y * k for k in range(3))
        s += len(",".join(str(y) for _ in range(2)))
        s += len([k for k in (y + j for j in range(2))])
    return s


def shadowed_builtin(n, sum):
    s = 0
    for i in range(n):
        y = i * 2
        s += sum(y * k for k in range(3))
    return s
