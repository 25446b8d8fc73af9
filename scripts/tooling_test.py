#!/usr/bin/env python3
"""Tooling around agc's output, end to end (issue 8).

- `agc remap` gives the same text as the runtime's live traceback hook, for
  exceptions raised in a loop body, a lambda and a nested def;
- end to end: a package converted with --out-dir and run on the python
  backend fails, and its remapped traceback points into the original files
  at the right lines with the right source text;
- the Makefile example: `make -j2` converts, a second `make` does nothing,
  touching one source reconverts that file only;
- determinism: the same bytes whatever the working directory, path
  spelling, -j, locale or environment;
- --emit-runtime (the output runs with no install), `cmake --install`, and
  `pip install runtime/` offline;
- scripts/stdlib_roundtrip.py on a folder inside a site-packages, and on a
  folder with no Python files.

Run: tooling_test.py --agc BUILD/agc [--build-dir BUILD]
"""
import argparse
import filecmp
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNTIME = ROOT / "runtime"
PACKAGE = ROOT / "testdata" / "e2e" / "shapes"
AGC = None
AGC_VERSION = None
BUILD_DIR = None

# Runs one case of shapes.main; argv[1] says whether to install the hook
# first (on the same line either way, so both tracebacks have equal frames).
LAUNCHER = """\
import sys, agc_runtime
(agc_runtime.install_traceback_hook(hide_runtime_frames=sys.argv[2] == 'hide') if sys.argv[1] == 'hook' else None)
from shapes import main
main.main(sys.argv[3])
"""

CASES = {
    # case: (exception line, marker comments that must appear, in order)
    "loop": ("ValueError: size must not be zero",
             ["main loop", "loop body", "raise"]),
    "lambda": ("ZeroDivisionError: division by zero",
               ["main lambda", "lambda", "divide"]),
    "nested": ("IndexError: list index out of range",
               ["main nested", "nested def"]),
}

FRAME = re.compile(r'^  File "([^"]*)", line (\d+), in (\S+)\n', re.M)


def run(args, **kwargs):
    kwargs.setdefault("capture_output", True)
    kwargs.setdefault("text", True)
    kwargs.setdefault("timeout", 300)
    return subprocess.run(args, **kwargs)


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "AGC_BACKEND", "AGC_RUNTIME_DIR")}
    env.update(extra)
    return env


