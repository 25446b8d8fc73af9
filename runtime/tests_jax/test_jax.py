"""Converted code under JAX: staging without configuration (jit, vmap,
grad), the jax backend, and the errors a user meets."""

import contextlib
import io
import os
import subprocess
import sys
import unittest

from tests_jax import support

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax import lax  # noqa: E402
from jax.experimental import checkify  # noqa: E402

import agc_runtime  # noqa: E402

SOURCE = """
import jax.numpy as jnp

def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps

def relu_sum(x):
    if x.sum() > 0:
        y = x * 2.0
    else:
        y = -x
    return y

def piecewise(x):
    if x > 1.0:
        y = x * x
    elif x > 0.0:
        y = 2.0 * x - 1.0
    else:
        y = -1.0 + 0.0 * x
    return y

def power_loop(x):
    # a for loop over a static range: unrolled, as in the original
    for i in range(3):
        if x > 0:
            x = x * 1.5
        else:
            x = x - 1.0
    return x

def while_grad(x):
    while x < 10.0:
        x = x * 2.0
    return x

def newton_sqrt(a):
    x = a
    for i in range(50):
        step = (x * x - a) / (2.0 * x)
        x = x - step
        if abs(step) < 1e-6:
            break
    return x

def count_below(xs, t):
    n = 0
    for x in xs:
        if x < t:
            n += 1
    return n

def traced_range_sum(n):
    total = 0
    for i in range(n):
        total += i * i
    return total

def first_index_over(xs, t):
    for i, x in enumerate(xs):
        if x > t:
            return i
    return -1

def mixed_dtypes(x):
    y = 1 if x > 0 else 2.5
    return y

def logic(x):
    return (x > 0 and x < 5), (x < 0 or x > 5), not x > 3

def shape_change(x):
    while x.sum() < 100.0:
        x = jnp.concatenate([x, x])
    return x

def one_branch(x):
    if x > 0:
        y = x
    return y

def none_branch(x):
    y = None
    if x > 0:
        y = x
    return y

def string_branch(x):
    if x > 0:
        mode = "up"
    else:
        mode = "down"
    return x, mode

def bool_outside(x):
    flag = bool(x > 0)
    return flag

def prints(x):
    if x > 0:
        print("positive", x)
    else:
        print("not positive", x)
    return x + 1

def rk4(y, h, n):
    for i in range(n):
        k1 = -y
        k2 = -(y + h / 2 * k1)
        k3 = -(y + h / 2 * k2)
        k4 = -(y + h * k3)
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    return y

def return_on_some_paths(x):
    if x > 0:
        return x

def return_in_loop_only(xs, t):
    for x in xs:
        if x > t:
            return x

def return_in_loop_and_after(xs, t):
    for x in xs:
        if x > t:
            return x
    return -1.0

def float_range(x):
    total = 0.0
    for i in range(x):
        total += 1.0
    return total
"""

ASSERTS = """
import jax.numpy as jnp

def checked_sqrt(x):
    assert x >= 0, "x must not be negative"
    return jnp.sqrt(x)
"""

original, converted = support.convert(SOURCE)
# asserts are converted only with the asserts pass (as in TensorFlow's
# AutoGraph, whose ASSERT_STATEMENTS feature is off by default).
_, converted_default = support.convert(ASSERTS)
_, converted_asserts = support.convert(ASSERTS, "--passes",
                                       "default,asserts")


def _primitives(f, *args):
    return support.primitives(jax.make_jaxpr(f)(*args))


