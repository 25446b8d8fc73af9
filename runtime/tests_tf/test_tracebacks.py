"""Errors in staged converted code point at the original files and lines,
through the runtime's hook and through `agc remap`, next to TensorFlow's own
frames."""

import io
import os
import subprocess
import sys
import traceback
import unittest

from tests_tf import support

import tensorflow as tf  # noqa: E402

import agc_runtime  # noqa: E402
from agc_runtime import traceback_hook  # noqa: E402

SOURCE = """
import tensorflow as tf

def check_positive(x):
    if x > 0:
        y = x * 2
    else:
        raise ValueError("x must be positive")
    return y

def scale(x):
    total = x
    for i in tf.range(3):
        total = check_positive(total)
    return total

def run_time_assert(x):
    while x < 10:
        tf.debugging.assert_less(x, 5, message="too big")
        x += 2
    return x
"""

ORIGINAL, CONVERTED = support.convert(SOURCE)
ORIGINAL_FILE = ORIGINAL.__file__


def line_of(text):
    return SOURCE.split("\n").index(text) + 1


def formatted(error):
    return "".join(traceback.format_exception(type(error), error,
                                              error.__traceback__))


def staging_error():
    # TensorFlow hides its own frames by default; show them, to check that
    # the original lines stand among them.
    tf.debugging.disable_traceback_filtering()
    try:
        tf.function(CONVERTED.scale)(tf.constant(1.0))
    except ValueError as e:
        return e
    finally:
        tf.debugging.enable_traceback_filtering()
    raise AssertionError("no error")


class TracebackHook(unittest.TestCase):

    def tearDown(self):
        traceback_hook.uninstall_traceback_hook()

    def test_trace_time_error_shows_original_lines(self):
        error = staging_error()
        raw = formatted(error)
        self.assertIn('File "%s"' % CONVERTED.__file__, raw)
        agc_runtime.install_traceback_hook()
        text = formatted(error)
        self.assertNotIn('File "%s"' % CONVERTED.__file__, text)
        raise_line = line_of('        raise ValueError("x must be positive")')
        call_line = line_of("        total = check_positive(total)")
        self.assertIn('File "%s", line %d, in else_body'
                      % (ORIGINAL_FILE, raise_line), text)
        self.assertIn('raise ValueError("x must be positive")', text)
        self.assertIn('File "%s", line %d' % (ORIGINAL_FILE, call_line),
                      text)
        # TensorFlow's own frames stay, between the user's.
        self.assertIn("tensorflow/python/autograph/operators/control_flow.py",
                      text)
        # The staging note names the original line of the innermost staged
        # statement (the `if` inside check_positive).
        self.assertIn("at %s, line %d (converted: "
                      % (ORIGINAL_FILE, line_of("    if x > 0:")), text)

    def test_agc_remap(self):
        raw = formatted(staging_error())
        run = subprocess.run([support.AGC, "remap"], input=raw,
                             capture_output=True, text=True)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertNotIn('File "%s"' % CONVERTED.__file__, run.stdout)
        self.assertIn('File "%s", line %d'
                      % (ORIGINAL_FILE,
                         line_of('        raise ValueError("x must be '
                                 'positive")')), run.stdout)
        self.assertIn("control_flow.py", run.stdout)

    def test_graph_run_time_error_names_original_lines(self):
        # A tf.debugging assertion fails when the graph runs; TensorFlow's
        # message lists where the failing op was defined: converted lines,
        # which remap_traceback turns into original ones.
        with self.assertRaises(tf.errors.InvalidArgumentError) as cm:
            tf.function(CONVERTED.run_time_assert)(tf.constant(1))
        text = formatted(cm.exception)
        self.assertIn("too big", text)
        remapped = agc_runtime.remap_traceback(text)
        assert_line = line_of('        tf.debugging.assert_less(x, 5, '
                              'message="too big")')
        self.assertIn('%s", line %d' % (ORIGINAL_FILE, assert_line),
                      remapped)
        self.assertNotIn(os.path.basename(CONVERTED.__file__) + '", line',
                         remapped)


if __name__ == "__main__":
    unittest.main()
