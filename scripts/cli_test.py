#!/usr/bin/env python3
"""End-to-end checks of the `agc` command line: files, exit codes, errors.

One TestCase, Cli, holds them all: this file has the command line itself
(usage errors, subcommands, developer flags); the rest are mixed in from
scripts/cli_tests/: output.py (files written, maps, --check, --diff,
remap), targets.py (--target-version, --control-flow, frameworks),
bad_input.py, syntax_errors.py, inspect_command.py (agc inspect) and
pyproject.py ([tool.agc]); support.py has the helpers and CliCase.

Run: cli_test.py --agc build/agc
"""
import argparse
import os
import re
import subprocess
import sys
import unittest
from pathlib import Path

from cli_tests import support
from cli_tests.bad_input import BadInput
from cli_tests.inspect_command import Inspect
from cli_tests.output import Output
from cli_tests.pyproject import Pyproject
from cli_tests.support import SIMPLE, agc
from cli_tests.syntax_errors import SyntaxErrors
from cli_tests.targets import Targets

AGC = None


class Cli(Output, Targets, BadInput, SyntaxErrors, Inspect, Pyproject,
          support.CliCase):
    # --- usage errors ----------------------------------------------------

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

    # --- subcommands and developer flags ---------------------------------

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

    def test_analyze_changes_nothing(self):
        self.write("m.py", SIMPLE + b"while x:\n    x -= 1\n")
        p = agc("convert", "m.py", "-o", "-", "--passes", "none", "--analyze",
                cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout, SIMPLE + b"while x:\n    x -= 1\n")
        self.assertEqual(p.stderr, b"")


def main():
    global AGC
    ap = argparse.ArgumentParser()
    ap.add_argument("--agc", required=True)
    args, rest = ap.parse_known_args()
    AGC = support.AGC = os.path.abspath(args.agc)
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(Cli)
    result = unittest.TextTestRunner(verbosity=1).run(suite)
    failed = len(result.failures) + len(result.errors)
    print(f"cli: {result.testsRun - failed} passed, {failed} failed")
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())

