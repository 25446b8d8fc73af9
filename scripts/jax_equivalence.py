#!/usr/bin/env python3
"""JAX equivalence suite: agc's output under jax.jit against the original.

Run with the project's virtual environment (it needs JAX):

    .venv/bin/python scripts/jax_equivalence.py --agc build/agc [-v] [FILE...]

Each file testdata/jax/<name>.py defines functions (plain `import jax.numpy
as jnp` / `from jax import lax`, nothing of agc) and tables:

    CASES = {"function_name": [args, args, ...], ...}

each args a tuple of arguments (jnp arrays, Python numbers, ...) or a
zero-argument callable returning that tuple (called before each run, so
each side gets its own). Every function the file defines (names starting
with '_' are helpers) must appear in CASES. Optional tables:

    JAXPR = {"function_name": {"cond", "while", "scan"}, ...}
        primitives that jax.make_jaxpr of the converted function must
        contain (searched in nested jaxprs too: cond branches, loop bodies,
        jit calls), for functions whose control flow depends on traced
        values; and jax.jit of the ORIGINAL function must fail with a JAX
        tracer error (ConcretizationTypeError and its subclasses such as
        TracerBoolConversionError, TracerIntegerConversionError,
        TracerArrayConversionError): the control flow is data dependent, and
        the conversion is what makes the function run under jit;
    UNROLLED = {"function_name", ...}
        functions of JAXPR whose original jax.jit does NOT fail because
        Python unrolls the loop while tracing (a for loop over a traced
        array of static length): instead, jax.jit of the original must
        succeed, agree with the original's concrete result, and its jaxpr
        must hold fewer of the JAXPR primitives than the converted one's
        (the conversion made a loop of the unrolled code);
    STATIC = {"function_name": (argnum, ...), ...}
        arguments that are static for jax.jit and jax.make_jaxpr;
    ERRORS = {("function_name", index): "TypeName: start of message", ...}
        documented errors of staging: the converted function under jax.jit
        must raise an exception of that type whose message's first line
        starts with the text, while the original, run on concrete values,
        must not raise (it is the staging that is refused);
    VMAP = {"function_name": [args, ...], ...}
        batched arguments (every argument batched along axis 0): jax.jit of
        jax.vmap of the converted function against the original called on
        each row (concretely), row by row.

For every case (not in ERRORS):

  original   the original function called on the concrete arguments, no
             jit: Python's control flow on concrete jnp arrays;
  converted  agc's converted function under a fresh jax.jit (a new wrapper
             per case, so nothing is reused from a previous trace), with the
             same arguments; the ag__ operators must stage by themselves
             (AGC_BACKEND is removed from the environment; --backend jax
             selects the runtime's jax backend instead).

The two must agree on:

  value   the same pytree structure (jax.tree_util: tuples, lists, dicts,
          None), and leaf by leaf:
            * an original leaf that is an array (jax.Array, NumPy): the
              converted leaf has the same shape and dtype;
            * an original leaf that is a Python bool/int/float/complex: a
              staged statement makes it a JAX array, so the converted leaf
              is a 0-d array whose dtype kind is at least the Python type's
              in bool < int < float < complex (JAX's default dtype for that
              kind, or a wider kind decided by the other branch of a staged
              if or by a loop);
            * values: exact when both are bools or integers, otherwise
              numpy.allclose(rtol=1e-5, atol=1e-6, equal_nan=True) (float32
              under jit may round differently from op-by-op execution, and
              a Python float is a float64);
  output  what Python printed (sys.stdout): the original's prints happen as
          it runs; the converted function's prints of traced values happen
          when the compiled code runs (jax.debug.callback), read after
          jax.effects_barrier().

64-bit types stay off (JAX's default): int32 and float32.

Prints one line per failure naming file:function[case] (-v: one per case,
with the primitives of the converted jaxpr) and a last line `N passed, M
failed` (cases; a file that does not convert or whose tables are wrong
counts as failed too); exits 1 on any failure. JAX_EQUIVALENCE_TRACEBACKS=1
adds the tracebacks of unexpected errors to the failure lines.
"""
import argparse
import collections
import contextlib
import faulthandler
import importlib.util
import io
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Python number types, in the order a staged statement may widen them.
KIND_ORDER = {"b": 0, "i": 1, "u": 1, "f": 2, "c": 3}
PYTHON_KIND = {bool: "b", int: "i", float: "f", complex: "c"}
RTOL, ATOL = 1e-5, 1e-6


