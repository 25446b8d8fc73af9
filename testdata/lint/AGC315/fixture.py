# AGC315: `return` inside a loop that may be staged.
import tensorflow as tf


def first_negative(xs):
    for x in xs:
        if x < 0:
            return x  # expect: AGC315
    return 0


def while_find(x, limit):
    i = 0
    while i < limit:
        if x[i] > 0:
            return i  # expect: AGC315
        i += 1
    return -1


def over_tf_range(n):
    for i in tf.range(n):
        return i  # expect: AGC315


def nested_loops(rows):
    for row in rows:
        for v in [1, 2, 3]:
            if v in row:
                return v  # expect: AGC315
    return None


def in_a_try(xs):
    for x in xs:
        try:
            return int(x)  # expect: AGC315
        except ValueError:
            pass
    return 0


# Clean look-alikes.
# Python loops, the else clause, nested functions, no loop.


def over_a_list(x):
    for scale in [1.0, 2.0]:
        if scale > 1.5:
            return x * scale
    return x


def over_python_range(x):
    for i in range(3):
        if i == 2:
            return x + i
    return x


def over_enumerate_of_tuple(x):
    for i, dim in enumerate((0, 1)):
        if dim:
            return x + i
    return x


def while_true_python(it):
    while True:
        return next(it)


def in_the_else(xs):
    for x in xs:
        pass
    else:
        return 1
    return 0


def nested_function(xs):
    for x in xs:
        def inner(v):
            return v + 1
        x = inner(x)
    return xs


def no_loop(x):
    if x > 0:
        return x
    return -x


def generator_left_alone(xs):
    for x in xs:
        yield x
        return