class StagingWithoutConfiguration(unittest.TestCase):

    def test_jit_stages_if_and_while(self):
        for n in (1, 6, 27, 97):
            self.assertEqual(int(jax.jit(converted.collatz_steps)(n)),
                             original.collatz_steps(n))
        prims = _primitives(converted.collatz_steps, 27)
        self.assertIn("while", prims)
        self.assertIn("cond", prims)
        with self.assertRaises(jax.errors.TracerBoolConversionError):
            jax.jit(original.collatz_steps)(27)

    def test_plain_values_keep_python(self):
        self.assertEqual(converted.collatz_steps(27),
                         original.collatz_steps(27))
        self.assertIs(type(converted.collatz_steps(27)), int)
        # Concrete arrays (not traced) take Python's branches.
        x = jnp.array([1.0, -3.0])
        self.assertTrue(jnp.array_equal(converted.relu_sum(x),
                                        original.relu_sum(x)))

    def test_python_values_do_not_stage(self):
        code = ("import sys; sys.path[:0] = [%r, %r]; import %s as m; "
                "import agc_runtime; "
                "print(m.collatz_steps(27), m.relu_sum(m.jnp.ones(2))[0], "
                "agc_runtime.frameworks_loaded, agc_runtime.tracing())"
                % (support.load_file.__globals__["RUNTIME_DIR"],
                   os.path.dirname(converted.__file__), converted.__name__))
        out = subprocess.run([sys.executable, "-c", code],
                             capture_output=True, text=True, check=True)
        # JAX is imported (the guards ask it), and it is not tracing: each
        # call runs the function's original code.
        self.assertEqual(out.stdout.split(), ["111", "2.0", "True", "False"])

    def test_tracing_under_each_transformation(self):
        # What every guard asks: True inside jit, vmap, grad, make_jaxpr and
        # a lax body, False at the top level and on concrete arrays.
        seen = []

        def fresh():  # JAX caches traces by function
            def f(x):
                seen.append(agc_runtime.tracing())
                return x * 2.0
            return f

        jax.jit(fresh())(1.0)
        jax.vmap(fresh())(jnp.ones(2))
        jax.grad(fresh())(1.0)
        jax.make_jaxpr(fresh())(1.0)
        f = fresh()
        lax.fori_loop(0, 2, lambda i, x: f(x), 1.0)
        self.assertEqual(seen, [True] * 5)
        fresh()(jnp.ones(2))
        self.assertEqual(seen[-1], False)
        # Asked through one callable, made once JAX was imported.
        self.assertIsNotNone(agc_runtime._tracing_now)

    def test_elif_chain(self):
        for v in (-2.0, 0.5, 3.0):
            self.assertAlmostEqual(float(jax.jit(converted.piecewise)(v)),
                                   original.piecewise(v), places=5)
        self.assertGreaterEqual(
            _primitives(converted.piecewise, 1.0).count("cond"), 2)

    def test_python_number_takes_the_other_dtype(self):
        for v in (-1.0, 1.0):
            got = jax.jit(converted.mixed_dtypes)(v)
            self.assertEqual(float(got), original.mixed_dtypes(v))
            self.assertEqual(got.dtype, jnp.float32)

    def test_logical_expressions(self):
        for v in (-1.0, 2.0, 7.0):
            got = jax.jit(converted.logic)(jnp.float32(v))
            want = original.logic(jnp.float32(v))
            self.assertEqual([bool(g) for g in got], [bool(w) for w in want])
        self.assertIn("cond", _primitives(converted.logic, 1.0))


