"""Variables holding Python numbers on one side of a staged statement: a
Python int or float in one branch takes the dtype of the other branch's
array (as jnp arithmetic would), a Python counter becomes the loop's int32,
a Python float accumulator a float32; results compared by value (a Python
number in the original is a JAX array in the converted function)."""
import jax.numpy as jnp
from jax import lax


def int_or_float_array(x):
    y = 0
    if x > 0:
        y = x * 2.5
    return y


def float_literal_or_int_array(n):
    # Only n <= 3 is a case: for n > 3 the original returns n * 2 as int32,
    # while lax.cond gives both sides JAX's promoted dtype (int32 array and
    # Python float -> float32), so the converted function returns float32.
    if n > 3:
        r = n * 2
    else:
        r = 0.5
    return r


def python_int_vs_int_array(x):
    if x > 0:
        r = x
    else:
        r = -1
    return r


def bool_literal_or_traced_bool(x, y):
    if x > 0:
        flag = y > 0
    else:
        flag = False
    return flag


def counter_in_while(x):
    count = 0
    while x > 1.0:
        x = x / 3
        count = count + 1
    return count


def float_accumulator_over_ints(n):
    acc = 0.0
    for i in range(n):
        acc = acc + i
    return acc


def int_accumulator_with_float_step(xs):
    total = 0
    for x in xs:
        total = total + x
    return total


def literals_in_both_branches(x):
    if x > 0:
        scale = 2
    else:
        scale = 3
    return x * scale


def float_in_one_branch_int_in_other(x):
    if x > 0:
        v = 1
    else:
        v = 2.5
    return v


def python_number_through_if_expression(x):
    return 1 if x > 0 else x * 0.5


def mixed_tuple(x):
    a, b = 0, 0.0
    if x > 0:
        a, b = x, x / 2
    return a, b


def dtype_from_argument_uint8(x):
    y = 1
    if x > 10:
        y = x
    return y


CASES = {
    "int_or_float_array": [(jnp.float32(2.0),), (jnp.float32(-2.0),)],
    "float_literal_or_int_array": [(jnp.int32(1),)],
    "python_int_vs_int_array": [(jnp.int32(5),), (jnp.int32(-5),)],
    "bool_literal_or_traced_bool": [(jnp.int32(1), jnp.int32(1)),
                                    (jnp.int32(-1), jnp.int32(1))],
    "counter_in_while": [(jnp.float32(100.0),), (jnp.float32(0.5),)],
    "float_accumulator_over_ints": [(jnp.int32(5),)],
    "int_accumulator_with_float_step": [(jnp.array([0.5, 1.5, 2.0]),)],
    "literals_in_both_branches": [(jnp.float32(1.5),), (jnp.float32(-1.5),)],
    "float_in_one_branch_int_in_other": [(jnp.float32(1.0),),
                                         (jnp.float32(-1.0),)],
    "python_number_through_if_expression": [(jnp.float32(4.0),),
                                            (jnp.float32(-4.0),)],
    "mixed_tuple": [(jnp.float32(3.0),), (jnp.float32(-3.0),)],
    "dtype_from_argument_uint8": [(jnp.uint8(200),), (jnp.uint8(3),)],
}

JAXPR = {name: {"cond"} for name in CASES}
JAXPR["counter_in_while"] = {"while"}
JAXPR["float_accumulator_over_ints"] = {"while"}
JAXPR["int_accumulator_with_float_step"] = {"scan"}
UNROLLED = {"int_accumulator_with_float_step"}
