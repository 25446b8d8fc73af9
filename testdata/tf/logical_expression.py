"""`and`, `or`, `not` and conditional expressions (ternaries) on tensors
under tf.function: staged as tf.cond where the left operand is a tensor,
plain Python where it is a Python value (including short-circuiting
Python values in front of tensors), inside conditions of ifs and loops,
and mixed with comparisons and chained comparisons."""
import tensorflow as tf


def and_tensors(a, b):
    return a > 0 and b > 0


def or_tensors(a, b):
    return a > 0 or b > 0


def not_tensor(a):
    return not a > 0


def not_bool_tensor(flag):
    return not flag


def and_in_if(a, b):
    if a > 0 and b > 0:
        r = a + b
    else:
        r = a - b
    return r


def or_in_while(x, limit):
    steps = 0
    while x < limit or steps < 2:
        x += 5
        steps += 1
    return x, steps


def python_short_circuit_and(flag, x):
    # flag is a Python bool: `False and <tensor>` never looks at the tensor.
    return flag and x > 0


def python_short_circuit_or(flag, x):
    return flag or x > 0


def ternary_tensor(x):
    return x * 2 if x > 0 else x * 3


def ternary_python(flag, x):
    return x + 1 if flag else x - 1


def ternary_in_loop(n):
    total = 0
    for i in tf.range(n):
        total += i if i % 2 == 0 else -i
    return total


def ternary_of_ternary(x):
    # Two statements: TensorFlow's converter leaves a ternary nested inside
    # another ternary unconverted (bool() of a tensor), a bug agc does not
    # copy, so the nested form cannot be compared.
    low = 2 if x > 0 else 3
    return 1 if x > 10 else low


def chained_comparison(x):
    if 0 < x < 10:
        r = tf.constant("inside")
    else:
        r = tf.constant("outside")
    return r


def chained_comparison_in_while(n):
    i = 0
    while 0 <= i < n:
        i += 2
    return i


def chained_comparison_of_call(v):
    # The middle operand is a call: TensorFlow's converter evaluates it once
    # per link; agc keeps the chain as written (AGC105), so bool() of a
    # tensor fails, and binding the call to a name first stages it.
    if 0 < tf.reduce_sum(v) < 10:
        r = tf.constant(1)
    else:
        r = tf.constant(0)
    return r


def three_way_and(a, b, c):
    return a > 0 and b > 0 and c > 0


def mixed_and_or(a, b, c):
    return (a > 0 and b > 0) or c > 0


def not_in_if(x):
    if not x > 3:
        x = x + 100
    return x


def and_with_python_true_first(x):
    return True and x > 0


def or_returns_tensor_operand(a, b):
    # Both operands are bool tensors: the result is a bool tensor.
    return tf.equal(a, 1) or tf.equal(b, 1)


def ternary_with_tuple(x):
    return (x, -x) if x > 0 else (-x, x)


CASES = {
    "and_tensors": [(tf.constant(1), tf.constant(1)),
                    (tf.constant(1), tf.constant(-1)),
                    (tf.constant(-1), tf.constant(1))],
    "or_tensors": [(tf.constant(-1), tf.constant(-1)),
                   (tf.constant(-1), tf.constant(1)),
                   (tf.constant(1), tf.constant(-1))],
    "not_tensor": [(tf.constant(1),), (tf.constant(-1),)],
    "not_bool_tensor": [(tf.constant(True),), (tf.constant(False),)],
    "and_in_if": [(tf.constant(2), tf.constant(3)),
                  (tf.constant(2), tf.constant(-3))],
    "or_in_while": [(tf.constant(0), tf.constant(12)),
                    (tf.constant(20), tf.constant(12))],
    "python_short_circuit_and": [(False, tf.constant(1)),
                                 (True, tf.constant(1))],
    "python_short_circuit_or": [(True, tf.constant(-1)),
                                (False, tf.constant(-1))],
    "ternary_tensor": [(tf.constant(4),), (tf.constant(-4),)],
    "ternary_python": [(True, tf.constant(4)), (False, tf.constant(4))],
    "ternary_in_loop": [(tf.constant(5),)],
    "ternary_of_ternary": [(tf.constant(11),), (tf.constant(5),),
                       (tf.constant(-5),)],
    "chained_comparison": [(tf.constant(5),), (tf.constant(15),)],
    "chained_comparison_in_while": [(tf.constant(5),)],
    "chained_comparison_of_call": [(tf.constant([1, 2]),),
                                   (tf.constant([10, 2]),)],
    "three_way_and": [(tf.constant(1), tf.constant(1), tf.constant(1)),
                      (tf.constant(1), tf.constant(-1), tf.constant(1))],
    "mixed_and_or": [(tf.constant(-1), tf.constant(1), tf.constant(1)),
                     (tf.constant(-1), tf.constant(1), tf.constant(-1))],
    "not_in_if": [(tf.constant(1),), (tf.constant(5),)],
    "and_with_python_true_first": [(tf.constant(2),)],
    "or_returns_tensor_operand": [(tf.constant(1), tf.constant(0)),
                                  (tf.constant(0), tf.constant(0))],
    "ternary_with_tuple": [(tf.constant(2),), (tf.constant(-2),)],
}

DIFFERENCES = {
    (name, i): ("OperatorNotAllowedInGraphError: Using a symbolic "
                "`tf.Tensor` as a Python `bool` is not allowed",
                "agc does not evaluate the middle call of a chain twice")
    for name, i in (("chained_comparison_of_call", 0),
                    ("chained_comparison_of_call", 1))
}
