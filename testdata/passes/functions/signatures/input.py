import functools


def plain(a, b=2, *args, c, d=4, **kwargs) -> int:
    """Docstring stays first."""
    return a + b + c + d + len(args) + len(kwargs)


def positional_only(a, b, /, c=3):
    return a * b * c


@functools.lru_cache(maxsize=None)
def decorated(n: int) -> int:
    # Decorators stay, the marker goes last.
    return n if n < 2 else decorated(n - 1) + decorated(n - 2)


def only_docstring():
    """Nothing else."""


def one_line(x): return x  # trailing comment
