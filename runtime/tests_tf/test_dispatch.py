"""Staging without configuration: converted code under tf.function stages
with TensorFlow's operators; called with plain values it is plain Python."""

import contextlib
import io
import subprocess
import sys
import unittest

from tests_tf import support

import tensorflow as tf  # noqa: E402

import agc_runtime  # noqa: E402

SOURCE = """
import tensorflow as tf

def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps

def first_above(xs, limit):
    found = -1
    for i in tf.range(tf.shape(xs)[0]):
        if xs[i] > limit:
            found = i
            break
    return found

def clip(x):
    y = x if x < 10 else 10
    return y, x > 0 and x < 5, not x > 3

def one_branch(x):
    if x > 0:
        y = 1
    return y

def returns_on_some_paths(x):
    if x > 0:
        return x
    x = x + 1

def python_loop_tensor_break(x):
    for i in range(3):
        if x > i:
            break
    return x

def dtype_change(n):
    i = 0
    while i < n:
        i = i + 0.5
    return i

def lengths(xs):
    total = 0
    for i in range(len(xs)):
        total += xs[i]
    return total, len(xs)

def traced_print(x):
    print("tracing", 1 + 1)
    return x + 1
"""


def reference_and_agc(name, *args):
    """(reference, agc) results of tf.function on the original and converted
    function, with the control-flow op counts of each trace."""
    results = []
    for module in (ORIGINAL, CONVERTED):
        fn = tf.function(getattr(module, name))
        value = fn(*args)
        counts = support.control_flow_counts(fn.get_concrete_function(*args))
        results.append((tf.nest.map_structure(lambda t: t.numpy(), value),
                        counts))
    return results


def staging_error(name, *args):
    """(type, first line of the message) raised by each side."""
    outcomes = []
    for module in (ORIGINAL, CONVERTED):
        try:
            tf.function(getattr(module, name))(*args)
        except Exception as e:  # noqa: BLE001 - compared below
            outcomes.append((type(e), _underlying_first_line(e), e))
        else:
            outcomes.append(None)
    return outcomes


def _underlying_first_line(error):
    # TensorFlow rewrites errors raised in code it converted: "in user
    # code:", the original frames, then "Type: message" of the cause.
    text = str(error)
    if text.startswith("in user code:"):
        marker = type(error).__name__ + ": "
        text = text[text.rindex(marker) + len(marker):]
    return text.split("\n", 1)[0]


ORIGINAL, CONVERTED = support.convert(SOURCE)


class Staging(unittest.TestCase):

    def test_backend_is_not_configured(self):
        self.assertEqual(agc_runtime.backend(), "python")

    def test_while_and_if_on_tensors(self):
        ref, agc = reference_and_agc("collatz_steps", tf.constant(27))
        self.assertEqual(ref, agc)
        self.assertEqual(agc[0], 111)
        self.assertGreater(agc[1].get("StatelessWhile", 0) +
                           agc[1].get("While", 0), 0)

    def test_for_over_tf_range_with_break(self):
        xs = tf.constant([1, 5, 9, 2])
        ref, agc = reference_and_agc("first_above", xs, tf.constant(4))
        self.assertEqual(ref, agc)
        self.assertEqual(agc[0], 1)

    def test_expressions(self):
        for x in (-2, 3, 20):
            ref, agc = reference_and_agc("clip", tf.constant(x))
            self.assertEqual(ref, agc)

    def test_python_loop_over_static_length(self):
        ref, agc = reference_and_agc("lengths", tf.constant([3, 4, 5]))
        self.assertEqual(ref, agc)
        self.assertEqual(agc[0], (12, 3))

    def test_same_graph_ops_as_reference(self):
        args = (tf.constant([1, 5, 9, 2]), tf.constant(4))
        graphs = []
        for module in (ORIGINAL, CONVERTED):
            fn = tf.function(module.first_above)
            graphs.append(sorted(set(support.graph_op_types(
                fn.get_concrete_function(*args)))))
        self.assertEqual(graphs[0], graphs[1])

    def test_plain_values_keep_python_semantics(self):
        # Eager calls with Python values: Python results, not tensors.
        self.assertEqual(CONVERTED.collatz_steps(27), 111)
        self.assertEqual(CONVERTED.clip(4), (4, True, False))
        self.assertEqual(CONVERTED.clip(12), (10, False, False))
        self.assertEqual(CONVERTED.clip(-1), ORIGINAL.clip(-1))
        self.assertEqual(CONVERTED.dtype_change(2), 2.0)
        with self.assertRaises(UnboundLocalError) as cm:
            CONVERTED.one_branch(-1)
        self.assertIn("cannot access local variable 'y'", str(cm.exception))

    def test_eager_tensors_run_as_python(self):
        # Outside tf.function a tensor is concrete: the original's eager
        # behaviour, a Python loop over it.
        result = CONVERTED.collatz_steps(tf.constant(6))
        self.assertEqual(int(result), 8)
        self.assertEqual(int(ORIGINAL.collatz_steps(tf.constant(6))), 8)

    def test_print_runs_at_trace_time_like_the_reference(self):
        printed = []
        for module in (ORIGINAL, CONVERTED):
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                tf.function(module.traced_print)(tf.constant(1))
            printed.append(out.getvalue())
        self.assertEqual(printed, ["tracing 2\n"] * 2)


