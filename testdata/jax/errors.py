"""Staging errors: code that Python runs on concrete values but that JAX's
control flow cannot express once the deciding value is traced. Each is in
ERRORS with the documented type and message; the message names the
variable. The original (no jit) runs every case."""
import jax.numpy as jnp
from jax import lax


def shape_grows_in_while(x):
    while jnp.sum(x) < 10:
        x = jnp.concatenate([x, x])
    return x


def shape_grows_in_traced_range(x, n):
    for _ in range(n):
        x = jnp.append(x, 0.0)
    return x


def dtype_changes_in_loop(n):
    x = n
    while x > 1:
        x = x / 2
    return x


def set_in_one_branch(x):
    if x > 0:
        y = x * 2
    return y


def none_on_one_side(x):
    y = None
    if x > 0:
        y = x
    return y


def shapes_differ_between_branches(x):
    if x > 0:
        v = jnp.zeros(2)
    else:
        v = jnp.zeros(3)
    return v


def structure_differs_between_branches(x):
    if x > 0:
        v = (x, x)
    else:
        v = [x, x]
    return v


def string_in_branch(x):
    label = "small"
    if x > 10:
        label = "large"
    return label


def bool_call_on_tracer(x):
    if bool(x > 0):
        x = x + 1
    return x


def tracer_in_python_if_via_method(x):
    # .item() asks for the value outside any operator.
    if (x > 0).item():
        x = x + 1
    return x


def dtypes_differ_between_branches(x):
    if x > 0:
        v = jnp.int32(1)
    else:
        v = jnp.float32(1.0)
    return v


def tuple_grows_in_loop(x):
    acc = (x,)
    while acc[0] < 10:
        acc = (acc[0] * 2, acc[0])
    return acc


def break_over_generator(x):
    found = 0
    for k in (i * i for i in range(1, 5)):
        if x < k:
            found = k
            break
    return found


def break_over_dict_keys(x):
    found = 0
    for k in {1: "a", 2: "b", 3: "c"}:
        if x < k:
            found = k
            break
    return found


CASES = {
    "shape_grows_in_while": [(jnp.ones(2),)],
    "shape_grows_in_traced_range": [(jnp.ones(2), jnp.int32(3))],
    "dtype_changes_in_loop": [(jnp.int32(10),)],
    "set_in_one_branch": [(jnp.float32(2.0),)],
    "none_on_one_side": [(jnp.float32(2.0),)],
    "shapes_differ_between_branches": [(jnp.float32(2.0),)],
    "structure_differs_between_branches": [(jnp.float32(2.0),)],
    "string_in_branch": [(jnp.int32(20),)],
    "bool_call_on_tracer": [(jnp.int32(1),)],
    "tracer_in_python_if_via_method": [(jnp.int32(1),)],
    "dtypes_differ_between_branches": [(jnp.float32(2.0),)],
    "tuple_grows_in_loop": [(jnp.int32(1),)],
    "break_over_generator": [(jnp.int32(2),)],
    "break_over_dict_keys": [(jnp.int32(2),)],
}

ERRORS = {
    ("shape_grows_in_while", 0): "TypeError: 'x' has shape (2) before",
    ("shape_grows_in_traced_range", 0): "TypeError: 'x' has shape (2) before",
    ("dtype_changes_in_loop", 0): "TypeError: 'x' has dtype int32 before",
    ("set_in_one_branch", 0): "TypeError: 'y' is set in the if branch "
                              "(float32[]) but not in the else branch",
    ("none_on_one_side", 0): "TypeError: 'y' is float32[] in the if branch "
                             "but None in the else branch",
    ("shapes_differ_between_branches", 0): "TypeError: 'v' is float32[2] in "
                                           "the if branch but float32[3]",
    ("structure_differs_between_branches", 0): "TypeError: 'v' is a tuple of "
                                               "2 elements in the if branch "
                                               "but a list of 2 elements",
    ("string_in_branch", 0): "TypeError: 'label' is a str",
    ("bool_call_on_tracer", 0): "TracerBoolConversionError: Attempted "
                                "boolean conversion of traced array",
    ("tracer_in_python_if_via_method", 0): "ConcretizationTypeError: "
                                           "Abstract tracer value "
                                           "encountered",
    ("dtypes_differ_between_branches", 0): "TypeError: 'v' is int32[] in "
                                           "the if branch but float32[]",
    ("tuple_grows_in_loop", 0): "TypeError: 'acc' is a tuple of 1 element "
                                "before the while loop but a tuple of 2",
    ("break_over_dict_keys", 0): "TypeError: a for loop over a "
                                 "dict_keyiterator cannot stop on a traced "
                                 "condition",
    ("break_over_generator", 0): "TypeError: a for loop over a generator "
                                 "cannot stop on a traced condition",
}
