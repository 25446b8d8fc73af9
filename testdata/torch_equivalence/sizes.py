"""Conditions on sizes that depend on data (what survives a threshold, as
detection models branch on the boxes they keep): `if b.numel() == 0`, an
`and` of two such comparisons, a ternary. Each is a SymBool, which stages as
a tensor condition does (torch.cond on the SymBool). Branches whose
outputs differ in size (none kept on one, what survives on the other) take
the size of the branch taken; a nested one's probe leaves nothing behind (a
`max()` of no boxes would fail). A loop over `torch.unique(...)`, whose
length depends on data, is a while_loop (torchvision's per-class NMS)."""
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


def kept_indices(x):
    b = x[x > 0]
    if b.numel() == 0:
        return torch.empty((0,), dtype=torch.int64)
    top = b.max()
    return torch.nonzero(b > top / 2)[:, 0]


def nested_kept(x):
    b = x[x > -1]
    if b.numel() > 3:
        return kept_indices(b) + 1
    return kept_indices(b)


def branch_sizes(x):
    if x.sum() > 0:
        y = x[:1]
    else:
        y = x
    return y * 2


def best_per_label(scores, labels):
    keep = torch.zeros_like(scores, dtype=torch.bool)
    for label in torch.unique(labels):
        where = torch.nonzero(labels == label)[:, 0]
        best = where[scores[where].argmax()]
        keep[best] = True
    return torch.nonzero(keep)[:, 0]


CASES = {
    "kept_indices": [(torch.tensor([1.0, -2.0, 0.7, 0.2]),),
                     (torch.tensor([-1.0, -2.0, -0.7, -0.2]),),
                     (torch.tensor([0.6, 0.7, 0.8, 0.9]),)],
    "nested_kept": [(torch.tensor([1.0, -2.0, 0.7, 0.2]),),
                    (torch.tensor([-1.0, -2.0, -1.7, -1.2]),),
                    (torch.tensor([-0.6, -0.7, -0.8, -0.9]),),
                    (torch.tensor([0.6, 0.7, 0.8, 0.9]),)],
    "branch_sizes": [(torch.tensor([1.0, 2.0, 3.0]),),
                     (torch.tensor([-1.0, -2.0, -3.0]),)],
    "best_per_label": [(torch.tensor([0.5, 0.9, 0.1, 0.3, 0.7]),
                        torch.tensor([2, 2, 0, 0, 5])),
                       (torch.tensor([0.5, 0.9, 0.1, 0.3, 0.7]),
                        torch.tensor([1, 1, 1, 1, 1])),
                       (torch.tensor([0.5, 0.9, 0.1, 0.3, 0.7]),
                        torch.tensor([4, 3, 2, 1, 0]))],
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
STAGED["best_per_label"] = {"while_loop"}
