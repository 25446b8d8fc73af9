#!/usr/bin/env python3
"""agc's output under jax.jit against hand-written jax.lax (figures, not
assertions).

Run with the project's virtual environment (scripts/setup.sh --venv):
    .venv/bin/python scripts/bench_jax.py [--agc build/agc] [--rounds 61]
        [--unrolled-repeat 1]
(about two minutes of CPU time: 20 s or so for everything but the unrolled
loop of (b), whose one XLA compile takes the rest; --skip-unrolled or a
smaller --n for a quick run. scripts/bench.sh runs it, AGC_BENCH_JAX=0
skips it. The machine's load average is printed: under load the figures
spread.)

The kernels are scripts/bench_jax/kernels.py: ordinary Python with
data-dependent control flow (a Newton iteration in a ``while`` with a
``break``, an RK4 integrator over ``for i in range(n)``, a bisection, an
adaptive-step integrator with an accept/reject ``if`` in its ``while``).
agc converts the file at bench time; scripts/bench_jax/lax_kernels.py holds
the same computations written by hand with lax.while_loop, lax.fori_loop
and lax.cond. Before anything is timed, both sides' results are checked
against the original kernels run eagerly on concrete arrays (no jit), and
the control-flow primitives of both jaxprs (while, cond, scan) are counted.

  (a) compiled run time under jax.jit, one line per kernel: agc's output
      against the hand-written lax version, the median over --rounds rounds
      (each side takes one sample a round, first and second in turn) of the
      mean time of a call in a sample of calls, each call waited for with
      block_until_ready, after a warm-up; the ratio agc/lax of the medians
      and the "paired" ratio, the median over rounds of the ratio of the
      round's two samples, which a drifting load on the machine sways less
      (the goal, <= 1.1x, is judged on it);
  (b) for the RK4 loop at n = --n (1,000): trace, lowering and XLA
      compilation (jax.jit(f).trace(...).lower().compile(), after
      jax.clear_caches(), so every repeat starts cold) of agc's output with
      n traced (lax.fori_loop with a traced bound), of agc's output with n
      static under agc_runtime.use('jax') (lax.fori_loop with a static
      bound), of the hand-written lax.fori_loop, and of the ORIGINAL
      function with n static, which jax.jit can trace only by unrolling the
      Python loop (n copies of the body in the jaxpr and in XLA's input);
      then the run time of each compiled program at that n. The unrolled
      compile is slow (over a minute at n = 1,000: XLA's time grows with
      the number of operations, about 36 per step), so it runs
      --unrolled-repeat times (default once); the others run
      --compile-repeat times (median). Without use('jax'), agc's output
      with n static runs the Python loop while tracing, unrolled like the
      original (not measured: it is the original's row).

agc's output runs as agc writes it, with the runtime in runtime/ (or
--runtime DIR); an AGC_BACKEND in the environment is used for the rows
that do not select a backend themselves, and is reported.
"""
import argparse
import atexit
import functools
import importlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KERNELS_DIR = ROOT / "scripts" / "bench_jax"
ORIGINAL = "kernels"
CONVERTED = "kernels_ag"
HAND = "lax_kernels"
CONTROL_FLOW = ("while", "cond", "scan")


def make_inputs(jnp, np, n):
    """Per kernel: (description, positional array arguments, static keyword
    arguments). Fixed seeds: the same inputs on every run."""
    rs = np.random.RandomState(24)
    f32 = np.float32
    heights = rs.uniform(0.0, 1.0, 1 << 16).astype(f32)
    volume = f32(0.3 * heights.size)
    w = (rs.normal(0.0, 1.0, (32, 32)) * 1.5 / np.sqrt(32)).astype(f32)
    return {
        "kepler_newton": (
            "Newton, while + break (4,096 equations, e=0.9)",
            (jnp.linspace(0.0, 2 * np.pi, 4096, dtype=f32), jnp.float32(0.9),
             jnp.float32(1e-5)),
            {"max_iter": 50}),
        "rk4": (
            "RK4, for i in range(n), n=%d traced (16x32 state)" % n,
            (jnp.asarray(rs.uniform(-1.0, 1.0, (16, 32)).astype(f32)),
             jnp.asarray(w), jnp.asarray(rs.normal(0.0, 0.1, 32).astype(f32)),
             jnp.float32(0.01), jnp.int32(n)),
            {}),
        "water_level": (
            "bisection, while + if (65,536 columns)",
            (jnp.asarray(heights), jnp.float32(volume), jnp.float32(0.0),
             jnp.float32(heights.max() + volume / heights.size),
             jnp.float32(1e-6)),
            {}),
        "adaptive_heun": (
            "adaptive step, while + 2 ifs (1,024 states)",
            (jnp.linspace(-2.0, 2.0, 1024, dtype=f32), jnp.float32(10.0),
             jnp.float32(0.1), jnp.float32(1e-4)),
            {}),
    }


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------

