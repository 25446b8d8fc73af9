"""The cli suite: the happy path. What `agc convert` writes (the output, its
map, a mirrored --out-dir, stdout), --check and --diff, agc remap, outputs
rewritten only when they change, the same output with -j, what a py311
target compiles to, and agc's own output, which is never read as input."""
import json
import os
import subprocess
import sys

from cli_tests.support import SIMPLE, agc


class Output:
    """Tests of cli_test.Cli, mixed in (self is a support.CliCase)."""

    def test_default_output_and_map(self):
        self.write("m.py", SIMPLE)
        p = agc("convert", "m.py", "--passes", "none", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual((self.dir / "m_ag.py").read_bytes(), SIMPLE)
        m = json.loads((self.dir / "m_ag.py.map.json").read_text())
        self.assertEqual(list(m), ["version", "source", "generated",
                                   "source_sha256", "origin_lines"])
        self.assertEqual(m["version"], 1)
        self.assertEqual(m["source"], "m.py")
        self.assertEqual(m["generated"], "m_ag.py")
        import hashlib
        self.assertEqual(m["source_sha256"], hashlib.sha256(SIMPLE).hexdigest())
        self.assertEqual(m["origin_lines"], [1, 2, 3, 4, 5, 6, 7])

    def test_out_dir_mirrors_paths_and_source_is_relative(self):
        self.write("src/pkg/a.py", SIMPLE)
        p = agc("convert", "src/pkg/a.py", "--out-dir", "out", "--passes",
                "none", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual((self.dir / "out/src/pkg/a.py").read_bytes(), SIMPLE)
        m = json.loads((self.dir / "out/src/pkg/a.py.map.json").read_text())
        self.assertEqual(m["source"], "../../../src/pkg/a.py")
        self.assertEqual(m["generated"], "a.py")

    def test_stdin_to_stdout(self):
        p = agc("convert", "-", "--passes", "none", cwd=self.dir, stdin=SIMPLE)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout, SIMPLE)
        self.assertEqual(self.listing(), [])

    def test_file_to_stdout(self):
        self.write("m.py", SIMPLE)
        p = agc("convert", "m.py", "-o", "-", "--passes", "none", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout, SIMPLE)
        self.assertEqual(self.listing(), ["m.py"])

    def test_no_source_map(self):
        self.write("m.py", SIMPLE)
        p = agc("convert", "m.py", "--no-source-map", "--passes", "none",
                cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(self.listing(), ["m.py", "m_ag.py"])

    def test_unchanged_output_is_not_rewritten(self):
        self.write("m.py", SIMPLE)
        agc("convert", "m.py", "--passes", "none", cwd=self.dir)
        out = self.dir / "m_ag.py"
        os.utime(out, ns=(1, 1))
        p = agc("convert", "m.py", "--passes", "none", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(os.stat(out).st_mtime_ns, 1)

    def test_check_reports_stale_and_missing(self):
        self.write("m.py", SIMPLE)
        p = agc("convert", "m.py", "--check", "--passes", "none", cwd=self.dir)
        self.assert_one_error(
            p, r"^m\.py: error: output is missing: m_ag\.py \[AGC009\]$", 1)
        self.assertEqual(self.listing(), ["m.py"])
        agc("convert", "m.py", "--passes", "none", cwd=self.dir)
        p = agc("convert", "m.py", "--check", "--passes", "none", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.write("m.py", SIMPLE + b"y = 2\n")
        p = agc("convert", "m.py", "--check", "--passes", "none", cwd=self.dir)
        self.assertEqual(p.returncode, 1)
        self.assertRegex(p.stderr.decode(),
                         r"^m\.py: error: output is out of date: m_ag\.py "
                         r"\[AGC009\]\n")
        agc("convert", "m.py", "--passes", "none", cwd=self.dir)
        (self.dir / "m_ag.py.map.json").unlink()
        p = agc("convert", "m.py", "--check", "--passes", "none", cwd=self.dir)
        self.assert_one_error(
            p, r"^m\.py: error: output is missing: m_ag\.py\.map\.json "
               r"\[AGC009\]$", 1)

    def test_check_reports_stale_map(self):
        self.write("m.py", SIMPLE)
        agc("convert", "m.py", "--passes", "none", cwd=self.dir)
        (self.dir / "m_ag.py.map.json").write_text("{}")
        p = agc("convert", "m.py", "--check", "--passes", "none", cwd=self.dir)
        self.assert_one_error(
            p, r"^m\.py: error: output is out of date: m_ag\.py\.map\.json \[AGC009\]$", 1)

    def test_diff_prints_and_writes_nothing(self):
        self.write("m.py", SIMPLE)
        p = agc("convert", "m.py", "--diff", "--passes", "none", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertTrue(p.stdout.startswith(b"--- /dev/null\n+++ m_ag.py\n"),
                        p.stdout)
        self.assertIn(b"+def f(x):\n", p.stdout)
        self.assertEqual(self.listing(), ["m.py"])
        agc("convert", "m.py", "--passes", "none", cwd=self.dir)
        p = agc("convert", "m.py", "--diff", "--passes", "none", cwd=self.dir)
        self.assertEqual(p.stdout, b"")

    def test_diff_applies_with_patch_and_git_apply(self):
        # A new output (an empty range: GNU diff's "-0,0") and a changed one.
        for tool in (["patch", "-p0", "--quiet"], ["git", "apply", "-p0"]):
            with self.subTest(tool=tool[0]):
                work = self.dir / tool[0]
                work.mkdir()
                if tool[0] == "git":
                    subprocess.run(["git", "init", "-q", "."], cwd=work,
                                   check=True)
                (work / "m.py").write_bytes(SIMPLE)
                for step in ("new", "changed"):
                    if step == "changed":
                        (work / "m.py").write_bytes(SIMPLE + b"y = 2\n")
                    p = agc("convert", "m.py", "--diff", cwd=work)
                    self.assertEqual(p.returncode, 0, p.stderr)
                    applied = subprocess.run(tool, input=p.stdout, cwd=work,
                                             capture_output=True)
                    self.assertEqual(applied.returncode, 0,
                                     applied.stderr.decode() + step)
                    p = agc("convert", "m.py", "--check", "--no-source-map",
                            cwd=work)
                    self.assertEqual(p.returncode, 0, p.stderr)

    def test_remap_says_which_map_it_ignored(self):
        self.write("m.py", b"def f(x):\n    if x:\n        raise ValueError('b')\n"
                           b"    return 1\n")
        agc("convert", "m.py", cwd=self.dir)
        generated = self.dir / "m_ag.py"
        line = next(i for i, text in enumerate(
            generated.read_text().splitlines(), 1) if "raise " in text)
        tb = (f'Traceback (most recent call last):\n  File "{generated}", '
              f'line {line}, in f\n    raise\nValueError: b\n').encode()
        p = agc("remap", stdin=tb, cwd=self.dir)
        self.assertEqual((p.returncode, p.stderr), (0, b""))
        self.assertIn(b'm.py", line 3, in f', p.stdout)
        self.write("m.py", b"# edited\n" + (self.dir / "m.py").read_bytes())
        p = agc("remap", stdin=tb, cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout, tb)
        self.assert_one_error(
            p, r"^.*m_ag\.py\.map\.json: warning: source map ignored: its "
               r"source .*m\.py changed after conversion \(sha256 differs\) "
               r"\[AGC018\]$", 0)
        # No map at all: a file agc did not write, nothing to say.
        generated.with_name("m_ag.py.map.json").unlink()
        p = agc("remap", stdin=tb, cwd=self.dir)
        self.assertEqual((p.returncode, p.stderr, p.stdout), (0, b"", tb))

    def test_py311_output_compiles_under_python_3_11(self):
        """What agc writes for a py311 target is 3.11 code (python3 is
        3.11 here), f-strings copied as written included."""
        self.write("m.py", SIMPLE + b"\n\ndef g(xs, k):\n"
                   b"    for x in xs:\n"
                   b"        if f'{x[\"a\"]!r:>{k}}' != '':\n"
                   b"            return f'{x}'\n"
                   b"    return f\"{k}\"\n")
        p = agc("convert", "m.py", "-o", "out.py", "--isolated",
                "--target-version", "py311", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        if sys.version_info[:2] != (3, 11):
            self.skipTest("needs Python 3.11 to run")
        check = subprocess.run(
            [sys.executable, "-c",
             "import sys; compile(open(sys.argv[1]).read(), sys.argv[1], "
             "'exec')", str(self.dir / "out.py")], capture_output=True)
        self.assertEqual(check.returncode, 0, check.stderr)

    def test_agc_output_is_not_read_as_input(self):
        self.write("model.py", self.RETURNS)
        p = agc("convert", "model.py", "--emit-runtime", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        # Walking the folder: agc's output and the emitted runtime are
        # skipped without a word (model.py itself has nothing to report).
        p = agc("lint", ".", "--isolated", cwd=self.dir)
        self.assertEqual((p.returncode, p.stderr), (0, b""), p.stdout)
        self.assertNotIn(b"agc_runtime", p.stdout)
        self.assertNotIn(b"model_ag.py", p.stdout)
        # Named: one note each, nothing written.
        before = self.listing()
        p = agc("convert", "model.py", "model_ag.py", "--check", cwd=self.dir)
        self.assert_one_error(
            p, r"^model_ag\.py: note: skipped: this file is agc's output .*; "
               r"convert its source instead \[AGC019\]$", 0)
        p = agc("convert", "model_ag.py", "-o", "again.py", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(self.listing(), before)
        p = agc("lint", "model_ag.py", "--isolated", cwd=self.dir)
        self.assertEqual(p.stdout.count(b"[AGC019]"), 1, p.stdout)
        self.assertIn(b"lint its source instead", p.stdout)
        # The header below a shebang and a coding line counts too.
        self.write("shebang_ag.py", b"#!/usr/bin/env python3\n# -*- coding: "
                   b"utf-8 -*-\n# Generated by agc 0.1.0 from s.py. Edit the "
                   b"source, not this file.\nx = 1\n")
        p = agc("convert", "shebang_ag.py", "-o", "-", cwd=self.dir)
        self.assertEqual(p.stdout, b"")
        self.assertIn(b"[AGC019]", p.stderr)

    def test_parallel_output_identical(self):
        names = []
        for i in range(12):
            body = SIMPLE + f"\n\ndef g{i}(a):\n    return a * {i}\n".encode()
            self.write(f"in/m{i}.py", body)
            names.append(f"in/m{i}.py")
        self.write("in/bad.py", b"def (:\n")
        names.append("in/bad.py")
        p1 = agc("convert", *names, "--out-dir", "o1", "-j", "1", "--passes",
                 "none", cwd=self.dir)
        p2 = agc("convert", *names, "--out-dir", "o2", "-j", "4", "--passes",
                 "none", cwd=self.dir)
        self.assertEqual(p1.returncode, 1)
        self.assertEqual(p2.returncode, 1)
        self.assertEqual(p1.stderr, p2.stderr)
        for i in range(12):
            a = (self.dir / f"o1/in/m{i}.py").read_bytes()
            b = (self.dir / f"o2/in/m{i}.py").read_bytes()
            self.assertEqual(a, b)
        self.assertFalse((self.dir / "o1/in/bad.py").exists())

    def test_regenerate_all_parses_back(self):
        self.write("m.py", SIMPLE)
        p = agc("convert", "m.py", "-o", "-", "--passes", "none",
                "--regenerate-all", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        import ast
        self.assertEqual(ast.dump(ast.parse(p.stdout)), ast.dump(ast.parse(SIMPLE)))
