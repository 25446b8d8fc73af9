"""`break`, `continue` and `return` inside loops on traced values: a break
or return becomes a flag the loop carries (lax.while_loop with the flag in
its test, also for a loop over an array or a traced range); continue
becomes a cond around the rest of the body. Early-exit searches."""
import jax.numpy as jnp
from jax import lax


def first_index_above(xs, t):
    for i in range(xs.shape[0]):
        if xs[i] > t:
            return i
    return -1


def first_value_above(xs, t):
    for x in xs:
        if x > t:
            return x
    return t


def index_of(xs, target):
    found = -1
    i = 0
    while i < xs.shape[0]:
        if xs[i] == target:
            found = i
            break
        i += 1
    return found


def sum_until_negative(xs):
    s = 0.0
    for x in xs:
        if x < 0:
            break
        s = s + x
    return s


def sum_skipping_negative(xs):
    s = 0.0
    for x in xs:
        if x < 0:
            continue
        s = s + x
    return s


def count_odd_below(n):
    count = 0
    for i in range(n):
        if i % 2 == 0:
            continue
        count += 1
    return count


def while_true_doubling(x):
    n = 0
    while True:
        x = x * 2
        n += 1
        if x > 100:
            break
    return n, x


def return_from_while(n):
    i = 0
    while i < n:
        if i * i > n:
            return i
        i += 1
    return -1


def break_and_continue(xs):
    s = 0
    for x in xs:
        if x == 0:
            continue
        if x > 100:
            break
        s += x
    return s


def break_in_traced_range(n, limit):
    total = 0
    for i in range(n):
        total += i
        if total > limit:
            break
    return total


def is_prime(n):
    if n < 2:
        return False
    d = 2
    while d * d <= n:
        if n % d == 0:
            return False
        d += 1
    return True


def all_sorted(xs):
    for i in range(xs.shape[0] - 1):
        if xs[i] > xs[i + 1]:
            return False
    return True


def first_repeat(xs):
    previous = xs[0]
    for x in xs[1:]:
        if x == previous:
            return x
        previous = x
    return -1


def return_pair_from_loop(xs, t):
    for i, x in enumerate(xs):
        if x >= t:
            return i, x
    return -1, t


def continue_in_while(n):
    i = 0
    s = 0
    while i < n:
        i += 1
        if i % 3 == 0:
            continue
        s += i
    return s


CASES = {
    "first_index_above": [(jnp.array([1.0, 5.0, 2.0, 7.0]), 4.0),
                          (jnp.array([1.0, 2.0]), 4.0)],
    "first_value_above": [(jnp.array([1.0, 5.0, 2.0, 7.0]), 4.0),
                          (jnp.array([1.0, 2.0]), 4.0)],
    "index_of": [(jnp.array([4, 8, 15, 16, 23, 42]), jnp.int32(16)),
                 (jnp.array([4, 8, 15]), jnp.int32(5))],
    "sum_until_negative": [(jnp.array([1.0, 2.0, -1.0, 5.0]),),
                           (jnp.array([1.0, 2.0]),)],
    "sum_skipping_negative": [(jnp.array([1.0, -2.0, 3.0, -4.0]),)],
    "count_odd_below": [(jnp.int32(9),)],
    "while_true_doubling": [(jnp.float32(3.0),), (jnp.float32(200.0),)],
    "return_from_while": [(jnp.int32(10),), (jnp.int32(0),)],
    "break_and_continue": [(jnp.array([3, 0, 4, 0, 200, 5]),),
                           (jnp.array([1, 2, 3]),)],
    "break_in_traced_range": [(jnp.int32(100), jnp.int32(20)),
                              (jnp.int32(4), jnp.int32(20))],
    "is_prime": [(jnp.int32(1),), (jnp.int32(97),), (jnp.int32(91),)],
    "all_sorted": [(jnp.array([1, 2, 2, 5]),), (jnp.array([1, 3, 2]),)],
    "first_repeat": [(jnp.array([1, 2, 2, 3]),), (jnp.array([1, 2, 3]),)],
    "return_pair_from_loop": [(jnp.array([0.5, 1.5, 2.5]), 1.0),
                              (jnp.array([0.5]), 1.0)],
    "continue_in_while": [(jnp.int32(10),)],
}

JAXPR = {
    "first_index_above": {"while", "cond"},
    "first_value_above": {"while", "cond"},
    "index_of": {"while", "cond"},
    "sum_until_negative": {"while", "cond"},
    "sum_skipping_negative": {"scan", "cond"},
    "count_odd_below": {"while", "cond"},
    "while_true_doubling": {"while"},
    "return_from_while": {"while", "cond"},
    "break_and_continue": {"while", "cond"},
    "break_in_traced_range": {"while", "cond"},
    "is_prime": {"while", "cond"},
    "all_sorted": {"while", "cond"},
    "first_repeat": {"while", "cond"},
    "return_pair_from_loop": {"while", "cond"},
    "continue_in_while": {"while", "cond"},
}
