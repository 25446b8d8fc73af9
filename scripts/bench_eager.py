#!/usr/bin/env python3
"""Converted code called eagerly, against the original (figures only).

Converts scripts/bench_eager/kernels.py twice, with eager originals (the
default) and with --converted-only, and times each kernel three ways in one
process (best of --repeat runs of a loop long enough to take ~20 ms):
the original, agc's output called eagerly (each function's original code
behind its entry guard), and the converted code forced. Then, unless
--no-cpython, CPython's own tests of ten converted stdlib modules
(`python -m test test_<name>`, the converted copies first on PYTHONPATH)
the same three ways, wall time of each run (best of --cpython-repeat,
after an untimed run that writes the copies' bytecode, as the stdlib's is).

With --frameworks (say ``none,tensorflow,jax,torch``), the kernels are then
timed once more per framework, side by side in one table, each in a process
of its own with that framework imported (the Python of --venv for
TensorFlow and JAX, of --torch-venv for PyTorch): agc's output called
eagerly against the original, the two timed in alternation (pairs of runs,
best of --repeat each), so that a busy machine slows both. Each guard then
reads ``_ag__guard__``, False while no framework traces (see
agc_runtime._trace_watch).

Prints one table per part with the ratios to the original, the median and
the worst (the goal: eager ≤ 1.15× median, ≤ 1.5× worst).

Usage: scripts/bench_eager.py --agc build/agc [--repeat 7] [--no-cpython]
           [--frameworks none,tensorflow,jax,torch] [--venv .venv]
           [--torch-venv .venv-torch]
"""
import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KERNELS = ROOT / "scripts" / "bench_eager" / "kernels.py"
CPYTHON_MODULES = ["textwrap", "heapq", "bisect", "fnmatch", "colorsys",
                   "shlex", "calendar", "difflib", "statistics", "fractions"]


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def convert(agc, source, out, extra):
    p = subprocess.run([agc, "convert", str(source), "-o", str(out),
                        "--no-source-map"] + extra, capture_output=True,
                       text=True)
    if p.returncode != 0:
        sys.exit("agc convert failed:\n" + p.stderr)


def best_time(fn, args, repeat):
    # Calls per timing run: enough for ~20 ms.
    start = time.perf_counter()
    fn(*args)
    once = max(time.perf_counter() - start, 1e-7)
    loops = max(1, int(0.02 / once))
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(loops):
            fn(*args)
        best = min(best, (time.perf_counter() - start) / loops)
    return best


def summary(ratios):
    return "median %.2f×, worst %.2f×" % (statistics.median(ratios),
                                          max(ratios))


def kernels(agc, tmp, repeat):
    sys.path.insert(0, str(ROOT / "runtime"))
    sys.setrecursionlimit(10000)
    eager_py = tmp / "kernels_eager.py"
    forced_py = tmp / "kernels_forced.py"
    nonlocal_py = tmp / "kernels_forced_nonlocal.py"
    convert(agc, KERNELS, eager_py, [])
    convert(agc, KERNELS, forced_py, ["--converted-only"])
    convert(agc, KERNELS, nonlocal_py,
            ["--converted-only", "--control-flow", "nonlocal"])
    modules = [load(KERNELS, "kernels_original"),
               load(eager_py, "kernels_eager"),
               load(forced_py, "kernels_forced"),
               load(nonlocal_py, "kernels_forced_nonlocal")]
    print("eager calls (scripts/bench_eager/kernels.py, best of %d):"
          % repeat)
    print("  %-40s %12s %12s %8s %12s %8s %8s" % (
        "kernel", "original", "agc eager", "ratio", "forced", "ratio",
        "nonlocal"))
    eager_ratios, forced_ratios, nonlocal_ratios = [], [], []
    for label, (name, args) in modules[0].CASES.items():
        results = [getattr(m, name)(*args) for m in modules]
        if any(r != results[0] for r in results[1:]):
            sys.exit("%s: results differ: %r" % (name, results))
        times = [best_time(getattr(m, name), args, repeat) for m in modules]
        eager_ratios.append(times[1] / times[0])
        forced_ratios.append(times[2] / times[0])
        nonlocal_ratios.append(times[3] / times[0])
        print("  %-40s %9.1f µs %9.1f µs %7.2f× %9.1f µs %7.2f× %7.2f×" % (
            label, times[0] * 1e6, times[1] * 1e6, eager_ratios[-1],
            times[2] * 1e6, forced_ratios[-1], nonlocal_ratios[-1]))
    print("  agc eager: %s; converted code forced: %s (the nonlocal form "
          "forced: %s)" % (summary(eager_ratios), summary(forced_ratios),
                           summary(nonlocal_ratios)))


