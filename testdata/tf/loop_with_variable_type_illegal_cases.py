"""Loop variables TensorFlow rejects in a staged loop: a dtype that
changes in the body, a shape that grows without a shape invariant, a
nested structure that changes, a variable read in the body before the body
defines it, and a Python loop whose test turns into a tensor. (`None` or
nothing before the loop is legal in TensorFlow 2.21 when the loop runs:
see loop_created_variables.py.)"""
import tensorflow as tf


def dtype_changes(n):
    x = tf.constant(0)
    for i in tf.range(n):
        x = tf.cast(x, tf.float32) + 1.0
    return x


def python_int_to_float_tensor(n):
    x = 0
    while x < n:
        x = tf.cast(x, tf.float32) + 0.5
    return x


def shape_grows(n):
    v = tf.constant([0])
    for i in tf.range(n):
        v = tf.concat([v, [i]], 0)
    return v


def rank_changes(n):
    m = tf.zeros([2])
    for _ in tf.range(n):
        m = tf.stack([m, m])
    return m


def structure_changes(n):
    acc = (tf.constant(0),)
    for i in tf.range(n):
        acc = (acc[0], i)
    return acc


def read_before_defined_in_body(n):
    for i in tf.range(n):
        if i > 0:
            total = total + i
        total = i
    return n


def python_loop_test_becomes_tensor(x):
    i = 0
    while i < 3:
        i = i + x
    return i


def string_to_int(n):
    s = tf.constant("a")
    for i in tf.range(n):
        s = i
    return s


CASES = {
    "dtype_changes": [(tf.constant(3),)],
    "python_int_to_float_tensor": [(tf.constant(3.0),)],
    "shape_grows": [(tf.constant(3),)],
    "rank_changes": [(tf.constant(2),)],
    "structure_changes": [(tf.constant(2),)],
    "read_before_defined_in_body": [(tf.constant(3),)],
    "python_loop_test_becomes_tensor": [(tf.constant(1),)],
    "string_to_int": [(tf.constant(2),)],
}

ERRORS = {
    ("dtype_changes", 0):
        "TypeError: 'x' has dtype int32 before the loop, but dtype float32 "
        "after one iteration",
    # The Python int is compared with the float before the loop is staged.
    ("python_int_to_float_tensor", 0):
        "TypeError: Input 'y' of 'Less' Op has type float32 that does not "
        "match type int32 of argument 'x'.",
    ("shape_grows", 0):
        "ValueError: 'v' has shape (1,) before the loop, but shape (2,) after "
        "one iteration.",
    ("rank_changes", 0):
        "ValueError: 'm' has shape (2,) before the loop, but shape (2, 2) "
        "after one iteration.",
    ("structure_changes", 0):
        "TypeError: 'acc' does not have the same nested structure after one "
        "iteration.",
    ("read_before_defined_in_body", 0):
        "ValueError: 'total' must be defined before the loop",
    ("python_loop_test_becomes_tensor", 0):
        "NotImplementedError: The condition of while loop started as "
        "non-Tensor, then changed to Tensor.",
    ("string_to_int", 0):
        "TypeError: 's' has dtype string before the loop, but dtype int32 "
        "after one iteration",
}
