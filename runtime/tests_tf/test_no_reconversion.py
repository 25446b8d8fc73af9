"""TensorFlow never converts agc's output again.

tf.function and the TensorFlow entry points that convert the functions they
are handed (tf.map_fn, tf.while_loop, Dataset.map / filter,
tf.vectorized_map, a Keras Lambda layer) must call agc's converted functions
and lambdas as they are: TensorFlow's converter runs zero times on them, and
the graph they trace comes from agc's code (agc's staging operators ran).
Each check also runs the unconverted original, where TensorFlow's converter
must run: that is what makes the count of zero mean something.
"""

import contextlib
import io
import os
import subprocess
import sys
import unittest

from tests_tf import support

import tensorflow as tf  # noqa: E402
from tensorflow.python.autograph.impl import api  # noqa: E402

from agc_runtime import tf_backend  # noqa: E402

SOURCE = """
import tensorflow as tf

def double_if_positive(x):
    if tf.reduce_sum(x) > 0:
        x = x * 2
    else:
        x = -x
    return x

def count_down(n):
    while n > 0:
        n -= 1
    return n

def make_lambda():
    return lambda x: x * 2 if x > 0 else -x  # noqa

def keep_small(x):
    if x < 3:
        keep = True
    else:
        keep = False
    return keep

def loop_cond(i, acc):
    return i < 5

def loop_body(i, acc):
    if i % 2 == 0:
        acc += i
    return i + 1, acc

def by_row(row):
    total = 0.0
    for v in row:
        if v > 0:
            total += v
    return total
"""

# The converted code itself (--converted-only), and the default output
# (eager originals beside their twins), whose functions tf.function calls as
# they are too (their guards call the twins while TensorFlow traces). A
# lambda made by an eager call is the original lambda: TensorFlow converts it
# (README, "Eager originals").
ORIGINAL, CONVERTED = support.convert(SOURCE, "--converted-only")
_, EAGER = support.convert(SOURCE)


@contextlib.contextmanager
def counting():
    """Records the modules of the functions TensorFlow converts, and agc's
    staged statements, while the block runs."""
    converted = []
    staged = []
    transform = api._TRANSPILER.transform

    def counting_transform(entity, ctx):
        converted.append(getattr(entity, "__module__", None))
        return transform(entity, ctx)

    methods = {name: getattr(tf_backend.Staging, name)
               for name in ("if_stmt", "while_stmt", "for_stmt", "if_exp")}

    def wrap(name, method):
        def counted(self, *args):
            staged.append(name)
            return method(self, *args)
        return counted

    api._TRANSPILER.transform = counting_transform
    for name, method in methods.items():
        setattr(tf_backend.Staging, name, wrap(name, method))
    try:
        yield converted, staged
    finally:
        api._TRANSPILER.transform = transform
        for name, method in methods.items():
            setattr(tf_backend.Staging, name, method)


