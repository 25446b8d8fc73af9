#!/usr/bin/env python3
"""Whole-language check over the local CPython standard library.

  (a) `agc convert --passes none`: every file's output is byte-identical to
      its input, with an identity source map;
  (b) `agc convert --passes none --regenerate-all`: for every file CPython
      parses, the output parses with the same `ast.dump`;
  (c) no crash, hang or sanitizer report: every run exits 0 or 1 (1 only for
      files agc reports as invalid) within the time limit, stderr holds only
      diagnostics.
  (d) `agc convert` with the default pipeline: the output compiles, and every
      function is accounted for: converted (it gained a converted twin,
      `@ag__.twin_of(f)` and an entry guard, or is written once, needing
      no twin; with AGC_CONVERTED_ONLY=1 the `ag__.autograph_artifact`
      marker), left with an AGC1xx note (or AGC201 warning) naming it, or
      inside a function left as written. With eager
      originals, the output without the twins, the entry guards and the
      runtime import has the input's `ast.dump`: the original code is all
      there, unchanged. Prints the counts.

Every run passes `--target-version` for the interpreter running this script
(py311 under 3.11, py312 under 3.12, ...; override with --target-version), so
each standard library is read with its own version's syntax.

`--rewrite NAME` first copies the files rewritten in a way Python reads the
same (see REWRITES: CRLF or lone-CR line ends, form feeds, a byte-order
mark, a Latin-1 coding line, no final newline, tab indentation, a comment
on every line); `--every N` checks every Nth file only.

Files CPython itself rejects (Python 2 test data, bad encodings, programs that
parse but do not compile, such as misplaced __future__ imports) may fail in
agc too and are counted separately; where agc accepts them, (a) and (b) are
still checked. Prints the counts; exits 1 on
any failure.
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


def cpython_dump(data: bytes):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return ast.dump(ast.parse(data))
    except (SyntaxError, ValueError):
        return None


def running_target() -> str:
    """agc's --target-version for this interpreter (py311 ... py313)."""
    return "py3%d" % min(max(sys.version_info[1], 11), 13)


def cpython_compiles(data: bytes, name: str) -> bool:
    """Whether CPython accepts the file as a program (parse and compile)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(data, name, "exec")
        return True
    except (SyntaxError, ValueError):
        return False


def run_batch(agc, files, out_dir, extra, jobs, timeout):
    cmd = [agc, "convert", *files, "--out-dir", str(out_dir), "-j", str(jobs),
           *extra]
    return subprocess.run(cmd, capture_output=True, timeout=timeout)


def error_files(stderr: bytes):
    """Files agc reported an error for, and stray (non-diagnostic) lines."""
    bad, stray = {}, []
    lines = stderr.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not DIAG.match(line):
            stray.append(line)
            continue
        # A syntax error's source line and the caret under its column.
        if i + 1 < len(lines) and re.fullmatch(rb"[ \t]*\^", lines[i + 1]):
            i += 2
        m = re.match(rb"^(.+?):(\d+:\d+: )?error: ", line)
        if m:
            bad.setdefault(m.group(1).decode(), line.decode(errors="replace"))
    return bad, stray


# A note saying a function was left as written (AGC101-104, AGC107), or the
# warning that a jump in `finally` keeps it as written (AGC201).
LEFT_NOTE = re.compile(
    rb"^(.+?):(\d+):\d+: (note: .*\[AGC10[1-47]\]|warning: .*\[AGC201\])$")


def left_functions(stderr: bytes):
    """{file: {line of each function left unconverted}}."""
    out = {}
    for line in stderr.splitlines():
        m = LEFT_NOTE.match(line)
        if m:
            out.setdefault(m.group(1).decode(), set()).add(int(m.group(2)))
    return out


def is_marker(decorator):
    return (isinstance(decorator, ast.Attribute) and
            decorator.attr == "autograph_artifact" and
            isinstance(decorator.value, ast.Name) and
            decorator.value.id == "ag__")


def is_twin(node):
    """A converted twin: `@ag__.twin_of(f)` def."""
    return isinstance(node, ast.FunctionDef) and any(
        isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute) and
        d.func.attr == "twin_of" and isinstance(d.func.value, ast.Name) and
        d.func.value.id == "ag__" for d in node.decorator_list)


def is_guard(node):
    """An eager original's entry guard:
    `if _ag__guard__ and _ag__guard__.tracing(): return ...`."""
    return (isinstance(node, ast.If) and isinstance(node.test, ast.BoolOp) and
            ast.unparse(node.test) == "_ag__guard__ and _ag__guard__.tracing()")


def is_guard_binding(node):
    """The guards' global, after the runtime import:
    `_ag__guard__ = ag__.guard.bind(globals())`."""
    return (isinstance(node, ast.Assign) and
            ast.unparse(node) == "_ag__guard__ = ag__.guard.bind(globals())")


def marked(tree):
    twins = sum(1 for n in ast.walk(tree) if is_twin(n))
    if twins:
        return twins
    return sum(1 for n in ast.walk(tree)
               if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and
               any(is_marker(d) for d in n.decorator_list))


def without_twins(tree):
    """tree without converted twins, entry guards, the runtime import and
    the guards' global."""
    class Strip(ast.NodeTransformer):
        def generic_visit(self, node):
            super().generic_visit(node)
            for field in ("body", "orelse", "finalbody"):
                stmts = getattr(node, field, None)
                if isinstance(stmts, list):
                    twins = {s.name for s in stmts if is_twin(s)}
                    setattr(node, field, [
                        s for s in stmts if not (
                            is_twin(s) or is_guard(s) or
                            is_guard_binding(s) or (
                                isinstance(s, ast.Delete) and
                                len(s.targets) == 1 and
                                isinstance(s.targets[0], ast.Name) and
                                s.targets[0].id in twins) or (
                                isinstance(s, ast.Import) and
                                [(a.name, a.asname) for a in s.names] ==
                                [("agc_runtime", "ag__")]))])
            return node
    return Strip().visit(tree)