class GuardsGlobal(unittest.TestCase):
    """An eager original's guard reads ``_ag__guard__``: False (one global
    read) while JAX traces nowhere, the guard module while a thread may
    (agc_runtime._trace_watch watches JAX's set_current_trace and
    set_axis_env); then tracing() answers for the calling thread."""

    def _asking(self):
        return converted._ag__guard__ is agc_runtime.guard

    def test_false_while_nothing_traces(self):
        converted.relu_sum(jnp.array([1.0, -3.0]))
        jax.jit(converted.relu_sum)(jnp.array([1.0, -3.0]))
        self.assertIs(converted._ag__guard__, False)
        self.assertFalse(agc_runtime.tracing())

    def test_asking_under_each_transformation(self):
        seen = []

        def fresh():
            def f(x):
                seen.append((self._asking(), agc_runtime.tracing()))
                return x * 2.0
            return f

        jax.jit(fresh())(1.0)
        jax.vmap(fresh())(jnp.ones(2))
        jax.grad(fresh())(1.0)
        jax.make_jaxpr(fresh())(1.0)
        jax.eval_shape(fresh(), 1.0)
        f = fresh()
        lax.fori_loop(0, 2, lambda i, x: f(x), 1.0)
        self.assertEqual(seen, [(True, True)] * 6)
        self.assertIs(converted._ag__guard__, False)

    def test_nested_traces(self):
        # After an inner trace ends the outer one still traces.
        seen = []

        def inner(x):
            seen.append(("inner", self._asking(), agc_runtime.tracing()))
            return x + 1.0

        def outer(x):
            y = jax.vmap(inner)(x)
            z = jax.jit(lambda v: v * 2.0)(y)
            seen.append(("outer", self._asking(), agc_runtime.tracing()))
            return z

        jax.jit(outer)(jnp.ones(2))
        self.assertEqual(seen, [("inner", True, True),
                                ("outer", True, True)])
        self.assertIs(converted._ag__guard__, False)
        # A converted function inside the nest runs its twin.
        got = jax.jit(jax.vmap(converted.relu_sum))(jnp.ones((2, 3)))
        self.assertEqual(got.shape, (2, 3))

    def test_another_thread_traces(self):
        # The guard asks while another thread traces; tracing() says no
        # here, and the original runs.
        import threading
        started, finish = threading.Event(), threading.Event()

        def slow(x):
            started.set()
            finish.wait(30)
            return x

        worker = threading.Thread(target=lambda: jax.jit(slow)(1.0))
        worker.start()
        try:
            started.wait(30)
            here = (self._asking(), agc_runtime.tracing(),
                    converted.collatz_steps(27))
        finally:
            finish.set()
            worker.join()
        self.assertEqual(here, (True, False, 111))
        self.assertIs(converted._ag__guard__, False)


class Loops(unittest.TestCase):

    def test_python_loop_with_traced_break_runs_staged(self):
        for a in (2.0, 9.0, 0.25):
            self.assertAlmostEqual(float(jax.jit(converted.newton_sqrt)(a)),
                                   float(original.newton_sqrt(a)), places=5)
        self.assertIn("while", _primitives(converted.newton_sqrt, 2.0))

    def test_for_over_traced_array_is_scan(self):
        xs = jnp.array([1.0, 5.0, -2.0, 3.0])
        self.assertEqual(int(jax.jit(converted.count_below)(xs, 2.5)),
                         original.count_below(xs, 2.5))
        self.assertIn("scan", _primitives(converted.count_below, xs, 2.5))

    def test_range_with_traced_bound(self):
        for n in (0, 1, 10):
            self.assertEqual(int(jax.jit(converted.traced_range_sum)(n)),
                             original.traced_range_sum(n))
        prims = _primitives(converted.traced_range_sum, 10)
        self.assertTrue("while" in prims or "scan" in prims, prims)

    def test_return_inside_loop(self):
        xs = jnp.array([1.0, 5.0, 9.0])
        for t in (0.0, 4.0, 10.0):
            self.assertEqual(
                int(jax.jit(converted.first_index_over)(xs, t)),
                original.first_index_over(xs, t))

    def test_jax_backend_stages_static_ranges(self):
        # Default: a static range is a Python loop, unrolled while tracing.
        n = 40
        unrolled = _primitives(lambda y: converted.rk4(y, 0.1, n), 1.0)
        self.assertNotIn("scan", unrolled)
        self.assertNotIn("while", unrolled)
        agc_runtime.use("jax")
        try:
            rolled = _primitives(
                lambda y: converted.rk4(y, 0.1, n), 1.0)
            got = jax.jit(lambda y: converted.rk4(y, 0.1, n))(1.0)
        finally:
            agc_runtime.use("python")
        self.assertIn("scan", rolled)
        self.assertLess(len(rolled), len(unrolled) / 10)
        self.assertAlmostEqual(float(got),
                               float(original.rk4(jnp.float32(1.0), 0.1, n)),
                               places=5)

    def test_maximum_iterations(self):
        from agc_runtime import jax_backend
        staging = jax_backend.staging()

        def run(x):
            state = [x]

            def get_state():
                return (state[0],)

            def set_state(values):
                state[0], = values

            def body():
                state[0] = state[0] + 1

            staging.while_stmt(lambda: state[0] < 100, body, get_state,
                               set_state, ("x",), {"maximum_iterations": 7})
            return state[0]

        self.assertEqual(int(jax.jit(run)(0)), 7)
        self.assertEqual(int(jax.jit(run)(98)), 100)


