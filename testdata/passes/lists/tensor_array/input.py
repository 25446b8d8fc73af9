import tensorflow as tf


def rows(n):
    # A TensorArray has no `append`: only a converter makes this work, so
    # the append is rewritten even though its argument is a call.
    out = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    for i in range(n):
        out.append(tf.cast(i, tf.float32) * 2.0)
    return out.stack()


def maybe_array(n, other):
    # Bound to something else on one path: its `append` may exist, and must
    # be looked up before the argument runs, so it stays as written.
    out = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
    if n > 3:
        out = other
    out.append(tf.constant(n))
    return out


def shadowed(n):
    # `tf` is a local here, not the tensorflow module: left alone.
    tf = make_module()
    out = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
    out.append(compute(n))
    return out


def not_an_array(items, n):
    out = make_buffer()
    out.append(compute(n))
    return out
