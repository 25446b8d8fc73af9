#!/usr/bin/env python3
"""agc's ahead-of-time payoff under real TensorFlow (figures, not assertions).

Run with the project's virtual environment (scripts/setup.sh --venv):
    .venv/bin/python scripts/bench_tf.py [--agc build/agc] [--repeat 5]
        [--per-function]
(about 2 minutes with the defaults; scripts/bench.sh runs it).

The corpus is scripts/bench_tf/tf_functions.py: 64 functions (and 3 helpers
they call) with control flow on tensors. agc converts it ahead of time; the
original module goes to TensorFlow's AutoGraph, which converts each function
when tf.function first traces it. Reported, as the median of --repeat runs:

  (a) the first call of tf.function on every function (trace, graph build,
      first run), each run in a fresh Python process so that TensorFlow's
      conversion cache is cold: the original module against agc's output.
      A warm-up function runs first in each process, on both sides the same
      way, and is left out: it pays the one-off costs of the first trace in
      a process (reported on their own, as is the module's import). Each
      side's time is split into TensorFlow's conversion, the Python trace
      (running the code, which builds the graph), the graph's making into a
      concrete function, the first run, and Python's garbage collector,
      which runs in whatever phase the allocations pile up in and is
      reported on its own;
  (b) conversion time per function: time spent inside TensorFlow's
      converter (tensorflow.python.autograph.impl.api._TRANSPILER.transform,
      which _convert_actual calls: parse, AutoGraph's transformers, codegen
      and load; a cache hit counts no function) against `agc convert -j1`
      of the module (wall time, process start included) divided by the
      functions it converts; lines per second of each;
  (c) steady-state call time once both graphs are traced, in one process
      that alternates between the two sides, and a check that both graphs
      give the same values and have the same number of control-flow ops
      (If/StatelessIf/While/StatelessWhile/Case, counted in the graph and
      in its function library, so nested ones count).

agc's output runs as agc writes it, with the runtime in runtime/ (or
--runtime DIR): this script sets no AGC_BACKEND (one in the environment is
passed through and reported). A function that fails to stage on either
side is reported (side, error) and left out of both sides' totals.
"""
import argparse
import ast
import atexit
import compileall
import gc
import inspect
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "scripts" / "bench_tf" / "tf_functions.py"
ORIGINAL = "tf_functions"
CONVERTED = "tf_functions_ag"
CONTROL_FLOW_OPS = ("If", "StatelessIf", "While", "StatelessWhile", "Case",
                    "StatelessCase")
# TensorFlow's own logging on stderr that says nothing about the run.
NOISE = ("I0000 ", "W0000 ", "WARNING: All log messages before absl",
         "To enable the following instructions")


# ---------------------------------------------------------------------------
# Children: each runs in a fresh process and prints one JSON line.
# ---------------------------------------------------------------------------

def _inputs(tf):
    import numpy as np
    base = np.linspace(-3.0, 4.0, 16, dtype=np.float32)
    x = tf.constant(base * np.array([1.0, -1.0] * 8, dtype=np.float32))
    return x, tf.constant(7)


def _public_functions(module):
    return [name for name, value in vars(module).items()
            if inspect.isfunction(value) and not name.startswith("_")
            and value.__module__ == module.__name__ and name != "warm_up"]


def _error(e):
    """The exception's type and first sentence, and the last frame of the
    traceback in the benchmark's modules or in agc_runtime."""
    text = str(e).strip().splitlines()
    # TensorFlow's staging errors start with "in user code:" and a frame;
    # the last line says what went wrong.
    message = text[-1].strip() if text else ""
    cut = message.find(". ")
    if cut > 0:
        message = message[:cut + 1]
    if len(message) > 160:
        message = message[:157] + "..."
    where = ""
    for frame in traceback.extract_tb(e.__traceback__):
        base = os.path.basename(frame.filename)
        if (base.startswith(ORIGINAL) or
                os.sep + "agc_runtime" + os.sep in frame.filename):
            where = " (at %s:%d in %s)" % (base, frame.lineno, frame.name)
    return "%s: %s%s" % (type(e).__name__, message, where)


