#!/usr/bin/env python3
"""Compares agc's AST with CPython's, node for node, origins included.

For each file CPython parses, prints CPython's `ast` in the format of
`agc dump --origins` (field lists read from lib/ast/node_kinds.def, Constant
and JoinedStr texts rebuilt from the source's tokens) and compares it with
what agc prints. Helper nodes CPython gives no position (arguments,
comprehension, withitem, match_case) are compared without one.

  compare_ast.py --agc build/agc [FILE_OR_DIR...]   (default: the stdlib)

Prints the counts; exits 1 on any difference, or when agc rejects a file that
CPython compiles.
"""
import argparse
import ast
import difflib
import io
import os
import re
import subprocess
import sys
import sysconfig
import tokenize
import warnings
from pathlib import Path

DEF = Path(__file__).resolve().parent.parent / "lib" / "ast" / "node_kinds.def"
FIELDS = {}
cur = None
for line in open(DEF):
    line = line.strip()
    m = re.match(r'AGC_NODE_BEGIN\((\w+), (\w+), "(\w+)"\)', line)
    if m:
        cur = m.group(3)
        FIELDS[cur] = []
        continue
    m = re.match(r'AGC_(CHILD|OPT|LIST|OPT_LIST|IDENT|OPT_IDENT|IDENT_LIST|ATTR)\((.*)\)', line)
    if m and cur:
        args = [a.strip() for a in m.group(2).split(',')]
        kind = m.group(1)
        if kind in ('IDENT', 'OPT_IDENT', 'IDENT_LIST'):
            FIELDS[cur].append((args[0], kind, None))
        else:
            FIELDS[cur].append((args[1], kind, args[0]))

NOPOS = {'arguments', 'comprehension', 'withitem', 'match_case'}

def quoted(s):
    return "'" + s.replace('\\', '\\\\').replace("'", "\\'").replace('\n', '\\n') + "'"

class D:
    def __init__(self, src, origins):
        self.origins = origins
        if src.startswith(b'\xef\xbb\xbf'):
            src = src[3:]
        self.src = src
        self.lines = src.splitlines(keepends=True)
        self.text = src.decode('utf-8')

    def col(self, lineno, off):
        return len(self.lines[lineno - 1][:off].decode('utf-8', 'replace')) + 1

    def seg(self, n):
        l0, c0, l1, c1 = n.lineno, n.col_offset, n.end_lineno, n.end_col_offset
        if l0 == l1:
            return self.lines[l0 - 1][c0:c1].decode('utf-8')
        parts = [self.lines[l0 - 1][c0:]] + self.lines[l0:l1 - 1] + [self.lines[l1 - 1][:c1]]
        return b''.join(parts).decode('utf-8')

    def strtext(self, n):
        # The string parts as written, joined with one space. From Python
        # 3.12 an f-string is FSTRING_START ... FSTRING_END (nested ones
        # inside), not one STRING token: its text is the source between.
        s = '(' + self.seg(n) + ')'
        lines = s.splitlines(keepends=True)
        offsets = [0]
        for line in lines:
            offsets.append(offsets[-1] + len(line))
        at = lambda pos: offsets[pos[0] - 1] + pos[1]
        fstart = getattr(tokenize, 'FSTRING_START', None)
        fend = getattr(tokenize, 'FSTRING_END', None)
        toks = []
        depth = 0
        begin = 0
        try:
            for t in tokenize.generate_tokens(io.StringIO(s).readline):
                if fstart is not None and t.type == fstart:
                    if depth == 0:
                        begin = at(t.start)
                    depth += 1
                elif fend is not None and t.type == fend:
                    depth -= 1
                    if depth == 0:
                        toks.append(s[begin:at(t.end)])
                elif t.type == tokenize.STRING and depth == 0:
                    toks.append(t.string)
        except Exception as e:
            return '<TOKENIZE ERROR %s>' % e
        return ' '.join(toks)

    def const_kind(self, v):
        if v is None: return 'None'
        if v is True: return 'True'
        if v is False: return 'False'
        if v is Ellipsis: return 'Ellipsis'
        return type(v).__name__

    def fvalues(self, js, out):
        for v in js.values:
            if isinstance(v, ast.FormattedValue):
                out.append(v.value)
                if v.format_spec is not None:
                    self.fvalues(v.format_spec, out)
        return out

    def head(self, name, n):
        s = name
        if self.origins:
            if name in NOPOS or not hasattr(n, 'lineno'):
                pass
            else:
                s += '@%d:%d' % (n.lineno, self.col(n.lineno, n.col_offset))
        return s + '('

    def node(self, n, depth, override=None):
        name = type(n).__name__
        out = self.head(name, n)
        first = True
        for fname, kind, typ in FIELDS[name]:
            if fname == 'type_params' and not getattr(n, fname, None):
                continue  # agc's dump leaves out an empty list
            out += '\n' if first else ',\n'
            first = False
            out += '  ' * (depth + 1) + fname + '='
            out += self.value(n, name, fname, kind, typ, depth + 1)
        return out + ')'

    def value(self, n, name, fname, kind, typ, depth):
        if name == 'Constant':
            if fname == 'value_kind': return self.const_kind(n.value)
            if fname == 'text':
                if isinstance(n.value, (str, bytes)):
                    return quoted(self.strtext(n))
                return quoted(self.seg(n))
        if name == 'JoinedStr':
            if fname == 'text': return quoted(self.strtext(n))
            if fname == 'values': return self.lst(self.fvalues(n, []), depth)
        if name == 'MatchSingleton' and fname == 'value':
            s = self.head('Constant', n)
            s += '\n' + '  ' * (depth + 1) + 'value_kind=' + self.const_kind(n.value)
            s += ',\n' + '  ' * (depth + 1) + 'text=' + quoted(repr(n.value)) + ')'
            return s
        v = getattr(n, fname, None)  # default_value is new in 3.13
        if kind in ('CHILD', 'OPT'):
            return 'None' if v is None else self.node(v, depth)
        if kind in ('LIST', 'OPT_LIST'):
            return self.lst(v, depth)
        if kind in ('IDENT', 'OPT_IDENT'):
            return 'None' if v is None or v == '' else quoted(v)
        if kind == 'IDENT_LIST':
            return '[' + ', '.join(quoted(x) for x in v) + ']'
        if kind == 'ATTR':
            if typ == 'bool': return 'True' if v else 'False'
            if typ == 'int32_t': return str(v or 0)
            if typ == 'std::vector<CmpOpKind>':
                return '[' + ', '.join(type(o).__name__ + '()' for o in v) + ']'
            return type(v).__name__ + '()'
        raise Exception('field %s.%s' % (name, fname))

    def lst(self, items, depth):
        if not items: return '[]'
        s = '[\n'
        for i, it in enumerate(items):
            s += '  ' * (depth + 1) + ('None' if it is None else self.node(it, depth + 1))
            s += ',\n' if i + 1 < len(items) else ']'
        return s

    def module(self, tree):
        return 'Module(\n  body=' + self.lst(tree.body, 1) + ')'


