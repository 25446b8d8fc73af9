"""Python builtins called on traced values: range() with a traced bound,
len() of it, int()/float() as casts, abs(), max()/min() of several values
or over an array's leading axis, any()/all() of a vector, sorted(), and
enumerate()/zip() over arrays and traced ranges driving staged loops."""
import jax.numpy as jnp
from jax import lax


def len_of_traced_range(n):
    r = range(2, n)
    return len(r)


def int_of_float(x):
    return int(x * 10)


def float_of_int(n):
    return float(n) / 4


def abs_value(x):
    return abs(x - 5)


def max_of_three(a, b, c):
    return max(a, b, c)


def min_of_two(a, b):
    return min(a, b)


def max_over_array(v):
    return max(v)


def min_of_vector(v):
    return min(v)


def any_negative(v):
    return any(v < 0)


def all_finite(v):
    return all(jnp.isfinite(v))


def sorted_array(v):
    return sorted(v)


def sorted_reverse(v):
    return sorted(v, reverse=True)


def enumerate_traced_range(n):
    s = 0
    for i, k in enumerate(range(n)):
        s += i * k
    return s


def zip_array_and_range(xs):
    s = 0.0
    for x, k in zip(xs, range(10)):
        s = s + x * k
    return s


def enumerate_with_start(xs):
    s = 0.0
    for i, x in enumerate(xs, 1):
        if x > 0:
            s = s + i * x
    return s


def range_of_len(xs, n):
    s = 0.0
    for i in range(len(xs)):
        if i < n:
            s = s + xs[i]
    return s


def int_in_range(x):
    s = 0
    for i in range(int(x)):
        s += i
    return s


def any_in_condition(v):
    if any(v > 10):
        v = v / 10
    return v


def max_in_loop(xs):
    best = xs[0]
    for x in xs:
        best = max(best, x)
    return best


def abs_in_while(x):
    steps = 0
    while abs(x) > 1:
        x = x / 2
        steps += 1
    return steps


def zip_two_arrays(a, b):
    n = 0
    for x, y in zip(a, b):
        if x == y:
            n += 1
    return n


CASES = {
    "len_of_traced_range": [(jnp.int32(10),), (jnp.int32(1),)],
    "int_of_float": [(jnp.float32(1.37),), (jnp.float32(-2.5),)],
    "float_of_int": [(jnp.int32(7),)],
    "abs_value": [(jnp.int32(2),), (jnp.float32(7.5),)],
    "max_of_three": [(jnp.int32(2), jnp.int32(9), jnp.int32(4))],
    "min_of_two": [(jnp.float32(2.5), jnp.float32(-1.0))],
    "max_over_array": [(jnp.array([3.0, 9.0, 1.0]),)],
    "min_of_vector": [(jnp.array([3, -1, 2, 5]),)],
    "any_negative": [(jnp.array([1.0, -1.0]),), (jnp.array([1.0, 2.0]),)],
    "all_finite": [(jnp.array([1.0, 2.0]),), (jnp.array([1.0, jnp.inf]),)],
    "sorted_array": [(jnp.array([3, 1, 2]),)],
    "sorted_reverse": [(jnp.array([3.0, 1.0, 2.0]),)],
    "enumerate_traced_range": [(jnp.int32(5),)],
    "zip_array_and_range": [(jnp.array([1.0, 2.0, 3.0]),)],
    "enumerate_with_start": [(jnp.array([1.0, -2.0, 3.0]),)],
    "range_of_len": [(jnp.array([1.0, 2.0, 3.0, 4.0]), jnp.int32(2))],
    "int_in_range": [(jnp.float32(4.7),)],
    "any_in_condition": [(jnp.array([1.0, 20.0]),), (jnp.array([1.0, 2.0]),)],
    "max_in_loop": [(jnp.array([3, 7, 2]),)],
    "abs_in_while": [(jnp.float32(-37.0),), (jnp.float32(0.5),)],
    "zip_two_arrays": [(jnp.array([1, 2, 3, 4]), jnp.array([1, 0, 3, 0]))],
}

JAXPR = {
    "len_of_traced_range": {"max"},
    "int_of_float": {"convert_element_type"},
    "float_of_int": {"convert_element_type"},
    "max_of_three": {"max"},
    "min_of_two": {"min"},
    "max_over_array": {"reduce_max"},
    "min_of_vector": {"reduce_min"},
    "any_negative": {"reduce_or"},
    "all_finite": {"reduce_and"},
    "sorted_array": {"sort"},
    "sorted_reverse": {"sort"},
    "max_in_loop": {"scan", "max"},
    "enumerate_traced_range": {"while"},
    "zip_array_and_range": {"scan"},
    "enumerate_with_start": {"scan", "cond"},
    "range_of_len": {"cond"},
    "int_in_range": {"while"},
    "any_in_condition": {"cond"},
    "abs_in_while": {"while"},
    "zip_two_arrays": {"scan", "cond"},
}
UNROLLED = {"zip_array_and_range"}
