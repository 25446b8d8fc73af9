#!/usr/bin/env python3
"""agc's output under torch.export against hand-written torch.cond /
while_loop, and eager calls of agc's output against the original (figures,
not assertions).

Run with the PyTorch environment (scripts/setup.sh --venv):
    scripts/venv_python.sh --torch scripts/bench_torch.py [--agc build/agc]
        [--rounds 31]
(scripts/bench.sh runs it; AGC_BENCH_TORCH=0 skips it.)

The kernels are scripts/bench_torch/kernels.py: ordinary PyTorch with
data-dependent control flow (a Newton iteration in a ``while`` with a
``break``, an early-exit ``if``, a ``for`` over ``range(n)`` with a tensor
bound). agc converts the file with no flag (its functional form);
scripts/bench_torch/hand_kernels.py holds the same computations written by
hand with torch.cond and while_loop. Before anything is timed, both
exported programs' results are checked against the original kernels run
eagerly, and their graphs' higher-order operators are listed.

  (a) run time of the exported program (torch.export.export, non-strict,
      ``.module()``): agc's output against the hand-written version, one
      line per kernel; the median over --rounds rounds (each side one
      sample a round, in turn) of the mean time of a call in a sample, and
      the "paired" ratio, the median over rounds of the ratio of the two
      samples of a round (the goal, <= 1.1x, is judged on it);
  (b) eager calls, no tracing, with torch imported: agc's output (its eager
      original behind the guard ``_ag__guard__ and _ag__guard__.tracing()``)
      against the original function, same arguments;
  (c) decoding loops (greedy, as a ``while`` and as a ``for`` with a
      ``break``; also in (a)): torch.export's time on agc's output against
      the hand-written version (goal <= 1.5x), and the exported program
      against the original run eagerly (report).
"""
import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "runtime"))
HERE = os.path.join(ROOT, "scripts", "bench_torch")

import torch  # noqa: E402
from tests_torch.support import Wrap, higher_order_ops  # noqa: E402


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def sample(fn, args, calls):
    start = time.perf_counter()
    for _ in range(calls):
        fn(*args)
    return (time.perf_counter() - start) / calls


