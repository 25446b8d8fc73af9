#!/usr/bin/env python3
"""Golden test runner for agc.

Each case is a folder holding `input.py` and the expected results the tool
wrote (never edited by hand; regenerate with scripts/update_golden.sh):

  output.py            the converted file (absent for fail_* cases)
  output.py.map.json   its source map
  stderr.txt           diagnostics (absent means: none)
  args                 optional: extra `agc convert` arguments, one line
                       (with --passes: instead of the group's pass list)
  pyproject.toml       optional: copied next to input.py, so its
                       [tool.agc] table applies

Which passes run depends on where the case lives:
  testdata/passes/<pass>/<case>/   --passes <pass> and its prerequisites
  testdata/pipeline/<case>/        the default pipeline
  testdata/eager/<case>/           the default pipeline, eager originals
                                   (the others run with --converted-only:
                                   they test the converted code itself)
  testdata/unparse/<case>/         --passes none --regenerate-all
  testdata/verbatim/<case>/        --passes none
Cases named fail_* must exit 1 and write no output; the others must exit 0.

testdata/inspect/<case>/ runs `agc inspect input.py` (plus `args`) instead;
its expected files are what it prints: `output.txt`, or `output.json` when
the args ask for `--format json` (checked to be valid JSON of the documented
shape), and `stderr.txt`.

Beyond comparing files, every case checks that the output re-parses with
CPython (when its `--target-version` in `args` is not newer than the
interpreter running this script, which cannot read newer syntax), that the map has one entry per output line, and that a second run is
byte-identical and does not rewrite the files.
"""
import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


_NEEDS = {}


def pass_needs(agc: str):
    """{pass: [prerequisites]} from `agc passes`."""
    if not _NEEDS:
        out = subprocess.run([agc, "passes"], capture_output=True, text=True,
                             check=True).stdout.splitlines()[1:]
        for line in out:
            if not line.strip():
                break  # the analyses table follows the passes
            name, _default, needs = line.split()[:3]
            _NEEDS[name] = [] if needs == "-" else needs.split(",")
    return _NEEDS


def with_prerequisites(agc: str, name: str):
    needs = pass_needs(agc)
    order = list(needs)  # `agc passes` lists passes in canonical order
    selected = set()
    todo = [name]
    while todo:
        p = todo.pop()
        if p not in selected:
            selected.add(p)
            todo += needs.get(p, [])
    return ",".join(p for p in order if p in selected)


def group_args(agc: str, root: Path, case: Path):
    rel = case.relative_to(root).parts
    if rel[0] == "eager":
        return []
    if rel[0] == "passes" and len(rel) >= 3:
        # The pass and what it needs, nothing else.
        return ["--converted-only", "--passes", with_prerequisites(agc, rel[1])]
    if rel[0] == "unparse":
        return ["--passes", "none", "--regenerate-all"]
    if rel[0] == "verbatim":
        return ["--passes", "none"]
    return ["--converted-only"]


def is_inspect(root: Path, case: Path) -> bool:
    return case.relative_to(root).parts[0] == "inspect"


def case_args(case: Path):
    extra = case / "args"
    return extra.read_text().split() if extra.exists() else []


def target_readable(args) -> bool:
    """Whether this interpreter reads the syntax of the case's
    --target-version (py312 needs Python 3.12 or newer)."""
    if "--target-version" not in args:
        return True
    target = args[args.index("--target-version") + 1:][:1]
    if not target or not target[0].startswith("py3"):
        return True
    return sys.version_info[:2] >= (3, int(target[0][3:]))


def output_names(root: Path, case: Path):
    """The expected files a case compares (stderr.txt aside)."""
    if is_inspect(root, case):
        args = case_args(case)
        json_format = "--format" in args and \
            args[args.index("--format") + 1:][:1] == ["json"]
        return ("output.json",) if json_format else ("output.txt",)
    return ("output.py", "output.py.map.json")


def run_case(agc: str, root: Path, case: Path, work: Path):
    """Runs agc on a copy of the case; returns (exit, stderr, files)."""
    work.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(case / "input.py", work / "input.py")
    if (case / "pyproject.toml").exists():
        shutil.copyfile(case / "pyproject.toml", work / "pyproject.toml")
    if is_inspect(root, case):
        cmd = [agc, "inspect", "input.py"] + case_args(case)
        proc = subprocess.run(cmd, cwd=work, capture_output=True, timeout=60)
        files = {}
        if proc.stdout:
            files[output_names(root, case)[0]] = proc.stdout
        return proc.returncode, proc.stderr, files, cmd
    # An `args` naming --passes replaces the group's pass list (a pass that
    # acts only together with a later one, e.g. break_statements with
    # control_flow).
    extra = case_args(case)
    group = group_args(agc, root, case)
    if "--passes" in extra:
        group = [a for a in group if a == "--converted-only"]
    args = group + extra
    cmd = [agc, "convert", "input.py", "-o", "output.py", "-j", "1"] + args
    proc = subprocess.run(cmd, cwd=work, capture_output=True, timeout=60)
    files = {}
    for name in ("output.py", "output.py.map.json"):
        p = work / name
        if p.exists():
            files[name] = p.read_bytes()
    return proc.returncode, proc.stderr, files, cmd