class _GcClock:
    """The time Python's cyclic garbage collector has taken so far. It runs
    when allocations pile up, in whatever is being traced then, so its time
    is reported on its own rather than as part of one phase or function."""

    def __init__(self):
        self.total = 0.0
        self._start = 0.0
        gc.callbacks.append(self._callback)

    def _callback(self, phase, info):
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.total += time.perf_counter() - self._start


class _Timer:
    """Wraps `owner.attr` (an instance, class or module attribute) so that
    the time spent in its outermost calls adds up in `self.total`, and the
    same less the garbage collector's time in `self.net`."""

    def __init__(self, owner, attr, gc_clock):
        self.total = 0.0
        self.net = 0.0
        self.calls = []
        self._depth = 0
        original = getattr(owner, attr)

        def wrapper(*args, **kwargs):
            self._depth += 1
            start = time.perf_counter()
            gc_start = gc_clock.total
            try:
                return original(*args, **kwargs)
            finally:
                self._depth -= 1
                if self._depth == 0:
                    elapsed = time.perf_counter() - start
                    self.total += elapsed
                    self.net += elapsed - (gc_clock.total - gc_start)
                    self.calls.append((args, elapsed))
        setattr(owner, attr, wrapper)


def child_first(module_dir, module_name):
    """First calls of tf.function on every function of `module_name`."""
    start = time.perf_counter()
    import tensorflow as tf
    t_import_tf = time.perf_counter() - start
    from tensorflow.python.autograph.impl import api
    from tensorflow.python.autograph.pyct import parser, transpiler
    from tensorflow.python.eager.polymorphic_function import \
        tracing_compilation
    from tensorflow.python.framework import func_graph

    sys.path.insert(0, module_dir)
    start = time.perf_counter()
    module = __import__(module_name)
    t_import = time.perf_counter() - start
    x, n = _inputs(tf)

    # TensorFlow's converter (parse, AutoGraph's passes, codegen and load),
    # the Python trace (which calls the converter first) and the trace plus
    # the graph's making into a concrete function.
    clock = _GcClock()
    convert = _Timer(api._TRANSPILER, "transform", clock)
    parse = _Timer(parser, "parse_entity", clock)
    passes = _Timer(api._TRANSPILER, "transform_ast", clock)
    load = _Timer(transpiler._PythonFnFactory, "create", clock)
    trace = _Timer(func_graph, "func_graph_from_py_func", clock)
    build = _Timer(tracing_compilation, "_create_concrete_function", clock)

    def snapshot():
        return (convert.total, parse.total, passes.total, load.total,
                clock.total, convert.net, trace.net, build.net, build.total)

    results = {}
    start = time.perf_counter()
    try:
        tf.function(module.warm_up)(x, n)
        warm = time.perf_counter() - start
    except Exception as e:  # reported with the staging errors
        results["warm_up"] = {"error": _error(e)}
        warm = float("nan")
    converted_before = len(convert.calls)

    for name in _public_functions(module):
        f = tf.function(getattr(module, name))
        before = snapshot()
        start = time.perf_counter()
        try:
            f(x, n)
        except Exception as e:  # a staging error: reported, not fatal
            results[name] = {"error": _error(e)}
            continue
        first = time.perf_counter() - start
        after = snapshot()
        d = [a - b for a, b in zip(after, before)]
        # Gross: convert, parse, passes, load. Each phase of the first
        # call without the collector's time, which is "gc"; they add up to
        # "first".
        results[name] = {
            "first": first, "convert": d[0], "parse": d[1], "passes": d[2],
            "load": d[3], "gc": d[4],
            "p_convert": d[5], "p_trace": d[6] - d[5], "p_build": d[7] - d[6],
            "p_run": first - d[4] - d[7], "build": d[8]}

    # What TensorFlow's converter converted (helpers included), with the
    # lines of each entity's source.
    entities = []
    for args, elapsed in convert.calls[converted_before:]:
        fn = args[0]
        try:
            lines = len(inspect.getsource(fn).splitlines())
        except (OSError, TypeError):
            lines = 0
        entities.append({"name": getattr(fn, "__name__", "?"),
                         "seconds": elapsed, "lines": lines})
    return {"import_tf": t_import_tf, "import_module": t_import,
            "warm_up": warm, "functions": results, "converted": entities,
            "tf_version": tf.__version__}


