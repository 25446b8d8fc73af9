"""locals() in converted code under tf.function: the original function's
variables, from inside the branch and loop bodies TensorFlow traces
(tf.cond, tf.while_loop), with the python backend staging on tensors and
with the tf backend (whose placeholder for a variable with no value yet is
TensorFlow's own)."""

import unittest

from tests_tf import support

import tensorflow as tf  # noqa: E402

import agc_runtime  # noqa: E402

SOURCE = """
seen = []

def branches(x):
    w = x * 2
    y = x
    if x > 0:
        y = x + 1
        seen.append(sorted(locals()))
    else:
        y = x - 1
        seen.append(sorted(vars()))
    return y

def loop(n):
    total = 0
    k = 10
    i = 0
    for i in range(n):
        total = total + locals()["i"] * locals()["k"]
    return total

def before_binding(x):
    seen.append(sorted(locals()))
    if x > 0:
        z = x
    else:
        z = -x
    return z
"""


class Locals(unittest.TestCase):

    def run_traced(self, name, *args, converted_only=False):
        original, converted = (ORIGINAL_CO if converted_only else
                               (ORIGINAL, CONVERTED))
        del converted.seen[:]
        value = tf.function(getattr(converted, name))(*args)
        return value.numpy(), list(converted.seen)

    def test_branches_see_the_functions_variables(self):
        for converted_only in (False, True):
            value, seen = self.run_traced("branches", tf.constant(2),
                                          converted_only=converted_only)
            self.assertEqual(value, 3)
            # Both branches are traced (tf.cond), each sees x and y.
            self.assertEqual(seen, [["w", "x", "y"], ["w", "x", "y"]])

    def test_loop_body_reads_the_loop_variable(self):
        value, _ = self.run_traced("loop", tf.constant(4))
        self.assertEqual(value, 60)

    def test_placeholders_are_left_out(self):
        for backend in ("python", "tf"):
            agc_runtime.use(backend)
            try:
                value, seen = self.run_traced("before_binding",
                                              tf.constant(-3))
            finally:
                agc_runtime.use("python")
            self.assertEqual(value, 3)
            self.assertEqual(seen, [["x"]], backend)


ORIGINAL, CONVERTED = support.convert(SOURCE)
ORIGINAL_CO = support.convert(SOURCE, "--converted-only")


if __name__ == "__main__":
    unittest.main()
