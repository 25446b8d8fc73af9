"""locals() in converted code under jax.jit: the original function's
variables, from inside the branch and loop bodies JAX traces (lax.cond,
lax.while_loop, lax.fori_loop with the jax backend)."""

import unittest

from tests_jax import support

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

import agc_runtime  # noqa: E402

SOURCE = """
seen = []

def branches(x):
    w = x * 2.0
    y = x
    if x > 0:
        y = x + locals()["w"]
        seen.append(sorted(locals()))
    else:
        y = x - 1.0
        seen.append(sorted(vars()))
    return y

def loop(n):
    total = 0.0
    k = 10.0
    i = 0
    while i < n:
        total = total + locals()["k"]
        i = i + 1
    return total

def static_range(x):
    k = 2.0
    for i in range(3):
        x = x * locals()["k"]
    return x
"""


class Locals(unittest.TestCase):

    def test_branches_see_the_functions_variables(self):
        del converted.seen[:]
        self.assertEqual(float(jax.jit(converted.branches)(1.5)), 4.5)
        self.assertEqual(converted.seen, [["w", "x", "y"], ["w", "x", "y"]])

    def test_while_body(self):
        self.assertEqual(float(jax.jit(converted.loop)(3)), 30.0)

    def test_fori_loop_body_with_the_jax_backend(self):
        agc_runtime.use("jax")
        try:
            self.assertEqual(float(jax.jit(converted.static_range)(1.0)),
                             8.0)
        finally:
            agc_runtime.use("python")


original, converted = support.convert(SOURCE)


if __name__ == "__main__":
    unittest.main()
