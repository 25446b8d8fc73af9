# tf-entries: function to_graph
"""`if` statements inside tf.function: on scalar tensors (tf.cond, both
branches traced), on Python values (plain Python, one branch traced), with
one or several outputs, locals used only inside a branch, nested calls,
strings and floats, stateful branches (tf.Variable), and conditions decided
by static facts of a tensor (its shape, its dtype, `is None`)."""
import tensorflow as tf

counter = tf.Variable(0, dtype=tf.int32)


def _double(x):
    return x * 2


def if_without_else(x):
    y = x
    if x > 0:
        y = x * 3
    return y


def if_with_else(x):
    if x > 0:
        y = x + 10
    else:
        y = x - 10
    return y


def elif_chain(x):
    if x > 10:
        grade = 3
    elif x > 5:
        grade = 2
    elif x > 0:
        grade = 1
    else:
        grade = 0
    return grade


def two_outputs(x):
    a = x
    b = -x
    if x % 2 == 0:
        a = a + 1
    else:
        b = b - 1
    return a, b


def swap_in_branch(x, y):
    if x < y:
        x, y = y, x
    return x, y


def branch_local_only(x):
    out = x
    if x > 0:
        tmp = x * x
        out = tmp + 1
    return out


def calls_helper_in_branch(x):
    if x >= 0:
        r = _double(x)
    else:
        r = _double(-x) + 1
    return r


def float_condition(x):
    if x > 0.5:
        y = x * 2.0
    else:
        y = x / 2.0
    return y


def bool_tensor_argument(flag, x):
    if flag:
        x = x + 100
    return x


def python_bool_argument(flag, x):
    # flag is a Python bool: plain Python, only one branch is traced.
    if flag:
        x = x + 100
    else:
        x = x - 100
    return x


def python_int_compare(n, x):
    if n > 2:
        x = x * n
    return x


def reduce_condition(v):
    if tf.reduce_sum(v) > 0:
        v = v * 2
    else:
        v = -v
    return v


def tf_equal_condition(x):
    if tf.equal(x, 3):
        x = x + 1
    return x


def cast_in_branches(x):
    if x > 0:
        y = tf.cast(x, tf.float32) * 0.5
    else:
        y = tf.constant(-1.0)
    return y


def string_branches(s):
    if tf.strings.length(s) > 3:
        out = tf.strings.upper(s)
    else:
        out = s + "!"
    return out


def static_shape_condition(v):
    # The shape is known while tracing: a Python condition.
    if v.shape[0] == 3:
        r = tf.reduce_sum(v)
    else:
        r = tf.reduce_max(v)
    return r


def dtype_condition(x):
    if x.dtype == tf.float32:
        x = x + 0.5
    else:
        x = x + 1
    return x


def none_check(x, y=None):
    if y is not None:
        x = x + y
    return x


def variable_assign_in_branch(x):
    counter.assign(0)
    if x > 0:
        counter.assign_add(x)
    else:
        counter.assign_sub(1)
    return counter.read_value()


def vector_state(x, v):
    if x > 0:
        v = v + tf.ones_like(v)
    else:
        v = v * 0
    return v


def unchanged_in_both(x):
    y = x + 1
    if x > 0:
        z = y * 2
    else:
        z = y * 3
    return y, z


def augmented_both_branches(x):
    total = x
    if x > 1:
        total += 10
    else:
        total -= 10
    total *= 2
    return total


CASES = {
    "if_without_else": [(tf.constant(4),), (tf.constant(-4),), (7,)],
    "if_with_else": [(tf.constant(1),), (tf.constant(0),)],
    "elif_chain": [(tf.constant(11),), (tf.constant(6),), (tf.constant(1),),
                   (tf.constant(-2),), (8,)],
    "two_outputs": [(tf.constant(4),), (tf.constant(5),)],
    "swap_in_branch": [(tf.constant(1), tf.constant(2)),
                       (tf.constant(5), tf.constant(2))],
    "branch_local_only": [(tf.constant(3),), (tf.constant(-3),)],
    "calls_helper_in_branch": [(tf.constant(5),), (tf.constant(-5),)],
    "float_condition": [(tf.constant(0.75),), (tf.constant(0.25),)],
    "bool_tensor_argument": [(tf.constant(True), tf.constant(1)),
                             (tf.constant(False), tf.constant(1))],
    "python_bool_argument": [(True, tf.constant(1)), (False, tf.constant(1))],
    "python_int_compare": [(3, tf.constant(2)), (1, tf.constant(2))],
    "reduce_condition": [(tf.constant([1, 2, 3]),), (tf.constant([-1, -2]),)],
    "tf_equal_condition": [(tf.constant(3),), (tf.constant(4),)],
    "cast_in_branches": [(tf.constant(3),), (tf.constant(-3),)],
    "string_branches": [(tf.constant("abcd"),), (tf.constant("ab"),)],
    "static_shape_condition": [(tf.constant([1, 5, 2]),),
                               (tf.constant([1, 5]),)],
    "dtype_condition": [(tf.constant(1.0),), (tf.constant(1),)],
    "none_check": [(tf.constant(1),), (tf.constant(1), tf.constant(2))],
    "variable_assign_in_branch": [(tf.constant(7),), (tf.constant(-7),)],
    "vector_state": [(tf.constant(1), tf.constant([1.0, 2.0])),
                     (tf.constant(-1), tf.constant([1.0, 2.0]))],
    "unchanged_in_both": [(tf.constant(2),), (tf.constant(-2),)],
    "augmented_both_branches": [(tf.constant(2),), (tf.constant(0),)],
}
