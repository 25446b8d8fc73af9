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


class KerasStyleLayer:
    # Configuration flags: plain Python values set in __init__ from its
    # parameters or constants; tests on them are never staged (silent).
    def __init__(self, units, use_bias=True, scale=False, power_iterations=1):
        self.units = units
        self.use_bias = use_bias
        self.scale = scale
        self.power_iterations = power_iterations
        self.sublayers = []

    def call(self, x):
        if self.use_bias:
            return x + 1.0
        x = x * 2.0

    def scaled(self, x):
        if self.scale:
            gamma = 2.0
        return x * gamma

    def normalize(self, w, u):
        for _ in range(self.power_iterations):
            if self.units > 3:
                return u
            u = w * u
        return u

    def stack(self, x):
        outs = []
        for layer in self.sublayers:
            outs.append(layer(x))
        return outs

    def dims(self, x):
        for i, dim in enumerate([0, 1]):
            if dim:
                last = i
        return x, last


def typed_python(x, n: int, flags: list):
    out = []
    for i in range(n):
        out.append(x)
    for f in flags:
        if f is None:
            return out
    return out


def python_loop_staged_guard(x, flags: list):
    # A Python loop, but the `if` around the return tests an item that may be
    # a tensor: the return's flag would be one.
    for f in flags:
        if f:
            return x  # expect: AGC315
    return x
