#!/usr/bin/env python3
"""CPython's own pattern-matching tests against agc's conversion of them.

Converts the local CPython's test/test_patma.py twice, with the converted
code forced to run (--converted-only) and with eager originals (the
default), checks that no `match` statement is left in the forced copy (every
one was lowered by the match_statements pass), and runs the original and the
two copies with unittest, each in its own interpreter (the copies with
agc_runtime on the path). Every test the original passes must pass in both
copies, except the line-event tests of TestTracing, which trace line numbers
relative to a function's first line (converted code has other lines by
design, and an eager original's entry guard is one line more). Prints the
counts; exits 1 on any failure.

Usage: scripts/patma_test.py --agc build/agc
"""
import argparse
import ast
import json
import os
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path(sysconfig.get_paths()["stdlib"]) / "test" / "test_patma.py"
EXEMPT_CLASS = "TestTracing"  # line events, by design

# Runs the tests of one file and prints {test id: outcome} as JSON.
RUNNER = r"""
import importlib.util, json, sys, unittest
path = sys.argv[1]
spec = importlib.util.spec_from_file_location("test_patma", path)
module = importlib.util.module_from_spec(spec)
sys.modules["test_patma"] = module
spec.loader.exec_module(module)
outcomes = {}

class Result(unittest.TestResult):
    def addSuccess(self, test):
        outcomes[test.id()] = "ok"
    def addFailure(self, test, err):
        outcomes[test.id()] = "FAIL: " + self._exc_info_to_string(err, test)
    def addError(self, test, err):
        outcomes[test.id()] = "ERROR: " + self._exc_info_to_string(err, test)
    def addSkip(self, test, reason):
        outcomes[test.id()] = "skipped"
    def addExpectedFailure(self, test, err):
        outcomes[test.id()] = "ok"
    def addSubTest(self, test, subtest, err):
        if err is not None:
            kind = "FAIL" if issubclass(err[0], test.failureException) else "ERROR"
            outcomes[test.id()] = kind + ": " + self._exc_info_to_string(err, test)

unittest.defaultTestLoader.loadTestsFromModule(module).run(Result())
print(json.dumps(outcomes))
"""


def run(path, env):
    p = subprocess.run([sys.executable, "-c", RUNNER, str(path)],
                       capture_output=True, text=True, env=env, timeout=600)
    if p.returncode != 0:
        sys.exit(f"running {path} failed:\n{p.stderr[-3000:]}")
    return json.loads(p.stdout.strip().splitlines()[-1])


def convert(agc, out, extra):
    p = subprocess.run([agc, "convert", str(SOURCE), "-o", str(out)] + extra,
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"agc convert {' '.join(extra)} failed:\n{p.stderr}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--agc", required=True)
    args = ap.parse_args()
    agc = os.path.abspath(args.agc)
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "runtime")
    env.pop("AGC_CONVERTED_ONLY", None)
    failures = []
    with tempfile.TemporaryDirectory(prefix="agc_patma_") as tmp:
        tmp = Path(tmp)
        forced, eager = tmp / "forced" / "test_patma.py", tmp / "eager" / \
            "test_patma.py"
        forced.parent.mkdir()
        eager.parent.mkdir()
        convert(agc, forced, ["--converted-only"])
        convert(agc, eager, [])
        left = [n.lineno for n in ast.walk(ast.parse(forced.read_text()))
                if isinstance(n, ast.Match)]
        if left:
            failures.append(f"forced copy: match statements left at lines "
                            f"{left}")
        original = run(SOURCE, env)
        passing = {t for t, o in original.items() if o == "ok"}
        if len(passing) < 100:
            failures.append(f"the original passes only {len(passing)} tests")
        counts = {}
        for label, path in (("forced", forced), ("eager", eager)):
            outcomes = run(path, env)
            exempt = ok = 0
            for test in sorted(passing):
                outcome = outcomes.get(test, "missing")
                if outcome == "ok":
                    ok += 1
                elif f".{EXEMPT_CLASS}." in test:
                    exempt += 1
                else:
                    failures.append(f"{label}: {test}: {outcome}")
            counts[label] = (ok, exempt)
    print(f"test_patma: the original passes {len(passing)} tests")
    for label, (ok, exempt) in counts.items():
        print(f"  {label:6}  {ok} pass, {exempt} {EXEMPT_CLASS} line-event "
              f"tests exempt")
    for f in failures:
        print("FAIL " + f)
    print(f"patma: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
