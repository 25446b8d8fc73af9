#!/usr/bin/env python3
"""Converted standard-library modules against CPython's own tests.

For each module name: converts the standard library's `<name>.py` with the
default pipeline (or the `--passes` given, e.g. `default,lists,slices`)
into a temporary folder, puts that folder (and agc's
runtime) first on PYTHONPATH, checks that `import <name>` now loads the
converted copy and that its functions are marked as converted, then runs
`python3 -m test test_<name>`. Exits 1 if any step fails for any module.
"""
import argparse
import os
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The five, and more pure-Python modules with their own tests.
DEFAULT_MODULES = ["textwrap", "heapq", "bisect", "fnmatch", "colorsys",
                   "shlex", "calendar", "difflib", "statistics", "fractions",
                   "base64", "glob", "pprint", "sched", "copy", "graphlib",
                   "ipaddress", "quopri", "getopt", "optparse",
                   # sys._getframe (typing), f(**None) (pickle's is too slow
                   # to run every time), C backends (string, random, csv)
                   "typing", "enum", "dataclasses", "string", "random", "csv",
                   "tokenize", "netrc", "reprlib", "plistlib", "functools",
                   "argparse", "configparser", "gzip", "datetime",
                   "_pydecimal"]
# Modules whose tests and classes go by another name: module -> that name
# (`_pydecimal` is tested by test_decimal, and its classes say `decimal`).
TESTED_AS = {"_pydecimal": "decimal", "_pydatetime": "datetime"}
# Modules whose pure-Python code moved into another file in a later
# interpreter, the old name only importing it: module -> the new file (3.12
# moved datetime's into _pydatetime, which test_datetime tests).
MOVED_TO = {"datetime": "_pydatetime"}

# CPython test methods left out, each where it meets a limitation agc knows
# and documents (docs/contributing/testing.md), not a conversion bug: module ->
# [(from version, forced only, the method, why)]. Each is passed to
# regrtest as `-i METHOD` and printed, so every run says what it left out.
IGNORED = {
    "_pydecimal": [
        ((3, 13), False, "test_inspect_module",
         "3.13's decimal is _pydecimal itself, whose public names then "
         "include ag__, the runtime import, which the C module lacks"),
    ],
    "plistlib": [
        ((3, 13), True, "test_deep_nesting",
         "300 levels of recursion through a long elif chain: the converted "
         "chain costs two frames (if_stmt, else_body) per branch passed, "
         "over the recursion limit"),
    ],
}

# Run in the child: the module must be the converted copy, and converted.
PROBE = """
import importlib.util, inspect, sys
import agc_runtime
from test.support import import_helper
name, folder, public = sys.argv[1], sys.argv[2], sys.argv[3]
module = __import__(name)
assert module.__file__.startswith(folder), module.__file__
# The pure-Python functions (bisect, heapq: C accelerators replace them
# unless blocked, as CPython's tests of the Python version do).
# A module that needs its C part (string/_string, random/_random) cannot be
# imported with it blocked: then the C part is a backend, not an accelerator.
accelerator = "_" + name
if importlib.util.find_spec(accelerator) is not None:
    try:
        module = import_helper.import_fresh_module(name, blocked=[accelerator])
    except ImportError:
        module = __import__(name)
    assert module.__file__.startswith(folder), module.__file__
functions = []
for _, value in inspect.getmembers(module):
    if inspect.isfunction(value) and value.__module__ in (name, public):
        functions.append(value)
    elif inspect.isclass(value) and value.__module__ in (name, public):
        functions += [f for f in vars(value).values()
                      if inspect.isfunction(f)]
# Converted: an eager original with its twin, or (--converted-only) a
# function marked as converted.
converted = [f for f in functions if agc_runtime.twin(f) is not None
             or agc_runtime.is_autograph_artifact(f)]
print(f"{name}: {module.__file__}, {len(converted)}/{len(functions)} "
      "functions and methods converted")
assert converted, "no converted function"
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--agc", required=True)
    ap.add_argument("--passes", default=None,
                    help="agc's --passes list (default: the default pipeline)")
    ap.add_argument("modules", nargs="*", default=DEFAULT_MODULES)
    args = ap.parse_args()
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    args.modules = [MOVED_TO[name] if name in MOVED_TO and
                    (stdlib / f"{MOVED_TO[name]}.py").exists() else name
                    for name in args.modules]
    failed = []
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([tmp, str(ROOT / "runtime")])
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        for name in args.modules:
            out = Path(tmp) / f"{name}.py"
            passes = ["--passes", args.passes] if args.passes else []
            run = subprocess.run(
                [args.agc, "convert", str(stdlib / f"{name}.py"), "-o",
                 str(out)] + passes, capture_output=True, text=True)
            if run.returncode != 0:
                print(f"FAIL {name}: agc exited {run.returncode}\n{run.stderr}")
                failed.append(name)
                continue
            probe = subprocess.run(
                [sys.executable, "-c", PROBE, name, tmp,
                 TESTED_AS.get(name, name)], env=env,
                capture_output=True, text=True)
            sys.stdout.write(probe.stdout)
            if probe.returncode != 0:
                print(f"FAIL {name}: probe\n{probe.stderr}")
                failed.append(name)
                continue
            test_name = f"test_{TESTED_AS.get(name, name)}"
            ignore = []
            for since, forced_only, method, why in IGNORED.get(name, []):
                if sys.version_info[:2] >= since and (
                        not forced_only or
                        os.environ.get("AGC_CONVERTED_ONLY") == "1"):
                    print(f"{test_name}: leaves out {method}: {why}")
                    ignore += ["-i", method]
            test = subprocess.run(
                [sys.executable, "-m", "test", test_name] + ignore, env=env,
                capture_output=True, text=True, timeout=1200)
            summary = [line for line in test.stdout.splitlines()
                       if line.startswith(("Result:", "Total tests:"))]
            print(f"{test_name}: " + "; ".join(summary))
            if test.returncode != 0:
                print(test.stdout[-4000:] + test.stderr[-4000:])
                failed.append(name)
    print(f"cpython_tests: {len(args.modules) - len(failed)} passed, "
          f"{len(failed)} failed {failed if failed else ''}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
