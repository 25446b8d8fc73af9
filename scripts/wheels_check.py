#!/usr/bin/env python3
"""Checks the release scripts/wheels.sh built in dist/ (`wheels.sh --check`).

For each platform wheel agc-VERSION-py3-none-TAG.whl:
  - its binary is of the tag's format and machine (ELF x86_64/aarch64, PE
    x86-64, Mach-O x86_64/arm64), a musllinux one linked statically;
  - Linux: `auditwheel show` finds no external shared library and a
    platform tag no newer than the wheel's (glibc 2.17, musl 1.2);
  - it installs with `pip install --no-index --find-links dist` (with its
    agc-runtime dependency from dist/): x86_64 glibc into a fresh virtual
    environment, where `agc`, `python -m agc` and the converted example's
    import of agc_runtime run; the others with pip's --platform and
    --target (pip installs no foreign wheel into a venv), then run under
    qemu-aarch64-static (aarch64, on Debian's aarch64 libc6 that setup.sh
    --wheels unpacks into .aarch64-root/), wine64 (Windows)
    or directly (static musl);
  - there `agc --version` names the wheel's target and `agc convert
    examples/model.py -o -` (the README's first conversion) prints the same
    bytes as the native build's (build/agc).
macOS wheels are checked for format only: nothing here runs them.
With --roundtrip, scripts/stdlib_roundtrip.py runs with the x86_64
manylinux binary. With --sdist, the source distribution is built with Zig's
toolchain and no system library in reach (pkg-config and CMake's package
search pointed at an empty folder), so that its bundled sources are what it
builds from, and that agc converts the example the same way.
Prints a line per check and "N passed, N failed".
"""
from __future__ import annotations

import argparse
import os
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = "examples/model.py"
RESULTS: list[tuple[str, bool, str]] = []
# The work folder and what the native build writes for `-o FILE` there
# (main sets them).
WORK = Path()
EXPECTED_FILES: dict[str, bytes] = {}
EXPECTED_ENCODED: dict[str, tuple] = {}


def version() -> str:
    return (ROOT / "runtime" / "VERSION").read_text().strip()


def record(name: str, ok: bool, detail: str = "") -> bool:
    RESULTS.append((name, ok, detail))
    print(f"{'ok  ' if ok else 'FAIL'} {name}" +
          (f": {detail}" if detail and not ok else
           (f" ({detail})" if detail else "")), flush=True)
    return ok


def run(args, **kwargs) -> subprocess.CompletedProcess:
    kwargs.setdefault("capture_output", True)
    kwargs.setdefault("timeout", 1800)
    return subprocess.run([str(a) for a in args], **kwargs)


def binary_format(data: bytes) -> str:
    """'elf-x86_64', 'elf-aarch64', 'pe-x86_64', 'macho-x86_64', ..."""
    if data[:4] == b"\x7fELF":
        machine = struct.unpack_from("<H", data, 18)[0]
        return {62: "elf-x86_64", 183: "elf-aarch64"}.get(
            machine, f"elf-{machine}")
    if data[:2] == b"MZ":
        pe = struct.unpack_from("<I", data, 0x3C)[0]
        if data[pe:pe + 4] == b"PE\0\0":
            machine = struct.unpack_from("<H", data, pe + 4)[0]
            return {0x8664: "pe-x86_64", 0xAA64: "pe-aarch64"}.get(
                machine, f"pe-{machine:#x}")
    if data[:4] == b"\xcf\xfa\xed\xfe":
        cpu = struct.unpack_from("<I", data, 4)[0]
        return {0x01000007: "macho-x86_64", 0x0100000C: "macho-arm64"}.get(
            cpu, f"macho-{cpu:#x}")
    return "unknown"


# The libraries every macOS has, which a Mach-O binary of a wheel may load
# (what delocate allows without bundling).
MACOS_SYSTEM_LIBRARIES = {"/usr/lib/libSystem.B.dylib",
                          "/usr/lib/libiconv.2.dylib"}


