"""Calls to the user's own code from inside tf.function, where TensorFlow
converts each callee at trace time and agc's callees are already converted
(TensorFlow must call them as they are): helpers with tensor control flow
called in branches and loops, keyword and default arguments, nested
functions and closures, lambdas, methods of a class, recursion bounded by
a Python value, a helper that is itself a tf.function, and tf.map_fn and
tf.vectorized_map over a converted lambda."""
import tensorflow as tf


def _clip(v, limit=10):
    if v > limit:
        v = limit
    return v


def _count_down(n):
    steps = 0
    while n > 0:
        n -= 1
        steps += 1
    return steps


def _depth(x, levels):
    if levels == 0:
        return x
    return _depth(x * 2, levels - 1) + 1


@tf.function
def _inner_tf_function(x):
    if x > 0:
        x = x * 100
    return x


class _Scaler:
    def __init__(self, factor):
        self.factor = factor

    def apply(self, x):
        if x > 0:
            return x * self.factor
        return x

    def total(self, n):
        s = 0
        for i in tf.range(n):
            s += self.apply(i)
        return s


def helper_with_tensor_if(x):
    return _clip(x) + _clip(x, limit=3)


def helper_in_loop(n):
    total = 0
    for i in tf.range(n):
        total += _clip(i * 4)
    return total


def helper_with_loop_in_branch(x):
    if x > 2:
        r = _count_down(x)
    else:
        r = -_count_down(-x)
    return r


def keyword_arguments(x):
    return _clip(v=x, limit=5), _clip(limit=100, v=x)


def nested_function(x):
    def sign(v):
        if v >= 0:
            s = 1
        else:
            s = -1
        return s

    return sign(x) * x, sign(-x)


def closure_over_local(n):
    scale = 3

    def scaled(v):
        return v * scale

    total = 0
    for i in tf.range(n):
        total += scaled(i)
    return total


def lambda_called_in_loop(n):
    square = lambda v: v * v  # noqa: E731
    total = 0
    for i in tf.range(n):
        total += square(i)
    return total


def lambda_with_ternary(x):
    pick = lambda v: v if v > 0 else -v  # noqa: E731
    return pick(x) + pick(x - 10)


def method_with_tensor_if(x):
    return _Scaler(3).apply(x)


def method_with_loop(n):
    return _Scaler(2).total(n)


def bounded_recursion(x):
    return _depth(x, 3)


def calls_tf_function(x):
    if x < 5:
        y = _inner_tf_function(x)
    else:
        y = _inner_tf_function(-x)
    return y


def map_fn_over_lambda(v):
    return tf.map_fn(lambda e: e * 2 if e > 1 else e, v)


def vectorized_map_over_lambda(v):
    return tf.vectorized_map(lambda e: e * e + 1, v)


CASES = {
    "helper_with_tensor_if": [(tf.constant(20),), (tf.constant(2),)],
    "helper_in_loop": [(tf.constant(5),)],
    "helper_with_loop_in_branch": [(tf.constant(4),), (tf.constant(-3),)],
    "keyword_arguments": [(tf.constant(7),)],
    "nested_function": [(tf.constant(4),), (tf.constant(-4),)],
    "closure_over_local": [(tf.constant(4),)],
    "lambda_called_in_loop": [(tf.constant(4),)],
    "lambda_with_ternary": [(tf.constant(3),)],
    "method_with_tensor_if": [(tf.constant(3),), (tf.constant(-3),)],
    "method_with_loop": [(tf.constant(4),)],
    "bounded_recursion": [(tf.constant(1),)],
    "calls_tf_function": [(tf.constant(2),), (tf.constant(7),)],
    "map_fn_over_lambda": [(tf.constant([0, 1, 2, 3]),)],
    "vectorized_map_over_lambda": [(tf.constant([1.0, 2.0, 3.0]),)],
}
