# agc-args: --passes default,lists,slices
"""List idioms under TensorFlow's Feature.LISTS (agc's `lists` and `slices`
passes, which TensorFlow's one feature turns on together): `append`, `pop`,
`tf.stack`, `len` and reads and writes by index on TensorArrays, in staged
loops, tensor ifs and unrolled Python loops; non-empty list literals, which
stay Python lists (an item set in one branch of a tensor if leaks into the
other, an illegal case); and empty list literals, which become TensorLists that
TensorFlow 2.21 cannot append to (their element type stays INVALID whatever
`set_element_type` says), so those are illegal cases here."""
import tensorflow as tf
from tensorflow.python.autograph.lang.directives import set_element_type


def tensor_array_append_in_for(v):
    out = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    for x in v:
        out.append(x * 2.0)
    return out.stack()


def tensor_array_append_in_while(x):
    halves = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    while x > 1.0:
        x = x / 2.0
        halves.append(x)
    return halves.stack()


def tensor_array_append_in_if(x):
    picked = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
    if x > 0:
        picked.append(x)
    else:
        picked.append(-x)
        picked.append(x)
    return picked.stack()


def tensor_array_append_python_loop(x):
    parts = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
    for k in range(3):
        parts.append(x + k)
    return parts.stack()


def tensor_array_write_read(n):
    ta = tf.TensorArray(tf.int32, size=n)
    for i in tf.range(n):
        ta = ta.write(i, i + 5)
    return ta.read(n - 1), ta.stack()


def tensor_array_subscript_write(n):
    ta = tf.TensorArray(tf.int32, size=n)
    for i in tf.range(n):
        ta[i] = i * i
    return ta.stack()


def tensor_array_subscript_read(n):
    ta = tf.TensorArray(tf.int32, size=n)
    for i in tf.range(n):
        ta = ta.write(i, i * 3)
    return ta[n - 1]


def tensor_array_tf_stack(v):
    ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    for x in v:
        ta = ta.write(ta.size(), x + 1.0)
    return tf.stack(ta)


def tensor_array_len(n):
    ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
    for i in tf.range(n):
        if i % 2 == 0:
            ta.append(i)
    return len(ta)


def tensor_array_rows(n):
    rows = tf.TensorArray(tf.float32, size=0, dynamic_size=True,
                          element_shape=(2,))
    for i in tf.range(n):
        f = tf.cast(i, tf.float32)
        rows.append(tf.stack([f, f * f]))
    return rows.stack()


def tensor_array_nested_loops(n):
    cells = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
    for i in tf.range(n):
        for j in tf.range(i):
            cells.append(i * 10 + j)
    return cells.stack()


def tensor_array_strings(n):
    words = tf.TensorArray(tf.string, size=0, dynamic_size=True)
    for i in tf.range(n):
        words.append(tf.strings.as_string(i))
    return tf.strings.reduce_join(words.stack(), separator=",")


def tensor_array_pop(x):
    ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
    ta.append(x)
    last = ta.pop()
    return last


def python_literal_list(x):
    parts = [x, x + 1]
    parts.append(x + 2)
    return tf.stack(parts)


def python_literal_list_in_python_loop(x):
    parts = [x]
    for k in range(3):
        parts.append(x * k)
    return tf.stack(parts)


def python_list_pop(x):
    parts = [x, x + 1, x + 2]
    last = parts.pop()
    first = parts.pop(0)
    return last, first, tf.stack(parts)


def python_list_index(x):
    parts = [x, x]
    parts[0] = x * 2
    return parts[0] + parts[1]


def python_list_in_tensor_if(x):
    pair = [x, x]
    if x > 0:
        pair[1] = x + 10
    return tf.stack(pair)


def empty_list_append_in_for(n):
    squares = []
    set_element_type(squares, tf.int32)
    for i in tf.range(n):
        squares.append(i * i)
    return tf.stack(squares)


def empty_list_append_in_if(x):
    picked = []
    set_element_type(picked, tf.int32)
    if x > 0:
        picked.append(x)
    return tf.stack(picked)


def empty_list_append_then_pop(x):
    items = []
    set_element_type(items, tf.int32, ())
    items.append(x)
    last = items.pop()
    return last


def empty_list_untyped(n):
    items = []
    for i in tf.range(n):
        items.append(i)
    return tf.stack(items)


CASES = {
    "tensor_array_append_in_for": [(tf.constant([1.0, 2.0, 3.0]),)],
    "tensor_array_append_in_while": [(tf.constant(10.0),)],
    "tensor_array_append_in_if": [(tf.constant(3),), (tf.constant(-3),)],
    "tensor_array_append_python_loop": [(tf.constant(1),)],
    "tensor_array_write_read": [(tf.constant(3),)],
    "tensor_array_subscript_write": [(tf.constant(3),)],
    "tensor_array_subscript_read": [(tf.constant(4),)],
    "tensor_array_tf_stack": [(tf.constant([1.0, 2.0]),)],
    "tensor_array_len": [(tf.constant(5),)],
    "tensor_array_rows": [(tf.constant(3),)],
    "tensor_array_nested_loops": [(tf.constant(4),)],
    "tensor_array_strings": [(tf.constant(3),)],
    "tensor_array_pop": [(tf.constant(1),)],
    "python_literal_list": [(tf.constant(1),)],
    "python_literal_list_in_python_loop": [(tf.constant(2),)],
    "python_list_pop": [(tf.constant(1),)],
    "python_list_index": [(tf.constant(3),)],
    "python_list_in_tensor_if": [(tf.constant(3),), (tf.constant(-3),)],
    "empty_list_append_in_for": [(tf.constant(4),)],
    "empty_list_append_in_if": [(tf.constant(4),)],
    "empty_list_append_then_pop": [(tf.constant(4),)],
    "empty_list_untyped": [(tf.constant(3),)],
}

_PUSH_TO_INVALID = ("ValueError: Trying to push to list with wrong element "
                    "dtype. List has type INVALID but trying to push element "
                    "with type int32")

ERRORS = {
    # set_item mutates the Python list in place: the else branch sees the
    # tensor the main branch stored.
    ("python_list_in_tensor_if", 0):
        "ValueError: Tensor cond/add:0 in true_fn is accessed from false_fn.",
    ("python_list_in_tensor_if", 1):
        "ValueError: Tensor cond/add:0 in true_fn is accessed from false_fn.",
    ("tensor_array_pop", 0):
        "ValueError: TensorArray does not support item removal",
    ("empty_list_append_in_for", 0): _PUSH_TO_INVALID,
    ("empty_list_append_in_if", 0): _PUSH_TO_INVALID,
    ("empty_list_append_then_pop", 0): _PUSH_TO_INVALID,
    ("empty_list_untyped", 0): _PUSH_TO_INVALID,
}
