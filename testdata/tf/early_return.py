"""`return` inside conditionals under tf.function: in both branches of a
tensor `if`, in elif chains, in nested ifs, after an if whose branches all
return, with Python conditions (only the taken path traced), returning
tuples and Python constants that become tensors."""
import tensorflow as tf


def return_in_both_branches(x):
    if x > 0:
        return x * 2
    else:
        return x * 3


def return_in_if_then_fallthrough(x):
    if x > 0:
        return x + 1
    return x - 1


def return_in_elif_chain(x):
    if x > 100:
        return 3
    elif x > 10:
        return 2
    elif x > 0:
        return 1
    return 0


def return_after_work(x):
    y = x * 2
    if y > 10:
        return y
    y = y + 100
    return y


def nested_returns(x, y):
    if x > 0:
        if y > 0:
            return 1
        return 2
    else:
        if y > 0:
            return 3
    return 4


def return_tuple_in_branches(x):
    if x > 0:
        return x, x + 1
    return x - 1, x


def return_python_condition(flag, x):
    if flag:
        return x + 1
    return x - 1


def return_float_constants(x):
    if x > 0.0:
        return 1.0
    return -1.0


def return_computed_after_if(x):
    if x < 0:
        x = -x
    return x * 10


def return_in_else_only(x):
    if x > 5:
        y = x
    else:
        return tf.constant(-1)
    return y + 1


def return_after_loop(n):
    total = 0
    for i in tf.range(n):
        total += i
    if total > 5:
        return total
    return -total


def return_static_condition(v):
    if v.shape[0] > 2:
        return tf.reduce_sum(v)
    return tf.reduce_prod(v)


def return_nested_three_deep(x):
    if x > 0:
        if x > 10:
            if x > 100:
                return 3
            return 2
        return 1
    return 0


CASES = {
    "return_in_both_branches": [(tf.constant(3),), (tf.constant(-3),)],
    "return_in_if_then_fallthrough": [(tf.constant(3),), (tf.constant(-3),)],
    "return_in_elif_chain": [(tf.constant(11),), (50,)],
    "return_after_work": [(tf.constant(6),), (tf.constant(1),)],
    "nested_returns": [(tf.constant(1), tf.constant(-1)), (1, -1)],
    "return_tuple_in_branches": [(tf.constant(2),), (tf.constant(-2),)],
    "return_python_condition": [(True, tf.constant(5)),
                                (False, tf.constant(5))],
    "return_float_constants": [(tf.constant(0.5),), (tf.constant(-0.5),)],
    "return_computed_after_if": [(tf.constant(-4),), (tf.constant(4),)],
    "return_in_else_only": [(tf.constant(9),), (tf.constant(1),)],
    "return_after_loop": [(tf.constant(5),), (tf.constant(2),)],
    "return_static_condition": [(tf.constant([1, 2, 3]),),
                                (tf.constant([2, 3]),)],
    "return_nested_three_deep": [(tf.constant(500),), (tf.constant(50),),
                                 (tf.constant(5),), (tf.constant(-5),)],
}

# An if statement on a tensor whose body returns and which has no else (the
# innermost elif, the inner ifs): TensorFlow's converter moves the code after
# such an if into its else one level deep only, so it leaves the return
# value undefined on the innermost else path and rejects the function
# ("the else branch must also have a return statement."). agc moves it at
# every level, so these stage and give what Python gives.
DIFFERENCES = {
    ("return_in_elif_chain", 0):
        ("eager", "TensorFlow rejects a return covered only by a later "
                  "return; agc stages it"),
    ("nested_returns", 0):
        ("eager", "TensorFlow rejects a return covered only by a later "
                  "return; agc stages it"),
}
