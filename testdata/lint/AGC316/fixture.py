# AGC316: a local bound only inside a loop that may be staged, read after it.
import tensorflow as tf



def only_in_loop(xs):
    for x in xs:
        last = x
    return last  # expect: AGC316


def while_body(n):
    while n > 0:
        n -= 1
        seen = n
    total = seen + 1  # expect: AGC316
    return total


def loop_target(xs):
    for item in xs:
        pass
    return item  # expect: AGC316


def train_steps(steps, step_fn):
    for _ in tf.range(steps):
        outputs = step_fn()
    return outputs  # expect: AGC316


# Clean look-alikes.


def bound_before(xs):
    last = None
    for x in xs:
        last = x
    return last


def python_loop(step_fn):
    for _ in range(3):
        outputs = step_fn()
    return outputs


def read_inside_only(xs):
    total = 0
    for x in xs:
        y = x * 2
        total += y
    return total


def rebound_after(xs):
    for x in xs:
        last = x
    last = 0
    return last


def list_of_tensors(x):
    for part in tf.split(x, 2):
        first = part
    return first
