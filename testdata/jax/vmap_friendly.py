"""Functions written for one example and batched with jax.vmap: a
data-dependent if or while on per-example scalars. Under jit they stage
as cond / while_loop; under vmap a cond with a batched predicate becomes a
select and a while_loop runs until every example is done (the VMAP table:
jax.jit(jax.vmap(converted)) against the original on each row)."""
import jax.numpy as jnp
from jax import lax


def soft_threshold(x, t):
    if x > t:
        y = x - t
    elif x < -t:
        y = x + t
    else:
        y = jnp.zeros_like(x)
    return y


def leaky(x):
    if x >= 0:
        return x
    return 0.1 * x


def steps_to_one(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def sqrt_newton(a):
    x = jnp.maximum(a, 1.0)
    for _ in range(30):
        nx = 0.5 * (x + a / x)
        if jnp.abs(nx - x) < 1e-6:
            break
        x = nx
    return x


def clipped_norm(v, max_norm):
    n = jnp.sqrt(jnp.sum(v * v))
    if n > max_norm:
        v = v * (max_norm / n)
    return v


def count_above(xs, t):
    c = 0
    for x in xs:
        if x > t:
            c += 1
    return c


def integer_log2(n):
    k = 0
    while n > 1:
        n = n // 2
        k += 1
    return k


def select_op(code, a, b):
    if code == 0:
        r = a + b
    elif code == 1:
        r = a - b
    else:
        r = a * b
    return r


CASES = {
    "soft_threshold": [(jnp.float32(2.0), jnp.float32(0.5)),
                       (jnp.float32(-2.0), jnp.float32(0.5)),
                       (jnp.float32(0.2), jnp.float32(0.5))],
    "leaky": [(jnp.float32(2.0),), (jnp.float32(-2.0),)],
    "steps_to_one": [(jnp.int32(7),)],
    "sqrt_newton": [(jnp.float32(10.0),)],
    "clipped_norm": [(jnp.array([3.0, 4.0]), jnp.float32(1.0))],
    "count_above": [(jnp.array([1.0, 5.0, 3.0]), jnp.float32(2.0))],
    "integer_log2": [(jnp.int32(1000),)],
    "select_op": [(jnp.int32(2), jnp.float32(3.0), jnp.float32(4.0))],
}

JAXPR = {
    "soft_threshold": {"cond"},
    "leaky": {"cond"},
    "steps_to_one": {"while", "cond"},
    "sqrt_newton": {"while"},
    "clipped_norm": {"cond"},
    "count_above": {"scan", "cond"},
    "integer_log2": {"while"},
    "select_op": {"cond"},
}

VMAP = {
    "soft_threshold": [(jnp.array([2.0, -2.0, 0.2, 0.5]),
                        jnp.array([0.5, 0.5, 0.5, 1.0]))],
    "leaky": [(jnp.array([2.0, -2.0, 0.0]),)],
    "steps_to_one": [(jnp.array([1, 6, 7, 27]),)],
    "sqrt_newton": [(jnp.array([0.25, 2.0, 100.0]),)],
    "clipped_norm": [(jnp.array([[3.0, 4.0], [0.3, 0.4]]),
                      jnp.array([1.0, 1.0]))],
    "count_above": [(jnp.array([[1.0, 5.0, 3.0], [4.0, 4.0, 4.0]]),
                     jnp.array([2.0, 5.0]))],
    "integer_log2": [(jnp.array([1, 2, 1000, 1 << 20]),)],
    "select_op": [(jnp.array([0, 1, 2]), jnp.array([3.0, 3.0, 3.0]),
                   jnp.array([4.0, 4.0, 4.0]))],
}
