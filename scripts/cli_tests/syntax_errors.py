"""The cli suite: syntax errors. Each says what CPython's compile() says (its
message, line and column) or only "invalid syntax", shows the line and a
caret, and leaves the old output in place."""
import re

from cli_tests.support import SIMPLE, agc


class SyntaxErrors:
    """Tests of cli_test.Cli, mixed in (self is a support.CliCase)."""

    def test_syntax_error_on_last_line(self):
        self.write("s.py", b"x = 1\ny = 2\nz = (\n")
        p = agc("convert", "s.py", cwd=self.dir)
        self.assert_syntax_error(
            p, r"^s\.py:3:5: error: invalid syntax.* \[AGC00[16]\]$",
            "z = (", "    ^")
        self.assertEqual(self.listing(), ["s.py"])

    # Syntax errors whose cause agc names (AGC006), each checked against
    # what CPython's compile() says for the same text: same message, same
    # line and column. The first group must be named; on the second, agc
    # may only say "invalid syntax" (AGC001) or exactly what CPython says.
    SAID_AS_CPYTHON = [
        "if x > 0\n    pass\n",
        "def f(x)  # comment\n    pass\n",
        "class A(B)\n    pass\n",
        "for x in xs\n    pass\n",
        "x = (1, 2\n",
        "total = sum(values\nprint(total)\n",
        "def f(a,\n      b:\n    pass\n",
        "x = {'a': [1, 2\n",
        "x = )\n",
        "x = f(a))\n",
        "x = [1, 2, 3)\n",
        "x = [\n    (1, 2\n]\n",
        "s = ')'  # (\nx = 1)\n",
        "x = 1 +\ny = 2\nz = )\n",
    ]

    NOT_CLAIMED_UNLESS_RIGHT = [
        "def f(:\n    pass\n",           # tree-sitter: MISSING ')'
        "if foo(a, b:\n    pass\n",       # tree-sitter: MISSING ')'
        "for x y:\n    pass\n",
        "foo(a, b:\nx = 1\n",
        "x = (1 2\n",
        "if x import y\n    pass\n",
        "class A,\n    pass\n",
        "def f(self):  # c\n    x = 1\n\n     y in z:\n        pass\n",
        "x = 1\n    y = )\n",
        "s = 'abc\nx = )\n",
        "x = 1if y else 2\nz = )\n",
        "x = 0777 + )\n",
        "f(,)\n",
        "x = {,}\n",
        "lambda x y: 1\n",
        "x = 1 if y\n",
        "try:\n    pass\nx = 1\n",
    ]

    def cpython_error(self, text):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                compile(text, "s.py", "exec")
            except SyntaxError as e:
                return e.lineno, e.offset, e.msg
        self.fail(f"CPython accepts {text!r}")

    def test_syntax_errors_say_what_cpython_says(self):
        for text in self.SAID_AS_CPYTHON + self.NOT_CLAIMED_UNLESS_RIGHT:
            with self.subTest(text=text):
                self.write("s.py", text.encode())
                p = agc("convert", "s.py", cwd=self.dir)
                self.assertEqual(p.returncode, 1, p.stderr)
                first = p.stderr.decode().splitlines()[0]
                m = re.match(r"^s\.py:(\d+):(\d+): error: (.*) \[(AGC00[16])\]$",
                             first)
                self.assertTrue(m, first)
                line, col, message, code = m.groups()
                py_line, py_col, py_message = self.cpython_error(text)
                if code == "AGC001":
                    self.assertNotIn(text, self.SAID_AS_CPYTHON,
                                     f"CPython: {py_message}")
                    self.assertEqual(message, "invalid syntax")
                    continue
                self.assertEqual(
                    (int(line), int(col), message),
                    (py_line, py_col, "invalid syntax: " + py_message))
        self.assertEqual(self.listing(), ["s.py"])

    def test_syntax_error_shows_the_line_and_a_caret(self):
        # As `agc lint` shows its findings (one renderer): the source line
        # under the message, and a caret under the column.
        self.write("s.py", b"def f(x):\n    if x > 0\n        return x\n")
        p = agc("convert", "s.py", cwd=self.dir)
        self.assert_syntax_error(
            p, r"^s\.py:2:13: error: invalid syntax: expected ':' \[AGC006\]$",
            "    if x > 0", "            ^")
        lint = agc("lint", "--isolated", "s.py", cwd=self.dir)
        self.assertEqual(lint.stdout.decode().splitlines()[:3],
                         p.stderr.decode().splitlines())
        # Standard input, a CRLF line (shown without its CR), a tab and
        # characters outside ASCII before the column (the caret keeps the
        # tab and counts code points).
        p = agc("convert", "-", stdin="s = 'é€'\r\n\tx = )\r\n".encode(),
                cwd=self.dir)
        self.assert_syntax_error(
            p, r"^<stdin>:2:6: error: .* \[AGC00[16]\]$", "\tx = )", "\t    ^")
        # Syntax newer than the target too; other diagnostics stay one line.
        self.write("t.py", b"def first[T](xs):\n    return xs[0]\n")
        p = agc("convert", "t.py", "--target-version", "py311", cwd=self.dir)
        self.assert_syntax_error(
            p, r"^t\.py:1:10: error: .* \[AGC004\]$",
            "def first[T](xs):", "         ^")
        self.write("g.py", b"def g():\n    yield 1\n")
        p = agc("convert", "g.py", "-o", "-", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertRegex(p.stderr.decode(), r"^g\.py:1:1: note: .*\[AGC101\]\n$")
        # A line too long to show (minified code, junk) is left out.
        self.write("long.py", b"x = [" + b"1, " * 400 + b")\n")
        p = agc("convert", "long.py", cwd=self.dir)
        self.assert_one_error(p, r"^long\.py:1:\d+: error: .*\[AGC00[16]\]$", 1)

    def test_syntax_error_keeps_old_output(self):
        self.write("s.py", SIMPLE)
        agc("convert", "s.py", "--passes", "none", cwd=self.dir)
        self.write("s.py", b"def f(:\n")
        p = agc("convert", "s.py", cwd=self.dir)
        self.assertEqual(p.returncode, 1)
        self.assertEqual((self.dir / "s_ag.py").read_bytes(), SIMPLE)