def primitives(jaxpr, counts=None):
    """Counts of the control-flow primitives in a jaxpr (nested ones too)
    and of all its equations."""
    if counts is None:
        counts = {"eqns": 0}
    for eqn in jaxpr.eqns:
        counts["eqns"] += 1
        name = eqn.primitive.name
        if name in CONTROL_FLOW:
            counts[name] = counts.get(name, 0) + 1
        for param in eqn.params.values():
            for sub in (param if isinstance(param, (list, tuple)) else
                        (param,)):
                inner = getattr(sub, "jaxpr", None)
                if inner is not None and hasattr(inner, "eqns"):
                    primitives(inner, counts)
                elif hasattr(sub, "eqns"):
                    primitives(sub, counts)
    return counts


def describe_primitives(counts):
    parts = ["%s %d" % (name, counts[name]) for name in CONTROL_FLOW
             if counts.get(name)]
    return ", ".join(parts) or "none"


def same_values(np, jax, a, b):
    """a and b (trees of arrays and numbers) hold the same values: equal
    integers, floats within float32 rounding."""
    la, ta = jax.tree_util.tree_flatten(a)
    lb, tb = jax.tree_util.tree_flatten(b)
    if ta != tb:
        return False
    for x, y in zip(la, lb):
        x, y = np.asarray(x), np.asarray(y)
        if x.shape != y.shape:
            return False
        if np.issubdtype(x.dtype, np.integer) or np.issubdtype(
                y.dtype, np.integer):
            if not np.array_equal(x, y):
                return False
        elif not np.allclose(x, y, rtol=2e-5, atol=2e-6):
            return False
    return True


def block(jax, value):
    return jax.block_until_ready(value)


def calls_per_sample(jax, fn, args, target):
    """How many calls make a sample of about `target` seconds (from the
    median of a few calls, after a warm-up call)."""
    block(jax, fn(*args))
    times = []
    for _ in range(5):
        start = time.perf_counter()
        block(jax, fn(*args))
        times.append(time.perf_counter() - start)
    once = max(statistics.median(times), 1e-6)
    return max(1, min(1000, round(target / once)))


def run_time(jax, fns, args, rounds, target):
    """Per fn, the median over rounds of the mean time of a call in a sample
    of calls; in each round every fn takes one sample, in an order that is
    reversed every other round, so that the machine's load falls alike on
    all of them."""
    counts = [calls_per_sample(jax, fn, args, target) for fn in fns]
    samples = [[] for _ in fns]
    for r in range(rounds):
        order = range(len(fns)) if r % 2 == 0 else reversed(range(len(fns)))
        for i in order:
            fn, k = fns[i], counts[i]
            start = time.perf_counter()
            for _ in range(k):
                block(jax, fn(*args))
            samples[i].append((time.perf_counter() - start) / k)
    return [statistics.median(s) for s in samples], samples


def paired_ratio(samples, i, j):
    """The median over rounds of the ratio of fn i's sample to fn j's in
    the same round: steadier than the ratio of the medians when the
    machine's load drifts."""
    return statistics.median(a / b for a, b in zip(samples[i], samples[j]))


def compile_time(jax, make_jit, args, repeat):
    """Median over repeat cold runs of (trace, lower, compile, total) and
    the last compiled program."""
    phases = []
    compiled = None
    for _ in range(repeat):
        jax.clear_caches()
        start = time.perf_counter()
        traced = make_jit().trace(*args)
        t_trace = time.perf_counter()
        lowered = traced.lower()
        t_lower = time.perf_counter()
        compiled = lowered.compile()
        t_compile = time.perf_counter()
        phases.append((t_trace - start, t_lower - t_trace,
                       t_compile - t_lower, t_compile - start))
        jaxpr = traced.jaxpr
    med = tuple(statistics.median(p[i] for p in phases) for i in range(4))
    return med, compiled, jaxpr


class QuietSlowCompileAlarm:
    """Holds back XLA's "Very slow compile?" alarm, which its C++ logging
    writes to file descriptor 2 during a compile of over a few seconds (the
    unrolled loop's); any other output there is passed on afterwards."""

    def __enter__(self):
        sys.stderr.flush()
        self._saved = os.dup(2)
        self._file = tempfile.TemporaryFile()
        os.dup2(self._file.fileno(), 2)
        return self

    def __exit__(self, *exc):
        sys.stderr.flush()
        os.dup2(self._saved, 2)
        os.close(self._saved)
        self._file.seek(0)
        text = self._file.read().decode(errors="replace")
        self._file.close()
        kept = [line for line in text.splitlines()
                if line.strip() and line.strip("*") and
                "slow_operation_alarm" not in line and
                "Very slow compile?" not in line]
        if kept:
            print("\n".join(kept), file=sys.stderr)
        return False


