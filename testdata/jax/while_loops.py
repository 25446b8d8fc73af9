"""`while` loops whose test is traced: each becomes lax.while_loop carrying
the variables the loop sets (shape and dtype kept). Integer number theory
(Collatz, gcd, digit sums), fixed-point and Newton iterations, searches
that double or halve, loops over array state."""
import jax.numpy as jnp
from jax import lax


def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def gcd(a, b):
    while b != 0:
        a, b = b, a % b
    return a


def digit_sum(n):
    total = 0
    while n > 0:
        total += n % 10
        n = n // 10
    return total


def count_digits(n):
    digits = 1
    while n >= 10:
        n = n // 10
        digits += 1
    return digits


def newton_sqrt(a):
    x = a
    while jnp.abs(x * x - a) > 1e-4 * a:
        x = 0.5 * (x + a / x)
    return x


def next_power_of_two(n):
    p = 1
    while p < n:
        p = p * 2
    return p


def halvings_below(x, eps):
    count = 0
    while x > eps:
        x = x / 2
        count += 1
    return count, x


def fixed_point_cos(x):
    delta = 1.0
    while delta > 1e-5:
        new = jnp.cos(x)
        delta = jnp.abs(new - x)
        x = new
    return x


def integer_sqrt(n):
    r = 0
    while (r + 1) * (r + 1) <= n:
        r += 1
    return r


def sum_until_limit(v, limit):
    i = 0
    total = 0.0
    while total < limit:
        total = total + v[i % v.shape[0]]
        i += 1
    return i, total


def vector_state(v):
    while jnp.max(v) > 1.0:
        v = v * 0.5
    return v


def countdown_with_two_counters(n):
    up = 0
    while n > 0:
        n -= 3
        up += 1
    return n, up


def reverse_digits(n):
    r = 0
    while n > 0:
        r = r * 10 + n % 10
        n = n // 10
    return r


def while_with_else_after(n):
    i = 0
    acc = 1
    while i < n:
        acc = acc * 2
        i += 1
    else:
        acc = acc + 1
    return acc


def bisection_sqrt2(tol):
    lo = jnp.float32(1.0)
    hi = jnp.float32(2.0)
    while hi - lo > tol:
        mid = (lo + hi) / 2
        if mid * mid > 2.0:
            hi = mid
        else:
            lo = mid
    return lo, hi


def variable_first_set_in_loop(n):
    # `last` is first set inside the staged loop: a zero placeholder from a
    # trial trace of the body carries it (the loop runs at least once here).
    i = 0
    while i < n:
        last = i * i
        i += 1
    return last


CASES = {
    "collatz_steps": [(jnp.int32(27),), (jnp.int32(1),), (jnp.int32(6),)],
    "gcd": [(jnp.int32(48), jnp.int32(18)), (jnp.int32(17), jnp.int32(5)),
            (jnp.int32(7), jnp.int32(0))],
    "digit_sum": [(jnp.int32(98765),), (jnp.int32(0),)],
    "count_digits": [(jnp.int32(5),), (jnp.int32(123456),)],
    "newton_sqrt": [(jnp.float32(2.0),), (jnp.float32(81.0),)],
    "next_power_of_two": [(jnp.int32(1),), (jnp.int32(100),)],
    "halvings_below": [(jnp.float32(10.0), 0.01), (jnp.float32(0.001), 0.01)],
    "fixed_point_cos": [(jnp.float32(1.0),)],
    "integer_sqrt": [(jnp.int32(0),), (jnp.int32(99),), (jnp.int32(100),)],
    "sum_until_limit": [(jnp.array([1.0, 2.0, 3.0]), jnp.float32(10.0))],
    "vector_state": [(jnp.array([3.0, 8.0, 0.5]),), (jnp.array([0.5, 0.25]),)],
    "countdown_with_two_counters": [(jnp.int32(10),), (jnp.int32(-1),)],
    "reverse_digits": [(jnp.int32(12345),), (jnp.int32(7),)],
    "while_with_else_after": [(jnp.int32(5),), (jnp.int32(0),)],
    "variable_first_set_in_loop": [(jnp.int32(5),)],
    "bisection_sqrt2": [(jnp.float32(1e-3),), (lambda: (jnp.float32(0.25),))],
}

JAXPR = {name: {"while"} for name in CASES}
JAXPR["collatz_steps"] = {"while", "cond"}
JAXPR["bisection_sqrt2"] = {"while", "cond"}
