#!/usr/bin/env python3
"""The JAX example (examples/jax), end to end, from a clean copy.

In a temporary copy of examples/jax (without its build folder):

- `make AGC=...` converts model.py into build/model.py with its source map;
  a second `make` does nothing; `make check` passes; the output calls
  agc_runtime's operators, defines every function of model.py, and its
  staged statements map back to their lines of model.py;
- `make run-original` runs model.py eagerly on concrete arrays, and
  jax.jit of each of its functions with data-dependent control flow
  (trajectory_loss, fit, time_to_rest, balance_angle) fails with JAX's
  error for a tracer in Python's control flow;
- `make run` (the converted model under jax.jit, jax.grad and jax.vmap,
  agc_runtime's jax backend, no AGC_BACKEND in the environment) gives the
  same results as the original run eagerly: equal integers (steps,
  iterations, accepted and rejected steps), floats within float32
  rounding (1e-5 relative);
- the same for the parts that do not unroll a Python range loop
  (time_to_rest, balance_angle under vmap) on agc_runtime's default
  backend, where staging needs no configuration at all;
- the jaxprs of the converted functions hold lax control flow: scan and
  cond in value_and_grad(trajectory_loss), while and cond in fit, while in
  the vmapped time_to_rest and balance_angle;
- the run took both exits of each loop (the fit's early stop and its last
  step, the pendulum at rest and still moving at t_max, Newton converged
  and out of iterations), so equal results mean something.

Run with the project's virtual environment (JAX installed):

    .venv/bin/python scripts/jax_example_test.py --agc build/agc [--keep]
        [--runtime DIR]   # the folder holding agc_runtime (default: runtime/)

The last line is "N passed, M failed"; the exit status is 1 on any failure.
"""
import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
import tempfile
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "jax"
RUNTIME = ROOT / "runtime"  # --runtime overrides
RELATIVE = 1e-5
TIMEOUT = 600
# JAX's error for a tracer reaching Python's if/while (and its base class).
JIT_ERRORS = ("TracerBoolConversionError", "ConcretizationTypeError")
DATA_DEPENDENT = ("trajectory_loss", "fit", "time_to_rest", "balance_angle")


def run(cmd, cwd, env):
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=TIMEOUT)


def tail(p, lines=25):
    text = (p.stdout + p.stderr).rstrip().splitlines()
    return "\n".join(text[-lines:])


class Example:
    """The temporary copy and the runs made in it."""

    def __init__(self, agc, python, workdir):
        self.agc = agc
        self.python = python
        self.dir = workdir / "jax"
        shutil.copytree(EXAMPLE, self.dir, ignore=shutil.ignore_patterns(
            "build", "__pycache__", "*.pyc"))
        # No AGC_BACKEND: run.py selects the backend itself. No PYTHONPATH:
        # the Makefile puts the runtime on it.
        self.env = {k: v for k, v in os.environ.items()
                    if k not in ("AGC_BACKEND", "PYTHONPATH")}
        self.env["TF_CPP_MIN_LOG_LEVEL"] = "2"
        self.runs = {}

    def make(self, *targets, run_flags=None):
        cmd = ["make", f"AGC={self.agc}", f"PYTHON={self.python}",
               f"AGC_RUNTIME={RUNTIME}"]
        if run_flags is not None:
            cmd.append("RUN_FLAGS=" + " ".join(run_flags))
        return run([*cmd, *targets], self.dir, self.env)

    def run(self, name, target, *flags):
        """Runs a make target of run.py with --json; keeps its results."""
        out = self.dir / f"{name}.json"
        p = self.make(target, run_flags=[*flags, "--json", str(out)])
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


def compare(a, b, where="", worst=None):
    """Differences between two JSON trees of numbers (floats within
    RELATIVE); updates worst[0] with the largest relative difference."""
    if isinstance(a, dict) and isinstance(b, dict):
        if set(a) != set(b):
            return [f"{where}: keys {sorted(a)} vs {sorted(b)}"]
        return [d for k in a for d in compare(a[k], b[k], f"{where}.{k}",
                                              worst)]
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return [f"{where}: {len(a)} vs {len(b)} elements"]
        return [d for i, (x, y) in enumerate(zip(a, b))
                for d in compare(x, y, f"{where}[{i}]", worst)]
    if isinstance(a, bool) or isinstance(b, bool) or (
            isinstance(a, int) and isinstance(b, int)):
        return [] if a == b else [f"{where}: {a!r} vs {b!r}"]
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if isinstance(a, int) != isinstance(b, int):
            return [f"{where}: {a!r} vs {b!r} (an integer and a float)"]
        scale = max(abs(a), abs(b))
        diff = abs(a - b) / scale if scale else 0.0
        if worst is not None:
            worst[0] = max(worst[0], diff)
        return [] if diff <= RELATIVE else [f"{where}: {a!r} vs {b!r}"]
    return [] if a == b else [f"{where}: {a!r} vs {b!r}"]


RESULT_KEYS = ("initial", "fit", "fit_short", "time_to_rest", "balance")


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
    source = ast.parse((ex.dir / "model.py").read_text())
    wanted = {node.name for node in source.body
              if isinstance(node, ast.FunctionDef)}
    defined = {node.name for node in ast.parse(text).body
               if isinstance(node, ast.FunctionDef)}
    assert wanted <= defined, f"build/model.py lacks {wanted - defined}"


