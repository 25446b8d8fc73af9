"""Fits model.py's pendulum to noisy observations and asks it questions.

    python run.py --model original     # model.py itself, eagerly: Python's
                                       # control flow on concrete arrays
    python run.py --model converted    # agc's output (build/model.py, see
                                       # the Makefile) under jax.jit,
                                       # jax.grad and jax.vmap; needs
                                       # agc_runtime importable
                                       # (PYTHONPATH=../../runtime)

The converted run selects agc_runtime's 'jax' backend (--backend jax, the
default), under which a for loop over a Python range whose variables hold
traced arrays becomes lax.fori_loop instead of being unrolled while
tracing; with --backend python, the default backend of agc_runtime, every
if and loop that meets a traced value still becomes lax control flow, and
range loops with a static bound are unrolled, as jax.jit unrolls them in
hand-written code.

Both runs compute the same things on the same synthetic data and print the
same figures:

- the loss and its gradient at the first guess (jax.value_and_grad of
  trajectory_loss: jitted for the converted model);
- a fit that stops early once the loss is below a target, and one that
  runs out of steps (fit, jitted);
- the time to rest from several starting angles (time_to_rest, under
  jax.vmap over the starting states, jitted);
- the balancing angle for several torques (balance_angle, under jax.vmap,
  jitted), and for one torque with too few iterations to converge.

The converted run also prints the lax control flow in each jitted
function's jaxpr. --jit-original (with --model original) tries jax.jit on
each function of model.py with control flow, and prints why it fails.
--json PATH writes all of it for scripts/jax_example_test.py.
"""
import argparse
import functools
import importlib.util
import inspect
import json
import sys
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np

HERE = Path(__file__).resolve().parent

TRUE_PARAMS = (4.0, 0.3)         # gravity over length, damping
FIRST_GUESS = (3.0, 0.1)
START = (1.2, 0.0)               # angle, angular velocity
DT = 0.1
N_OBSERVED = 20
NOISE, OUTLIER = 0.02, 0.8
DELTA = 0.1                      # Huber loss: quadratic up to DELTA
LEARNING_RATE = 60.0
TARGET_LOSS = 0.0125
MAX_STEPS = 12
SHORT_STEPS = 3                  # the fit that runs out of steps
SHORT_ITER = 2                   # Newton with too few iterations
START_ANGLES = (0.5, 1.0, 2.0, 3.0)
REST_ENERGY, T_MAX, H0, TOL = 0.1, 15.0, 0.1, 3e-3
TORQUES = (0.5, 1.5, 2.5, 3.5)
CONTROL_FLOW = ("cond", "while", "scan")
PARTS = ("initial", "fit", "rest", "balance")