class Transformations(unittest.TestCase):

    def test_grad_through_if_and_static_range(self):
        def by_hand(x):
            def step(i, x):
                return lax.cond(x > 0, lambda x: x * 1.5, lambda x: x - 1.0,
                                x)
            return lax.fori_loop(0, 3, step, x)

        for v in (-2.0, 0.5, 3.0):
            want = jax.grad(by_hand)(v)
            self.assertAlmostEqual(float(jax.jit(jax.grad(
                converted.power_loop))(v)), float(want), places=5)
            self.assertAlmostEqual(float(jax.grad(converted.power_loop)(v)),
                                   float(want), places=5)

    def test_grad_of_rk4_matches_lax(self):
        def by_hand(y):
            def step(i, y):
                h = 0.1
                k1 = -y
                k2 = -(y + h / 2 * k1)
                k3 = -(y + h / 2 * k2)
                k4 = -(y + h * k3)
                return y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
            return lax.fori_loop(0, 20, step, y)

        want = jax.grad(by_hand)(1.0)
        got = jax.jit(jax.grad(lambda y: converted.rk4(y, 0.1, 20)))(1.0)
        self.assertAlmostEqual(float(got), float(want), places=5)

    def test_grad_without_jit_keeps_python_loops(self):
        # A tracer whose value is known (grad, no jit) keeps Python's loop:
        # lax.while_loop could not be differentiated in reverse mode.
        for v in (0.5, 3.0):
            self.assertAlmostEqual(float(jax.grad(converted.while_grad)(v)),
                                   float(jax.grad(original.while_grad)(v)))

    def test_vmap_of_data_dependent_if(self):
        xs = jnp.array([[1.0, 2.0], [-3.0, 1.0], [0.5, -0.25]])
        got = jax.vmap(converted.relu_sum)(xs)
        want = jnp.stack([original.relu_sum(x) for x in xs])
        self.assertTrue(jnp.allclose(got, want))
        got = jax.jit(jax.vmap(converted.collatz_steps))(
            jnp.array([6, 7, 27]))
        self.assertEqual([int(g) for g in got],
                         [original.collatz_steps(n) for n in (6, 7, 27)])