class NoReconversion(unittest.TestCase):

    def check(self, run, expected_staged, *args, in_function=False,
              expected=None, modules=(ORIGINAL, CONVERTED)):
        """run(module, *args) for both modules, called eagerly or inside a
        tf.function. TensorFlow's converter runs on none of agc's functions,
        and agc's staging operators run where a graph is traced
        (expected_staged; None for a run that stays eager).

        The reference: where the entry point converts what it is given
        (expected is None), TensorFlow converts the original's functions and
        the results agree. Where it does not (TensorFlow 2.21's
        tf.while_loop, tf.vectorized_map's loop body, a Keras 3 Lambda
        layer), the original's Python `if` on a tensor fails there, while
        agc's code stages and gives `expected`.
        """
        results = []
        for module in modules:
            call = (lambda *a, m=module: run(m, *a))
            if in_function:
                call = tf.function(call)
            with counting() as (converted, staged):
                if module is ORIGINAL and expected is not None:
                    with self.assertRaises(
                            tf.errors.OperatorNotAllowedInGraphError):
                        call(*args)
                    continue
                results.append(call(*args))
            mine = converted.count(module.__name__)
            if module is ORIGINAL:
                self.assertGreater(mine, 0, "TensorFlow converted nothing "
                                   "of the original: the check would prove "
                                   "nothing")
                self.assertEqual(staged, [])
            else:
                self.assertEqual(mine, 0, "TensorFlow converted agc's code")
                if expected_staged is None:
                    self.assertEqual(staged, [])
                else:
                    self.assertIn(expected_staged, staged)
        if expected is not None:
            results.insert(0, expected)
        tf.nest.map_structure(
            lambda a, b: self.assertTrue(bool(tf.reduce_all(a == b)),
                                         (a, b)),
            results[0], results[1])

    def test_tf_function(self):
        self.check(lambda m, x: tf.function(m.double_if_positive)(x),
                   "if_stmt", tf.constant([1.0, -3.0]))
        self.check(lambda m, n: tf.function(m.count_down)(n), "while_stmt",
                   tf.constant(4))
        # Called from a function tf.function converts: converted_call.
        self.check(lambda m, n: m.count_down(n), "while_stmt",
                   tf.constant(4), in_function=True)

    def test_eager_originals(self):
        self.check(lambda m, x: tf.function(m.double_if_positive)(x),
                   "if_stmt", tf.constant([1.0, -3.0]),
                   modules=(ORIGINAL, EAGER))
        self.check(lambda m, n: tf.function(m.count_down)(n), "while_stmt",
                   tf.constant(4), modules=(ORIGINAL, EAGER))
        self.check(lambda m, xs: tf.map_fn(m.by_row, xs), "for_stmt",
                   tf.constant([[1.0, -2.0], [3.0, 4.0]]), in_function=True,
                   modules=(ORIGINAL, EAGER))

    def test_tf_function_on_a_converted_lambda(self):
        self.check(lambda m, x: tf.function(m.make_lambda())(x), "if_exp",
                   tf.constant(-3))

    def test_map_fn(self):
        # Eagerly, map_fn runs its loop in Python; inside a tf.function it
        # builds a while loop whose body traces the function.
        self.check(lambda m, xs: tf.map_fn(m.make_lambda(), xs), None,
                   tf.constant([1, -2, 3]))
        self.check(lambda m, xs: tf.map_fn(m.by_row, xs), "for_stmt",
                   tf.constant([[1.0, -2.0], [3.0, 4.0]]), in_function=True)

    def test_dataset_map_and_filter(self):
        def run(m, n):
            ds = tf.data.Dataset.range(n).map(m.make_lambda())
            return ds.filter(m.keep_small).reduce(
                tf.constant(0, tf.int64), lambda a, b: a + b)
        self.check(run, "if_stmt", tf.constant(6, tf.int64))

    def test_distribute_strategy_run(self):
        strategy = tf.distribute.get_strategy()
        self.check(lambda m, x: strategy.run(m.double_if_positive, (x,)),
                   "if_stmt", tf.constant([1.0, -3.0]), in_function=True)

    def test_while_loop(self):
        self.check(lambda m, i, acc: tf.while_loop(m.loop_cond, m.loop_body,
                                                   (i, acc)),
                   "if_stmt", tf.constant(0), tf.constant(0),
                   in_function=True, expected=(tf.constant(5), tf.constant(6)))

    def test_vectorized_map(self):
        self.check(lambda m, xs: tf.vectorized_map(m.keep_small, xs),
                   "if_stmt", tf.constant([1, 5, 2]),
                   expected=tf.constant([True, False, True]))

    def test_keras_lambda_layer(self):
        def run(m, x):
            return tf.keras.layers.Lambda(m.double_if_positive)(x)
        self.check(run, "if_stmt", tf.constant([[1.0, 2.0]]),
                   in_function=True, expected=tf.constant([[2.0, 4.0]]))


