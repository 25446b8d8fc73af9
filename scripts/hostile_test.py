#!/usr/bin/env python3
"""Hostile and huge inputs: agc either converts them or stops with one clear
AGC0xx error (path:line:col, exit 1) and writes nothing. Never a crash, a
stack overflow, a hang (every run has a timeout) or a partial output.

The inputs are generated into a temp dir at test time (nothing big is checked
in). Run: hostile_test.py --agc build/agc [--rss]
  --rss  also print the peak RSS of the 50 MB conversion (/usr/bin/time -v).
"""
import argparse
import json
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path

AGC = None
TIMEOUT = 300  # seconds per agc run: generous for sanitizer builds

# A function the default pipeline really converts (if/while/for/and/return).
BODY = (b"def f%d(x, n):\n"
        b"    s = 0\n"
        b"    for i in range(n):\n"
        b"        if i %% 2 == 0 and x > 0:\n"
        b"            s += i\n"
        b"        else:\n"
        b"            s -= 1\n"
        b"    while s > 10:\n"
        b"        s = s // 2\n"
        b"    return s if s else x\n\n\n")


def python_lines(data: bytes) -> int:
    """Lines as Python's tokenizer ends them: LF, CRLF or a lone CR."""
    ends = len(re.findall(rb"\r\n|\r|\n", data))
    return ends + (1 if data and data[-1:] not in (b"\n", b"\r") else 0)


