"""A small PyTorch model with data-dependent control flow in its forward:
an early exit when the input is already (nearly) a fixed point of the
refinement, and an iterate-until-converged loop. torch.export and
torch.compile(fullgraph=True) cannot take it as written; agc's functional
output (see the Makefile) exports with torch.cond and while_loop."""
import torch
from torch import nn


class FixedPoint(nn.Module):
    """Refines x with a contraction until it stops moving."""

    def __init__(self, width=4, tol=1e-4, max_steps=100):
        super().__init__()
        self.encode = nn.Linear(width, width)
        self.step = nn.Linear(width, width)
        self.tol = tol
        self.max_steps = max_steps

    def forward(self, x):
        h = torch.tanh(self.encode(x))
        if (self.refine(h) - h).abs().max() < self.tol:
            # Already converged: skip the loop.
            return h, torch.zeros((), dtype=torch.int64)
        steps = torch.zeros((), dtype=torch.int64)
        delta = torch.ones(())
        while delta > self.tol and steps < self.max_steps:
            new = self.refine(h)
            delta = (new - h).abs().max()
            h = new
            steps = steps + 1
        return h, steps

    def refine(self, h):
        # A contraction: the fixed point exists and is unique.
        return 0.5 * torch.tanh(self.step(h))
