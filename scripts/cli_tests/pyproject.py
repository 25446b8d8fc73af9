"""The cli suite: [tool.agc] in pyproject.toml. The nearest one is read, its
out-dir is relative to it, flags win over it, and a bad one is a usage
error."""

from cli_tests.support import SIMPLE, agc


class Pyproject:
    """Tests of cli_test.Cli, mixed in (self is a support.CliCase)."""

    def test_config_out_dir_is_relative_to_the_config(self):
        self.write("pyproject.toml", b'[tool.agc]\nout-dir = "gen"\n')
        self.write("src/pkg/utils.py", SIMPLE)
        p = agc("convert", "src/pkg/utils.py", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        first = (self.dir / "gen/src/pkg/utils.py").read_bytes()
        (self.dir / "gen/src/pkg/utils.py").unlink()
        p = agc("convert", "utils.py", cwd=self.dir / "src" / "pkg")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual((self.dir / "gen/src/pkg/utils.py").read_bytes(),
                         first)
        self.assertNotIn("gen/utils.py", self.listing())
        # A flag is relative to the working directory, as before.
        p = agc("convert", "utils.py", "--out-dir", "out",
                cwd=self.dir / "src" / "pkg")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertTrue((self.dir / "src/pkg/out/utils.py").exists())

    def test_convert_reads_nearest_pyproject(self):
        self.write("pyproject.toml", b'[tool.agc]\npasses = "functions"\n'
                   b'runtime-import = "import my_rt as ag__"\n'
                   b'out-dir = "gen"\n')
        self.write("src/m.py", self.RETURNS)
        # From a subfolder: the pyproject.toml above the input is found, and
        # out-dir, and the layout mirrored below it, are relative to it.
        p = agc("convert", "m.py", cwd=self.dir / "src")
        self.assertEqual(p.returncode, 0, p.stderr)
        out = (self.dir / "gen" / "src" / "m.py").read_text()
        self.assertIn("import my_rt as ag__", out)
        self.assertNotIn("do_return", out)  # only `functions` ran
        self.assertFalse((self.dir / "src" / "m_ag.py").exists())

    def test_convert_flags_win_over_pyproject(self):
        self.write("pyproject.toml", b'[tool.agc]\npasses = "functions"\n'
                   b'out-dir = "gen"\n')
        self.write("m.py", self.RETURNS)
        p = agc("convert", "m.py", "--passes", "default", "-o", "x.py",
                "--runtime-import", "import rt2 as ag__", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        out = (self.dir / "x.py").read_text()
        self.assertIn("do_return", out)
        self.assertIn("import rt2 as ag__", out)
        self.assertFalse((self.dir / "gen").exists())
        p = agc("convert", "m.py", "--isolated", "-o", "-", cwd=self.dir)
        self.assertIn(b"do_return", p.stdout)
        self.assertIn(b"import agc_runtime as ag__", p.stdout)

    def test_convert_bad_pyproject(self):
        self.write("pyproject.toml", b"[tool.agc]\npasses = 3\n")
        self.write("m.py", self.RETURNS)
        p = agc("convert", "m.py", cwd=self.dir)
        self.assert_one_error(
            p, r"pyproject\.toml:2:\d+: .*passes must be a string \[AGC016\]$",
            2)
        self.assertEqual(self.listing(), ["m.py", "pyproject.toml"])
        p = agc("convert", "m.py", "--config", "missing.toml", cwd=self.dir)
        self.assertEqual(p.returncode, 2, p.stderr)
