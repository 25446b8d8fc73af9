# AGC308: a loop over a Python range/list whose body calls TensorFlow.
import tensorflow as tf
from tensorflow import math as tfm


def total(x):
    for i in range(100):  # expect: AGC308
        x = tf.math.add(x, i)
    return x


def over_list(x):
    for k in [1, 2, 3]:  # expect: AGC308
        x = tfm.multiply(x, k)
    return x


def over_tuple(x):
    for k in (1, 2):  # expect: AGC308
        if k:
            x = tf.square(x)
    return x


def nested_call(x, n):
    for i in range(n):  # expect: AGC308
        x = x + tf.reduce_sum(tf.ones([i]))
    return x


# Clean look-alikes.


def tf_range(x):
    for i in tf.range(100):
        x = tf.math.add(x, i)
    return x


def no_tf_call(x):
    for i in range(10):
        x = x + i
    return x


def over_tensor(x, t):
    for row in t:
        x = tf.math.add(x, row)
    return x


def call_outside(x):
    for i in range(3):
        x = x + i
    return tf.square(x)


class PowerIteration:
    # `range(self.power_iterations)`: a count the configuration chose.
    def __init__(self, power_iterations=1):
        self.power_iterations = power_iterations

    def normalize(self, w, u):
        for _ in range(self.power_iterations):
            u = tf.linalg.matvec(w, u)
        return u
