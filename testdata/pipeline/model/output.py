"""A small model-style module: the example the README converts."""
from __future__ import annotations

import agc_runtime as ag__
import math


@ag__.autograph_artifact
def relu_sum(values, threshold=0.0):
    """Sums the positive parts of values above a threshold."""
    with ag__.FunctionScope('relu_sum', 'fscope', ag__.STD) as fscope:
        total = 0.0
        def get_state():
            return (total,)
        def set_state(vars_):
            nonlocal total
            total, = vars_
        def loop_body(itr):
            nonlocal total
            v = itr
            def get_state():
                return (total,)
            def set_state(vars_):
                nonlocal total
                total, = vars_
            def if_body():
                nonlocal total
                total += v
            def else_body():
                nonlocal total
                total += 0.0
            ag__.if_stmt(v > threshold, if_body, else_body, get_state, set_state, ('total',), 1)
        ag__.for_stmt(values, None, loop_body, get_state, set_state, ('total',), {'iterate_names': 'v'})
        return total


@ag__.autograph_artifact
def collatz_steps(n):
    with ag__.FunctionScope('collatz_steps', 'fscope', ag__.STD) as fscope:
        # Counts the steps to reach 1.
        steps = 0
        def get_state():
            return (steps, n)
        def set_state(vars_):
            nonlocal steps, n
            steps, n = vars_
        def loop_test():
            return n != 1
        def loop_body():
            nonlocal steps, n
            def get_state():
                return (n,)
            def set_state(vars_):
                nonlocal n
                n, = vars_
            def if_body():
                nonlocal n
                n = n // 2
            def else_body():
                nonlocal n
                n = 3 * n + 1
            ag__.if_stmt(n % 2 == 0, if_body, else_body, get_state, set_state, ('n',), 1)
            steps += 1
        ag__.while_stmt(loop_test, loop_body, get_state, set_state, ('steps', 'n'), {})
        return steps


class Scaler:
    @ag__.autograph_artifact
    def __init__(self, factor):
        with ag__.FunctionScope('__init__', 'fscope', ag__.STD) as fscope:
            self.factor = factor

    @ag__.autograph_artifact
    def apply(self, xs):
        with ag__.FunctionScope('apply', 'fscope', ag__.STD) as fscope:
            return [ag__.if_exp(x > 0, lambda: x * self.factor, lambda: -x, 'x > 0') for x in xs]


@ag__.autograph_artifact
def softmax(xs):
    with ag__.FunctionScope('softmax', 'fscope', ag__.STD) as fscope:
        m = ag__.converted_call(max, (xs,), None, fscope)
        exps = [ag__.converted_call(math.exp, (x - m,), None, fscope) for x in xs]
        s = ag__.converted_call(sum, (exps,), None, fscope)
        return [e / s for e in exps]
