#!/usr/bin/env python3
"""The TensorFlow example (examples/tf), end to end, from a clean copy.

In a temporary copy of examples/tf (without its build folder):

- `make AGC=...` converts model.py into build/model.py with its source map;
  a second `make` does nothing; `make check` passes; the map's lines lead
  back to model.py;
- `make train-original` and `make train` (the converted model, with no
  AGC_BACKEND in the environment) train under tf.function with the same
  seeds: the losses and gradient norms agree to 1e-6 relative, the
  clipping decisions and the greedy decodes are equal, and the run took
  both branches of the clipping `if` and both exits of the decoding loop;
- the converted model also trains the same under
  tf.function(autograph=False), where TensorFlow's AutoGraph is off;
- the traced train step of the converted model (autograph on and off)
  contains If/StatelessIf and While/StatelessWhile ops, the traced decoder
  a While whose body (in the function library) holds Ifs, as many of each
  as in TensorFlow's own conversion of model.py: with autograph off, only
  agc's code can have built them;
- TensorFlow's AutoGraph converter (api._TRANSPILER.transform) converted
  functions of model.py when tracing the original, and none at all when
  tracing agc's output (autograph on or off);
- a staging error in converted code is reported at model.py's line.

Run with the project's virtual environment (TensorFlow installed):

    .venv/bin/python scripts/tf_example_test.py --agc build/agc [--keep]
        [--runtime DIR]   # the folder holding agc_runtime (default: runtime/)

The last line is "N passed, M failed"; the exit status is 1 on any failure.
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "tf"
RUNTIME = ROOT / "runtime"  # --runtime overrides
RELATIVE = 1e-6
TIMEOUT = 600
CONTROL_FLOW = ("If", "StatelessIf", "While", "StatelessWhile")


def run(cmd, cwd, env):
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=TIMEOUT)


def tail(p, lines=25):
    text = (p.stdout + p.stderr).rstrip().splitlines()
    return "\n".join(text[-lines:])


def close(a, b):
    return abs(a - b) <= RELATIVE * max(abs(a), abs(b))


def max_relative(xs, ys):
    return max((abs(a - b) / max(abs(a), abs(b), 1e-300)
                for a, b in zip(xs, ys)), default=0.0)


def control_flow(ops):
    """{'graph': {op: n}, 'library': {op: n}} restricted to If/While ops."""
    return {where: {op: n for op, n in ops[where].items()
                    if op in CONTROL_FLOW}
            for where in ("graph", "library")}


def count(ops, where, *names):
    return sum(ops[where].get(n, 0) for n in names)


class Example:
    """The temporary copy and the runs made in it."""

    def __init__(self, agc, python, workdir):
        self.agc = agc
        self.python = python
        self.dir = workdir / "tf"
        shutil.copytree(EXAMPLE, self.dir, ignore=shutil.ignore_patterns(
            "build", "__pycache__", "*.pyc"))
        # No AGC_BACKEND: converted code must stage by itself. No PYTHONPATH:
        # the Makefile puts the runtime on it.
        self.env = {k: v for k, v in os.environ.items()
                    if k not in ("AGC_BACKEND", "PYTHONPATH")}
        self.env["TF_CPP_MIN_LOG_LEVEL"] = "2"
        self.runs = {}

    def make(self, *targets, train_flags=None):
        cmd = ["make", f"AGC={self.agc}", f"PYTHON={self.python}",
               f"AGC_RUNTIME={RUNTIME}"]
        if train_flags is not None:
            cmd.append("TRAIN_FLAGS=" + " ".join(train_flags))
        return run([*cmd, *targets], self.dir, self.env)

    def train(self, name, target, *flags):
        """Runs a make train target with --json; keeps its results."""
        out = self.dir / f"{name}.json"
        p = self.make(target, train_flags=[*flags, "--json", str(out)])
        if p.returncode != 0 or not out.is_file():
            self.runs[name] = None
            raise AssertionError(f"make {target} {' '.join(flags)} exited "
                                 f"{p.returncode}:\n{tail(p)}")
        self.runs[name] = json.loads(out.read_text())
        self.runs[name]["stdout"] = p.stdout
        return self.runs[name]

    def result(self, name):
        r = self.runs.get(name)
        if r is None:
            raise AssertionError(f"no results from the {name} run (it "
                                 "failed above)")
        return r


def test_make_converts_once(ex):
    p = ex.make()
    assert p.returncode == 0, f"make exited {p.returncode}:\n{tail(p)}"
    conversions = [l for l in p.stdout.splitlines()
                   if l.startswith(f"{ex.agc} convert")]
    assert len(conversions) == 1, p.stdout
    for name in ("model.py", "model.py.map.json"):
        assert (ex.dir / "build" / name).is_file(), f"no build/{name}"
    again = ex.make()
    assert again.returncode == 0, tail(again)
    assert "Nothing to be done" in again.stdout, again.stdout
    check = ex.make("check")
    assert check.returncode == 0, tail(check)


def test_output_is_agc_conversion(ex):
    text = (ex.dir / "build" / "model.py").read_text()
    for needle in ("import agc_runtime as ag__", "ag__.if_stmt_fn(",
                   "ag__.while_stmt_fn(", "ag__.for_stmt_fn("):
        assert needle in text, f"build/model.py lacks {needle!r}"
    # Eager originals: each function with control flow keeps its code, with
    # its converted twin after it; a straight-line function is written once
    # (docs/guide/eager-originals.md).
    functions = re.findall(r"^def (\w+)", text, re.M)
    originals = [f for f in functions if not f.startswith("_agc_")]
    twins = re.findall(r"^@ag__\.twin_of\((\w+), '\w+'\)\ndef _agc_(\w+)",
                       text, re.M)
    staged = ["sequence_loss", "clip_by_global_norm", "train_step",
              "greedy_decode"]
    assert twins == [(f, f) for f in staged], f"twins {twins}"
    assert originals == ["build_model", "make_batch"] + staged, (
        f"functions {originals}")
    for f in ("build_model", "make_batch"):
        body = re.search(rf"^def {f}\(.*?(?=^\S)", text, re.M | re.S)
        assert body and "ag__." not in body.group(0), (
            f"{f} has no control flow, but was converted: {body and body.group(0)}")


def test_source_map(ex):
    build = ex.dir / "build"
    generated = (build / "model.py").read_text().splitlines()
    m = json.loads((build / "model.py.map.json").read_text())
    source = (build / m["source"]).resolve()
    assert source == (ex.dir / "model.py").resolve(), m["source"]
    assert m["source_sha256"] == hashlib.sha256(
        source.read_bytes()).hexdigest(), "source_sha256 is not model.py's"
    lines = m["origin_lines"]
    assert len(lines) == len(generated), (len(lines), len(generated))
    original = source.read_text().splitlines()
    # Each staged statement maps back to the line that wrote it.
    for call, stmt in (("ag__.if_stmt_fn(norm > clip_norm", "if norm > clip_norm:"),
                       ("ag__.while_stmt_fn(loop_test", "while length < max_len:"),
                       ("ag__.for_stmt_fn(", "for t in tf.range(")):
        k = next((i for i, l in enumerate(generated) if call in l), None)
        assert k is not None, f"build/model.py has no {call}...)"
        assert original[lines[k] - 1].strip().startswith(stmt), (
            f"generated line {k + 1} ({call}...) maps to line {lines[k]}: "
            f"{original[lines[k] - 1]!r}")


def test_train_original(ex):
    r = ex.train("original", "train-original")
    assert len(r["losses"]) > 0


def test_train_converted(ex):
    r = ex.train("converted", "train")
    assert len(r["losses"]) > 0
    assert r["module_file"] == str((ex.dir / "build" / "model.py").resolve())


def test_train_converted_without_autograph(ex):
    # tf.function(autograph=False): TensorFlow's AutoGraph is off, so any
    # graph control flow in the trace is built by agc's converted code.
    r = ex.train("converted_no_autograph", "train", "--autograph", "off")
    assert len(r["losses"]) > 0
    assert r["autograph"] is False


def test_losses_match(ex):
    a = ex.result("original")
    for run in ("converted", "converted_no_autograph"):
        b = ex.result(run)
        assert len(a["losses"]) == len(b["losses"]), run
        for key in ("losses", "grad_norms"):
            bad = [(i + 1, x, y) for i, (x, y) in
                   enumerate(zip(a[key], b[key])) if not close(x, y)]
            assert not bad, (f"{run}: {key} differ beyond {RELATIVE} "
                             "relative at (step, original, converted): "
                             f"{bad[:5]}")
        assert a["clipped"] == b["clipped"], (run, a["clipped"],
                                              b["clipped"])
        for key in ("decoded_before", "decoded"):
            assert a[key] == b[key], (run, key, a[key], b[key])
        print(f"    {run}: losses' max relative difference "
              f"{max_relative(a['losses'], b['losses']):.3g} over "
              f"{len(a['losses'])} steps")


def test_run_covers_both_paths(ex):
    # Guards the example itself: the clipping if and the decoding loop's
    # break both went each way, so equal results mean something.
    r = ex.result("original")
    assert any(r["clipped"]) and not all(r["clipped"]), r["clipped"]
    decodes = [*r["decoded_before"].values(), *r["decoded"].values()]
    assert any(d[-1] == 0 for d in decodes), decodes      # stopped at EOS
    assert any(0 not in d for d in decodes), decodes      # at max_len
    assert r["losses"][-1] < r["losses"][0] / 10, r["losses"]


def test_graph_control_flow(ex):
    reference = ex.result("original")["graphs"]
    for run in ("converted", "converted_no_autograph"):
        graphs = ex.result(run)["graphs"]
        step = graphs["train_step"]
        assert count(step, "graph", "If", "StatelessIf") >= 1, (
            run, control_flow(step))
        assert count(step, "graph", "While", "StatelessWhile") >= 1, (
            run, control_flow(step))
        decode = graphs["greedy_decode"]
        assert count(decode, "graph", "While", "StatelessWhile") >= 1, (
            run, control_flow(decode))
        # The break's if and the rest of the loop body under it: inside
        # the While's body function, in the graph's function library.
        assert count(decode, "library", "If", "StatelessIf") >= 2, (
            run, control_flow(decode))
        for name in ("train_step", "greedy_decode"):
            assert control_flow(graphs[name]) == control_flow(
                reference[name]), (run, name, control_flow(graphs[name]),
                                   control_flow(reference[name]))


def test_autograph_not_invoked_on_agc_output(ex):
    original = ex.result("original")
    assert original["autograph_error"] is None, original["autograph_error"]
    model_py = str((ex.dir / "model.py").resolve())
    # The audit works: tracing the original converts model.py's functions.
    names = {c["name"] for c in original["autograph_converted"]
             if c["file"] == model_py}
    assert {"train_step", "sequence_loss", "clip_by_global_norm",
            "greedy_decode"} <= names, original["autograph_converted"]
    converted = ex.result("converted")
    assert converted["autograph_error"] is None, converted["autograph_error"]
    agc_file = converted["module_file"]
    ours = [c for c in converted["autograph_converted"]
            if c["file"] == agc_file]
    assert not ours, f"TensorFlow's AutoGraph converted agc's output: {ours}"
    for run in ("converted", "converted_no_autograph"):
        record = ex.result(run)["autograph_converted"]
        assert not record, ("TensorFlow's AutoGraph converted while "
                            f"tracing the {run} model: {record}")


def test_staging_error_points_at_model_py(ex):
    p = ex.make("train", train_flags=["--staging-error-demo"])
    assert p.returncode != 0, "the staging error demo did not fail"
    source = (ex.dir / "model.py").resolve()
    line = next(i + 1 for i, l in enumerate(source.read_text().splitlines())
                if l.strip() == "if tf.equal(token, EOS):")
    frame = f'  File "{source}", line {line}, in loop_body\n' \
            "    if tf.equal(token, EOS):\n"
    assert frame in p.stderr, f"no frame at model.py:{line}:\n{tail(p)}"
    assert "condition of if statement expected to be `tf.bool` scalar" \
        in p.stderr, tail(p)
    generated = str((ex.dir / "build" / "model.py").resolve())
    assert f'File "{generated}"' not in p.stderr, tail(p)


TESTS = [
    test_make_converts_once,
    test_output_is_agc_conversion,
    test_source_map,
    test_train_original,
    test_train_converted,
    test_train_converted_without_autograph,
    test_losses_match,
    test_run_covers_both_paths,
    test_graph_control_flow,
    test_autograph_not_invoked_on_agc_output,
    test_staging_error_points_at_model_py,
]


def main():
    global RUNTIME
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--agc", required=True, help="the agc binary")
    parser.add_argument("--python", default=sys.executable,
                        help="a Python with TensorFlow (default: this one)")
    parser.add_argument("--runtime", type=Path, default=RUNTIME,
                        help="the folder that holds agc_runtime "
                             "(default: %(default)s)")
    parser.add_argument("--keep", action="store_true",
                        help="keep the temporary copy and print its path")
    args = parser.parse_args()
    if shutil.which("make") is None:
        sys.exit("tf_example_test: make is not installed")
    agc = str(Path(args.agc).resolve())
    RUNTIME = args.runtime.resolve()
    tmp = Path(tempfile.mkdtemp(prefix="agc_tf_example_"))
    passed = failed = 0
    try:
        ex = Example(agc, args.python, tmp)
        for test in TESTS:
            name = test.__name__[len("test_"):]
            try:
                test(ex)
            except Exception as e:  # noqa: BLE001 - report, go on
                failed += 1
                detail = (str(e) if isinstance(e, AssertionError)
                          else traceback.format_exc())
                print(f"FAIL {name}\n    " + detail.replace("\n", "\n    "))
            else:
                passed += 1
                print(f"ok   {name}")
            sys.stdout.flush()
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
