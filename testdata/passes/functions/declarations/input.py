"""Declarations stay as written: their body is only `pass`, `...` and a
docstring, nothing runs, and some readers check that body exactly
(TorchScript's @torch.jit._overload_method, on import)."""
import abc
import typing


class Base(abc.ABC):
    @abc.abstractmethod
    def forward(self, x):
        """Runs the model."""

    @typing.overload
    def f(self, x: int) -> int: ...

    @typing.overload
    def f(self, x: str) -> str:
        pass

    def f(self, x):
        return x


class Reader(typing.Protocol):
    def read(self, n: int) -> bytes:
        """Reads n bytes."""
        ...


def stub():
    pass
    ...


def not_a_declaration():
    """Returns None."""
    return None


def docstring_later():
    pass
    "not a docstring"
