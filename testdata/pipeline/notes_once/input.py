# A note about code inside nested functions is reported once, though eager
# originals write each nested function's converted code more than once (its
# twin beside it, and the enclosing function's twin's copy of it).
def outer(f, kw):
    def inner(x):
        return f(x, a=1, **kw)
    return inner


def outer2(f, kw):
    def middle(y):
        def inner(x):
            return f(x, y, a=1, **kw)
        return inner
    return middle
