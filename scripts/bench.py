#!/usr/bin/env python3
"""agc benchmarks (figures, not assertions).

Reports, on the local CPython standard library:
  - tree-sitter parse-only time (agc_parse_bench, system allocator) vs
    `agc convert` time, with no passes and with the default pipeline,
    single-threaded; agc links mimalloc, so the parse-only time with that
    allocator preloaded is reported too, with the like-for-like ratios;
  - source lines per second;
  - -j1 vs -j2 (and -jN for N = cores) speed-up;
  - peak memory (max RSS) of each run;
  - the default pipeline's time by stage (--time-passes);
  - `agc lint` of the same files vs converting them (the bar: at most 1.5x);
  - peak memory per input byte on a 10 MB file (docs/reliability.md's bound);
  - the cost of the analyses: `--passes none --analyze` (every analysis of
    `agc passes` computed on every file) vs `--passes none`, -j1, in CPU
    time (user + system), which a busy shared machine disturbs less than
    wall time (the bar: at most +50%);
the scaling with function size on generated files; and the time per line of
the corpus's own functions of 1-5 lines against those of over 100 lines.
Each timing is the best of --repeat runs, outputs written to a fresh folder.
"""
import argparse
import ast
import os
import resource
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import textwrap
import time
from pathlib import Path


def timed(cmd, stdin_data=None, cwd=None, cpu=False, env=None):
    """Runs cmd; returns (seconds, max RSS in MiB, returncode), where seconds
    is wall time, or user + system CPU time with `cpu`."""
    start = time.perf_counter()
    wrapped = ["/usr/bin/time", "-f", "%M %U %S"] + cmd
    proc = subprocess.run(wrapped, input=stdin_data, capture_output=True,
                          cwd=cwd, env=env)
    secs = time.perf_counter() - start
    try:
        rss_kib, user, system = proc.stderr.decode().strip().splitlines()[-1].split()
        rss_kib = int(rss_kib)
        if cpu:
            secs = float(user) + float(system)
    except (ValueError, IndexError):
        rss_kib = 0
    return secs, rss_kib / 1024, proc.returncode


