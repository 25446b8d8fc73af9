"""Declarations in a function's body: its entry guard names nothing of the
function's own, so `global f` in f or `nonlocal __class__` keeps an eager
original (a guard naming them would be a SyntaxError)."""


def pager(text):
    """Picks a pager the first time, then is that pager."""
    global pager
    pager = print
    pager(text or "")


class Base:
    def method(self, n):
        nonlocal __class__
        while n > 0:
            n -= 1
        return __class__


def other(x):
    if x:
        global other
    return x


def decorated(x):
    @lambda f: f
    def g(y):
        while y > 0:
            y -= 1
        return y
    return g(x)

