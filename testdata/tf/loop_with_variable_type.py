"""Loop variables whose Python type changes to a tensor of the same dtype
(a Python int that becomes an int32 tensor on the first iteration),
tensors whose shape grows under `set_loop_options(shape_invariants=...)`,
loops bounded by `set_loop_options(maximum_iterations=...)` or run with
`parallel_iterations` and `swap_memory`, loop
variables that are tuples and dicts of tensors, and loop variables that
stay Python values across a staged loop because the loop never changes
them."""
import tensorflow as tf


def python_int_becomes_tensor(n):
    total = 0
    for i in tf.range(n):
        total = total + i
    return total


def python_float_becomes_tensor(x):
    acc = 0.0
    while x > 1.0:
        acc = acc + x
        x = x / 2.0
    return acc


def growing_vector_with_invariant(n):
    v = tf.constant([0])
    for i in tf.range(n):
        tf.autograph.experimental.set_loop_options(
            shape_invariants=[(v, tf.TensorShape([None]))])
        v = tf.concat([v, [i]], 0)
    return v


def growing_matrix_with_invariant(n):
    m = tf.zeros([1, 2])
    i = 0
    while i < n:
        tf.autograph.experimental.set_loop_options(
            shape_invariants=[(m, tf.TensorShape([None, 2]))])
        m = tf.concat([m, tf.ones([1, 2]) * tf.cast(i, tf.float32)], 0)
        i += 1
    return m


def maximum_iterations_while(n):
    i = 0
    while i < n:
        tf.autograph.experimental.set_loop_options(maximum_iterations=4)
        i += 1
    return i


def maximum_iterations_for(n):
    total = 0
    for i in tf.range(n):
        tf.autograph.experimental.set_loop_options(maximum_iterations=3)
        total += i
    return total


def parallel_iterations_and_swap_memory(n):
    total = 0.0
    for i in tf.range(n):
        tf.autograph.experimental.set_loop_options(parallel_iterations=1,
                                                   swap_memory=True)
        total += tf.cast(i, tf.float32) * 0.25
    return total


def tuple_loop_variable(n):
    pair = (tf.constant(0), tf.constant(1))
    for _ in tf.range(n):
        pair = (pair[1], pair[0] + pair[1])
    return pair


def dict_loop_variable(n):
    stats = {"count": tf.constant(0), "sum": tf.constant(0)}
    for i in tf.range(n):
        stats = {"count": stats["count"] + 1, "sum": stats["sum"] + i}
    return stats


def untouched_python_value(n):
    scale = 3
    total = 0
    for i in tf.range(n):
        total += i * scale
    return total, scale


def int64_range(n):
    total = tf.constant(0, tf.int64)
    for i in tf.range(n, dtype=tf.int64):
        total += i
    return total


def bool_loop_variable(n):
    seen_big = tf.constant(False)
    for i in tf.range(n):
        seen_big = seen_big or i > 3
    return seen_big


def string_loop_variable(n):
    s = tf.constant("")
    for _ in tf.range(n):
        s = s + "ab"
    return s


def loop_variable_cast_each_time(n):
    x = tf.constant(1.0)
    for i in tf.range(n):
        x = tf.cast(tf.cast(x, tf.int32) + i, tf.float32)
    return x


CASES = {
    "python_int_becomes_tensor": [(tf.constant(5),), (tf.constant(0),)],
    "python_float_becomes_tensor": [(tf.constant(10.0),)],
    "growing_vector_with_invariant": [(tf.constant(3),)],
    "growing_matrix_with_invariant": [(tf.constant(2),)],
    "maximum_iterations_while": [(tf.constant(10),), (tf.constant(2),)],
    "maximum_iterations_for": [(tf.constant(10),)],
    "parallel_iterations_and_swap_memory": [(tf.constant(5),)],
    "tuple_loop_variable": [(tf.constant(6),)],
    "dict_loop_variable": [(tf.constant(4),)],
    "untouched_python_value": [(tf.constant(3),)],
    "int64_range": [(tf.constant(4, tf.int64),)],
    "bool_loop_variable": [(tf.constant(5),), (tf.constant(2),)],
    "string_loop_variable": [(tf.constant(3),)],
    "loop_variable_cast_each_time": [(tf.constant(3),)],
}
