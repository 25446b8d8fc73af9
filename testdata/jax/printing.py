"""print() of traced values: jax.debug.callback prints them when the
compiled code runs, once per iteration of a staged loop and only on the
branch a staged if takes, in order, as the original prints on concrete
values. Values printed are integers, bools and exact floats."""
import jax.numpy as jnp
from jax import lax


def print_in_branch(x):
    if x > 0:
        print("positive", x)
        y = x * 2
    else:
        print("not positive", x)
        y = -x
    return y


def print_each_collatz_step(n):
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        print(n)
    return n


def print_loop_over_array(xs):
    s = 0
    for x in xs:
        s += x
        print("partial", s, "after", x)
    return s


def print_with_separator(a, b):
    if a < b:
        print(a, b, sep=" < ")
    else:
        print(a, b, sep=" >= ")
    return a + b


def print_traced_range(n):
    total = 0
    for i in range(n):
        total += i
        print("i =", i, "total =", total)
    return total


def print_vector_in_while(v):
    while jnp.sum(v) < 20:
        v = v * 2
        print("v:", v, "sum:", jnp.sum(v))
    return v


CASES = {
    "print_in_branch": [(jnp.int32(3),), (jnp.int32(-3),)],
    "print_each_collatz_step": [(jnp.int32(6),)],
    "print_loop_over_array": [(jnp.array([1, 2, 3]),)],
    "print_with_separator": [(jnp.int32(1), jnp.int32(2)),
                             (jnp.int32(5), jnp.int32(2))],
    "print_traced_range": [(jnp.int32(4),)],
    "print_vector_in_while": [(jnp.array([1, 2]),), (jnp.array([30, 2]),)],
}

JAXPR = {
    "print_in_branch": {"cond", "debug_callback"},
    "print_each_collatz_step": {"while", "debug_callback"},
    "print_loop_over_array": {"scan", "debug_callback"},
    "print_with_separator": {"cond", "debug_callback"},
    "print_traced_range": {"while", "debug_callback"},
    "print_vector_in_while": {"while", "debug_callback"},
}
UNROLLED = {"print_loop_over_array"}
