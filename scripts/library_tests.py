#!/usr/bin/env python3
"""A real PyTorch library converted whole passes its own test suite as the
original does: the installed package (its tests ship inside it) is copied
as it is and converted whole (``agc convert --out-dir``, default output),
and the same pytest run of its tests is made on each copy, first on
sys.path; every test's outcome (passed, failed, error, skipped) must be the
same in both, and the suite must have passed tests.

Libraries (pinned in requirements-torch-models.txt, installed in
.venv-torch by scripts/setup.sh):

* einops: ``einops/tests`` with EINOPS_TEST_BACKENDS=numpy,torch (its
  rearrange/reduce/repeat/pack/einsum, its torch layers, scripted with
  torch.jit.script and compiled with torch.compile).

Usage: scripts/library_tests.py --agc build/agc [--keep] [LIBRARY...]
"""
import argparse
import collections
import os
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

from converted_package import convert_package, package_dir

ROOT = Path(__file__).resolve().parent.parent
RUNTIME = ROOT / "runtime"

# name: (the tests' folder inside the package, environment of the run)
LIBRARIES = {
    "einops": ("tests", {"EINOPS_TEST_BACKENDS": "numpy,torch"}),
}


def outcomes(junit):
    """{test id: outcome} from pytest's JUnit XML report."""
    found = {}
    for case in ET.parse(junit).getroot().iter("testcase"):
        key = f"{case.get('classname')}::{case.get('name')}"
        outcome = "passed"
        for child in case:
            if child.tag in ("failure", "error", "skipped"):
                outcome = child.tag
                break
        found[key] = outcome
    return found


def run_suite(name, tests, env_extra, copy, work, label):
    """Runs the package's tests from copy (first on sys.path); returns
    ({test id: outcome}, seconds)."""
    junit = work / f"{label}.xml"
    env = dict(os.environ, **env_extra)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(copy), str(RUNTIME)] + ([env["PYTHONPATH"]]
                                     if env.get("PYTHONPATH") else []))
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    # Tests that start `python` get this one.
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent),
                                   env.get("PATH", "")])
    # Which copy the run imports (the converted one reads agc_runtime).
    check = subprocess.run(
        [sys.executable, "-c", f"import {name}, sys; "
         f"print({name}.__file__); "
         f"print(any(hasattr(m, 'ag__') for n, m in list(sys.modules.items())"
         f" if n.startswith('{name}')))"],
        env=env, cwd=copy, capture_output=True, text=True)
    if check.returncode != 0 or not check.stdout.startswith(str(copy)):
        sys.exit(f"library_tests: {label} {name} is not imported from {copy}:"
                 f"\n{check.stdout}{check.stderr[-2000:]}")
    converted = check.stdout.split()[-1] == "True"
    if converted != (label == "converted"):
        sys.exit(f"library_tests: the {label} copy of {name} "
                 f"{'is not' if label == 'converted' else 'is'} agc's output")
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         f"--junitxml={junit}", str(copy / name / tests)],
        env=env, cwd=copy, capture_output=True, text=True)
    took = time.perf_counter() - start
    if proc.returncode not in (0, 1) or not junit.exists():
        sys.exit(f"library_tests: pytest of the {label} {name} could not run "
                 f"({proc.returncode}):\n{proc.stdout[-3000:]}"
                 f"{proc.stderr[-2000:]}")
    return outcomes(junit), took, proc.stdout


def counts(found):
    summary = collections.Counter(found.values())
    return ", ".join(f"{n} {k}" for k, n in sorted(summary.items()))


def check_library(agc, name, work):
    tests, env_extra = LIBRARIES[name]
    package = package_dir(name)
    original = work / name / "original"
    converted = work / name / "converted"
    shutil.copytree(package, original / package.name,
                    ignore=shutil.ignore_patterns("*.pyc", "__pycache__"))
    took, _ = convert_package(agc, package, converted, "library_tests")
    before, t0, _ = run_suite(name, tests, env_extra, original, work,
                              "original")
    after, t1, log = run_suite(name, tests, env_extra, converted, work,
                               "converted")
    print(f"{name}: converted in {took:.1f} s; original {counts(before)} "
          f"({t0:.0f} s); converted {counts(after)} ({t1:.0f} s)")
    differ = sorted(k for k in set(before) | set(after)
                    if before.get(k) != after.get(k))
    for key in differ:
        print(f"  {key}: original {before.get(key, 'absent')}, converted "
              f"{after.get(key, 'absent')}")
    if differ:
        print(log[-4000:])
    if not any(v == "passed" for v in before.values()):
        print(f"  {name}: no test passed on the original")
        return False
    return not differ


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agc", required=True)
    ap.add_argument("--keep", action="store_true",
                    help="keep the work folder (printed)")
    ap.add_argument("libraries", nargs="*", default=sorted(LIBRARIES))
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="agc_library_tests_"))
    ok = True
    try:
        for name in args.libraries:
            if name not in LIBRARIES:
                sys.exit(f"library_tests: no library {name!r} "
                         f"(known: {', '.join(sorted(LIBRARIES))})")
            ok = check_library(str(Path(args.agc).resolve()), name,
                               work) and ok
    finally:
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    print("library_tests: " + ("same outcomes" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
