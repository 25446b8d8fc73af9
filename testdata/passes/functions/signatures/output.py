import agc_runtime as ag__
import functools


@ag__.autograph_artifact
def plain(a, b=2, *args, c, d=4, **kwargs) -> int:
    """Docstring stays first."""
    with ag__.FunctionScope('plain', 'fscope', ag__.STD) as fscope:
        return a + b + c + d + len(args) + len(kwargs)


@ag__.autograph_artifact
def positional_only(a, b, /, c=3):
    with ag__.FunctionScope('positional_only', 'fscope', ag__.STD) as fscope:
        return a * b * c


@functools.lru_cache(maxsize=None)
@ag__.autograph_artifact
def decorated(n: int) -> int:
    with ag__.FunctionScope('decorated', 'fscope', ag__.STD) as fscope:
        # Decorators stay, the marker goes last.
        return n if n < 2 else decorated(n - 1) + decorated(n - 2)


@ag__.autograph_artifact
def only_docstring():
    """Nothing else."""
    with ag__.FunctionScope('only_docstring', 'fscope', ag__.STD) as fscope:
        pass


@ag__.autograph_artifact
def one_line(x):
    with ag__.FunctionScope('one_line', 'fscope', ag__.STD) as fscope:
        return x
