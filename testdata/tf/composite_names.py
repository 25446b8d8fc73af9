"""Composite names as control-flow state under tf.function: attributes of
an object (`acc.total`), items of a dict (`d['count']`) and of a list,
fields read through namedtuples, modified in tensor ifs and staged loops,
with the object itself never rebound (agc and AutoGraph carry `a.b` and
`a[k]` as loop variables of their own)."""
import collections

import tensorflow as tf

Pair = collections.namedtuple("Pair", ["first", "second"])


class _Accumulator:
    def __init__(self):
        self.total = tf.constant(0)
        self.count = tf.constant(0)


class _Box:
    def __init__(self, value):
        self.value = value


def attribute_in_if(x):
    acc = _Accumulator()
    if x > 0:
        acc.total = x * 2
    else:
        acc.total = -x
    return acc.total


def attribute_in_for(n):
    acc = _Accumulator()
    for i in tf.range(n):
        acc.total += i
        acc.count += 1
    return acc.total, acc.count


def attribute_in_while(x):
    box = _Box(x)
    while box.value < 100:
        box.value = box.value * 3
    return box.value


def dict_item_in_if(x):
    d = {"sign": tf.constant(0)}
    if x > 0:
        d["sign"] = tf.constant(1)
    else:
        d["sign"] = tf.constant(-1)
    return d["sign"]


def dict_items_in_loop(n):
    d = {"count": 0, "sum": 0}
    for i in tf.range(n):
        d["count"] += 1
        d["sum"] += i
    return d["count"], d["sum"]


def list_item_in_loop(n):
    cells = [tf.constant(0), tf.constant(1)]
    for _ in tf.range(n):
        cells[0] = cells[0] + cells[1]
    return cells[0]


def namedtuple_fields_in_loop(n):
    p = Pair(tf.constant(0), tf.constant(1))
    for _ in tf.range(n):
        p = Pair(p.second, p.first + p.second)
    return p.first


def namedtuple_result(x):
    if x > 0:
        p = Pair(x, x + 1)
    else:
        p = Pair(x - 1, x)
    return p


def nested_attribute(x):
    outer = _Box(_Box(x))
    if x > 0:
        outer.value.value = x * 10
    return outer.value.value


def attribute_and_local(n):
    box = _Box(tf.constant(0))
    local = 0
    for i in tf.range(n):
        box.value += i
        local += 1
    return box.value + local


def dict_return_from_loop(n):
    out = {"a": tf.constant(1.0), "b": tf.constant(2.0)}
    for _ in tf.range(n):
        out["a"] = out["a"] * 2.0
        out["b"] = out["b"] + 1.0
    return out


def attribute_in_python_loop(x):
    box = _Box(x)
    for k in range(3):
        box.value = box.value + k
    return box.value


CASES = {
    "attribute_in_if": [(tf.constant(2),), (tf.constant(-2),)],
    "attribute_in_for": [(tf.constant(4),)],
    "attribute_in_while": [(tf.constant(2),)],
    "dict_item_in_if": [(tf.constant(2),), (tf.constant(-2),)],
    "dict_items_in_loop": [(tf.constant(5),)],
    "list_item_in_loop": [(tf.constant(4),)],
    "namedtuple_fields_in_loop": [(tf.constant(7),)],
    "namedtuple_result": [(tf.constant(3),), (tf.constant(-3),)],
    "nested_attribute": [(tf.constant(3),), (tf.constant(-3),)],
    "attribute_and_local": [(tf.constant(4),)],
    "dict_return_from_loop": [(tf.constant(3),)],
    "attribute_in_python_loop": [(tf.constant(1),)],
}