def account(src_tree, gen_tree, left_lines):
    """(converted, left, inside_left, problem): every function of the input
    is converted, left with a note, or inside a left function."""
    left = inside = total = 0

    def walk(node, inside_left):
        nonlocal left, inside, total
        for child in ast.iter_child_nodes(node):
            is_fn = isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            child_inside = inside_left
            if is_fn:
                total += 1
                line = min([child.lineno] +
                           [d.lineno for d in child.decorator_list])
                if inside_left:
                    inside += 1
                elif child.lineno in left_lines or line in left_lines:
                    left += 1
                    child_inside = True
            walk(child, child_inside)

    walk(src_tree, False)
    converted = marked(gen_tree) - marked(src_tree)
    problem = None
    once = 0
    if os.environ.get("AGC_CONVERTED_ONLY") != "1":
        # With eager originals, a function whose twin would do what it does
        # is written once, unguarded, with no twin: each guarded original
        # has its twin, and the rest are written once.
        guarded = sum(
            1 for n in ast.walk(gen_tree)
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and
            any(is_guard(s) for s in n.body[:2]))
        if guarded != converted:
            problem = f"{guarded} entry guards for {converted} twins"
        once = max(0, total - converted - left - inside)
    if problem is None and converted + left + inside + once != total:
        problem = (f"{total} functions, but {converted} converted + {left} "
                   f"left with a note + {inside} inside those")
    return converted + once, left, inside, problem


def _line_ends(newline):
    def rewrite(data):
        data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        return data.replace(b"\n", newline)
    return rewrite


def _form_feeds(data):
    # A form-feed line before each top-level def and class, and one at the
    # start of each def line indented by 4 (it resets the column).
    data = re.sub(rb"(?m)^(def |class )", b"\x0c\n\\1", data)
    return re.sub(rb"(?m)^(    def )", b"\x0c\\1", data)


def _bom(data):
    return data if data.startswith(b"\xef\xbb\xbf") else b"\xef\xbb\xbf" + data


def _latin1(data):
    # Files with a #! or coding line, or text Latin-1 cannot hold, stay.
    head = b"\n".join(data.split(b"\n", 2)[:2])
    if data.startswith((b"#!", b"\xef\xbb\xbf")) or b"coding" in head:
        return data
    try:
        return (b"# -*- coding: latin-1 -*-\n" +
                data.decode("utf-8").encode("latin-1"))
    except UnicodeError:
        return data