def macho_loads(data: bytes) -> tuple[list[str], str, bool]:
    """The dylibs a 64-bit Mach-O file loads, the oldest macOS it says it
    runs on (LC_BUILD_VERSION's minos, "11.0") and whether it is signed
    (LC_CODE_SIGNATURE: Apple silicon runs no unsigned binary; the linker
    signs it ad hoc)."""
    ncmds = struct.unpack_from("<I", data, 16)[0]
    off = 32
    loads, minos, signed = [], "?", False
    for _ in range(ncmds):
        cmd, size = struct.unpack_from("<II", data, off)
        signed = signed or cmd == 0x1D
        if cmd in (0xC, 0x80000018, 0x8000001F):  # LOAD, WEAK, REEXPORT
            name_off = struct.unpack_from("<I", data, off + 8)[0]
            raw = data[off + name_off:off + size]
            loads.append(raw.split(b"\0", 1)[0].decode())
        elif cmd == 0x32:  # LC_BUILD_VERSION
            v = struct.unpack_from("<I", data, off + 12)[0]
            minos = f"{v >> 16}.{(v >> 8) & 0xFF}"
        off += size
    return loads, minos, signed


def elf_interpreter(data: bytes) -> str | None:
    """The PT_INTERP of a 64-bit little-endian ELF file, or None (static)."""
    phoff = struct.unpack_from("<Q", data, 32)[0]
    phentsize, phnum = struct.unpack_from("<HH", data, 54)
    for i in range(phnum):
        off = phoff + i * phentsize
        p_type = struct.unpack_from("<I", data, off)[0]
        if p_type == 3:
            p_offset = struct.unpack_from("<Q", data, off + 8)[0]
            p_filesz = struct.unpack_from("<Q", data, off + 32)[0]
            return data[p_offset:p_offset + p_filesz].rstrip(b"\0").decode()
    return None


EXPECTED = {
    "manylinux_2_17_x86_64": "elf-x86_64",
    "manylinux_2_17_aarch64": "elf-aarch64",
    "musllinux_1_2_x86_64": "elf-x86_64",
    "win_amd64": "pe-x86_64",
    "macosx_11_0_x86_64": "macho-x86_64",
    "macosx_11_0_arm64": "macho-arm64",
}


def wheel_binary(wheel: Path) -> tuple[str, bytes]:
    with zipfile.ZipFile(wheel) as z:
        names = [n for n in z.namelist() if ".data/scripts/" in n]
        assert len(names) == 1, names
        return names[0], z.read(names[0])


def auditwheel(wheel: Path, tag: str, auditwheel_bin: Path) -> None:
    p = run([auditwheel_bin, "show", wheel], text=True)
    out = p.stdout + p.stderr
    name = f"{tag}: auditwheel show"
    if p.returncode != 0:
        record(name, False, out.strip()[-2000:])
        return
    import re
    ok = "external shared libraries are required" not in out or \
        "required by the wheel:\n{}" in out
    m = re.search(r'platform tag:\s*"?(manylinux|musllinux)_(\d+)_(\d+)_', out)
    if not m:
        record(name, False, out.strip()[-2000:])
        return
    found = (int(m.group(2)), int(m.group(3)))
    want = (2, 17) if tag.startswith("manylinux") else (1, 2)
    ok = ok and m.group(1) == tag.split("_")[0] and found <= want
    record(name, ok, f"consistent with {m.group(0).rstrip('_')}" if ok
           else out.strip()[-2000:])


def pip_install(python: Path, dist: Path, args: list, env: dict
                ) -> subprocess.CompletedProcess:
    return run([python, "-m", "pip", "install", "-q", "--no-index",
                "--disable-pip-version-check", "--find-links", dist,
                *args, f"agc=={version()}"], env=env, text=True)


def clean_env() -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "AGC_RUNTIME_DIR",
                        "PIP_FIND_LINKS", "PIP_INDEX_URL",
                        "PIP_EXTRA_INDEX_URL")}
    env["PIP_NO_INPUT"] = "1"
    env["PIP_CONFIG_FILE"] = os.devnull
    return env


