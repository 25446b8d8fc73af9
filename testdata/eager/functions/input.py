"""Eager originals: each function keeps its code and gets a converted twin."""
import functools


def collatz(n):
    """Steps to reach 1."""
    steps = 0
    while n != 1:  # the loop stays as written
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


@functools.lru_cache(maxsize=None)
def fib(n: int) -> int:
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def signature(a, b=1, /, c=2, *args, d, e=3, **kwargs):
    # every kind of parameter reaches the twin (`or`: it has one)
    return a or b, c, args, d, e, kwargs


def make_scale(factor):
    def scale(x):
        if x > 0:
            return x * factor
        return x
    return scale


def generator(n):
    for i in range(n):
        yield i


X = [collatz(6), fib(10)]