class Errors(unittest.TestCase):

    def _error(self, f, *args):
        with self.assertRaises(Exception) as caught:
            jax.jit(f)(*args)
        return caught.exception

    def _notes(self, e):
        return "\n".join(getattr(e, "__notes__", ()))

    def test_shape_change_in_loop_names_variable(self):
        e = self._error(converted.shape_change, jnp.ones(2))
        self.assertIsInstance(e, TypeError)
        self.assertIn("'x' has shape (2) before the while loop but shape (4) "
                      "after one iteration", str(e))
        self.assertIn("raised while staging the 'while' statement at ",
                      self._notes(e))
        self.assertIn("original_", self._notes(e))

    def test_variable_in_one_branch(self):
        e = self._error(converted.one_branch, 1.0)
        self.assertIsInstance(e, TypeError)
        self.assertIn("'y' is set in the if branch (float32[]) but not in "
                      "the else branch", str(e))

    def test_none_on_one_side(self):
        e = self._error(converted.none_branch, 1.0)
        self.assertIsInstance(e, TypeError)
        self.assertIn("'y' is float32[] in the if branch but None in the "
                      "else branch", str(e))

    def test_string_in_branch(self):
        e = self._error(converted.string_branch, 1.0)
        self.assertIsInstance(e, TypeError)
        self.assertIn("'mode' is a str in the if branch", str(e))

    def test_tracer_to_bool_outside_operator(self):
        e = self._error(converted.bool_outside, 1.0)
        self.assertIsInstance(e, jax.errors.TracerBoolConversionError)

    def test_tracer_to_bool_traceback_names_original_line(self):
        import traceback
        try:
            jax.jit(converted.bool_outside)(1.0)
        except jax.errors.TracerBoolConversionError:
            text = agc_runtime.remap_traceback(traceback.format_exc())
        line = SOURCE.splitlines().index("    flag = bool(x > 0)") + 1
        self.assertIn('File "%s", line %d, in bool_outside'
                      % (original.__file__, line), text)
        self.assertIn("flag = bool(x > 0)", text)

    def test_return_on_some_traced_paths(self):
        for f, args in ((converted.return_on_some_paths, (1.0,)),
                        (converted.return_in_loop_only,
                         (jnp.array([1.0, 5.0]), 2.0))):
            e = self._error(f, *args)
            self.assertIsInstance(e, ValueError)
            self.assertIn("the function returns a value on some paths and "
                          "none on others", str(e))
        xs = jnp.array([1.0, 5.0, 9.0])
        for t in (0.0, 4.0, 10.0):
            self.assertEqual(
                float(jax.jit(converted.return_in_loop_and_after)(xs, t)),
                float(original.return_in_loop_and_after(xs, t)))

    def test_range_of_float(self):
        e = self._error(converted.float_range, 3.0)
        self.assertIsInstance(e, TypeError)
        self.assertIn("range() of a traced float32[]", str(e))


class PrintAndAssert(unittest.TestCase):

    def test_print_when_compiled_code_runs(self):
        f = jax.jit(converted.prints)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            f(2.0)
            f(-1.0)
            jax.effects_barrier()
        expected = io.StringIO()
        with contextlib.redirect_stdout(expected):
            original.prints(jnp.float32(2.0))
            original.prints(jnp.float32(-1.0))
        self.assertEqual(out.getvalue(), expected.getvalue())

    def test_assert_is_checkify_check(self):
        f = checkify.checkify(jax.jit(converted_asserts.checked_sqrt))
        err, out = f(4.0)
        self.assertIsNone(err.get())
        self.assertAlmostEqual(float(out), 2.0)
        err, _ = f(-1.0)
        self.assertIn("x must not be negative", err.get())
        # Without checkify, JAX says to use it.
        with self.assertRaises(ValueError) as caught:
            jax.jit(converted_asserts.checked_sqrt)(4.0)
        self.assertIn("checkify", str(caught.exception))
        # Without the asserts pass, the assert stays Python's: JAX's error.
        with self.assertRaises(jax.errors.TracerBoolConversionError):
            jax.jit(converted_default.checked_sqrt)(4.0)


class Backend(unittest.TestCase):

    def test_use_jax_without_jax(self):
        code = ("import sys; sys.path.insert(0, %r); sys.modules['jax'] = "
                "None\nimport agc_runtime\ntry:\n agc_runtime.use('jax')\n"
                "except ImportError as e:\n print(e)\n"
                "print(agc_runtime.backend())"
                % support.load_file.__globals__["RUNTIME_DIR"])
        out = subprocess.run([sys.executable, "-c", code],
                             capture_output=True, text=True, check=True)
        self.assertIn("the 'jax' backend needs JAX", out.stdout)
        self.assertTrue(out.stdout.rstrip().endswith("python"))

    def test_env_selects_jax(self):
        code = ("import sys; sys.path.insert(0, %r); import agc_runtime; "
                "print(agc_runtime.backend(), 'jax' in sys.modules)"
                % support.load_file.__globals__["RUNTIME_DIR"])
        out = subprocess.run([sys.executable, "-c", code],
                             capture_output=True, text=True, check=True,
                             env=dict(os.environ, AGC_BACKEND="jax"))
        self.assertEqual(out.stdout.split(), ["jax", "True"])


if __name__ == "__main__":
    unittest.main()
