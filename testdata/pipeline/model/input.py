"""A small model-style module: the example the README converts."""
from __future__ import annotations

import math


def relu_sum(values, threshold=0.0):
    """Sums the positive parts of values above a threshold."""
    total = 0.0
    for v in values:
        if v > threshold:
            total += v
        else:
            total += 0.0
    return total


def collatz_steps(n):
    # Counts the steps to reach 1.
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


class Scaler:
    def __init__(self, factor):
        self.factor = factor

    def apply(self, xs):
        return [x * self.factor if x > 0 else -x for x in xs]


def softmax(xs):
    m = max(xs)
    exps = [math.exp(x - m) for x in xs]
    s = sum(exps)
    return [e / s for e in exps]
