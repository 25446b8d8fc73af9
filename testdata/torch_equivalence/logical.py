"""`and`, `or`, `not` and conditional expressions on tensors: logical_and
/ logical_or / logical_not, and torch.cond for `a if c else b`."""
import torch


def both_positive(x, y):
    if x.sum() > 0 and y.sum() > 0:
        z = x + y
    else:
        z = x - y
    return z


def either_positive(x, y):
    if x.sum() > 0 or y.sum() > 0:
        z = x + y
    else:
        z = x * 0
    return z


def not_positive(x):
    if not x.sum() > 0:
        x = -x
    return x


def in_range(x):
    if x.min() > -1 and x.max() < 1:
        x = x * 10
    return x


def chained_and(x):
    if x[0] > 0 and x[1] > 0 and x[2] > 0:
        return x.sum()
    return x.prod()


def mixed_and_or(x):
    if (x[0] > 0 and x[1] > 0) or x[2] > 5:
        y = x + 1
    else:
        y = x - 1
    return y


def ifexp(x):
    return x * 2 if x.sum() > 0 else x - 1


def ifexp_scalar(x):
    k = x.sum() if x.sum() > 0 else -x.sum()
    return k


def ifexp_nested(x):
    return x if x.sum() > 5 else (x * 2 if x.sum() > 0 else -x)


def and_value(x, y):
    return (x.sum() > 0) and (y.sum() > 0)


def or_value(x, y):
    return (x.sum() > 0) or (y.sum() > 0)


def not_value(x):
    return not (x.sum() > 0)


def while_and(x):
    i = torch.zeros((), dtype=torch.int64)
    while i < 10 and x.sum() < 100:
        x = x * 3
        i = i + 1
    return x, i


def plain_and_or(x, a, b):
    k = (a and b) or 3
    if x.sum() > 0:
        x = x * k
    return x


_X = torch.tensor([1.0, 2.0, 3.0])
_T = torch.tensor

CASES = {
    "both_positive": [(_X, _X), (_X, -_X), (-_X, _X)],
    "either_positive": [(_X, -_X), (-_X, -_X), (-_X, _X)],
    "not_positive": [(_X,), (-_X,)],
    "in_range": [(_T([0.5, -0.5]),), (_T([2.0, 0.0]),), (_T([-2.0, 0.0]),)],
    "chained_and": [(_X,), (_T([1.0, -1.0, 1.0]),), (_T([1.0, 1.0, -1.0]),)],
    "mixed_and_or": [(_X,), (_T([-1.0, 1.0, 6.0]),), (_T([-1.0, 1.0, 1.0]),)],
    "ifexp": [(_X,), (-_X,)],
    "ifexp_scalar": [(_X,), (-_X,)],
    "ifexp_nested": [(_X,), (_T([0.5, 0.5, 0.5]),), (-_X,)],
    "and_value": [(_X, _X), (_X, -_X), (-_X, _X)],
    "or_value": [(_X, -_X), (-_X, -_X)],
    "not_value": [(_X,), (-_X,)],
    "while_and": [(_X,), (_T([1e-9, 1e-9, 1e-9]),)],
    "plain_and_or": [(_X, 2, 0), (-_X, 2, 0)],
}

STAGED = {name: {"cond"} for name in CASES
          if name not in ("and_value", "or_value", "not_value")}
STAGED["while_and"] = {"while_loop"}
