def in_range(x, lo, hi):
    # Each link evaluates its middle operand again: a name or a constant
    # gives the same value, so the chain becomes the `and` of its links.
    return lo <= x < hi


def three_links(a, b):
    return 0 < a <= b != 10


def identity_links(x):
    return x is not None is not False


def kept_call(xs):
    # `len(xs)` would run twice: kept as written, with a note.
    return 0 < len(xs) < 10


def kept_attribute(p):
    # An attribute may be a property with effects: kept.
    return 0 < p.size < 10


def too_long(x):
    # More than 100 links would nest too deeply: kept, with a note.
    return x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x < x


def single(x):
    return x < 3


class Limits:
    lo = 0
    hi = 5
    # A class body: lambdas there cannot see its names.
    inside = lo < 3 < hi
