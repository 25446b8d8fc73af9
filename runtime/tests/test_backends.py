"""Backend selection: AGC_BACKEND, use(), and the tf mapping (with a fake TF)."""

import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

from tests import support

import agc_runtime as ag__
from agc_runtime import staged
from tests import programs


def _run(code, **env):
    return subprocess.run([sys.executable, "-c", code], capture_output=True,
                          text=True, env=support.subprocess_env(**env))


class Selection(unittest.TestCase):

    def tearDown(self):
        ag__.use("python")

    def test_default_is_python(self):
        out = _run("import agc_runtime as ag; print(ag.backend())")
        self.assertEqual(out.stdout.strip(), "python", out.stderr)

    def test_every_protocol_name_is_bound(self):
        expected = {
            "if_stmt", "while_stmt", "for_stmt", "if_exp", "and_", "or_",
            "not_", "eq", "not_eq", "ld", "ld_comp", "ld_free", "ldu",
            "Undefined",
            "UndefinedReturnValue", "retval", "converted_call",
            "FunctionScope", "with_function_scope", "STD",
            "ConversionOptions", "Feature", "autograph_artifact",
            "do_not_convert", "assert_stmt", "new_list", "list_append",
            "list_pop", "ListPopOpts", "list_stack", "ListStackOpts",
            "get_item", "GetItemOpts", "set_item", "print_", "len_",
            "range_", "int_", "float_", "set_loop_options",
            "set_element_type", "key"}
        self.assertLessEqual(expected, set(ag__.PROTOCOL))
        for name in ("python", "staged"):
            ag__.use(name)
            for symbol in ag__.PROTOCOL:
                self.assertTrue(callable(getattr(ag__, symbol)) or
                                symbol in ("STD", "key"), (name, symbol))
            self.assertEqual(ag__.key[:, 1, ...],
                             (slice(None), 1, Ellipsis))

    def test_use_switches_the_operators_converted_code_calls(self):
        x = staged.Value(5)
        ag__.use("python")
        with self.assertRaises(staged.OperatorNotAllowedError):
            programs.abs_diff_ag(x, 2)
        ag__.use("staged")
        self.assertEqual(ag__.backend(), "staged")
        self.assertEqual(programs.abs_diff_ag(x, 2).value, 3)
        ag__.use("python")
        self.assertIs(ag__.if_stmt,
                      ag__._importlib_bootstrap_python.if_stmt)

    def test_unknown_backend(self):
        with self.assertRaises(ValueError) as cm:
            ag__.use("numpy")
        self.assertIn("unknown agc_runtime backend 'numpy'",
                      str(cm.exception))
        self.assertEqual(ag__.backend(), "python")

    def test_tf_without_tensorflow_is_a_clear_error(self):
        try:
            import tensorflow  # noqa: F401
            self.skipTest("TensorFlow is installed here")
        except ImportError:
            pass
        ag__.use("staged")
        with self.assertRaises(ImportError) as cm:
            ag__.use("tf")
        self.assertIn("the 'tf' backend needs TensorFlow", str(cm.exception))
        self.assertEqual(ag__.backend(), "staged")

    def test_environment_variable(self):
        out = _run("import agc_runtime as ag; print(ag.backend(), "
                   "ag.if_stmt.__module__)", AGC_BACKEND="staged")
        self.assertEqual(out.stdout.split(),
                         ["staged", "agc_runtime._importlib_bootstrap_staged"],
                         out.stderr)
        out = _run("import agc_runtime", AGC_BACKEND="bogus")
        self.assertNotEqual(out.returncode, 0)
        self.assertIn("AGC_BACKEND='bogus'", out.stderr)
        out = _run("import agc_runtime", AGC_BACKEND="tf")
        self.assertNotEqual(out.returncode, 0)
        self.assertIn("needs TensorFlow", out.stderr)


_FAKE_OPERATOR_NAMES = (
    "if_stmt while_stmt for_stmt if_exp and_ or_ not_ eq not_eq ld ldu "
    "assert_stmt new_list list_append list_pop ListPopOpts list_stack "
    "ListStackOpts get_item GetItemOpts set_item print_ len_ range_ int_ "
    "float_ abs_").split()


