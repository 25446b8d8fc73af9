"""`and`, `or`, `not`, chained comparisons and if-expressions on traced
values: `a and b` / `a or b` become lax.cond (the operand JAX does not need
is not evaluated at run time), `not` jnp.logical_not, `x if c else y`
lax.cond. Also the values they give when used as numbers."""
import jax.numpy as jnp
from jax import lax


def both_positive(x, y):
    return x > 0 and y > 0


def either_positive(x, y):
    return x > 0 or y > 0


def negation(x):
    return not x > 0


def in_open_interval(x):
    return 0 < x < 10


def if_expression(x):
    return x * 2 if x > 0 else -x


def nested_if_expression(x):
    return 1 if x > 10 else 2 if x > 0 else 3


def guarded_division(a, b):
    # The division is only taken when it is defined.
    return b != 0 and a / b > 1


def condition_with_and(x, y):
    if x > 0 and y > 0:
        r = x + y
    else:
        r = x - y
    return r


def condition_with_or_not(x, y):
    if not (x > 0) or y > 5:
        r = 1
    else:
        r = 2
    return r


def loop_test_with_and(xs, limit):
    i = 0
    s = 0.0
    while i < xs.shape[0] and s + xs[i] <= limit:
        s = s + xs[i]
        i += 1
    return i, s


def abs_by_if_expression(v):
    return jnp.where(v > 0, v, -v) if jnp.all(v > 0) else -v


def mixed_python_and_traced(x, flag):
    # flag is a Python bool: `flag and ...` is plain Python here.
    return flag and x > 3


def or_default(x, fallback):
    y = x > 5 or fallback
    return y


def if_expression_in_loop(xs):
    s = 0
    for x in xs:
        s += 1 if x > 0 else -1
    return s


def three_way_and(x, y, z):
    return x < y and y < z and z < 10


def bool_flags(x):
    big = x > 100
    small = x < -100
    moderate = not big and not small
    return big, small, moderate


CASES = {
    "both_positive": [(jnp.int32(1), jnp.int32(2)),
                      (jnp.int32(1), jnp.int32(-2)),
                      (jnp.int32(-1), jnp.int32(2))],
    "either_positive": [(jnp.int32(-1), jnp.int32(2)),
                        (jnp.int32(-1), jnp.int32(-2)),
                        (jnp.int32(3), jnp.int32(-2))],
    "negation": [(jnp.float32(1.0),), (jnp.float32(-1.0),)],
    "in_open_interval": [(jnp.float32(5.0),), (jnp.float32(-1.0),),
                         (jnp.float32(10.0),)],
    "if_expression": [(jnp.int32(4),), (jnp.int32(-4),)],
    "nested_if_expression": [(jnp.int32(20),), (jnp.int32(5),),
                             (jnp.int32(-5),)],
    "guarded_division": [(jnp.float32(3.0), jnp.float32(2.0)),
                         (jnp.float32(3.0), jnp.float32(0.0)),
                         (jnp.float32(1.0), jnp.float32(2.0))],
    "condition_with_and": [(jnp.float32(1.0), jnp.float32(2.0)),
                           (jnp.float32(1.0), jnp.float32(-2.0))],
    "condition_with_or_not": [(jnp.int32(-1), jnp.int32(0)),
                              (jnp.int32(1), jnp.int32(9)),
                              (jnp.int32(1), jnp.int32(2))],
    "loop_test_with_and": [(jnp.array([1.0, 2.0, 3.0, 4.0]), jnp.float32(6.5)),
                           (jnp.array([1.0, 2.0]), jnp.float32(100.0))],
    "abs_by_if_expression": [(jnp.array([1.0, 2.0]),),
                             (jnp.array([-1.0, 2.0]),)],
    "mixed_python_and_traced": [(jnp.int32(5), True), (jnp.int32(5), False)],
    "or_default": [(jnp.int32(9), jnp.bool_(False)),
                   (jnp.int32(1), jnp.bool_(True)),
                   (jnp.int32(1), jnp.bool_(False))],
    "if_expression_in_loop": [(jnp.array([1.0, -2.0, 3.0, 4.0]),)],
    "three_way_and": [(jnp.int32(1), jnp.int32(2), jnp.int32(3)),
                      (jnp.int32(1), jnp.int32(2), jnp.int32(30)),
                      (jnp.int32(3), jnp.int32(2), jnp.int32(3))],
    "bool_flags": [(jnp.int32(500),), (jnp.int32(0),), (jnp.int32(-500),)],
}

JAXPR = {name: {"cond"} for name in CASES
         if name != "mixed_python_and_traced"}
JAXPR["negation"] = {"not"}
JAXPR["loop_test_with_and"] = {"while", "cond"}
JAXPR["if_expression_in_loop"] = {"scan", "cond"}
STATIC = {"mixed_python_and_traced": (1,)}