def compare(a, b, args, rounds, calls):
    """(median a, median b, paired median a/b) over rounds."""
    sa, sb, ratios = [], [], []
    for _ in range(3):
        a(*args), b(*args)
    for r in range(rounds):
        if r % 2:
            tb = sample(b, args, calls)
            ta = sample(a, args, calls)
        else:
            ta = sample(a, args, calls)
            tb = sample(b, args, calls)
        sa.append(ta)
        sb.append(tb)
        ratios.append(ta / tb)
    return statistics.median(sa), statistics.median(sb), statistics.median(
        ratios)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agc", default=os.path.join(ROOT, "build", "agc"))
    parser.add_argument("--converted", help="kernels.py already converted "
                        "(agc convert, functional form)")
    parser.add_argument("--rounds", type=int, default=31)
    options = parser.parse_args()
    torch.set_num_threads(1)
    original = load(os.path.join(HERE, "kernels.py"), "bench_original")
    hand = load(os.path.join(HERE, "hand_kernels.py"), "bench_hand")
    folder = tempfile.mkdtemp(prefix="agc_bench_torch_")
    if options.converted:
        converted_path = options.converted
        how = "%s (given)" % os.path.relpath(converted_path, ROOT)
    else:
        converted_path = os.path.join(folder, "kernels_converted.py")
        run = subprocess.run(
            [options.agc, "convert", os.path.join(HERE, "kernels.py"), "-o",
             converted_path],
            capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit("bench_torch: agc convert failed:\n" + run.stderr)
        how = "agc convert (its default, functional form)"
    converted = load(converted_path, "bench_converted")
    print("torch %s, Python %s, agc's output: %s; load average %.2f" % (
        torch.__version__, sys.version.split()[0], how, os.getloadavg()[0]))
    w8 = torch.randn(8, 8, generator=torch.Generator().manual_seed(0)) / 3
    w16 = torch.randn(16, 16, generator=torch.Generator().manual_seed(1)) / 4
    x8 = torch.ones(8)
    x16 = torch.ones(16)
    cases = [
        ("newton", (torch.tensor([2.0, 9.0, 16.0, 0.5]),)),
        ("gated", (w8, x8)),
        ("gated (else)", (w8 * 0.01, x8 * 0.01)),
        ("rollout n=100", (w16, x16, torch.tensor(100))),
    ]
    g = torch.Generator().manual_seed(2)
    emb, out = torch.randn(12, 8, generator=g), torch.randn(8, 12, generator=g)
    start, eos = torch.tensor([1, 4, 7, 9]), torch.tensor(3)
    decoding = [("greedy", (emb, out, start, eos)),
                ("greedy_for", (emb, out, start, eos))]
    cases += decoding
    print("(a) exported program run time (torch.export, non-strict), "
          "median of %d rounds:" % options.rounds)
    print("  %-16s %12s %12s %8s %8s  %s" % (
        "kernel", "agc us/call", "hand us/call", "ratio", "paired",
        "graph (agc | hand)"))
    exported = {}
    for label, args in cases:
        name = label.split()[0]
        if name not in exported:
            exported[name] = tuple(
                torch.export.export(Wrap(getattr(m, name)), args,
                                    strict=False)
                for m in (converted, hand))
        ours, theirs = exported[name]
        expected = getattr(original, name)(*args)
        for program, side in ((ours, "agc"), (theirs, "hand")):
            got = program.module()(*args)
            if not torch.allclose(got.double(), expected.double(),
                                  rtol=1e-5, atol=1e-6):
                sys.exit("bench_torch: %s: %s's exported result differs "
                         "from the original's" % (label, side))
        a, b = ours.module(), theirs.module()
        calls = 50
        ta, tb, paired = compare(a, b, args, options.rounds, calls)
        print("  %-16s %12.1f %12.1f %7.2fx %7.2fx  %s | %s" % (
            label, ta * 1e6, tb * 1e6, ta / tb, paired,
            "+".join(sorted(set(higher_order_ops(ours)))),
            "+".join(sorted(set(higher_order_ops(theirs))))))
    print("(b) eager calls, no tracing, torch imported: agc's output against "
          "the original, median of %d rounds:" % options.rounds)
    print("  %-16s %12s %12s %8s %8s" % ("kernel", "agc us/call",
                                         "orig us/call", "ratio", "paired"))
    small = [
        ("newton", (torch.tensor([2.0]),)),
        ("gated", (torch.eye(2), torch.ones(2))),
        ("rollout n=3", (torch.eye(2), torch.ones(2), 3)),
    ]
    for label, args in small:
        name = label.split()[0]
        ta, tb, paired = compare(getattr(converted, name),
                                 getattr(original, name), args,
                                 options.rounds, 200)
        print("  %-16s %12.2f %12.2f %7.3fx %7.3fx" % (
            label, ta * 1e6, tb * 1e6, ta / tb, paired))

    print("(c) decoding loops: export time, agc's output against the "
          "hand-written version (goal <= 1.5x), and the exported program "
          "against the original run eagerly, median of %d rounds:"
          % options.rounds)
    print("  %-16s %10s %10s %8s %14s %14s %8s" % (
        "kernel", "agc ms", "hand ms", "ratio", "exported us", "eager us",
        "ratio"))
    for label, args in decoding:
        times = {}
        for side, m in (("agc", converted), ("hand", hand)):
            samples = []
            for _ in range(3):
                start_t = time.perf_counter()
                torch.export.export(Wrap(getattr(m, label)), args,
                                    strict=False)
                samples.append(time.perf_counter() - start_t)
            times[side] = statistics.median(samples)
        ta, tb, paired = compare(exported[label][0].module(),
                                 getattr(original, label), args,
                                 options.rounds, 50)
        print("  %-16s %10.0f %10.0f %7.2fx %14.1f %14.1f %7.2fx" % (
            label, times["agc"] * 1e3, times["hand"] * 1e3,
            times["agc"] / times["hand"], ta * 1e6, tb * 1e6, paired))

if __name__ == "__main__":
    main()