class TempDir(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory(prefix="agc_tooling_")
        self.dir = Path(self._tmp.name).resolve()

    def tearDown(self):
        self._tmp.cleanup()

    def convert_package(self, *extra):
        """Copies the package to DIR/src/shapes, converts it to DIR/out."""
        shutil.copytree(PACKAGE, self.dir / "src" / "shapes")
        sources = sorted(str(p.relative_to(self.dir))
                         for p in (self.dir / "src" / "shapes").glob("*.py"))
        p = run([AGC, "convert", "--out-dir", "out", *extra, *sources],
                cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        return sources

    def traceback_of(self, case, mode="raw", hide="hide", pythonpath=None):
        path = pythonpath or [self.dir / "out" / "src", RUNTIME]
        p = run([sys.executable, "-c", LAUNCHER, mode, hide, case],
                cwd=self.dir,
                env=clean_env(PYTHONPATH=os.pathsep.join(map(str, path))))
        self.assertNotEqual(p.returncode, 0, p.stdout)
        self.assertIn("Traceback (most recent call last):", p.stderr)
        return p.stderr

    def remap(self, text, *args, code=0):
        p = run([AGC, "remap", *args], input=text, cwd=self.dir)
        self.assertEqual(p.returncode, code, p.stderr)
        return p.stdout


class RemapMatchesHook(TempDir):
    def setUp(self):
        super().setUp()
        self.convert_package()

    def test_same_text_as_the_live_hook(self):
        for case in CASES:
            for hide, flag in (("hide", "--hide-runtime"),
                               ("keep", "--no-hide-runtime")):
                with self.subTest(case=case, hide=hide):
                    raw = self.traceback_of(case)
                    self.assertIn("/out/src/shapes/", raw)
                    hooked = self.traceback_of(case, "hook", hide)
                    self.assertEqual(self.remap(raw, flag), hooked)
                    if hide == "hide":
                        self.assertEqual(self.python_remap(raw), hooked)
                    if hide == "hide":
                        self.assertEqual(self.remap(raw), hooked)

    def test_every_frame_points_into_the_original_files(self):
        originals = self.dir / "src" / "shapes"
        for case, (error, markers) in CASES.items():
            with self.subTest(case=case):
                remapped = self.remap(self.traceback_of(case))
                self.assertNotIn("/out/", remapped)
                self.assertNotIn("agc_runtime", remapped)
                self.assertNotIn("ag__", remapped)
                self.assertEqual(remapped.rstrip("\n").splitlines()[-1],
                                 error)
                frames = list(FRAME.finditer(remapped))
                self.assertGreater(len(frames), 3, remapped)
                self.assertEqual(frames[0].group(1), "<string>")
                found = []
                for frame in frames[1:]:
                    path = Path(frame.group(1))
                    self.assertEqual(path.parent, originals, remapped)
                    line = int(frame.group(2))
                    # (Not splitlines(): the file has a form feed line.)
                    expected = path.read_text().split("\n")[line - 1]
                    shown = remapped[frame.end():].split("\n", 1)[0]
                    self.assertEqual(shown, "    " + expected.strip(),
                                     f"{path.name}:{line}")
                    marker = re.search(r"# frame: (.*)$", expected)
                    # (A converted lambda shows two frames on its line.)
                    if marker and found[-1:] != [marker.group(1)]:
                        found.append(marker.group(1))
                # The markers appear in order and the failing line is last.
                self.assertEqual([m for m in found if m in markers], markers)
                self.assertIn(markers[-1], remapped.split(
                    "  File ")[-1])

    def test_traceback_from_elsewhere_with_explicit_maps(self):
        raw = self.traceback_of("loop")
        hooked = self.traceback_of("loop", "hook")
        moved = raw.replace(str(self.dir / "out"), "/ci/checkout/build")
        self.assertNotEqual(moved, raw)
        # Without maps the moved frames cannot be found (runtime frames
        # are still hidden).
        self.assertIn("/ci/checkout/build/src/shapes/geometry.py",
                      self.remap(moved))
        maps = sorted(str(p) for p in
                      (self.dir / "out").rglob("*.map.json"))
        self.assertEqual(self.remap(moved, *maps), hooked)
        args = [a for m in maps for a in ("--map", m)]
        self.assertEqual(self.remap(moved, *args), hooked)

    def test_path_line_references(self):
        geometry = self.dir / "out" / "src" / "shapes" / "geometry.py"
        lines = geometry.read_text().splitlines()
        n = next(i for i, text in enumerate(lines, 1)
                 if "util.check" in text)
        text = (f"out/src/shapes/geometry.py:{n}: UserWarning: w\n"
                f"see {geometry}:{n}:5 and other.py:3\n")
        original = self.dir / "src" / "shapes" / "geometry.py"
        self.assertEqual(self.remap(text),
                         f"{original}:11: UserWarning: w\n"
                         f"see {original}:11:5 and other.py:3\n")
        # The runtime's text remapper does the same.
        self.assertEqual(self.python_remap(text), self.remap(text))

    def python_remap(self, text, *args):
        p = run([sys.executable, "-c",
                 "import sys, agc_runtime; sys.stdout.write("
                 "agc_runtime.remap_traceback(sys.stdin.read()))"],
                input=text, cwd=self.dir,
                env=clean_env(PYTHONPATH=str(RUNTIME)))
        self.assertEqual(p.returncode, 0, p.stderr)
        return p.stdout

    def test_remap_streams_line_by_line(self):
        # `program 2>&1 | agc remap` shows each line as it comes (a frame
        # once the line after its source lines is there).
        geometry = self.dir / "out" / "src" / "shapes" / "geometry.py"
        n = next(i for i, text in enumerate(
            geometry.read_text().splitlines(), 1) if "util.check" in text)
        proc = subprocess.Popen([AGC, "remap"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True)
        # A remap that waited for the end of input would block the reads
        # below: the watchdog then kills it and the reads get "".
        watchdog = threading.Timer(30, proc.kill)
        watchdog.start()
        try:
            proc.stdin.write("starting\n")
            proc.stdin.flush()
            self.assertEqual(proc.stdout.readline(), "starting\n")
            proc.stdin.write(f'  File "{geometry}", line {n}, in else_body\n'
                             "    total += ...\n")
            proc.stdin.write("ValueError: v\n")
            proc.stdin.flush()
            frame = proc.stdout.readline()
            self.assertIn("/src/shapes/geometry.py\", line 11,", frame)
            self.assertEqual(proc.stdout.readline(),
                             "    total += util.check(size)  "
                             "# frame: loop body\n")
            self.assertEqual(proc.stdout.readline(), "ValueError: v\n")
        finally:
            watchdog.cancel()
            proc.stdin.close()
            proc.wait(timeout=60)
            proc.stdout.close()
        self.assertEqual(proc.returncode, 0)

    def test_stale_and_bad_maps(self):
        raw = self.traceback_of("loop")
        # Changing a source makes its map stale: its frames stay as they are.
        util = self.dir / "src" / "shapes" / "util.py"
        util.write_text(util.read_text() + "\n")
        remapped = self.remap(raw)
        self.assertIn("/out/src/shapes/util.py", remapped)
        self.assertNotIn("/out/src/shapes/geometry.py", remapped)
        p = run([AGC, "remap", "--map", str(self.dir / "nope.map.json")],
                input="x\n", cwd=self.dir)
        self.assertEqual(p.returncode, 2)
        self.assertEqual(p.stdout, "x\n")
        self.assertRegex(p.stderr, r"nope\.map\.json: error: cannot read")


class Makefile(TempDir):
    def make(self, *args):
        p = run(["make", "--no-print-directory", f"AGC={AGC}", *args],
                cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        return p.stdout

    def conversions(self, output):
        return sorted(line.split()[-1] for line in output.splitlines()
                      if line.startswith(f"{AGC} convert"))

    def test_make_converts_once_and_reconverts_what_changed(self):
        if shutil.which("make") is None:
            self.skipTest("make is not installed")
        shutil.copytree(ROOT / "examples" / "makefile", self.dir,
                        dirs_exist_ok=True)
        shutil.rmtree(self.dir / "build", ignore_errors=True)
        sources = sorted(str(p.relative_to(self.dir))
                         for p in (self.dir / "src").rglob("*.py"))
        self.assertEqual(self.conversions(self.make("-j2")), sources)
        for s in sources:
            self.assertTrue((self.dir / "build" / s).is_file())
            self.assertTrue((self.dir / "build" / (s + ".map.json")).is_file())
        again = self.make()
        self.assertEqual(self.conversions(again), [], again)
        self.assertIn("Nothing to be done", again)
        # Touch one source. Everything is first moved 100 s into the past,
        # so the touch is later whatever the file system's time resolution.
        earlier = time.time() - 100
        for p in [*self.dir.rglob("*.py"), *self.dir.rglob("*.json")]:
            os.utime(p, (earlier, earlier))
        touched = self.dir / "src" / "shapes" / "util.py"
        os.utime(touched)
        self.assertEqual(self.conversions(self.make("-j2")),
                         ["src/shapes/util.py"])
        self.assertEqual(self.conversions(self.make()), [])
        self.make("check")
        (self.dir / "build" / "src" / "shapes" / "main.py").write_text("x\n")
        p = run(["make", f"AGC={AGC}", "check"], cwd=self.dir)
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("output is out of date", p.stderr)


class Determinism(TempDir):
    """Converted bytes depend only on the input, agc's version, options."""

    def setUp(self):
        super().setUp()
        shutil.copytree(PACKAGE, self.dir / "src" / "shapes")
        shutil.copy(ROOT / "examples" / "model.py", self.dir / "src")
        self.names = sorted(p.name for p in (self.dir / "src").rglob("*.py"))
        self.run_count = 0

    def outputs(self, cwd, inputs, jobs="1", env=None, names=None):
        """Converts `inputs` (as spelled, from `cwd`) into a fresh folder;
        {base name: (code bytes, map with its source resolved)}."""
        self.run_count += 1
        out = self.dir / f"out{self.run_count}"
        p = run([AGC, "convert", "--out-dir", str(out), "-j", jobs, *inputs],
                cwd=cwd, env=env, text=False)
        self.assertEqual(p.returncode, 0, p.stderr)
        result = {}
        for code in out.rglob("*.py"):
            m = json.loads(Path(str(code) + ".map.json").read_text())
            m["source"] = str((code.parent / m["source"]).resolve())
            result[code.name] = (code.read_bytes(), m)
        self.assertEqual(sorted(result), names or self.names)
        return result

    def test_same_bytes_every_way(self):
        src = self.dir / "src"
        rel = sorted(str(p.relative_to(self.dir)) for p in src.rglob("*.py"))
        base = self.outputs(self.dir, rel)
        variants = {
            "./a.py": (self.dir, ["./" + r for r in rel], "1", None),
            "absolute": (self.dir, [str(self.dir / r) for r in rel], "1",
                         None),
            "a/../a.py": (self.dir, [f"src/../{r}" for r in rel], "1", None),
            "other cwd": (src, [str(Path(r).relative_to("src"))
                                for r in rel], "1", None),
            "-j2": (self.dir, rel, "2", None),
            "-j8": (self.dir, rel, "8", None),
            "LC_ALL=C": (self.dir, rel, "2", clean_env(LC_ALL="C", LANG="C")),
            "LC_ALL=C.UTF-8": (self.dir, rel, "1",
                               clean_env(LC_ALL="C.UTF-8", TZ="Asia/Tokyo")),
            "tr_TR locale": (self.dir, rel, "1",
                             clean_env(LC_ALL="tr_TR.UTF-8", LANG="tr_TR")),
            "bare env": (self.dir, rel, "1",
                         {"PATH": "/usr/bin:/bin", "HOME": "/nonexistent",
                          "SOURCE_DATE_EPOCH": "1", "PWD": "/"}),
        }
        for name, (cwd, inputs, jobs, env) in variants.items():
            with self.subTest(variant=name):
                self.assertEqual(self.outputs(cwd, inputs, jobs, env), base)

    def test_stdout_equals_file_output(self):
        src = self.dir / "src" / "shapes" / "geometry.py"
        p = run([AGC, "convert", str(src), "-o", "-"], text=False)
        self.assertEqual(p.returncode, 0, p.stderr)
        q = run([AGC, "convert", "-", "-o", "-"], text=False,
                input=src.read_bytes(), cwd="/")
        # The header names the file (by its base name) or <stdin>.
        header = (b"# Generated by agc %s from geometry.py. Edit the source, "
                  b"not this file.\n" % AGC_VERSION.encode())
        self.assertTrue(p.stdout.startswith(header), p.stdout[:100])
        self.assertEqual(q.stdout, p.stdout.replace(b"from geometry.py.",
                                                    b"from <stdin>.", 1))
        files = self.outputs(self.dir, ["src/shapes/geometry.py"],
                             names=["geometry.py"])
        self.assertEqual(files["geometry.py"][0], p.stdout)


class EmitRuntime(TempDir):
    def test_converted_package_runs_without_install(self):
        # The converted code only: its frames go through the emitted runtime
        # (eager originals would run the original code, with no runtime
        # frame to look for).
        self.convert_package("--emit-runtime", "--converted-only")
        emitted = self.dir / "out" / "src" / "agc_runtime"
        names = sorted(p.name for p in (RUNTIME / "agc_runtime").glob("*.py"))
        self.assertEqual(sorted(p.name for p in emitted.iterdir()), names)
        match, mismatch, errors = filecmp.cmpfiles(
            RUNTIME / "agc_runtime", emitted, names, shallow=False)
        self.assertEqual((mismatch, errors), ([], []))
        # Only out/src on the path: agc_runtime comes from there.
        raw = self.traceback_of("loop", pythonpath=[self.dir / "out" / "src"])
        self.assertIn(str(emitted / "_importlib_bootstrap_python.py"), raw)
        remapped = self.remap(raw)
        self.assertNotIn("agc_runtime", remapped)
        self.assertIn(str(self.dir / "src" / "shapes" / "util.py"), remapped)
        # Up to date: nothing written, --check passes; a changed copy is
        # stale and rewritten.
        mtime = (emitted / "__init__.py").stat().st_mtime_ns
        sources = sorted(str(p.relative_to(self.dir))
                         for p in (self.dir / "src").rglob("*.py"))
        args = [AGC, "convert", "--out-dir", "out", "--emit-runtime",
                "--converted-only", *sources]
        self.assertEqual(run(args + ["--check"], cwd=self.dir).returncode, 0)
        (emitted / "core.py").write_text("# edited\n")
        p = run(args + ["--check"], cwd=self.dir)
        self.assertEqual(p.returncode, 1)
        self.assertIn("out/src/agc_runtime/core.py", p.stderr)
        p = run(args, cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertTrue(filecmp.cmp(emitted / "core.py",
                                    RUNTIME / "agc_runtime" / "core.py",
                                    shallow=False))
        self.assertEqual((emitted / "__init__.py").stat().st_mtime_ns, mtime)

    def test_script_gets_runtime_beside_it(self):
        (self.dir / "tool.py").write_text("def f(x):\n    return x if x else 1\n")
        p = run([AGC, "convert", "--emit-runtime", "tool.py", "-o",
                 "gen/tool.py"], cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertTrue((self.dir / "gen/agc_runtime/__init__.py").is_file())
        q = run([sys.executable, "-c", "import tool; print(tool.f(0))"],
                cwd=self.dir / "gen", env=clean_env())
        self.assertEqual((q.returncode, q.stdout), (0, "1\n"), q.stderr)

    def test_installed_binary_finds_its_runtime(self):
        if BUILD_DIR is None:
            self.skipTest("--build-dir not given")
        prefix = self.dir / "prefix"
        p = run(["cmake", "--install", str(BUILD_DIR), "--prefix",
                 str(prefix)])
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        agc = prefix / "bin" / "agc"
        share = prefix / "share" / "agc" / "runtime"
        self.assertTrue((share / "agc_runtime" / "__init__.py").is_file())
        self.assertTrue((share / "pyproject.toml").is_file())
        (self.dir / "m.py").write_text("def f(x):\n    return x\n")
        p = run([str(agc), "--log-level", "debug", "convert",
                 "--emit-runtime", "m.py", "-o", "gen/m.py"], cwd=self.dir,
                env=clean_env())
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn(f"runtime package from {share}", p.stderr)
        self.assertTrue((self.dir / "gen/agc_runtime/core.py").is_file())

    def test_missing_runtime_is_an_error(self):
        (self.dir / "m.py").write_text("def f(x):\n    return x\n")
        p = run([AGC, "convert", "--emit-runtime", "m.py"], cwd=self.dir,
                env=clean_env(AGC_RUNTIME_DIR=str(self.dir / "none")))
        self.assertEqual(p.returncode, 2)
        self.assertIn("AGC_RUNTIME_DIR", p.stderr)


class Header(TempDir):
    def test_header_below_shebang_and_coding_line(self):
        source = ("#!/usr/bin/env python3\n# -*- coding: latin-1 -*-\n"
                  "def f(x):\n    return 'caf\xe9' if x else 'th\xe9'\n"
                  ).encode("latin-1")
        (self.dir / "m.py").write_bytes(source)
        p = run([AGC, "convert", "m.py", "-o", "gen/m.py"], cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        out = (self.dir / "gen" / "m.py").read_bytes().split(b"\n")
        self.assertEqual(out[:3], [
            b"#!/usr/bin/env python3", b"# -*- coding: latin-1 -*-",
            b"# Generated by agc %s from m.py. Edit the source, not this "
            b"file." % AGC_VERSION.encode()])
        m = json.loads((self.dir / "gen" / "m.py.map.json").read_text())
        self.assertEqual(len(m["origin_lines"]), len(out) - 1)
        self.assertEqual(m["origin_lines"][:4], [1, 2, 3, 3])
        # Python still reads the coding line: the text survives.
        q = run([sys.executable, "-c", "import m; print(m.f(1), m.f(0))"],
                cwd=self.dir / "gen", env=clean_env(
                    PYTHONPATH=str(RUNTIME), PYTHONIOENCODING="utf-8"))
        self.assertEqual((q.returncode, q.stdout), (0, "caf\xe9 th\xe9\n"),
                         q.stderr)

    def test_no_header_when_nothing_changes(self):
        source = b"#!/usr/bin/env python3\nX = 1\n"
        (self.dir / "m.py").write_bytes(source)
        for args in (["--passes", "none"], []):
            p = run([AGC, "convert", "m.py", "-o", "-", *args], text=False,
                    cwd=self.dir)
            self.assertEqual((p.returncode, p.stdout), (0, source), p.stderr)


def python_with_build_tools():
    """An interpreter that can build a setuptools project offline."""
    for python in (sys.executable, "/usr/bin/python3"):
        if not Path(python).exists():
            continue
        p = run([python, "-c", "import setuptools, wheel, pip"])
        if p.returncode == 0:
            return python
    return None


class RoundtripOnAFolder(TempDir):
    SCRIPT = ROOT / "scripts" / "stdlib_roundtrip.py"

    def test_folder_inside_site_packages_is_checked(self):
        pkg = self.dir / "site-packages" / "pkg"
        (pkg / "site-packages").mkdir(parents=True)
        (pkg / "mod.py").write_text("def f(x):\n    if x:\n        return 1\n"
                                    "    return 2\n")
        # Installed under the checked folder: left out.
        (pkg / "site-packages" / "dep.py").write_text("def g(:\n")
        p = run([sys.executable, str(self.SCRIPT), "--agc", AGC, "--stdlib",
                 str(pkg), "-j", "1"])
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertIn("1 files under", p.stdout)
        self.assertIn("3 passed, 0 failed", p.stdout)

    def test_rewrite_and_every(self):
        src = self.dir / "src"
        src.mkdir()
        # a.py, c.py: checked with --every 2; b.py (a syntax error) is not.
        (src / "a.py").write_bytes(b"class C:\n    def f(self, x):  # c\n"
                                   b"        if x:\n            return 1\n"
                                   b"        return 2\n")
        (src / "b.py").write_bytes(b"def g(:\n")
        (src / "c.py").write_bytes(b"@d  # c\r\ndef f(): pass\r\n"
                                   b"s = '\xc3\xa9 \\\r\n'\r\n")
        for rewrite in ("crlf", "cr", "form-feeds", "bom", "latin-1",
                        "no-final-newline", "tabs", "comments"):
            p = run([sys.executable, str(self.SCRIPT), "--agc", AGC,
                     "--stdlib", str(src), "--every", "2", "--rewrite",
                     rewrite, "-j", "1"])
            self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
            self.assertIn(f"2 files under {src} (copies rewritten: "
                          f"{rewrite})", p.stdout)
            self.assertIn("6 passed, 0 failed", p.stdout)
        # The copies are made in a temporary folder: the input is unchanged.
        self.assertEqual((src / "a.py").read_bytes()[:9], b"class C:\n")

    def test_no_python_files_is_an_error(self):
        p = run([sys.executable, str(self.SCRIPT), "--agc", AGC, "--stdlib",
                 str(self.dir)])
        self.assertEqual(p.returncode, 1)
        self.assertIn("no .py files under", p.stderr)


class PipInstall(TempDir):
    def test_pip_install_offline(self):
        python = python_with_build_tools()
        if python is None:
            self.skipTest("no Python with setuptools, wheel and pip "
                          "(scripts/setup.sh installs Debian's)")
        # Build from a copy: setuptools writes build/ and *.egg-info into the
        # project folder.
        project = self.dir / "runtime"
        shutil.copytree(RUNTIME, project,
                        ignore=shutil.ignore_patterns("tests", "__pycache__"))
        target = self.dir / "site"
        p = run([python, "-m", "pip", "install", "--no-index",
                 "--no-build-isolation", "--disable-pip-version-check",
                 "--target", str(target), str(project)],
                env=clean_env(PIP_NO_INPUT="1"))
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        q = run([python, "-c", "import agc_runtime, sys; "
                 "print(agc_runtime.__file__); print(agc_runtime.if_exp("
                 "True, lambda: 'yes', lambda: 'no', 'c'))"],
                env=clean_env(PYTHONPATH=str(target)), cwd=self.dir)
        self.assertEqual(q.returncode, 0, q.stderr)
        self.assertEqual(q.stdout.splitlines(),
                         [str(target / "agc_runtime" / "__init__.py"), "yes"])


def main():
    global AGC, AGC_VERSION, BUILD_DIR
    parser = argparse.ArgumentParser()
    parser.add_argument("--agc", required=True)
    parser.add_argument("--build-dir")
    args, rest = parser.parse_known_args()
    AGC = str(Path(args.agc).resolve())
    BUILD_DIR = Path(args.build_dir).resolve() if args.build_dir else None
    AGC_VERSION = run([AGC, "--version"]).stdout.split()[1]
    unittest.main(argv=[sys.argv[0], *rest], verbosity=2)


if __name__ == "__main__":
    main()
