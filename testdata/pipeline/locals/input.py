def find(xs, target):
    for i, x in enumerate(xs):
        if x == target:
            found = locals()
            return found
        if x is None:
            break
    return x or locals(), locals() if xs else vars()


def in_comprehensions(xs, n):
    # From Python 3.12 a list, set or dict comprehension runs in its
    # function's frame (PEP 709): its snapshots also name the function's
    # scope and variables; a generator expression's do not.
    total = 0
    for x in xs:
        total += x
    rows = [[sorted(locals()) for j in range(n)] for k in range(n)]
    keys = {k: sorted(vars()) for k in range(n)}
    lazy = list(sorted(locals()) for g in range(n))
    maker = lambda y: [sorted(locals()) for m in range(y)]
    return rows, keys, lazy, maker(n)

