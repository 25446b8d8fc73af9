import tensorflow as tf
import numpy as np


def stacked(n):
    l = []
    for i in range(n):
        l.append(tf.constant(i))
    return tf.stack(l)


def kept(n, flag):
    if flag:
        m = [n]
    a = tf.stack(m)                       # m may be unbound: kept
    b = np.stack([n])                     # not tensorflow
    c = tf.stack([n, n])                  # not a name
    d = tf.stack(n, axis=0)               # keyword arguments
    e = [tf.stack(x) for x in [[n]]]      # a comprehension's own name
    return a, b, c, d, e


def shadowed(tf, l):
    return tf.stack(l)                    # a local tf
