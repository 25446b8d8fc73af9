"""Conditionals TensorFlow rejects when the condition is a tensor: a
variable defined in one branch only and read after, a `None` output,
outputs of different dtypes or nested structures on the two paths, a
return on one path only, and a condition that is not a scalar bool. The
same functions with a Python condition are legal (one branch is traced)."""
import tensorflow as tf


def defined_in_if_only(x):
    if x > 0:
        y = x + 1
    return y


def defined_in_else_only(x):
    if x > 0:
        pass
    else:
        y = x - 1
    return y


def defined_in_if_only_python(flag, x):
    if flag:
        y = x + 1
    return y


def none_in_one_branch(x):
    y = None
    if x > 0:
        y = x
    return y


def none_in_both_branches(x):
    if x > 0:
        y = None
    else:
        y = None
    return x, y


def dtype_differs(x):
    if x > 0:
        y = tf.constant(1)
    else:
        y = tf.constant(1.0)
    return y


def python_types_differ(x):
    if x > 0:
        y = 1
    else:
        y = 2.5
    return y


def structure_differs(x):
    if x > 0:
        y = (x, x)
    else:
        y = (x,)
    return y


def return_in_if_only(x):
    if x > 0:
        return x


def return_none_explicit(x):
    if x > 0:
        return x
    return None


def vector_condition(v):
    if v > 0:
        v = v * 2
    return v


def int_condition(x):
    if x:
        x = x + 1
    return x


def string_vs_int(x):
    if x > 0:
        y = "positive"
    else:
        y = 0
    return y


CASES = {
    "defined_in_if_only": [(tf.constant(1),)],
    "defined_in_else_only": [(tf.constant(1),)],
    "defined_in_if_only_python": [(True, tf.constant(1)),
                                  (False, tf.constant(1))],
    "none_in_one_branch": [(tf.constant(1),)],
    "none_in_both_branches": [(tf.constant(1),)],
    "dtype_differs": [(tf.constant(1),)],
    "python_types_differ": [(tf.constant(1),)],
    "structure_differs": [(tf.constant(1),)],
    "return_in_if_only": [(tf.constant(1),)],
    "return_none_explicit": [(tf.constant(1),)],
    "vector_condition": [(tf.constant([1, -1]),)],
    "int_condition": [(tf.constant(3),)],
    "string_vs_int": [(tf.constant(1),)],
}

ERRORS = {
    ("defined_in_if_only", 0):
        "ValueError: 'y' must also be initialized in the else branch",
    ("defined_in_else_only", 0):
        "ValueError: 'y' must also be initialized in the main branch",
    ("none_in_one_branch", 0):
        "ValueError: 'y' is None at the end of the else branch.",
    ("none_in_both_branches", 0):
        "ValueError: 'y' is None at the end of the main branch.",
    ("dtype_differs", 0):
        "TypeError: 'y' has dtype int32 in the main branch, but dtype "
        "float32 in the else branch",
    ("python_types_differ", 0):
        "TypeError: 'y' has dtype int32 in the main branch, but dtype "
        "float32 in the else branch",
    ("structure_differs", 0):
        "TypeError: 'y' must have the same nested structure in the main and "
        "else branches:",
    ("return_in_if_only", 0):
        "ValueError: the else branch must also have a return statement.",
    ("return_none_explicit", 0):
        "ValueError: 'retval_' is None at the end of the else branch.",
    ("vector_condition", 0):
        "ValueError: condition of if statement expected to be `tf.bool` "
        "scalar, got Tensor(",
    ("int_condition", 0):
        "ValueError: condition of if statement expected to be `tf.bool` "
        "scalar, got Tensor(",
    ("string_vs_int", 0):
        "TypeError: 'y' has dtype string in the main branch, but dtype int32 "
        "in the else branch",
}

DIFFERENCES = {
    # Plain Python: reading the variable the untaken branch did not set.
    # TensorFlow's ld raises "'y' is used before assignment"; agc's runtime
    # raises Python's own UnboundLocalError text, as the original does.
    ("defined_in_if_only_python", 1):
        ("eager", "agc keeps Python's UnboundLocalError message"),
}
