"""Declarations stay as written: overloads (typing's and TorchScript's, which
checks on import that the body is only `pass` or `...`), abstract methods and
stubs. The module imports converted, and what runs around them stages."""
import abc
import typing

import torch
from torch import nn


class _Scaler(nn.Module):
    @torch.jit._overload_method  # noqa: F811
    def scale(self, x: torch.Tensor, k: int) -> torch.Tensor:
        pass

    @torch.jit._overload_method  # noqa: F811
    def scale(self, x: torch.Tensor, k: float) -> torch.Tensor:
        ...

    def scale(self, x, k):  # noqa: F811
        if x.sum() > 0:
            return x * k
        return x - k


class Overloaded(_Scaler):
    def forward(self, x):
        return self.scale(x, 2)


class _Head(abc.ABC):
    @abc.abstractmethod
    def head(self, x):
        """Maps the features to the output."""


class Concrete(nn.Module, _Head):
    def head(self, x):
        if x.mean() > 0:
            x = x + 1
        return x

    def forward(self, x):
        return self.head(x) * 2


@typing.overload
def pick(x: torch.Tensor, y: None) -> torch.Tensor: ...


@typing.overload
def pick(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor: ...


def pick(x, y):
    if y is None:
        return x
    if x.sum() > y.sum():
        return x
    return y


def stub(x):
    """Does nothing yet."""
    pass


def uses_stub(x):
    stub(x)
    return pick(x, -x)


CASES = {
    "Overloaded": [(torch.ones(3),), (-torch.ones(3),)],
    "Concrete": [(torch.ones(2),), (-torch.ones(2),)],
    "pick": [(torch.ones(2), torch.zeros(2)), (-torch.ones(2), torch.zeros(2))],
    "stub": [(torch.ones(2),)],
    "uses_stub": [(torch.ones(2),), (-torch.ones(2),)],
}

STAGED = {"Overloaded": {"cond"}, "Concrete": {"cond"}, "pick": {"cond"},
          "uses_stub": {"cond"}}
