"""Source maps: remapping tracebacks to the original file and line."""

import hashlib
import importlib.util
import json
import linecache
import os
import subprocess
import sys
import tempfile
import textwrap
import traceback
import unittest

from tests import support

import agc_runtime
from agc_runtime import traceback_hook

ORIGINAL = textwrap.dedent("""\
    def f(x):
        if x > 0:
            y = 10 // x
        else:
            y = 1 // x
        return y
""")

# What agc would generate for ORIGINAL (runtime import after line 0 goes to
# line 1), with the origin of every generated line.
GENERATED = [
    ("import agc_runtime as ag__", 1),
    ("@ag__.autograph_artifact", 1),
    ("def f(x):", 1),
    ("    with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:", 1),
    ("        y = ag__.Undefined('y')", 2),
    ("        def get_state():", 2),
    ("            return (y,)", 2),
    ("        def set_state(vars_):", 2),
    ("            nonlocal y", 2),
    ("            (y,) = vars_", 2),
    ("        def if_body():", 2),
    ("            nonlocal y", 2),
    ("            y = 10 // ag__.ld(x)", 3),
    ("        def else_body():", 2),
    ("            nonlocal y", 2),
    ("            y = 1 // ag__.ld(x)", 5),
    ("        ag__.if_stmt(ag__.ld(x) > 0, if_body, else_body, get_state,"
     " set_state, ('y',), 1)", 2),
    ("        return fscope.ret(ag__.ld(y), True)", 6),
]


class SourceMapFixture(unittest.TestCase):

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        root = self.tmp.name
        os.makedirs(os.path.join(root, "src"))
        os.makedirs(os.path.join(root, "build"))
        self.source = os.path.join(root, "src", "model.py")
        self.generated = os.path.join(root, "build", "model_ag.py")
        with open(self.source, "w") as f:
            f.write(ORIGINAL)
        with open(self.generated, "w") as f:
            f.write("\n".join(line for line, _ in GENERATED) + "\n")
        self.write_map()
        traceback_hook.clear_cache()

    def write_map(self, sha=None):
        with open(self.source, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        data = {"version": 1, "source": "../src/model.py",
                "generated": "model_ag.py",
                "source_sha256": digest if sha is None else sha,
                "origin_lines": [origin for _, origin in GENERATED]}
        with open(self.generated + ".map.json", "w") as f:
            json.dump(data, f)

    def tearDown(self):
        traceback_hook.uninstall_traceback_hook()
        traceback_hook.clear_cache()
        linecache.cache.pop(self.source, None)
        self.tmp.cleanup()

    def load_generated(self):
        spec = importlib.util.spec_from_file_location("model_ag",
                                                      self.generated)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    def failing_traceback(self):
        module = self.load_generated()
        self.assertEqual(module.f(3), 3)
        try:
            module.f(0)
        except ZeroDivisionError:
            return traceback.format_exc()
        self.fail("f(0) did not raise")


class RemapTests(SourceMapFixture):

    def test_load_map_and_locations(self):
        source_map = traceback_hook.load_map(self.generated)
        self.assertEqual(source_map.source, os.path.realpath(self.source)
                         if os.path.islink(self.source) else self.source)
        self.assertEqual(traceback_hook.remap_location(self.generated, 16),
                         (self.source, 5))
        self.assertIsNone(traceback_hook.remap_location(self.generated, 99))
        self.assertIsNone(traceback_hook.remap_location(self.source, 1))

    def test_remap_traceback_text(self):
        text = self.failing_traceback()
        self.assertIn('model_ag.py", line 16, in else_body', text)
        remapped = agc_runtime.remap_traceback(text)
        self.assertIn('File "%s", line 5, in else_body' % self.source,
                      remapped)
        self.assertIn("    y = 1 // x\n", remapped)
        self.assertIn('File "%s", line 2, in f' % self.source, remapped)
        self.assertNotIn("model_ag.py", remapped)
        self.assertNotIn("agc_runtime", remapped)
        # A remapped frame drops its caret lines (they point into the
        # generated line); the others keep theirs (3.13 draws carets under
        # a call that spans the whole line too).
        lines = remapped.splitlines()
        for i, line in enumerate(lines):
            if line.startswith('  File "%s"' % self.source):
                after = lines[i + 2] if i + 2 < len(lines) else ""
                self.assertFalse(set(after.strip()) <= set("^~") and
                                 after.strip(), remapped)
        self.assertEqual("^" in remapped, "^" in text.split(
            "model_ag.py")[0], remapped)
        self.assertTrue(remapped.rstrip().endswith(
            "ZeroDivisionError: integer division or modulo by zero"))
        kept = agc_runtime.remap_traceback(text, hide_runtime_frames=False)
        self.assertIn("_importlib_bootstrap_python.py", kept)

    def test_stale_map_is_ignored(self):
        self.write_map(sha="0" * 64)
        traceback_hook.clear_cache()
        text = self.failing_traceback()
        remapped = agc_runtime.remap_traceback(text,
                                               hide_runtime_frames=False)
        self.assertEqual(remapped, text)

    def test_text_without_maps_is_unchanged(self):
        text = ("Traceback (most recent call last):\n"
                '  File "/nonexistent/x.py", line 3, in g\n'
                "    g()\n"
                "ValueError: v\n")
        self.assertEqual(agc_runtime.remap_traceback(text), text)


class HookTests(SourceMapFixture):

    def test_hook_rewrites_live_tracebacks(self):
        agc_runtime.install_traceback_hook()
        text = self.failing_traceback()
        self.assertIn('File "%s", line 5, in else_body' % self.source, text)
        self.assertIn("    y = 1 // x\n", text)
        self.assertNotIn("model_ag.py", text)
        self.assertNotIn("_importlib_bootstrap", text)
        # The original lines are registered with linecache.
        self.assertEqual(linecache.getline(self.source, 3).strip(),
                         "y = 10 // x")
        self.assertIsNone(linecache.cache[self.source][1])

    def test_extract_tb_is_remapped(self):
        agc_runtime.install_traceback_hook(hide_runtime_frames=False)
        module = self.load_generated()
        try:
            module.f(0)
        except ZeroDivisionError as e:
            frames = traceback.extract_tb(e.__traceback__)
        locations = [(os.path.basename(fr.filename), fr.lineno)
                     for fr in frames]
        self.assertIn(("model.py", 2), locations)
        self.assertIn(("model.py", 5), locations)
        self.assertIn(("_importlib_bootstrap_python.py",
                       frames[2].lineno), locations)

    def test_uninstall_restores(self):
        agc_runtime.install_traceback_hook()
        traceback_hook.uninstall_traceback_hook()
        text = self.failing_traceback()
        self.assertIn("model_ag.py", text)

    def test_uncaught_exception_in_a_process(self):
        code = textwrap.dedent("""
            import importlib.util, sys
            import agc_runtime
            agc_runtime.install_traceback_hook()
            spec = importlib.util.spec_from_file_location('m', sys.argv[1])
            m = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(m)
            m.f(0)
        """)
        out = subprocess.run([sys.executable, "-c", code, self.generated],
                             capture_output=True, text=True,
                             env=support.subprocess_env())
        self.assertNotEqual(out.returncode, 0)
        self.assertIn('File "%s", line 5, in else_body' % self.source,
                      out.stderr)
        self.assertIn("ZeroDivisionError", out.stderr)
        self.assertNotIn("model_ag.py", out.stderr)


if __name__ == "__main__":
    unittest.main()