def _control_flow_ops(concrete):
    graph_def = concrete.graph.as_graph_def()
    nodes = list(graph_def.node)
    for function in graph_def.library.function:
        nodes.extend(function.node_def)
    count = sum(1 for node in nodes if node.op in CONTROL_FLOW_OPS)
    return count, len(nodes)


def child_steady(module_dir, rounds, calls):
    """Both modules in one process: traced, compared, then timed in
    alternating rounds."""
    import numpy as np
    import tensorflow as tf
    sys.path.insert(0, module_dir)
    original = __import__(ORIGINAL)
    converted = __import__(CONVERTED)
    x, n = _inputs(tf)

    names = _public_functions(original)
    fns = {}
    report = {}
    for name in names:
        entry = {}
        pair = []
        for side, module in (("tf", original), ("agc", converted)):
            f = tf.function(getattr(module, name))
            try:
                value = f(x, n)
                concrete = f.get_concrete_function(x, n)
            except Exception as e:
                entry[side + "_error"] = _error(e)
                continue
            entry[side + "_cf"], entry[side + "_nodes"] = \
                _control_flow_ops(concrete)
            pair.append((f, value))
        if len(pair) == 2:
            a = tf.nest.map_structure(np.asarray, pair[0][1])
            b = tf.nest.map_structure(np.asarray, pair[1][1])
            try:
                tf.nest.assert_same_structure(a, b)
                entry["same_values"] = all(
                    u.shape == v.shape and u.dtype == v.dtype and
                    np.allclose(u, v, equal_nan=True)
                    for u, v in zip(tf.nest.flatten(a), tf.nest.flatten(b)))
            except (ValueError, TypeError):
                entry["same_values"] = False
            fns[name] = (pair[0][0], pair[1][0])
        report[name] = entry

    # Steady state: per function, the median over rounds of the time of
    # `calls` calls; the sides alternate (and swap order) every round.
    samples = {name: {"tf": [], "agc": []} for name in fns}
    for r in range(rounds):
        order = ("tf", "agc") if r % 2 == 0 else ("agc", "tf")
        for side in order:
            index = 0 if side == "tf" else 1
            for name, pair in fns.items():
                f = pair[index]
                start = time.perf_counter()
                for _ in range(calls):
                    f(x, n)
                samples[name][side].append(
                    (time.perf_counter() - start) / calls)
    for name, s in samples.items():
        report[name]["tf_call"] = statistics.median(s["tf"])
        report[name]["agc_call"] = statistics.median(s["agc"])
    return {"functions": report}


# ---------------------------------------------------------------------------
# Parent
# ---------------------------------------------------------------------------

def run_child(args, env, label):
    cmd = [sys.executable, os.path.abspath(__file__), *args]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        err = [l for l in proc.stderr.splitlines()
               if not l.startswith(NOISE)]
        sys.exit("bench_tf: the %s run failed (exit %d):\n%s"
                 % (label, proc.returncode, "\n".join(err[-30:])))
    return json.loads(lines[-1])


def median(values):
    return statistics.median(values) if values else float("nan")


def ms(seconds):
    return "%8.1f ms" % (seconds * 1000)