def load_model(which, build_dir, traceback_hook=True):
    """Imports model.py (original) or build_dir/model.py (converted)."""
    path = HERE / "model.py" if which == "original" else build_dir / "model.py"
    if not path.is_file():
        sys.exit(f"run.py: {path} does not exist (run make first)")
    if which == "converted" and traceback_hook:
        import agc_runtime
        # Tracebacks through converted code show model.py's lines.
        agc_runtime.install_traceback_hook()
    spec = importlib.util.spec_from_file_location("model", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["model"] = module
    spec.loader.exec_module(module)
    return module


def observations(m):
    """The angles of the true pendulum every DT, with noise and three
    outliers (a fixed seed). rk4_step has no control flow: it runs eagerly
    the same way for both models."""
    params = jnp.array(TRUE_PARAMS, jnp.float32)
    state = jnp.array(START, jnp.float32)
    angles = []
    for _ in range(N_OBSERVED):
        state = m.rk4_step(state, params, DT)
        angles.append(float(state[0]))
    rs = np.random.RandomState(24)
    observed = np.array(angles, np.float32) + rs.normal(
        0.0, NOISE, N_OBSERVED).astype(np.float32)
    observed[[4, 11, 17]] += OUTLIER
    return jnp.asarray(observed)


def control_flow(fn, *args):
    """Counts of lax control-flow primitives in fn's jaxpr (nested too)."""
    counts = {}

    def walk(jaxpr):
        for eqn in jaxpr.eqns:
            if eqn.primitive.name in CONTROL_FLOW:
                counts[eqn.primitive.name] = counts.get(
                    eqn.primitive.name, 0) + 1
            for param in eqn.params.values():
                for sub in (param if isinstance(param, (list, tuple))
                            else (param,)):
                    inner = getattr(sub, "jaxpr", sub)
                    if hasattr(inner, "eqns"):
                        walk(inner)

    walk(jax.make_jaxpr(fn)(*args).jaxpr)
    return dict(sorted(counts.items()))


def plain(tree):
    """Arrays to lists and numbers, for printing and JSON."""
    return jax.tree_util.tree_map(lambda x: np.asarray(x).tolist(), tree)


def each(fn, xs):
    """fn over the leading axis of xs, one call at a time (the original's
    stand-in for jax.vmap: its Python control flow cannot be batched)."""
    results = [fn(x) for x in xs]
    return jax.tree_util.tree_map(lambda *r: jnp.stack(r), *results)


def run(m, converted, parts=PARTS):
    params0 = jnp.array(FIRST_GUESS, jnp.float32)
    state0 = jnp.array(START, jnp.float32)
    observed = observations(m)
    data = (state0, observed, DT, DELTA)
    starts = jnp.array([[a, 0.0] for a in START_ANGLES], jnp.float32)
    torques = jnp.array(TORQUES, jnp.float32)
    true_params = jnp.array(TRUE_PARAMS, jnp.float32)
    rest_args = (REST_ENERGY, T_MAX, H0, TOL)
    short_balance = functools.partial(m.balance_angle, max_iter=SHORT_ITER)

    value_and_grad = jax.value_and_grad(m.trajectory_loss)
    fit = m.fit
    rest = functools.partial(m.time_to_rest, true_params)
    balance = functools.partial(m.balance_angle, params=true_params)
    if converted:
        value_and_grad = jax.jit(value_and_grad)
        fit = jax.jit(fit, static_argnames="max_steps")
        rest_batch = jax.jit(jax.vmap(rest, in_axes=(0, None, None, None,
                                                      None)))
        balance_batch = jax.jit(jax.vmap(balance))
        short_balance = jax.jit(short_balance)
    else:
        def rest_batch(states, *args):
            return each(lambda s: rest(s, *args), states)

        def balance_batch(ts):
            return each(balance, ts)

    results = {}
    if "initial" in parts:
        loss, grad = value_and_grad(params0, *data)
        results["initial"] = {"loss": plain(loss), "grad": plain(grad)}
        print(f"loss at the first guess {FIRST_GUESS}: {float(loss):.6g}, "
              f"gradient {plain(grad)}")

    fits = (("fit", TARGET_LOSS, MAX_STEPS),
            ("fit_short", TARGET_LOSS, SHORT_STEPS))
    for name, target, steps in fits if "fit" in parts else ():
        params, loss, taken = fit(params0, *data, LEARNING_RATE, target,
                                  max_steps=steps)
        results[name] = {"params": plain(params), "loss": plain(loss),
                         "steps": plain(taken)}
        print(f"{name}: {int(taken)} of at most {steps} steps, loss "
              f"{float(loss):.6g} (target {target}), params "
              f"{[round(p, 5) for p in plain(params)]} (true {TRUE_PARAMS})")

    if "rest" in parts:
        t, accepted, rejected = rest_batch(starts, *rest_args)
        results["time_to_rest"] = {"t": plain(t),
                                   "accepted": plain(accepted),
                                   "rejected": plain(rejected)}
        for a, ti, na, nr in zip(START_ANGLES, plain(t), plain(accepted),
                                 plain(rejected)):
            print(f"time to rest from {a} rad: {ti:.5g} s ({na} steps "
                  f"accepted, {nr} rejected)"
                  + ("" if ti < T_MAX else f": still moving at {T_MAX} s"))

    if "balance" in parts:
        angle, iterations = balance_batch(torques)
        short_angle, short_iterations = short_balance(torques[-1],
                                                      true_params)
        results["balance"] = {"angle": plain(angle),
                              "iterations": plain(iterations),
                              "short_angle": plain(short_angle),
                              "short_iterations": plain(short_iterations)}
        for tq, a, k in zip(TORQUES, plain(angle), plain(iterations)):
            print(f"balancing angle under torque {tq}: {a:.6f} rad "
                  f"({k} Newton steps)")
        print(f"  with at most {SHORT_ITER} Newton steps under torque "
              f"{TORQUES[-1]}: {float(short_angle):.6f} rad")

    if converted:
        jaxprs = {
            "initial": ("value_and_grad(trajectory_loss)", lambda: (
                jax.value_and_grad(m.trajectory_loss), params0, *data)),
            "fit": ("fit", lambda: (functools.partial(
                m.fit, max_steps=MAX_STEPS), params0, *data, LEARNING_RATE,
                TARGET_LOSS)),
            "rest": ("vmap(time_to_rest)", lambda: (jax.vmap(
                rest, in_axes=(0, None, None, None, None)), starts,
                *rest_args)),
            "balance": ("vmap(balance_angle)", lambda: (
                jax.vmap(balance), torques)),
        }
        flow = {name: control_flow(*call())
                for part, (name, call) in jaxprs.items() if part in parts}
        results["control_flow"] = flow
        for name, counts in flow.items():
            print(f"lax control flow in {name}: " + (", ".join(
                f"{p} x{n}" for p, n in counts.items()) or "none"))
    return results


def jit_original(m):
    """jax.jit of each function of model.py with control flow: the error
    each raises (the original cannot be traced)."""
    params = jnp.array(TRUE_PARAMS, jnp.float32)
    state0 = jnp.array(START, jnp.float32)
    observed = observations(m)
    calls = {
        "trajectory_loss": (m.trajectory_loss,
                            (params, state0, observed, DT, DELTA), {}),
        "fit": (m.fit, (params, state0, observed, DT, DELTA, LEARNING_RATE,
                        TARGET_LOSS, MAX_STEPS), {"static_argnums": 7}),
        "time_to_rest": (m.time_to_rest, (params, state0, REST_ENERGY, T_MAX,
                                          H0, TOL), {}),
        "balance_angle": (m.balance_angle, (jnp.float32(1.5), params), {}),
    }
    errors = {}
    for name, (fn, args, options) in calls.items():
        try:
            jax.block_until_ready(jax.jit(fn, **options)(*args))
        except Exception as e:  # noqa: BLE001 - reported, that is the point
            first = str(e).strip().splitlines()[0] if str(e).strip() else ""
            errors[name] = {"type": type(e).__name__, "message": first}
            print(f"jax.jit(model.{name}): {type(e).__name__}: {first}")
        else:
            errors[name] = None
            print(f"jax.jit(model.{name}): traced without error")
    return errors


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="\n".join(__doc__.split("\n")[2:]))
    parser.add_argument("--model", choices=("original", "converted"),
                        required=True)
    parser.add_argument("--build-dir", type=Path, default=HERE / "build",
                        help="where the Makefile put the converted model.py")
    parser.add_argument("--backend", choices=("jax", "python"),
                        default="jax",
                        help="agc_runtime's backend for the converted model "
                             "(default: %(default)s)")
    parser.add_argument("--parts", default=",".join(PARTS),
                        help="what to run, of %(default)s")
    parser.add_argument("--jit-original", action="store_true",
                        help="with --model original: also try jax.jit on "
                             "model.py's functions, which fails")
    parser.add_argument(
        "--no-traceback-hook", action="store_true",
        help="do not install agc_runtime's traceback hook (pipe the output "
             "to 'agc remap' instead)")
    parser.add_argument("--json", type=Path, help="write the results here")
    args = parser.parse_args()

    converted = args.model == "converted"
    m = load_model(args.model, args.build_dir.resolve(),
                   traceback_hook=not args.no_traceback_hook)
    if converted:
        import agc_runtime
        agc_runtime.use(args.backend)
        print(f"model: build/model.py (converted by agc), agc_runtime "
              f"backend {agc_runtime.backend()!r}, under jax.jit")
    else:
        print("model: model.py (original), run eagerly")
    parts = args.parts.split(",")
    unknown = sorted(set(parts) - set(PARTS))
    if unknown:
        parser.error(f"unknown --parts {', '.join(unknown)}; choose from "
                     f"{', '.join(PARTS)}")
    results = run(m, converted, parts)
    results["model"] = args.model
    results["settings"] = {
        "max_steps": MAX_STEPS, "short_steps": SHORT_STEPS,
        "target_loss": TARGET_LOSS, "t_max": T_MAX,
        "max_iter": inspect.signature(m.balance_angle).parameters[
            "max_iter"].default,
        "short_iter": SHORT_ITER}
    results["module_file"] = str(Path(m.__file__).resolve())
    if converted:
        import agc_runtime
        results["backend"] = agc_runtime.backend()
    if args.jit_original:
        if converted:
            sys.exit("run.py: --jit-original goes with --model original")
        results["jit_errors"] = jit_original(m)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
