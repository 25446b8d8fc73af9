#!/usr/bin/env python3
"""agc built and installed the ways its users build and install it (issue 26).

  packaging_test.py release     `cmake -S ROOT -B DIR -DCMAKE_BUILD_TYPE=Release`
                                and `cmake --build DIR`, no other flag (so
                                warnings are not errors), then that build's
                                Catch2 unit tests, `agc --version` and a
                                conversion of examples/model.py
  packaging_test.py wheel       the sdist (`python -m build --sdist`) holds
                                the grammar and what the build needs;
                                `pip wheel .` at the root and `pip wheel` of
                                the unpacked sdist, offline; each wheel
                                installs into a new virtual environment with
                                --no-index, where `agc --version`,
                                `agc convert examples/model.py` (and running
                                its output), `import agc_runtime` and
                                `python -m agc` work, and bin/agc is the
                                native binary itself
  packaging_test.py pre-commit  pre-commit runs this repository's hooks
                                (`pre-commit try-repo`) in a scratch git
                                repository with no agc anywhere: agc-lint
                                installs agc itself (pip builds it from the
                                git tree with scikit-build-core from PyPI)
                                and reports a finding; agc-lint-system runs
                                the agc on PATH

Options: --work DIR (default: a folder in the temporary directory; ctest
passes BUILD/packaging-tests, a name no Python module can have, since
tools run there with that folder on sys.path), --agc-build DIR (for pre-commit: the folder whose agc
the system hook runs; default: WORK/release; ctest passes its own build's).

The build tools come from .venv-build/ (scripts/setup.sh --venv, pinned in
requirements-build.txt); pre-commit's own install of the hook fetches
scikit-build-core (pinned in pyproject.toml) and the grammar (npm) from the
package registries, as it does for a user. When ccache is installed the
builds share compiled objects: each build folder sits as deep below its
source tree as WORK/release does below the root, so with CCACHE_BASEDIR at
the root the compile commands are the same and a build after the first
costs about its configure and link.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD_VENV = ROOT / ".venv-build"
EXAMPLE = ROOT / "examples" / "model.py"


def version() -> str:
    return (ROOT / "runtime" / "VERSION").read_text().strip()


def check_version(out: str) -> None:
    """`agc --version`: the version, the commit (unknown in a build of the
    sdist unless scripts/wheels.sh wrote .agc-commit) and the target."""
    check(re.fullmatch(rf"agc {re.escape(version())} \(commit "
                       r"([0-9a-f]{12}|unknown), x86_64-linux\)",
                       out.strip()) is not None, f"agc --version: {out!r}")


def fail(message: str) -> None:
    print(f"FAIL: {message}", flush=True)
    sys.exit(1)


def check(condition: bool, message: str) -> None:
    if not condition:
        fail(message)


def run(args, *, ok=True, log=None, **kwargs) -> subprocess.CompletedProcess:
    """Runs args; with ok, a non-zero exit fails the test (showing output)."""
    kwargs.setdefault("capture_output", True)
    kwargs.setdefault("text", True)
    kwargs.setdefault("timeout", 1800)
    start = time.monotonic()
    p = subprocess.run([str(a) for a in args], **kwargs)
    took = time.monotonic() - start
    print(f"[{took:6.1f} s] {' '.join(str(a) for a in args)[:160]}",
          flush=True)
    if log is not None:
        Path(log).write_text((p.stdout or "") + (p.stderr or ""))
    if ok and p.returncode != 0:
        fail(f"exit {p.returncode}: {' '.join(str(a) for a in args)}\n"
             f"{(p.stdout or '')[-6000:]}\n{(p.stderr or '')[-6000:]}")
    return p


def build_python() -> Path:
    python = BUILD_VENV / "bin" / "python"
    check(python.exists(), f"{BUILD_VENV} is missing: run scripts/setup.sh "
          "--venv (or scripts/test.sh, which does)")
    return python


def base_env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "AGC_RUNTIME_DIR", "AGC_BACKEND",
                        "VIRTUAL_ENV", "CMAKE_GENERATOR", "CMAKE_BUILD_TYPE")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PIP_NO_INPUT"] = "1"
    env.update(extra)
    return env


def ccache_env(env: dict) -> dict:
    """Compiles through ccache when it is installed (see the docstring)."""
    if shutil.which("ccache", path=env.get("PATH")):
        env["CMAKE_C_COMPILER_LAUNCHER"] = "ccache"
        env["CMAKE_CXX_COMPILER_LAUNCHER"] = "ccache"
        env.setdefault("CCACHE_BASEDIR", str(ROOT))
        env.setdefault("CCACHE_NOHASHDIR", "1")
    env.setdefault("CMAKE_BUILD_PARALLEL_LEVEL", str(os.cpu_count() or 2))
    return env


def skbuild_env(env: dict) -> dict:
    """scikit-build-core compiles with the compiler plain cmake picks.

    Unless CC and CXX are set, it takes Python's (gcc, g++): the same GCC as
    cmake's cc and c++, but named otherwise, which ccache tells apart.
    """
    env.setdefault("CC", "cc")
    env.setdefault("CXX", "c++")
    return env


def offline_env(**extra) -> dict:
    """pip with no package index and no extra wheel folders."""
    env = base_env(PIP_NO_INDEX="1", **extra)
    env.pop("PIP_FIND_LINKS", None)
    env.pop("PIP_INDEX_URL", None)
    env.pop("PIP_EXTRA_INDEX_URL", None)
    return env


def build_dir_relative(work: Path) -> str | None:
    """WORK/release relative to the root, when it is inside it."""
    try:
        return (work / "release").resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return None


def path_without_agc() -> str:
    """PATH without any folder that holds an `agc`."""
    keep = [d for d in os.environ.get("PATH", "").split(os.pathsep)
            if d and not (Path(d) / "agc").exists()]
    return os.pathsep.join(keep)


# --- release ---------------------------------------------------------------

def test_release(work: Path) -> None:
    build = work / "release"
    shutil.rmtree(build, ignore_errors=True)
    env = ccache_env(base_env())
    # Exactly what a packager types (plus the environment's compiler
    # launcher and parallelism, which are not flags of the build).
    run(["cmake", "-S", ROOT, "-B", build, "-DCMAKE_BUILD_TYPE=Release"],
        env=env, log=work / "release-configure.log")
    p = run(["cmake", "--build", build], env=env, log=work / "release.log")
    warnings = [line for line in (p.stdout + p.stderr).splitlines()
                if "warning:" in line]
    if warnings:
        # Not an error here (a user's build only warns); shown so that they
        # get fixed (scripts/build.sh's build makes them errors at -O2).
        print(f"note: {len(warnings)} compiler warnings in the Release build "
              f"(full log: {work / 'release.log'}):")
        for line in warnings[:20]:
            print("  " + line)
    cache = (build / "CMakeCache.txt").read_text()
    check("CMAKE_BUILD_TYPE:STRING=Release" in cache, "not a Release build")
    check("AGC_WERROR:BOOL=OFF" in cache, "warnings are errors by default")
    p = run([build / "agc_tests"], cwd=build, log=work / "release-tests.log")
    print(p.stdout.strip().splitlines()[-1])
    p = run([build / "agc", "--version"])
    check_version(p.stdout)
    p = run([build / "agc", "convert", EXAMPLE, "-o", "-"])
    check("ag__.for_stmt" in p.stdout, "the example was not converted")
    print("release: built with no flags, unit tests passed")


# --- wheel -----------------------------------------------------------------

def check_sdist(sdist: Path) -> None:
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    top = f"agc-{version()}"
    check(sdist.name == f"{top}.tar.gz", sdist.name)
    for needed in ("pyproject.toml", "CMakeLists.txt", "README.md",
                   "cmake/fetch_grammar.cmake", "cmd/agc/main.cpp",
                   "passes/passes.def", "runtime/VERSION",
                   "runtime/agc_runtime/__init__.py", "python/agc/__main__.py",
                   "third_party/tree-sitter-python/LICENSE",
                   "third_party/tree-sitter-python/src/parser.c",
                   "third_party/tree-sitter-python/src/scanner.c",
                   "third_party/tree-sitter-python/src/tree_sitter/parser.h",
                   "PKG-INFO"):
        check(needed in names, f"{sdist.name} lacks {needed}")
    for name in names:
        check(not name.startswith(("build", ".venv", "testdata/", ".git/"))
              and "__pycache__" not in name,
              f"{sdist.name} holds {name}")
    print(f"sdist: {len(names)} files, grammar included")


def check_installed_wheel(wheel: Path, work: Path, label: str) -> None:
    venv = work / f"venv-{label}"
    shutil.rmtree(venv, ignore_errors=True)
    run([sys.executable, "-m", "venv", venv])
    py, agc = venv / "bin" / "python", venv / "bin" / "agc"
    env = offline_env(PATH=f"{venv / 'bin'}{os.pathsep}{path_without_agc()}")
    run([py, "-m", "pip", "install", "--no-index", wheel], env=env)
    # The command on PATH is the native binary, not a Python wrapper.
    check(shutil.which("agc", path=env["PATH"]) == str(agc), "agc not on PATH")
    check(agc.read_bytes()[:4] == b"\x7fELF", f"{agc} is not the binary")
    p = run(["agc", "--version"], env=env)
    check_version(p.stdout)
    out = work / f"converted-{label}"
    shutil.rmtree(out, ignore_errors=True)
    run(["agc", "convert", EXAMPLE, "-o", out / "model.py"], env=env,
        cwd=work)
    check("import agc_runtime as ag__" in (out / "model.py").read_text(),
          "no runtime import in the converted example")
    p = run([py, "-c", "import agc_runtime, model; "
             "print(agc_runtime.__file__); print(model.relu_sum([1.0, -2.0, 3.0]))"],
            env=env, cwd=out)
    lines = p.stdout.splitlines()
    check(Path(lines[0]).is_relative_to(venv), lines[0])
    check(lines[1] == "4.0", p.stdout)
    p = run([py, "-c", "import importlib.metadata as m; "
             "print(m.version('agc'))"], env=env)
    check(p.stdout.strip() == version(), p.stdout)
    p = run([py, "-m", "agc", "--version"], env=env)
    check_version(p.stdout)
    direct = run(["agc", "lint", "nothing_here.py"], env=env, ok=False,
                 cwd=work)
    p = run([py, "-m", "agc", "lint", "nothing_here.py"], env=env, ok=False,
            cwd=work)
    check(direct.returncode == 2 and (p.returncode, p.stdout, p.stderr) ==
          (direct.returncode, direct.stdout, direct.stderr),
          f"python -m agc differs from agc: {p} {direct}")
    # --emit-runtime finds the package the wheel put in share/agc/runtime.
    emit = work / f"emitted-{label}"
    shutil.rmtree(emit, ignore_errors=True)
    run(["agc", "convert", "--emit-runtime", EXAMPLE, "-o", emit / "model.py"],
        env=env, cwd=work)
    check((emit / "agc_runtime" / "__init__.py").exists(),
          "--emit-runtime did not find the runtime")
    print(f"wheel ({label}): installed offline, the three commands work")


def test_wheel(work: Path) -> None:
    python = build_python()
    dist = work / "dist"
    for d in (dist, work / "wheel", work / "sdist"):
        shutil.rmtree(d, ignore_errors=True)
    dist.mkdir(parents=True)
    env = skbuild_env(ccache_env(offline_env()))

    # The sdist, then a wheel built from it (the grammar must come from the
    # sdist: no fetch).
    run([python, "-m", "build", "--sdist", "--no-isolation", "--outdir", dist,
         ROOT], env=env, log=work / "sdist.log")
    sdists = list(dist.glob("*.tar.gz"))
    check(len(sdists) == 1, f"sdists: {sdists}")
    check_sdist(sdists[0])
    unpacked = work / "sdist"
    with tarfile.open(sdists[0]) as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and later
            tar.extractall(unpacked, filter="data")
        else:
            tar.extractall(unpacked)
    source = unpacked / f"agc-{version()}"
    rel = build_dir_relative(work)
    settings = [f"--config-settings=build-dir={source / rel}"] if rel else []
    from_sdist = work / "wheel-from-sdist"
    shutil.rmtree(from_sdist, ignore_errors=True)
    p = run([python, "-m", "pip", "wheel", "--no-index", "--no-build-isolation",
             "--no-deps", "-v", "-w", from_sdist, *settings, source],
            env=env, log=work / "wheel-from-sdist.log")
    check("Fetching tree-sitter-python" not in p.stdout + p.stderr,
          "building the sdist fetched the grammar")
    wheels = list(from_sdist.glob("*.whl"))
    check(len(wheels) == 1, f"wheels: {wheels}")
    check(wheels[0].name == f"agc-{version()}-py3-none-linux_x86_64.whl",
          wheels[0].name)
    check_installed_wheel(wheels[0], work, "sdist")

    # `pip wheel .` at the root, as the README says.
    settings = ([f"--config-settings=build-dir={work / 'wheel'}"]
                if rel else [])
    run([python, "-m", "pip", "wheel", "--no-index", "--no-build-isolation",
         "--no-deps", "-w", dist, *settings, "."], env=env, cwd=ROOT,
        log=work / "wheel.log")
    wheels = list(dist.glob("*.whl"))
    check(len(wheels) == 1, f"wheels: {wheels}")
    check_installed_wheel(wheels[0], work, "root")

    # One version: pyproject's build requirement is requirements-build.txt's.
    pins = (ROOT / "requirements-build.txt").read_text().split()
    requires = (ROOT / "pyproject.toml").read_text()
    pin = next(p for p in pins if p.startswith("scikit-build-core=="))
    check(f'"{pin}"' in requires,
          f"pyproject.toml does not require {pin} (requirements-build.txt)")


# --- pre-commit ------------------------------------------------------------

BAD = "def numbers(n):\n    for i in range(n):\n        yield i\n"
GOOD = "def f(x):\n    if x > 0:\n        return x\n    return -x\n"


def test_pre_commit(work: Path, agc_build: Path | None) -> None:
    python = build_python()
    repo = work / "scratch-repo"
    tmp = work / "pre-commit-tmp"
    for d in (repo, tmp):
        shutil.rmtree(d, ignore_errors=True)
    repo.mkdir(parents=True)
    tmp.mkdir()
    (repo / "bad.py").write_text(BAD)
    (repo / "good.py").write_text(GOOD)
    git_env = base_env(GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com",
                       GIT_COMMITTER_NAME="t",
                       GIT_COMMITTER_EMAIL="t@example.com")
    run(["git", "init", "-q", "."], cwd=repo, env=git_env)
    run(["git", "add", "bad.py", "good.py"], cwd=repo, env=git_env)

    # try-repo clones ROOT, with its uncommitted changes, into a store in a
    # temporary folder: WORK/pre-commit-tmp, inside ROOT (for ccache).
    pre_commit = [python, "-m", "pre_commit", "try-repo", ROOT]
    env = skbuild_env(ccache_env(base_env(TMPDIR=str(tmp),
                                          PATH=path_without_agc())))
    rel = build_dir_relative(work)
    if rel:
        # Inside pre-commit's clone, as deep as WORK/release is in ROOT.
        env["SKBUILD_BUILD_DIR"] = rel
    # No agc on PATH, none built in the scratch repository: the hook's
    # install builds one.
    p = run([*pre_commit, "agc-lint", "--all-files", "--verbose"], cwd=repo,
            env=env, ok=False, log=work / "pre-commit.log")
    out = p.stdout + p.stderr
    check(p.returncode == 1, f"agc-lint should fail on bad.py: exit "
          f"{p.returncode}\n{out[-6000:]}")
    check("bad.py:1:1: note: generator function 'numbers' left unconverted"
          in out and "[AGC101]" in out, f"no AGC101 for bad.py:\n{out[-6000:]}")
    check("good.py" not in out.replace("bad.py", ""), out[-6000:])

    # The system variant runs the agc on PATH.
    if agc_build is None:
        agc_build = work / "release"
    check((agc_build / "agc").exists(),
          f"no agc in {agc_build} for agc-lint-system (--agc-build)")
    env["PATH"] = f"{agc_build}{os.pathsep}{path_without_agc()}"
    p = run([*pre_commit, "agc-lint-system", "--files", "good.py"], cwd=repo,
            env=env, ok=False)
    check(p.returncode == 0, f"agc-lint-system on good.py:\n{p.stdout}"
          f"{p.stderr}")
    p = run([*pre_commit, "agc-lint-system", "--files", "bad.py"], cwd=repo,
            env=env, ok=False)
    check(p.returncode == 1 and "[AGC101]" in p.stdout,
          f"agc-lint-system on bad.py:\n{p.stdout}{p.stderr}")
    env["PATH"] = path_without_agc()
    p = run([*pre_commit, "agc-lint-system", "--files", "bad.py"], cwd=repo,
            env=env, ok=False)
    check(p.returncode != 0 and "agc" in p.stdout,
          f"agc-lint-system without agc on PATH:\n{p.stdout}{p.stderr}")
    print("pre-commit: agc-lint installed agc itself; agc-lint-system used "
          "the agc on PATH")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("test", choices=["release", "wheel", "pre-commit"])
    parser.add_argument("--work", type=Path)
    parser.add_argument("--agc-build", type=Path)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="agc_packaging_") as tmp:
        work = (args.work or Path(tmp)).resolve()
        work.mkdir(parents=True, exist_ok=True)
        start = time.monotonic()
        if args.test == "release":
            test_release(work)
        elif args.test == "wheel":
            test_wheel(work)
        else:
            test_pre_commit(work, args.agc_build and args.agc_build.resolve())
        print(f"{args.test}: passed in {time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    main()
