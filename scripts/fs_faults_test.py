#!/usr/bin/env python3
"""File-system faults around `agc convert`: unwritable and missing output
folders, a full disk, inputs that vanish, symlinks, the same file twice, the
output naming the input. Each gives one clear error with the documented exit
code (2 for I/O), leaves the input untouched and leaves no partial or temp
file behind.

Root ignores permission bits, so "unwritable" uses paths that fail for root
too: a folder below a regular file (ENOTDIR) and /proc (no new files). A
full disk is a private /dev/full node (mknod c 1 7 in the temp dir: ENOSPC on
write), so a regression cannot replace the machine's /dev/full.

Run: fs_faults_test.py --agc build/agc
"""
import argparse
import os
import stat
import subprocess
import sys
import tempfile
import threading
import unittest
from pathlib import Path

AGC = None

SRC = b"def f(x):\n    if x > 0:\n        x = x - 1\n    return x\n"


def agc(*args, cwd=None, stdin=None):
    return subprocess.run([AGC, *args], cwd=cwd, input=stdin,
                          capture_output=True, timeout=120)


class FsFaults(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.dir = Path(self._tmp.name)

    def tearDown(self):
        self._tmp.cleanup()

    def write(self, name, data=SRC):
        p = self.dir / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)
        return p

    def listing(self):
        return sorted(str(p.relative_to(self.dir)) for p in self.dir.rglob("*"))

    def assert_no_temp(self):
        for p in self.dir.rglob("*"):
            self.assertNotIn(".agc-tmp", p.name)

    def assert_error(self, p, pattern, code=2):
        err = p.stderr.decode()
        self.assertGreaterEqual(p.returncode, 0, err)
        self.assertEqual(p.returncode, code, err)
        self.assertNotIn("internal error", err)
        self.assertRegex(err, pattern)
        self.assert_no_temp()

    # --- output folders ------------------------------------------------------

    def test_missing_output_folder_is_created(self):
        self.write("m.py")
        p = agc("convert", "m.py", "-o", "new/deeper/m.py", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertTrue((self.dir / "new/deeper/m.py").is_file())
        self.assertTrue((self.dir / "new/deeper/m.py.map.json").is_file())

    def test_map_cannot_be_written(self):
        # The map's path is a folder: neither file is replaced (a new output
        # beside an old map would send tracebacks to the wrong lines).
        self.write("m.py")
        (self.dir / "out.py.map.json").mkdir()
        p = agc("convert", "m.py", "-o", "out.py", cwd=self.dir)
        self.assert_error(p, r"^m\.py: error: cannot write output: .*out\.py"
                             r"\.map\.json: Is a directory \[AGC011\]\n$")
        self.assertFalse((self.dir / "out.py").exists())
        self.write("out.py", b"old = 1\n")
        p = agc("convert", "m.py", "-o", "out.py", cwd=self.dir)
        self.assert_error(p, r"Is a directory \[AGC011\]")
        self.assertEqual((self.dir / "out.py").read_bytes(), b"old = 1\n")
        self.assertEqual(self.listing(), ["m.py", "out.py", "out.py.map.json"])

    def test_output_folder_below_a_file(self):
        self.write("m.py")
        self.write("blocker", b"a file")
        for args in (["-o", "blocker/x/m.py"], ["-o", "blocker/m.py"],
                     ["--out-dir", "blocker"]):
            with self.subTest(args=args):
                p = agc("convert", "m.py", *args, cwd=self.dir)
                self.assert_error(p, r"^m\.py: error: cannot write output: .*\[AGC011\]\n$")
                self.assertEqual(self.listing(), ["blocker", "m.py"])
                self.assertEqual((self.dir / "m.py").read_bytes(), SRC)

    def test_output_in_proc(self):
        # /proc accepts no new files, even from root.
        self.write("m.py")
        p = agc("convert", "m.py", "-o", "/proc/agc-test/m.py", cwd=self.dir)
        self.assert_error(p, r"^m\.py: error: cannot write output: .*\[AGC011\]\n$")
        p = agc("convert", "m.py", "-o", "/proc/agc-test.py", cwd=self.dir)
        self.assert_error(p, r"^m\.py: error: cannot write output: .*\[AGC011\]\n$")
        self.assertEqual(self.listing(), ["m.py"])

    def test_read_only_folder(self):
        if os.geteuid() == 0:
            self.skipTest("root ignores permission bits (covered by /proc)")
        self.write("m.py")
        ro = self.dir / "ro"
        ro.mkdir()
        os.chmod(ro, 0o500)
        try:
            p = agc("convert", "m.py", "-o", "ro/m.py", cwd=self.dir)
            self.assert_error(p, r"Permission denied.*\[AGC011\]\n$")
            self.assertEqual(os.listdir(ro), [])
        finally:
            os.chmod(ro, 0o700)

    def test_output_is_a_folder(self):
        self.write("m.py")
        (self.dir / "out.py").mkdir()
        p = agc("convert", "m.py", "-o", "out.py", cwd=self.dir)
        self.assert_error(p, r"^m\.py: error: cannot write output: .*\[AGC011\]\n$")
        self.assertEqual(self.listing(), ["m.py", "out.py"])

    # --- a full disk -------------------------------------------------------------

    def device(self, name, minor):
        """A private copy of a memory device (1,3 null; 1,7 full) in the temp
        dir: a regression that renamed a file over it must not damage the
        machine's /dev. Needs root (mknod); else the real device is used only
        when writing to it cannot replace it (no write access to /dev)."""
        path = self.dir / name
        try:
            os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, minor))
            return str(path), True
        except PermissionError:
            if os.access("/dev", os.W_OK):
                self.skipTest("cannot mknod, and /dev is writable")
            return "/dev/" + name, False

    def test_disk_full(self):
        self.write("m.py")
        full, private = self.device("full", 7)
        p = agc("convert", "m.py", "-o", full, cwd=self.dir)
        self.assert_error(
            p, r"^m\.py: error: cannot write output: .*full: No space left on "
               r"device \[AGC011\]\n$")
        # The device is still the device (not replaced by a renamed file) and
        # nothing was left beside it (no temp file, no map).
        self.assertTrue(Path(full).is_char_device())
        self.assertEqual(self.listing(), ["full", "m.py"] if private else ["m.py"])

    def test_dev_null_output(self):
        self.write("m.py")
        null, private = self.device("null", 3)
        p = agc("convert", "m.py", "-o", null, cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertTrue(Path(null).is_char_device())
        self.assertEqual(self.listing(), ["m.py", "null"] if private else ["m.py"])

    def test_fifo_output(self):
        self.write("m.py")
        fifo = self.dir / "out.fifo"
        os.mkfifo(fifo)
        got = []
        reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
        reader.start()
        p = agc("convert", "m.py", "-o", str(fifo), "--passes", "none", cwd=self.dir)
        reader.join(60)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(got, [SRC])
        self.assertEqual(self.listing(), ["m.py", "out.fifo"])  # no map, no temp

    # --- inputs that vanish or are odd -------------------------------------

    def test_input_deleted_before_reading(self):
        # A link whose target was deleted after it was listed (deterministic
        # stand-in for a file removed between listing and reading).
        self.write("gone.py")
        os.symlink("gone.py", self.dir / "link.py")
        os.unlink(self.dir / "gone.py")
        p = agc("convert", "link.py", cwd=self.dir)
        self.assert_error(
            p, r"^link\.py: error: cannot read input: No such file or directory \[AGC010\]\n$")
        self.assertEqual(self.listing(), ["link.py"])

    def test_one_input_missing_others_converted(self):
        self.write("a.py")
        p = agc("convert", "a.py", "gone.py", "--out-dir", "out", cwd=self.dir)
        self.assert_error(p, r"gone\.py: error: cannot read input: .*\[AGC010\]")
        self.assertFalse((self.dir / "out/gone.py").exists())
        self.assertEqual((self.dir / "a.py").read_bytes(), SRC)

    def test_input_fifo_writer_stops_early(self):
        # The writer sends half a function and closes: agc reads to the end of
        # what it got and reports the truncated program; no output.
        fifo = self.dir / "in.py"
        os.mkfifo(fifo)

        def feed():
            with open(fifo, "wb") as f:
                f.write(b"def f(x):\n    return (x +\n")

        t = threading.Thread(target=feed)
        t.start()
        p = agc("convert", "in.py", "-o", "out.py", cwd=self.dir)
        t.join(60)
        self.assert_error(p, r"^in\.py:2:\d+: error: .*\[AGC00[16]\]\n"
                          r"    return \(x \+\n *\^\n$", code=1)
        self.assertEqual(self.listing(), ["in.py"])

    def test_input_unreadable_special(self):
        self.write("m.py")
        p = agc("convert", "/proc/self/mem", "-o", "out.py", cwd=self.dir)
        self.assertIn(p.returncode, (1, 2), p.stderr)
        self.assertNotIn(b"internal error", p.stderr)
        self.assert_no_temp()
        self.assertFalse((self.dir / "out.py").exists())

    # --- symlinks --------------------------------------------------------------

    def test_symlinked_input(self):
        self.write("real/m.py")
        os.symlink("real/m.py", self.dir / "ln.py")
        p = agc("convert", "ln.py", "--passes", "none", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual((self.dir / "ln_ag.py").read_bytes(), SRC)
        self.assertTrue((self.dir / "ln.py").is_symlink())
        self.assertEqual((self.dir / "real/m.py").read_bytes(), SRC)

    def test_symlinked_output_is_written_through(self):
        self.write("m.py")
        self.write("build/real_out.py", b"old\n")
        os.symlink("build/real_out.py", self.dir / "out.py")
        p = agc("convert", "m.py", "-o", "out.py", "--passes", "none",
                "--no-source-map", cwd=self.dir)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertTrue((self.dir / "out.py").is_symlink())
        self.assertEqual((self.dir / "build/real_out.py").read_bytes(), SRC)
        self.assert_no_temp()

    def test_output_symlink_to_the_input(self):
        self.write("m.py")
        os.symlink("m.py", self.dir / "out.py")
        p = agc("convert", "m.py", "-o", "out.py", cwd=self.dir)
        self.assert_error(p, r"^m\.py: error: refusing to overwrite the input file \[AGC012\]\n$")
        self.assertEqual((self.dir / "m.py").read_bytes(), SRC)
        self.assertTrue((self.dir / "out.py").is_symlink())
        self.assertEqual(self.listing(), ["m.py", "out.py"])

    def test_input_symlink_to_the_output(self):
        self.write("m.py")
        os.symlink("m.py", self.dir / "ln.py")
        p = agc("convert", "ln.py", "-o", "m.py", cwd=self.dir)
        self.assert_error(p, r"^ln\.py: error: refusing to overwrite the input file \[AGC012\]\n$")
        self.assertEqual((self.dir / "m.py").read_bytes(), SRC)

    def test_hard_link_to_the_input(self):
        self.write("m.py")
        os.link(self.dir / "m.py", self.dir / "hard.py")
        p = agc("convert", "m.py", "-o", "hard.py", cwd=self.dir)
        self.assert_error(p, r"refusing to overwrite the input file \[AGC012\]")
        self.assertEqual((self.dir / "m.py").read_bytes(), SRC)

    # --- the output naming the input ------------------------------------------

    def test_output_path_equal_to_input_path(self):
        self.write("m.py")
        for out in ("m.py", "./m.py", str(self.dir / "m.py"), "sub/../m.py"):
            with self.subTest(out=out):
                (self.dir / "sub").mkdir(exist_ok=True)
                p = agc("convert", "m.py", "-o", out, cwd=self.dir)
                self.assert_error(
                    p, r"^m\.py: error: refusing to overwrite the input file \[AGC012\]\n$")
                self.assertEqual((self.dir / "m.py").read_bytes(), SRC)
        p = agc("convert", "./m.py", "--out-dir", ".", cwd=self.dir)
        self.assert_error(p, r"refusing to overwrite the input file \[AGC012\]")
        self.assertEqual((self.dir / "m.py").read_bytes(), SRC)
        self.assertEqual(self.listing(), ["m.py", "sub"])

    def test_same_file_given_twice(self):
        self.write("m.py")
        for args in (["m.py", "m.py"], ["m.py", "./m.py"]):
            with self.subTest(args=args):
                p = agc("convert", *args, "--passes", "none", cwd=self.dir)
                err = p.stderr.decode()
                self.assertIn(p.returncode, (0, 2), err)
                if p.returncode == 2:
                    self.assertRegex(err, r"\[AGC01\d\]")
                else:
                    self.assertEqual((self.dir / "m_ag.py").read_bytes(), SRC)
                self.assertEqual((self.dir / "m.py").read_bytes(), SRC)
                self.assert_no_temp()

    def test_two_inputs_one_output(self):
        self.write("a.py")
        self.write("b.py", b"y = 2\n")
        p = agc("convert", "a.py", "b.py", "-o", "out.py", cwd=self.dir)
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertFalse((self.dir / "out.py").exists())


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--agc", required=True)
    args, rest = ap.parse_known_args()
    AGC = os.path.abspath(args.agc)
    unittest.main(argv=[sys.argv[0], *rest], verbosity=2)
