import os.path


def params_first(b, a, *rest, key=None, **named):
    total = a + b
    import os
    return locals()


def both_builtins(x):
    y = x + 1
    return vars(), locals()


def not_yet(x):
    seen = locals()
    later = 1
    del later
    return seen


def outer(a):
    unread = 1

    def inner(c):
        d = a + c
        return locals()

    def bump():
        nonlocal unread
        unread += 1
        return locals()
    return inner, bump


def in_lambda(x):
    f = lambda y, z=locals(): (locals(), z)
    return f(x)


def namespaces(x):
    class C:
        kept = locals()
    cells = [locals() for _ in range(x)]
    first_iterable = [k for k in locals()]
    return C, cells, first_iterable


class K:
    def method(self):
        return super().method(), locals()

    def no_class_cell(self):
        return locals()


def own(locals):
    from helpers import vars
    return locals(), vars()


def generator(x):
    yield locals()


def fstring(x):
    return f"{locals()}"
