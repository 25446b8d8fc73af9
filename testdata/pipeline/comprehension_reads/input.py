def in_thunk(xs, y):
    # A comprehension's reads of a variable that may be unbound, in a thunk
    # (or in a comprehension inside one) or in a helper, go through
    # ag__.ld_comp(ag__.ldu(...)): the original raises UnboundLocalError
    # from Python 3.12 (the comprehension is inlined, PEP 709) and NameError
    # before, where the thunk's free variable would raise NameError.
    a = len([c for _ in xs]) if y else len([c if y else 1 for _ in xs])
    c = a
    return c


def in_helper(x):
    b = 2
    if x > 0:
        del b
        return [b for _ in range(1)]
    return b


def at_own_level(xs):
    # Inlined into the function's own frame from 3.12, not a helper's: the
    # variable's own error, through ag__.ld_comp.
    a = [c for _ in xs]
    c = a
    return c