def ratio(a, b):
    return "%6.2fx" % (a / b) if b else "     -"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agc", default=str(ROOT / "build" / "agc"))
    ap.add_argument("--repeat", type=int, default=5,
                    help="fresh-process runs of each side (default 5)")
    ap.add_argument("--runtime", default=str(ROOT / "runtime"),
                    help="folder holding agc_runtime (default runtime/)")
    ap.add_argument("--rounds", type=int, default=7,
                    help="steady-state rounds (default 7)")
    ap.add_argument("--calls", type=int, default=5,
                    help="calls per function per steady-state round")
    ap.add_argument("--per-function", action="store_true",
                    help="also print each function's figures")
    ap.add_argument("--keep", action="store_true",
                    help="keep the folder with the converted module")
    ap.add_argument("--child", choices=("first", "steady"),
                    help=argparse.SUPPRESS)
    ap.add_argument("--module-dir", help=argparse.SUPPRESS)
    ap.add_argument("--module", help=argparse.SUPPRESS)
    args = ap.parse_args()

    if args.child == "first":
        print(json.dumps(child_first(args.module_dir, args.module)))
        return 0
    if args.child == "steady":
        print(json.dumps(child_steady(args.module_dir, args.rounds,
                                      args.calls)))
        return 0

    if not os.access(args.agc, os.X_OK):
        sys.exit("bench_tf: %s is not an executable agc (scripts/build.sh; "
                 "--agc PATH)" % args.agc)
    started = time.perf_counter()
    tmp = tempfile.mkdtemp(prefix="agc_bench_tf_")
    if args.keep:
        print("keeping " + tmp)
    else:
        atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    src = os.path.join(tmp, ORIGINAL + ".py")
    out = os.path.join(tmp, CONVERTED + ".py")
    shutil.copyfile(CORPUS, src)
    file_lines = len(Path(src).read_text().splitlines())

    # (b, agc side) agc convert of the module, wall time.
    agc_times = []
    for _ in range(max(args.repeat, 5)):
        if os.path.exists(out):
            os.remove(out)
        start = time.perf_counter()
        proc = subprocess.run([args.agc, "convert", src, "-o", out, "-j", "1"],
                              capture_output=True, text=True)
        agc_times.append(time.perf_counter() - start)
        if proc.returncode != 0:
            sys.exit("bench_tf: agc convert failed (exit %d):\n%s"
                     % (proc.returncode, proc.stderr))
    t_agc = median(agc_times)
    # Both modules byte-compiled once, so each run imports them alike.
    compileall.compile_dir(tmp, quiet=2)
    tree = ast.parse(Path(src).read_text())
    agc_funcs = sum(isinstance(node, ast.FunctionDef) for node in tree.body)

    env = dict(os.environ)
    env["TF_CPP_MIN_LOG_LEVEL"] = env.get("TF_CPP_MIN_LOG_LEVEL", "2")
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (args.runtime, env.get("PYTHONPATH", "")) if p)
    backend_note = ("AGC_BACKEND=%s from the environment"
                    % env["AGC_BACKEND"]) if env.get("AGC_BACKEND") \
        else "no AGC_BACKEND"

    # (a) and (b, TensorFlow side): fresh processes, alternating sides.
    runs = {"tf": [], "agc": []}
    for r in range(args.repeat):
        for side in (("tf", "agc") if r % 2 == 0 else ("agc", "tf")):
            module = ORIGINAL if side == "tf" else CONVERTED
            runs[side].append(run_child(
                ["--child", "first", "--module-dir", tmp, "--module", module],
                env, "first-call (%s)" % side))

    # (c) steady state and the graph check: one process, both sides.
    steady = run_child(["--child", "steady", "--module-dir", tmp,
                        "--rounds", str(args.rounds), "--calls",
                        str(args.calls)], env, "steady-state")["functions"]

    names = [name for name in runs["tf"][0]["functions"]
             if name != "warm_up"]
    failures = []
    for side in ("tf", "agc"):
        for name in ["warm_up"] + names:
            errors = {run["functions"].get(name, {}).get("error")
                      for run in runs[side]}
            errors.discard(None)
            for e in sorted(errors):
                failures.append((name, side, e))
    failed = {name for name, _, _ in failures}
    good = [name for name in names if name not in failed]

    def per_run(side, key):
        """Per run, the sum over the good functions of `key`."""
        return [sum(run["functions"][name][key] for name in good)
                for run in runs[side]]

    fig = {}
    keys = ("first", "convert", "parse", "passes", "load", "gc", "p_convert",
            "p_trace", "p_build", "p_run", "build")
    for side in ("tf", "agc"):
        for key in keys:
            fig[side, key] = median(per_run(side, key)) if good else 0.0
        fig[side, "warm"] = median([run["warm_up"] for run in runs[side]])
        fig[side, "import"] = median([run["import_module"]
                                      for run in runs[side]])
        fig[side, "import_tf"] = median([run["import_tf"]
                                         for run in runs[side]])
    # Per-function ratios of the first call less the collector's time
    # (which lands on whichever function runs when it does), median over
    # the runs of each side.
    def first_net(side, name):
        return median([run["functions"][name]["first"] -
                       run["functions"][name]["gc"] for run in runs[side]])
    per_fn = sorted((first_net("tf", name) / first_net("agc", name), name)
                    for name in good)

    # TensorFlow's converter: what it converted per run (helpers too).
    # A second call for the same function is a cache hit (microseconds):
    # its time is in the total, but the function counts once.
    tf_entities = [run["converted"] for run in runs["tf"]]
    distinct = {e["name"]: e["lines"] for e in tf_entities[0]}
    n_tf = len(distinct)
    tf_lines = sum(distinct.values())
    t_tf_conv = median([sum(e["seconds"] for e in ents)
                        for ents in tf_entities])
    agc_side_conversions = sorted({e["name"] for run in runs["agc"]
                                   for e in run["converted"]})

    print("TensorFlow %s; %d functions and %d helpers (%s, %d lines); "
          "median of %d fresh processes per side; %s"
          % (runs["tf"][0]["tf_version"], len(names), agc_funcs - len(names) - 1,
             os.path.relpath(CORPUS, ROOT), file_lines, args.repeat,
             backend_note))
    if failures:
        print("NOT STAGED (left out of both sides' totals):")
        by_error = {}
        for name, side, e in failures:
            by_error.setdefault((side, e), []).append(name)
        for (side, e), which in by_error.items():
            who = "TensorFlow's AutoGraph" if side == "tf" else "agc's output"
            shown = ", ".join(which[:6]) + (
                ", ... (%d functions)" % len(which) if len(which) > 6 else "")
            print("  %s: %s\n    %s" % (who, shown, e))
    if not good:
        print("bench_tf: no function staged on both sides; no figures")
        return 1
    n = len(good)

    def row(label, agc, tf_, compare=True, note=""):
        if isinstance(agc, str):
            cells = (agc, tf_, "")
        else:
            cells = (ms(agc), ms(tf_), ratio(tf_, agc) if compare else "")
        print(("%-47s %11s %11s %7s  %s" % ((label,) + cells + (note,)))
              .rstrip())

    def both_sides(fn):
        return fn("agc"), fn("tf")

    first_ratio = fig["tf", "first"] / fig["agc", "first"]
    row("", "agc", "TensorFlow", note="TF/agc")
    row("(a) first call of tf.function, all %d" % n,
        fig["agc", "first"], fig["tf", "first"],
        note="bar 3x: %s" % ("met" if first_ratio >= 3 else "NOT met"))
    row("      per function", fig["agc", "first"] / n, fig["tf", "first"] / n)
    row("      trace and graph build only (no run)",
        fig["agc", "build"], fig["tf", "build"])
    print("    by phase, the garbage collector apart:")
    row("      TensorFlow's conversion", fig["agc", "p_convert"],
        fig["tf", "p_convert"], compare=False)
    row("      Python trace (running converted code)",
        fig["agc", "p_trace"], fig["tf", "p_trace"])
    row("      graph build (FuncGraph to function)",
        fig["agc", "p_build"], fig["tf", "p_build"])
    row("      first run (instantiate, Grappler, run)",
        fig["agc", "p_run"], fig["tf", "p_run"])
    row("      Python's garbage collector", fig["agc", "gc"], fig["tf", "gc"])
    row("    less TF's conversion and the collector",
        *both_sides(lambda side: fig[side, "p_trace"] + fig[side, "p_build"]
                    + fig[side, "p_run"]))
    print("    per function, collector apart: TF/agc min %.2fx (%s), median "
          "%.2fx, max %.2fx (%s)"
          % (per_fn[0][0], per_fn[0][1], median([r for r, _ in per_fn]),
             per_fn[-1][0], per_fn[-1][1]))
    row("    once a process: warm-up (its first trace)",
        fig["agc", "warm"], fig["tf", "warm"])
    row("    once a process: import of the module", fig["agc", "import"],
        fig["tf", "import"], compare=False,
        note="agc: agc_runtime too")
    row("(b) conversion, per function", t_agc / agc_funcs, t_tf_conv / n_tf,
        note="agc: %d functions, TF: %d" % (agc_funcs, n_tf))
    row("      whole file / everything TF converted", t_agc, t_tf_conv,
        note="agc: wall time of agc convert -j1")
    print("%-47s %11.0f %11.0f %7s  %s" % (
        "      lines per second", file_lines / t_agc, tf_lines / t_tf_conv,
        ratio(file_lines / t_agc, tf_lines / t_tf_conv),
        "agc/TF; agc: %d lines of file, TF: %d of source"
        % (file_lines, tf_lines)))
    row("      TF's split: parse / passes / codegen+load", "",
        "%.0f/%.0f/%.0f%%" % tuple(100 * fig["tf", k] / fig["tf", "convert"]
                                   for k in ("parse", "passes", "load")))
    # (c)
    both = [name for name in good if "tf_call" in steady.get(name, {})]
    t_call_tf = sum(steady[name]["tf_call"] for name in both)
    t_call_agc = sum(steady[name]["agc_call"] for name in both)
    row("(c) steady state, one call of each of %d" % len(both),
        t_call_agc, t_call_tf,
        note="equal within noise" if 0.9 <= t_call_tf / t_call_agc <= 1.1
        else "DIFFER by over 10%")
    cf = [sum(steady[name].get(side + "_cf", 0) for name in both)
          for side in ("agc", "tf")]
    nodes = [sum(steady[name].get(side + "_nodes", 0) for name in both)
             for side in ("agc", "tf")]
    row("      control-flow ops in the graphs", str(cf[0]), str(cf[1]),
        note="same" if cf[0] == cf[1] else "DIFFER")
    row("      graph nodes, function library included", str(nodes[0]),
        str(nodes[1]))
    differ = [name for name in both
              if steady[name].get("tf_cf") != steady[name].get("agc_cf")]
    wrong = [name for name in both if not steady[name].get("same_values")]
    if differ:
        print("  control-flow ops differ (agc vs TF): " + ", ".join(
            "%s %d vs %d" % (name, steady[name]["agc_cf"],
                             steady[name]["tf_cf"]) for name in differ))
    if wrong:
        print("  DIFFERENT VALUES: " + ", ".join(wrong))
    else:
        print("  values: the same on both sides for all %d functions"
              % len(both))
    extra = sorted(set(distinct) - set(names))
    print("  TensorFlow converted %d functions: the %d measured and %s"
          % (n_tf, len(names), ", ".join(extra) or "nothing else"))
    if args.per_function:
        print_per_function(names, runs, steady)
    if agc_side_conversions:
        print("  note: TensorFlow converted %s in the agc runs (expected "
              "nothing)" % ", ".join(agc_side_conversions))
    print("  (%.0f s; import tensorflow %.2f s per process)"
          % (time.perf_counter() - started, fig["tf", "import_tf"]))
    return 0


def print_per_function(names, runs, steady):
    print("per function (first call: median of the runs; steady state: "
          "median of the rounds):")
    print("  %-20s %9s %9s %6s %9s %9s %6s %9s %9s" % (
        "", "first agc", "first TF", "TF/agc", "call agc", "call TF",
        "TF/agc", "cf agc/TF", "nodes"))
    for name in names:
        def first(side):
            values = [run["functions"][name].get("first") for run in runs[side]]
            values = [v for v in values if v is not None]
            return median(values) if values else float("nan")
        a, b = first("agc"), first("tf")
        st = steady.get(name, {})
        ca, ct = st.get("agc_call", float("nan")), st.get("tf_call",
                                                          float("nan"))
        print("  %-20s %9.1f %9.1f %6.2f %9.3f %9.3f %6.2f %9s %9s" % (
            name, a * 1e3, b * 1e3, b / a, ca * 1e3, ct * 1e3, ct / ca,
            "%s/%s" % (st.get("agc_cf", "-"), st.get("tf_cf", "-")),
            "%s/%s" % (st.get("agc_nodes", "-"), st.get("tf_nodes", "-"))))


if __name__ == "__main__":
    sys.exit(main())
