"""`match` under tf.function: TensorFlow's converter refuses a function that
contains one; agc lowers it, so a match on a tensor with literal patterns
becomes conds, a match on a Python value stays Python, and a structural
pattern on a tensor is refused."""
import tensorflow as tf


def activation(kind, x):
    match kind:
        case 0:
            y = tf.nn.relu(x)
        case 1 | 2:
            y = x * 2.0
        case _:
            y = -x
    return y


def with_guard(n):
    match n:
        case 0:
            r = n
        case m if m > 5:
            r = m * 2
        case _:
            r = -n
    return r


def python_subject(shape, x):
    # The subject is a Python value: matched while tracing, no cond.
    match shape:
        case [h, w]:
            return tf.reshape(x, [h, w])
        case [n]:
            return tf.reshape(x, [n])
        case _:
            return x


def in_a_loop(xs):
    total = tf.constant(0)
    for x in xs:
        match x:
            case 0:
                total += 100
            case 1:
                total += 10
            case _:
                total += 1
    return total


def tensor_sequence(x):
    match x:
        case [a, b]:
            return a + b
    return x


CASES = {
    "activation": [(tf.constant(0), tf.constant([1.0, -2.0])),
                   (tf.constant(2), tf.constant([1.0, -2.0])),
                   (tf.constant(7), tf.constant([1.0, -2.0]))],
    "with_guard": [(tf.constant(0),), (tf.constant(9),), (tf.constant(3),)],
    "python_subject": [([2, 2], tf.range(4)), ([4], tf.range(4)),
                       ((), tf.range(4))],
    "in_a_loop": [(tf.constant([0, 1, 2, 1]),)],
    "tensor_sequence": [(tf.constant([1, 2]),)],
}

REFUSED = "TensorFlow's converter refuses a function with a match statement"
DIFFERENCES = {
    # Two conds for the cases, one for the lazy `or` of `1 | 2`.
    **{("activation", i): ("eager", REFUSED, {"StatelessIf": 3})
       for i in range(3)},
    **{("with_guard", i): ("eager", REFUSED, {"StatelessIf": 2})
       for i in range(3)},
    **{("python_subject", i): ("eager", REFUSED, {}) for i in range(3)},
    # The loop over a tensor reads it through a TensorList.
    ("in_a_loop", 0): ("eager", REFUSED, {
        "StatelessIf": 2, "StatelessWhile": 1, "TensorListFromTensor": 1,
        "TensorListGetItem": 1, "TensorListReserve": 1}),
    ("tensor_sequence", 0): (
        "TypeError: a sequence pattern cannot match a staged value",
        "a sequence pattern needs a Python subject"),
}
