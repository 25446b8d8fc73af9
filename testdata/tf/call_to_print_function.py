"""Printing under tf.function with its default options: Python `print`
runs while tracing (once per traced path: both branches of a tensor if,
one trace of a staged loop body, every step of an unrolled Python loop),
and `tf.print` runs in the graph, once per execution (every iteration of a
staged loop, only the taken branch). TensorFlow leaves `print` alone unless
Feature.BUILTIN_FUNCTIONS is on, so `print` of a tensor shows the symbolic
tensor at trace time (call_to_builtin_function.py turns it on)."""
import tensorflow as tf


def print_python_values(x):
    print("tracing with", 3, [1, 2], {"k": True})
    return x + 1


def print_in_both_branches(x):
    if x > 0:
        print("main branch traced")
        y = x
    else:
        print("else branch traced")
        y = -x
    return y


def print_in_python_branch(flag, x):
    if flag:
        print("python branch", flag)
    return x


def print_in_staged_loop(n):
    total = 0
    for i in tf.range(n):
        print("body traced once")
        total += i
    return total


def print_in_unrolled_loop(x):
    for k in range(3):
        print("unrolled step", k)
        x = x + k
    return x


def tf_print_scalar(x):
    tf.print("value:", x)
    return x


def tf_print_in_staged_loop(n):
    for i in tf.range(n):
        tf.print("step", i, "of", n)
    return n


def tf_print_taken_branch_only(x):
    if x > 0:
        tf.print("positive", x)
    else:
        tf.print("not positive", x)
    return x


def tf_print_vector_and_sep(v):
    tf.print(v, tf.reduce_sum(v), sep=" | ")
    return v


def tf_print_in_while(x):
    while x < 20:
        tf.print("x =", x)
        x = x * 2
    return x


def print_tensor_at_trace_time(x):
    print("x is", x)
    return x


def print_static_shape(v):
    print("shape", v.shape, "dtype", v.dtype.name)
    return v


CASES = {
    "print_python_values": [(tf.constant(1),)],
    "print_in_both_branches": [(tf.constant(2),), (tf.constant(-2),)],
    "print_in_python_branch": [(True, tf.constant(1)),
                               (False, tf.constant(1))],
    "print_in_staged_loop": [(tf.constant(3),)],
    "print_in_unrolled_loop": [(tf.constant(0),)],
    "tf_print_scalar": [(tf.constant(7),), (tf.constant(2.5),)],
    "tf_print_in_staged_loop": [(tf.constant(3),)],
    "tf_print_taken_branch_only": [(tf.constant(4),), (tf.constant(-4),)],
    "tf_print_vector_and_sep": [(tf.constant([1, 2, 3]),)],
    "tf_print_in_while": [(tf.constant(3),)],
    "print_tensor_at_trace_time": [(tf.constant(5),)],
    "print_static_shape": [(tf.constant([1.0, 2.0]),)],
}
