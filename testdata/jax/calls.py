"""Converted functions calling other converted functions (helpers with
their own staged control flow, recursion on static values, functions
passed as arguments, nested functions and lambdas, methods of a class) and
JAX's own transformations of them inside the jitted function."""
import jax
import jax.numpy as jnp
from jax import lax


def _collatz_length(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def _clamp(x, lo, hi):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


def _square(x):
    return x * x


def longest_collatz_below(n):
    best = 0
    best_start = 1
    for start in range(1, n):
        length = _collatz_length(start)
        if length > best:
            best = length
            best_start = start
    return best_start, best


def clamp_all(xs):
    out = xs
    for i in range(xs.shape[0]):
        out = out.at[i].set(_clamp(xs[i], -1.0, 1.0))
    return out


def apply_twice(x):
    return _clamp(_clamp(x * 3, -2.0, 2.0) * 3, -5.0, 5.0)


def higher_order(x, n):
    f = _square
    for _ in range(n):
        x = f(x)
        if x > 1000:
            break
    return x


def nested_function(x):
    def step(y):
        if y > 0:
            return y - 1
        return y + 1
    for _ in range(5):
        x = step(x)
    return x


def lambda_in_loop(xs):
    scale = lambda v: v * 2 if v > 0 else v
    s = 0.0
    for x in xs:
        s = s + scale(x)
    return s


def _static_power(x, k):
    # Recursion on a static Python int: unrolled, as in the original.
    if k == 0:
        return jnp.ones_like(x)
    half = _static_power(x, k // 2)
    if k % 2 == 0:
        return half * half
    return half * half * x


def static_recursion(x):
    y = _static_power(x, 13)
    if y > 100:
        y = 100.0 * jnp.ones_like(y)
    return y


class _Accumulator:
    def __init__(self, limit):
        self.limit = limit

    def run(self, xs):
        s = 0.0
        for x in xs:
            if s + x > self.limit:
                break
            s = s + x
        return s


def method_call(xs):
    return _Accumulator(5.0).run(xs)


def grad_inside(x):
    # jax.grad of a converted helper inside the jitted function.
    g = jax.grad(_square)(x)
    if g > 0:
        g = g + 1
    return g


def vmap_inside(xs):
    ys = jax.vmap(_square)(xs)
    total = 0.0
    for y in ys:
        if y > 4:
            total = total + y
    return total


CASES = {
    "longest_collatz_below": [(10,), (jnp.int32(30),)],
    "clamp_all": [(jnp.array([-3.0, 0.5, 2.0]),)],
    "apply_twice": [(jnp.float32(0.5),), (jnp.float32(-0.1),)],
    "higher_order": [(jnp.float32(1.5), jnp.int32(10)),
                     (jnp.float32(0.5), jnp.int32(3))],
    "nested_function": [(jnp.int32(2),), (jnp.int32(-7),)],
    "lambda_in_loop": [(jnp.array([1.0, -2.0, 3.0]),)],
    "static_recursion": [(jnp.float32(1.2),), (jnp.float32(2.0),)],
    "method_call": [(jnp.array([1.0, 2.0, 3.0, 4.0]),),
                    (jnp.array([1.0, 1.0]),)],
    "grad_inside": [(jnp.float32(3.0),), (jnp.float32(-3.0),)],
    "vmap_inside": [(jnp.array([1.0, 3.0, -5.0]),)],
}

JAXPR = {
    "longest_collatz_below": {"while", "cond"},
    "clamp_all": {"cond"},
    "apply_twice": {"cond"},
    "higher_order": {"while", "cond"},
    "nested_function": {"cond"},
    "lambda_in_loop": {"scan", "cond"},
    "static_recursion": {"cond"},
    "method_call": {"while", "cond"},
    "grad_inside": {"cond"},
    "vmap_inside": {"scan", "cond"},
}
