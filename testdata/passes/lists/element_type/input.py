import tensorflow as tf


def stacked(n):
    l = []
    tf.autograph.experimental.set_element_type(l, tf.int32, ())
    for i in range(n):
        l.append(i)
    x = l.pop()
    return x, l


def untyped(n):
    l = [n]
    y = l.pop()
    return y
