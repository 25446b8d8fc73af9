#!/usr/bin/env python3
"""Checks of `agc lint` and `agc explain`.

- Per rule: testdata/lint/AGCnnn/fixture.py marks each expected finding of
  that rule with a trailing `# expect: AGCnnn` comment; the lines agc reports
  for the rule must be exactly the marked ones (at least 4 hits, and clean
  look-alikes that must stay silent). Its full text output is golden
  (expected.txt). The files are not named input.py, which the golden
  runner (scripts/golden.py) would take for conversion cases.
- Formats: testdata/lint/formats/example.py rendered in every output format is
  golden (output.<format>); the SARIF output has the fields SARIF 2.1.0
  requires; every GitHub line is a well-formed workflow command; syntax
  errors appear in every format.
- The command line: exit codes, select/ignore, configuration, exclusion,
  suppressions, -j, stdin, explain for every code.

Run: lint_test.py --agc build/agc [--update]  (--update rewrites goldens)
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINT = ROOT / "testdata" / "lint"
AGC = None
UPDATE = False
FORMATS = {"text": "txt", "concise": "concise.txt", "json": "json",
           "sarif": "sarif", "github": "github.txt"}


def agc(*args, cwd=None, stdin=None):
    return subprocess.run([AGC, *args], cwd=cwd, input=stdin,
                          capture_output=True, timeout=300)


def golden(test, path: Path, actual: str):
    if UPDATE:
        path.write_text(actual)
        return
    test.assertTrue(path.exists(), f"{path} missing: run with --update")
    test.assertEqual(actual, path.read_text(), f"golden {path} differs")


def rule_dirs():
    return sorted(p for p in LINT.iterdir()
                  if p.is_dir() and re.fullmatch(r"AGC\d{3}", p.name))


class Rules(unittest.TestCase):
    def test_every_rule_has_a_fixture(self):
        codes = [d.name for d in rule_dirs()]
        p = agc("lint", "--isolated", "--output-format", "sarif",
                "--exit-zero", str(LINT / "formats" / "example.py"))
        rules = json.loads(p.stdout)["runs"][0]["tool"]["driver"]["rules"]
        lint_codes = [r["id"] for r in rules if r["id"] >= "AGC300"]
        self.assertEqual(sorted(lint_codes), codes)

    def test_fixtures(self):
        for d in rule_dirs():
            with self.subTest(rule=d.name):
                src = (d / "fixture.py").read_text()
                expected = set()
                for n, line in enumerate(src.splitlines(), 1):
                    m = re.search(r"# expect: ((?:AGC\d{3}(?:, )?)+)$", line)
                    if m and d.name in m.group(1).split(", "):
                        expected.add(n)
                self.assertGreaterEqual(len(expected), 4, "need 4 true cases")
                self.assertIn("# Clean look-alikes.", src)
                # At least 4 functions after the marker (false cases).
                clean = src.split("# Clean look-alikes.", 1)[1]
                self.assertGreaterEqual(
                    len(re.findall(r"^\s*def |^\S", clean, re.M)), 4)
                p = agc("lint", "--isolated", "--assume-staged",
                        "--output-format", "json", "fixture.py", cwd=d)
                self.assertIn(p.returncode, (0, 1), p.stderr)
                found = json.loads(p.stdout)
                got = {f["line"] for f in found if f["code"] == d.name}
                self.assertEqual(sorted(got), sorted(expected),
                                 f"{d.name}: reported vs marked lines")
                t = agc("lint", "--isolated", "--assume-staged", "fixture.py",
                        cwd=d)
                self.assertEqual(t.returncode, 1 if found else 0)
                golden(self, d / "expected.txt", t.stdout.decode())


class Evidence(unittest.TestCase):
    """testdata/lint/evidence: the staging rules report by default only what
    has evidence of a tensor (`# expect:`), and with --assume-staged the
    unknown values too (`# assumed:`)."""
    DIR = LINT / "evidence"
    GATED = {"AGC301", "AGC302", "AGC303", "AGC304", "AGC306", "AGC307",
             "AGC308", "AGC309", "AGC310",
             "AGC312", "AGC313", "AGC315", "AGC316"}

    def marks(self, kind):
        out = set()
        src = (self.DIR / "fixture.py").read_text()
        for n, line in enumerate(src.splitlines(), 1):
            m = re.search(rf"# {kind}: ((?:AGC\d{{3}}(?:, )?)+)$", line)
            if m:
                out |= {(n, c) for c in m.group(1).split(", ")}
        return out

    def found(self, *flags):
        p = agc("lint", "--isolated", *flags, "--output-format", "json",
                "fixture.py", cwd=self.DIR)
        self.assertEqual(p.returncode, 1, p.stderr)
        return {(f["line"], f["code"]) for f in json.loads(p.stdout)}

    def test_default_reports_only_evidence(self):
        expect = self.marks("expect")
        self.assertEqual(self.GATED, {c for _, c in expect},
                         "every gated rule has a case with evidence")
        self.assertEqual(sorted(self.found()), sorted(expect))
        t = agc("lint", "--isolated", "fixture.py", cwd=self.DIR)
        golden(self, self.DIR / "expected.txt", t.stdout.decode())

    def test_assume_staged_reports_unknowns(self):
        expect, assumed = self.marks("expect"), self.marks("assumed")
        self.assertGreaterEqual(len(assumed), 4)
        self.assertEqual(sorted(self.found("--assume-staged")),
                         sorted(expect | assumed))

    def test_config_key_and_flag(self):
        with tempfile.TemporaryDirectory() as tmp:
            d = Path(tmp)
            (d / "fixture.py").write_text(
                (self.DIR / "fixture.py").read_text())
            (d / "pyproject.toml").write_text(
                "[tool.agc]\nassume-staged = true\n")
            p = agc("lint", "--output-format", "json", "fixture.py", cwd=d)
            got = {(f["line"], f["code"]) for f in json.loads(p.stdout)}
            self.assertEqual(got, self.marks("expect") | self.marks("assumed"))
            (d / "pyproject.toml").write_text(
                "[tool.agc]\nassume-staged = 1\n")
            p = agc("lint", "fixture.py", cwd=d)
            self.assertEqual(p.returncode, 2)
            self.assertIn(b"assume-staged must be true or false", p.stderr)


class Formats(unittest.TestCase):
    DIR = LINT / "formats"

    def run_format(self, fmt, *files):
        p = agc("lint", "--isolated", "--output-format", fmt,
                *(files or ("example.py",)), cwd=self.DIR)
        self.assertEqual(p.returncode, 1, p.stderr)
        self.assertEqual(p.stderr, b"")
        return p.stdout.decode()

    def test_goldens(self):
        for fmt, ext in FORMATS.items():
            with self.subTest(format=fmt):
                golden(self, self.DIR / f"output.{ext}", self.run_format(fmt))

    def test_sarif_required_fields(self):
        s = json.loads(self.run_format("sarif"))
        self.assertEqual(s["version"], "2.1.0")
        self.assertIn("sarif", s["$schema"])
        self.assertEqual(len(s["runs"]), 1)
        run = s["runs"][0]
        driver = run["tool"]["driver"]
        self.assertEqual(driver["name"], "agc")
        ids = [r["id"] for r in driver["rules"]]
        self.assertEqual(len(ids), len(set(ids)))
        self.assertTrue(run["results"])
        for r in run["results"]:
            self.assertIsInstance(r["message"]["text"], str)
            self.assertTrue(r["message"]["text"])
            self.assertIn(r["level"], ("error", "warning", "note", "none"))
            self.assertEqual(ids[r["ruleIndex"]], r["ruleId"])
            loc = r["locations"][0]["physicalLocation"]
            self.assertEqual(loc["artifactLocation"]["uri"], "example.py")
            self.assertGreaterEqual(loc["region"]["startLine"], 1)
            self.assertGreaterEqual(loc["region"]["startColumn"], 1)

    def test_github_annotation_syntax(self):
        out = self.run_format("github")
        pattern = re.compile(
            r"^::(error|warning|notice) "
            r"file=[^,:]+,line=\d+,col=\d+,title=AGC\d{3} [A-Za-z0-9]+"
            r"::[^\r\n]+$")
        lines = out.splitlines()
        self.assertTrue(lines)
        for line in lines:
            self.assertRegex(line, pattern)
        # Properties escape ',' and ':'; data escapes '%' and newlines.
        d = Path(tempfile.mkdtemp())
        (d / "a,b:c%.py").write_text("def f(x: tf.Tensor):\n    if x:\n        y = 1\n"
                                     "    return y\n")
        p = agc("lint", "--isolated", "--output-format", "github",
                "a,b:c%.py", cwd=d)
        self.assertIn("file=a%2Cb%3Ac%25.py,", p.stdout.decode())

    def test_syntax_errors_in_every_format(self):
        for fmt in FORMATS:
            with self.subTest(format=fmt):
                out = self.run_format(fmt, "syntax_error.py")
                # `def f(x:`: CPython's "'(' was never closed".
                self.assertIn("AGC006" if fmt != "text" else "[AGC006]", out)
                if fmt != "sarif":
                    self.assertIn("'(' was never closed", out)

    def test_text_caret_under_column(self):
        out = self.run_format("text")
        lines = out.splitlines()
        for i, line in enumerate(lines):
            m = re.match(r"example\.py:(\d+):(\d+): ", line)
            if m:
                col = int(m.group(2))
                caret = lines[i + 2]
                self.assertEqual(caret.rstrip()[-1], "^")
                self.assertEqual(len(caret) - 1, col - 1, line)


class Cli(unittest.TestCase):
    BAD = "def f(x: tf.Tensor):\n    if x:\n        y = 1\n    return y\n"
    GOOD = "def f(x):\n    return x\n"

    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.dir = Path(self._tmp.name)

    def tearDown(self):
        self._tmp.cleanup()

    def write(self, name, text):
        p = self.dir / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
        return p

    def lint(self, *args):
        p = agc("lint", "--output-format", "concise", *args, cwd=self.dir)
        return p.returncode, p.stdout.decode(), p.stderr.decode()

    def test_exit_codes(self):
        self.write("good.py", self.GOOD)
        self.write("bad.py", self.BAD)
        self.assertEqual(self.lint("good.py"), (0, "", ""))
        code, out, _ = self.lint("bad.py")
        self.assertEqual(code, 1)
        self.assertEqual(out, "bad.py:4:12: error: 'y' may be undefined "
                         "here: it is bound only in some branches of the "
                         "'if' at line 2; staged, it must be bound on every "
                         "path [AGC301]\n")
        self.assertEqual(self.lint("--exit-zero", "bad.py")[0], 0)
        code, out, _ = self.lint("missing.py")
        self.assertEqual(code, 2)
        self.assertIn("[AGC010]", out)
        code, _, err = self.lint("--select", "AGC9", "bad.py")
        self.assertEqual(code, 2)
        self.assertIn("[AGC016]", err)
        self.assertEqual(agc("lint", cwd=self.dir).returncode, 2)

    def test_select_and_ignore(self):
        self.write("m.py", self.BAD + "\n\ndef g(x: tf.Tensor):\n    global q\n"
                   "    if x:\n        q = 1\n")
        _, out, _ = self.lint("m.py")
        self.assertIn("AGC301", out)
        self.assertIn("AGC310", out)
        _, out, _ = self.lint("--select", "AGC301", "m.py")
        self.assertNotIn("AGC310", out)
        self.assertIn("AGC301", out)
        _, out, _ = self.lint("--ignore", "AGC30", "m.py")
        self.assertNotIn("AGC301", out)
        self.assertIn("AGC310", out)
        code, out, _ = self.lint("--select", "AGC310,AGC301", "--ignore",
                                 "AGC3", "m.py")
        self.assertEqual((code, out), (0, ""))
        # One value per flag (repeatable): paths after it stay paths.
        self.write("n.py", self.BAD)
        _, out, _ = self.lint("--select", "AGC301", "--select", "AGC310",
                              "m.py", "n.py")
        self.assertEqual([l.split(":")[0] for l in out.splitlines()],
                         ["m.py", "m.py", "n.py"])

    def test_sorted_by_file_line_column_code_and_jobs(self):
        for name in ("b.py", "a.py", "sub/c.py"):
            self.write(name, self.BAD + "\n\ndef g(x: tf.Tensor):\n"
                       "    global q\n    while x:\n        q = x\n")
        _, out1, _ = self.lint("-j", "1", ".")
        _, out4, _ = self.lint("-j", "4", ".")
        self.assertEqual(out1, out4)
        keys = []
        for line in out1.splitlines():
            path, ln, col, rest = line.split(":", 3)
            keys.append((path, int(ln), int(col), rest[-7:-1]))
        self.assertEqual(keys, sorted(keys))
        self.assertEqual([k[0] for k in keys][::2], ["a.py", "b.py",
                                                     "sub/c.py"])

    def test_folders_gitignore_and_exclude(self):
        self.write("src/a.py", self.BAD)
        self.write("src/gen/b.py", self.BAD)
        self.write("src/skip_me.py", self.BAD)
        self.write("src/notes.txt", self.BAD)
        self.write("src/.venv/c.py", self.BAD)
        self.write("src/build/d.py", self.BAD)
        self.write(".gitignore", "build/\n")
        (self.dir / ".git").mkdir()
        self.write("pyproject.toml",
                   '[tool.agc]\nexclude = ["skip_*.py", "src/gen"]\n')
        _, out, _ = self.lint("src")
        self.assertEqual([l.split(":")[0] for l in out.splitlines()],
                         ["src/a.py"])
        # An explicit file is linted even when excluded.
        _, out, _ = self.lint("src/skip_me.py")
        self.assertIn("src/skip_me.py:4:12", out)
        # --exclude replaces the config's globs.
        _, out, _ = self.lint("--exclude", "src/a.py", "src")
        self.assertEqual(sorted({l.split(":")[0] for l in out.splitlines()}),
                         ["src/gen/b.py", "src/skip_me.py"])
        # --isolated drops the config's excludes (not .gitignore).
        _, out, _ = self.lint("--isolated", "src")
        self.assertEqual(sorted({l.split(":")[0] for l in out.splitlines()}),
                         ["src/a.py", "src/gen/b.py", "src/skip_me.py"])

    def test_config_nearest_pyproject_and_flags_win(self):
        self.write("pyproject.toml", '[tool.agc]\nignore = ["AGC301"]\n')
        self.write("a.py", self.BAD)
        self.write("sub/pyproject.toml",
                   '[tool.agc]\nselect = ["AGC301"]\n'
                   '[tool.agc.severity]\nAGC301 = "warning"\n')
        self.write("sub/b.py", self.BAD)
        code, out, _ = self.lint(".")
        self.assertEqual(code, 1)
        self.assertEqual([l.split(":")[0] for l in out.splitlines()],
                         ["sub/b.py"])
        self.assertIn(": warning: ", out)
        # Flags win over the file.
        _, out, _ = self.lint("--ignore", "AGC310", "a.py")
        self.assertIn("a.py:4:12: error:", out)
        # --config: one file for everything.
        self.write("other.toml", '[tool.agc]\nignore = ["AGC3"]\n')
        self.assertEqual(self.lint("--config", "other.toml", ".")[:2], (0, ""))
        # --isolated: no files.
        _, out, _ = self.lint("--isolated", "a.py")
        self.assertIn("a.py:4:12: error:", out)

    def test_per_file_ignores(self):
        self.write("pyproject.toml",
                   '[tool.agc.per-file-ignores]\n"tests/*" = ["AGC301"]\n')
        self.write("tests/t.py", self.BAD)
        self.write("m.py", self.BAD)
        _, out, _ = self.lint(".")
        self.assertEqual([l.split(":")[0] for l in out.splitlines()],
                         ["m.py"])

    def test_bad_config_is_exit_2(self):
        self.write("a.py", self.BAD)
        for text in ('[tool.agc]\nselekt = ["AGC3"]\n',
                     '[tool.agc]\nselect = "AGC3"\n',
                     '[tool.agc]\nignore = ["XYZ"]\n',
                     '[tool.agc]\nseverity = {AGC301 = "fatal"}\n',
                     '[tool.agc\n'):
            with self.subTest(config=text):
                self.write("pyproject.toml", text)
                code, out, err = self.lint("a.py")
                self.assertEqual(code, 2)
                self.assertEqual(out, "")
                self.assertRegex(err, r"pyproject\.toml.*\[AGC016\]")

    def test_suppressions(self):
        self.write("m.py", "def f(x: tf.Tensor):\n    if x:\n        y = 1\n"
                   "    return y  # agc: ignore[AGC301]\n")
        self.assertEqual(self.lint("m.py")[:2], (0, ""))
        self.write("m.py", "def f(x):\n    return x  # agc: ignore\n")
        code, out, _ = self.lint("m.py")
        self.assertEqual(code, 1)
        self.assertIn("m.py:2:15: warning: unused suppression", out)
        self.assertEqual(self.lint("--ignore", "AGC300", "m.py")[:2],
                         (0, ""))

    def test_conversion_diagnostics_are_reported(self):
        self.write("m.py", "def gen():\n    yield 1\n\n\n"
                   "def f(xs):\n    for x in xs:\n        try:\n"
                   "            pass\n        finally:\n            break\n")
        _, out, _ = self.lint("m.py")
        self.assertIn("m.py:1:1: note: generator function 'gen'", out)
        self.assertIn("[AGC201]", out)

    def test_stdin(self):
        p = agc("lint", "--isolated", "--output-format", "concise", "-",
                cwd=self.dir, stdin=self.BAD.encode())
        self.assertEqual(p.returncode, 1)
        self.assertTrue(p.stdout.decode().startswith("<stdin>:4:12: error:"))


class Explain(unittest.TestCase):
    def test_every_code_has_a_page(self):
        p = agc("lint", "--isolated", "--output-format", "sarif",
                "--exit-zero", str(LINT / "formats" / "example.py"))
        rules = json.loads(p.stdout)["runs"][0]["tool"]["driver"]["rules"]
        self.assertGreater(len(rules), 30)
        # Each code has a row in a table of the manual (docs/guide/
        # diagnostics.md, docs/lint/index.md), plain or linked to its page.
        manual = "".join(p.read_text() for p in (ROOT / "docs").rglob("*.md"))
        for r in rules:
            with self.subTest(code=r["id"], where="docs"):
                self.assertRegex(manual, rf"\| (\[{r['id']}\]\([^)]*\)|{r['id']}) \|",
                                 f"{r['id']} has no row in a table of docs/")
            with self.subTest(code=r["id"]):
                e = agc("explain", r["id"])
                self.assertEqual(e.returncode, 0, e.stderr)
                page = e.stdout.decode()
                self.assertTrue(page.startswith(f"# {r['id']}: "), page[:40])
                for section in ("## What it does", "## Why is this bad",
                                "## Example", "## Use instead"):
                    self.assertIn(section, page)

    def test_pages_of_staged_branch_rules_name_python_tests(self):
        for code in ("AGC301", "AGC302", "AGC303", "AGC312", "AGC313"):
            with self.subTest(code=code):
                page = agc("explain", code).stdout.decode()
                what = page.split("## Why is this bad")[0]
                self.assertIn("always a Python value", what)

    def test_lowercase_and_unknown(self):
        self.assertEqual(agc("explain", "agc301").returncode, 0)
        e = agc("explain", "AGC999")
        self.assertEqual(e.returncode, 2)
        self.assertIn("no diagnostic has the code 'AGC999'", e.stderr.decode())
        self.assertIn("[AGC016]", e.stderr.decode())
        e = agc("explain", "foo")
        self.assertEqual(e.returncode, 2)
        self.assertIn("'foo' is not a diagnostic code (AGCnnn", e.stderr.decode())


def main():
    global AGC, UPDATE
    ap = argparse.ArgumentParser()
    ap.add_argument("--agc", required=True)
    ap.add_argument("--update", action="store_true")
    args, rest = ap.parse_known_args()
    AGC = os.path.abspath(args.agc)
    UPDATE = args.update
    unittest.main(argv=[sys.argv[0], *rest], verbosity=1)


if __name__ == "__main__":
    main()