def header(path: Path, prefix: str):
    """The words after `prefix` in the file's leading comment lines."""
    words = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        if line.startswith(prefix):
            words += line[len(prefix):].split()
    return words


def load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    assert module.__file__ == str(path), module.__file__
    return module


def own_functions(module):
    return sorted(
        name for name, value in vars(module).items()
        if isinstance(value, types.FunctionType)
        and value.__module__ == module.__name__ and not name.startswith("_"))


class CaseTimeout(BaseException):
    """A run took longer than --timeout (a BaseException, so that the code
    under test cannot swallow it)."""


@contextlib.contextmanager
def time_limit(seconds):
    """Raises CaseTimeout in the main thread after `seconds` (a Python loop
    that never ends; compiled code is stopped by faulthandler instead)."""
    def expire(signum, frame):
        raise CaseTimeout(f"timed out after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds, 1)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def short(value, limit=200):
    text = re.sub(r"\s*\n\s*", " ", repr(value))
    return text if len(text) <= limit else text[:limit] + "..."


def first_line(e):
    return str(e).strip().split("\n", 1)[0]


class Suite:
    def __init__(self, jax, verbose, timeout):
        self.jax = jax
        import numpy
        self.np = numpy
        self.verbose = verbose
        self.timeout = timeout
        self.stderr = os.fdopen(os.dup(2), "w")
        self.passed = 0
        self.failed = 0
        errors = jax.errors
        self.tracer_errors = tuple(
            getattr(errors, name) for name in (
                "ConcretizationTypeError", "TracerBoolConversionError",
                "TracerIntegerConversionError", "TracerArrayConversionError")
            if hasattr(errors, name))

    # -- running --------------------------------------------------------
    def call(self, fn, args, jit=False, static=(), vmap=False):
        """Runs fn on args (a tuple or a thunk giving one): plainly, or under
        a fresh jax.jit (of jax.vmap). Returns (outcome, printed), outcome
        ("ok", value) or ("raise", type name, first line, traceback)."""
        jax = self.jax
        out = io.StringIO()
        faulthandler.dump_traceback_later(self.timeout + 30, exit=True,
                                          file=self.stderr)
        try:
            with contextlib.redirect_stdout(out), time_limit(self.timeout):
                try:
                    if callable(args):
                        args = args()
                    if jit:
                        def fresh(*a):  # a new function: no trace is reused
                            return fn(*a)
                        f = jax.vmap(fresh) if vmap else fresh
                        result = jax.jit(f, static_argnums=static)(*args)
                        result = jax.block_until_ready(result)
                        jax.effects_barrier()
                    else:
                        result = fn(*args)
                    outcome = ("ok", result)
                except Exception as e:  # noqa: BLE001 - compared by callers
                    outcome = ("raise", type(e).__name__, first_line(e),
                               traceback.format_exc(), e)
                except CaseTimeout as e:
                    outcome = ("raise", "CaseTimeout", str(e), "", e)
        finally:
            faulthandler.cancel_dump_traceback_later()
        return outcome, out.getvalue()

    def primitives(self, fn, args, static):
        """Counts of the primitives in jax.make_jaxpr(fn) (nested jaxprs
        included), or the exception tracing raised."""
        jax = self.jax
        if callable(args):
            args = args()
        with contextlib.redirect_stdout(io.StringIO()):
            closed = jax.make_jaxpr(fn, static_argnums=static)(*args)
        counts = collections.Counter()
        stack = [closed.jaxpr]
        while stack:
            jaxpr = stack.pop()
            for eqn in jaxpr.eqns:
                counts[eqn.primitive.name] += 1
                for value in eqn.params.values():
                    for sub in value if isinstance(value, (tuple, list)) else (
                            value,):
                        inner = getattr(sub, "jaxpr", None)
                        if inner is not None and hasattr(inner, "eqns"):
                            stack.append(inner)
                        elif hasattr(sub, "eqns"):
                            stack.append(sub)
        return counts

    # -- comparing --------------------------------------------------------
    def compare(self, want, got, where=""):
        """Problems (strings) between the original's result `want` and the
        converted one's `got`, by the rule of the module docstring."""
        tree = self.jax.tree_util
        np = self.np
        want_leaves, want_def = tree.tree_flatten(want)
        got_leaves, got_def = tree.tree_flatten(got)
        if want_def != got_def:
            return [f"{where}structure: original {want_def}, converted "
                    f"{got_def} (original {short(want)}, converted "
                    f"{short(got)})"]
        problems = []
        for n, (a, b) in enumerate(zip(want_leaves, got_leaves)):
            at = f"{where}leaf {n}: " if len(want_leaves) > 1 else where
            kind = PYTHON_KIND.get(type(a))
            if kind is None and not hasattr(a, "dtype"):
                if type(a) is not type(b) or a != b:
                    problems.append(f"{at}original {short(a)}, converted "
                                    f"{short(b)}")
                continue
            if not hasattr(b, "dtype"):
                problems.append(f"{at}original {short(a)} "
                                f"({type(a).__name__}), converted "
                                f"{short(b)} ({type(b).__name__})")
                continue
            x, y = np.asarray(a), np.asarray(b)
            if kind is not None:
                if y.shape != () or KIND_ORDER.get(y.dtype.kind, -1) < (
                        KIND_ORDER[kind]):
                    problems.append(
                        f"{at}original a Python {type(a).__name__} "
                        f"{a!r}, converted {y.dtype.name}{list(y.shape)} "
                        f"{short(y)}")
                    continue
            elif x.shape != y.shape or x.dtype != y.dtype:
                problems.append(f"{at}original {x.dtype.name}"
                                f"{list(x.shape)}, converted "
                                f"{y.dtype.name}{list(y.shape)}")
                continue
            if x.dtype.kind in "biu" and y.dtype.kind in "biu":
                same = bool(np.array_equal(x, y))
            else:
                try:
                    same = bool(np.allclose(x, y, rtol=RTOL, atol=ATOL,
                                            equal_nan=True))
                except TypeError:
                    same = bool(np.array_equal(x, y))
            if not same:
                problems.append(f"{at}original {short(x)}, converted "
                                f"{short(y)}")
        return problems

    # -- one file -----------------------------------------------------------
    def check_tables(self, path, module, cases):
        fail = []
        name = path.name
        errors = getattr(module, "ERRORS", {})
        jaxpr = getattr(module, "JAXPR", {})
        static = getattr(module, "STATIC", {})
        unrolled = getattr(module, "UNROLLED", set())
        vmap = getattr(module, "VMAP", {})
        for fname in own_functions(module):
            if fname not in cases:
                fail.append(f"{name}: {fname} has no CASES entry")
        for table, keys in (("CASES", cases), ("JAXPR", jaxpr),
                            ("STATIC", static), ("UNROLLED", unrolled),
                            ("VMAP", vmap)):
            for fname in keys:
                if not callable(getattr(module, fname, None)):
                    fail.append(f"{name}: {table} names {fname}, which the "
                                "file does not define")
        for fname, prims in jaxpr.items():
            if not isinstance(prims, (set, frozenset)) or not prims:
                fail.append(f"{name}: JAXPR[{fname}] must be a non-empty set "
                            "of primitive names")
        for fname in unrolled:
            if fname not in jaxpr:
                fail.append(f"{name}: UNROLLED names {fname}, which has no "
                            "JAXPR entry")
        for fname in vmap:
            if fname in static:
                fail.append(f"{name}: VMAP names {fname}, which has STATIC "
                            "arguments")
        for (fname, index), expected in errors.items():
            if index >= len(cases.get(fname, [])):
                fail.append(f"{name}: ERRORS names {fname}[{index}], which "
                            "is not a case")
            if ": " not in expected:
                fail.append(f"{name}: ERRORS[{fname}, {index}] must read "
                            "'Type: message'")
        return fail

    def check_file(self, path: Path, converted_path: Path, serial: int):
        stem = path.stem
        original = load(path, f"jaxeq{serial}_{stem}_original")
        converted = load(converted_path, f"jaxeq{serial}_{stem}_converted")
        cases = getattr(original, "CASES", None)
        if not isinstance(cases, dict) or not cases:
            self.failed += 1
            print(f"FAIL {path.name}: no CASES table")
            return
        fail = self.check_tables(path, original, cases)
        self.failed += len(fail)
        for line in fail:
            print("FAIL " + line)
        errors = getattr(original, "ERRORS", {})
        for fname, arg_list in cases.items():
            if not callable(getattr(original, fname, None)):
                continue
            for index in range(len(arg_list)):
                where = f"{path.name}:{fname}[{index}]"
                started = time.time()
                expected = errors.get((fname, index))
                if expected is not None:
                    problems, note = self.check_error(original, converted,
                                                      fname, index, expected)
                else:
                    problems, note = self.check_case(original, converted,
                                                     fname, index)
                self.report(where, problems, note, started)
        for fname, arg_list in getattr(original, "VMAP", {}).items():
            if not callable(getattr(original, fname, None)):
                continue
            for index in range(len(arg_list)):
                where = f"{path.name}:{fname}[vmap {index}]"
                started = time.time()
                problems = self.check_vmap(original, converted, fname, index)
                self.report(where, problems, "vmap", started)

    def report(self, where, problems, note, started):
        if problems:
            self.failed += 1
            print(f"FAIL {where}: " + "; ".join(problems))
        else:
            self.passed += 1
            if self.verbose:
                print(f"ok   {where} {note} ({time.time() - started:.2f} s)")

    def unexpected(self, side, outcome):
        text = f"{side} raised {outcome[1]}: {outcome[2]!r}"
        if os.environ.get("JAX_EQUIVALENCE_TRACEBACKS"):
            text += "\n" + outcome[3]
        return text

    def check_case(self, original, converted, fname, index):
        args = original.CASES[fname][index]
        conv_args = converted.CASES[fname][index]
        static = tuple(getattr(original, "STATIC", {}).get(fname, ()))
        want, want_out = self.call(getattr(original, fname), args)
        got, got_out = self.call(getattr(converted, fname), conv_args,
                                 jit=True, static=static)
        problems = []
        if want[0] == "raise":
            problems.append(self.unexpected("the original (no jit)", want)
                            + " (list the case in ERRORS if staging "
                            "refuses it; the original must run)")
        if got[0] == "raise":
            problems.append(self.unexpected("the converted function under "
                                            "jax.jit", got))
        if want[0] == got[0] == "ok":
            problems += self.compare(want[1], got[1])
        if want_out != got_out:
            problems.append(f"printed: original {want_out!r}, converted "
                            f"{got_out!r}")
        note = ""
        prims = getattr(original, "JAXPR", {}).get(fname)
        if prims:
            problems_, note = self.check_staging(
                original, converted, fname, args, conv_args, static, prims,
                want)
            problems += problems_
        return problems, note

    def check_staging(self, original, converted, fname, args, conv_args,
                      static, prims, want):
        """The JAXPR table: the converted function's primitives, and the
        original failing (or unrolling) under jax.jit."""
        problems = []
        try:
            counts = self.primitives(getattr(converted, fname), conv_args,
                                     static)
        except Exception as e:  # noqa: BLE001
            return [f"jax.make_jaxpr of the converted function raised "
                    f"{type(e).__name__}: {first_line(e)!r}"], ""
        missing = sorted(p for p in prims if not counts[p])
        if missing:
            problems.append("the converted jaxpr has no " + ", ".join(missing)
                            + " (it has " + ", ".join(sorted(counts)) + ")")
        note = "{" + ", ".join(f"{p}: {counts[p]}"
                               for p in sorted(prims)) + "}"
        unrolled = fname in getattr(original, "UNROLLED", set())
        ref, _ = self.call(getattr(original, fname), args, jit=True,
                           static=static)
        if unrolled:
            if ref[0] == "raise":
                problems.append(self.unexpected(
                    "the original under jax.jit (UNROLLED: it should unroll)",
                    ref))
                return problems, note
            if want[0] == "ok":
                problems += self.compare(want[1], ref[1],
                                         "the original under jax.jit: ")
            ref_counts = self.primitives(getattr(original, fname), args,
                                         static)
            if not any(ref_counts[p] < counts[p] for p in prims):
                problems.append(
                    "the original under jax.jit has as many " + ", ".join(
                        sorted(prims)) + " as the converted function: "
                    "nothing was unrolled (remove it from UNROLLED and "
                    "JAXPR?)")
            return problems, note + " unrolled by the original"
        if ref[0] == "ok":
            problems.append("the original runs under jax.jit (returned "
                            f"{short(ref[1])}): its control flow does not "
                            "depend on traced values (not a JAXPR case, or "
                            "UNROLLED)")
        elif not isinstance(ref[4], self.tracer_errors):
            problems.append(self.unexpected("the original under jax.jit", ref)
                            + ", not a JAX tracer error")
        else:
            note += f" original: {ref[1]}"
        return problems, note

    def check_error(self, original, converted, fname, index, expected):
        args = original.CASES[fname][index]
        conv_args = converted.CASES[fname][index]
        static = tuple(getattr(original, "STATIC", {}).get(fname, ()))
        want, _ = self.call(getattr(original, fname), args)
        got, _ = self.call(getattr(converted, fname), conv_args, jit=True,
                           static=static)
        problems = []
        if want[0] == "raise":
            problems.append(self.unexpected("the original (no jit)", want)
                            + ": an ERRORS case must run without jit")
        want_type, _, want_message = expected.partition(": ")
        if got[0] != "raise":
            problems.append(f"the converted function under jax.jit returned "
                            f"{short(got[1])}, not {expected!r}")
        elif got[1] != want_type or not got[2].startswith(want_message):
            problems.append(self.unexpected(
                "the converted function under jax.jit", got)
                + f", not {expected!r}")
        note = "" if got[0] != "raise" else f"{got[1]}: {got[2][:70]}..."
        return problems, note

    def check_vmap(self, original, converted, fname, index):
        jax = self.jax
        args = original.VMAP[fname][index]
        conv_args = converted.VMAP[fname][index]
        if callable(args):
            args = args()
        got, _ = self.call(getattr(converted, fname), conv_args, jit=True,
                           vmap=True)
        if got[0] == "raise":
            return [self.unexpected("jax.jit(jax.vmap(converted))", got)]
        batch = jax.tree_util.tree_leaves(args)[0].shape[0]
        problems = []
        for row in range(batch):
            row_args = jax.tree_util.tree_map(lambda a: a[row], args)
            want, _ = self.call(getattr(original, fname), tuple(row_args))
            if want[0] == "raise":
                problems.append(self.unexpected(f"row {row}: the original",
                                                want))
                continue
            got_row = jax.tree_util.tree_map(lambda a: a[row], got[1])
            problems += self.compare(want[1], got_row, f"row {row}: ")
        return problems


def convert(agc, files, tmp, extra=()):
    """Converts each file into tmp (with `extra` agc convert arguments);
    returns [(path, converted or None)]."""
    out = []
    for path in files:
        converted = Path(tmp) / f"{path.stem}_agc.py"
        run = subprocess.run(
            [agc, "convert", str(path), "-o", str(converted),
             "--no-source-map"] + header(path, "# agc-args:") + list(extra),
            capture_output=True, text=True)
        if run.returncode != 0:
            print(f"FAIL {path.name}: agc exited {run.returncode}: "
                  + " | ".join(run.stderr.strip().splitlines()))
            out.append((path, None))
        else:
            out.append((path, converted))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--agc", required=True)
    ap.add_argument("--root", default=str(ROOT / "testdata" / "jax"))
    ap.add_argument("--runtime", default=str(ROOT / "runtime"),
                    help="folder holding the agc_runtime package")
    ap.add_argument("--backend", choices=["auto", "jax"], default="auto",
                    help="auto: no configuration (AGC_BACKEND removed); "
                         "jax: the runtime's jax backend (AGC_BACKEND=jax)")
    ap.add_argument("--timeout", type=float, default=60,
                    help="seconds one run of one case may take")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--control-flow",
                    choices=["nonlocal", "functional"],
                    help="agc convert --control-flow (default: agc's, functional)")
    ap.add_argument("files", nargs="*", help="only these case files")
    args = ap.parse_args()

    files = ([Path(f).resolve() for f in args.files] if args.files else
             sorted(Path(args.root).glob("*.py")))
    os.environ.pop("AGC_BACKEND", None)
    if args.backend == "jax":
        os.environ["AGC_BACKEND"] = "jax"
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    sys.path.insert(0, args.runtime)
    sys.dont_write_bytecode = True
    started = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        converted = convert(
            args.agc, files, tmp,
            ["--control-flow", args.control_flow] if args.control_flow else [])
        import jax
        suite = Suite(jax, args.verbose, args.timeout)
        suite.failed += sum(1 for _, c in converted if c is None)
        for serial, (path, out) in enumerate(converted):
            if out is None:
                continue
            try:
                suite.check_file(path, out, serial)
            except Exception:  # noqa: BLE001
                suite.failed += 1
                print(f"FAIL {path.name}: "
                      + traceback.format_exc().replace("\n", "\n     "))
    if args.verbose:
        print(f"{len(files)} files in {time.time() - started:.1f} s")
    print(f"{suite.passed} passed, {suite.failed} failed")
    return 1 if suite.failed else 0


if __name__ == "__main__":
    sys.exit(main())
