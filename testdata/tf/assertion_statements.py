# agc-args: --passes default,asserts
"""`assert` under TensorFlow's Feature.ASSERT_STATEMENTS (agc's `asserts`
pass): an assert on a tensor becomes a graph assertion that fails when the
graph runs (InvalidArgumentError carrying the message), in straight-line
code, in a tensor branch and in a staged loop; asserts on Python values
still run at trace time."""
import tensorflow as tf


def assert_tensor(x):
    assert x > 0
    return x * 2


def assert_tensor_with_message(x):
    assert x < 10, "x must be below ten"
    return x + 1


def assert_python_value(n, x):
    assert n > 0, "n must be positive"
    return x * n


def assert_in_tensor_branch(x):
    if x > 0:
        assert x < 100, "positive but too large"
        y = x
    else:
        y = -x
    return y


def assert_in_staged_loop(n):
    total = 0
    for i in tf.range(n):
        assert i < 5, "loop ran too long"
        total += i
    return total


def assert_bool_tensor(flag, x):
    assert flag, "flag must be set"
    return x


CASES = {
    "assert_tensor": [(tf.constant(3),), (tf.constant(-3),)],
    "assert_tensor_with_message": [(tf.constant(3),), (tf.constant(30),)],
    "assert_python_value": [(2, tf.constant(3)), (0, tf.constant(3))],
    "assert_in_tensor_branch": [(tf.constant(3),), (tf.constant(300),),
                                (tf.constant(-3),)],
    "assert_in_staged_loop": [(tf.constant(4),), (tf.constant(8),)],
    "assert_bool_tensor": [(tf.constant(True), tf.constant(1)),
                           (tf.constant(False), tf.constant(1))],
}

ERRORS = {
    ("assert_tensor", 1):
        "InvalidArgumentError: assertion failed: [Assertion error]",
    ("assert_tensor_with_message", 1):
        "InvalidArgumentError: assertion failed: [x must be below ten]",
    ("assert_python_value", 1): "AssertionError: n must be positive",
    ("assert_in_tensor_branch", 1):
        "InvalidArgumentError: assertion failed: [positive but too large]",
    ("assert_in_staged_loop", 1):
        "InvalidArgumentError: assertion failed: [loop ran too long]",
    ("assert_bool_tensor", 1):
        "InvalidArgumentError: assertion failed: [flag must be set]",
}