def linked_allocator(binary):
    """The path of the malloc library `binary` links (mimalloc, jemalloc,
    tcmalloc), from ldd; None for the system allocator."""
    out = subprocess.run(["ldd", binary], capture_output=True, text=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if (len(parts) >= 3 and parts[1] == "=>" and
                any(k in parts[0] for k in ("mimalloc", "jemalloc", "tcmalloc"))):
            return parts[2]
    return None


def best(n, fn):
    runs = [fn() for _ in range(n)]
    return min(runs, key=lambda r: r[0])


def versus(args):
    """Two builds side by side: the parse alone (agc_parse_bench) and
    `agc convert -j1` with no passes and with the default pipeline, in CPU
    time (user + system), runs of the two alternating so that a change in
    the machine's load hits both; the best of --repeat."""
    stdlib = Path(args.stdlib)
    files = sorted(str(p) for p in stdlib.rglob("*.py")
                   if "site-packages" not in p.parts)
    listing = ("\n".join(files) + "\n").encode()
    builds = [args.build, args.versus]
    for b in builds:
        version = subprocess.run([os.path.join(b, "agc"), "--version"],
                                 capture_output=True, text=True).stdout
        print(f"{b}: {version.strip()}")
    print(f"corpus: {len(files)} files ({stdlib}); CPU seconds, best of "
          f"{args.repeat}, the two builds alternating")
    tmp = tempfile.mkdtemp(prefix="agc_bench_", dir=args.tmp)

    def parse(build):
        return timed([os.path.join(build, "agc_parse_bench")], listing,
                     cpu=True)

    def convert(build, extra):
        out = os.path.join(tmp, "out")
        shutil.rmtree(out, ignore_errors=True)
        return timed([os.path.join(build, "agc"), "convert", *files,
                      "--out-dir", out, "-j", "1", *extra], cpu=True)

    for label, run in (("tree-sitter parse only", parse),
                       ("agc --passes none -j1",
                        lambda b: convert(b, ["--passes", "none"])),
                       ("agc default passes -j1", lambda b: convert(b, []))):
        times = {b: [] for b in builds}
        for _ in range(args.repeat):
            for b in builds:
                times[b].append(run(b))
        (t0, rss0, rc0), (t1, rss1, rc1) = (min(times[b]) for b in builds)
        print(f"{label:24s}: {t0:7.3f} s vs {t1:7.3f} s  {t1 / t0:5.2f}x  "
              f"({rss0:6.1f} vs {rss1:6.1f} MiB; exit {rc0}, {rc1})")
    shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", required=True)
    ap.add_argument("--stdlib", default=sysconfig.get_paths()["stdlib"])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--tmp", default=None,
                    help="folder for the outputs (e.g. /dev/shm to leave disk "
                         "writes out of the figures)")
    ap.add_argument("--versus", default=None,
                    help="a second build folder (e.g. the portable build of "
                         "scripts/wheels.sh): only compare the two, side by "
                         "side")
    args = ap.parse_args()
    if args.versus:
        return versus(args)
    agc = os.path.join(args.build, "agc")
    parse_bench = os.path.join(args.build, "agc_parse_bench")
    stdlib = Path(args.stdlib)
    files = sorted(str(p) for p in stdlib.rglob("*.py")
                   if "site-packages" not in p.parts)
    lines = sum(len(Path(f).read_bytes().splitlines()) for f in files)
    size = sum(os.path.getsize(f) for f in files)
    cores = os.cpu_count() or 1
    print(f"corpus: {len(files)} files, {lines} lines, {size / 1e6:.1f} MB "
          f"({stdlib}); {cores} cores; best of {args.repeat}")

    listing = ("\n".join(files) + "\n").encode()
    t_parse, rss_parse, rc = best(args.repeat,
                                  lambda: timed([parse_bench], listing))
    if rc != 0:
        sys.exit(f"bench: {parse_bench} failed (exit {rc})")
    print(f"tree-sitter parse only   : {t_parse:7.3f} s  "
          f"{lines / t_parse:10.0f} lines/s  {rss_parse:7.1f} MiB  "
          f"(system allocator: the reference of the bars)")
    # agc links its own allocator (CMakeLists.txt), which speeds up the
    # tree-sitter parse inside agc too: the same parse with that allocator
    # preloaded gives the like-for-like ratios as well.
    allocator = linked_allocator(agc)
    t_parse_same = None
    if allocator is not None:
        env = dict(os.environ, LD_PRELOAD=allocator)
        t_parse_same, rss_same, rc = best(args.repeat, lambda: timed(
            [parse_bench], listing, env=env))
        print(f"  same, with agc's allocator ({os.path.basename(allocator)}) "
              f"preloaded: {t_parse_same:7.3f} s  {rss_same:7.1f} MiB")
    else:
        print("  (agc links the system allocator)")

    tmp = tempfile.mkdtemp(prefix="agc_bench_", dir=args.tmp)
    print(f"outputs written under {tmp}")

    def convert(extra, jobs):
        out = os.path.join(tmp, "out")
        shutil.rmtree(out, ignore_errors=True)
        return timed([agc, "convert", *files, "--out-dir", out, "-j", str(jobs),
                      *extra])

    results = {}
    # The default output (functional form) beside the nonlocal form's,
    # -j1 (issue 47: no slower than the nonlocal form).
    for label, extra in (("--passes none", ["--passes", "none"]),
                         ("default passes", []),
                         ("default, nonlocal", ["--control-flow", "nonlocal"])):
        for jobs in (sorted({1, 2, cores}) if "nonlocal" not in label
                     else [1]):
            t, rss, rc = best(args.repeat, lambda: convert(extra, jobs))
            results[(label, jobs)] = t
            ratio = f"{t / t_parse:5.2f}x parse" if jobs == 1 else \
                f"{results[(label, 1)] / t:5.2f}x vs -j1"
            if jobs == 1 and t_parse_same is not None:
                ratio += f" ({t / t_parse_same:4.2f}x like for like)"
            print(f"agc {label:15s} -j{jobs}: {t:7.3f} s  {lines / t:10.0f} "
                  f"lines/s  {rss:7.1f} MiB  {ratio}  (exit {rc})")

    # Where the default pipeline's time goes, by stage (one run with
    # --time-passes; its per-file logging makes the total a little larger).
    out = os.path.join(tmp, "out")
    shutil.rmtree(out, ignore_errors=True)
    proc = subprocess.run([agc, "convert", *files, "--out-dir", out, "-j", "1",
                           "--time-passes"], capture_output=True)
    err = proc.stderr.decode(errors="replace")
    marker = "time by stage, all files:"
    if marker in err:
        print("time by stage (default pipeline, -j1, one run):")
        for line in err[err.index(marker):].splitlines()[1:]:
            if line.startswith("agc: [info]   "):
                print("  " + line[len("agc: [info]   "):])

    # Lint of the same files (no output written), against converting them.
    t_lint, rss, rc = best(args.repeat, lambda: timed(
        [agc, "lint", *files, "-j", "1", "--isolated", "--output-format",
         "concise", "--exit-zero"]))
    t_conv = results[("default passes", 1)]
    print(f"agc lint                 -j1: {t_lint:7.3f} s  {lines / t_lint:10.0f} "
          f"lines/s  {rss:7.1f} MiB  {t_lint / t_conv:5.2f}x convert "
          f"(bar 1.5x)  (exit {rc})")

    # The analyses: every one of them on every file, no pass.
    def convert_cpu(extra):
        out = os.path.join(tmp, "out")
        shutil.rmtree(out, ignore_errors=True)
        return timed([agc, "convert", *files, "--out-dir", out, "-j", "1",
                      "--passes", "none", *extra], cpu=True)

    # Alternating runs, so that a change in the machine's load hits both.
    plain, analyze = [], []
    for _ in range(max(args.repeat, 3)):
        plain.append(convert_cpu([]))
        analyze.append(convert_cpu(["--analyze"]))
    t_plain = min(plain)[0]
    t_analyze, rss, rc = min(analyze)
    print(f"agc --passes none --analyze -j1: {t_analyze:7.3f} s CPU vs "
          f"{t_plain:7.3f} s without ({(t_analyze / t_plain - 1) * 100:+.0f}%"
          f", bar +50%)  {rss:7.1f} MiB  (exit {rc})")

    # Scaling with function size: one function of N statements per file.
    print("scaling with function size (--passes none -j1, default pipeline):")
    for n in (10, 100, 1000, 10000):
        body = "".join(f"    x{i} = x{i - 1} + {i} if x{i - 1} > 0 else {i}\n"
                       for i in range(1, n + 1))
        src = f"def f(x0):\n{body}    return x{n}\n"
        path = os.path.join(tmp, f"f{n}.py")
        Path(path).write_text(src)
        out = os.path.join(tmp, f"f{n}_ag.py")
        t_none, _, _ = best(args.repeat, lambda: timed(
            [agc, "convert", path, "-o", out, "--passes", "none", "-j", "1"]))
        os.remove(out)
        t_def, _, _ = best(args.repeat, lambda: timed(
            [agc, "convert", path, "-o", out, "-j", "1"]))
        print(f"  {n:6d} statements: none {t_none * 1000:8.1f} ms, "
              f"default {t_def * 1000:8.1f} ms "
              f"({(n + 2) / t_def:10.0f} lines/s)")

    # Memory against input size (docs/reliability.md's bound): one 10 MB file of
    # ordinary functions with loops and branches.
    unit = ("def f{k}(xs, limit=10):\n"
            "    total = 0\n"
            "    for i, x in enumerate(xs):\n"
            "        if x > limit and i % 2:\n"
            "            total += x * 2\n"
            "        elif x < 0:\n"
            "            break\n"
            "        else:\n"
            "            total = total + (x if x else 1)\n"
            "    while total > 100:\n"
            "        total //= 2\n"
            "    return total\n\n\n")
    big = os.path.join(tmp, "big.py")
    text = "".join(unit.format(k=k) for k in range(10_000_000 // len(unit)))
    Path(big).write_text(text)
    size_big = len(text.encode())
    out = os.path.join(tmp, "big_ag.py")
    for label, extra in (("--passes none", ["--passes", "none"]),
                         ("default passes", [])):
        t, rss, rc = timed([agc, "convert", big, "-o", out, "-j", "1", *extra])
        print(f"memory, {size_big / 1e6:.1f} MB file, {label:14s}: "
              f"{rss:7.1f} MiB peak RSS, "
              f"{rss * 1024 * 1024 / size_big:5.0f} bytes per input byte, "
              f"{t:6.2f} s  (exit {rc})")

    # Time per source line by function size (issue 6: functions over 100
    # lines within 1.5x of 1-5-line functions): files of about 24,000 lines
    # made of functions of one size each, default pipeline, -j1.
    print("time per line by function size (default pipeline, -j1):")
    per_line, per_stmt, counts, parse_line = {}, {}, {}, {}
    for n in (3, 5, 120, 400):
        count = 24000 // (n + 1)
        funcs = []
        for k in range(count):
            body = "".join(
                f"    x{i} = x{i - 1} + {i} if x{i - 1} > 0 else {i}\n"
                for i in range(1, n - 1))
            funcs.append(f"def f{k}(x0):\n{body}    return x{n - 2}\n")
        path = os.path.join(tmp, f"size{n}.py")
        Path(path).write_text("".join(funcs))
        file_lines = len(Path(path).read_text().splitlines())
        out = os.path.join(tmp, f"size{n}_ag.py")
        # Runs of 0.3 s: best of at least 7, or one slow run skews a ratio.
        t, _, _ = best(max(args.repeat, 7), lambda: timed(
            [agc, "convert", path, "-o", out, "-j", "1"], cpu=True))
        counts[n] = count
        per_line[n] = t / file_lines
        # The def and return lines cost less than a body statement and are
        # 2 lines in 3 of a 3-line function: the time per body statement
        # shows whether the cost of a statement grows with function size.
        per_stmt[n] = t / (count * (n - 2))
        t_ts, _, _ = best(max(args.repeat, 7), lambda: timed(
            [parse_bench], (path + "\n").encode(), cpu=True))
        parse_line[n] = t_ts / file_lines
    for n, t in per_line.items():
        print(f"  {counts[n]:5d} functions of {n:3d} lines: "
              f"{t * 1e6:6.2f} us/line CPU ({t / per_line[3]:4.2f}x the "
              f"3-line figure, {t / per_line[5]:4.2f}x the 5-line one); "
              f"{per_stmt[n] * 1e6:6.2f} us per body statement; tree-sitter "
              f"alone {parse_line[n] * 1e6:5.2f} us/line "
              f"({parse_line[n] / parse_line[3]:4.2f}x its 3-line figure)")
    # Every size above has the same body line, which costs tree-sitter
    # itself about twice what a def or return line does: that line mix, more
    # than agc, makes the difference by size there (tree-sitter's own
    # figures show it). The corpus's own functions have real code's mix.
    print("time per line of the corpus's functions by size (default "
          "pipeline, -j1):")
    sized = functions_by_size(files)
    figures = {}
    for label, sources in sized.items():
        path = os.path.join(tmp, f"functions_{label}.py")
        Path(path).write_text("".join(sources))
        file_lines = sum(s.count("\n") for s in sources)
        out = os.path.join(tmp, f"functions_{label}_ag.py")
        t, _, _ = best(max(args.repeat, 5), lambda: timed(
            [agc, "convert", path, "-o", out, "-j", "1"], cpu=True))
        t_ts, _, _ = best(max(args.repeat, 5), lambda: timed(
            [parse_bench], (path + "\n").encode(), cpu=True))
        figures[label] = t / file_lines
        print(f"  {len(sources):5d} functions of {label:>9s} lines "
              f"({file_lines:6d} lines): {t * 1e6 / file_lines:6.2f} us/line "
              f"CPU ({t / t_ts:4.2f}x their parse-only time)")
    print(f"  over 100 lines against 1-5 lines: "
          f"{figures['over 100'] / figures['1-5']:4.2f}x per line (bar 1.5x)")
    shutil.rmtree(tmp, ignore_errors=True)


def functions_by_size(files):
    """The source of every function (def, not a generator: those are left
    verbatim) of 1-5 lines and of over 100 lines in `files`, dedented to
    module level; a function that does not compile on its own (a string
    that dedenting changes) is left out."""
    sized = {"1-5": [], "over 100": []}
    for f in files:
        try:
            text = Path(f).read_text(encoding="utf-8")
            tree = ast.parse(text)
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue
        lines = text.splitlines(keepends=True)
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef) or is_generator(node):
                continue
            n = node.end_lineno - node.lineno + 1
            label = "1-5" if n <= 5 else "over 100" if n > 100 else None
            if label is None:
                continue
            source = textwrap.dedent("".join(
                lines[node.lineno - 1:node.end_lineno]))
            if not source.endswith("\n"):
                source += "\n"
            try:
                compile(source, f, "exec")
            except SyntaxError:
                continue
            sized[label].append(source)
    return sized


def is_generator(function):
    """Whether `function` yields (not counting nested scopes)."""
    todo = list(function.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return True
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                                 ast.Lambda, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(node))
    return False


if __name__ == "__main__":
    sys.exit(main())