def ms(seconds):
    if seconds >= 10:
        return "%9.1f s " % seconds
    return "%9.3f ms" % (seconds * 1e3) if seconds < 0.01 else \
        "%9.1f ms" % (seconds * 1e3)


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agc", default=str(ROOT / "build" / "agc"))
    ap.add_argument("--runtime", default=str(ROOT / "runtime"),
                    help="folder holding agc_runtime (default runtime/)")
    ap.add_argument("--rounds", type=int, default=61,
                    help="run-time rounds per kernel (default 61)")
    ap.add_argument("--sample", type=float, default=0.01,
                    help="seconds of calls per run-time sample (default "
                         "0.01)")
    ap.add_argument("--n", type=int, default=1000,
                    help="RK4 steps (default 1000)")
    ap.add_argument("--compile-repeat", type=int, default=5,
                    help="cold compiles of each rolled loop in (b) "
                         "(default 5)")
    ap.add_argument("--unrolled-repeat", type=int, default=1,
                    help="cold compiles of the unrolled loop in (b) "
                         "(default 1: it takes tens of seconds)")
    ap.add_argument("--skip-unrolled", action="store_true",
                    help="leave the unrolled original out of (b)")
    ap.add_argument("--keep", action="store_true",
                    help="keep the folder with the converted kernels")
    args = ap.parse_args()
    started = time.perf_counter()

    if not os.access(args.agc, os.X_OK):
        sys.exit("bench_jax: %s is not an executable agc (scripts/build.sh; "
                 "--agc PATH)" % args.agc)
    tmp = tempfile.mkdtemp(prefix="agc_bench_jax_")
    if args.keep:
        print("keeping " + tmp)
    else:
        atexit.register(shutil.rmtree, tmp, ignore_errors=True)
    src = os.path.join(tmp, ORIGINAL + ".py")
    shutil.copyfile(KERNELS_DIR / (ORIGINAL + ".py"), src)
    shutil.copyfile(KERNELS_DIR / (HAND + ".py"),
                    os.path.join(tmp, HAND + ".py"))
    start = time.perf_counter()
    proc = subprocess.run([args.agc, "convert", src, "-o",
                           os.path.join(tmp, CONVERTED + ".py"),
                           "--no-source-map"], capture_output=True, text=True)
    t_convert = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit("bench_jax: agc convert failed (exit %d):\n%s"
                 % (proc.returncode, proc.stderr))

    sys.path[:0] = [tmp, args.runtime]
    import jax
    import jax.numpy as jnp
    import numpy as np
    import agc_runtime
    original = importlib.import_module(ORIGINAL)
    converted = importlib.import_module(CONVERTED)
    hand = importlib.import_module(HAND)
    backend = agc_runtime.backend()
    inputs = make_inputs(jnp, np, args.n)

    print("JAX %s on %s (%d cores, load average %.1f); agc convert %.0f "
          "ms; agc_runtime backend %r%s" % (
              jax.__version__, jax.devices()[0].platform, os.cpu_count(),
              os.getloadavg()[0], t_convert * 1e3, backend,
              " (AGC_BACKEND)" if os.environ.get("AGC_BACKEND") else ""))

    # (a) ------------------------------------------------------------------
    print()
    print("(a) compiled run time under jax.jit, median of %d rounds "
          "(goal agc/lax <= 1.10x)" % args.rounds)
    header = "%-14s %-48s %10s %10s %7s %7s  %s" % (
        "kernel", "", "agc", "hand lax", "agc/lax", "paired",
        "control flow agc | lax")
    print(header)
    problems = []
    rows = []
    equations = []
    for name, (label, arrays, static) in inputs.items():
        fns = []
        structure = []
        for module in (converted, hand):
            fn = jax.jit(functools.partial(getattr(module, name), **static))
            fns.append(fn)
            structure.append(primitives(
                jax.make_jaxpr(functools.partial(getattr(module, name),
                                                 **static))(*arrays).jaxpr))
        equations.append("%s %d | %d" % (name, structure[0]["eqns"],
                                         structure[1]["eqns"]))
        eager = getattr(original, name)(*arrays, **static)
        for side, fn in zip(("agc", "lax"), fns):
            value = block(jax, fn(*arrays))
            if not same_values(np, jax, value, eager):
                problems.append("%s: the %s side differs from the original "
                                "run eagerly" % (name, side))
        times, samples = run_time(jax, fns, arrays, args.rounds,
                                  args.sample)
        ratio = times[0] / times[1]
        paired = paired_ratio(samples, 0, 1)
        rows.append((name, paired))
        print("%-14s %-48s %10s %10s %6.2fx %6.2fx  %s | %s%s" % (
            name, label, ms(times[0]).strip(), ms(times[1]).strip(), ratio,
            paired,
            describe_primitives(structure[0]),
            describe_primitives(structure[1]),
            "" if paired <= 1.1 else "   (over 1.1x)"))
        sys.stdout.flush()
    print("  equations in the jaxprs, agc | lax: " + ", ".join(equations))
    if problems:
        for p in problems:
            print("  DIFFERENT VALUES: " + p)
    else:
        print("  values: both sides equal the original run eagerly, for all "
              "%d kernels" % len(inputs))

    # (b) ------------------------------------------------------------------
    print()
    y0, w, b, dt, n_traced = inputs["rk4"][1]
    n = args.n
    print("(b) RK4 at n = %d: trace + lower + XLA compile, cold (after "
          "jax.clear_caches()), then the compiled run time" % n)
    print("%-52s %10s %10s %10s %10s %6s %11s %8s  %s" % (
        "", "trace", "lower", "compile", "total", "vs agc", "run", "vs agc",
        "control flow (eqns)"))
    cases = [
        ("agc, n traced (%s backend)" % backend, args.compile_repeat,
         None, lambda: jax.jit(converted.rk4), (y0, w, b, dt, n_traced)),
        ("agc, n static, agc_runtime.use('jax')", args.compile_repeat,
         "jax", lambda: jax.jit(converted.rk4, static_argnums=4),
         (y0, w, b, dt, n)),
        ("hand-written lax.fori_loop, n traced", args.compile_repeat,
         None, lambda: jax.jit(hand.rk4), (y0, w, b, dt, n_traced)),
    ]
    if not args.skip_unrolled:
        cases.append(("original, n static (Python unrolls the loop)",
                      args.unrolled_repeat, None,
                      lambda: jax.jit(original.rk4, static_argnums=4),
                      (y0, w, b, dt, n)))
    eager = original.rk4(y0, w, b, dt, n)
    results = []
    differ = []
    for label, repeat, use, make_jit, call_args in cases:
        if use:
            agc_runtime.use(use)
        try:
            with QuietSlowCompileAlarm():
                phases, compiled, jaxpr = compile_time(jax, make_jit,
                                                       call_args, repeat)
        finally:
            if use:
                agc_runtime.use(backend)
        dynamic = [a for a in call_args if not isinstance(a, int)]
        value = block(jax, compiled(*dynamic))
        if not same_values(np, jax, value, eager):
            differ.append(label)
        results.append((label, repeat, phases, compiled, dynamic,
                        primitives(jaxpr)))
    # A compiled program takes the arguments that were not static (the
    # static cases take no n).
    run_times, _ = run_time(
        jax, [functools.partial(lambda c, d: c(*d), r[3], r[4])
              for r in results], (), args.rounds, args.sample)
    base_compile = results[0][2][3]
    base_run = run_times[0]
    for (label, repeat, phases, _, _, counts), t_run in zip(results,
                                                            run_times):
        note = "" if repeat > 1 else "   (1 compile)"
        print("%-52s %10s %10s %10s %10s %5.1fx %11s %7.2fx  %s (%d)%s" % (
            label, ms(phases[0]).strip(), ms(phases[1]).strip(),
            ms(phases[2]).strip(), ms(phases[3]).strip(),
            phases[3] / base_compile, ms(t_run).strip(), t_run / base_run,
            describe_primitives(counts), counts["eqns"], note))
        sys.stdout.flush()
    if not args.skip_unrolled:
        unrolled = results[-1][2][3]
        print("  compile: the unrolled original takes %.0fx agc's (n "
              "traced) and %.0fx agc's under use('jax') (n static)"
              % (unrolled / results[0][2][3], unrolled / results[1][2][3]))
    if differ:
        print("  DIFFERENT VALUES from the original run eagerly: "
              + "; ".join(differ))
    else:
        print("  values: all %d equal the original run eagerly"
              % len(results))
    over = [name for name, ratio in rows if ratio > 1.1]
    print()
    print("run time goal (agc/lax <= 1.10x, paired): %s" % (
        "met for all %d kernels" % len(rows) if not over else
        "NOT met for " + ", ".join(over)))
    print("(%.0f s; load average %.1f at the end)"
          % (time.perf_counter() - started, os.getloadavg()[0]))
    return 1 if problems or differ else 0


if __name__ == "__main__":
    sys.exit(main())
