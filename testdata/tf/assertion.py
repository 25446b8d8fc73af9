"""`assert` under tf.function with its default options: TensorFlow does not
convert assert statements unless Feature.ASSERT_STATEMENTS is on, so an
assert on a Python value runs (and fails) at trace time and an assert on a
tensor cannot take its truth (an illegal case); explicit tf.debugging
assertions stage as usual. assertion_statements.py turns the feature (and
agc's asserts pass) on."""
import tensorflow as tf


def assert_python_value(n, x):
    assert n > 0, "n must be positive"
    return x * n


def assert_static_shape(v):
    assert v.shape[0] == 3, "expected three elements"
    return tf.reduce_sum(v)


def assert_on_tensor(x):
    assert x > 0
    return x


def tf_debugging_assert(x):
    tf.debugging.assert_positive(x, message="x must be positive")
    return x + 1


def tf_assert_in_branch(x):
    if x > 10:
        tf.debugging.assert_less(x, 100, message="too big")
        y = x - 10
    else:
        y = x
    return y


CASES = {
    "assert_python_value": [(2, tf.constant(3)), (0, tf.constant(3))],
    "assert_static_shape": [(tf.constant([1, 2, 3]),), (tf.constant([1]),)],
    "assert_on_tensor": [(tf.constant(1),)],
    "tf_debugging_assert": [(tf.constant(1),), (tf.constant(-1),)],
    "tf_assert_in_branch": [(tf.constant(50),), (tf.constant(500),),
                            (tf.constant(5),)],
}

ERRORS = {
    ("assert_python_value", 1): "AssertionError: n must be positive",
    ("assert_static_shape", 1): "AssertionError: expected three elements",
    ("assert_on_tensor", 0):
        "OperatorNotAllowedInGraphError: Using a symbolic `tf.Tensor` as a "
        "Python `bool` is not allowed.",
    ("tf_debugging_assert", 1):
        "InvalidArgumentError: assertion failed: [x must be positive.  ] "
        "[Condition x > 0 did not hold element-wise:]",
    ("tf_assert_in_branch", 1):
        "InvalidArgumentError: assertion failed: [too big] [Condition x < y "
        "did not hold element-wise:]",
}