def _tokens(data):
    """(text, tokens) of UTF-8 `data`, or None where tokenize fails."""
    try:
        text = data.decode("utf-8")
        return text, list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (UnicodeDecodeError, SyntaxError, tokenize.TokenError):
        return None


def _tabs(data):
    # Each logical line indented by a multiple of 4 spaces: a tab per 4
    # (continuation lines and text inside strings stay). Python reads the
    # result the same, or rejects it (TabError) as agc must too.
    parsed = _tokens(data)
    if parsed is None:
        return data
    text, tokens = parsed
    starts, new_line = set(), True
    for t in tokens:
        if new_line and t.type not in (tokenize.NL, tokenize.COMMENT,
                                       tokenize.INDENT, tokenize.DEDENT,
                                       tokenize.NEWLINE, tokenize.ENDMARKER):
            starts.add(t.start[0])
            new_line = False
        if t.type == tokenize.NEWLINE:
            new_line = True
    lines = text.splitlines(keepends=True)
    for row in starts:
        line = lines[row - 1]
        n = len(line) - len(line.lstrip(" "))
        if n % 4 == 0:
            lines[row - 1] = "\t" * (n // 4) + line[n:]
    return "".join(lines).encode("utf-8")


def _comments(data):
    # A comment at the end of every line that ends a logical line or a line
    # inside brackets and has none (not after a backslash).
    parsed = _tokens(data)
    if parsed is None:
        return data
    text, tokens = parsed
    commented = {t.start[0] for t in tokens if t.type == tokenize.COMMENT}
    lines = text.splitlines(keepends=True)
    ends = {}
    for t in tokens:
        row, col = t.start
        if (t.type in (tokenize.NEWLINE, tokenize.NL) and t.string and
                row not in commented and lines[row - 1][:col].strip() and
                not lines[row - 1][:col].rstrip().endswith("\\")):
            ends[row] = col
    for row, col in ends.items():
        lines[row - 1] = lines[row - 1][:col] + "  # c" + lines[row - 1][col:]
    return "".join(lines).encode("utf-8")


# Rewrites of a file that Python reads as the same program.
REWRITES = {
    "crlf": _line_ends(b"\r\n"),
    "cr": _line_ends(b"\r"),  # classic Mac OS
    "form-feeds": _form_feeds,
    "bom": _bom,
    "latin-1": _latin1,
    "no-final-newline": lambda data: data.rstrip(b"\r\n"),
    "tabs": _tabs,
    "comments": _comments,
}


def rewrite_files(stdlib, files, folder, rewrite):
    """Copies `files` from `stdlib` to `folder`, each rewritten by
    `rewrite`; returns `folder`."""
    for f in files:
        target = folder / f
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(rewrite((stdlib / f).read_bytes()))
    return folder


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agc", required=True)
    ap.add_argument("--stdlib", default=sysconfig.get_paths()["stdlib"])
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=int, default=1200)
    ap.add_argument("--limit", type=int, default=0, help="first N files only")
    ap.add_argument("--every", type=int, default=1,
                    help="every Nth file only (a sample of the whole)")
    ap.add_argument("--rewrite", choices=sorted(REWRITES),
                    help="check copies of the files rewritten so")
    ap.add_argument("--target-version", default=running_target(),
                    help="agc's --target-version (default: this "
                         "interpreter's, %(default)s)")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()

    stdlib = Path(args.stdlib)
    # Third-party packages installed under the standard library are left out;
    # a folder that is itself (inside) a site-packages is checked whole.
    files = sorted(str(p.relative_to(stdlib)) for p in stdlib.rglob("*.py")
                   if "site-packages" not in p.relative_to(stdlib).parts)
    if not files:
        sys.exit(f"stdlib_roundtrip: no .py files under {stdlib}")
    files = files[:: max(args.every, 1)]
    if args.limit:
        files = files[: args.limit]
    agc = os.path.abspath(args.agc)
    failures = []
    counts = {}
    functions = {"converted": 0, "left with a note": 0,
                 "inside a left function": 0}

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        if args.rewrite:
            stdlib = rewrite_files(stdlib, files, tmp / "input",
                                   REWRITES[args.rewrite])
        cpython = {f: cpython_dump((stdlib / f).read_bytes()) for f in files}
        rejected_by_cpython = {f for f in files if cpython[f] is None or
                               not cpython_compiles((stdlib / f).read_bytes(), f)}

        for mode, extra in (("none", ["--passes", "none"]),
                            ("regen", ["--passes", "none", "--regenerate-all"]),
                            ("default", [])):
            out = tmp / mode
            old = os.getcwd()
            os.chdir(stdlib)
            try:
                proc = run_batch(agc, files, out,
                                 extra + ["--target-version",
                                          args.target_version],
                                 args.jobs, args.timeout)
            except subprocess.TimeoutExpired:
                failures.append(f"{mode}: timed out after {args.timeout}s")
                continue
            finally:
                os.chdir(old)
            if proc.returncode not in (0, 1):
                failures.append(f"{mode}: agc exited {proc.returncode} (crash?)\n"
                                + proc.stderr.decode(errors="replace")[-2000:])
                continue
            bad, stray = error_files(proc.stderr)
            left_by_file = left_functions(proc.stderr)
            if stray:
                failures.append(f"{mode}: non-diagnostic output on stderr:\n  "
                                + "\n  ".join(l.decode(errors="replace")
                                              for l in stray[:20]))
            ok = expected_err = 0
            for f in files:
                src = (stdlib / f).read_bytes()
                gen_path = out / f
                if f in bad:
                    if f in rejected_by_cpython:
                        expected_err += 1
                    else:
                        failures.append(f"{mode}: {f}: agc rejects a file "
                                        f"CPython accepts: {bad[f]}")
                    continue
                if not gen_path.exists():
                    failures.append(f"{mode}: {f}: no output and no error")
                    continue
                gen = gen_path.read_bytes()
                if mode == "none":
                    if gen != src:
                        failures.append(f"{mode}: {f}: output differs from input")
                        continue
                    m = json.loads((out / (f + ".map.json")).read_text())
                    n = len(src.splitlines())
                    if m["origin_lines"] != list(range(1, n + 1)):
                        failures.append(f"{mode}: {f}: map is not the identity")
                        continue
                elif mode == "regen":
                    if cpython[f] is None:
                        ok += 1  # nothing to compare with
                        continue
                    if cpython_dump(gen) != cpython[f]:
                        failures.append(f"{mode}: {f}: ast.dump differs")
                        continue
                elif f not in rejected_by_cpython:
                    try:
                        with warnings.catch_warnings():
                            warnings.simplefilter("ignore")
                            compile(gen, f, "exec")
                            src_tree = ast.parse(src)
                            gen_tree = ast.parse(gen)
                    except SyntaxError as e:
                        failures.append(f"{mode}: {f}: output does not compile: {e}")
                        continue
                    c, l, i, problem = account(src_tree, gen_tree,
                                               left_by_file.get(f, set()))
                    if problem:
                        failures.append(f"{mode}: {f}: {problem}")
                        continue
                    if any(is_twin(n) for n in ast.walk(gen_tree)) and (
                            ast.dump(without_twins(gen_tree)) !=
                            ast.dump(src_tree)):
                        failures.append(f"{mode}: {f}: the eager originals "
                                        f"are not the input's code")
                        continue
                    functions["converted"] += c
                    functions["left with a note"] += l
                    functions["inside a left function"] += i
                ok += 1
            counts[mode] = (ok, expected_err)

    rewritten = f" (copies rewritten: {args.rewrite})" if args.rewrite else ""
    print(f"stdlib: {len(files)} files under {args.stdlib}{rewritten}; "
          f"{len(rejected_by_cpython)} rejected by CPython itself")
    for mode, (ok, expected_err) in counts.items():
        print(f"  {mode:8s} {ok} ok, {expected_err} rejected as CPython does")
    if "default" in counts:
        print("  functions (default pipeline): " +
              ", ".join(f"{n} {what}" for what, n in functions.items()))
    for f in failures[: (None if args.verbose else 40)]:
        print("FAIL " + f)
    if len(failures) > 40 and not args.verbose:
        print(f"... {len(failures) - 40} more failures (--verbose)")
    total = sum(ok + e for ok, e in counts.values())
    print(f"stdlib_roundtrip: {total} passed, {len(failures)} failed")
    return 1 if failures or len(counts) < 3 else 0


if __name__ == "__main__":
    sys.exit(main())
