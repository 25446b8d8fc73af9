"""`for i in range(...)` with traced bounds: range() of a traced value is
agc's TracedRange, and the loop becomes lax.fori_loop (a while primitive:
its trip count is only known at run time). The original cannot even call
range() on a tracer under jit. Factorials, Fibonacci, series, powers,
loops that fill an array with .at[].set."""
import jax.numpy as jnp
from jax import lax


def sum_below(n):
    s = 0
    for i in range(n):
        s += i
    return s


def factorial(n):
    f = 1
    for k in range(1, n + 1):
        f = f * k
    return f


def fibonacci(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def power_by_loop(x, n):
    p = jnp.ones_like(x)
    for _ in range(n):
        p = p * x
    return p


def sum_of_odd(start, stop):
    s = 0
    for i in range(start, stop):
        if i % 2 == 1:
            s += i
    return s


def stepped_range(start, stop, step):
    s = 0
    count = 0
    for i in range(start, stop, step):
        s += i
        count += 1
    return s, count


def geometric_series(r, n):
    total = 0.0
    term = 1.0
    for _ in range(n):
        total = total + term
        term = term * r
    return total


def fill_squares(n):
    out = jnp.zeros(8, dtype=jnp.int32)
    for i in range(n):
        out = out.at[i].set(i * i)
    return out


def harmonic(n):
    h = 0.0
    for k in range(1, n + 1):
        h = h + 1.0 / k
    return h


def euler_decay(y0, rate, steps):
    y = y0
    dt = 0.01
    for _ in range(steps):
        y = y - rate * y * dt
    return y


def prefix_sums_traced_length(xs, n):
    out = jnp.zeros_like(xs)
    acc = 0.0
    for i in range(n):
        acc = acc + xs[i]
        out = out.at[i].set(acc)
    return out


def triangular_pairs(n):
    count = 0
    for i in range(n):
        for j in range(i):
            count += 1
    return count


def binomial(n, k):
    c = 1
    for i in range(k):
        c = c * (n - i) // (i + 1)
    return c


def range_down(n):
    s = 0
    for i in range(n, 0, -1):
        s = s * 2 + i
    return s


CASES = {
    "sum_below": [(jnp.int32(10),), (jnp.int32(0),), (jnp.int32(-3),)],
    "factorial": [(jnp.int32(5),), (jnp.int32(0),)],
    "fibonacci": [(jnp.int32(10),), (jnp.int32(1),)],
    "power_by_loop": [(jnp.float32(1.5), jnp.int32(4)),
                      (jnp.array([2.0, -1.0]), jnp.int32(3))],
    "sum_of_odd": [(jnp.int32(3), jnp.int32(12)),
                   (jnp.int32(5), jnp.int32(2))],
    "stepped_range": [(jnp.int32(1), jnp.int32(20), jnp.int32(3)),
                      (jnp.int32(10), jnp.int32(0), jnp.int32(-4)),
                      (jnp.int32(0), jnp.int32(5), jnp.int32(-1))],
    "geometric_series": [(jnp.float32(0.5), jnp.int32(10))],
    "fill_squares": [(jnp.int32(5),)],
    "harmonic": [(jnp.int32(6),)],
    "euler_decay": [(jnp.float32(1.0), jnp.float32(2.0), jnp.int32(50))],
    "prefix_sums_traced_length": [(jnp.array([1.0, 2.0, 3.0, 4.0]),
                                   jnp.int32(3))],
    "triangular_pairs": [(jnp.int32(6),)],
    "binomial": [(jnp.int32(10), jnp.int32(3)), (jnp.int32(6), jnp.int32(0))],
    "range_down": [(jnp.int32(4),)],
}

JAXPR = {name: {"while"} for name in CASES}
JAXPR["sum_of_odd"] = {"while", "cond"}