MASK = re.compile(r'\b(arguments|comprehension|withitem|match_case)@\d+:\d+\(')


def cpython_dump(data):
    """CPython's dump in agc's format, or None if CPython rejects the file."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(data)
            compile(data, "<file>", "exec")
        data.decode("utf-8")
    except (SyntaxError, ValueError):
        return None
    try:
        return D(data, True).module(tree)
    except RecursionError:
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agc", required=True)
    ap.add_argument("paths", nargs="*")
    ap.add_argument("--target-version",
                    default="py3%d" % min(max(sys.version_info[1], 11), 13),
                    help="agc's --target-version (default: this "
                         "interpreter's, %(default)s)")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    paths = args.paths or [sysconfig.get_paths()["stdlib"]]
    files = []
    for p in map(Path, paths):
        if p.is_dir():
            files += sorted(f for f in p.rglob("*.py")
                            if "site-packages" not in f.parts)
        else:
            files.append(p)
    sys.setrecursionlimit(10000)
    same = skipped = 0
    failures = []
    for f in files:
        data = f.read_bytes()
        want = cpython_dump(data)
        if want is None:
            skipped += 1  # CPython rejects it, or it is not UTF-8
            continue
        proc = subprocess.run([args.agc, "dump", "--origins",
                               "--target-version", args.target_version,
                               str(f)],
                              capture_output=True, timeout=120)
        if proc.returncode != 0:
            failures.append(f"{f}: agc rejects it: "
                            + proc.stderr.decode(errors="replace").strip())
            continue
        got = MASK.sub(r"\1(", proc.stdout.decode().rstrip("\n"))
        if got == want:
            same += 1
            continue
        diff = difflib.unified_diff(want.splitlines(), got.splitlines(),
                                    "cpython", "agc", lineterm="", n=2)
        failures.append(f"{f}: AST differs\n  " + "\n  ".join(list(diff)[:30]))
    for msg in failures[: None if args.verbose else 20]:
        print("FAIL " + msg)
    print(f"compare_ast: {same} passed, {len(failures)} failed "
          f"({skipped} files CPython rejects skipped)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
