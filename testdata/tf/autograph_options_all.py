# agc-args: --passes all
# tf-option-sets: ALL
# tf-entries: function to_graph to_code
"""Feature.ALL (every optional feature of TensorFlow 2.21's AutoGraph) on
agc's output converted with every pass (`--passes all`: asserts, lists and
slices are passes in agc, decided when converting), under tf.function,
tf.autograph.to_graph and tf.autograph.to_code."""
import tensorflow as tf


def assert_and_print(x):
    assert x > 0, "x must be positive"
    print("x is", x)
    return x + 1


def list_in_staged_loop(n):
    ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
    for i in tf.range(n):
        ta = ta.write(i, i * i)
    return ta.stack()


def equal_in_branch(x):
    if x == 3:
        y = x * 10
    else:
        y = x
    return y


CASES = {
    "assert_and_print": [(tf.constant(2),), (tf.constant(-1),)],
    "list_in_staged_loop": [(tf.constant(4),)],
    "equal_in_branch": [(tf.constant(3),), (tf.constant(4),)],
}

ERRORS = {
    ("assert_and_print", 1): "InvalidArgumentError: assertion failed: "
                             "[x must be positive]",
}
