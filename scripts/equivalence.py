#!/usr/bin/env python3
"""Equivalence suite: runs original and converted code and compares them.

Each file testdata/equivalence/<name>.py defines functions and a table

    CASES = {
        "function_name": [args, args, ...],   # each args: a tuple of arguments
        ...
    }

and optionally

    STAGED_ERRORS = {("function_name", index): "message substring", ...}

marking the cases that break the staging rules: under the staged backend they
must raise an error whose text contains the substring, and

    PYTHON_ONLY = {"function_name": "why staging it means nothing", ...}

for functions whose staged run cannot be compared at all (e.g. they hash
their argument); each needs its reason. An optional first-line
comment `# agc-args: --passes functions` gives the `agc convert` arguments
(default: the default pipeline); the runner's `--control-flow nonlocal`
adds that option to every file's. A comment `# agc-requires-python: 3.12`
among the file's first comment lines gates it on the interpreter: older
interpreters skip it (saying so), newer ones convert it with
`--target-version py312` (its syntax is that version's).

For every case the runner calls the original function and the converted one
(each on a deep copy of the arguments) and compares what they did: the
returned value (by repr), the exception raised (type and message), and what
they printed. Backends:

  python  the converted function must behave exactly like the original, case
          by case;
  staged  the converted function runs through agc_runtime.staged.run (its
          arguments staged); it must give the original's result, or, for a
          case in STAGED_ERRORS, raise the staging error named there.

Every function a file defines must appear in CASES (an untested function is
an error), and the converted module must really be the converted file
(checked through __file__). Prints one line per failure and the counts; exits
1 on any failure.
"""
import argparse
import contextlib
import copy
import importlib.util
import io
import re
import os
import subprocess
import sys
import tempfile
import traceback
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    assert module.__file__ == str(path), module.__file__
    return module


_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+>")


def outcome(fn, args, staged=None):
    """What calling fn(*args) did: ('ok', repr) or ('raise', type, message),
    plus the printed text."""
    out = io.StringIO()
    args = copy.deepcopy(args)
    try:
        with contextlib.redirect_stdout(out):
            if staged is not None:
                result = staged.run(fn, *args)
            else:
                result = fn(*args)
        # An object's address is no behaviour: two runs match it only when
        # the allocator happens to reuse the memory (3.11 did for a dropped
        # coroutine; 3.12 and 3.13 do not).
        what = ("ok", _ADDRESS.sub(" at 0x...>", repr(result)))
    except Exception as e:  # noqa: BLE001 - the comparison is the point
        # The two copies are loaded under different module names, which
        # qualified names in messages show.
        message = str(e).replace("equiv_original.", "<module>.").replace(
            "equiv_converted.", "<module>.")
        what = ("raise", type(e).__name__, message)
    return what, out.getvalue()


def own_functions(module):
    return sorted(
        name for name, value in vars(module).items()
        if isinstance(value, types.FunctionType)
        and value.__module__ == module.__name__ and not name.startswith("_"))


def check_file(original_path: Path, converted_path: Path, backend: str):
    """Runs in a child process with the backend selected; returns failures."""
    failures = []
    import agc_runtime
    agc_runtime.use("python")
    original = load(original_path, "equiv_original")
    converted = load(converted_path, "equiv_converted")
    cases = getattr(original, "CASES", None)
    if not isinstance(cases, dict) or not cases:
        return [f"{original_path.name}: no CASES table"], 0
    staged_errors = getattr(original, "STAGED_ERRORS", {})
    python_only = getattr(original, "PYTHON_ONLY", {})
    for name, why in python_only.items():
        if name not in cases or not isinstance(why, str) or not why:
            failures.append(f"{original_path.name}: PYTHON_ONLY {name}: "
                            "needs a CASES entry and a reason")
    for name, index in staged_errors:
        if index >= len(cases.get(name, [])):
            failures.append(f"{original_path.name}: STAGED_ERRORS names "
                            f"{name}[{index}], which is not a case")
    missing = set(own_functions(original)) - set(cases)
    for name in sorted(missing):
        failures.append(f"{original_path.name}: {name} has no CASES entry")
    staged = None
    if backend == "staged":
        from agc_runtime import staged as staged_module
        staged = staged_module
    count = 0
    for name, arg_list in cases.items():
        if staged is not None and name in python_only:
            continue
        for index, args in enumerate(arg_list):
            count += 1
            where = f"{original_path.name}:{name}[{index}] ({backend})"
            expected = outcome(getattr(original, name), args)
            actual = outcome(getattr(converted, name), args, staged)
            error = staged_errors.get((name, index)) if staged else None
            if error is not None:
                if actual[0][0] != "raise" or error not in actual[0][2]:
                    failures.append(f"{where}: expected staging error "
                                    f"{error!r}, got {actual[0]}")
                continue
            if expected != actual:
                failures.append(f"{where}: original {expected}, "
                                f"converted {actual}")
    return failures, count