def run_agc(*args, cwd=None, stdin=None):
    """Runs agc; returns (CompletedProcess, peak RSS of the child in KiB)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.monotonic()
    p = subprocess.run([AGC, *args], cwd=cwd, input=stdin,
                       capture_output=True, timeout=TIMEOUT)
    p.seconds = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    # ru_maxrss of children is the max over all waited-for children, so this is
    # a lower bound unless this child set a new maximum; --rss measures exactly.
    p.rss_kib = after if after > before else None
    return p


class Hostile(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.dir = Path(self._tmp.name)

    def tearDown(self):
        self._tmp.cleanup()

    def write(self, name, data: bytes):
        p = self.dir / name
        p.write_bytes(data)
        return p

    def listing(self):
        return sorted(str(p.relative_to(self.dir)) for p in self.dir.rglob("*"))

    def assert_not_crashed(self, p):
        err = p.stderr.decode(errors="replace")
        self.assertGreaterEqual(p.returncode, 0,
                                f"agc killed by signal {-p.returncode}\n{err[-2000:]}")
        self.assertNotIn("AddressSanitizer", err)
        self.assertNotIn("runtime error:", err)  # UBSan
        self.assertNotIn("internal error", err.lower())

    def assert_rejected(self, name, data, pattern, passes=None):
        """Exit 1, exactly one diagnostic matching pattern, nothing written."""
        self.write(name, data)
        args = ["convert", name] + (["--passes", passes] if passes else [])
        p = run_agc(*args, cwd=self.dir)
        self.assert_not_crashed(p)
        err = p.stderr.decode(errors="replace")
        self.assertEqual(p.returncode, 1, err[-2000:])
        lines = err.splitlines()
        self.assertEqual(len(lines), 1, err[-2000:])
        self.assertRegex(lines[0], pattern)
        stem = name[:-3]
        self.assertFalse([n for n in self.listing()  # no output, map or temp
                          if n.startswith(stem + "_") or ".agc-tmp" in n])
        self.assertEqual((self.dir / name).read_bytes(), data)
        return p

    def assert_converted(self, name, data, passes=None):
        """Exit 0, output and map written, output re-parses (passes none: equal)."""
        self.write(name, data)
        args = ["convert", name] + (["--passes", passes] if passes else [])
        p = run_agc(*args, cwd=self.dir)
        self.assert_not_crashed(p)
        err = p.stderr.decode(errors="replace")
        self.assertEqual(p.returncode, 0, err[-2000:])
        stem = name[:-3]
        out = self.dir / f"{stem}_ag.py"
        self.assertEqual([n for n in self.listing() if n.startswith(stem + "_")],
                         sorted([f"{stem}_ag.py", f"{stem}_ag.py.map.json"]))
        self.assertFalse([n for n in self.listing() if ".agc-tmp" in n])
        if passes == "none":
            self.assertEqual(out.read_bytes(), data)
        return p, out

    # --- deep nesting ------------------------------------------------------

    def test_10000_nested_parentheses(self):
        self.assert_rejected(
            "paren.py", b"x = " + b"(" * 10000 + b"1" + b")" * 10000 + b"\n",
            r"^paren\.py:1:\d+: error: too many nested expressions or blocks "
            r"\(limit \d+\) \[AGC005\]$")

    def test_deep_brackets_of_every_kind(self):
        for i, (o, c) in enumerate([(b"[", b"]"), (b"{", b"}"), (b"f(", b")"),
                                    (b"-", b""), (b"not ", b""),
                                    (b"lambda: ", b""), (b"await ", b"")]):
            with self.subTest(opener=o):
                name = f"k{i}.py"
                src = b"x = " + o * 5000 + b"1" + c * 5000 + b"\n"
                if o == b"await ":
                    src = b"async def g():\n    " + src
                self.assert_rejected(name, src, r"^k\d\.py:\d+:\d+: error: .*\[AGC005\]$")
                os.unlink(self.dir / name)

    def test_5000_nested_ifs(self):
        # tree-sitter-python keeps indentation widths in a byte: the first
        # statement indented past 255 columns (level 64 at 4 spaces) is AGC005.
        src = b"".join(b"    " * i + b"if x%d:\n" % i for i in range(5000))
        src += b"    " * 5000 + b"pass\n"
        self.assert_rejected(
            "ifs.py", src,
            r"^ifs\.py:65:257: error: too many nested expressions or blocks "
            r"\(limit 255 columns of indentation\) \[AGC005\]$")

    def test_5000_nested_ifs_one_space(self):
        src = b"".join(b" " * i + b"if x%d:\n" % i for i in range(5000))
        src += b" " * 5000 + b"pass\n"
        self.assert_rejected(
            "ifs1.py", src,
            r"^ifs1\.py:257:257: error: too many nested expressions or blocks "
            r"\(limit 255 columns of indentation\) \[AGC005\]$")

    def test_deep_but_accepted_ifs_through_default_pipeline(self):
        # As deep as the indentation limit allows (one space a level), inside
        # a function so every pass, analysis and the printer walk the depth.
        depth = 250
        src = b"def f(x):\n" + b"".join(
            b" " * (i + 1) + b"if x > %d:\n" % i for i in range(depth))
        src += b" " * (depth + 1) + b"x = x + 1\n" + b" return x\n"
        self.assert_converted("deepif.py", src)
        # The same with elif chains and loops mixed in.
        src = b"def g(x):\n" + b"".join(
            b" " * (i + 1) + (b"while x > %d:\n" if i % 3 == 0 else
                              b"for i%d in x:\n" if i % 3 == 1 else
                              b"if x > %d:\n") % i for i in range(depth))
        src += b" " * (depth + 1) + b"break\n" + b" return x\n"
        self.assert_converted("deeploop.py", src)
        src = b"def h(x):\n" + b"".join(
            b" if x == %d:\n  return %d\n elif x > %d:\n  x = 1\n" % (i, i, i)
            for i in range(300)) + b" return x\n"
        self.assert_converted("ifchain.py", src)

    def test_deep_but_accepted_expressions_through_default_pipeline(self):
        depth = 300  # (lambda: ...)() is three levels a step
        for i, (o, c) in enumerate([(b"(", b")"), (b"(x if ", b" else 0)"),
                                    (b"(x and ", b")"), (b"[", b"]"),
                                    (b"(lambda: ", b")()"), (b"not ", b"")]):
            with self.subTest(opener=o):
                src = (b"def f(x):\n    return " + o * depth + b"x" +
                       c * depth + b"\n")
                self.assert_converted(f"e{i}.py", src)
                for n in self.listing():
                    os.unlink(self.dir / n)

    def test_long_flat_chains(self):
        # Left-deep trees that are not "nesting" in the source: 100,000
        # operators, attribute, subscript and call chains, elif chains.
        n = 100_000
        cases = {
            "plus": b"x = " + b" + ".join([b"a"] * n) + b"\n",
            "and": b"x = " + b" and ".join([b"a"] * n) + b"\n",
            "cmp": b"x = " + b" < ".join([b"a"] * n) + b"\n",
            "attr": b"x = a" + b".b" * n + b"\n",
            "subscript": b"x = a" + b"[0]" * n + b"\n",
            "call": b"x = f" + b"()" * n + b"\n",
            "strings": b"x = " + b" ".join([b"'s'"] * n) + b"\n",
            "elif": b"if a:\n    pass\n" + b"elif a:\n    pass\n" * 20_000 + b"else:\n    pass\n",
        }
        for name, src in cases.items():
            with self.subTest(case=name):
                fn = f"{name}.py"
                self.write(fn, src)
                for passes in ("none", None):
                    body = src if passes == "none" else (
                        b"def g(a, f):\n" + b"".join(
                            b"    " + l + b"\n" for l in src.splitlines()) +
                        b"    return x\n")
                    self.write(fn, body)
                    p = run_agc("convert", fn, *(["--passes", passes] if passes else []),
                                cwd=self.dir)
                    self.assert_not_crashed(p)
                    err = p.stderr.decode(errors="replace")
                    if p.returncode == 0:
                        self.assertTrue((self.dir / f"{name}_ag.py").exists())
                        if passes == "none":
                            self.assertEqual((self.dir / f"{name}_ag.py").read_bytes(), src)
                    else:
                        # A limit may apply; then it is one clear AGC005.
                        self.assertEqual(p.returncode, 1, err[-2000:])
                        self.assertRegex(err, r"^[a-z]+\.py:\d+:\d+: error: .*\[AGC005\]\n$")
                        self.assertEqual(self.listing(), [fn])
                for n in self.listing():
                    os.unlink(self.dir / n)

    # --- size --------------------------------------------------------------

    def test_100000_statement_function(self):
        src = b"def f(x):\n" + b"".join(
            b"    x = x + %d\n" % i for i in range(100_000)) + b"    return x\n"
        p, out = self.assert_converted("big_fn.py", src)
        self.assertIn(b"x = x + 99999", out.read_bytes())
        p, out = self.assert_converted("big_fn2.py", src, passes="none")

    def test_1mb_single_line(self):
        items = b", ".join(b"%d" % i for i in range(150_000))
        src = b"x = [" + items + b"]\n"
        self.assertGreater(len(src), 1_000_000)
        self.assert_converted("line.py", src, passes="none")
        src2 = b"def f(y):\n    return [" + items + b"] if y else y\n"
        self.assert_converted("line2.py", src2)

    def test_50mb_file(self):
        # A sanitizer build (scripts/sanitize.sh sets AGC_SANITIZED) needs
        # several times the 7 GiB a normal build takes here: 5 MB there.
        mb = 5 if os.environ.get("AGC_SANITIZED") else 50
        chunks, size, i = [], 0, 0
        while size < mb * 1024 * 1024:
            c = BODY % i
            chunks.append(c)
            size += len(c)
            i += 1
        src = b"".join(chunks)
        p, out = self.assert_converted("huge.py", src)
        data = out.read_bytes()
        self.assertIn(b"def f%d(" % (i - 1), data)
        self.assertIn(b"ag__.for_stmt", data)
        if ARGS.rss:
            os.unlink(out)
            t = subprocess.run(["/usr/bin/time", "-v", AGC, "convert", "huge.py"],
                               cwd=self.dir, capture_output=True, timeout=TIMEOUT)
            m = re.search(rb"Maximum resident set size \(kbytes\): (\d+)", t.stderr)
            el = re.search(rb"Elapsed \(wall clock\) time.*: (\S+)", t.stderr)
            nl = src.count(b"\n")
            print(f"\n50 MB file ({len(src)} bytes, {nl} lines): "
                  f"peak RSS {int(m.group(1)) / 1024:.0f} MiB, "
                  f"wall {el.group(1).decode()}", file=sys.stderr)

    # --- junk --------------------------------------------------------------

    def test_binary_junk(self):
        rnd = random.Random(9)
        for i in range(8):
            with self.subTest(seed=i):
                n = 1 << (10 + 2 * i % 11)
                data = bytes(rnd.randrange(256) for _ in range(n))
                name = f"junk{i}.py"
                self.write(name, data)
                p = run_agc("convert", name, cwd=self.dir)
                self.assert_not_crashed(p)
                self.assertEqual(p.returncode, 1, p.stderr[-2000:])
                self.assertRegex(p.stderr.decode(errors="replace").splitlines()[0],
                                 r"^junk\d\.py:\d+:\d+: error: .*\[AGC0\d\d\]$")
                self.assertEqual(self.listing(), [name])
                os.unlink(self.dir / name)

    def test_printable_junk(self):
        # Valid UTF-8 made of Python punctuation and keywords: reaches the parser.
        rnd = random.Random(11)
        toks = ["(", ")", "[", "]", "{", "}", ":", "\n", "    ", "if ", "else",
                "def ", "x", "1", "=", ",", "lambda", "for ", " in ", "'", '"',
                "\\", "#", "@", "*", "**", "yield", "return", "class ", "."]
        for i in range(20):
            with self.subTest(seed=i):
                data = "".join(rnd.choice(toks) for _ in range(5000)).encode()
                name = f"pj{i}.py"
                self.write(name, data)
                p = run_agc("convert", name, cwd=self.dir)
                self.assert_not_crashed(p)
                self.assertIn(p.returncode, (0, 1), p.stderr[-2000:])
                if p.returncode == 1:
                    self.assertEqual(self.listing(), [name])
                for n in self.listing():
                    os.unlink(self.dir / n)

    def test_invalid_utf8_deep_in_a_big_file(self):
        src = b"x = 1\n" * 200_000 + b"s = 'ok \xc3\x28'\n"
        self.assert_rejected(
            "u.py", src,
            r"^u\.py:200001:9: error: file is not valid UTF-8 \(invalid byte 0xc3\) \[AGC002\]$")

    def test_truncated_and_overlong_utf8(self):
        for i, bad in enumerate([b"\xe2\x82", b"\xc0\xaf", b"\xed\xa0\x80",
                                 b"\xf4\x90\x80\x80", b"\x80"]):
            with self.subTest(bad=bad):
                name = f"b{i}.py"
                self.assert_rejected(
                    name, b"a = 1\ns = '" + bad + b"'\n",
                    r"^b\d\.py:2:6: error: file is not valid UTF-8 .*\[AGC002\]$")
                os.unlink(self.dir / name)
                # In a comment, as compile() and import take it: kept as is.
                src = b"a = 1\n# " + bad + b"\ndef f(x):\n    return x  # " + \
                    bad + b"\n"
                compile(src, name, "exec")
                self.write(name, src)
                p = run_agc("convert", name, "-o", "out.py", cwd=self.dir)
                self.assert_not_crashed(p)
                self.assertEqual(p.returncode, 0, p.stderr)
                out = (self.dir / "out.py").read_bytes()
                self.assertIn(b"# " + bad + b"\n", out)
                compile(out, "out.py", "exec")
                for n in self.listing():
                    os.unlink(self.dir / n)

    def test_nul_byte_in_the_middle(self):
        src = b"def f(x):\n    return x\n" * 1000 + b"y = 'a\0b'\n"
        self.assert_rejected(
            "z.py", src,
            r"^z\.py:2001:\d+: error: source code cannot contain null bytes \[AGC003\]$")

    def test_stdin_hostile_writes_nothing_to_stdout(self):
        p = run_agc("convert", "-", stdin=b"x = " + b"(" * 10000 + b"\n")
        self.assert_not_crashed(p)
        self.assertEqual(p.returncode, 1)
        self.assertEqual(p.stdout, b"")
        self.assertRegex(p.stderr.decode(), r"^<stdin>:1:\d+: error: .*\[AGC00\d\]\n$")


    # --- regression inputs -------------------------------------------------

    def test_replay_fuzz_regressions(self):
        """Every file of testdata/fuzz/: converted, or one clear AGC0xx error
        with nothing written; --passes none copies it exactly; lint finishes.
        Some also have a known outcome (EXPECT)."""
        root = Path(__file__).resolve().parent.parent / "testdata" / "fuzz"
        files = sorted(f for f in root.iterdir() if f.is_file())
        self.assertTrue(files)
        for f in files:
            with self.subTest(file=f.name):
                data = f.read_bytes()
                name = "case.py"
                self.write(name, data)
                p = run_agc("convert", name, cwd=self.dir)
                self.assert_not_crashed(p)
                err = p.stderr.decode(errors="replace")
                self.assertIn(p.returncode, (0, 1), err[-2000:])
                if p.returncode == 1:
                    self.assertRegex(err, r"^case\.py:\d+:\d+: error: .*\[AGC0\d\d\]\n$")
                    self.assertEqual(self.listing(), [name])
                else:
                    out = (self.dir / "case_ag.py").read_bytes()
                    self.assertLess(len(out), 100 * len(data) + 100_000)
                    # One map entry per output line, lines ended as Python
                    # ends them (a lone CR too).
                    m = json.loads((self.dir / "case_ag.py.map.json")
                                   .read_text())
                    self.assertEqual(len(m["origin_lines"]),
                                     python_lines(out))
                want = EXPECT.get(f.name)
                if want is not None:
                    self.assertEqual(p.returncode, want[0], err)
                    if want[1]:
                        self.assertRegex(err, want[1])
                for n in self.listing():
                    os.unlink(self.dir / n)
                self.write(name, data)
                p = run_agc("convert", name, "--passes", "none", cwd=self.dir)
                self.assert_not_crashed(p)
                if p.returncode == 0:
                    self.assertEqual((self.dir / "case_ag.py").read_bytes(), data)
                for n in self.listing():
                    os.unlink(self.dir / n)
                # Lint reads the same file: findings (1) or none (0), never
                # a crash or a usage error, and nothing written.
                self.write(name, data)
                p = run_agc("lint", "--isolated", name, cwd=self.dir)
                self.assert_not_crashed(p)
                self.assertIn(p.returncode, (0, 1), p.stderr[-2000:])
                self.assertEqual(self.listing(), [name])
                os.unlink(self.dir / name)


    def test_replay_remap_fuzz_regressions(self):
        """Every file of testdata/fuzz/remap/ through `agc remap` (stdin):
        exit 0, never a crash."""
        root = (Path(__file__).resolve().parent.parent / "testdata" / "fuzz"
                / "remap")
        files = sorted(root.iterdir())
        self.assertTrue(files)
        for f in files:
            with self.subTest(file=f.name):
                p = run_agc("remap", cwd=self.dir, stdin=f.read_bytes())
                self.assert_not_crashed(p)
                self.assertEqual(p.returncode, 0, p.stderr[-2000:])


# testdata/fuzz/ files with a known outcome: (exit code, stderr pattern).
EXPECT = {
    "nested_conditional_tests.py": (0, None),
    "long_and_chain.py": (1, r"^case\.py:5:12: error: too many nested .*\[AGC005\]"),
    "deep_indentation.py": (
        1, r"^case\.py:7:301: error: .*\(limit 255 columns of indentation\) \[AGC005\]"),
    "long_or_chain_ok.py": (0, None),
}

ARGS = None

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--agc", required=True)
    ap.add_argument("--rss", action="store_true")
    ARGS, rest = ap.parse_known_args()
    AGC = os.path.abspath(ARGS.agc)
    unittest.main(argv=[sys.argv[0], *rest], verbosity=2)
