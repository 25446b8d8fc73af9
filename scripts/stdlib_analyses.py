#!/usr/bin/env python3
"""Whole-stdlib check of the static analyses.

  (a) `agc inspect --format json` over every .py file of the local CPython
      standard library: no crash or check failure (exit 0, or 1 only with
      diagnostics for files CPython rejects too); the report lists exactly
      the scopes (module, defs, classes, with their dotted names) and the
      if/while/for/async for statements CPython's `ast` finds, at the same
      line:col and in the right function; and its sets are consistent
      (outputs within modified and live-out, loop variables within modified
      and live-in | live-out, undefined within the state, read-only disjoint
      from modified, every list sorted).
  (b) `agc convert --analyze --passes none` over the same files: every
      analysis of `agc passes` (reaching_fndefs included) computed on every
      file without a crash, and the output still equals the input.
  (c) `agc lint --output-format json` over the same files: every rule (and
      the static/staged inference under them) runs on every file without a
      crash, and each finding names a file of the batch and a position in it.

Prints the files, functions and statements analysed; exits 1 on any failure.
Run: stdlib_analyses.py --agc build/agc [--limit N] [-j N]
"""
import argparse
import ast
import io
import json
import os
import re
import subprocess
import sys
import sysconfig
import tempfile
import tokenize
import warnings
from pathlib import Path

DIAG = re.compile(rb"^.+?(:\d+:\d+)?: (error|warning|note): .* \[AGC\d{3}\]$")
KINDS = {ast.If: "if", ast.While: "while", ast.For: "for",
         ast.AsyncFor: "async for"}
SCOPES = {ast.FunctionDef: "function", ast.AsyncFunctionDef: "function",
          ast.ClassDef: "class"}


def cpython_facts(data: bytes):
    """(scopes, statements) as `agc inspect` should report them, or None
    when CPython rejects the file."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(data)
            compile(data, "<f>", "exec")
    except (SyntaxError, ValueError):
        return None
    if not data.isascii():
        # col_offset counts UTF-8 bytes of the decoded line; agc counts code
        # points.
        encoding = tokenize.detect_encoding(io.BytesIO(data).readline)[0]
        text = data.decode(encoding).replace("\r\n", "\n").replace("\r", "\n")
        lines = [line.encode("utf-8") for line in text.split("\n")]

        def col(node):
            prefix = lines[node.lineno - 1][: node.col_offset]
            return len(prefix.decode("utf-8", errors="replace")) + 1
    else:
        def col(node):
            return node.col_offset + 1
    scopes = [("<module>", "module", 1, 1)]
    statements = []

    def visit(node, scope, prefix):
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.stmt, ast.excepthandler,
                                      ast.match_case)):
                continue
            kind = SCOPES.get(type(child))
            if kind:
                name = prefix + child.name
                scopes.append((name, kind, child.lineno, col(child)))
                visit(child, name, name + ".")
                continue
            if type(child) in KINDS:
                statements.append((child.lineno, col(child),
                                   KINDS[type(child)], scope))
            visit(child, scope, prefix)

    visit(tree, "<module>", "")
    return scopes, statements


def check_statement(s):
    """Consistency of one statement's sets; a list of problems."""
    sets = {k: v for k, v in s.items() if isinstance(v, list)}
    problems = [f"{k} is not sorted and unique" for k, v in sets.items()
                if v != sorted(set(v))]
    get = {k: set(v) for k, v in sets.items()}
    loop = s["kind"] != "if" and s["kind"] != "elif"
    if loop != ("loop_vars" in s):
        problems.append("loop_vars present iff the statement is a loop")
    if get["outputs"] != get["modified"] & get["live_out"]:
        problems.append("outputs != modified & live_out")
    if loop and get["loop_vars"] != get["modified"] & (get["live_in"] |
                                                       get["live_out"]):
        problems.append("loop_vars != modified & (live_in | live_out)")
    state = get["loop_vars"] if loop else get["outputs"]
    if not get["undefined"] <= state:
        problems.append("undefined is not within the state")
    if get["read_only"] != get["read"] - get["modified"]:
        problems.append("read_only != read - modified")
    return problems


