"""Functions whose entry guard could not name them: converted in place."""


def pager(text):
    """Picks a pager the first time, then is that pager."""
    global pager
    pager = print
    pager(text)


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
