#!/usr/bin/env python3
"""Eager originals: a converted module called with plain values behaves like
the original, down to what introspection sees.

Converts testdata/eager_behaviour.py twice, with eager originals (the
default) and with --converted-only, imports the original and both outputs,
and checks, for each behaviour the issue lists, that the eager output
matches the original, and that the converted-only output does not (so each
check would fail on agc's output before eager originals):

  locals       locals() inside a function, inside a loop body (which
               converted code shows as the original too);
  co_varnames  the code object's local names;
  frames       sys._getframe(1) seen by a callee, and doctest.DocTestSuite()
               finding the calling module;
  recursion    the depth at which a recursion hits the recursion limit;
  settrace     the line events of a call, mapped through the source map, at
               the original's lines (relative to the function's first line);
  tracebacks   a traceback through converted code has no runtime frame.

Also: a converted call runs its twin when the staged backend asks for
staging (agc_runtime.use('staged')), and the twin's name, qualified name and
code name are the original's.

Usage: scripts/eager_test.py --agc build/agc
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import traceback
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "testdata" / "eager_behaviour.py"
AGC = None


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def setUpModule():
    global TMP, original, eager, converted, eager_map, agc_runtime
    sys.path.insert(0, str(ROOT / "runtime"))
    import agc_runtime
    TMP = tempfile.TemporaryDirectory(prefix="agc_eager_")
    out = Path(TMP.name)
    for name, extra in (("eager_out", []),
                        ("converted_out", ["--converted-only"])):
        p = subprocess.run([AGC, "convert", str(SOURCE), "-o",
                            str(out / (name + ".py"))] + extra,
                           capture_output=True, text=True)
        if p.returncode != 0:
            raise RuntimeError(p.stderr)
    original = load(SOURCE, "eager_original")
    eager = load(out / "eager_out.py", "eager_out")
    converted = load(out / "converted_out.py", "converted_out")
    eager_map = json.loads((out / "eager_out.py.map.json").read_text())


def tearDownModule():
    TMP.cleanup()


class Introspection(unittest.TestCase):

    def both(self, name, *args):
        """(original's, eager's, converted-only's) results of name(*args)."""
        return tuple(getattr(m, name)(*args)
                     for m in (original, eager, converted))

    def test_locals(self):
        # Converted code shows the original's variables too (issue 27).
        want, got, forced = self.both("loop_locals", 3)
        self.assertEqual(got, want)
        self.assertEqual(forced, want)

    def test_locals_in_the_twin_of_an_eagerly_made_function(self):
        want = original.make_step(2)
        twin = agc_runtime.twin(eager.make_step(2))
        for x in (3, 0):
            self.assertEqual(twin(x), want(x))
            self.assertEqual(converted.make_step(2)(x), want(x))

    def test_nested_function_and_method_locals(self):
        # The guard of a nested function names nothing of its own: no `inner`
        # among its free variables or locals(), no cell in the enclosing
        # function; a method's has no `__class__`.
        want, got, forced = self.both("nested_locals", 2)
        self.assertEqual(got, want)
        self.assertEqual(want, (["total", "x", "y"], ("x",), ("x",)))
        results = [m.WithLocals().method(3)
                   for m in (original, eager, converted)]
        self.assertEqual(results[1], results[0])
        # Converted code's locals() is the original's too (issue 27).
        self.assertEqual(results[2], results[0])

    def test_co_varnames(self):
        for name in ("loop_locals", "collatz", "depth"):
            want = getattr(original, name).__code__.co_varnames
            self.assertEqual(getattr(eager, name).__code__.co_varnames, want)
            self.assertNotEqual(
                getattr(converted, name).__code__.co_varnames, want)

    def test_getframe_sees_the_caller(self):
        want, got, forced = self.both("caller_of_callee")
        self.assertEqual(got, want)
        self.assertNotEqual(forced, want)

    def test_doctest_suite_finds_the_calling_module(self):
        want, got, forced = self.both("doctest_module")
        self.assertEqual((want, got), (["eager_original"], ["eager_out"]))
        self.assertNotEqual(forced, ["converted_out"])

    def test_recursion_limit_depth(self):
        limit = sys.getrecursionlimit()
        try:
            sys.setrecursionlimit(400)
            want, got, forced = self.both("depth_reached")
        finally:
            sys.setrecursionlimit(limit)
        self.assertEqual(got, want)
        self.assertNotEqual(forced, want)

    def test_settrace_lines(self):
        def lines_of(module, to_original):
            code = module.collatz.__code__
            events = []

            def tracer(frame, event, arg):
                if frame.f_code is code and event == "line":
                    events.append(to_original(frame.f_lineno))
                return tracer

            sys.settrace(tracer)
            try:
                module.collatz(6)
            finally:
                sys.settrace(None)
            return events

        want = lines_of(original, lambda n: n)
        origin = eager_map["origin_lines"]
        got = lines_of(eager, lambda n: origin[n - 1])
        # The guard line (mapped to the function's first statement) is the
        # one extra event of each call.
        self.assertEqual(got[0], want[0])
        self.assertEqual(got[1:], want)
        first = original.collatz.__code__.co_firstlineno
        self.assertEqual([n - first for n in got[1:]],
                         [n - first for n in want])
        forced_code = converted.collatz.__code__
        self.assertNotEqual(lines_of(converted, lambda n: n), want)
        self.assertIsNotNone(forced_code)

    def test_traceback_has_no_runtime_frame(self):
        def frames(module):
            try:
                module.fails(0)
            except ZeroDivisionError:
                return [f.filename for f in
                        traceback.extract_tb(sys.exc_info()[2])]
            self.fail("no error")

        runtime = str(ROOT / "runtime" / "agc_runtime")
        self.assertFalse([f for f in frames(eager) if f.startswith(runtime)])
        self.assertTrue([f for f in frames(converted)
                         if f.startswith(runtime)])


class Staging(unittest.TestCase):

    def test_staged_backend_runs_the_twins(self):
        import agc_runtime
        self.assertFalse(agc_runtime.tracing())
        agc_runtime.use("staged")
        try:
            from agc_runtime import staged
            value = staged.Value(27)
            got = staged.unstage(eager.collatz(value))
        finally:
            agc_runtime.use("python")
        self.assertEqual(got, original.collatz(27))

    def test_staged_twins_of_closures(self):
        # Each function made by one `def` runs its own twin (its closure).
        import agc_runtime
        from agc_runtime import staged
        adders = eager.make_adders(3)
        agc_runtime.use("staged")
        try:
            got = [staged.unstage(add(staged.Value(10))) for add in adders]
        finally:
            agc_runtime.use("python")
        self.assertEqual(got, [add(10) for add in original.make_adders(3)])

    def test_factories_and_their_functions(self):
        # make_offset needs no twin, nor does what it makes; make_sign makes
        # a function that needs one, so it has one too (TensorFlow would
        # convert an unmarked make_sign from its source, guard and all).
        import agc_runtime
        from agc_runtime import staged
        self.assertIsNone(agc_runtime.twin(eager.make_offset))
        self.assertIsNone(agc_runtime.twin(eager.make_offset(1)))
        self.assertEqual(eager.make_offset(2)(3), original.make_offset(2)(3))
        self.assertIsNotNone(agc_runtime.twin(eager.make_sign))
        sign = eager.make_sign(5)
        self.assertIsNotNone(agc_runtime.twin(sign))
        agc_runtime.use("staged")
        try:
            got = [staged.unstage(sign(staged.Value(v))) for v in (3, -3)]
        finally:
            agc_runtime.use("python")
        self.assertEqual(got, [original.make_sign(5)(3),
                               original.make_sign(5)(-3)])

    def test_super_alone_needs_no_twin(self):
        import agc_runtime
        self.assertIsNone(agc_runtime.twin(eager.Derived.__init__))
        d = eager.Derived(4)
        self.assertEqual((d.v, d.w), (4, 8))

    def test_registry_of_originals_stays_small(self):
        # A nested `def` run at every call registers each function it makes
        # (weakly): the dead ones are dropped as the list grows.
        for _ in range(300):
            eager.make_adders(2)
        code = eager.make_adders(1)[0].__code__
        refs = agc_runtime._ORIGINALS[id(code)]
        self.assertLess(len(refs), 64)

    def test_bookkeeping_stays_out_of_the_originals_dict(self):
        # Without TensorFlow imported, an eager original's __dict__ is the
        # original's ({}): the twin is kept aside (agc_runtime.twin), and
        # TensorFlow's marker waits for TensorFlow (test_tensorflow_marker).
        self.assertNotIn("tensorflow", sys.modules)
        for name in ("collatz", "make_step", "rebinds_itself"):
            self.assertEqual(vars(getattr(eager, name)),
                             vars(getattr(original, name)), name)
        self.assertEqual(vars(eager.Counter.bump), {})
        self.assertEqual(vars(eager.make_step(2)), {})
        self.assertIsNone(agc_runtime.twin(original.collatz))
        self.assertIsNone(agc_runtime.twin(len))

    def test_twins_go_with_their_originals(self):
        import gc
        before = len(agc_runtime._TWINS)
        for _ in range(50):
            eager.make_step(2)
        gc.collect()
        self.assertLessEqual(len(agc_runtime._TWINS), before + 1)

    def test_tensorflow_marker(self):
        # Importing TensorFlow (here: its name reaching the import system)
        # marks every eager original for it, and those made after at once.
        fake = Path(TMP.name) / "fake_tf"
        (fake / "tensorflow").mkdir(parents=True, exist_ok=True)
        (fake / "tensorflow" / "__init__.py").write_text("")
        code = ("import sys; sys.path[:0] = sys.argv[1:]; "
                "import eager_out as m; f = m.make_step(2); "
                "print(sorted(vars(m.collatz)), sorted(vars(f))); "
                "import tensorflow; "
                "print(sorted(vars(m.collatz)), sorted(vars(f)), "
                "sorted(vars(m.make_step(3))))")
        p = subprocess.run([sys.executable, "-c", code, str(ROOT / "runtime"),
                            TMP.name, str(fake)], capture_output=True,
                           text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.splitlines(), [
            "[] []",
            "['autograph_info__'] ['autograph_info__'] ['autograph_info__']"])

    def test_function_rebinding_itself_keeps_its_original(self):
        self.assertIsNotNone(agc_runtime.twin(eager.rebinds_itself))
        self.assertEqual(eager.rebinds_itself(-4), original.rebinds_itself(-4))

    def test_twin_names(self):
        twin = agc_runtime.twin(eager.collatz)
        self.assertEqual((twin.__name__, twin.__qualname__,
                          twin.__code__.co_name),
                         ("collatz", "collatz", "collatz"))
        # agc writes the twin without its docstring; it gets the original's.
        sign = eager.make_sign(1)
        self.assertEqual(agc_runtime.twin(sign).__doc__, sign.__doc__)
        self.assertIn("The function it makes", sign.__doc__)
        method = agc_runtime.twin(eager.Counter.bump)
        self.assertEqual(method.__qualname__, "Counter.bump")
        self.assertNotIn("_agc_collatz", vars(eager))
        self.assertNotIn("_agc_bump", vars(eager.Counter))


class CommandLine(unittest.TestCase):
    """--converted-only, AGC_CONVERTED_ONLY and `converted-only` in
    [tool.agc] choose the converted code only."""

    def convert(self, folder, *extra, env=None):
        return subprocess.run([AGC, "convert", "m.py", "-o", "-"] +
                              list(extra), cwd=folder, capture_output=True,
                              text=True, env=env)

    def test_the_three_ways(self):
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            (folder / "m.py").write_text("def f(x):\n    return x if x "
                                         "else 1\n")
            default = self.convert(folder)
            self.assertEqual(default.returncode, 0, default.stderr)
            self.assertIn("ag__.twin_of(f, 'f')", default.stdout)
            flag = self.convert(folder, "--converted-only")
            self.assertNotIn("twin_of", flag.stdout)
            self.assertIn("@ag__.autograph_artifact", flag.stdout)
            env = dict(os.environ, AGC_CONVERTED_ONLY="1")
            self.assertEqual(self.convert(folder, env=env).stdout,
                             flag.stdout)
            (folder / "pyproject.toml").write_text(
                "[tool.agc]\nconverted-only = true\n")
            self.assertEqual(self.convert(folder).stdout, flag.stdout)
            (folder / "pyproject.toml").write_text(
                "[tool.agc]\nconverted-only = \"yes\"\n")
            bad = self.convert(folder)
            self.assertEqual(bad.returncode, 2)
            self.assertIn("pyproject.toml:2:18: [tool.agc] converted-only "
                          "must be true or false", bad.stderr)


def main():
    global AGC
    parser = argparse.ArgumentParser()
    parser.add_argument("--agc", required=True)
    args, rest = parser.parse_known_args()
    AGC = os.path.abspath(args.agc)
    unittest.main(argv=[sys.argv[0]] + rest, verbosity=2)


if __name__ == "__main__":
    main()
