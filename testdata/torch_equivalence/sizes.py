"""Conditions on sizes that depend on data (what survives a threshold, as
detection models branch on the boxes they keep): `if b.numel() == 0`, an
`and` of two such comparisons, a ternary. Each is a SymBool, which stages as
a tensor condition does (torch.cond on the SymBool)."""
import torch


def kept_sum(x):
    b = x[x > 0]
    if b.numel() == 0:
        y = x.sum() * 0
    else:
        y = b.sum()
    return y


def both_sides(x):
    pos = x[x > 0]
    neg = x[x < 0]
    if pos.numel() > 0 and neg.numel() > 0:
        return pos.sum() - neg.sum()
    return x.sum()


def ternary(x):
    b = x[x > 1]
    return b.mean() if b.numel() > 0 else torch.zeros(())


def not_empty(x, threshold):
    b = x[x > threshold]
    if not b.numel() > 1:
        return x * 0
    return x * 2


CASES = {
    "kept_sum": [(torch.tensor([1.0, -2.0, 3.0]),),
                 (torch.tensor([-1.0, -2.0, -3.0]),)],
    "both_sides": [(torch.tensor([1.0, -2.0, 3.0]),),
                   (torch.tensor([1.0, 2.0, 3.0]),),
                   (torch.tensor([-1.0, -2.0, -3.0]),)],
    "ternary": [(torch.tensor([1.0, 2.0, 3.0]),),
                (torch.tensor([0.0, 0.5, 1.0]),)],
    "not_empty": [(torch.tensor([1.0, 2.0, 3.0]), torch.tensor(1.5)),
                  (torch.tensor([1.0, 2.0, 3.0]), torch.tensor(2.5))],
}

STAGED = {name: {"cond"} for name in CASES}