def test_source_map(ex):
    build = ex.dir / "build"
    generated = (build / "model.py").read_text().splitlines()
    m = json.loads((build / "model.py.map.json").read_text())
    source = (build / m["source"]).resolve()
    assert source == (ex.dir / "model.py").resolve(), m["source"]
    lines = m["origin_lines"]
    assert len(lines) == len(generated), (len(lines), len(generated))
    original = source.read_text().splitlines()
    # Each staged statement maps back to a line that writes one.
    expected = {
        "ag__.if_stmt_fn(": ("if jnp.abs(residual) <= delta:",
                          "if loss < target_loss:", "if trial_loss < loss:",
                          "if energy(state, params) < rest_energy:",
                          "if error <= tol:", "if jnp.abs(step) < tol:"),
        "ag__.while_stmt_fn(": ("while t < t_max:",
                             "while iterations < max_iter:"),
        "ag__.for_stmt_fn(": ("for i in range(observed.shape[0]):",
                           "for step in range(max_steps):"),
    }
    for call, statements in expected.items():
        # (The rest of a loop body after an if with a break is under an
        # if of agc's own, "if not break_", at the rest's first line: in the
        # functional form, if_stmt_fn(break_, else_body, if_body, ...).)
        found = {original[lines[k] - 1].strip()
                 for k, l in enumerate(generated)
                 if call in l and "ag__.if_stmt(ag__.not_(break_)" not in l
                 and "ag__.if_stmt_fn(break_, else_body, if_body" not in l}
        assert found == set(statements), (
            f"the {call}...) calls map to {sorted(found)}, not to "
            f"{sorted(statements)}")


def test_run_original(ex):
    r = ex.run("original", "run-original")
    assert all(key in r for key in RESULT_KEYS), sorted(r)


def test_original_fails_under_jit(ex):
    errors = ex.result("original")["jit_errors"]
    for name in DATA_DEPENDENT:
        e = errors.get(name)
        assert e is not None, f"jax.jit(model.{name}) traced without error"
        assert e["type"] in JIT_ERRORS, (name, e)


def test_run_converted(ex):
    r = ex.run("converted", "run")
    assert r["backend"] == "jax", r["backend"]
    assert r["module_file"] == str((ex.dir / "build" / "model.py").resolve())
    assert all(key in r for key in RESULT_KEYS), sorted(r)


def test_run_converted_default_backend(ex):
    r = ex.run("converted_python", "run", "--backend", "python",
               "--parts", "rest,balance")
    assert r["backend"] == "python", r["backend"]


def test_results_match_original(ex):
    a = ex.result("original")
    for run_name, keys in (("converted", RESULT_KEYS),
                           ("converted_python", ("time_to_rest",
                                                 "balance"))):
        b = ex.result(run_name)
        worst = [0.0]
        bad = [d for key in keys
               for d in compare(a[key], b[key], key, worst)]
        assert not bad, (f"{run_name} differs from the original run "
                         f"eagerly (beyond {RELATIVE} relative for "
                         "floats):\n" + "\n".join(bad[:10]))
        print(f"    {run_name}: {', '.join(keys)} equal; floats' max "
              f"relative difference {worst[0]:.3g}")


def test_run_covers_both_paths(ex):
    # Guards the example itself: each loop left both ways.
    r = ex.result("original")
    s = r["settings"]
    assert r["fit"]["steps"] < s["max_steps"], r["fit"]
    assert r["fit"]["loss"] < s["target_loss"], r["fit"]
    assert r["fit_short"]["steps"] == s["short_steps"], r["fit_short"]
    assert r["fit_short"]["loss"] >= s["target_loss"], r["fit_short"]
    assert r["fit"]["loss"] < r["initial"]["loss"], (r["fit"], r["initial"])
    t = r["time_to_rest"]["t"]
    assert any(x < s["t_max"] for x in t), t       # at rest: the break
    assert any(x >= s["t_max"] for x in t), t      # still moving at t_max
    assert any(r["time_to_rest"]["rejected"]), r["time_to_rest"]
    assert max(r["balance"]["iterations"]) < s["max_iter"], r["balance"]
    assert r["balance"]["short_iterations"] == s["short_iter"], r["balance"]


def test_jaxprs_hold_lax_control_flow(ex):
    wanted = {
        "converted": {"value_and_grad(trajectory_loss)": ("scan", "cond"),
                      "fit": ("while", "cond"),
                      "vmap(time_to_rest)": ("while",),
                      "vmap(balance_angle)": ("while",)},
        "converted_python": {"vmap(time_to_rest)": ("while",),
                             "vmap(balance_angle)": ("while",)},
    }
    for run_name, functions in wanted.items():
        flow = ex.result(run_name)["control_flow"]
        for name, primitives in functions.items():
            missing = [p for p in primitives if not flow.get(name, {}).get(p)]
            assert not missing, (run_name, name, flow.get(name))


TESTS = [
    test_make_converts_once,
    test_output_is_agc_conversion,
    test_source_map,
    test_run_original,
    test_original_fails_under_jit,
    test_run_converted,
    test_run_converted_default_backend,
    test_results_match_original,
    test_run_covers_both_paths,
    test_jaxprs_hold_lax_control_flow,
]


def main():
    global RUNTIME
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--agc", required=True, help="the agc binary")
    parser.add_argument("--python", default=sys.executable,
                        help="a Python with JAX (default: this one)")
    parser.add_argument("--runtime", type=Path, default=RUNTIME,
                        help="the folder that holds agc_runtime "
                             "(default: %(default)s)")
    parser.add_argument("--keep", action="store_true",
                        help="keep the temporary copy and print its path")
    args = parser.parse_args()
    if shutil.which("make") is None:
        sys.exit("jax_example_test: make is not installed")
    agc = str(Path(args.agc).resolve())
    RUNTIME = args.runtime.resolve()
    tmp = Path(tempfile.mkdtemp(prefix="agc_jax_example_"))
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