def child_main(original, converted, backend):
    try:
        failures, count = check_file(Path(original), Path(converted), backend)
    except Exception:  # noqa: BLE001
        failures, count = [f"{original}: {traceback.format_exc()}"], 0
    for f in failures:
        print("FAIL " + f.replace("\n", "\n     "))
    print(f"COUNT {count}")
    return 0


def directives(path: Path):
    """`# agc-args:` and `# agc-requires-python:` of the file's first
    comment lines, by name."""
    found = {}
    for line in path.read_text(encoding="utf-8").split("\n"):
        if not line.startswith("#"):
            break
        for key in ("agc-args", "agc-requires-python"):
            prefix = f"# {key}:"
            if line.startswith(prefix):
                found[key] = line[len(prefix):].strip()
    return found


def agc_args(path: Path):
    """The `agc convert` arguments of a case file, or None when the running
    interpreter is older than its `agc-requires-python`."""
    found = directives(path)
    args = found.get("agc-args", "").split()
    required = found.get("agc-requires-python")
    if required:
        major, minor = (int(x) for x in required.split("."))
        if sys.version_info[:2] < (major, minor):
            return None
        args += ["--target-version", f"py{major}{minor}"]
    return args


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--agc", required=True)
    ap.add_argument("--root", default=str(ROOT / "testdata" / "equivalence"))
    ap.add_argument("--backend", choices=["python", "staged", "all"],
                    default="all")
    ap.add_argument("files", nargs="*", help="only these case files")
    ap.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    ap.add_argument("--control-flow",
                    choices=["nonlocal", "functional"],
                    help="agc convert --control-flow (default: agc's, functional)")
    args = ap.parse_args()
    if args.child:
        return child_main(*args.child)

    files = ([Path(f) for f in args.files] if args.files else
             sorted(Path(args.root).glob("*.py")))
    backends = ["python", "staged"] if args.backend == "all" else [
        args.backend]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT / "runtime")] + [p for p in [env.get("PYTHONPATH")] if p])
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    control_flow = (["--control-flow", args.control_flow]
                    if args.control_flow else [])
    failed = 0
    cases = 0
    skipped = 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            extra = agc_args(path)
            if extra is None:
                skipped += 1
                print(f"SKIP {path.name}: needs Python "
                      f"{directives(path)['agc-requires-python']} (this is "
                      f"{sys.version_info[0]}.{sys.version_info[1]})")
                continue
            # Copies under new names, so the two modules never share a cache.
            original = Path(tmp) / f"{path.stem}_original.py"
            original.write_bytes(path.read_bytes())
            converted = Path(tmp) / f"{path.stem}_converted.py"
            run = subprocess.run(
                [args.agc, "convert", str(original), "-o", str(converted),
                 "--no-source-map"] + extra + control_flow,
                capture_output=True, text=True)
            if run.returncode != 0:
                print(f"FAIL {path.name}: agc exited {run.returncode}\n"
                      f"{run.stderr}")
                failed += 1
                continue
            for backend in backends:
                child = subprocess.run(
                    [sys.executable, __file__, "--agc", args.agc, "--child",
                     str(original), str(converted), backend],
                    capture_output=True, text=True, env=env, timeout=600)
                for line in child.stdout.splitlines():
                    if line.startswith("COUNT "):
                        cases += int(line.split()[1])
                    elif line.startswith("FAIL "):
                        failed += 1
                        print(line)
                    else:
                        print(line)
                if child.returncode != 0 or "COUNT " not in child.stdout:
                    failed += 1
                    print(f"FAIL {path.name} ({backend}): runner crashed\n"
                          f"{child.stderr}")
    print(f"equivalence: {len(files) - skipped} files, {cases} case runs, "
          f"{failed} failures"
          + (f" ({skipped} skipped on Python {sys.version_info[0]}."
             f"{sys.version_info[1]})" if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