def check_case(agc, root, case, update):
    problems = []
    fail_case = case.name.startswith("fail_")
    with tempfile.TemporaryDirectory() as tmp:
        code, stderr, files, cmd = run_case(agc, root, case, Path(tmp) / "a")
        expected_code = 1 if fail_case else 0
        if code != expected_code:
            problems.append(f"exit code {code}, expected {expected_code}\n"
                            f"  command: {' '.join(cmd)}\n"
                            f"  stderr: {stderr.decode(errors='replace')}")
        names = output_names(root, case)
        if update and not problems:
            for name in names + ("stderr.txt",):
                (case / name).unlink(missing_ok=True)
            for name, data in files.items():
                (case / name).write_bytes(data)
            if stderr:
                (case / "stderr.txt").write_bytes(stderr)
            return problems
        # Compare with the expected files.
        for name in names:
            want = case / name
            got = files.get(name)
            if want.exists() != (got is not None):
                problems.append(f"{name}: expected {'a' if want.exists() else 'no'}"
                                f" file, got {'one' if got is not None else 'none'}")
            elif got is not None and want.read_bytes() != got:
                problems.append(f"{name} differs from the expected file:\n"
                                + diff_text(want.read_bytes(), got))
        want_err = (case / "stderr.txt").read_bytes() if (case / "stderr.txt").exists() else b""
        if want_err != stderr:
            problems.append("stderr differs:\n" + diff_text(want_err, stderr))
        if fail_case:
            return problems
        if is_inspect(root, case):
            problems += check_inspect_output(files)
            code2, stderr2, files2, _ = run_case(agc, root, case,
                                                 Path(tmp) / "b")
            if (code2, stderr2, files2) != (code, stderr, files):
                problems.append("second run differs from the first")
            return problems
        out = files.get("output.py", b"")
        if target_readable(case_args(case)):
            try:
                ast.parse(out)
            except SyntaxError as e:
                problems.append(f"output does not parse: {e}")
        if "output.py.map.json" in files:
            m = json.loads(files["output.py.map.json"])
            lines = len(out.splitlines())
            if len(m.get("origin_lines", [])) != lines:
                problems.append(f"map has {len(m.get('origin_lines', []))} "
                                f"entries for {lines} lines")
        # Second run: identical bytes, and nothing rewritten.
        work = Path(tmp) / "a"
        before = {n: os.stat(work / n).st_mtime_ns for n in files}
        code2, stderr2, files2, _ = run_case(agc, root, case, work)
        if (code2, stderr2, files2) != (code, stderr, files):
            problems.append("second run differs from the first")
        for n, t in before.items():
            if os.stat(work / n).st_mtime_ns != t:
                problems.append(f"second run rewrote unchanged {n}")
    return problems


def check_inspect_output(files):
    """The JSON report has the documented shape (docs/guide/inspect.md)."""
    if "output.json" not in files:
        return []
    try:
        doc = json.loads(files["output.json"])
    except ValueError as e:
        return [f"output.json is not JSON: {e}"]
    problems = []
    if list(doc) != ["version", "files"] or doc["version"] != 1:
        problems.append("output.json: top level is not {version: 1, files}")
    sets = ["read", "modified", "live_in", "live_out", "outputs",
            "loop_vars", "undefined", "read_only"]
    for f in doc.get("files", []):
        if list(f) != ["path", "functions", "statements"]:
            problems.append(f"output.json: file keys {list(f)}")
            continue
        for s in f["statements"]:
            loop = s["kind"] in ("while", "for", "async for")
            want = ["kind", "line", "col", "function"] + \
                [k for k in sets if loop or k != "loop_vars"]
            if list(s) != want:
                problems.append(f"output.json: statement keys {list(s)}")
                continue
            for k in sets:
                if k in s and s[k] != sorted(s[k]):
                    problems.append(f"output.json: {k} is not sorted")
    return problems


def diff_text(a: bytes, b: bytes) -> str:
    import difflib
    return "".join(difflib.unified_diff(
        a.decode(errors="replace").splitlines(True),
        b.decode(errors="replace").splitlines(True), "expected", "actual"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agc", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--update", action="store_true",
                    help="write the expected files from agc's output")
    ap.add_argument("filter", nargs="?", default="",
                    help="only cases whose path contains this text")
    args = ap.parse_args()
    args.agc = os.path.abspath(args.agc)
    root = Path(args.root).resolve()
    cases = sorted(p.parent for p in root.rglob("input.py")
                   if args.filter in str(p.parent)
                   and p.parent.relative_to(root).parts[0] != "equivalence")
    passed = failed = 0
    for case in cases:
        problems = check_case(args.agc, root, case, args.update)
        name = case.relative_to(root)
        if problems:
            failed += 1
            print(f"FAIL {name}")
            for p in problems:
                print("  " + p.replace("\n", "\n  "))
        else:
            passed += 1
            if args.update:
                print(f"updated {name}")
    print(f"golden: {passed} passed, {failed} failed")
    if not cases:
        print("golden: no cases found", file=sys.stderr)
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
