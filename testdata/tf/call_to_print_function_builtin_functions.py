# tf-features: BUILTIN_FUNCTIONS
"""Printing under tf.function with TensorFlow's Feature.BUILTIN_FUNCTIONS:
`print` of a tensor is then staged (a py_func that prints when the graph
runs: the taken branch only, every iteration of a staged loop), while
`print` of Python values only still prints at trace time. agc's output
has no such option (call_to_print_function.py is the default)."""
import tensorflow as tf


def print_python_only(x):
    print("constant", 42)
    return x


def print_tensor(x):
    print("x =", x)
    return x


def print_tensor_in_loop(n):
    for i in tf.range(n):
        print("i", i)
    return n


def print_tensor_in_branch(x):
    if x > 0:
        print("pos", x)
    else:
        print("neg", x)
    return x


CASES = {
    "print_python_only": [(tf.constant(5),)],
    "print_tensor": [(tf.constant(5),)],
    "print_tensor_in_loop": [(tf.constant(3),)],
    "print_tensor_in_branch": [(tf.constant(3),), (tf.constant(-3),)],
}
