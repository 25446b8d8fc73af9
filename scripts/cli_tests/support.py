"""Shared helpers of the cli suite (not a test module): the agc binary
(AGC, which cli_test.py's main sets), agc() to run it, SIMPLE, a module
to convert, and CliCase, the base of cli_test.Cli: a temporary folder per
test, files written in it, and asserts on what agc says."""
import subprocess
import tempfile
import unittest
from pathlib import Path

AGC = None
ROOT = Path(__file__).resolve().parent.parent.parent

SIMPLE = b'"""Doc."""\nimport os\n\n\ndef f(x):\n    # comment\n    return x + 1\n'


def agc(*args, cwd=None, stdin=None, env=None):
    return subprocess.run([AGC, *args], cwd=cwd, input=stdin, env=env,
                          capture_output=True, timeout=120)


class CliCase(unittest.TestCase):
    """A temporary folder per test (self.dir), and what the tests share."""

    # Two returns, one of them in an if (output.py, pyproject.py).
    RETURNS = b"def f(x):\n    if x:\n        return 1\n    return 2\n"

    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.dir = Path(self._tmp.name)

    def tearDown(self):
        self._tmp.cleanup()

    def write(self, name, data: bytes):
        p = self.dir / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
        return p

    def listing(self):
        return sorted(str(p.relative_to(self.dir)) for p in self.dir.rglob("*"))

    def assert_one_error(self, proc, pattern, code):
        err = proc.stderr.decode()
        self.assertEqual(proc.returncode, code, err)
        lines = err.splitlines()
        self.assertEqual(len(lines), 1, err)
        self.assertRegex(lines[0], pattern)

    def assert_syntax_error(self, proc, pattern, line, caret):
        """Exit 1 and one syntax error: its line, the source line, a caret."""
        err = proc.stderr.decode()
        self.assertEqual(proc.returncode, 1, err)
        lines = err.splitlines()
        self.assertEqual(len(lines), 3, err)
        self.assertRegex(lines[0], pattern)
        self.assertEqual(lines[1:], [line, caret])
