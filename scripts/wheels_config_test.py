#!/usr/bin/env python3
"""The release configuration, checked in seconds (ctest wheels_config).

scripts/wheels.sh cross-compiles for an hour and more, so CI does not run
it (`scripts/wheels.sh --check` does, by hand). This checks what can go
wrong without a build:
  - scripts/portable_sources.txt: each pin names a known registry, an
    exact version and a SHA-256, once;
  - requirements-wheels.txt pins every package exactly, Zig's and
    auditwheel among them;
  - wheels.sh's TARGETS and wheels_check.py's tables name the same tags,
    each a valid wheel platform tag;
  - make_wheel.py writes an agc_runtime wheel that pip installs with
    --no-index (its RECORD checked) and whose agc_runtime imports; and a
    platform wheel (of a stand-in binary) whose metadata requires that
    runtime and whose binary is executable in the archive.
"""
from __future__ import annotations

import base64
import hashlib
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import unittest
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VERSION = (ROOT / "runtime" / "VERSION").read_text().strip()


def load(name: str):
    spec = importlib.util.spec_from_file_location(
        name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def wheels_sh_targets() -> dict[str, str]:
    text = (ROOT / "scripts" / "wheels.sh").read_text()
    block = re.search(r"^TARGETS=\(\n(.*?)^\)", text, re.S | re.M).group(1)
    targets = {}
    for line in block.splitlines():
        target, tag = line.strip().strip('"').split()
        targets[target] = tag
    return targets


class WheelsConfigTest(unittest.TestCase):
    def test_portable_pins(self):
        seen = set()
        lines = (ROOT / "scripts" / "portable_sources.txt").read_text()
        rows = [line.split() for line in lines.splitlines()
                if line.strip() and not line.startswith("#")]
        self.assertTrue(rows)
        for row in rows:
            self.assertEqual(len(row), 4, row)
            registry, name, version, sha = row
            self.assertIn(registry, ("pypi", "debian", "debian-source"), row)
            self.assertRegex(version, r"^[0-9][0-9A-Za-z.+:~-]*$", row)
            self.assertRegex(sha, r"^[0-9a-f]{64}$", row)
            self.assertNotIn(name, seen)
            seen.add(name)
        # What cmake/bundled_deps.cmake compiles in.
        for name in ("tree-sitter", "mimalloc", "libcli11-dev",
                     "nlohmann-json3-dev", "libspdlog-dev", "libfmt-dev",
                     "libtomlplusplus-dev", "libdtl-dev"):
            self.assertIn(name, seen)

    def test_release_tools_pinned(self):
        names = set()
        for line in (ROOT / "requirements-wheels.txt").read_text().splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                self.assertRegex(line, r"^[A-Za-z0-9_.-]+==[0-9][^ ]*$")
                names.add(line.split("==")[0].lower())
        self.assertLessEqual({"ziglang", "auditwheel"}, names)

    def test_targets_agree(self):
        check = load("wheels_check")
        targets = wheels_sh_targets()
        self.assertEqual(len(targets), 6)
        short = {tag.split(".")[0]: target for target, tag in targets.items()}
        self.assertEqual(set(short), set(check.EXPECTED))
        for tag, target in short.items():
            self.assertRegex(tag, r"^(manylinux_2_17_(x86_64|aarch64)|"
                             r"musllinux_1_2_x86_64|win_amd64|"
                             r"macosx_11_0_(x86_64|arm64))$")
        full = targets["x86_64-linux-gnu.2.17"].split(".")
        self.assertIn("manylinux2014_x86_64", full)

    def test_runtime_wheel_installs(self):
        make_wheel = load("make_wheel")
        with tempfile.TemporaryDirectory() as tmp:
            tmp = Path(tmp)
            wheel = make_wheel.runtime_wheel(tmp / "dist")
            self.assertEqual(wheel.name,
                             f"agc_runtime-{VERSION}-py3-none-any.whl")
            with zipfile.ZipFile(wheel) as z:
                record = z.read(f"agc_runtime-{VERSION}.dist-info/RECORD")
                for row in record.decode().splitlines():
                    name, digest, size = row.rsplit(",", 2)
                    if not digest:
                        continue
                    data = z.read(name)
                    want = base64.urlsafe_b64encode(
                        hashlib.sha256(data).digest()).rstrip(b"=").decode()
                    self.assertEqual(digest, f"sha256={want}", name)
                    self.assertEqual(int(size), len(data), name)
            again = make_wheel.runtime_wheel(tmp / "again")
            self.assertEqual(wheel.read_bytes(), again.read_bytes(),
                             "the wheel is not reproducible")
            env = {k: v for k, v in os.environ.items()
                   if not k.startswith("PIP_") and k != "PYTHONPATH"}
            env["PIP_CONFIG_FILE"] = os.devnull
            p = subprocess.run(
                [sys.executable, "-m", "pip", "install", "-q", "--no-index",
                 "--disable-pip-version-check", "--target", tmp / "site",
                 wheel], capture_output=True, text=True, env=env)
            self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
            p = subprocess.run(
                [sys.executable, "-c", "import agc_runtime; "
                 "print(agc_runtime.__file__)"], capture_output=True,
                text=True, env={**env, "PYTHONPATH": str(tmp / "site")},
                cwd=tmp)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertTrue(p.stdout.startswith(str(tmp / "site")), p.stdout)

    def test_platform_wheel_layout(self):
        make_wheel = load("make_wheel")
        portable = ROOT / "third_party" / "portable"
        if not (portable / ".agc-pins").exists():
            self.skipTest("no third_party/portable/ (the licenses the wheel "
                          "carries): scripts/fetch_portable_sources.sh")
        with tempfile.TemporaryDirectory() as tmp:
            tmp = Path(tmp)
            binary = tmp / "agc"
            binary.write_bytes(b"\x7fELF stand-in")
            wheel = make_wheel.platform_wheel(binary, "win_amd64", tmp)
            with zipfile.ZipFile(wheel) as z:
                names = z.namelist()
                exe = f"agc-{VERSION}.data/scripts/agc.exe"
                self.assertIn(exe, names)
                self.assertEqual((z.getinfo(exe).external_attr >> 16) & 0o777,
                                 0o755)
                meta = z.read(f"agc-{VERSION}.dist-info/METADATA").decode()
                self.assertIn(f"Requires-Dist: agc-runtime=={VERSION}", meta)
                wheel_file = z.read(f"agc-{VERSION}.dist-info/WHEEL").decode()
                self.assertIn("Tag: py3-none-win_amd64", wheel_file)
                self.assertIn("agc/__main__.py", names)
                self.assertIn(f"agc-{VERSION}.data/data/share/agc/runtime/"
                              "agc_runtime/__init__.py", names)
                self.assertFalse(any(n.startswith("agc_runtime/")
                                     for n in names))


if __name__ == "__main__":
    unittest.main(verbosity=2)
