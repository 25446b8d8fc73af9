#!/usr/bin/env python3
"""Checks agc's printer on a corpus of Python files (the CPython stdlib by
default).

For each .py file, the file is printed entirely from agc's AST
(`agc convert --passes none --regenerate-all`) and the output must parse in
CPython with the same `ast.dump` as the input. Files CPython itself cannot
parse are skipped and counted. With --verbatim, the check is instead that
`--passes none` output equals the input byte for byte.

    scripts/check_regenerate.py --agc build/agc [--root DIR] [-j N]
    scripts/check_regenerate.py --driver /tmp/regen FILE...

--driver takes a program run as `DRIVER FILE [--driver-arg ...]
[--verbatim]` that writes the printed text to stdout (a stand-in for the CLI,
e.g. a test driver that marks every function changed).

Exit status: 0 when every file CPython parses passes, 1 otherwise.
"""

import argparse
import ast
import concurrent.futures
import difflib
import os
import subprocess
import sys
import tempfile
import warnings

DEFAULT_ROOT = "/root/.pyenv/versions/3.11.7/lib/python3.11"


def python_files(paths, exclude):
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for folder, dirs, files in os.walk(path):
            dirs[:] = sorted(d for d in dirs if d not in exclude)
            for name in sorted(files):
                if name.endswith(".py"):
                    yield os.path.join(folder, name)


def dump(source):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ast.dump(ast.parse(source))


def run_printer(args, path, tmpdir):
    """Returns (exit code, output bytes, stderr text)."""
    if args.driver:
        cmd = [args.driver, path] + args.driver_arg
        if args.verbatim:
            cmd.append("--verbatim")
        proc = subprocess.run(cmd, capture_output=True, timeout=120)
        return proc.returncode, proc.stdout, proc.stderr.decode(errors="replace")
    out = os.path.join(tmpdir, f"{abs(hash(path))}.py")
    cmd = [args.agc, "convert", "--passes", "none", "--no-source-map",
           "-o", out, path]
    if not args.verbatim:
        cmd.insert(4, "--regenerate-all")
    proc = subprocess.run(cmd, capture_output=True, timeout=120)
    data = b""
    if proc.returncode == 0:
        with open(out, "rb") as f:
            data = f.read()
        os.unlink(out)
    return proc.returncode, data, proc.stderr.decode(errors="replace")


def check(args, path, tmpdir):
    """Returns (status, detail); status in pass, fail, skip, error."""
    with open(path, "rb") as f:
        source = f.read()
    try:
        expected = dump(source)
    except (SyntaxError, ValueError, UnicodeDecodeError):
        return "skip", "CPython cannot parse it"
    code, output, stderr = run_printer(args, path, tmpdir)
    if code != 0:
        return "error", f"exit {code}: {stderr.strip()[:500]}"
    if args.verbatim:
        if output == source:
            return "pass", ""
        return "fail", "output differs from the input"
    try:
        actual = dump(output)
    except (SyntaxError, ValueError, UnicodeDecodeError) as e:
        lineno = getattr(e, "lineno", None)
        line = ""
        if lineno:
            lines = output.decode(errors="replace").splitlines()
            if 0 < lineno <= len(lines):
                line = lines[lineno - 1].strip()
        return "fail", f"output does not parse: {e}\n      {line}"
    if actual == expected:
        return "pass", ""
    diff = difflib.unified_diff(
        expected.replace("), ", "),\n").splitlines(),
        actual.replace("), ", "),\n").splitlines(),
        "input", "output", n=1, lineterm="")
    return "fail", "ast.dump differs:\n" + "\n".join(
        "      " + line for line in list(diff)[:args.diff_lines])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    who = parser.add_mutually_exclusive_group(required=True)
    who.add_argument("--agc", help="path of the agc binary")
    who.add_argument("--driver", help="program run as DRIVER FILE > output")
    parser.add_argument("paths", nargs="*", default=[DEFAULT_ROOT],
                        help=f"files or folders (default {DEFAULT_ROOT})")
    parser.add_argument("--exclude", action="append",
                        default=["site-packages"],
                        help="folder names not to descend into (default: "
                        "site-packages, so the default root is the stdlib)")
    parser.add_argument("--verbatim", action="store_true",
                        help="check --passes none output is byte-identical")
    parser.add_argument("--driver-arg", action="append", default=[],
                        help="extra argument passed to the --driver program")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--diff-lines", type=int, default=12,
                        help="lines of ast.dump diff shown per failure")
    args = parser.parse_args()

    files = list(python_files(args.paths, set(args.exclude)))
    counts = {"pass": 0, "fail": 0, "skip": 0, "error": 0}
    problems = []
    with tempfile.TemporaryDirectory() as tmpdir, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(check, args, f, tmpdir): f for f in files}
        for future in concurrent.futures.as_completed(futures):
            path = futures[future]
            try:
                status, detail = future.result()
            except Exception as e:  # a timeout or I/O error: report it
                status, detail = "error", repr(e)
            counts[status] += 1
            if status in ("fail", "error"):
                problems.append((path, status, detail))

    for path, status, detail in sorted(problems):
        print(f"{status.upper()} {path}: {detail}")
    mode = "verbatim" if args.verbatim else "regenerate-all"
    print(f"{mode}: {len(files)} files: {counts['pass']} equal, "
          f"{counts['fail']} mismatched, {counts['error']} agc errors, "
          f"{counts['skip']} skipped (CPython cannot parse them)")
    return 0 if counts["fail"] == 0 and counts["error"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
