"""Loops inside tf.function: `while` on tensor tests (tf.while_loop), `for`
over tf.range and over a tensor's rows, loops that run zero times, several
loop variables, float and vector state, and Python loops (over range(3), a
list, a Python-valued while) whose tensor bodies are unrolled while
tracing: the plain-Python path of the operators inside tf.function."""
import tensorflow as tf


def while_count(n):
    i = 0
    total = 0
    while i < n:
        total += i
        i += 1
    return total


def while_countdown(n):
    steps = 0
    while n > 0:
        n -= 3
        steps += 1
    return n, steps


def while_float_halving(x):
    halvings = 0
    while x > 1.0:
        x = x / 2.0
        halvings += 1
    return x, halvings


def while_tensor_state_only(x):
    while x < 100:
        x = x * 3
    return x


def while_python_test_tensor_body(x):
    # The test is on a Python int: an unrolled Python loop.
    i = 0
    while i < 3:
        x = x * 2
        i += 1
    return x


def for_range_tensor(n):
    total = 0
    for i in tf.range(n):
        total += i * i
    return total


def for_range_start_stop_step(a, b):
    out = 0
    for i in tf.range(a, b, 2):
        out = out * 10 + i
    return out


def for_range_negative_step(n):
    seen = 0
    for i in tf.range(n, 0, -1):
        seen = seen + i
    return seen


def for_range_zero_iterations(n):
    total = 7
    for i in tf.range(n):
        total = total + i
    return total


def for_over_vector(v):
    total = 0.0
    for x in v:
        total += x
    return total


def for_over_matrix_rows(m):
    acc = tf.zeros([3])
    for row in m:
        acc = acc + row
    return acc


def for_python_range_unrolled(x):
    for i in range(3):
        x = x + i
    return x


def for_python_list_unrolled(x):
    for scale in [1, 10, 100]:
        x = x * scale
    return x


def for_python_range_tensor_bound(n):
    # range() of a tensor inside tf.function becomes tf.range.
    total = 0
    for i in range(n):
        total += i
    return total


def two_loop_variables(n):
    a = 0
    b = 1
    for _ in tf.range(n):
        a, b = b, a + b
    return a


def loop_variable_after_loop(n):
    i = -1
    for i in tf.range(n):
        pass
    return i


def while_with_tf_ops(x):
    while tf.reduce_sum(x) < 50:
        x = x * 2 + 1
    return x


def sequential_loops(n):
    a = 0
    for i in tf.range(n):
        a += i
    b = 0
    for j in tf.range(a):
        b += 1
    return a, b


def while_two_conditions(x, y):
    while x < 10 and y > 0:
        x += 2
        y -= 1
    return x, y


def for_with_index_math(v):
    acc = 0
    for i in tf.range(tf.shape(v)[0]):
        acc += v[i] * (i + 1)
    return acc


def for_range_python_int_with_cast(n):
    acc = tf.constant(0.0)
    for i in tf.range(n):
        acc += tf.cast(i, tf.float32) * 0.5
    return acc


CASES = {
    "while_count": [(tf.constant(5),), (tf.constant(0),), (4,)],
    "while_countdown": [(tf.constant(10),), (tf.constant(-1),)],
    "while_float_halving": [(tf.constant(20.0),), (tf.constant(0.5),)],
    "while_tensor_state_only": [(tf.constant(2),), (tf.constant(200),)],
    "while_python_test_tensor_body": [(tf.constant(3),)],
    "for_range_tensor": [(tf.constant(4),), (tf.constant(0),), (3,)],
    "for_range_start_stop_step": [(tf.constant(1), tf.constant(8))],
    "for_range_negative_step": [(tf.constant(4),)],
    "for_range_zero_iterations": [(tf.constant(0),), (tf.constant(-2),)],
    "for_over_vector": [(tf.constant([1.5, 2.5, 3.0]),),
                        (tf.zeros([0]),)],
    "for_over_matrix_rows": [(tf.ones([4, 3]),)],
    "for_python_range_unrolled": [(tf.constant(10),)],
    "for_python_list_unrolled": [(tf.constant(2),)],
    "for_python_range_tensor_bound": [(tf.constant(5),), (5,)],
    "two_loop_variables": [(tf.constant(10),), (tf.constant(1),)],
    "loop_variable_after_loop": [(tf.constant(3),)],
    "while_with_tf_ops": [(tf.constant([1, 2]),)],
    "sequential_loops": [(tf.constant(4),)],
    "while_two_conditions": [(tf.constant(0), tf.constant(3)),
                             (tf.constant(0), tf.constant(10))],
    "for_with_index_math": [(tf.constant([3, 2, 1]),)],
    "for_range_python_int_with_cast": [(tf.constant(4),)],
}