class ToGraph(unittest.TestCase):
    """tf.autograph.to_graph and to_code convert the function they are
    given, marked as converted or not. On agc's default output that is the
    eager original's code: they give what they give for the original (the
    guard in TensorFlow's copy is false: TensorFlow binds its own `ag__`,
    not the guards' `_ag__guard__`), and convert nothing of agc_runtime.
    agc's converted functions (--converted-only output) they give as they
    are, run with the features passed."""

    def test_the_guards_global(self):
        import agc_runtime
        # TensorFlow is imported but builds no graph: the guards read False
        # (agc_runtime._trace_watch watches Context._mode).
        self.assertIs(EAGER._ag__guard__, False)
        seen = []

        @tf.function
        def traced(x):
            # TensorFlow traces, but this is no eager original's code.
            seen.append((EAGER._ag__guard__ is agc_runtime.guard,
                         agc_runtime.tracing(), agc_runtime.guard.tracing()))
            with tf.init_scope():  # eager again, inside
                seen.append((EAGER._ag__guard__ is agc_runtime.guard,
                             agc_runtime.tracing()))
            inner(x)
            seen.append((EAGER._ag__guard__ is agc_runtime.guard,
                         agc_runtime.tracing()))
            return x

        @tf.function
        def inner(x):
            seen.append(("inner", agc_runtime.tracing()))
            return x

        traced(tf.constant(1))
        self.assertEqual(seen, [(True, True, False), (True, False),
                                ("inner", True), (True, True)])
        self.assertIs(EAGER._ag__guard__, False)
        with tf.Graph().as_default():
            seen.append((EAGER._ag__guard__ is agc_runtime.guard,
                         agc_runtime.tracing()))
        self.assertEqual(seen[-1], (True, True))
        self.assertIs(EAGER._ag__guard__, False)

    def test_the_guards_global_while_another_thread_traces(self):
        import threading
        import agc_runtime
        started, finish = threading.Event(), threading.Event()

        @tf.function
        def slow(x):
            started.set()
            finish.wait(30)
            return x

        worker = threading.Thread(target=lambda: slow(tf.constant(1)))
        worker.start()
        try:
            started.wait(30)
            here = (EAGER._ag__guard__ is agc_runtime.guard,
                    agc_runtime.tracing())
        finally:
            finish.set()
            worker.join()
        self.assertEqual(here, (True, False))
        self.assertIs(EAGER._ag__guard__, False)

    def test_the_guards_global_in_graph_mode(self):
        # tf.compat.v1.disable_eager_execution: every call builds a graph.
        code = ("import sys; sys.path[:0] = [%r]; import agc_runtime as ag; "
                "ns = {}; ns['_ag__guard__'] = ag.guard.bind(ns); "
                "import tensorflow as tf; print(ns['_ag__guard__']); "
                "tf.compat.v1.disable_eager_execution(); "
                "print(ns['_ag__guard__'] is ag.guard, ag.tracing())"
                % support.RUNTIME_DIR)
        out = subprocess.run([sys.executable, "-c", code],
                             capture_output=True, text=True, check=True)
        self.assertEqual(out.stdout.split(), ["False", "True", "True"])

    def test_to_graph_of_an_eager_original(self):
        for name, args in (("double_if_positive", (tf.constant([1.0, -3.0]),)),
                           ("count_down", (tf.constant(4),)),
                           ("keep_small", (tf.constant(5),))):
            results = []
            for module in (ORIGINAL, EAGER):
                with counting() as (converted, staged):
                    graph_fn = tf.autograph.to_graph(getattr(module, name))
                    eager = graph_fn(*args)
                    traced = tf.function(graph_fn)(*args)
                self.assertIn(module.__name__, converted)
                self.assertEqual(
                    [m for m in converted if m and m.startswith("agc_runtime")],
                    [], "TensorFlow converted agc_runtime")
                # TensorFlow's conversion of the original ran: not agc's
                # twin, not agc's staging.
                self.assertEqual(staged, [])
                results.append((eager, traced))
            tf.nest.map_structure(
                lambda a, b: self.assertTrue(bool(tf.reduce_all(a == b)),
                                             (name, a, b)),
                results[0], results[1])

    def test_to_code_of_an_eager_original(self):
        code = tf.autograph.to_code(EAGER.double_if_positive)
        self.assertIn("def tf__double_if_positive(x):", code)
        self.assertIn("ag__.ld(_ag__guard__)", code)  # the guard, converted
        compile(code, "<to_code>", "exec")

    def test_to_graph_of_converted_code_gives_it_as_it_is(self):
        # --converted-only output: TensorFlow does not convert agc's code
        # again; the result calls it (agc's staging runs under
        # tf.function), and equals TensorFlow's conversion of the original.
        for name, args, kind in (
                ("double_if_positive", (tf.constant([1.0, -3.0]),), None),
                ("count_down", (tf.constant(4),), "while_stmt"),
                ("keep_small", (tf.constant(5),), "if_stmt")):
            reference = tf.function(
                tf.autograph.to_graph(getattr(ORIGINAL, name)))(*args)
            with counting() as (converted, staged):
                graph_fn = tf.autograph.to_graph(getattr(CONVERTED, name))
                traced = tf.function(graph_fn)(*args)
            self.assertEqual(converted, [], name)
            if kind is not None:
                self.assertIn(kind, staged, name)
            self.assertIs(graph_fn.__wrapped__, getattr(CONVERTED, name))
            self.assertTrue(bool(tf.reduce_all(reference == traced)),
                            (name, reference, traced))

    def test_to_graph_passes_its_features_to_converted_code(self):
        # print of a tensor: at trace time with no feature (as TensorFlow's
        # conversion of the original leaves it), tf.print with
        # BUILTIN_FUNCTIONS, which the runtime reads from the options
        # to_graph was given.
        _, module = support.convert(
            "def show(x):\n    print('x is', x)\n    return x + 1\n",
            "--converted-only")
        feature = tf.autograph.experimental.Feature.BUILTIN_FUNCTIONS
        for features, staged_print in ((None, False), (feature, True)):
            graph_fn = tf.autograph.to_graph(
                module.show, experimental_optional_features=features)
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                graph = tf.function(graph_fn).get_concrete_function(
                    tf.TensorSpec([], tf.int32)).graph
            ops = {op.type for op in graph.get_operations()}
            # TensorFlow's print overload: PrintV2, or a py_func for
            # arguments that are not all tensors.
            self.assertEqual(bool(ops & {"PrintV2", "EagerPyFunc"}),
                             staged_print, (features, ops))
            self.assertEqual(printed.getvalue().startswith("x is Tensor("),
                             not staged_print, printed.getvalue())

    def test_to_code_of_converted_code_is_agcs(self):
        code = tf.autograph.to_code(CONVERTED.double_if_positive)
        self.assertIn("def double_if_positive(x):", code)
        self.assertIn("ag__.if_stmt_fn(", code)
        self.assertNotIn("tf__", code)

    def test_to_graph_of_converted_code_with_tensorflow_imported_after(self):
        # The other order: agc_runtime first, then TensorFlow, whose
        # conversion module the runtime's import watcher prepares as it
        # loads.
        code = ("import sys, agc_runtime\n"
                "assert 'tensorflow' not in sys.modules\n"
                "import %s\n"  # imports TensorFlow, after agc_runtime
                "import tensorflow as tf\n"
                "from tensorflow.python.autograph.impl import api\n"
                "print(api._convert_actual.agc_converts_as_is)\n"
                "f = sys.modules[%r].double_if_positive\n"
                "print('def tf__' in tf.autograph.to_code(f))\n"
                % (CONVERTED.__name__, CONVERTED.__name__))
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            (support.RUNTIME_DIR, os.path.dirname(CONVERTED.__file__))))
        env.pop("AGC_BACKEND", None)
        run = subprocess.run(
            [sys.executable, "-c", code],
            env=env, capture_output=True, text=True)
        self.assertEqual(run.stdout.split(), ["True", "False"], run.stderr)

    def test_agc_runtime_is_never_converted(self):
        from tensorflow.python.autograph.impl import conversion
        import agc_runtime
        tf.function(EAGER.count_down)(tf.constant(2))  # staging loaded
        for f in (agc_runtime.guard.tracing, agc_runtime.guard.call_own_twin,
                  agc_runtime.tracing, agc_runtime.if_stmt):
            self.assertTrue(conversion.is_allowlisted(f), f)


if __name__ == "__main__":
    unittest.main()
