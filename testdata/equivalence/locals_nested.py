"""locals() in nested functions and methods: the free variables of enclosing
functions that the function reads are its locals too (CPython 3.11), and so
is `__class__` in a method that uses super(); shaped like CPython's
test_patma tests of locals() (nested functions whose locals a branch
returns), without `match`."""


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


def patma_like(w):
    def f(w):
        if w == 42:
            out = locals()
            del out["w"]
            return out
    return f(w)


def patma_captures(w):
    def f(w):
        if isinstance(w, tuple) and len(w) == 2:
            p, q = w
            x = w
            out = locals()
            del out["w"]
            return out
    return f(w)


def patma_attributes(w):
    def f(w):
        if getattr(w, "y", None) == "hello":
            xx = int(w.x)
            out = locals()
            del out["w"]
            return out
    return f(w)


def patma_no_names():
    def f():
        if 42 == 42:
            return locals()
    return set(f())


def patma_names_after(x):
    def f(x):
        for a, b in [x]:
            if a > 0:
                w = 0
        out = locals()
        del out["x"]
        return sorted(out.items())
    return f(x)


def reads_free(a):
    b = a + 1
    unused = "not read by g"

    def g(c):
        if c > 0:
            d = a + c
            return locals()
        return vars()
    return g(1), g(0)


def passes_free_through(a):
    def middle():
        def inner():
            return a
        if a > 0:
            return sorted(locals())
        return sorted(locals())
    return middle()


def writes_nonlocal(n):
    count = 0

    def bump():
        nonlocal count
        for _ in range(n):
            count += 1
        return locals()
    return bump(), count


def free_not_yet_bound(x):
    def g():
        if x > 0:
            return sorted(locals())
        return sorted(locals())
    first = g()
    later = 1

    def h():
        return later
    return first, g()


def free_deleted(x):
    y = x

    def g():
        for _ in range(1):
            if x > 0:
                return sorted(locals())
        return y
    del y
    return g()


def nested_lambda(a):
    b = 2

    def g(c):
        f = lambda d: sorted(locals().items())
        return f(c), sorted(locals())
    return g(a)


def closure_in_loop(n):
    fs = []
    for i in range(n):
        def g(j=i):
            if j > 0:
                return sorted(locals().items())
            return sorted(locals())
        fs.append(g)
    return [f() for f in fs]


class Base:
    def who(self, x):
        return "base"


class Derived(Base):
    def who(self, x):
        if x > 0:
            name = super().who(x)
            return name, sorted(locals())
        return sorted(locals())

    def plain(self, x):
        for i in range(x):
            pass
        return sorted(locals())

    def explicit_class(self):
        if __class__ is Derived:
            return sorted(locals())
        return None


def method_locals(x):
    d = Derived()
    return d.who(x), d.plain(x), d.explicit_class()


CASES = {
    "patma_like": [(42,), (0,), (42.0,), ("42",)],
    "patma_captures": [((1, 2),), ([1, 2],), (12,)],
    "patma_attributes": [(Point(42, "hello"),), (Point(1, "x"),)],
    "patma_no_names": [()],
    "patma_names_after": [((1, 2),), ((0, 5),)],
    "reads_free": [(5,)],
    "passes_free_through": [(1,), (0,)],
    "writes_nonlocal": [(0,), (3,)],
    "free_not_yet_bound": [(1,), (0,)],
    "free_deleted": [(1,), (0,)],
    "nested_lambda": [(3,)],
    "closure_in_loop": [(0,), (3,)],
    "method_locals": [(1,), (0,)],
}

_RETURN_TYPES = ("'retval_' must have the same nested structure in the main "
                 "and else branches")
_ELSE_RETURN = "the else branch must also have a return statement."
STAGED_ERRORS = {
    ("patma_like", 0): _ELSE_RETURN,
    ("patma_like", 1): _ELSE_RETURN,
    ("patma_like", 2): _ELSE_RETURN,
    ("patma_like", 3): _ELSE_RETURN,
    ("patma_names_after", 0):
        "'w' must also be initialized in the else branch",
    ("patma_names_after", 1):
        "'w' must also be initialized in the else branch",
    ("writes_nonlocal", 0): "loop must iterate at least once to initialize _",
    ("free_deleted", 0): _ELSE_RETURN,
    ("free_deleted", 1): _ELSE_RETURN,
    ("closure_in_loop", 0): _RETURN_TYPES,
    ("closure_in_loop", 1): _RETURN_TYPES,
    ("method_locals", 0): _RETURN_TYPES,
    ("method_locals", 1): _RETURN_TYPES,
}
