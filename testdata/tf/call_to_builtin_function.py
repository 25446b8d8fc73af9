"""Builtins called on tensors under tf.function (TensorFlow routes them
through its overloads whatever the features; agc through converted_call):
`len` of static and dynamic shapes, `range` of a tensor (tf.range), `int`,
`float`, `abs`, `enumerate` over a dataset, the same builtins on Python
values (plain Python), and those TensorFlow has no overload for on a
tensor (`enumerate` and `zip` over a tensor, `max`/`min` of tensors),
which raise."""
import tensorflow as tf


def len_of_tensor(v):
    return len(v)


def len_of_dynamic_tensor(v):
    w = tf.boolean_mask(v, v > 0)
    return len(w)


def range_of_tensor(n):
    total = 0
    for i in range(n):
        total += i
    return total


def int_and_float_of_tensor(x):
    return int(x) * 2, float(x) * 2.5


def abs_of_tensor(x):
    return abs(x)


def enumerate_tensor(v):
    weighted = 0.0
    for i, x in enumerate(v):
        weighted += tf.cast(i, tf.float32) * x
    return weighted


def enumerate_dataset(ds):
    total = tf.constant(0, tf.int64)
    for i, x in enumerate(ds):
        total += i * x
    return total


def zip_tensors(a, b):
    total = 0
    for x, y in zip(a, b):
        total += x * y
    return total


def builtins_on_python_values(x):
    n = len([1, 2, 3])
    m = abs(-4)
    k = int("7")
    return x + n + m + k


def max_min_of_tensors(a, b):
    return max(a, b), min(a, b)


CASES = {
    "len_of_tensor": [(tf.constant([4, 5, 6]),)],
    "len_of_dynamic_tensor": [(tf.constant([4, -5, 6]),)],
    "range_of_tensor": [(tf.constant(5),)],
    "int_and_float_of_tensor": [(tf.constant(3),)],
    "abs_of_tensor": [(tf.constant(-3),), (tf.constant(-2.5),)],
    "enumerate_tensor": [(tf.constant([1.0, 2.0, 3.0]),)],
    "enumerate_dataset": [lambda: (tf.data.Dataset.range(1, 5),)],
    "zip_tensors": [(tf.constant([1, 2, 3]), tf.constant([4, 5, 6]))],
    "builtins_on_python_values": [(tf.constant(1),)],
    "max_min_of_tensors": [(tf.constant(3), tf.constant(8))],
}

_ITERATING = ("OperatorNotAllowedInGraphError: Iterating over a symbolic "
              "`tf.Tensor` is not allowed.")

ERRORS = {
    ("enumerate_tensor", 0): _ITERATING,
    ("zip_tensors", 0): _ITERATING,
    ("max_min_of_tensors", 0):
        "OperatorNotAllowedInGraphError: Using a symbolic `tf.Tensor` as a "
        "Python `bool` is not allowed.",
}