class StagingErrors(unittest.TestCase):

    def assertSameError(self, name, *args):
        ref, agc = staging_error(name, *args)
        self.assertIsNotNone(ref, "the reference did not raise")
        self.assertIsNotNone(agc, "agc's code did not raise")
        self.assertEqual(ref[:2], agc[:2])
        return agc[2]

    def test_defined_in_one_branch(self):
        error = self.assertSameError("one_branch", tf.constant(1))
        self.assertIn("'y' must also be initialized", str(error))

    def test_return_on_some_paths(self):
        self.assertSameError("returns_on_some_paths", tf.constant(1))

    def test_python_loop_whose_break_becomes_a_tensor(self):
        error = self.assertSameError("python_loop_tensor_break",
                                     tf.constant(1))
        self.assertIsInstance(error, NotImplementedError)

    def test_loop_variable_changes_dtype(self):
        self.assertSameError("dtype_change", tf.constant(3))

    def test_error_names_the_original_line(self):
        _, agc = staging_error("one_branch", tf.constant(1))
        notes = getattr(agc[2], "__notes__", [])
        self.assertEqual(len(notes), 1, notes)
        source_line = SOURCE.split("\n").index("    if x > 0:") + 1
        self.assertIn("original_", notes[0])
        self.assertIn(".py, line %d (converted: " % source_line, notes[0])
        self.assertIn("'if' statement", notes[0])


class Overrides(unittest.TestCase):

    def test_use_tf_binds_tensorflows_operators(self):
        agc_runtime.use("tf")
        try:
            from tensorflow.python.autograph.operators import control_flow
            # TensorFlow's own operator, taking the nonlocal_reason of
            # agc's functional output (tf_backend._without_reason).
            self.assertIs(agc_runtime.if_stmt.__wrapped__,
                          control_flow.if_stmt)
            self.assertIs(agc_runtime.while_stmt.__wrapped__,
                          control_flow.while_stmt)
            fn = tf.function(CONVERTED.collatz_steps)
            self.assertEqual(int(fn(tf.constant(27))), 111)
        finally:
            agc_runtime.use("python")

    def test_agc_backend_tf_with_real_tensorflow(self):
        code = ("import agc_runtime as ag; "
                "print(ag.backend(), ag.if_stmt.__module__)")
        env = dict(support.os.environ, AGC_BACKEND="tf",
                   PYTHONPATH=support.RUNTIME_DIR)
        out = subprocess.run([sys.executable, "-c", code], env=env,
                             capture_output=True, text=True)
        self.assertEqual(out.stdout.split(), [
            "tf", "tensorflow.python.autograph.operators.control_flow"],
            out.stderr)

    def test_importing_the_runtime_does_not_import_tensorflow(self):
        code = ("import sys, agc_runtime; "
                "print('tensorflow' in sys.modules)")
        env = dict(support.os.environ, PYTHONPATH=support.RUNTIME_DIR)
        env.pop("AGC_BACKEND", None)
        out = subprocess.run([sys.executable, "-c", code], env=env,
                             capture_output=True, text=True)
        self.assertEqual(out.stdout.strip(), "False", out.stderr)


if __name__ == "__main__":
    unittest.main()
