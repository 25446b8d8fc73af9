"""Loop control flow TensorFlow rejects: a return inside a staged loop, a
Python loop whose break, continue or return comes to depend on a tensor,
and a `while True` loop broken by a tensor condition. agc's output must be
rejected the same way (same exception type, same first line)."""
import tensorflow as tf


def return_in_while(n):
    i = 0
    r = -1
    while i < n:
        if i == 3:
            return i * 10
        i += 1
    return r


def return_in_for_range(n):
    for i in tf.range(n):
        if i > 2:
            return i
    return tf.constant(-1)


def return_in_for_over_tensor(v):
    for x in v:
        if x > 0:
            return x
    return tf.constant(0.0)


def return_in_nested_staged_loop(n):
    for i in tf.range(n):
        for j in tf.range(i):
            if j == 2:
                return j
    return tf.constant(0)


def while_true_tensor_break(n):
    i = 0
    while True:
        i += 1
        if i >= n:
            break
    return i


def python_range_tensor_break(x):
    total = 0
    for i in range(5):
        if x < i:
            break
        total += i
    return total


def python_list_tensor_return(x):
    for limit in [1, 2, 3]:
        if x < limit:
            return limit
    return 0


def python_while_tensor_break(x):
    i = 0
    while i < 5:
        i += 1
        if x > i:
            break
    return i


def python_range_tensor_continue(x):
    # A continue on a tensor is fine: it only guards the rest of the body.
    total = x
    for i in range(3):
        if x > i:
            continue
        total += i
    return total


CASES = {
    "return_in_while": [(tf.constant(10),)],
    "return_in_for_range": [(tf.constant(10),)],
    "return_in_for_over_tensor": [(tf.constant([-1.0, 2.0]),)],
    "return_in_nested_staged_loop": [(tf.constant(5),)],
    "while_true_tensor_break": [(tf.constant(4),)],
    "python_range_tensor_break": [(tf.constant(2),)],
    "python_list_tensor_return": [(tf.constant(2),)],
    "python_while_tensor_break": [(tf.constant(2),)],
    "python_range_tensor_continue": [(tf.constant(1),)],
}

ERRORS = {
    ("return_in_while", 0):
        "NotImplementedError: a return statement cannot be placed inside "
        "this TensorFlow loop",
    ("return_in_for_range", 0):
        "NotImplementedError: a return statement cannot be placed inside "
        "this TensorFlow loop",
    ("return_in_for_over_tensor", 0):
        "NotImplementedError: a return statement cannot be placed inside "
        "this TensorFlow loop",
    ("return_in_nested_staged_loop", 0):
        "NotImplementedError: a return statement cannot be placed inside "
        "this TensorFlow loop",
    ("while_true_tensor_break", 0):
        "NotImplementedError: The condition of while loop started as "
        "non-Tensor, then changed to Tensor.",
    ("python_range_tensor_break", 0):
        "NotImplementedError: break and return statements which depend on a "
        "TF condition are not supported in Python for loops.",
    # The if inside the unrolled loop already has a return on one path only.
    ("python_list_tensor_return", 0):
        "ValueError: the else branch must also have a return statement.",
    ("python_while_tensor_break", 0):
        "NotImplementedError: The condition of while loop started as "
        "non-Tensor, then changed to Tensor.",
}
