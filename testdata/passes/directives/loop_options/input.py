import tensorflow as tf
from tensorflow.autograph.experimental import set_loop_options as slo
from tensorflow.autograph.experimental import set_element_type


def spelled_out(xs, n):
    total = 0
    for x in xs:
        tf.autograph.experimental.set_loop_options(
            maximum_iterations=n, parallel_iterations=2)
        total += x
    return total


def alias_positional(n):
    i = 0
    while i < n:
        slo(10, False)
        i += 1
    return i


def only_statement(xs):
    for x in xs:
        tf.autograph.experimental.set_loop_options(swap_memory=True)
    return xs


def element_type(n):
    l = []
    set_element_type(l, tf.int32, ())
    for i in range(n):
        l.append(i)
    return l


def misplaced(xs):
    tf.autograph.experimental.set_loop_options(maximum_iterations=3)
    for x in xs:
        print(x)
        tf.autograph.experimental.set_loop_options(maximum_iterations=3)


def invalid(xs, opts):
    for x in xs:
        tf.autograph.experimental.set_loop_options(bogus=1)
    for x in xs:
        tf.autograph.experimental.set_loop_options(**opts)
    set_element_type(xs)
    return xs


class NotConverted:
    tf.autograph.experimental.set_loop_options(maximum_iterations=3)
