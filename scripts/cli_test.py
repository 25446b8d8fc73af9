#!/usr/bin/env python3
"""End-to-end checks of the `agc` command line: files, exit codes, errors.

Run: cli_test.py --agc build/agc
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

AGC = None
ROOT = Path(__file__).resolve().parent.parent

SIMPLE = b'"""Doc."""\nimport os\n\n\ndef f(x):\n    # comment\n    return x + 1\n'


def agc(*args, cwd=None, stdin=None, env=None):
    return subprocess.run([AGC, *args], cwd=cwd, input=stdin, env=env,
                          capture_output=True, timeout=120)


class Cli(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.dir = Path(self._tmp.name)

    def tearDown(self):
        self._tmp.cleanup()

    def write(self, name, data: bytes):
        p = self.dir / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
        return p

    def listing(self):
        return sorted(str(p.relative_to(self.dir)) for p in self.dir.rglob("*"))

    def assert_one_error(self, proc, pattern, code):
        err = proc.stderr.decode()
        self.assertEqual(proc.returncode, code, err)
        lines = err.splitlines()
        self.assertEqual(len(lines), 1, err)
        self.assertRegex(lines[0], pattern)

    def assert_syntax_error(self, proc, pattern, line, caret):
        """Exit 1 and one syntax error: its line, the source line, a caret."""
        err = proc.stderr.decode()
        self.assertEqual(proc.returncode, 1, err)
        lines = err.splitlines()
        self.assertEqual(len(lines), 3, err)
        self.assertRegex(lines[0], pattern)
        self.assertEqual(lines[1:], [line, caret])

    # --- the happy path -------------------------------------------------

    def test_default_output_and_map(self):
        self.write("m.py", SIMPLE)
        p = agc("convert", "m.py", "--passes", "none", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual((self.dir / "m_ag.py").read_bytes(), SIMPLE)
        m = json.loads((self.dir / "m_ag.py.map.json").read_text())
        self.assertEqual(list(m), ["version", "source", "generated",
                                   "source_sha256", "origin_lines"])
        self.assertEqual(m["version"], 1)
        self.assertEqual(m["source"], "m.py")
        self.assertEqual(m["generated"], "m_ag.py")
        import hashlib
        self.assertEqual(m["source_sha256"], hashlib.sha256(SIMPLE).hexdigest())
        self.assertEqual(m["origin_lines"], [1, 2, 3, 4, 5, 6, 7])

    def test_out_dir_mirrors_paths_and_source_is_relative(self):
        self.write("src/pkg/a.py", SIMPLE)
        p = agc("convert", "src/pkg/a.py", "--out-dir", "out", "--passes",
                "none", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual((self.dir / "out/src/pkg/a.py").read_bytes(), SIMPLE)
        m = json.loads((self.dir / "out/src/pkg/a.py.map.json").read_text())
        self.assertEqual(m["source"], "../../../src/pkg/a.py")
        self.assertEqual(m["generated"], "a.py")

    def test_stdin_to_stdout(self):
        p = agc("convert", "-", "--passes", "none", cwd=self.dir, stdin=SIMPLE)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout, SIMPLE)
        self.assertEqual(self.listing(), [])

    def test_file_to_stdout(self):
        self.write("m.py", SIMPLE)
        p = agc("convert", "m.py", "-o", "-", "--passes", "none", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout, SIMPLE)
        self.assertEqual(self.listing(), ["m.py"])

    def test_no_source_map(self):
        self.write("m.py", SIMPLE)
        p = agc("convert", "m.py", "--no-source-map", "--passes", "none",
                cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(self.listing(), ["m.py", "m_ag.py"])

    def test_unchanged_output_is_not_rewritten(self):
        self.write("m.py", SIMPLE)
        agc("convert", "m.py", "--passes", "none", cwd=self.dir)
        out = self.dir / "m_ag.py"
        os.utime(out, ns=(1, 1))
        p = agc("convert", "m.py", "--passes", "none", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(os.stat(out).st_mtime_ns, 1)

    def test_check_reports_stale_and_missing(self):
        self.write("m.py", SIMPLE)
        p = agc("convert", "m.py", "--check", "--passes", "none", cwd=self.dir)
        self.assert_one_error(
            p, r"^m\.py: error: output is missing: m_ag\.py \[AGC009\]$", 1)
        self.assertEqual(self.listing(), ["m.py"])
        agc("convert", "m.py", "--passes", "none", cwd=self.dir)
        p = agc("convert", "m.py", "--check", "--passes", "none", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.write("m.py", SIMPLE + b"y = 2\n")
        p = agc("convert", "m.py", "--check", "--passes", "none", cwd=self.dir)
        self.assertEqual(p.returncode, 1)
        self.assertRegex(p.stderr.decode(),
                         r"^m\.py: error: output is out of date: m_ag\.py "
                         r"\[AGC009\]\n")
        agc("convert", "m.py", "--passes", "none", cwd=self.dir)
        (self.dir / "m_ag.py.map.json").unlink()
        p = agc("convert", "m.py", "--check", "--passes", "none", cwd=self.dir)
        self.assert_one_error(
            p, r"^m\.py: error: output is missing: m_ag\.py\.map\.json "
               r"\[AGC009\]$", 1)

    def test_check_reports_stale_map(self):
        self.write("m.py", SIMPLE)
        agc("convert", "m.py", "--passes", "none", cwd=self.dir)
        (self.dir / "m_ag.py.map.json").write_text("{}")
        p = agc("convert", "m.py", "--check", "--passes", "none", cwd=self.dir)
        self.assert_one_error(
            p, r"^m\.py: error: output is out of date: m_ag\.py\.map\.json \[AGC009\]$", 1)

    def test_diff_prints_and_writes_nothing(self):
        self.write("m.py", SIMPLE)
        p = agc("convert", "m.py", "--diff", "--passes", "none", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertTrue(p.stdout.startswith(b"--- /dev/null\n+++ m_ag.py\n"),
                        p.stdout)
        self.assertIn(b"+def f(x):\n", p.stdout)
        self.assertEqual(self.listing(), ["m.py"])
        agc("convert", "m.py", "--passes", "none", cwd=self.dir)
        p = agc("convert", "m.py", "--diff", "--passes", "none", cwd=self.dir)
        self.assertEqual(p.stdout, b"")

    def test_diff_applies_with_patch_and_git_apply(self):
        # A new output (an empty range: GNU diff's "-0,0") and a changed one.
        for tool in (["patch", "-p0", "--quiet"], ["git", "apply", "-p0"]):
            with self.subTest(tool=tool[0]):
                work = self.dir / tool[0]
                work.mkdir()
                if tool[0] == "git":
                    subprocess.run(["git", "init", "-q", "."], cwd=work,
                                   check=True)
                (work / "m.py").write_bytes(SIMPLE)
                for step in ("new", "changed"):
                    if step == "changed":
                        (work / "m.py").write_bytes(SIMPLE + b"y = 2\n")
                    p = agc("convert", "m.py", "--diff", cwd=work)
                    self.assertEqual(p.returncode, 0, p.stderr)
                    applied = subprocess.run(tool, input=p.stdout, cwd=work,
                                             capture_output=True)
                    self.assertEqual(applied.returncode, 0,
                                     applied.stderr.decode() + step)
                    p = agc("convert", "m.py", "--check", "--no-source-map",
                            cwd=work)
                    self.assertEqual(p.returncode, 0, p.stderr)

    def test_remap_says_which_map_it_ignored(self):
        self.write("m.py", b"def f(x):\n    if x:\n        raise ValueError('b')\n"
                           b"    return 1\n")
        agc("convert", "m.py", cwd=self.dir)
        generated = self.dir / "m_ag.py"
        line = next(i for i, text in enumerate(
            generated.read_text().splitlines(), 1) if "raise " in text)
        tb = (f'Traceback (most recent call last):\n  File "{generated}", '
              f'line {line}, in f\n    raise\nValueError: b\n').encode()
        p = agc("remap", stdin=tb, cwd=self.dir)
        self.assertEqual((p.returncode, p.stderr), (0, b""))
        self.assertIn(b'm.py", line 3, in f', p.stdout)
        self.write("m.py", b"# edited\n" + (self.dir / "m.py").read_bytes())
        p = agc("remap", stdin=tb, cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout, tb)
        self.assert_one_error(
            p, r"^.*m_ag\.py\.map\.json: warning: source map ignored: its "
               r"source .*m\.py changed after conversion \(sha256 differs\) "
               r"\[AGC018\]$", 0)
        # No map at all: a file agc did not write, nothing to say.
        generated.with_name("m_ag.py.map.json").unlink()
        p = agc("remap", stdin=tb, cwd=self.dir)
        self.assertEqual((p.returncode, p.stderr, p.stdout), (0, b"", tb))

    def test_flags_with_nothing_to_act_on_are_usage_errors(self):
        self.write("m.py", SIMPLE)
        cases = {
            ("-", "--out-dir", "d"): r"--out-dir mirrors the paths of input files",
            ("m.py", "-o", "-", "--check"): r"--check compares output files",
            ("m.py", "-o", "-", "--diff"): r"--diff compares output files",
            ("-", "--check"): r"--check compares output files",
            ("-", "--diff"): r"--diff compares output files",
            ("m.py", "-o", "-", "--emit-runtime"): r"--emit-runtime writes",
            ("-", "--emit-runtime"): r"--emit-runtime writes",
            ("m.py", "--passes", "none,functions"):
                r"'none' cannot be combined with other passes",
        }
        for args, message in cases.items():
            with self.subTest(args=args):
                p = subprocess.run([AGC, "convert", *args], cwd=self.dir,
                                   input=SIMPLE, capture_output=True)
                self.assertEqual(p.stdout, b"")
                self.assert_one_error(
                    p, r"^agc: error: .*" + message + r".*\[AGC016\]$", 2)
                self.assertEqual(self.listing(), ["m.py"])

    def test_command_line_errors_in_one_voice(self):
        self.write("m.py", SIMPLE)
        (self.dir / "d").mkdir()
        cases = [
            (("convert",), r"files is required \(see `agc convert --help`\)"),
            (("convert", "m.py", "-o", "x.py", "--out-dir", "o"),
             r"--output excludes --out-dir"),
            (("convert", "m.py", "--bogus"), r"not expected: --bogus"),
            (("convert", "m.py", "-j", "-3"),
             r"--jobs: Value -3 not in range 0 to 1024 \(see"),
            (("lint", "m.py", "-j", "99999"),
             r"--jobs: Value 99999 not in range 0 to 1024 \(see `agc lint"),
            (("explain", "AGC1234"), r"is not a diagnostic code"),
        ]
        for args, message in cases:
            with self.subTest(args=args):
                p = agc(*args, cwd=self.dir)
                self.assert_one_error(
                    p, r"^agc: error: .*" + message + r".*\[AGC016\]$", 2)
        p = agc("inspect", "d", cwd=self.dir)
        self.assertNotIn(b"convert", p.stderr)
        self.assertIn(b"is a directory (name the .py files in it)", p.stderr)

    def test_pass_names_from_config_and_print_after(self):
        self.write("m.py", SIMPLE)
        self.write("pyproject.toml", b'[tool.agc]\nselect = ["AGC301"]\n'
                                     b'passes = "default,lsits"\n')
        p = agc("convert", "m.py", "-o", "-", cwd=self.dir)
        self.assert_one_error(
            p, r"^.*pyproject\.toml:3:10: error: \[tool\.agc\] passes: "
               r"unknown pass 'lsits' \(did you mean 'lists'\?\) \[AGC014\]$",
            2)
        p = agc("lint", "m.py", cwd=self.dir)
        self.assertEqual(p.returncode, 2)
        self.assertIn(b"pyproject.toml:3:10: [tool.agc] passes: unknown pass "
                      b"'lsits'", p.stderr)
        p = agc("convert", "m.py", "-o", "-", "--isolated", "--print-after",
                "contrl_flow", cwd=self.dir)
        self.assert_one_error(
            p, r"^agc: error: unknown pass 'contrl_flow' in --print-after "
               r"\(did you mean 'control_flow'\?\) \[AGC014\]$", 2)
        p = agc("convert", "m.py", "-o", "-", "--isolated", "--print-after",
                "lists", cwd=self.dir)
        self.assert_one_error(
            p, r"^agc: error: --print-after names 'lists', which is not a "
               r"selected pass \[AGC016\]$", 2)

    def test_config_out_dir_is_relative_to_the_config(self):
        self.write("pyproject.toml", b'[tool.agc]\nout-dir = "gen"\n')
        self.write("src/pkg/utils.py", SIMPLE)
        p = agc("convert", "src/pkg/utils.py", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        first = (self.dir / "gen/src/pkg/utils.py").read_bytes()
        (self.dir / "gen/src/pkg/utils.py").unlink()
        p = agc("convert", "utils.py", cwd=self.dir / "src" / "pkg")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual((self.dir / "gen/src/pkg/utils.py").read_bytes(),
                         first)
        self.assertNotIn("gen/utils.py", self.listing())
        # A flag is relative to the working directory, as before.
        p = agc("convert", "utils.py", "--out-dir", "out",
                cwd=self.dir / "src" / "pkg")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertTrue((self.dir / "src/pkg/out/utils.py").exists())

    # --- the target Python version ---------------------------------------

    GENERIC = b"def first[T](xs: list[T]) -> T:\n    return len(xs) and xs[0]\n"
    DEFAULTS = b"def first[T = int](xs: list[T]) -> T:\n    return xs[0]\n"

    def target_error(self, proc):
        """The first line of stderr, or "" when agc converted the file."""
        if proc.returncode == 0:
            return ""
        return proc.stderr.decode().splitlines()[0]

    def test_target_version_flag(self):
        self.write("g.py", self.GENERIC)
        p = agc("convert", "g.py", "-o", "-", "--isolated",
                "--target-version", "py311", cwd=self.dir)
        self.assert_syntax_error(
            p, r"^g\.py:1:10: error: type parameter lists need Python 3\.12 "
               r"\(target is 3\.11\) \[AGC004\]$",
            "def first[T](xs: list[T]) -> T:", "         ^")
        for target in ("py312", "py313"):
            p = agc("convert", "g.py", "-o", "-", "--isolated",
                    "--target-version", target, cwd=self.dir)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn(b"def _agc_first[T](xs):", p.stdout)
        # Without any setting: py313, the newest agc reads.
        self.write("d.py", self.DEFAULTS)
        p = agc("convert", "d.py", "-o", "-", "--isolated", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        p = agc("convert", "d.py", "-o", "-", "--isolated",
                "--target-version", "py312", cwd=self.dir)
        self.assertRegex(self.target_error(p),
                         r"^d\.py:1:13: error: type parameter defaults need "
                         r"Python 3\.13 \(target is 3\.12\) \[AGC004\]$")
        # lint, inspect and dump read the flag too.
        for sub in ("lint", "inspect", "dump"):
            p = agc(sub, "g.py", "--target-version", "py311",
                    *(["--isolated"] if sub == "lint" else []), cwd=self.dir)
            self.assertEqual(p.returncode, 1, (sub, p.stderr))
            self.assertIn(b"type parameter lists need Python 3.12 (target is "
                          b"3.11) [AGC004]", p.stdout + p.stderr)
            p = agc(sub, "g.py", "--target-version", "py312",
                    *(["--isolated"] if sub == "lint" else []), cwd=self.dir)
            self.assertNotIn(b"AGC004", p.stdout + p.stderr, sub)

    def test_bad_target_version_is_a_usage_error(self):
        self.write("g.py", self.GENERIC)
        for sub in ("convert", "lint", "inspect", "dump"):
            p = agc(sub, "g.py", "--target-version", "3.12", cwd=self.dir)
            self.assert_one_error(
                p, r"^agc: error: --target-version '3\.12' is not a Python "
                   r"version agc reads \(use one of py311, py312, py313\) "
                   r"\[AGC016\]$", 2)

    def test_target_version_precedence(self):
        """flag > [tool.agc] target-version > requires-python > py313."""
        self.write("g.py", self.GENERIC)
        def convert(*flags):
            return self.target_error(
                agc("convert", "g.py", "-o", "-", *flags, cwd=self.dir))
        refused = "type parameter lists need Python 3.12 (target is 3.11)"
        self.write("pyproject.toml",
                   b'[project]\nname = "x"\nrequires-python = ">=3.11"\n')
        self.assertIn(refused, convert())
        self.assertEqual(convert("--target-version", "py312"), "")
        self.assertEqual(convert("--isolated"), "")
        p = agc("lint", "g.py", cwd=self.dir)
        self.assertIn(refused.encode(), p.stdout + p.stderr)
        self.write("pyproject.toml",
                   b'[project]\nrequires-python = ">=3.11"\n'
                   b'[tool.agc]\ntarget-version = "py312"\n')
        self.assertEqual(convert(), "")
        self.assertIn(refused, convert("--target-version", "py311"))
        self.write("pyproject.toml",
                   b'[project]\nrequires-python = ">=3.12"\n'
                   b'[tool.agc]\ntarget-version = "py311"\n')
        self.assertIn(refused, convert())
        # requires-python: its minimum, clamped to 3.11 ... 3.13.
        for spec, ok in ((">=3.12", True), ("~=3.11", False),
                         (">=3.10", False), (">=3.12,<4", True),
                         ("<4", True), ("==3.13.*", True),
                         (">=2.7, !=3.0.*", False), (">=3.14", True)):
            self.write("pyproject.toml", b'[project]\nrequires-python = "'
                       + spec.encode() + b'"\n')
            self.assertEqual(convert() == "", ok, spec)
        self.write("pyproject.toml", b'[project]\nrequires-python = ">=3.11"\n')
        p = agc("convert", "g.py", "-o", "-", "--config",
                str(self.dir / "pyproject.toml"), cwd=self.dir)
        self.assertIn(refused, self.target_error(p))

    def test_bad_target_version_in_config(self):
        self.write("g.py", self.GENERIC)
        self.write("pyproject.toml", b'[tool.agc]\ntarget-version = "py310"\n')
        for sub in ("convert", "lint"):
            p = agc(sub, "g.py", cwd=self.dir)
            self.assertEqual(p.returncode, 2, p.stderr)
            self.assertIn(b"pyproject.toml:2:18: [tool.agc] target-version must "
                          b"be one of py311, py312, py313", p.stderr)
        self.write("pyproject.toml",
                   b'[project]\nrequires-python = "3.12"\n')
        p = agc("convert", "g.py", cwd=self.dir)
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertIn(b"pyproject.toml:2:19: [project] requires-python '3.12' "
                      b"is not a version specifier", p.stderr)

    CF_LOOP = (b"def f(n):\n    i = 0\n    while i < n:\n        i += 1\n"
               b"    return i\n")

    def test_control_flow_flag(self):
        """The functional form is the default; --control-flow picks."""
        self.write("cf.py", self.CF_LOOP)
        p = agc("convert", "cf.py", "-o", "-", "--isolated", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn(b"i, = ag__.while_stmt_fn(loop_test, loop_body, (i,), "
                      b"('i',), {})", p.stdout)
        self.assertNotIn(b"nonlocal", p.stdout)
        functional_out = p.stdout
        p = agc("convert", "cf.py", "-o", "-", "--isolated",
                "--control-flow", "functional", cwd=self.dir)
        self.assertEqual(p.stdout, functional_out)
        p = agc("convert", "cf.py", "-o", "-", "--isolated",
                "--control-flow", "nonlocal", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn(b"ag__.while_stmt(loop_test, loop_body, get_state, "
                      b"set_state, ('i',), {})", p.stdout)

    def test_bad_control_flow_is_a_usage_error(self):
        self.write("cf.py", self.CF_LOOP)
        p = agc("convert", "cf.py", "--control-flow", "bogus", cwd=self.dir)
        self.assert_one_error(
            p, r"^agc: error: --control-flow 'bogus' is not a control-flow "
               r"form \(use nonlocal or functional\) \[AGC016\]$", 2)
        self.assertFalse((self.dir / "cf_ag.py").exists())
        self.write("pyproject.toml", b'[tool.agc]\ncontrol-flow = "staged"\n')
        for sub in ("convert", "lint"):
            p = agc(sub, "cf.py", cwd=self.dir)
            self.assertEqual(p.returncode, 2, p.stderr)
            self.assertIn(b"pyproject.toml:2:16: [tool.agc] control-flow must "
                          b"be \"nonlocal\" or \"functional\"", p.stderr)

    def test_control_flow_in_config(self):
        """flag > [tool.agc] control-flow > functional; lint reads the key."""
        self.write("cf.py", self.CF_LOOP)
        self.write("pyproject.toml",
                   b'[tool.agc]\ncontrol-flow = "nonlocal"\n')
        p = agc("convert", "cf.py", "-o", "-", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn(b"ag__.while_stmt(", p.stdout)
        p = agc("convert", "cf.py", "-o", "-", "--control-flow", "functional",
                cwd=self.dir)
        self.assertIn(b"ag__.while_stmt_fn(", p.stdout)
        p = agc("convert", "cf.py", "-o", "-", "--isolated", cwd=self.dir)
        self.assertIn(b"ag__.while_stmt_fn(", p.stdout)
        self.write("g.py", self.KEPT_FORM)
        p = agc("lint", "g.py", cwd=self.dir)
        self.assertNotIn(b"AGC108", p.stdout)  # nonlocal asked for: no note

    # A statement that keeps the nonlocal form in functional output.
    KEPT_FORM = (b"def f(n):\n    i = 0\n    g = lambda: i\n"
                 b"    while i < n:\n        i += 1\n    return g()\n")
    KEPT_NOTE = (b"g.py:4:5: {}: this `while` keeps the nonlocal form: its "
                 b"state `i` is shared with a nested function or lambda; "
                 b"torch.cond/while_loop cannot stage it [AGC108]")

    def test_kept_form_is_a_remark_unless_the_project_targets_torch(self):
        """AGC108 is a remark: convert shows it with -v only, lint only when
        selected; `frameworks = ["torch"]` makes it a warning of both."""
        self.write("g.py", self.KEPT_FORM)
        p = agc("convert", "g.py", "-o", "-", "--isolated", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stderr, b"")
        self.assertIn(b"nonlocal_reason='its state `i` is shared with a "
                      b"nested function or lambda'", p.stdout)
        p = agc("convert", "g.py", "-o", "-", "--isolated", "-v",
                cwd=self.dir)
        self.assertEqual(p.stderr.strip(), self.KEPT_NOTE.replace(
            b"{}", b"remark"))
        p = agc("lint", "g.py", "--isolated", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stdout)
        self.assertNotIn(b"AGC108", p.stdout)
        p = agc("lint", "g.py", "--isolated", "--select", "AGC108",
                cwd=self.dir)
        self.assertEqual(p.returncode, 1, p.stdout)
        self.assertIn(b"remark: this `while` keeps the nonlocal form",
                      p.stdout)
        self.write("pyproject.toml",
                   b'[tool.agc]\nframeworks = ["jax", "torch"]\n')
        p = agc("convert", "g.py", "-o", "-", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stderr.strip(), self.KEPT_NOTE.replace(
            b"{}", b"warning"))
        p = agc("lint", "g.py", cwd=self.dir)
        self.assertEqual(p.returncode, 1, p.stdout)
        self.assertIn(self.KEPT_NOTE.replace(b"{}", b"warning"), p.stdout)
        # Another framework only: still a remark.
        self.write("pyproject.toml",
                   b'[tool.agc]\nframeworks = ["tensorflow"]\n')
        p = agc("lint", "g.py", cwd=self.dir)
        self.assertNotIn(b"AGC108", p.stdout)
        # The severity table wins over the framework's default.
        self.write("pyproject.toml",
                   b'[tool.agc]\nframeworks = ["torch"]\n'
                   b'severity = { AGC108 = "remark" }\n')
        p = agc("convert", "g.py", "-o", "-", cwd=self.dir)
        self.assertEqual(p.stderr, b"")

    def test_bad_frameworks_is_a_usage_error(self):
        self.write("g.py", self.KEPT_FORM)
        self.write("pyproject.toml",
                   b'[tool.agc]\nframeworks = ["pytorch"]\n')
        for sub in ("convert", "lint"):
            p = agc(sub, "g.py", cwd=self.dir)
            self.assertEqual(p.returncode, 2, p.stderr)
            self.assertIn(b"pyproject.toml:2:14: [tool.agc] frameworks names "
                          b"'pytorch', which is not a framework agc stages "
                          b"(\"tensorflow\", \"jax\", \"torch\")", p.stderr)

    def test_py311_output_compiles_under_python_3_11(self):
        """What agc writes for a py311 target is 3.11 code (python3 is
        3.11 here), f-strings copied as written included."""
        self.write("m.py", SIMPLE + b"\n\ndef g(xs, k):\n"
                   b"    for x in xs:\n"
                   b"        if f'{x[\"a\"]!r:>{k}}' != '':\n"
                   b"            return f'{x}'\n"
                   b"    return f\"{k}\"\n")
        p = agc("convert", "m.py", "-o", "out.py", "--isolated",
                "--target-version", "py311", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        if sys.version_info[:2] != (3, 11):
            self.skipTest("needs Python 3.11 to run")
        check = subprocess.run(
            [sys.executable, "-c",
             "import sys; compile(open(sys.argv[1]).read(), sys.argv[1], "
             "'exec')", str(self.dir / "out.py")], capture_output=True)
        self.assertEqual(check.returncode, 0, check.stderr)

    def test_agc_output_is_not_read_as_input(self):
        self.write("model.py", self.RETURNS)
        p = agc("convert", "model.py", "--emit-runtime", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        # Walking the folder: agc's output and the emitted runtime are
        # skipped without a word (model.py itself has nothing to report).
        p = agc("lint", ".", "--isolated", cwd=self.dir)
        self.assertEqual((p.returncode, p.stderr), (0, b""), p.stdout)
        self.assertNotIn(b"agc_runtime", p.stdout)
        self.assertNotIn(b"model_ag.py", p.stdout)
        # Named: one note each, nothing written.
        before = self.listing()
        p = agc("convert", "model.py", "model_ag.py", "--check", cwd=self.dir)
        self.assert_one_error(
            p, r"^model_ag\.py: note: skipped: this file is agc's output .*; "
               r"convert its source instead \[AGC019\]$", 0)
        p = agc("convert", "model_ag.py", "-o", "again.py", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(self.listing(), before)
        p = agc("lint", "model_ag.py", "--isolated", cwd=self.dir)
        self.assertEqual(p.stdout.count(b"[AGC019]"), 1, p.stdout)
        self.assertIn(b"lint its source instead", p.stdout)
        # The header below a shebang and a coding line counts too.
        self.write("shebang_ag.py", b"#!/usr/bin/env python3\n# -*- coding: "
                   b"utf-8 -*-\n# Generated by agc 0.1.0 from s.py. Edit the "
                   b"source, not this file.\nx = 1\n")
        p = agc("convert", "shebang_ag.py", "-o", "-", cwd=self.dir)
        self.assertEqual(p.stdout, b"")
        self.assertIn(b"[AGC019]", p.stderr)

    def test_explain_without_a_code_lists_every_code(self):
        p = agc("explain")
        self.assertEqual(p.returncode, 0, p.stderr)
        lines = p.stdout.decode().splitlines()
        self.assertIn("AGC001  error    invalid syntax", lines)
        self.assertIn("AGC018  warning  source map ignored", lines)
        codes = [line.split()[0] for line in lines]
        self.assertEqual(codes, sorted(codes))
        self.assertIn("AGC301", codes)
        for code in codes:
            self.assertEqual(agc("explain", code).returncode, 0, code)

    def test_parallel_output_identical(self):
        names = []
        for i in range(12):
            body = SIMPLE + f"\n\ndef g{i}(a):\n    return a * {i}\n".encode()
            self.write(f"in/m{i}.py", body)
            names.append(f"in/m{i}.py")
        self.write("in/bad.py", b"def (:\n")
        names.append("in/bad.py")
        p1 = agc("convert", *names, "--out-dir", "o1", "-j", "1", "--passes",
                 "none", cwd=self.dir)
        p2 = agc("convert", *names, "--out-dir", "o2", "-j", "4", "--passes",
                 "none", cwd=self.dir)
        self.assertEqual(p1.returncode, 1)
        self.assertEqual(p2.returncode, 1)
        self.assertEqual(p1.stderr, p2.stderr)
        for i in range(12):
            a = (self.dir / f"o1/in/m{i}.py").read_bytes()
            b = (self.dir / f"o2/in/m{i}.py").read_bytes()
            self.assertEqual(a, b)
        self.assertFalse((self.dir / "o1/in/bad.py").exists())

    def test_regenerate_all_parses_back(self):
        self.write("m.py", SIMPLE)
        p = agc("convert", "m.py", "-o", "-", "--passes", "none",
                "--regenerate-all", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        import ast
        self.assertEqual(ast.dump(ast.parse(p.stdout)), ast.dump(ast.parse(SIMPLE)))

    def test_verify_each_pass_same_output(self):
        # The tree is checked once at the end by default and after every pass
        # with --verify-each-pass (or AGC_VERIFY_EACH_PASS=1, which ctest
        # sets): what is written is the same either way.
        self.write("m.py", SIMPLE + b"\n\ndef g(a):\n    if a:\n"
                   b"        a = a and f(a)\n    return a\n")
        env = {k: v for k, v in os.environ.items()
               if k != "AGC_VERIFY_EACH_PASS"}
        outs = []
        for extra in ([], ["--verify-each-pass"]):
            p = subprocess.run([AGC, "convert", "m.py", "-o", "-", *extra],
                               cwd=self.dir, env=env, capture_output=True,
                               timeout=120)
            self.assertEqual(p.returncode, 0, p.stderr)
            outs.append(p.stdout)
        self.assertIn(b"ag__.if_stmt", outs[0])
        self.assertEqual(outs[0], outs[1])

    # --- bad input ---------------------------------------------------------

    def test_empty_file(self):
        self.write("e.py", b"")
        p = agc("convert", "e.py", "--passes", "none", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual((self.dir / "e_ag.py").read_bytes(), b"")
        m = json.loads((self.dir / "e_ag.py.map.json").read_text())
        self.assertEqual(m["origin_lines"], [])

    def test_byte_order_mark_stays_first(self):
        # Python accepts a UTF-8 BOM only as the file's first bytes.
        src = b"\xef\xbb\xbfdef f(x):\n    if x:\n        return 1\n    return 2\n"
        self.write("b.py", src)
        p = agc("convert", "b.py", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        out = (self.dir / "b_ag.py").read_bytes()
        self.assertTrue(out.startswith(b"\xef\xbb\xbf# Generated by agc "),
                        out[:40])
        self.assertEqual(out.count(b"\xef\xbb\xbf"), 1)
        compile(out, "b_ag.py", "exec")

    def test_nul_bytes(self):
        self.write("z.py", b"\0" * 64)
        p = agc("convert", "z.py", cwd=self.dir)
        self.assert_one_error(
            p, r"^z\.py:1:1: error: source code cannot contain null bytes \[AGC003\]$", 1)
        self.assertEqual(self.listing(), ["z.py"])

    def test_invalid_utf8(self):
        self.write("u.py", b"x = 1\ns = '\xff'\n")
        p = agc("convert", "u.py", cwd=self.dir)
        self.assert_one_error(
            p, r"^u\.py:2:6: error: file is not valid UTF-8 \(invalid byte 0xff\) \[AGC002\]$", 1)
        self.assertEqual(self.listing(), ["u.py"])

    def test_invalid_utf8_in_comments_is_kept(self):
        # compile() and import take such a file; the bytes stay as they were.
        src = (b"# Fran\xe7ois\ndef f(n):\n    # caf\xe9\n    while n > 0:\n"
               b"        n -= 1  # \xff\n    return n\n")
        compile(src, "c.py", "exec")
        self.write("c.py", src)
        p = agc("convert", "c.py", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        out = (self.dir / "c_ag.py").read_bytes()
        self.assertIn(b"# Fran\xe7ois\n", out)
        self.assertIn(b"# caf\xe9\n", out)
        self.assertIn(b"ag__.while_stmt_fn(", out)
        compile(out, "c_ag.py", "exec")

    def test_lone_carriage_returns_end_lines(self):
        # Classic Mac OS line ends: CPython reads them as lines, and so does
        # agc; regenerated lines end the same way.
        src = (b"#!/usr/bin/env python\r# coding: utf-8\rdef f(n):  # c\r"
               b"    while n > 0:\r        n -= 1\r    return n\r")
        self.write("m.py", src)
        p = agc("convert", "m.py", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        out = (self.dir / "m_ag.py").read_bytes()
        self.assertNotIn(b"\n", out)
        lines = out.split(b"\r")
        self.assertEqual(lines[:3], [b"#!/usr/bin/env python",
                                     b"# coding: utf-8",
                                     b"# Generated by agc " + lines[2][19:]])
        self.assertIn(b"ag__.while_stmt_fn(", out)
        m = json.loads((self.dir / "m_ag.py.map.json").read_text())
        self.assertEqual(len(m["origin_lines"]), out.count(b"\r"))
        env = dict(os.environ, PYTHONPATH=str(ROOT / "runtime"))
        run = subprocess.run(
            [sys.executable, "-c",
             "import m_ag; print(m_ag.f(3), m_ag.f.__module__)"],
            cwd=self.dir, env=env, capture_output=True)
        self.assertEqual(run.stdout, b"0 m_ag\n", run.stderr)

    def test_syntax_error_on_last_line(self):
        self.write("s.py", b"x = 1\ny = 2\nz = (\n")
        p = agc("convert", "s.py", cwd=self.dir)
        self.assert_syntax_error(
            p, r"^s\.py:3:5: error: invalid syntax.* \[AGC00[16]\]$",
            "z = (", "    ^")
        self.assertEqual(self.listing(), ["s.py"])

    # Syntax errors whose cause agc names (AGC006), each checked against
    # what CPython's compile() says for the same text: same message, same
    # line and column. The first group must be named; on the second, agc
    # may only say "invalid syntax" (AGC001) or exactly what CPython says.
    SAID_AS_CPYTHON = [
        "if x > 0\n    pass\n",
        "def f(x)  # comment\n    pass\n",
        "class A(B)\n    pass\n",
        "for x in xs\n    pass\n",
        "x = (1, 2\n",
        "total = sum(values\nprint(total)\n",
        "def f(a,\n      b:\n    pass\n",
        "x = {'a': [1, 2\n",
        "x = )\n",
        "x = f(a))\n",
        "x = [1, 2, 3)\n",
        "x = [\n    (1, 2\n]\n",
        "s = ')'  # (\nx = 1)\n",
        "x = 1 +\ny = 2\nz = )\n",
    ]
    NOT_CLAIMED_UNLESS_RIGHT = [
        "def f(:\n    pass\n",           # tree-sitter: MISSING ')'
        "if foo(a, b:\n    pass\n",       # tree-sitter: MISSING ')'
        "for x y:\n    pass\n",
        "foo(a, b:\nx = 1\n",
        "x = (1 2\n",
        "if x import y\n    pass\n",
        "class A,\n    pass\n",
        "def f(self):  # c\n    x = 1\n\n     y in z:\n        pass\n",
        "x = 1\n    y = )\n",
        "s = 'abc\nx = )\n",
        "x = 1if y else 2\nz = )\n",
        "x = 0777 + )\n",
        "f(,)\n",
        "x = {,}\n",
        "lambda x y: 1\n",
        "x = 1 if y\n",
        "try:\n    pass\nx = 1\n",
    ]

    def cpython_error(self, text):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                compile(text, "s.py", "exec")
            except SyntaxError as e:
                return e.lineno, e.offset, e.msg
        self.fail(f"CPython accepts {text!r}")

    def test_syntax_errors_say_what_cpython_says(self):
        for text in self.SAID_AS_CPYTHON + self.NOT_CLAIMED_UNLESS_RIGHT:
            with self.subTest(text=text):
                self.write("s.py", text.encode())
                p = agc("convert", "s.py", cwd=self.dir)
                self.assertEqual(p.returncode, 1, p.stderr)
                first = p.stderr.decode().splitlines()[0]
                m = re.match(r"^s\.py:(\d+):(\d+): error: (.*) \[(AGC00[16])\]$",
                             first)
                self.assertTrue(m, first)
                line, col, message, code = m.groups()
                py_line, py_col, py_message = self.cpython_error(text)
                if code == "AGC001":
                    self.assertNotIn(text, self.SAID_AS_CPYTHON,
                                     f"CPython: {py_message}")
                    self.assertEqual(message, "invalid syntax")
                    continue
                self.assertEqual(
                    (int(line), int(col), message),
                    (py_line, py_col, "invalid syntax: " + py_message))
        self.assertEqual(self.listing(), ["s.py"])

    def test_syntax_error_shows_the_line_and_a_caret(self):
        # As `agc lint` shows its findings (one renderer): the source line
        # under the message, and a caret under the column.
        self.write("s.py", b"def f(x):\n    if x > 0\n        return x\n")
        p = agc("convert", "s.py", cwd=self.dir)
        self.assert_syntax_error(
            p, r"^s\.py:2:13: error: invalid syntax: expected ':' \[AGC006\]$",
            "    if x > 0", "            ^")
        lint = agc("lint", "--isolated", "s.py", cwd=self.dir)
        self.assertEqual(lint.stdout.decode().splitlines()[:3],
                         p.stderr.decode().splitlines())
        # Standard input, a CRLF line (shown without its CR), a tab and
        # characters outside ASCII before the column (the caret keeps the
        # tab and counts code points).
        p = agc("convert", "-", stdin="s = 'é€'\r\n\tx = )\r\n".encode(),
                cwd=self.dir)
        self.assert_syntax_error(
            p, r"^<stdin>:2:6: error: .* \[AGC00[16]\]$", "\tx = )", "\t    ^")
        # Syntax newer than the target too; other diagnostics stay one line.
        self.write("t.py", b"def first[T](xs):\n    return xs[0]\n")
        p = agc("convert", "t.py", "--target-version", "py311", cwd=self.dir)
        self.assert_syntax_error(
            p, r"^t\.py:1:10: error: .* \[AGC004\]$",
            "def first[T](xs):", "         ^")
        self.write("g.py", b"def g():\n    yield 1\n")
        p = agc("convert", "g.py", "-o", "-", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertRegex(p.stderr.decode(), r"^g\.py:1:1: note: .*\[AGC101\]\n$")
        # A line too long to show (minified code, junk) is left out.
        self.write("long.py", b"x = [" + b"1, " * 400 + b")\n")
        p = agc("convert", "long.py", cwd=self.dir)
        self.assert_one_error(p, r"^long\.py:1:\d+: error: .*\[AGC00[16]\]$", 1)

    def test_syntax_error_keeps_old_output(self):
        self.write("s.py", SIMPLE)
        agc("convert", "s.py", "--passes", "none", cwd=self.dir)
        self.write("s.py", b"def f(:\n")
        p = agc("convert", "s.py", cwd=self.dir)
        self.assertEqual(p.returncode, 1)
        self.assertEqual((self.dir / "s_ag.py").read_bytes(), SIMPLE)

    def test_docs_list_the_analyses(self):
        # The manual's table of analyses (docs/guide/passes.md) is `agc
        # passes`'s, line for line.
        p = agc("passes")
        self.assertEqual(p.returncode, 0, p.stderr)
        out = p.stdout.decode()
        table = out[out.index("analysis "):].strip()
        page = (Path(__file__).resolve().parent.parent / "docs" / "guide" /
                "passes.md").read_text()
        self.assertIn(table, page)

    def test_missing_input(self):
        p = agc("convert", "nope.py", cwd=self.dir)
        self.assert_one_error(
            p, r"^nope\.py: error: cannot read input: No such file or directory \[AGC010\]$", 2)
        self.assertEqual(self.listing(), [])

    def test_directory_as_input(self):
        (self.dir / "d").mkdir()
        p = agc("convert", "d", cwd=self.dir)
        self.assert_one_error(p, r"^d: error: cannot read input: is a directory.*\[AGC010\]$", 2)
        self.assertEqual(self.listing(), ["d"])

    def test_unwritable_output_dir(self):
        self.write("m.py", SIMPLE)
        self.write("blocker", b"a file, not a folder")
        p = agc("convert", "m.py", "--out-dir", "blocker/out", cwd=self.dir)
        self.assert_one_error(p, r"^m\.py: error: cannot write output: .*\[AGC011\]$", 2)
        self.assertEqual(self.listing(), ["blocker", "m.py"])
        if os.geteuid() != 0:
            ro = self.dir / "ro"
            ro.mkdir()
            os.chmod(ro, 0o500)
            p = agc("convert", "m.py", "-o", "ro/x.py", cwd=self.dir)
            self.assert_one_error(p, r"Permission denied.*\[AGC011\]$", 2)

    def test_output_never_overwrites_input(self):
        self.write("m.py", SIMPLE)
        p = agc("convert", "m.py", "-o", "./m.py", cwd=self.dir)
        self.assert_one_error(
            p, r"^m\.py: error: refusing to overwrite the input file \[AGC012\]$", 2)
        self.assertEqual((self.dir / "m.py").read_bytes(), SIMPLE)
        p = agc("convert", "m.py", "--out-dir", ".", cwd=self.dir)
        self.assertEqual(p.returncode, 2)
        self.assertEqual((self.dir / "m.py").read_bytes(), SIMPLE)

    def test_deep_nesting_does_not_crash(self):
        self.write("deep.py", b"x = " + b"(" * 10000 + b"1" + b")" * 10000 + b"\n")
        p = agc("convert", "deep.py", cwd=self.dir)
        self.assertEqual(p.returncode, 1, p.stderr)
        self.assertRegex(p.stderr.decode(), r"deep\.py:1:\d+: error: .*\[AGC00\d\]")
        self.assertEqual(self.listing(), ["deep.py"])

    def test_binary_junk(self):
        import random
        rnd = random.Random(7)
        self.write("junk.py", bytes(rnd.randrange(256) for _ in range(4096)))
        p = agc("convert", "junk.py", cwd=self.dir)
        self.assertEqual(p.returncode, 1, p.stderr)
        self.assertEqual(self.listing(), ["junk.py"])

    def test_declared_encoding_round_trips(self):
        src = "# -*- coding: latin-1 -*-\ns = 'caf\u00e9'\n".encode("latin-1")
        self.write("l.py", src)
        p = agc("convert", "l.py", "--passes", "none", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual((self.dir / "l_ag.py").read_bytes(), src)
        p = agc("convert", "l.py", "-o", "-", "--passes", "none",
                "--regenerate-all", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        import ast
        self.assertEqual(ast.dump(ast.parse(p.stdout)), ast.dump(ast.parse(src)))

    def test_unknown_encoding(self):
        self.write("k.py", b"#!/usr/bin/env python\n# coding: klingon\nx = 1\n")
        p = agc("convert", "k.py", cwd=self.dir)
        self.assert_one_error(
            p, r"^k\.py:2:1: error: unknown source encoding 'klingon' \[AGC007\]$", 1)

    def test_bytes_invalid_in_declared_encoding(self):
        self.write("a.py", b"# coding: ascii\nx = '\xe9'\n")
        p = agc("convert", "a.py", cwd=self.dir)
        self.assert_one_error(
            p, r"^a\.py:2:6: error: file is not valid ascii \(invalid byte 0xe9\) \[AGC008\]$", 1)

    # --- usage ------------------------------------------------------------

    def test_unknown_pass(self):
        self.write("m.py", SIMPLE)
        p = agc("convert", "m.py", "--passes", "nosuchpass", cwd=self.dir)
        self.assert_one_error(p, r"^agc: error: unknown pass 'nosuchpass'.*\[AGC014\]$", 2)
        self.assertEqual(self.listing(), ["m.py"])

    def test_usage_errors_exit_2(self):
        self.write("a.py", SIMPLE)
        self.write("b.py", SIMPLE)
        self.assertEqual(agc("convert", "a.py", "b.py", "-o", "x.py",
                             cwd=self.dir).returncode, 2)
        self.assertEqual(agc("convert", cwd=self.dir).returncode, 2)
        self.assertEqual(agc("frobnicate", cwd=self.dir).returncode, 2)
        self.assertEqual(agc("convert", "a.py", "-j", "-3",
                             cwd=self.dir).returncode, 2)

    def test_time_passes_totals_by_stage(self):
        # Per-file pass times, then one table over all files: every stage
        # of a conversion, in the order it first ran, and the total.
        # (a function with a twin in each: SIMPLE's is straight-line code)
        self.write("a.py", b"def f(x):\n    return not x\n")
        self.write("b.py", b"def g(y):\n    if y:\n        y = -y\n    return y\n")

        def stages(extra_env):
            env = {k: v for k, v in os.environ.items()
                   if k != "AGC_VERIFY_EACH_PASS"}
            env.update(extra_env)
            p = agc("convert", "a.py", "b.py", "--out-dir", "out", "-j", "2",
                    "--time-passes", cwd=self.dir, env=env)
            self.assertEqual(p.returncode, 0, p.stderr)
            err = p.stderr.decode()
            self.assertIn("b.py: pass control_flow took", err)
            table = err[err.index("time by stage, all files:"):]
            rows = [re.match(r"agc: \[info\]   (.*?) +\d+\.\d{3} s", line)
                    for line in table.splitlines()[1:]]
            self.assertTrue(all(rows), table)
            return [m.group(1) for m in rows]

        passes = [f"pass {p}" for p in (
            "functions", "directives", "match_statements", "break_statements",
            "continue_statements", "return_statements", "subscripts", "call_trees",
            "control_flow", "conditional_expressions", "logical_expressions",
            "variables")]
        head = ["read", "source map", "tree-sitter parse", "lower to AST",
                "analyses of the input"]
        # By default the tree is verified once, after the last pass.
        self.assertEqual(stages({}), head + passes +
                         ["verify", "print", "write", "total"])
        # With a check after every pass, that time is verify's too.
        names = stages({"AGC_VERIFY_EACH_PASS": "1"})
        self.assertEqual(names, head + passes[:1] + ["verify"] + passes[1:] +
                         ["print", "write", "total"])
        # Without the flag, nothing of it.
        p = agc("convert", "a.py", "--out-dir", "out2", cwd=self.dir)
        self.assertNotIn(b"time by stage", p.stderr)

    def test_bad_runtime_import(self):
        self.write("m.py", SIMPLE)
        p = agc("convert", "m.py", "--runtime-import", "import numpy",
                cwd=self.dir)
        self.assert_one_error(
            p, r"^agc: error: --runtime-import must be one import statement "
               r"that binds ag__, got 'import numpy' \[AGC016\]$", 2)
        self.assertEqual(self.listing(), ["m.py"])
        p = agc("convert", "m.py", "--passes", "none", "--runtime-import",
                "from rt import ops as ag__", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)

    def test_print_after_needs_a_selected_pass(self):
        self.write("m.py", SIMPLE)
        p = agc("convert", "m.py", "--passes", "none", "--print-after",
                "functions", cwd=self.dir)
        self.assert_one_error(
            p, r"^agc: error: --print-after names 'functions', which is not "
               r"a selected pass \[AGC016\]$", 2)
        self.assertEqual(self.listing(), ["m.py"])

    def test_version_and_help(self):
        p = agc("--version")
        self.assertEqual(p.returncode, 0)
        self.assertRegex(p.stdout.decode(), r"^agc \d+\.\d+\.\d+")
        p = agc("convert", "--help")
        self.assertEqual(p.returncode, 0)
        self.assertIn(b"--out-dir", p.stdout)

    def test_passes_subcommand(self):
        p = agc("passes")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertTrue(p.stdout)
        # The analyses follow the passes, after a blank line.
        tables = p.stdout.decode().split("\n\n")
        self.assertEqual(len(tables), 2, p.stdout)
        rows = tables[1].splitlines()
        self.assertRegex(rows[0], r"^analysis +requires +summary$")
        self.assertEqual([r.split()[0] for r in rows[1:]],
                         ["qual_names", "activity", "cfg",
                          "reaching_definitions", "reaching_fndefs",
                          "liveness", "unbound_reads"])

    # --- agc convert --analyze -------------------------------------------

    def test_analyze_changes_nothing(self):
        self.write("m.py", SIMPLE + b"while x:\n    x -= 1\n")
        p = agc("convert", "m.py", "-o", "-", "--passes", "none", "--analyze",
                cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout, SIMPLE + b"while x:\n    x -= 1\n")
        self.assertEqual(p.stderr, b"")

    # --- agc inspect ------------------------------------------------------

    LOOP = b"def f(n):\n    while n:\n        n -= 1\n    return n\n"

    def test_inspect_text_and_json(self):
        self.write("m.py", self.LOOP)
        p = agc("inspect", "m.py", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.decode().splitlines()[:5], [
            "m.py:1:1: def f: twin (while loop, line 2)", "",
            "m.py:2:5: while (in f)", "  modified:  n", "  outputs:   n"])
        p = agc("inspect", "m.py", "--format", "json", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        doc = json.loads(p.stdout)
        self.assertEqual(doc["files"][0]["statements"][0]["loop_vars"], ["n"])
        self.assertEqual(doc["files"][0]["functions"][1]["twin"], {
            "needed": True, "construct": "while loop", "line": 2})
        self.assertEqual(self.listing(), ["m.py"])  # writes nothing
        # Straight-line code: no twin, and inspect says so.
        self.write("s.py", SIMPLE)
        p = agc("inspect", "s.py", cwd=self.dir)
        self.assertEqual(p.stdout.decode().splitlines()[0],
                         "s.py:5:1: def f: no twin (straight-line code: "
                         "written once, unguarded)")
        self.assertEqual(self.listing(), ["m.py", "s.py"])  # writes nothing

    def test_json_outputs_take_paths_that_are_not_utf8(self):
        # A Latin-1 file name: the JSON has U+FFFD for its byte (it aborted
        # on nlohmann's type_error before), the text formats keep the bytes.
        good, bad = b"caf\xe9.py", b"bad\xe9.py"
        (self.dir / os.fsdecode(good)).write_bytes(self.LOOP)
        (self.dir / os.fsdecode(bad)).write_bytes(b"def f(:\n")
        p = agc("lint", bad, "--isolated", "--output-format", "json",
                cwd=self.dir)
        self.assertEqual(p.returncode, 1, p.stderr)
        self.assertEqual(json.loads(p.stdout)[0]["path"], "bad\ufffd.py")
        p = agc("lint", bad, "--isolated", "--output-format", "sarif",
                cwd=self.dir)
        self.assertEqual(p.returncode, 1, p.stderr)
        json.loads(p.stdout)
        p = agc("lint", bad, "--isolated", cwd=self.dir)
        self.assertEqual(p.returncode, 1, p.stderr)
        self.assertTrue(p.stdout.startswith(bad + b":1:"), p.stdout)
        p = agc("inspect", good, "--format", "json", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(json.loads(p.stdout)["files"][0]["path"],
                         "caf\ufffd.py")

    def test_inspect_unknown_function(self):
        self.write("m.py", self.LOOP)
        p = agc("inspect", "m.py", "--function", "g", cwd=self.dir)
        self.assert_one_error(
            p, r"^agc: error: --function: no function or class named 'g' in "
               r"m\.py \(did you mean 'f'\?\) \[AGC016\]$", 2)
        self.assertEqual(p.stdout, b"")
        p = agc("inspect", "m.py", "--dump-cfg", "g", cwd=self.dir)
        self.assert_one_error(p, r"^agc: error: --dump-cfg: no function", 2)

    def test_inspect_missing_file(self):
        p = agc("inspect", "missing.py", cwd=self.dir)
        self.assert_one_error(
            p, r"^missing\.py: error: cannot read input: No such file or "
               r"directory \[AGC010\]$", 2)
        self.assertEqual(p.stdout, b"")

    def test_inspect_syntax_error(self):
        self.write("bad.py", b"if x\n    pass\n")
        p = agc("inspect", "bad.py", cwd=self.dir)
        self.assert_syntax_error(p, r"^bad\.py:1:5: error: .*\[AGC00\d\]$",
                                 "if x", "    ^")

    def test_inspect_bad_flags(self):
        self.write("m.py", self.LOOP)
        for args in (["--format", "yaml"],
                     ["--dump-cfg", "f", "--function", "f"],
                     ["--dump-cfg", "f", "--format", "json"]):
            p = agc("inspect", "m.py", *args, cwd=self.dir)
            self.assertEqual(p.returncode, 2, (args, p.stderr))
            self.assertEqual(p.stdout, b"")
        p = agc("inspect", cwd=self.dir)
        self.assertEqual(p.returncode, 2)

    # --- [tool.agc] in pyproject.toml -------------------------------------

    RETURNS = b"def f(x):\n    if x:\n        return 1\n    return 2\n"

    def test_convert_reads_nearest_pyproject(self):
        self.write("pyproject.toml", b'[tool.agc]\npasses = "functions"\n'
                   b'runtime-import = "import my_rt as ag__"\n'
                   b'out-dir = "gen"\n')
        self.write("src/m.py", self.RETURNS)
        # From a subfolder: the pyproject.toml above the input is found, and
        # out-dir, and the layout mirrored below it, are relative to it.
        p = agc("convert", "m.py", cwd=self.dir / "src")
        self.assertEqual(p.returncode, 0, p.stderr)
        out = (self.dir / "gen" / "src" / "m.py").read_text()
        self.assertIn("import my_rt as ag__", out)
        self.assertNotIn("do_return", out)  # only `functions` ran
        self.assertFalse((self.dir / "src" / "m_ag.py").exists())

    def test_convert_flags_win_over_pyproject(self):
        self.write("pyproject.toml", b'[tool.agc]\npasses = "functions"\n'
                   b'out-dir = "gen"\n')
        self.write("m.py", self.RETURNS)
        p = agc("convert", "m.py", "--passes", "default", "-o", "x.py",
                "--runtime-import", "import rt2 as ag__", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        out = (self.dir / "x.py").read_text()
        self.assertIn("do_return", out)
        self.assertIn("import rt2 as ag__", out)
        self.assertFalse((self.dir / "gen").exists())
        p = agc("convert", "m.py", "--isolated", "-o", "-", cwd=self.dir)
        self.assertIn(b"do_return", p.stdout)
        self.assertIn(b"import agc_runtime as ag__", p.stdout)

    def test_convert_bad_pyproject(self):
        self.write("pyproject.toml", b"[tool.agc]\npasses = 3\n")
        self.write("m.py", self.RETURNS)
        p = agc("convert", "m.py", cwd=self.dir)
        self.assert_one_error(
            p, r"pyproject\.toml:2:\d+: .*passes must be a string \[AGC016\]$",
            2)
        self.assertEqual(self.listing(), ["m.py", "pyproject.toml"])
        p = agc("convert", "m.py", "--config", "missing.toml", cwd=self.dir)
        self.assertEqual(p.returncode, 2, p.stderr)


def main():
    global AGC
    ap = argparse.ArgumentParser()
    ap.add_argument("--agc", required=True)
    args, rest = ap.parse_known_args()
    AGC = os.path.abspath(args.agc)
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(Cli)
    result = unittest.TextTestRunner(verbosity=1).run(suite)
    failed = len(result.failures) + len(result.errors)
    print(f"cli: {result.testsRun - failed} passed, {failed} failed")
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
