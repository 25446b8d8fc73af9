#!/usr/bin/env python3
"""Writes agc's release wheels (scripts/wheels.sh calls it).

  make_wheel.py platform --binary BUILD/agc --tag TAG --out DIST
      agc-VERSION-py3-none-TAG.whl: the binary in the wheel's scripts
      (pip installs it into the environment's bin/ or Scripts/), the
      `python -m agc` package (python/agc), the runtime's sources in
      share/agc/runtime (for `agc convert --emit-runtime`) and the licenses
      of what the binary compiles in. It requires agc-runtime of the same
      version.
  make_wheel.py runtime --out DIST
      agc_runtime-VERSION-py3-none-any.whl: the agc_runtime package that
      converted code imports (pure Python, one wheel for every platform).

Wheels are zip files with fixed timestamps and a sorted member order, so
the same inputs give the same bytes.
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import io
import stat
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STAMP = (2020, 1, 1, 0, 0, 0)
SUMMARY = ("An ahead-of-time AutoGraph compiler: rewrites Python control flow "
           "into overloadable operators before the program runs")
RUNTIME_SUMMARY = ("Run-time operators for code converted by agc, the "
                   "ahead-of-time AutoGraph compiler")


def version() -> str:
    return (ROOT / "runtime" / "VERSION").read_text().strip()


class Wheel:
    def __init__(self, path: Path, dist_info: str):
        self.path = path
        self.dist_info = dist_info
        self.files: dict[str, tuple[bytes, bool]] = {}

    def add(self, name: str, data: bytes, executable: bool = False) -> None:
        assert name not in self.files, name
        self.files[name] = (data, executable)

    def add_tree(self, prefix: str, folder: Path, pattern: str) -> None:
        for f in sorted(folder.rglob(pattern)):
            if "__pycache__" in f.parts:
                continue
            self.add(f"{prefix}/{f.relative_to(folder).as_posix()}",
                     f.read_bytes())

    def write(self) -> None:
        record_name = f"{self.dist_info}/RECORD"
        rows = []
        for name, (data, _) in sorted(self.files.items()):
            digest = base64.urlsafe_b64encode(
                hashlib.sha256(data).digest()).rstrip(b"=").decode()
            rows.append(f"{name},sha256={digest},{len(data)}")
        rows.append(f"{record_name},,")
        self.files[record_name] = (("\n".join(rows) + "\n").encode(), False)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
            # dist-info last, as the wheel spec recommends.
            names = sorted(self.files, key=lambda n: (
                n.startswith(self.dist_info), n))
            for name in names:
                data, executable = self.files[name]
                info = zipfile.ZipInfo(name, STAMP)
                mode = 0o755 if executable else 0o644
                info.external_attr = (stat.S_IFREG | mode) << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, data)
        self.path.write_bytes(buffer.getvalue())


def wheel_file(tag: str) -> bytes:
    return (f"Wheel-Version: 1.0\nGenerator: agc make_wheel.py\n"
            f"Root-Is-Purelib: {'true' if tag == 'any' else 'false'}\n"
            f"Tag: py3-none-{tag}\n").encode()


def metadata(name: str, summary: str, readme: Path,
             requires: list[str]) -> bytes:
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {name}",
        f"Version: {version()}",
        f"Summary: {summary}",
        "Requires-Python: >=3.11",
        *(f"Requires-Dist: {r}" for r in requires),
        "Classifier: Programming Language :: Python :: 3",
        "Description-Content-Type: text/markdown",
        "",
        readme.read_text(),
    ]
    return "\n".join(lines).encode()


def platform_wheel(binary: Path, tag: str, out: Path) -> Path:
    v = version()
    dist_info = f"agc-{v}.dist-info"
    wheel = Wheel(out / f"agc-{v}-py3-none-{tag}.whl", dist_info)
    exe = "agc.exe" if tag.startswith("win") else "agc"
    wheel.add(f"agc-{v}.data/scripts/{exe}", binary.read_bytes(),
              executable=True)
    wheel.add_tree("agc", ROOT / "python" / "agc", "*.py")
    share = f"agc-{v}.data/data/share/agc/runtime"
    wheel.add_tree(f"{share}/agc_runtime", ROOT / "runtime" / "agc_runtime",
                   "*.py")
    for name in ("pyproject.toml", "README.md", "VERSION"):
        wheel.add(f"{share}/{name}", (ROOT / "runtime" / name).read_bytes())
    portable = ROOT / "third_party" / "portable"
    licenses = {
        "tree-sitter-python": ROOT / "third_party" / "tree-sitter-python" /
        "LICENSE",
        "tree-sitter": portable / "tree-sitter" / "LICENSE",
        "mimalloc": portable / "mimalloc" / "LICENSE",
    }
    for f in sorted((portable / "licenses").iterdir()):
        licenses[f.name] = f
    for name, path in licenses.items():
        wheel.add(f"{dist_info}/licenses/{name}", path.read_bytes())
    wheel.add(f"{dist_info}/WHEEL", wheel_file(tag))
    wheel.add(f"{dist_info}/METADATA",
              metadata("agc", SUMMARY, ROOT / "README.md",
                       [f"agc-runtime=={v}"]))
    wheel.write()
    return wheel.path


def runtime_wheel(out: Path) -> Path:
    v = version()
    dist_info = f"agc_runtime-{v}.dist-info"
    wheel = Wheel(out / f"agc_runtime-{v}-py3-none-any.whl", dist_info)
    wheel.add_tree("agc_runtime", ROOT / "runtime" / "agc_runtime", "*.py")
    wheel.add(f"{dist_info}/WHEEL", wheel_file("any"))
    wheel.add(f"{dist_info}/METADATA",
              metadata("agc-runtime", RUNTIME_SUMMARY,
                       ROOT / "runtime" / "README.md", []))
    wheel.write()
    return wheel.path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("kind", choices=["platform", "runtime"])
    parser.add_argument("--binary", type=Path)
    parser.add_argument("--tag")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    if args.kind == "platform":
        if not args.binary or not args.tag:
            parser.error("platform needs --binary and --tag")
        print(platform_wheel(args.binary, args.tag, args.out))
    else:
        print(runtime_wheel(args.out))


if __name__ == "__main__":
    main()
