"""The cli suite: what the output targets. The Python version
(--target-version, [tool.agc] target-version, requires-python), the
control-flow form (--control-flow, [tool.agc] control-flow) and the
frameworks a project stages (AGC108 a remark or a warning)."""

from cli_tests.support import agc


class Targets:
    """Tests of cli_test.Cli, mixed in (self is a support.CliCase)."""

    GENERIC = b"def first[T](xs: list[T]) -> T:\n    return len(xs) and xs[0]\n"

    DEFAULTS = b"def first[T = int](xs: list[T]) -> T:\n    return xs[0]\n"

    def target_error(self, proc):
        """The first line of stderr, or "" when agc converted the file."""
        if proc.returncode == 0:
            return ""
        return proc.stderr.decode().splitlines()[0]

    def test_target_version_flag(self):
        self.write("g.py", self.GENERIC)
        p = agc("convert", "g.py", "-o", "-", "--isolated",
                "--target-version", "py311", cwd=self.dir)
        self.assert_syntax_error(
            p, r"^g\.py:1:10: error: type parameter lists need Python 3\.12 "
               r"\(target is 3\.11\) \[AGC004\]$",
            "def first[T](xs: list[T]) -> T:", "         ^")
        for target in ("py312", "py313"):
            p = agc("convert", "g.py", "-o", "-", "--isolated",
                    "--target-version", target, cwd=self.dir)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertIn(b"def _agc_first[T](xs):", p.stdout)
        # Without any setting: py313, the newest agc reads.
        self.write("d.py", self.DEFAULTS)
        p = agc("convert", "d.py", "-o", "-", "--isolated", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        p = agc("convert", "d.py", "-o", "-", "--isolated",
                "--target-version", "py312", cwd=self.dir)
        self.assertRegex(self.target_error(p),
                         r"^d\.py:1:13: error: type parameter defaults need "
                         r"Python 3\.13 \(target is 3\.12\) \[AGC004\]$")
        # lint, inspect and dump read the flag too.
        for sub in ("lint", "inspect", "dump"):
            p = agc(sub, "g.py", "--target-version", "py311",
                    *(["--isolated"] if sub == "lint" else []), cwd=self.dir)
            self.assertEqual(p.returncode, 1, (sub, p.stderr))
            self.assertIn(b"type parameter lists need Python 3.12 (target is "
                          b"3.11) [AGC004]", p.stdout + p.stderr)
            p = agc(sub, "g.py", "--target-version", "py312",
                    *(["--isolated"] if sub == "lint" else []), cwd=self.dir)
            self.assertNotIn(b"AGC004", p.stdout + p.stderr, sub)

    def test_bad_target_version_is_a_usage_error(self):
        self.write("g.py", self.GENERIC)
        for sub in ("convert", "lint", "inspect", "dump"):
            p = agc(sub, "g.py", "--target-version", "3.12", cwd=self.dir)
            self.assert_one_error(
                p, r"^agc: error: --target-version '3\.12' is not a Python "
                   r"version agc reads \(use one of py311, py312, py313\) "
                   r"\[AGC016\]$", 2)

    def test_target_version_precedence(self):
        """flag > [tool.agc] target-version > requires-python > py313."""
        self.write("g.py", self.GENERIC)
        def convert(*flags):
            return self.target_error(
                agc("convert", "g.py", "-o", "-", *flags, cwd=self.dir))
        refused = "type parameter lists need Python 3.12 (target is 3.11)"
        self.write("pyproject.toml",
                   b'[project]\nname = "x"\nrequires-python = ">=3.11"\n')
        self.assertIn(refused, convert())
        self.assertEqual(convert("--target-version", "py312"), "")
        self.assertEqual(convert("--isolated"), "")
        p = agc("lint", "g.py", cwd=self.dir)
        self.assertIn(refused.encode(), p.stdout + p.stderr)
        self.write("pyproject.toml",
                   b'[project]\nrequires-python = ">=3.11"\n'
                   b'[tool.agc]\ntarget-version = "py312"\n')
        self.assertEqual(convert(), "")
        self.assertIn(refused, convert("--target-version", "py311"))
        self.write("pyproject.toml",
                   b'[project]\nrequires-python = ">=3.12"\n'
                   b'[tool.agc]\ntarget-version = "py311"\n')
        self.assertIn(refused, convert())
        # requires-python: its minimum, clamped to 3.11 ... 3.13.
        for spec, ok in ((">=3.12", True), ("~=3.11", False),
                         (">=3.10", False), (">=3.12,<4", True),
                         ("<4", True), ("==3.13.*", True),
                         (">=2.7, !=3.0.*", False), (">=3.14", True)):
            self.write("pyproject.toml", b'[project]\nrequires-python = "'
                       + spec.encode() + b'"\n')
            self.assertEqual(convert() == "", ok, spec)
        self.write("pyproject.toml", b'[project]\nrequires-python = ">=3.11"\n')
        p = agc("convert", "g.py", "-o", "-", "--config",
                str(self.dir / "pyproject.toml"), cwd=self.dir)
        self.assertIn(refused, self.target_error(p))

    def test_bad_target_version_in_config(self):
        self.write("g.py", self.GENERIC)
        self.write("pyproject.toml", b'[tool.agc]\ntarget-version = "py310"\n')
        for sub in ("convert", "lint"):
            p = agc(sub, "g.py", cwd=self.dir)
            self.assertEqual(p.returncode, 2, p.stderr)
            self.assertIn(b"pyproject.toml:2:18: [tool.agc] target-version must "
                          b"be one of py311, py312, py313", p.stderr)
        self.write("pyproject.toml",
                   b'[project]\nrequires-python = "3.12"\n')
        p = agc("convert", "g.py", cwd=self.dir)
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertIn(b"pyproject.toml:2:19: [project] requires-python '3.12' "
                      b"is not a version specifier", p.stderr)

    CF_LOOP = (b"def f(n):\n    i = 0\n    while i < n:\n        i += 1\n"
               b"    return i\n")

    def test_control_flow_flag(self):
        """The functional form is the default; --control-flow picks."""
        self.write("cf.py", self.CF_LOOP)
        p = agc("convert", "cf.py", "-o", "-", "--isolated", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn(b"i, = ag__.while_stmt_fn(loop_test, loop_body, (i,), "
                      b"('i',), {})", p.stdout)
        self.assertNotIn(b"nonlocal", p.stdout)
        functional_out = p.stdout
        p = agc("convert", "cf.py", "-o", "-", "--isolated",
                "--control-flow", "functional", cwd=self.dir)
        self.assertEqual(p.stdout, functional_out)
        p = agc("convert", "cf.py", "-o", "-", "--isolated",
                "--control-flow", "nonlocal", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn(b"ag__.while_stmt(loop_test, loop_body, get_state, "
                      b"set_state, ('i',), {})", p.stdout)

    def test_bad_control_flow_is_a_usage_error(self):
        self.write("cf.py", self.CF_LOOP)
        p = agc("convert", "cf.py", "--control-flow", "bogus", cwd=self.dir)
        self.assert_one_error(
            p, r"^agc: error: --control-flow 'bogus' is not a control-flow "
               r"form \(use nonlocal or functional\) \[AGC016\]$", 2)
        self.assertFalse((self.dir / "cf_ag.py").exists())
        self.write("pyproject.toml", b'[tool.agc]\ncontrol-flow = "staged"\n')
        for sub in ("convert", "lint"):
            p = agc(sub, "cf.py", cwd=self.dir)
            self.assertEqual(p.returncode, 2, p.stderr)
            self.assertIn(b"pyproject.toml:2:16: [tool.agc] control-flow must "
                          b"be \"nonlocal\" or \"functional\"", p.stderr)

    def test_control_flow_in_config(self):
        """flag > [tool.agc] control-flow > functional; lint reads the key."""
        self.write("cf.py", self.CF_LOOP)
        self.write("pyproject.toml",
                   b'[tool.agc]\ncontrol-flow = "nonlocal"\n')
        p = agc("convert", "cf.py", "-o", "-", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn(b"ag__.while_stmt(", p.stdout)
        p = agc("convert", "cf.py", "-o", "-", "--control-flow", "functional",
                cwd=self.dir)
        self.assertIn(b"ag__.while_stmt_fn(", p.stdout)
        p = agc("convert", "cf.py", "-o", "-", "--isolated", cwd=self.dir)
        self.assertIn(b"ag__.while_stmt_fn(", p.stdout)
        self.write("g.py", self.KEPT_FORM)
        p = agc("lint", "g.py", cwd=self.dir)
        self.assertNotIn(b"AGC108", p.stdout)  # nonlocal asked for: no note

    # A statement that keeps the nonlocal form in functional output.
    KEPT_FORM = (b"def f(n):\n    i = 0\n    g = lambda: i\n"
                 b"    while i < n:\n        i += 1\n    return g()\n")

    KEPT_NOTE = (b"g.py:4:5: {}: this `while` keeps the nonlocal form: its "
                 b"state `i` is shared with a nested function or lambda; "
                 b"torch.cond/while_loop cannot stage it [AGC108]")

    def test_kept_form_is_a_remark_unless_the_project_targets_torch(self):
        """AGC108 is a remark: convert shows it with -v only, lint only when
        selected; `frameworks = ["torch"]` makes it a warning of both."""
        self.write("g.py", self.KEPT_FORM)
        p = agc("convert", "g.py", "-o", "-", "--isolated", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stderr, b"")
        self.assertIn(b"nonlocal_reason='its state `i` is shared with a "
                      b"nested function or lambda'", p.stdout)
        p = agc("convert", "g.py", "-o", "-", "--isolated", "-v",
                cwd=self.dir)
        self.assertEqual(p.stderr.strip(), self.KEPT_NOTE.replace(
            b"{}", b"remark"))
        p = agc("lint", "g.py", "--isolated", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stdout)
        self.assertNotIn(b"AGC108", p.stdout)
        p = agc("lint", "g.py", "--isolated", "--select", "AGC108",
                cwd=self.dir)
        self.assertEqual(p.returncode, 1, p.stdout)
        self.assertIn(b"remark: this `while` keeps the nonlocal form",
                      p.stdout)
        self.write("pyproject.toml",
                   b'[tool.agc]\nframeworks = ["jax", "torch"]\n')
        p = agc("convert", "g.py", "-o", "-", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stderr.strip(), self.KEPT_NOTE.replace(
            b"{}", b"warning"))
        p = agc("lint", "g.py", cwd=self.dir)
        self.assertEqual(p.returncode, 1, p.stdout)
        self.assertIn(self.KEPT_NOTE.replace(b"{}", b"warning"), p.stdout)
        # Another framework only: still a remark.
        self.write("pyproject.toml",
                   b'[tool.agc]\nframeworks = ["tensorflow"]\n')
        p = agc("lint", "g.py", cwd=self.dir)
        self.assertNotIn(b"AGC108", p.stdout)
        # The severity table wins over the framework's default.
        self.write("pyproject.toml",
                   b'[tool.agc]\nframeworks = ["torch"]\n'
                   b'severity = { AGC108 = "remark" }\n')
        p = agc("convert", "g.py", "-o", "-", cwd=self.dir)
        self.assertEqual(p.stderr, b"")

    def test_bad_frameworks_is_a_usage_error(self):
        self.write("g.py", self.KEPT_FORM)
        self.write("pyproject.toml",
                   b'[tool.agc]\nframeworks = ["pytorch"]\n')
        for sub in ("convert", "lint"):
            p = agc(sub, "g.py", cwd=self.dir)
            self.assertEqual(p.returncode, 2, p.stderr)
            self.assertIn(b"pyproject.toml:2:14: [tool.agc] frameworks names "
                          b"'pytorch', which is not a framework agc stages "
                          b"(\"tensorflow\", \"jax\", \"torch\")", p.stderr)
