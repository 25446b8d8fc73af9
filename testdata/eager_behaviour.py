"""Functions whose introspection eager originals must keep (eager_test.py)."""
import doctest
import inspect
import sys


def loop_locals(n):
    seen = []
    for i in range(n):
        total = i * 2
        seen.append(sorted(locals()))
    return seen


def make_step(scale):
    # A nested function made by an eager call: its twin is the one agc
    # writes beside it in the eager original.
    def step(x):
        if x > 0:
            y = x * scale
            return sorted(locals().items())
        return sorted(vars().items())
    return step


def collatz(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def _callee():
    # Frames walked by hand (as inspect, logging and doctest do).
    return inspect.currentframe().f_back.f_code.co_name


def caller_of_callee():
    if True:
        return _callee()


def doctest_module():
    """The module DocTestSuite() finds (its caller's), through its tests.

    >>> 1 + 1
    2
    """
    try:
        suite = doctest.DocTestSuite()
    except ValueError:  # a module without docstring tests
        return None
    return sorted({test.id().rpartition(".")[0] for test in suite})


def depth(n):
    if n <= 0:
        return 0
    return 1 + depth(n - 1)


def depth_reached():
    reached = 0

    def go(k):
        nonlocal reached
        reached = k
        if k >= 0:
            go(k + 1)

    try:
        go(0)
    except RecursionError:
        pass
    return reached


def fails(x):
    if x == 0:
        return 1 / x
    return x


class Counter:
    def __init__(self):
        self.n = 0

    def bump(self, k):
        while k > 0:
            self.n += 1
            k -= 1
        return self.n


def nested_locals(x):
    # A nested function's locals() and free variables are the original's:
    # its guard names nothing of its own (not the function, not __class__).
    def inner(y):
        total = x + y
        return sorted(locals())
    return inner(1), inner.__code__.co_freevars, (
        nested_locals.__code__.co_cellvars)


class WithLocals:
    def method(self, k):
        out = k * 2
        return sorted(locals()), type(self).method.__code__.co_freevars


def make_adders(n):
    # One `def` made n times: each function's twin is the one of its own
    # closure.
    adders = []
    for i in range(n):
        def add(v):
            if v > 0:
                return v + i
            return v - i
        adders.append(add)
    return adders


def rebinds_itself(x):
    # A function that declares its own name global keeps its eager original.
    global rebinds_itself
    rebinds_itself = abs
    return rebinds_itself(x)


def make_offset(k):
    """A factory written once: neither it nor what it makes needs a twin."""
    def offset(x):
        return x + k
    return offset


def make_sign(scale):
    """A factory of a function that needs a twin needs one too."""
    def sign(x):
        """The function it makes has its guard and its twin."""
        if x > 0:
            return scale
        return -scale
    return sign


class Base:
    def __init__(self, v):
        self.v = v


class Derived(Base):
    def __init__(self, v):
        # super() alone needs no twin: a twin would call it in the
        # original's context.
        super().__init__(v)
        self.w = v * 2