def paired_times(fns, args, repeat):
    """Best time per call of each of fns, timed in alternation, in this
    thread's CPU time (the time other processes take the core from it is
    not counted: the machine may be busy)."""
    clock = time.thread_time
    loops = []
    for fn in fns:
        start = clock()
        fn(*args)
        once = max(clock() - start, 1e-6)
        loops.append(max(1, int(0.005 / once)))
    n = min(loops)
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            start = clock()
            for _ in range(n):
                fn(*args)
            best[i] = min(best[i], (clock() - start) / n)
    return best


def worker(tmp, repeat, framework):
    """One column of the side-by-side table: ratios printed as JSON."""
    import json
    sys.path.insert(0, str(ROOT / "runtime"))
    sys.setrecursionlimit(10000)
    if framework != "none":
        importlib.import_module(framework)
    original = load(KERNELS, "kernels_original")
    eager = load(Path(tmp) / "kernels_eager.py", "kernels_eager")
    import agc_runtime
    if framework != "none" and not agc_runtime.frameworks_loaded:
        sys.exit("agc_runtime did not see %s imported" % framework)
    out = {}
    for label, (name, args) in original.CASES.items():
        if getattr(eager, name)(*args) != getattr(original, name)(*args):
            sys.exit("%s: results differ" % name)
        t_orig, t_eager = paired_times(
            [getattr(original, name), getattr(eager, name)], args, repeat)
        out[label] = [t_orig, t_eager]
    print(json.dumps(out))


def side_by_side(tmp, repeat, frameworks, pythons):
    import json
    columns = {}
    for framework in frameworks:
        python = pythons.get(framework)
        if python is None:
            print("  %s: skipped (no Python with it)" % framework)
            continue
        env = dict(os.environ)
        env.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
        env.setdefault("JAX_PLATFORMS", "cpu")
        p = subprocess.run([python, __file__, "--worker", framework,
                            "--tmp", str(tmp), "--repeat", str(3 * repeat)],
                           capture_output=True, text=True, env=env)
        if p.returncode != 0:
            print("  %s: failed:\n%s" % (framework, p.stderr[-2000:]))
            continue
        columns[framework] = json.loads(p.stdout.strip().splitlines()[-1])
    if not columns:
        return
    names = list(columns)
    print("agc's output called eagerly, each framework imported (original "
          "and agc eager timed in alternation, CPU time, best of %d):"
          % (3 * repeat))
    print("  %-40s" % "kernel" + "".join("%12s" % n for n in names))
    labels = list(next(iter(columns.values())))
    for label in labels:
        print("  %-40s" % label + "".join(
            "%11.2f×" % (columns[n][label][1] / columns[n][label][0])
            for n in names))
    print("  %-40s" % "median" + "".join("%11.2f×" % statistics.median(
        c[1] / c[0] for c in columns[n].values()) for n in names))
    print("  %-40s" % "worst" + "".join("%11.2f×" % max(
        c[1] / c[0] for c in columns[n].values()) for n in names))