def run(cmd, cwd, timeout):
    try:
        return subprocess.run(cmd, cwd=cwd, capture_output=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return None


def crashed(proc):
    return proc is None or proc.returncode not in (0, 1)


def error_files(stderr: bytes):
    bad, stray = set(), []
    lines = stderr.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not DIAG.match(line):
            stray.append(line.decode(errors="replace"))
            continue
        # A syntax error's source line and the caret under its column.
        if i + 1 < len(lines) and re.fullmatch(rb"[ \t]*\^", lines[i + 1]):
            i += 2
        m = re.match(rb"^(.+?):(\d+:\d+: )?error: ", line)
        if m:
            bad.add(m.group(1).decode())
    return bad, stray


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agc", required=True)
    ap.add_argument("--stdlib", default=sysconfig.get_paths()["stdlib"])
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--batch", type=int, default=100,
                    help="files per `agc inspect` run")
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--limit", type=int, default=0, help="first N files only")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()

    stdlib = Path(args.stdlib)
    files = sorted(str(p.relative_to(stdlib)) for p in stdlib.rglob("*.py")
                   if "site-packages" not in p.parts)
    if args.limit:
        files = files[: args.limit]
    agc = os.path.abspath(args.agc)
    failures = []
    expected = {f: cpython_facts((stdlib / f).read_bytes()) for f in files}

    # (a) agc inspect, in batches; a batch that crashes is rerun file by file.
    reports = {}
    rejected = 0
    todo = [files[i:i + args.batch] for i in range(0, len(files), args.batch)]
    while todo:
        batch = todo.pop(0)
        proc = run([agc, "inspect", "--format", "json", *batch], stdlib,
                   args.timeout)
        if crashed(proc):
            if len(batch) > 1:
                todo = [[f] for f in batch] + todo
                continue
            why = "timed out" if proc is None else \
                f"exited {proc.returncode}: " + \
                proc.stderr.decode(errors="replace")[-1500:]
            failures.append(f"inspect: {batch[0]}: {why}")
            continue
        bad, stray = error_files(proc.stderr)
        if stray:
            failures.append("inspect: non-diagnostic output on stderr:\n  "
                            + "\n  ".join(stray[:20]))
        for f in sorted(bad):
            if expected.get(f) is not None:
                failures.append(f"inspect: {f}: agc rejects a file CPython "
                                "accepts")
            rejected += 1
        try:
            batch_reports = json.loads(proc.stdout)["files"]
        except (ValueError, KeyError):
            # e.g. a sanitizer report (UBSan exits 1, like a finding)
            if len(batch) > 1:
                todo = [[f] for f in batch] + todo
                continue
            failures.append(f"inspect: {batch[0]}: no JSON report; stderr: "
                            + proc.stderr.decode(errors="replace")[-1500:])
            continue
        for report in batch_reports:
            reports[report["path"]] = report

    functions = statements = 0
    for f in files:
        want = expected[f]
        got = reports.get(f)
        if got is None:
            if want is not None:
                failures.append(f"inspect: {f}: no report")
            continue
        if want is None:
            continue  # agc accepts what CPython rejects: nothing to compare
        scopes = [(s["name"], s["kind"], s["line"], s["col"])
                  for s in got["functions"]]
        if scopes != want[0]:
            failures.append(f"inspect: {f}: scopes differ from CPython's")
        found = [(s["line"], s["col"],
                  "if" if s["kind"] == "elif" else s["kind"], s["function"])
                 for s in got["statements"]]
        if found != want[1]:
            missing = sorted(set(want[1]) - set(found))[:3]
            extra = sorted(set(found) - set(want[1]))[:3]
            failures.append(f"inspect: {f}: statements differ from CPython's "
                            f"(missing {missing}, unexpected {extra})")
        for s in got["statements"]:
            for problem in check_statement(s):
                failures.append(f"inspect: {f}:{s['line']}:{s['col']}: "
                                f"{problem}")
        functions += sum(1 for s in scopes if s[1] == "function")
        statements += len(got["statements"])

    # (b) every analysis through the pipeline flag.
    with tempfile.TemporaryDirectory() as tmp:
        proc = run([agc, "convert", *files, "--out-dir", tmp, "--passes",
                    "none", "--analyze", "-j", str(args.jobs)], stdlib,
                   args.timeout * 4)
        analyzed = 0
        if crashed(proc):
            failures.append("convert --analyze: " + (
                "timed out" if proc is None else
                f"exited {proc.returncode}: "
                + proc.stderr.decode(errors="replace")[-1500:]))
        else:
            bad, stray = error_files(proc.stderr)
            if stray:
                failures.append("convert --analyze: non-diagnostic output on "
                                "stderr:\n  " + "\n  ".join(stray[:20]))
            for f in files:
                if f in bad:
                    continue
                out = Path(tmp) / f
                if not out.exists() or \
                        out.read_bytes() != (stdlib / f).read_bytes():
                    failures.append(f"convert --analyze: {f}: output differs "
                                    "from input")
                    continue
                analyzed += 1

    # (c) agc lint, in batches; a batch that crashes is rerun file by file.
    linted = findings = 0
    todo = [files[i:i + args.batch] for i in range(0, len(files), args.batch)]
    while todo:
        batch = todo.pop(0)
        proc = run([agc, "lint", "--exit-zero", "--isolated", "-j", "1",
                    "--output-format", "json", *batch], stdlib, args.timeout)
        report = None
        if not crashed(proc) and proc.returncode == 0:
            try:
                report = json.loads(proc.stdout)
            except ValueError:
                pass
        if report is None:
            if len(batch) > 1:
                todo = [[f] for f in batch] + todo
                continue
            why = "timed out" if proc is None else \
                f"exited {proc.returncode}: " + \
                proc.stderr.decode(errors="replace")[-1500:]
            if proc is None or expected.get(batch[0]) is not None \
                    or proc.returncode not in (1, 2):
                failures.append(f"lint: {batch[0]}: {why}")
            continue
        names = set(batch)
        for d in report:
            if d["path"] not in names or d["line"] < 1 or d["column"] < 1:
                failures.append(f"lint: finding outside its batch: {d}")
        linted += len(batch)
        findings += len(report)

    print(f"stdlib_analyses: {len(files)} files under {stdlib}; "
          f"{len(reports)} inspected ({rejected} rejected as CPython does), "
          f"{functions} functions, {statements} if/while/for statements; "
          f"{analyzed} files through convert --analyze; {linted} linted "
          f"({findings} findings)")
    shown = failures if args.verbose else failures[:40]
    for problem in shown:
        print("FAIL " + problem)
    if len(failures) > len(shown):
        print(f"... {len(failures) - len(shown)} more failures (--verbose)")
    print(f"stdlib_analyses: {'FAILED' if failures else 'ok'} "
          f"({len(failures)} failures)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