class FakeTensorFlow(unittest.TestCase):
    """The tf mapping against a stand-in package with TF's module layout."""

    def _make_fake(self, root, drop=()):
        def write(path, text):
            full = os.path.join(root, *path.split("/"))
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as f:
                f.write(textwrap.dedent(text))
        base = "tensorflow/python/autograph/"
        for pkg in ("tensorflow/python", base[:-1],
                    base + "impl", base + "core", base + "lang"):
            write(pkg + "/__init__.py", "")
        write("tensorflow/__init__.py", "__version__ = '2.0.0-fake'\n")
        ops = "".join("def %s(*a, **k): return 'tf.%s'\n" % (n, n)
                      for n in _FAKE_OPERATOR_NAMES if n not in drop)
        ops += ("class Undefined:\n    def __init__(self, n): self.n = n\n"
                "class UndefinedReturnValue: pass\n")
        write(base + "operators/__init__.py", ops)
        write(base + "impl/api.py",
              "def converted_call(*a, **k): return 'tf.converted_call'\n"
              "def do_not_convert(f=None): return f\n"
              "def autograph_artifact(e, extras=None): return e\n")
        write(base + "core/converter.py",
              "class ConversionOptions: pass\n"
              "class Feature: pass\n"
              "STANDARD_OPTIONS = ConversionOptions()\n")
        write(base + "core/function_wrappers.py",
              "class FunctionScope: pass\n"
              "def with_function_scope(t, s, o): return 'tf.wfs'\n")
        write(base + "lang/directives.py",
              "def set_loop_options(**k): return 'tf.slo'\n"
              "def set_element_type(*a): return 'tf.set'\n")

    def _run_with_fake(self, code, drop=(), **env):
        with tempfile.TemporaryDirectory() as tmp:
            self._make_fake(tmp, drop)
            full_env = support.subprocess_env(**env)
            full_env["PYTHONPATH"] = tmp + os.pathsep + full_env["PYTHONPATH"]
            return subprocess.run([sys.executable, "-c", code],
                                  capture_output=True, text=True,
                                  env=full_env)

    def test_tf_binds_tensorflows_operators(self):
        code = textwrap.dedent("""
            import agc_runtime as ag
            assert ag.backend() == 'tf'
            print(ag.if_stmt(), ag.for_stmt(), ag.converted_call(len, (), None),
                  ag.ld())
            ag.converted_call(print, ('print', 'stays', 'print'), None)
            print(ag.assert_stmt(True, None))
            print(ag.FunctionScope.__module__, ag.STD.__class__.__module__)
            print(ag.set_loop_options(), ag.with_function_scope(1, 2, 3))
            print(ag.retval(ag.UndefinedReturnValue()), ag.retval(4))
            print(ag.enumerate_ is enumerate, ag.abs_())
            ag.use('python')
            print(ag.if_stmt.__module__, ag.FunctionScope.__module__)
        """)
        out = self._run_with_fake(code, AGC_BACKEND="tf")
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(out.stdout.splitlines(), [
            "tf.if_stmt tf.for_stmt tf.converted_call tf.ld",
            "print stays print",
            "tf.assert_stmt",
            "tensorflow.python.autograph.core.function_wrappers "
            "tensorflow.python.autograph.core.converter",
            "tf.slo tf.wfs",
            "None 4",
            "True tf.abs_",
            "agc_runtime._importlib_bootstrap_python agc_runtime.core",
        ])

    def test_use_tf_at_run_time(self):
        out = self._run_with_fake(
            "import agc_runtime as ag; ag.use('tf'); print(ag.backend(), "
            "ag.if_exp())")
        self.assertEqual(out.stdout.split(), ["tf", "tf.if_exp"], out.stderr)

    def test_tensorflow_without_a_required_operator(self):
        out = self._run_with_fake(
            "import agc_runtime as ag\n"
            "try:\n    ag.use('tf')\nexcept ImportError as e:\n"
            "    print(ag.backend(), '|', e)\n", drop=("while_stmt",))
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertIn("python | agc_runtime: TensorFlow 2.0.0-fake does not "
                      "provide the operators", out.stdout)
        self.assertIn("while_stmt", out.stdout)


class FrameworkWatch(unittest.TestCase):
    """frameworks_loaded: the entry guards ask tracing() only once a staging
    framework is imported."""

    def _run(self, code, jax_init):
        with tempfile.TemporaryDirectory() as tmp:
            os.makedirs(os.path.join(tmp, "jax"))
            with open(os.path.join(tmp, "jax", "__init__.py"), "w") as f:
                f.write(jax_init)
            env = support.subprocess_env()
            env["PYTHONPATH"] = tmp + os.pathsep + env["PYTHONPATH"]
            out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)],
                                 capture_output=True, text=True, env=env)
        self.assertEqual(out.returncode, 0, out.stderr)
        return out.stdout.split()

    def test_a_failed_framework_import_leaves_the_guards_cheap(self):
        out = self._run("""
            import agc_runtime as ag
            print(ag.frameworks_loaded)
            try:
                import jax
            except ImportError:
                pass
            print(ag.frameworks_loaded, ag.tracing(), ag.frameworks_loaded)
            print(ag.tracing(), ag.frameworks_loaded)
        """, "raise ImportError('no jaxlib')\n")
        self.assertEqual(out, ["False", "True", "False", "False", "False",
                               "False"])

    def test_a_framework_whose_staging_cannot_load_does_not_trace(self):
        # A `jax` that imports but is not JAX (a broken install): asked once,
        # never tracing, and the guards are cheap again.
        out = self._run("""
            import agc_runtime as ag
            import jax
            print(ag.frameworks_loaded, ag.tracing(), ag.frameworks_loaded,
                  ag._tracing_now is not None)
        """, "")
        self.assertEqual(out, ["True", "False", "False", "True"])

    def test_the_guards_global_follows_frameworks_loaded(self):
        # A converted module's `_ag__guard__` (guard.bind): False, the guard
        # module once a framework is imported, False again when it turns
        # out not to stage.
        out = self._run("""
            import agc_runtime as ag
            ns = {}
            ns["_ag__guard__"] = ag.guard.bind(ns)
            print(ns["_ag__guard__"])
            import jax
            print(ns["_ag__guard__"] is ag.guard, ag.tracing())
            print(ns["_ag__guard__"])
        """, "")
        self.assertEqual(out, ["False", "True", "False", "False"])


if __name__ == "__main__":
    unittest.main()