def cpython(agc, tmp, repeat):
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    folders = {"original": None, "agc eager": tmp / "eager",
               "forced": tmp / "forced"}
    for mode, extra in (("agc eager", []), ("forced", ["--converted-only"])):
        folders[mode].mkdir()
        for name in CPYTHON_MODULES:
            convert(agc, stdlib / (name + ".py"),
                    folders[mode] / (name + ".py"), extra)
    print("CPython's tests of ten converted stdlib modules (wall time, "
          "best of %d):" % repeat)
    print("  %-12s %10s %10s %8s %10s %8s" % (
        "module", "original", "agc eager", "ratio", "forced", "ratio"))
    eager_ratios, forced_ratios = [], []
    totals = [0.0, 0.0, 0.0]
    for name in CPYTHON_MODULES:
        times = []
        for mode, folder in folders.items():
            # Bytecode is cached (as the stdlib's own is): a first, untimed
            # run compiles the converted copies.
            env = dict(os.environ)
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            path = [str(ROOT / "runtime")]
            if folder is not None:
                path.insert(0, str(folder))
            env["PYTHONPATH"] = os.pathsep.join(path)
            best = float("inf")
            for attempt in range(repeat + 1):
                start = time.perf_counter()
                p = subprocess.run([sys.executable, "-m", "test", "-q",
                                    "test_" + name], env=env,
                                   capture_output=True, text=True)
                if attempt > 0:
                    best = min(best, time.perf_counter() - start)
                if p.returncode != 0:
                    sys.exit("test_%s failed (%s):\n%s" % (name, mode,
                                                            p.stdout[-2000:]))
            times.append(best)
        for i in range(3):
            totals[i] += times[i]
        eager_ratios.append(times[1] / times[0])
        forced_ratios.append(times[2] / times[0])
        print("  %-12s %8.2f s %8.2f s %7.2f× %8.2f s %7.2f×" % (
            name, times[0], times[1], eager_ratios[-1], times[2],
            forced_ratios[-1]))
    print("  all ten: %.2f s, %.2f s (%.2f×), %.2f s (%.2f×); agc eager: %s; "
          "forced: %s" % (totals[0], totals[1], totals[1] / totals[0],
                          totals[2], totals[2] / totals[0],
                          summary(eager_ratios), summary(forced_ratios)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--agc")
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--cpython-repeat", type=int, default=1)
    ap.add_argument("--no-cpython", action="store_true")
    ap.add_argument("--frameworks", default="",
                    help="comma-separated: none, tensorflow, jax, torch")
    ap.add_argument("--venv", default=str(ROOT / ".venv"),
                    help="the virtual environment with TensorFlow and JAX")
    ap.add_argument("--torch-venv", default=str(ROOT / ".venv-torch"),
                    help="the virtual environment with PyTorch")
    ap.add_argument("--no-kernels", action="store_true",
                    help="skip the first table (three ways, no framework)")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    ap.add_argument("--tmp", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.tmp, args.repeat, args.worker)
        return
    if not args.agc:
        ap.error("--agc is required")
    with tempfile.TemporaryDirectory(prefix="agc_bench_eager_") as tmp:
        tmp = Path(tmp)
        agc = os.path.abspath(args.agc)
        if args.no_kernels:
            convert(agc, KERNELS, tmp / "kernels_eager.py", [])
        else:
            kernels(agc, tmp, args.repeat)
        if args.frameworks:
            pythons = {"none": sys.executable}
            for framework, venv in (("tensorflow", args.venv),
                                    ("jax", args.venv),
                                    ("torch", args.torch_venv)):
                python = Path(venv) / "bin" / "python"
                if python.exists() and subprocess.run(
                        [str(python), "-c", "import " + framework],
                        capture_output=True).returncode == 0:
                    pythons[framework] = str(python)
            side_by_side(tmp, args.repeat, args.frameworks.split(","),
                         pythons)
        if not args.no_cpython:
            cpython(os.path.abspath(args.agc), tmp, args.cpython_repeat)


if __name__ == "__main__":
    main()