def convert_to_files(command: list, out: Path, env: dict
                     ) -> tuple[int, dict[str, bytes], str]:
    """Converts the example into `out` twice (the second replaces the first
    output and map in place): exit code, the files written, stderr."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for _ in range(2):
        p = run([*command, "convert", EXAMPLE, "-o", out / "model.py"],
                cwd=ROOT, env=env, text=True)
        if p.returncode != 0:
            return p.returncode, {}, p.stderr
    return 0, {f.name: f.read_bytes() for f in sorted(out.iterdir())}, ""


# Source encodings (PEP 263) go through each system's converter (iconv,
# musl's own, Windows' code pages): files that declare one, converted on a
# target, must give what the native build gives (output, errors, exit code).
ENCODED = {
    "latin1.py": b'# -*- coding: latin-1 -*-\ndef f(x):\n    if x:\n'
                 b'        return "caf\xe9"\n    return "na\xefve"\n',
    "koi8.py": b'# coding: koi8-r\ndef g(y):\n    while y > 0:\n'
               b'        y -= 1\n    return "\xf0\xd2\xc9\xd7\xc5\xd4"\n',
    "cp1252.py": b'# coding: cp1252\nx = "\x80 \x9c"\n',
    "bad_ascii.py": b'# coding: ascii\nx = 1\ny = "\xe9"\n',
    "bad_utf8.py": b'x = 1\ny = "\xff"\n',
    "unknown.py": b'# coding: no-such-encoding\nx = 1\n',
}


def convert_encoded(command: list, env: dict) -> dict[str, tuple]:
    folder = WORK / "encoded"
    folder.mkdir(exist_ok=True)
    results = {}
    for name, data in ENCODED.items():
        (folder / name).write_bytes(data)
        p = run([*command, "convert", name, "-o", "-"], cwd=folder, env=env)
        err = b"\n".join(line for line in p.stderr.splitlines()
                         if not line.startswith(b"wine:"))
        results[name] = (p.returncode, p.stdout, err)
    return results


def check_conversion(tag: str, command: list, expected: bytes,
                     target: str, env: dict) -> None:
    p = run([*command, "--version"], cwd=ROOT, env=env, text=True)
    record(f"{tag}: agc --version names {target}",
           p.returncode == 0 and p.stdout.startswith(f"agc {version()} ")
           and f", {target})" in p.stdout, (p.stdout + p.stderr).strip())
    p = run([*command, "convert", EXAMPLE, "-o", "-"], cwd=ROOT, env=env)
    same = p.returncode == 0 and p.stdout == expected
    record(f"{tag}: agc convert {EXAMPLE} -o - equals the native build's",
           same, "" if same else
           f"exit {p.returncode}, {len(p.stdout)} bytes against "
           f"{len(expected)}; {p.stderr.decode(errors='replace')[-800:]}")
    # Files: the output and its source map written (a temporary file
    # renamed over the old one), and rewritten over the first ones.
    code, files, err = convert_to_files(command, WORK / tag / "out", env)
    same = code == 0 and files == EXPECTED_FILES
    detail = ""
    if code or sorted(files) != sorted(EXPECTED_FILES):
        detail = f"exit {code}, {sorted(files)}: {err[-800:]}"
    elif not same:
        detail = "differ: " + ", ".join(
            n for n in files if files[n] != EXPECTED_FILES[n])
    record(f"{tag}: agc convert -o FILE, twice, writes the native build's "
           "output and map", same, detail)
    got = convert_encoded(command, env)
    differ = [n for n in ENCODED if got[n] != EXPECTED_ENCODED[n]]
    record(f"{tag}: {len(ENCODED)} files in other source encodings convert "
           "as with the native build", not differ,
           "; ".join(f"{n}: {got[n][0]} {got[n][2][-300:]!r} against "
                     f"{EXPECTED_ENCODED[n][0]} {EXPECTED_ENCODED[n][2]!r}"
                     for n in differ))


def check_wheel(wheel: Path, tag: str, dist: Path, work: Path,
                expected: bytes, tools: Path, args) -> None:
    tag = tag.split(".")[0]  # the first of a compressed tag set
    target = {
        "manylinux_2_17_x86_64": "x86_64-linux-gnu.2.17",
        "manylinux_2_17_aarch64": "aarch64-linux-gnu.2.17",
        "musllinux_1_2_x86_64": "x86_64-linux-musl",
        "win_amd64": "x86_64-windows-gnu",
        "macosx_11_0_x86_64": "x86_64-macos.11.0",
        "macosx_11_0_arm64": "aarch64-macos.11.0",
    }[tag]
    name, data = wheel_binary(wheel)
    fmt = binary_format(data)
    record(f"{tag}: {name.rsplit('/', 1)[1]} is {EXPECTED[tag]}",
           fmt == EXPECTED[tag], fmt)
    if tag.startswith("musllinux"):
        interp = elf_interpreter(data)
        record(f"{tag}: linked statically", interp is None, str(interp))
    if tag.startswith(("manylinux", "musllinux")):
        auditwheel(wheel, tag, tools / "auditwheel")
    if tag.startswith("macosx"):
        loads, minos, signed = macho_loads(data)
        if tag.endswith("arm64"):
            record(f"{tag}: signed (ad hoc), as Apple silicon requires",
                   signed)
        record(f"{tag}: loads only macOS's own libraries",
               bool(loads) and set(loads) <= MACOS_SYSTEM_LIBRARIES,
               ", ".join(loads))
        record(f"{tag}: built for macOS 11.0 and later", minos == "11.0",
               minos)
        print(f"note {tag}: not run (no macOS here); format, libraries and "
              "version checked only")
        return
    env = clean_env()
    if tag == "manylinux_2_17_x86_64":
        venv = work / f"venv-{tag}"
        run([sys.executable, "-m", "venv", "--clear", venv])
        py = venv / "bin" / "python"
        p = pip_install(py, dist, [], env)
        if not record(f"{tag}: pip install --no-index into a fresh venv",
                      p.returncode == 0, p.stdout + p.stderr):
            return
        agc = venv / "bin" / "agc"
        record(f"{tag}: bin/agc is the wheel's binary",
               agc.read_bytes() == data)
        env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
        check_conversion(tag, [agc], expected, target, env)
        out = work / f"converted-{tag}"
        shutil.rmtree(out, ignore_errors=True)
        run([agc, "convert", EXAMPLE, "-o", out / "model.py"], cwd=ROOT,
            env=env)
        p = run([py, "-c", "import agc_runtime, model; "
                 "print(model.relu_sum([1.0, -2.0, 3.0]))"], cwd=out,
                env=env, text=True)
        record(f"{tag}: the converted example runs on the agc-runtime wheel",
               p.stdout.strip() == "4.0", p.stdout + p.stderr)
        p = run([py, "-m", "agc", "--version"], env=env, text=True)
        record(f"{tag}: python -m agc", p.returncode == 0 and
               f", {target})" in p.stdout, p.stdout + p.stderr)
        args.x86_64_agc = agc
        return
    into = work / f"target-{tag}"
    shutil.rmtree(into, ignore_errors=True)
    p = pip_install(Path(sys.executable), dist,
                    ["--only-binary=:all:", "--platform", tag,
                     "--python-version", "3.11", "--implementation", "cp",
                     "--target", into], env)
    if not record(f"{tag}: pip install --no-index --platform {tag} --target",
                  p.returncode == 0, p.stdout + p.stderr):
        return
    exe = into / "bin" / name.rsplit("/", 1)[1]
    exe.chmod(0o755)
    if tag.startswith("manylinux") and "aarch64" in tag:
        qemu = shutil.which("qemu-aarch64-static")
        if not record(f"{tag}: qemu-aarch64-static installed", bool(qemu),
                      "run scripts/setup.sh --wheels"):
            return
        # Debian's aarch64 libc6 whole (setup.sh --wheels), with iconv's
        # gconv modules; else the cross-compilers' copy, which has none.
        root = ROOT / ".aarch64-root"
        if not (root / "lib" / "ld-linux-aarch64.so.1").exists():
            print(f"note {tag}: no {root} (scripts/setup.sh --wheels): "
                  "QEMU runs on libc6-arm64-cross, without gconv modules")
            root = Path("/usr/aarch64-linux-gnu")
        command = [qemu, "-L", root, exe]
    elif tag == "win_amd64":
        wine = (shutil.which("wine64") or shutil.which("wine") or
                (Path("/usr/lib/wine/wine64").exists() and
                 "/usr/lib/wine/wine64"))
        if not record(f"{tag}: wine64 installed", bool(wine),
                      "run scripts/setup.sh --wheels"):
            return
        env["WINEPREFIX"] = str(work / "wineprefix")
        env["WINEDEBUG"] = "-all"
        env["WINEDLLOVERRIDES"] = "mscoree,mshtml="
        command = [wine, exe]
    else:  # musllinux: static, runs on this kernel as it is
        command = [exe]
        print(f"note {tag}: run on Debian (static binary); no Alpine root "
              "to be had from the registries here")
    check_conversion(tag, command, expected, target, env)


def check_sdist(dist: Path, work: Path, zig: str, expected: bytes) -> None:
    sdist = dist / f"agc-{version()}.tar.gz"
    if not record("sdist: exists", sdist.exists(), str(sdist)):
        return
    source = work / "sdist"
    shutil.rmtree(source, ignore_errors=True)
    with tarfile.open(sdist) as tar:
        tar.extractall(source, filter="data")
    tree = source / f"agc-{version()}"
    for need in ("third_party/portable/.agc-pins",
                 "third_party/portable/tree-sitter/lib/src/lib.c",
                 "third_party/portable/mimalloc/src/static.c",
                 "third_party/portable/include/CLI/CLI.hpp",
                 "third_party/tree-sitter-python/src/parser.c",
                 ".agc-commit"):
        record(f"sdist: holds {need}", (tree / need).exists())
    empty = work / "empty"
    empty.mkdir(exist_ok=True)
    build = work / "sdist-build"
    shutil.rmtree(build, ignore_errors=True)
    env = clean_env()
    env["PKG_CONFIG_LIBDIR"] = str(empty)
    env["PKG_CONFIG_PATH"] = str(empty)
    p = run(["cmake", "-S", tree, "-B", build, "-G", "Ninja",
             f"-DCMAKE_TOOLCHAIN_FILE={tree}/cmake/zig_toolchain.cmake",
             f"-DAGC_ZIG={zig}", "-DAGC_ZIG_TARGET=x86_64-linux-gnu.2.17",
             f"-DCMAKE_FIND_ROOT_PATH={empty}", "-DAGC_TESTS=OFF",
             "-DCMAKE_BUILD_TYPE=Release"], env=env, text=True)
    if not record("sdist: configures with no system library (auto -> "
                  "bundled)", p.returncode == 0 and
                  "agc's libraries: bundled" in p.stdout,
                  (p.stdout + p.stderr)[-3000:]):
        return
    p = run(["nice", "-n", "10", "cmake", "--build", build, "--target", "agc"],
            env=env, text=True, timeout=5400)
    if not record("sdist: builds", p.returncode == 0,
                  (p.stdout + p.stderr)[-3000:]):
        return
    check_conversion("sdist", [build / "agc"], expected,
                     "x86_64-linux-gnu.2.17", env)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--native", type=Path, default=ROOT / "build" / "agc")
    parser.add_argument("--zig", required=True)
    parser.add_argument("--only", nargs="*", default=[])
    parser.add_argument("--work", type=Path)
    parser.add_argument("--roundtrip", action="store_true")
    parser.add_argument("--sdist", action="store_true")
    args = parser.parse_args()
    args.x86_64_agc = None
    tools = Path(sys.executable).parent
    p = run([args.native, "convert", EXAMPLE, "-o", "-"], cwd=ROOT)
    if p.returncode != 0:
        print(f"the native build ({args.native}) failed: run scripts/build.sh")
        return 2
    expected = p.stdout
    global WORK, EXPECTED_FILES, EXPECTED_ENCODED
    with tempfile.TemporaryDirectory(prefix="agc_wheels_") as tmp:
        work = (args.work or Path(tmp)).resolve()
        work.mkdir(parents=True, exist_ok=True)
        WORK = work
        code, EXPECTED_FILES, err = convert_to_files(
            [args.native], work / "native" / "out", clean_env())
        if code != 0:
            print(f"the native build ({args.native}) failed: {err}")
            return 2
        EXPECTED_ENCODED = convert_encoded([args.native], clean_env())
        wheels = sorted(args.dist.glob(f"agc-{version()}-py3-none-*.whl"))
        record("dist: the agc-runtime wheel", (
            args.dist / f"agc_runtime-{version()}-py3-none-any.whl").exists())
        for wheel in wheels:
            tag = wheel.name[:-4].split("-py3-none-", 1)[1]
            if args.only and not any(tag.startswith(o) for o in args.only):
                continue
            check_wheel(wheel, tag, args.dist, work, expected, tools, args)
        if args.roundtrip:
            if args.x86_64_agc is None:
                record("roundtrip: the x86_64 manylinux wheel installed",
                       False)
            else:
                p = run([sys.executable,
                         ROOT / "scripts" / "stdlib_roundtrip.py", "--agc",
                         args.x86_64_agc], capture_output=False,
                        timeout=5400)
                record("stdlib round trip with the x86_64 manylinux binary",
                       p.returncode == 0, f"exit {p.returncode}")
        if args.sdist:
            check_sdist(args.dist, work, args.zig, expected)
    failed = sum(1 for _, ok, _ in RESULTS if not ok)
    print(f"{len(RESULTS) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
