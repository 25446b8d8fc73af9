"""nn.Module forwards with data-dependent control flow: the shapes users
export (early exits, iterate-until-converged, gated residuals)."""
import torch
from torch import nn


class EarlyExit(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(4, 4)
        self.b = nn.Linear(4, 4)

    def forward(self, x):
        h = self.a(x)
        if h.abs().mean() < 0.1:
            return h
        return self.b(torch.relu(h))


class Gated(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(3, 3)

    def forward(self, x):
        if x.sum() > 0:
            y = self.lin(x)
        else:
            y = x
        return y


class Refine(nn.Module):
    def __init__(self):
        super().__init__()
        self.step = nn.Linear(2, 2)

    def forward(self, x):
        i = torch.zeros((), dtype=torch.int64)
        while x.norm() > 1 and i < 20:
            x = self.step(x) * 0.5
            i = i + 1
        return x, i


class Repeat(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 2)

    def forward(self, x, n):
        for _ in range(n):
            x = torch.tanh(self.lin(x))
        return x


class Residual(nn.Module):
    def __init__(self):
        super().__init__()
        self.f = nn.Linear(4, 4)
        self.scale = nn.Parameter(torch.tensor(0.5))

    def forward(self, x):
        y = self.f(x)
        if (y * self.scale).sum() > 0:
            y = y + x
        else:
            y = y - x
        return y


class Halting(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.Linear(3, 3)
        self.halt = nn.Linear(3, 1)

    def forward(self, h):
        steps = torch.zeros((), dtype=torch.int64)
        while torch.sigmoid(self.halt(h)).sum() < 0.9 and steps < 5:
            h = torch.tanh(self.cell(h))
            steps = steps + 1
        return h, steps


class Clip(nn.Module):
    def forward(self, x):
        n = x.norm()
        if n > 1:
            x = x / n
        return x


class Branches(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = nn.Linear(2, 2)
        self.down = nn.Linear(2, 2)

    def forward(self, x, mode):
        if mode.sum() > 0:
            return self.up(x)
        return self.down(x)


class NestedStep(nn.Module):
    # forward has no control flow of its own but defines a function that
    # does: it keeps a twin (an original without one would run the nested
    # function's guard and twin_of under Dynamo, which cannot trace them).
    def forward(self, x):
        def step(v):
            if v.sum() > 0:
                return v * 2
            return v - 1
        return step(x)


_T = torch.tensor

CASES = {
    "EarlyExit": [(torch.ones(2, 4),), (torch.zeros(2, 4),)],
    "Gated": [(_T([1.0, 2.0, 3.0]),), (_T([-1.0, -2.0, -3.0]),)],
    "Refine": [(_T([3.0, 4.0]),), (_T([0.1, 0.1]),)],
    "Repeat": [(_T([1.0, -1.0]), _T(3)), (_T([1.0, -1.0]), _T(0))],
    "Residual": [(torch.ones(4),), (-torch.ones(4),)],
    "Halting": [(torch.ones(3),), (-torch.ones(3) * 3,)],
    "Clip": [(_T([3.0, 4.0]),), (_T([0.3, 0.4]),)],
    "Branches": [(_T([1.0, 2.0]), _T(1)), (_T([1.0, 2.0]), _T(-1))],
    "NestedStep": [(_T([1.0, -3.0]),), (_T([-1.0, 3.0]),)],
}

STAGED = {"EarlyExit": {"cond"}, "Gated": {"cond"}, "Refine": {"while_loop"},
          "Repeat": {"while_loop"}, "Residual": {"cond"},
          "Halting": {"while_loop"}, "Clip": {"cond"}, "Branches": {"cond"},
          "NestedStep": {"cond"}}
