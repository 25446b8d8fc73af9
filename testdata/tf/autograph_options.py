# tf-option-sets: none BUILTIN_FUNCTIONS EQUALITY_OPERATORS AUTO_CONTROL_DEPS
# tf-entries: function to_graph to_code
"""TensorFlow's AutoGraph features (tf.autograph.experimental.Feature in
TensorFlow 2.21) passed by the caller, on agc's default passes: each case
runs under tf.function with no feature and with each of BUILTIN_FUNCTIONS
(`print` of a tensor becomes tf.print: the graph prints when it runs),
EQUALITY_OPERATORS (`==`/`!=` through ag__.eq, which gives tf.equal for
tensors as the operators do) and AUTO_CONTROL_DEPS (control dependencies
inside the function's scope, which tf.function adds to the whole graph
anyway), and is entered three ways: tf.function, tf.autograph.to_graph and
tf.autograph.to_code (autograph_options_all.py: Feature.ALL)."""
import tensorflow as tf

_counter = tf.Variable(0)


def print_tensor(x):
    print("x is", x)
    return x + 1


def print_in_branch(x):
    if x > 0:
        print("positive", x)
        y = x * 2
    else:
        print("not positive", x)
        y = -x
    return y


def print_in_staged_loop(n):
    total = tf.constant(0)
    for i in tf.range(n):
        print("step", i)
        total += i
    return total


def print_python_values(x):
    print("tracing with", 3, [1, 2])
    return x


def equal_tensors(x, y):
    if x == y:
        z = x + y
    else:
        z = x - y
    return z


def not_equal_in_loop(n):
    i = tf.constant(0)
    while i != n:
        i += 1
    return i


def equal_python_values(a, b):
    return a == b, a != b


def assign_then_read(x):
    _counter.assign(x)
    _counter.assign_add(1)
    return _counter.read_value() * 2


CASES = {
    "print_tensor": [(tf.constant(3),)],
    "print_in_branch": [(tf.constant(2),), (tf.constant(-2),)],
    "print_in_staged_loop": [(tf.constant(3),)],
    "print_python_values": [(tf.constant(1),)],
    "equal_tensors": [(tf.constant(2), tf.constant(2)),
                      (tf.constant(2), tf.constant(5))],
    "not_equal_in_loop": [(tf.constant(4),)],
    "equal_python_values": [([1, 2], [1, 2]), ("a", "b")],
    "assign_then_read": [(tf.constant(5),)],
}
