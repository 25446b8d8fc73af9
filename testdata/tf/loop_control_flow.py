"""`break`, `continue` and `return` inside loops staged by tf.function:
while loops on tensor tests, for loops over tf.range and over tensors, in
nested loops, together, and Python loops around tensor bodies where the
break, continue or return depends on a Python value. (A return inside a
staged loop, or a Python loop's break on a tensor, is rejected: see
loop_control_flow_illegal_cases.py.)"""
import tensorflow as tf


def while_break(n):
    i = 0
    while i < n:
        if i * i > 20:
            break
        i += 1
    return i


def while_continue(n):
    i = 0
    odd_sum = 0
    while i < n:
        i += 1
        if i % 2 == 0:
            continue
        odd_sum += i
    return odd_sum


def for_range_break(n):
    last = 0
    for i in tf.range(n):
        last = i
        if i >= 3:
            break
    return last


def for_range_continue(n):
    total = 0
    for i in tf.range(n):
        if i % 3 == 0:
            continue
        total += i
    return total


def for_tensor_break(v):
    found = -1.0
    for x in v:
        if x < 0:
            found = x
            break
    return found


def for_tensor_continue(v):
    positives = 0.0
    for x in v:
        if x <= 0:
            continue
        positives += x
    return positives


def break_and_continue(n):
    total = 0
    for i in tf.range(n):
        if i % 2 == 1:
            continue
        if i > 6:
            break
        total += i
    return total


def break_in_else_branch(n):
    i = 0
    while i < n:
        if i < 4:
            i += 1
        else:
            break
    return i


def nested_break_inner(n):
    total = 0
    for i in tf.range(n):
        for j in tf.range(n):
            if j > i:
                break
            total += 1
    return total


def nested_continue_outer(n):
    total = 0
    for i in tf.range(n):
        if i % 2 == 0:
            continue
        for j in tf.range(i):
            total += j
    return total


def python_loop_python_break(x):
    # Break on a Python value inside a Python loop: unrolled, stops at 2.
    for i in range(10):
        if i == 2:
            break
        x = x * 2
    return x


def python_loop_tensor_continue_free(x):
    # Continue on a Python value, tensor arithmetic in the body.
    for i in range(4):
        if i % 2 == 0:
            continue
        x = x + i
    return x


def return_in_python_loop(x):
    for i in range(5):
        if i == 3:
            return x + i
    return x


def while_break_float(x):
    steps = 0
    while x < 1000.0:
        x = x * 1.5
        steps += 1
        if steps >= 5:
            break
    return x, steps


def continue_at_end(n):
    total = 0
    for i in tf.range(n):
        total += i
        if total > 3:
            continue
    return total


CASES = {
    "while_break": [(tf.constant(10),), (tf.constant(2),)],
    "while_continue": [(tf.constant(7),), (tf.constant(0),)],
    "for_range_break": [(tf.constant(10),), (tf.constant(2),)],
    "for_range_continue": [(tf.constant(8),)],
    "for_tensor_break": [(tf.constant([1.0, -2.0, -3.0]),),
                         (tf.constant([1.0, 2.0]),)],
    "for_tensor_continue": [(tf.constant([1.0, -2.0, 3.0]),)],
    "break_and_continue": [(tf.constant(20),), (tf.constant(3),)],
    "break_in_else_branch": [(tf.constant(10),), (tf.constant(2),)],
    "nested_break_inner": [(tf.constant(4),)],
    "nested_continue_outer": [(tf.constant(5),)],
    "python_loop_python_break": [(tf.constant(3),)],
    "python_loop_tensor_continue_free": [(tf.constant(0),)],
    "return_in_python_loop": [(tf.constant(1),)],
    "while_break_float": [(tf.constant(1.0),), (tf.constant(900.0),)],
    "continue_at_end": [(tf.constant(5),)],
}
