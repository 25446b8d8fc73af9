# The staging rules without --assume-staged: an if or loop is reported only
# when its test or iterable has evidence of a tensor (a TensorFlow or JAX
# call, a parameter annotated as a tensor, a parameter of a @tf.function or
# @jax.jit function, or a local bound from one of those). `# expect:` lines
# are reported in both modes; `# assumed:` lines only with --assume-staged.
import jax
import jax.numpy as jnp
import tensorflow as tf

total = 0


# Evidence of a tensor: reported by default.


def from_tf_call(x):
    s = tf.reduce_sum(x)
    if s > 0:
        y = s
    return y  # expect: AGC301


def annotated(x: tf.Tensor):
    if x > 0:
        return x  # expect: AGC303
    print(x)


@tf.function
def traced(x):
    best = None
    if x > 0:
        best = x
    return best + 1  # expect: AGC302


@jax.jit
def jitted(xs):
    out = []
    for x in xs:
        out.append(x)  # expect: AGC304
    return out


def while_on_tensor(n: jax.Array):
    i = jnp.zeros(())
    while i < n:
        i = i + 1
        if i > 3:
            return i  # expect: AGC315
    return i


def try_around(x: tf.Tensor):
    try:  # expect: AGC312
        if tf.reduce_any(x > 0):
            x = -x
    except ValueError:
        pass
    return x


def delete(x: tf.Tensor):
    y = 1
    if x > 0:
        del y  # expect: AGC313
    return x


def global_write(x: tf.Tensor):
    global total  # expect: AGC310
    for v in x:
        total = total + v


def lambda_test(xs):
    t = tf.constant(xs)
    return tf.map_fn(
        lambda v: v if tf.reduce_all(t > 0) else -v,  # expect: AGC309
        t)


def derived(x: tf.Tensor):
    n = tf.shape(x)[0]
    for i in range(n):
        last = i
    return last  # expect: AGC316


def early_exit_under_staged_if(layers, x: tf.Tensor):
    for layer in layers:
        if tf.reduce_any(x > 0):
            return layer  # expect: AGC315
    return None


def spin(x: tf.Tensor):
    while True:  # expect: AGC307
        x = x - 1
        if x < 0:
            break
    return x


class Counter:
    def __init__(self):
        self.count = 0

    def tick(self):
        self.count += 1

    def run(self, n: tf.Tensor):
        for _ in tf.range(n):
            self.tick()  # expect: AGC306

    def run_layers(self, layers):
        for _ in layers:
            self.tick()  # assumed: AGC306


def squares(x, n):
    for _ in range(n):  # expect: AGC308
        x = tf.square(x)
    return x


def four_squares(x):
    for _ in range(4):  # assumed: AGC308
        x = tf.square(x)
    return x


def read_lines(f):
    while True:  # assumed: AGC307
        line = f.readline()
        if not line:
            break
    return line


# Clean look-alikes: nothing says these are tensors (Python values or
# unknown), so only --assume-staged reports them.


class Dense:
    def __init__(self, units, activation=None, use_bias=True, layers=()):
        self.units = units
        self.activation = activation
        self.use_bias = use_bias
        self.layers = list(layers)

    def call(self, inputs):
        out = tf.matmul(inputs, self.kernel)
        if self.use_bias:
            return out + self.bias
        return out

    def stack(self, inputs):
        outputs = []
        for layer in self.layers:
            outputs.append(layer(inputs))  # assumed: AGC304
        return outputs

    def sublayer(self, flag):
        if flag:
            found = self.layers[0]
        return found  # assumed: AGC301


def unknown_parameter(x):
    if x > 0:
        y = x
    return y  # assumed: AGC301


def nest_flatten(structure):
    flat = []
    for t in tf.nest.flatten(structure):
        flat.append(t)
    return flat


def static_shape(x: tf.Tensor):
    dims = []
    for d in x.shape:
        dims.append(d)
    return dims


def zip_with_unstacked(x: tf.Tensor, dims):
    # zip stops with its shortest argument, a Python list: a Python loop.
    out = []
    for d, t in zip(dims, tf.unstack(x)):
        out.append(t)
    return out


def operator_blocks(d: tf.Tensor):
    # A framework class gives a Python object, not a tensor.
    op = tf.linalg.LinearOperatorDiag(d)
    blocks = []
    for block in op.operators:
        blocks.append(block)  # assumed: AGC304
    return blocks


def checkpoints(path):
    # tf.train gives Python objects (here a generator of file names).
    found = []
    for c in tf.train.checkpoints_iterator(path):
        found.append(c)
    return found


def flatten_each(xs, n):
    # tf.nest adds nothing to the graph: nothing is unrolled.
    for _ in range(n):
        xs = tf.nest.flatten(xs)
    return xs


def python_global(n):
    global total  # assumed: AGC310
    total = n


def plain_multiline_lambda(xs):
    return list(map(
        lambda v: v or 0,  # assumed: AGC309
        xs))


def config_flag(x, training=None):
    if training is None:
        training = False
    if training:
        y = x
    return y  # assumed: AGC301
