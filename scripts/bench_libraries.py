#!/usr/bin/env python3
"""Converted libraries against the originals (figures only): the size of
agc's default output (eager originals; functions that need no twin written
once) against the source, and the time of ``import PACKAGE`` with the
converted copy first on the path, bytecode cached, against the original's.

Each package is found by the running Python (``--python``, the
environment that has it); it is converted whole (``agc convert FILES
--out-dir``, no source maps, ``--isolated``: they are for tracebacks, not imported) into a
folder that then shadows it. The two imports are timed in alternation, in
fresh processes, best of --repeat, after an untimed run that writes the
bytecode of each.

Usage: scripts/bench_libraries.py --agc build/agc [--python .venv/bin/python]
           [--repeat 7] PACKAGE...
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def package_dir(python, name):
    p = subprocess.run([python, "-c", "import importlib.util as u, os; "
                        "s = u.find_spec(%r); print(os.path.dirname(s.origin) "
                        "if s and s.origin else '')" % name],
                       capture_output=True, text=True)
    path = p.stdout.strip()
    return Path(path) if p.returncode == 0 and path else None


def size_of(folder):
    return sum(p.stat().st_size for p in folder.rglob("*.py"))


def import_time(python, name, path, env, before):
    """Seconds the import of name takes in a fresh process, after its
    dependencies ``before`` (the framework: the same in both runs)."""
    env = dict(env)
    env["PYTHONPATH"] = os.pathsep.join(path + [env.get("PYTHONPATH", "")])
    code = ("import time\n%s\nstart = time.perf_counter()\nimport %s\n"
            "print(time.perf_counter() - start)\n"
            % ("\n".join("import " + b for b in before), name))
    p = subprocess.run([python, "-c", code], env=env, capture_output=True,
                       text=True)
    if p.returncode != 0:
        raise RuntimeError(p.stderr[-2000:])
    return float(p.stdout.split()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agc", required=True)
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("packages", nargs="+",
                    help="NAME, or NAME:DEP,DEP... to import DEPs first "
                         "(untimed): optax:jax,numpy")
    args = ap.parse_args()
    args.agc = os.path.abspath(args.agc)
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    env.setdefault("JAX_PLATFORMS", "cpu")
    print("converted libraries (scripts/bench_libraries.py, import: best of "
          "%d, bytecode cached):" % args.repeat)
    print("  %-12s %9s %9s %7s %8s %9s %9s %7s" % (
        "package", "source", "output", "ratio", "convert", "import",
        "converted", "ratio"))
    for spec in args.packages:
        name, _, deps = spec.partition(":")
        before = [d for d in deps.split(",") if d]
        src = package_dir(args.python, name)
        if src is None:
            print("  %-12s skipped (not importable by %s)" % (name,
                                                           args.python))
            continue
        with tempfile.TemporaryDirectory(prefix="agc_bench_lib_") as tmp:
            out = Path(tmp) / name
            start = time.perf_counter()
            files = sorted(str(f.relative_to(src.parent))
                           for f in src.rglob("*.py"))
            p = subprocess.run([args.agc, "convert", "--out-dir", tmp,
                                "--no-source-map", "--isolated"] + files,
                               capture_output=True, text=True,
                               cwd=src.parent)
            convert_time = time.perf_counter() - start
            if p.returncode not in (0, 1):  # 1: warnings only
                print("  %-12s conversion failed:\n%s" % (name,
                                                         p.stderr[-2000:]))
                continue
            # Files agc leaves out (data, stubs) are the original's.
            for f in src.rglob("*"):
                target = out / f.relative_to(src)
                if f.is_file() and not target.exists() and (
                        "__pycache__" not in f.parts):
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(f.read_bytes())
            runtime = str(ROOT / "runtime")
            paths = {"original": [runtime], "converted": [tmp, runtime]}
            best = {mode: float("inf") for mode in paths}
            try:
                for attempt in range(args.repeat + 1):
                    for mode, path in paths.items():
                        t = import_time(args.python, name, path, env,
                                        before)
                        if attempt > 0:  # the first writes the bytecode
                            best[mode] = min(best[mode], t)
            except RuntimeError as e:
                print("  %-12s import failed:\n%s" % (name, e))
                continue
            a, b = size_of(src), size_of(out)
            print("  %-12s %7.0f kB %7.0f kB %6.2f× %6.2f s %7.3f s %7.3f s "
                  "%6.2f×" % (name, a / 1e3, b / 1e3, b / a, convert_time,
                               best["original"], best["converted"],
                               best["converted"] / best["original"]))


if __name__ == "__main__":
    main()
