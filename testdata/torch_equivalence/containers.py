"""Loops over what is not a tensor: module containers (ModuleList,
Sequential, ModuleDict, ParameterList) and sizes (x.shape). They run as
Python loops while PyTorch traces (unrolled, as the original is), whatever
package their type comes from; a tensor decides only the ifs inside."""
import torch
from torch import nn


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(3)])

    def forward(self, x):
        for layer in self.layers:
            x = torch.relu(layer(x))
        return x


class GatedStack(nn.Module):
    # A data-dependent if in each layer of a ModuleList loop.
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            h = layer(x)
            if h.sum() > 0:
                x = x + h
            else:
                x = x - h * i
        return x


class Blocks(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(3, 3), nn.Tanh(), nn.Linear(3, 3))

    def forward(self, x):
        for block in self.body:
            x = block(x)
        if x.mean() > 0:
            x = x * 2
        return x


class Heads(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({"a": nn.Linear(2, 1), "b": nn.Linear(2, 1)})

    def forward(self, x):
        total = torch.zeros(x.shape[0], 1)
        for name, head in self.heads.items():
            if name == "a":
                total = total + head(x)
            else:
                total = total - head(x)
        return total


class Scales(nn.Module):
    def __init__(self):
        super().__init__()
        self.scales = nn.ParameterList(
            [nn.Parameter(torch.full((2,), float(k + 1))) for k in range(3)])

    def forward(self, x):
        for p in self.scales:
            x = x * p
        return x


def over_shape(x):
    # A loop over a torch.Size, then one over its range.
    n = 1
    for d in x.shape:
        n = n * d
    s = x.sum()
    for i in range(len(x.shape)):
        s = s + x.shape[i]
    return s / n


_T = torch.tensor

CASES = {
    "Stack": [(torch.ones(2, 4),), (-torch.ones(2, 4),)],
    "GatedStack": [(torch.ones(2, 4),), (-torch.ones(2, 4),)],
    "Blocks": [(torch.ones(2, 3),), (-torch.ones(2, 3) * 5,)],
    "Heads": [(torch.ones(3, 2),)],
    "Scales": [(_T([1.0, -2.0]),)],
    "over_shape": [(torch.ones(2, 3),), (torch.ones(2, 3) * 2,)],
}

STAGED = {"GatedStack": {"cond"}, "Blocks": {"cond"}}
