"""The cli suite: agc inspect. Its text and JSON reports, its errors (an
unknown function, a missing file, a syntax error, bad flags), and JSON
output (inspect's and lint's) for paths that are not UTF-8."""
import json
import os

from cli_tests.support import SIMPLE, agc


class Inspect:
    """Tests of cli_test.Cli, mixed in (self is a support.CliCase)."""

    LOOP = b"def f(n):\n    while n:\n        n -= 1\n    return n\n"

    def test_inspect_text_and_json(self):
        self.write("m.py", self.LOOP)
        p = agc("inspect", "m.py", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.decode().splitlines()[:5], [
            "m.py:1:1: def f: twin (while loop, line 2)", "",
            "m.py:2:5: while (in f)", "  modified:  n", "  outputs:   n"])
        p = agc("inspect", "m.py", "--format", "json", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        doc = json.loads(p.stdout)
        self.assertEqual(doc["files"][0]["statements"][0]["loop_vars"], ["n"])
        self.assertEqual(doc["files"][0]["functions"][1]["twin"], {
            "needed": True, "construct": "while loop", "line": 2})
        self.assertEqual(self.listing(), ["m.py"])  # writes nothing
        # Straight-line code: no twin, and inspect says so.
        self.write("s.py", SIMPLE)
        p = agc("inspect", "s.py", cwd=self.dir)
        self.assertEqual(p.stdout.decode().splitlines()[0],
                         "s.py:5:1: def f: no twin (straight-line code: "
                         "written once, unguarded)")
        self.assertEqual(self.listing(), ["m.py", "s.py"])  # writes nothing

    def test_json_outputs_take_paths_that_are_not_utf8(self):
        # A Latin-1 file name: the JSON has U+FFFD for its byte (it aborted
        # on nlohmann's type_error before), the text formats keep the bytes.
        good, bad = b"caf\xe9.py", b"bad\xe9.py"
        (self.dir / os.fsdecode(good)).write_bytes(self.LOOP)
        (self.dir / os.fsdecode(bad)).write_bytes(b"def f(:\n")
        p = agc("lint", bad, "--isolated", "--output-format", "json",
                cwd=self.dir)
        self.assertEqual(p.returncode, 1, p.stderr)
        self.assertEqual(json.loads(p.stdout)[0]["path"], "bad\ufffd.py")
        p = agc("lint", bad, "--isolated", "--output-format", "sarif",
                cwd=self.dir)
        self.assertEqual(p.returncode, 1, p.stderr)
        json.loads(p.stdout)
        p = agc("lint", bad, "--isolated", cwd=self.dir)
        self.assertEqual(p.returncode, 1, p.stderr)
        self.assertTrue(p.stdout.startswith(bad + b":1:"), p.stdout)
        p = agc("inspect", good, "--format", "json", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(json.loads(p.stdout)["files"][0]["path"],
                         "caf\ufffd.py")

    def test_inspect_unknown_function(self):
        self.write("m.py", self.LOOP)
        p = agc("inspect", "m.py", "--function", "g", cwd=self.dir)
        self.assert_one_error(
            p, r"^agc: error: --function: no function or class named 'g' in "
               r"m\.py \(did you mean 'f'\?\) \[AGC016\]$", 2)
        self.assertEqual(p.stdout, b"")
        p = agc("inspect", "m.py", "--dump-cfg", "g", cwd=self.dir)
        self.assert_one_error(p, r"^agc: error: --dump-cfg: no function", 2)

    def test_inspect_missing_file(self):
        p = agc("inspect", "missing.py", cwd=self.dir)
        self.assert_one_error(
            p, r"^missing\.py: error: cannot read input: No such file or "
               r"directory \[AGC010\]$", 2)
        self.assertEqual(p.stdout, b"")

    def test_inspect_syntax_error(self):
        self.write("bad.py", b"if x\n    pass\n")
        p = agc("inspect", "bad.py", cwd=self.dir)
        self.assert_syntax_error(p, r"^bad\.py:1:5: error: .*\[AGC00\d\]$",
                                 "if x", "    ^")

    def test_inspect_bad_flags(self):
        self.write("m.py", self.LOOP)
        for args in (["--format", "yaml"],
                     ["--dump-cfg", "f", "--function", "f"],
                     ["--dump-cfg", "f", "--format", "json"]):
            p = agc("inspect", "m.py", *args, cwd=self.dir)
            self.assertEqual(p.returncode, 2, (args, p.stderr))
            self.assertEqual(p.stdout, b"")
        p = agc("inspect", cwd=self.dir)
        self.assertEqual(p.returncode, 2)
