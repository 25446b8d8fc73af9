"""Ordinary PyTorch with data-dependent control flow (bench_torch.py): agc
converts this file; hand_kernels.py holds the same computations written
with torch.cond and while_loop."""
import torch


def newton(a):
    x = a
    i = torch.zeros((), dtype=torch.int64)
    while i < 50:
        x = (x + a / x) / 2
        if (x * x - a).abs().max() < 1e-6:
            break
        i = i + 1
    return x


def gated(w, x):
    h = w @ x
    if h.norm() > 1:
        return torch.tanh(h)
    return h * 2


def rollout(w, x, n):
    for _ in range(n):
        x = torch.tanh(w @ x)
    return x
