"""A tiny next-token model with a custom TensorFlow training step.

The data are counting sequences over a small vocabulary: each sequence
starts at a random token and counts up to the last token, then emits EOS
(token 0) and is padded with EOS. The model is an MLP that reads the
current token (one-hot) and predicts the next one.

The functions below are ordinary Python with data-dependent control flow
on tensors, written the way one writes them for TensorFlow's AutoGraph:

- `sequence_loss` walks the time steps with `for t in tf.range(...)`;
- `clip_by_global_norm` rescales the gradients under an `if` on the
  (tensor) global norm;
- `greedy_decode` feeds the model its own predictions in a `while` loop
  that `break`s when the predicted token (a tensor) is EOS.

Called inside `tf.function`, TensorFlow's AutoGraph converts them at trace
time. `agc convert` converts them ahead of time (see the Makefile); the
converted module, called inside `tf.function`, builds the same graph.
"""
import keras
import tensorflow as tf

VOCAB = 10
EOS = 0
SEQ_LEN = 12


def build_model(hidden=32):
    """An MLP from a one-hot token to the logits of the next token."""
    inputs = keras.Input(shape=(VOCAB,))
    x = keras.layers.Dense(hidden, activation="tanh", name="hidden")(inputs)
    logits = keras.layers.Dense(VOCAB, name="logits")(x)
    return keras.Model(inputs, logits, name="next_token")


def make_batch(batch_size, seed):
    """Counting sequences from random start tokens: s, s+1, ..., EOS, EOS..."""
    starts = tf.random.stateless_uniform(
        [batch_size, 1], seed=[seed, 0], minval=1, maxval=VOCAB,
        dtype=tf.int32)
    tokens = starts + tf.range(SEQ_LEN, dtype=tf.int32)[None, :]
    return tf.where(tokens < VOCAB, tokens, EOS)


def sequence_loss(model, tokens):
    """Mean next-token cross-entropy over the positions before each EOS."""
    total = tf.constant(0.0)
    count = tf.constant(0.0)
    for t in tf.range(tf.shape(tokens)[1] - 1):
        current = tokens[:, t]
        logits = model(tf.one_hot(current, VOCAB), training=True)
        losses = keras.losses.sparse_categorical_crossentropy(
            tokens[:, t + 1], logits, from_logits=True)
        mask = tf.cast(tf.not_equal(current, EOS), tf.float32)
        total += tf.reduce_sum(losses * mask)
        count += tf.reduce_sum(mask)
    return total / tf.maximum(count, 1.0)


def clip_by_global_norm(grads, clip_norm):
    """Rescales grads to a global norm of at most clip_norm."""
    norm = tf.linalg.global_norm(grads)
    clipped = tf.constant(False)
    if norm > clip_norm:
        grads = [g * (clip_norm / norm) for g in grads]
        clipped = tf.constant(True)
    return grads, norm, clipped


def train_step(model, optimizer, tokens, clip_norm):
    """One optimizer step on a batch; returns the loss before the step."""
    with tf.GradientTape() as tape:
        loss = sequence_loss(model, tokens)
    grads = tape.gradient(loss, model.trainable_variables)
    grads, norm, clipped = clip_by_global_norm(grads, clip_norm)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss, norm, clipped


def greedy_decode(model, start, max_len):
    """Feeds the model its own argmax from start until EOS (or max_len)."""
    out = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
    token = tf.convert_to_tensor(start, tf.int32)
    length = tf.constant(0)
    while length < max_len:
        out = out.write(length, token)
        length += 1
        if tf.equal(token, EOS):
            break
        logits = model(tf.one_hot(token[None], VOCAB), training=False)
        token = tf.argmax(logits[0], output_type=tf.int32)
    return out.stack()
