"""Shapes and their areas; each entry point fails on purpose for one input."""
from shapes import util


def areas(sizes):
    total = 0
    for size in sizes:
        if size > 0:
            total += util.square(size)
        else:
            total += util.check(size)  # frame: loop body
    return total


def scaled(sizes, factor):
    scale = lambda v: v * util.inverse(factor)  # frame: lambda
    return [scale(s) for s in sizes]


def nested(sizes):
    def pick(i):
        while i >= 0:
            if i <= len(sizes):
                return sizes[i]  # frame: nested def
            i -= 1
        return None

    return pick(len(sizes) + 2)
