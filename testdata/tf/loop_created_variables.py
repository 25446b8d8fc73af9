# tf-entries: function to_graph
"""Variables created inside the body of a staged loop: temporaries used only
within an iteration, variables first defined in the body and read after
the loop (TensorFlow initialises them from a first trace of the body, and
checks at run time that the loop ran at least once), `None` before the
loop, a Python string replaced by a tensor, and per-iteration values
created in nested branches."""
import tensorflow as tf


def temporary_per_iteration(n):
    total = 0
    for i in tf.range(n):
        square = i * i
        total += square
    return total


def temporary_in_while(x):
    steps = 0
    while x > 1:
        half = x // 2
        x = half
        steps += 1
    return steps


def defined_in_body_read_after(n):
    for i in tf.range(n):
        square = i * i
    return square


def defined_in_while_body_read_after(x):
    while x > 0:
        last = x
        x -= 3
    return last


def none_before_loop(n):
    last = None
    for i in tf.range(n):
        last = i * 2
    return last


def python_string_replaced(n):
    s = "start"
    for i in tf.range(n):
        s = tf.strings.as_string(i)
    return s


def created_in_branch_in_loop(n):
    total = 0
    for i in tf.range(n):
        if i % 2 == 0:
            t = i * 10
        else:
            t = -i
        total += t
    return total


def created_in_nested_loop(n):
    total = 0
    for i in tf.range(n):
        row = 0
        for j in tf.range(i):
            cell = i * j
            row += cell
        total += row
    return total


def vector_created_in_body(n):
    acc = tf.zeros([2])
    for i in tf.range(n):
        step = tf.stack([tf.cast(i, tf.float32), 1.0])
        acc = acc + step
    return acc


def python_loop_creates_variable(x):
    for k in range(3):
        shifted = x + k
    return shifted


def loop_target_read_after(v):
    for x in v:
        pass
    return x


CASES = {
    "temporary_per_iteration": [(tf.constant(4),)],
    "temporary_in_while": [(tf.constant(40),)],
    "defined_in_body_read_after": [(tf.constant(3),), (tf.constant(0),)],
    "defined_in_while_body_read_after": [(tf.constant(10),),
                                         (tf.constant(-1),)],
    "none_before_loop": [(tf.constant(3),), (tf.constant(0),)],
    "python_string_replaced": [(tf.constant(2),)],
    "created_in_branch_in_loop": [(tf.constant(5),)],
    "created_in_nested_loop": [(tf.constant(4),)],
    "vector_created_in_body": [(tf.constant(3),)],
    "python_loop_creates_variable": [(tf.constant(1),)],
    "loop_target_read_after": [(tf.constant([1, 2, 3]),),
                               (tf.zeros([0], tf.int32),)],
}

# A variable the loop must define is checked when the graph runs.
ERRORS = {
    ("defined_in_body_read_after", 1):
        "InvalidArgumentError: assertion failed: [loop must iterate at least "
        "once to initialize square]",
    ("defined_in_while_body_read_after", 1):
        "InvalidArgumentError: assertion failed: [loop must iterate at least "
        "once to initialize last]",
    ("none_before_loop", 1):
        "InvalidArgumentError: assertion failed: [loop must iterate at least "
        "once to initialize last]",
    ("loop_target_read_after", 1):
        "InvalidArgumentError: assertion failed: [loop must iterate at least "
        "once to initialize x]",
}
