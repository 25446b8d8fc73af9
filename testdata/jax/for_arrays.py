"""`for` loops over traced arrays: iteration over the leading axis becomes
lax.scan (the original, under jit, unrolls the loop instead: UNROLLED);
with a data-dependent if in the body, the original cannot be jitted at all.
Rows of matrices, running statistics, Horner's rule, enumerate/zip."""
import jax.numpy as jnp
from jax import lax


def total(xs):
    s = 0.0
    for x in xs:
        s = s + x
    return s


def running_max(xs):
    best = xs[0]
    for x in xs:
        best = jnp.maximum(best, x)
    return best


def horner(coeffs, x):
    acc = jnp.zeros_like(x)
    for c in coeffs:
        acc = acc * x + c
    return acc


def row_sums(m):
    acc = jnp.zeros(m.shape[1])
    for row in m:
        acc = acc + row
    return acc


def count_positive(xs):
    n = 0
    for x in xs:
        if x > 0:
            n += 1
    return n


def sum_of_positive(xs):
    s = jnp.float32(0.0)
    for x in xs:
        if x > 0:
            s = s + x
    return s


def mean_and_variance(xs):
    # Welford's online algorithm.
    n = 0.0
    mean = 0.0
    m2 = 0.0
    for x in xs:
        n = n + 1.0
        delta = x - mean
        mean = mean + delta / n
        m2 = m2 + delta * (x - mean)
    return mean, m2 / n


def dot_by_loop(a, b):
    s = 0.0
    for x, y in zip(a, b):
        s = s + x * y
    return s


def weighted_by_position(xs):
    s = 0.0
    for i, x in enumerate(xs):
        s = s + i * x
    return s


def matrix_vector(m, v):
    out = jnp.zeros(m.shape[0])
    for i, row in enumerate(m):
        out = out.at[i].set(jnp.sum(row * v))
    return out


def longest_positive_run(xs):
    best = 0
    run = 0
    for x in xs:
        if x > 0:
            run += 1
        else:
            run = 0
        best = jnp.maximum(best, run)
    return best


def exponential_moving_average(xs, alpha):
    ema = xs[0]
    for x in xs[1:]:
        ema = alpha * x + (1 - alpha) * ema
    return ema


def clipped_sum(xs, cap):
    s = 0.0
    for x in xs:
        s = s + x
        if s > cap:
            s = cap
    return s


def outer_rows(a, b):
    total = jnp.zeros((a.shape[1], b.shape[1]))
    for ra, rb in zip(a, b):
        total = total + jnp.outer(ra, rb)
    return total


def variable_first_set_in_scan(xs):
    for x in xs:
        doubled = x * 2
    return doubled


CASES = {
    "total": [(jnp.array([1.0, 2.0, 3.5]),)],
    "running_max": [(jnp.array([3, 9, 2, 7]),)],
    "horner": [(jnp.array([2.0, -3.0, 1.0]), jnp.float32(1.5)),
               (jnp.array([1.0, 0.0, 0.0, -1.0]), jnp.array([0.5, 2.0]))],
    "row_sums": [(jnp.arange(12.0).reshape(4, 3),)],
    "count_positive": [(jnp.array([1.0, -2.0, 3.0, 0.0, 5.0]),)],
    "sum_of_positive": [(jnp.array([1.0, -2.0, 3.0, 0.0, 5.0]),)],
    "mean_and_variance": [(jnp.array([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0,
                                      9.0]),)],
    "dot_by_loop": [(jnp.array([1.0, 2.0, 3.0]), jnp.array([4.0, 5.0, 6.0]))],
    "weighted_by_position": [(jnp.array([1.0, 1.0, 2.0, 3.0]),)],
    "matrix_vector": [(jnp.arange(6.0).reshape(2, 3),
                       jnp.array([1.0, 0.5, -1.0]))],
    "longest_positive_run": [(jnp.array([1, 2, -1, 3, 4, 5, 0, 1]),)],
    "exponential_moving_average": [(jnp.array([1.0, 2.0, 3.0, 4.0]), 0.5)],
    "clipped_sum": [(jnp.array([1.0, 2.0, 3.0, 4.0]), jnp.float32(5.0)),
                    (jnp.array([1.0, -2.0, 3.0]), jnp.float32(50.0))],
    "variable_first_set_in_scan": [(jnp.array([1.0, 2.0, 3.0]),)],
    "outer_rows": [(jnp.arange(6.0).reshape(3, 2),
                    jnp.arange(9.0).reshape(3, 3))],
}

JAXPR = {name: {"scan"} for name in CASES}
for _name in ("count_positive", "sum_of_positive", "longest_positive_run",
              "clipped_sum"):
    JAXPR[_name] = {"scan", "cond"}

# The original under jit unrolls these loops (no traced condition).
UNROLLED = {"total", "running_max", "horner", "row_sums", "mean_and_variance",
            "dot_by_loop", "weighted_by_position", "matrix_vector",
            "exponential_moving_average", "outer_rows",
            "variable_first_set_in_scan"}
