"""Loops over tf.data under tf.function: `for` over a Dataset (a staged
dataset reduction), with break and continue, over tuples and dicts of
elements, over batches, over an iterator, `next` on an iterator, datasets
made inside the function, `map`/`filter`/`reduce` with lambdas written in
the converted function (agc marks them converted: TensorFlow must not
convert them again), and `for` over a distributed dataset under a
MirroredStrategy on two logical CPUs. Datasets are made fresh for every
run (CASES entries are zero-argument factories)."""
import tensorflow as tf

_STRATEGY = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])


def _replica_sum(batch):
    return tf.reduce_sum(batch)


def _distributed(n, batch):
    ds = tf.data.Dataset.range(n).map(lambda x: tf.cast(x, tf.float32))
    return _STRATEGY.experimental_distribute_dataset(ds.batch(batch))


def sum_over_range_dataset(ds):
    total = tf.constant(0, tf.int64)
    for x in ds:
        total += x
    return total


def sum_over_float_slices(ds):
    total = 0.0
    for x in ds:
        total += x * 2.0
    return total


def break_in_dataset_loop(ds):
    total = tf.constant(0, tf.int64)
    for x in ds:
        if x > 3:
            break
        total += x
    return total


def continue_in_dataset_loop(ds):
    evens = tf.constant(0, tf.int64)
    for x in ds:
        if x % 2 == 1:
            continue
        evens += x
    return evens


def tuple_elements(ds):
    dot = 0.0
    for a, b in ds:
        dot += a * b
    return dot


def dict_elements(ds):
    total = tf.constant(0)
    for row in ds:
        total += row["count"] * row["weight"]
    return total


def batched_elements(ds):
    largest = tf.constant(0, tf.int64)
    for batch in ds:
        m = tf.reduce_max(batch)
        if m > largest:
            largest = m
    return largest


def dataset_made_inside(n):
    ds = tf.data.Dataset.range(n)
    count = tf.constant(0, tf.int64)
    for _ in ds:
        count += 1
    return count


def map_with_lambda(ds):
    doubled = ds.map(lambda x: x * 2)
    total = tf.constant(0, tf.int64)
    for x in doubled:
        total += x
    return total


def map_with_conditional_lambda(ds):
    folded = ds.map(lambda x: x if x < 3 else -x)
    total = tf.constant(0, tf.int64)
    for x in folded:
        total += x
    return total


def filter_with_lambda(ds):
    odd = ds.filter(lambda x: x % 2 == 1)
    total = tf.constant(0, tf.int64)
    for x in odd:
        total += x
    return total


def reduce_with_lambda(ds):
    return ds.reduce(tf.constant(0, tf.int64), lambda acc, x: acc + x * x)


def iterate_over_iterator(ds):
    it = iter(ds)
    total = tf.constant(0, tf.int64)
    for x in it:
        total += x
    return total


def next_on_iterator(ds):
    it = iter(ds)
    first = next(it)
    second = next(it)
    return first * 10 + second


def print_in_dataset_loop(ds):
    for x in ds:
        tf.print("element", x)
    return tf.constant(0)


def nested_dataset_and_range(ds):
    total = tf.constant(0, tf.int64)
    for x in ds:
        for i in tf.range(x):
            total += i
    return total


def python_int_state_over_dataset(ds):
    # A Python int that becomes an int32 tensor; the dataset gives int32.
    total = 0
    for x in ds:
        total += x
    return total


def dtype_mismatch_over_dataset(ds):
    total = 0
    for x in ds:
        total += x
    return total


def return_in_dataset_loop(ds):
    for x in ds:
        if x > 2:
            return x
    return tf.constant(-1, tf.int64)


def distributed_sum(dist_ds):
    total = tf.constant(0.0)
    for batch in dist_ds:
        per_replica = _STRATEGY.run(_replica_sum, args=(batch,))
        total += _STRATEGY.reduce(tf.distribute.ReduceOp.SUM, per_replica,
                                  axis=None)
    return total


def distributed_count_steps(dist_ds):
    steps = 0
    for _ in dist_ds:
        steps += 1
    return steps


def distributed_with_if(dist_ds):
    big = tf.constant(0.0)
    for batch in dist_ds:
        s = _STRATEGY.reduce(tf.distribute.ReduceOp.SUM,
                             _STRATEGY.run(_replica_sum, args=(batch,)),
                             axis=None)
        if s > 5.0:
            big += s
    return big


def distributed_break(dist_ds):
    steps = 0
    for _ in dist_ds:
        steps += 1
        if steps > 1:
            break
    return steps


CASES = {
    "sum_over_range_dataset": [lambda: (tf.data.Dataset.range(5),),
                               lambda: (tf.data.Dataset.range(0),)],
    "sum_over_float_slices": [
        lambda: (tf.data.Dataset.from_tensor_slices([1.5, 2.5, 4.0]),)],
    "break_in_dataset_loop": [lambda: (tf.data.Dataset.range(10),)],
    "continue_in_dataset_loop": [lambda: (tf.data.Dataset.range(7),)],
    "tuple_elements": [lambda: (tf.data.Dataset.from_tensor_slices(
        ([1.0, 2.0, 3.0], [4.0, 5.0, 6.0])),)],
    "dict_elements": [lambda: (tf.data.Dataset.from_tensor_slices(
        {"count": [1, 2, 3], "weight": [10, 20, 30]}),)],
    "batched_elements": [lambda: (tf.data.Dataset.range(10).batch(3),)],
    "dataset_made_inside": [(tf.constant(4, tf.int64),)],
    "map_with_lambda": [lambda: (tf.data.Dataset.range(4),)],
    "map_with_conditional_lambda": [lambda: (tf.data.Dataset.range(5),)],
    "filter_with_lambda": [lambda: (tf.data.Dataset.range(6),)],
    "reduce_with_lambda": [lambda: (tf.data.Dataset.range(4),)],
    "iterate_over_iterator": [lambda: (tf.data.Dataset.range(4),)],
    "next_on_iterator": [lambda: (tf.data.Dataset.range(3, 9),)],
    "print_in_dataset_loop": [lambda: (tf.data.Dataset.range(3),)],
    "nested_dataset_and_range": [lambda: (tf.data.Dataset.range(4),)],
    "python_int_state_over_dataset": [
        lambda: (tf.data.Dataset.from_tensor_slices([1, 2, 3]),)],
    "dtype_mismatch_over_dataset": [lambda: (tf.data.Dataset.range(3),)],
    "return_in_dataset_loop": [lambda: (tf.data.Dataset.range(5),)],
    "distributed_sum": [lambda: (_distributed(8, 4),)],
    "distributed_count_steps": [lambda: (_distributed(8, 2),)],
    "distributed_with_if": [lambda: (_distributed(8, 4),)],
    "distributed_break": [lambda: (_distributed(8, 2),)],
}

ERRORS = {
    # The Python 0 becomes an int32 tensor; the dataset gives int64.
    ("dtype_mismatch_over_dataset", 0):
        "TypeError: Input 'y' of 'AddV2' Op has type int64 that does not "
        "match type int32 of argument 'x'.",
    ("return_in_dataset_loop", 0):
        "NotImplementedError: a return statement cannot be placed inside "
        "this TensorFlow loop",
    ("distributed_break", 0):
        "NotImplementedError: break and return statements are not yet "
        "supported in for ... in distributed input loops.",
}
