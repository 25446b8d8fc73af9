#!/usr/bin/env python3
"""TensorFlow equivalence suite: agc's output against TensorFlow's AutoGraph.

Run with the project's virtual environment (it needs TensorFlow):

    .venv/bin/python scripts/tf_equivalence.py --agc build/agc [-v] [FILE...]

Each file testdata/tf/<name>.py defines functions and a table

    CASES = {
        "function_name": [args, args, ...],
        ...
    }

where each args is a tuple of arguments (tf.constant values, Python values,
...) or a zero-argument callable returning that tuple, called just before
the run (for datasets, iterators and distributed datasets, which are made
fresh for every run). Each of the two loaded copies of the file (original
and converted) builds its arguments from its own table. Optionally

    ERRORS = {("function_name", index): "TypeName: start of message", ...}

marks the cases TensorFlow rejects (the illegal cases): the reference must
raise an exception of that type whose message's first line starts with the
given text, and agc's version must raise the same type with the same first
line. A case not in ERRORS must not raise in the reference. Every function a
file defines (names starting with '_' are helpers) must appear in CASES.

    DIFFERENCES = {("function_name", index): (expected, "why"), ...}

marks the cases where agc deliberately differs from TensorFlow's AutoGraph
(the reason is required): the reference's outcome is not compared, and
agc's version under tf.function must give `expected`: "eager" means what
the original function gives called eagerly (Python's semantics, e.g. where
TensorFlow's converter rejects code that Python runs), "Type: message" an
exception of that type whose first line starts with the message (e.g. where
agc refuses to evaluate an operand twice). An entry may have a third item,
the control-flow op counts agc's graph must have, {"StatelessIf": 2, ...}
(where there is no reference graph to compare with: TensorFlow's converter
refuses `match`).

Header comments in the file's first lines:

    # agc-args: --passes default,lists,slices    arguments of `agc convert`
    # tf-features: BUILTIN_FUNCTIONS              extra AutoGraph features
    # tf-option-sets: none BUILTIN_FUNCTIONS ALL  each case once per set
    # tf-entries: function to_graph to_code       how TensorFlow is entered

The reference's `experimental_autograph_options` follow agc's passes as
TensorFlow's features do: the `lists` or `slices` pass <-> Feature.LISTS
(TensorFlow turns on both converters with it), `asserts` <->
Feature.ASSERT_STATEMENTS; `# tf-features:` adds more (tf.function turns on
none by default, so neither does the reference). `# tf-option-sets:` runs
every case once per set of features (a word: features joined by commas, or
`none`), each added to those; both sides get the same options.

`# tf-entries:` (default `function`) says how each side enters TensorFlow,
each entry a run of every case:

  function   tf.function(f, experimental_autograph_options=options);
  to_graph   tf.function(tf.autograph.to_graph(f,
             experimental_optional_features=options)): TensorFlow converts
             the function it is given: an original (on agc's side, the
             eager original), while agc's converted functions
             (--converted-only output) are given back as they are, run
             with the features passed;
  to_code    tf.autograph.to_code(f, experimental_optional_features=options)
             must give code that compiles, defining tf__<name>, on both
             sides (its text differs: agc's output is not the original);
             on --converted-only output agc's side gives agc's code, which
             defines <name>.

For every case the function runs two ways, each under its own fresh
`tf.function` (so each traces once):

  reference  the original function; TensorFlow's AutoGraph converts it at
             trace time;
  agc        agc's converted function (marked as converted, so TensorFlow
             calls it as it is); the `ag__` operators must stage by
             themselves. TensorFlow converting any function of the
             converted file again is a failure.

and the two must agree on:

  value      the same nested structure (tuples, lists, dicts, namedtuples),
             tensors with equal dtype and shape and equal values (exact for
             ints, bools and strings, allclose for floats), Python values
             equal and of the same type;
  output     what Python printed (sys.stdout, at trace time) and what the
             process wrote to file descriptor 2 (tf.print writes there from
             C++), captured with os.dup2;
  warnings   the Python warnings raised (category and message; each run
             records every warning, so one shown once per process is not
             missed by the second run; those of gast, the AST library
             TensorFlow's converter uses, are its own, not the program's);
  graph      the number of each control-flow op type (If, StatelessIf,
             While, StatelessWhile, every TensorList* and TensorArray* op,
             and ReduceDataset, ScanDataset, TakeWhileDataset: a loop over
             a dataset; loops whose parallel_iterations is not the default
             10 are counted apart) in the traced concrete function's graph
             and in every function of its library (branches and loop
             bodies live there);
  error      for an illegal case: the underlying exception's type and the
             first line of its own message. TensorFlow re-raises errors
             from converted code with "in user code:" and a traceback
             block; the original "Type: message" is in the exception's
             ag_error_metadata.cause_message, which is what is compared.

The suite runs in one process: TensorFlow is imported once, with two
logical CPU devices (for MirroredStrategy) configured before it
initialises, and each file's two modules are loaded under unique names.
AGC_BACKEND is removed from the environment (--backend auto, the default:
converted code must stage with no configuration); --backend tf selects the
runtime's tf backend instead.

Prints one line per failure (-v: one per case, with the reference's op
counts or error) and a last line `N passed, M failed` (cases; a file that
does not convert or whose tables are wrong counts as failed too); exits 1
on any failure. TF_EQUIVALENCE_TRACEBACKS=1 adds the tracebacks of
unexpected errors to the failure lines.
"""
import argparse
import contextlib
import faulthandler
import importlib.util
import io
import math
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import types
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Op types whose counts must match: staged control flow, staged lists, and
# the dataset ops a staged loop over a tf.data.Dataset becomes (a reduction,
# plus a scan and a take-while when the loop has a break).
CONTROL_FLOW_OPS = ("If", "StatelessIf", "While", "StatelessWhile",
                    "ReduceDataset", "ScanDataset", "TakeWhileDataset")
LIST_OP_PREFIXES = ("TensorList", "TensorArray")



def _in_converter(filename):
    """Whether a warning comes from gast, the AST library TensorFlow's
    converter parses and rebuilds the original with (on Python 3.13 it
    warns at every node it builds: ast's arbitrary keyword arguments are
    deprecated). That is the reference converter's own machinery, which
    agc's output never runs: not a warning of the program under test."""
    return os.sep + "gast" + os.sep in filename


# agc pass -> the AutoGraph feature that turns on TensorFlow's converter.
PASS_FEATURES = {"lists": "LISTS", "slices": "LISTS",
                 "asserts": "ASSERT_STATEMENTS"}


def header(path: Path, prefix: str):
    """The words after `prefix` in the file's leading comment lines."""
    words = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        if line.startswith(prefix):
            words += line[len(prefix):].split()
    return words


def agc_args(path: Path):
    return header(path, "# agc-args:")


def agc_passes(args):
    passes = []
    for i, arg in enumerate(args):
        if arg == "--passes" and i + 1 < len(args):
            passes += args[i + 1].split(",")
        elif arg.startswith("--passes="):
            passes += arg[len("--passes="):].split(",")
    return passes


def features(path: Path):
    passes = agc_passes(agc_args(path))
    if "all" in passes:
        passes = list(PASS_FEATURES)
    names = {PASS_FEATURES[p] for p in passes if p in PASS_FEATURES}
    for word in header(path, "# tf-features:"):
        names.update(w for w in word.split(",") if w)
    return sorted(names)


def option_sets(path: Path):
    """The feature sets each case runs with (names, sorted)."""
    base = set(features(path))
    sets = []
    for word in header(path, "# tf-option-sets:") or ["none"]:
        extra = set() if word == "none" else set(word.split(","))
        sets.append(sorted(base | extra))
    return sets


ENTRIES = ("function", "to_graph", "to_code")


def entries(path: Path):
    words = header(path, "# tf-entries:") or ["function"]
    unknown = [w for w in words if w not in ENTRIES]
    if unknown:
        raise ValueError(f"{path.name}: unknown tf-entries {unknown}")
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


TIMED_OUT = object()


class SuiteStopped(Exception):
    """A case timed out: the interrupted trace may have left TensorFlow's
    state (graph stacks, caches) inconsistent, so no later case is run."""


class CaseTimeout(BaseException):
    """A run took longer than --timeout (a BaseException, so that the code
    under test cannot swallow it)."""


@contextlib.contextmanager
def time_limit(seconds):
    """Raises CaseTimeout in the main thread after `seconds`: a staged loop
    that runs as a Python loop (over a dataset, say) never ends."""
    def expire(signum, frame):
        raise CaseTimeout(f"timed out after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    # Again every second after that: code that catches the first one (a
    # destructor, a callback whose errors are ignored) meets the next.
    signal.setitimer(signal.ITIMER_REAL, seconds, 1)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextlib.contextmanager
def captured_output():
    """Captures sys.stdout (Python's print) and file descriptor 2 (tf.print,
    which writes from C++); yields a dict filled with both on exit."""
    result = {}
    out = io.StringIO()
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile(mode="w+b") as err:
        os.dup2(err.fileno(), 2)
        try:
            with contextlib.redirect_stdout(out):
                yield result
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            err.seek(0)
            result["stdout"] = out.getvalue()
            result["stderr"] = err.read().decode("utf-8", "replace")


class Suite:
    def __init__(self, tf, verbose, timeout):
        self.tf = tf
        self.verbose = verbose
        self.timeout = timeout
        self.stderr = os.fdopen(os.dup(2), "w")
        self.passed = 0
        self.failed = 0
        self.converted_files = set()
        self.eager_files = set()  # outputs with eager originals
        self.reconverted = []
        self._watch_tf_conversions()

    # -- what TensorFlow converts ---------------------------------------
    def _watch_tf_conversions(self):
        """Records every function TensorFlow's AutoGraph converts, so that
        converting a function of agc's output again is caught."""
        from tensorflow.python.autograph.impl import api
        transpiler = api._TRANSPILER
        original = transpiler.transform
        suite = self

        def transform(obj, user_context):
            code = getattr(obj, "__code__", None)
            # A lambda an eager original makes (agc's default output) is the
            # original lambda: TensorFlow converts it, as it would in the
            # original (docs/guide/eager-originals.md); the twins' lambdas are
            # marked as converted, so TensorFlow never gets them. So is a
            # function agc wrote as it is, without a twin (straight-line
            # code, docs/guide/eager-originals.md): no eager original
            # (twin() is None) that TensorFlow converts. Any other
            # function of agc's output converted again is a failure.
            if code is not None and code.co_filename in suite.eager_files \
                    and (code.co_name == "<lambda>" or
                         sys.modules["agc_runtime"].twin(obj) is None):
                return original(obj, user_context)
            if code is not None and code.co_filename in suite.converted_files:
                suite.reconverted.append(
                    "%s (%s:%d)" % (code.co_name,
                                    Path(code.co_filename).name,
                                    code.co_firstlineno))
            return original(obj, user_context)

        transpiler.transform = transform

    # -- normalising outcomes --------------------------------------------
    def plain(self, value):
        """A comparable form of a tf.function's result."""
        tf = self.tf
        if isinstance(value, (tf.Tensor, tf.Variable)):
            return ("tensor", value.dtype.name, tuple(value.shape.as_list()),
                    value.numpy())
        if isinstance(value, tf.RaggedTensor):
            return ("ragged", value.dtype.name, value.to_list())
        if isinstance(value, tuple) and hasattr(value, "_fields"):
            return ("namedtuple", type(value).__name__,
                    tuple(self.plain(v) for v in value))
        if isinstance(value, (tuple, list)):
            return (type(value).__name__, tuple(self.plain(v) for v in value))
        if isinstance(value, dict):
            return ("dict", tuple((repr(k), self.plain(v))
                                  for k, v in sorted(value.items(),
                                                     key=lambda kv: repr(kv[0]))))
        return ("python", type(value).__name__, value)

    @staticmethod
    def same(a, b):
        """Whether two plain() forms agree (floats approximately)."""
        if type(a) is not type(b):
            return False
        if isinstance(a, tuple):
            if len(a) != len(b):
                return False
            if a and a[0] == "tensor" and len(a) == 4:
                if a[:3] != b[:3]:
                    return False
                import numpy as np
                x, y = np.asarray(a[3]), np.asarray(b[3])
                if x.dtype.kind in "fc":
                    return bool(np.allclose(x, y, equal_nan=True))
                return bool(np.array_equal(x, y))
            return all(Suite.same(x, y) for x, y in zip(a, b))
        if isinstance(a, float):
            return math.isclose(a, b, rel_tol=1e-6) or (a != a and b != b)
        return a == b

    @staticmethod
    def error(e, module_names):
        """(type name, first line of the message) of the underlying error.

        TensorFlow wraps an error raised inside code it converted: the new
        exception's message is "in user code:" plus a traceback block, and
        ag_error_metadata.cause_message keeps the original "Type: message".
        For errors from running the graph (OpError), the message's first
        line that is not TensorFlow's traceback of the node's definition.
        """
        metadata = getattr(e, "ag_error_metadata", None)
        cause = getattr(metadata, "cause_message", None)
        if cause:
            type_name, _, message = cause.partition(": ")
        else:
            type_name, message = type(e).__name__, str(e)
            tf_errors = sys.modules.get("tensorflow.python.framework.errors_impl")
            if tf_errors and isinstance(e, tf_errors.OpError):
                message = Suite.op_error_line(e.message)
        first = message.strip().split("\n", 1)[0]
        for name in module_names:
            first = first.replace(name + ".", "<module>.")
        return type_name, first

    @staticmethod
    def op_error_line(message):
        """The op's own message out of an OpError's text: TensorFlow prefixes
        "Graph execution error:" and the node's definition traceback."""
        lines = message.split("\n")
        keep = [l for l in lines
                if l.strip() and not l.startswith((" ", "\t"))
                and not l.startswith(("Graph execution error",
                                      "Detected at node", "Detected unsupported"))
                and not l.startswith("File ")]
        return keep[0] if keep else message

    def op_counts(self, concrete):
        graph_def = concrete.graph.as_graph_def()
        counts = {}

        def add(nodes):
            for node in nodes:
                if node.op in CONTROL_FLOW_OPS or node.op.startswith(
                        LIST_OP_PREFIXES):
                    counts[node.op] = counts.get(node.op, 0) + 1
                if "parallel_iterations" in node.attr:
                    # set_loop_options(parallel_iterations=...) shows only
                    # here; tf.while_loop's default is 10.
                    n = node.attr["parallel_iterations"].i
                    if n != 10:
                        key = f"{node.op}(parallel_iterations={n})"
                        counts[key] = counts.get(key, 0) + 1

        add(graph_def.node)
        for function in graph_def.library.function:
            add(function.node_def)
        return dict(sorted(counts.items()))

    # -- running one side -------------------------------------------------
    def run(self, module, name, index, options, module_names,
            entry="function"):
        """Runs module.<name> on case <index> under a fresh tf.function
        (entered as `entry` says, see tf-entries)."""
        tf = self.tf
        fn = getattr(module, name)
        args = module.CASES[name][index]
        outcome = {}
        tf_fn = None
        # The last resort, for a run stuck where a signal cannot stop it:
        # print every thread's stack to the real stderr and exit.
        faulthandler.dump_traceback_later(self.timeout + 60, exit=True,
                                          file=self.stderr)
        with captured_output() as printed, \
                warnings.catch_warnings(record=True) as caught, \
                time_limit(self.timeout):
            warnings.simplefilter("always")
            try:
                if callable(args):
                    args = args()
                if entry == "to_code":
                    code = tf.autograph.to_code(
                        fn, experimental_optional_features=options)
                    compile(code, "<to_code>", "exec")
                    # TensorFlow's conversion defines tf__<name>; of agc's
                    # converted code (--converted-only output, whose
                    # functions are agc's) to_code gives agc's code.
                    defines = f"def tf__{name}(" in code or bool(
                        os.environ.get("AGC_CONVERTED_ONLY") and
                        hasattr(module, "ag__") and
                        f"def {name}(" in code)
                    outcome["value"] = ("ok", ("python", "bool", defines))
                else:
                    if entry == "to_graph":
                        fn = tf.autograph.to_graph(
                            fn, experimental_optional_features=options)
                    tf_fn = tf.function(
                        fn, experimental_autograph_options=options)
                    result = tf_fn(*args)
                    outcome["value"] = ("ok", self.plain(result))
            except Exception as e:  # noqa: BLE001 - the comparison is the point
                outcome["value"] = ("raise",) + self.error(e, module_names)
                outcome["traceback"] = traceback.format_exc()
            except CaseTimeout as e:
                outcome["value"] = ("raise", "CaseTimeout", str(e))
                outcome["traceback"] = traceback.format_exc()
                tf_fn = None
        faulthandler.cancel_dump_traceback_later()
        if entry != "function":
            # TensorFlow converts what to_graph and to_code are given.
            self.reconverted.clear()
        outcome["printed"] = printed
        outcome["warnings"] = [(w.category.__name__, str(w.message))
                               for w in caught
                               if not _in_converter(w.filename)]
        outcome["ops"] = None
        if tf_fn is not None and tf_fn.experimental_get_tracing_count() > 0:
            # The trace is cached: this does not trace (or print) again.
            with captured_output():
                try:
                    outcome["ops"] = self.op_counts(
                        tf_fn.get_concrete_function(*args))
                except Exception:  # noqa: BLE001 - the trace had failed
                    pass
        return outcome

    # -- one file -----------------------------------------------------------
    def check_file(self, path: Path, converted_path: Path, serial: int):
        """Checks every case of one file; prints and counts the results."""
        fail = []
        stem = path.stem
        names = (f"tfeq{serial}_{stem}_original",
                 f"tfeq{serial}_{stem}_converted")
        original = load(path, names[0])
        self.converted_files.add(str(converted_path))
        if "ag__.twin_of(" in Path(converted_path).read_text():
            self.eager_files.add(str(converted_path))
        converted = load(converted_path, names[1])
        cases = getattr(original, "CASES", None)
        if not isinstance(cases, dict) or not cases:
            self.failed += 1
            print(f"FAIL {path.name}: no CASES table")
            return
        errors = getattr(original, "ERRORS", {})
        differences = getattr(original, "DIFFERENCES", {})
        for (fname, index), entry in differences.items():
            if index >= len(cases.get(fname, [])):
                fail.append(f"{path.name}: DIFFERENCES names {fname}[{index}]"
                            ", which is not a case")
            if (not isinstance(entry, tuple) or len(entry) not in (2, 3)
                    or not entry[1] or (entry[0] != "eager"
                                        and ": " not in entry[0]) or (
                        len(entry) == 3 and not isinstance(entry[2], dict))):
                fail.append(f"{path.name}: DIFFERENCES[{fname}, {index}] must "
                            "read ('eager' or 'Type: message', 'why'[, op "
                            "counts])")
            if (fname, index) in errors:
                fail.append(f"{path.name}: {fname}[{index}] is in both ERRORS "
                            "and DIFFERENCES")
        for (fname, index), expected in errors.items():
            if index >= len(cases.get(fname, [])):
                fail.append(f"{path.name}: ERRORS names {fname}[{index}], "
                            "which is not a case")
            if ": " not in expected:
                fail.append(f"{path.name}: ERRORS[{fname}, {index}] must read "
                            "'Type: message'")
        for fname in own_functions(original):
            if fname not in cases:
                fail.append(f"{path.name}: {fname} has no CASES entry")
        for fname in cases:
            if not hasattr(original, fname):
                fail.append(f"{path.name}: CASES names {fname}, which the "
                            "file does not define")
        self.failed += len(fail)
        for line in fail:
            print("FAIL " + line)
        tf = self.tf
        runs = []
        sets, ways = option_sets(path), entries(path)
        for feature_names in sets:
            options = tuple(getattr(tf.autograph.experimental.Feature, f)
                            for f in feature_names) or None
            for entry in ways:
                label = "" if (len(sets), ways) == (1, ["function"]) else (
                    f" [{entry}, {','.join(feature_names) or 'none'}]")
                runs.append((options, entry, label))
        for (options, entry, label), fname, index in (
                (run, fname, index) for run in runs
                for fname in cases if hasattr(original, fname)
                for index in range(len(cases[fname]))):
            where = f"{path.name}:{fname}[{index}]{label}"
            started = time.time()
            difference = differences.get((fname, index))
            if difference is not None:
                problems, ops = self.check_difference(
                    original, converted, fname, index, options, names,
                    difference[0], entry)
                if len(difference) == 3 and ops != difference[2]:
                    problems.append(f"agc's graph has {ops}, not "
                                    f"{difference[2]}")
            else:
                # to_code runs nothing: no error to expect.
                expected_error = (None if entry == "to_code"
                                  else errors.get((fname, index)))
                problems, ops = self.check_case(
                    original, converted, fname, index, options, names,
                    expected_error, entry)
            if problems:
                self.failed += 1
                print(f"FAIL {where}: " + "; ".join(problems))
                if ops is TIMED_OUT:
                    raise SuiteStopped(where)
            else:
                self.passed += 1
                if self.verbose:
                    print(f"ok   {where} {ops} "
                          f"({time.time() - started:.2f} s)")

    def eager(self, module, name, index, module_names):
        """The outcome of module.<name> on case <index> called eagerly."""
        args = module.CASES[name][index]
        with captured_output():
            try:
                if callable(args):
                    args = args()
                result = getattr(module, name)(*args)
                # Under tf.function a value computed by staged control flow
                # is a tensor: compare the eager result as one.
                result = self.tf.nest.map_structure(
                    lambda v: self.tf.constant(v)
                    if isinstance(v, (bool, int, float)) else v, result)
                return ("ok", self.plain(result))
            except Exception as e:  # noqa: BLE001 - compared by the caller
                return ("raise",) + self.error(e, module_names)

    def check_difference(self, original, converted, fname, index, options,
                         names, expected, entry="function"):
        """A case in DIFFERENCES: agc's outcome against `expected`."""
        self.reconverted.clear()
        agc = self.run(converted, fname, index, options, names, entry)
        av = agc["value"]
        problems = []
        if av[:2] == ("raise", "CaseTimeout"):
            return [f"agc {av[2]}"], TIMED_OUT
        if self.reconverted:
            problems.append("TensorFlow converted agc's output again: "
                            + ", ".join(self.reconverted))
        if expected == "eager":
            want = self.eager(original, fname, index, names)
            if want[0] != av[0] or (want[0] == "raise" and
                                    want[1:] != av[1:]) or (
                    want[0] == "ok" and not self.same(want[1], av[1])):
                problems.append(f"the original called eagerly "
                                f"{describe(want)}, agc {describe(av)}")
        else:
            want_type, _, want_message = expected.partition(": ")
            if av[0] != "raise" or av[1] != want_type or not av[
                    2].startswith(want_message):
                problems.append(f"agc {describe(av)}, not {expected!r}")
        return problems, (agc["ops"] if av[0] == "ok"
                          else f"{av[1]}: {av[2]}")

    def check_case(self, original, converted, fname, index, options, names,
                   expected_error, entry="function"):
        self.reconverted.clear()
        ref = self.run(original, fname, index, options, names, entry)
        agc = self.run(converted, fname, index, options, names, entry)
        problems = [f"{side} {o['value'][2]}"
                    for side, o in (("reference", ref), ("agc", agc))
                    if o["value"][:2] == ("raise", "CaseTimeout")]
        if problems:
            return problems, TIMED_OUT
        if self.reconverted:
            problems.append("TensorFlow converted agc's output again: "
                            + ", ".join(self.reconverted))
        rv, av = ref["value"], agc["value"]
        if expected_error is not None:
            want_type, _, want_message = expected_error.partition(": ")
            if rv[0] != "raise":
                problems.append(f"reference did not raise {expected_error!r} "
                                f"(returned {short(rv[1])})")
            elif rv[1] != want_type or not rv[2].startswith(want_message):
                problems.append(f"reference raised {rv[1]}: {rv[2]!r}, not "
                                f"{expected_error!r}")
        elif rv[0] == "raise":
            problems.append(f"reference raised {rv[1]}: {rv[2]!r} (list the "
                            "case in ERRORS if it is illegal)")
            if os.environ.get("TF_EQUIVALENCE_TRACEBACKS"):
                problems.append(ref["traceback"])
        if rv[0] != av[0] or (rv[0] == "raise" and rv[1:] != av[1:]) or (
                rv[0] == "ok" and not self.same(rv[1], av[1])):
            problems.append(f"reference {describe(rv)}, agc {describe(av)}")
            if av[0] == "raise" and os.environ.get("TF_EQUIVALENCE_TRACEBACKS"):
                problems.append(agc["traceback"])
        for stream in ("stdout", "stderr"):
            r, a = ref["printed"][stream], agc["printed"][stream]
            if r != a:
                problems.append(f"{stream}: reference {r!r}, agc {a!r}")
        if ref["warnings"] != agc["warnings"]:
            problems.append(f"warnings: reference {ref['warnings']}, "
                            f"agc {agc['warnings']}")
        if ref["ops"] != agc["ops"] and None not in (ref["ops"], agc["ops"]):
            problems.append(f"graph ops: reference {ref['ops']}, "
                            f"agc {agc['ops']}")
        ops = ref["ops"] if rv[0] == "ok" else f"{rv[1]}: {rv[2]}"
        return problems, ops


def short(plain, limit=200):
    # One line: numpy breaks the repr of a matrix over several.
    text = re.sub(r"\s*\n\s*", " ", repr(plain))
    return text if len(text) <= limit else text[:limit] + "..."


def describe(value):
    if value[0] == "raise":
        message = value[2] if len(value[2]) <= 300 else value[2][:300] + "..."
        return f"raised {value[1]}: {message!r}"
    return f"returned {short(value[1])}"


def convert(agc, files, tmp, extra=()):
    """Converts each file into tmp (with `extra` agc convert arguments);
    returns [(path, converted or None)]."""
    out = []
    for path in files:
        converted = Path(tmp) / f"{path.stem}_agc.py"
        run = subprocess.run(
            [agc, "convert", str(path), "-o", str(converted),
             "--no-source-map"] + agc_args(path) + list(extra),
            capture_output=True, text=True)
        if run.returncode != 0:
            print(f"FAIL {path.name}: agc exited {run.returncode}: "
                  + " | ".join(run.stderr.strip().splitlines()))
            out.append((path, None))
        else:
            out.append((path, converted))
    return out


def start_tensorflow():
    """Imports TensorFlow quietly, with two logical CPUs (MirroredStrategy)."""
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    import tensorflow as tf
    cpus = tf.config.list_physical_devices("CPU")
    tf.config.set_logical_device_configuration(
        cpus[0], [tf.config.LogicalDeviceConfiguration(),
                  tf.config.LogicalDeviceConfiguration()])
    tf.get_logger().setLevel("ERROR")
    tf.autograph.set_verbosity(0)
    return tf


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--agc", required=True)
    ap.add_argument("--root", default=str(ROOT / "testdata" / "tf"))
    ap.add_argument("--runtime", default=str(ROOT / "runtime"),
                    help="folder holding the agc_runtime package")
    ap.add_argument("--backend", choices=["auto", "tf"], default="auto",
                    help="auto: no configuration (AGC_BACKEND removed); "
                         "tf: the runtime's tf backend (AGC_BACKEND=tf)")
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
    if args.backend == "tf":
        os.environ["AGC_BACKEND"] = "tf"
    sys.path.insert(0, args.runtime)
    sys.dont_write_bytecode = True
    started = time.time()
    failed_files = 0
    with tempfile.TemporaryDirectory() as tmp:
        converted = convert(
            args.agc, files, tmp,
            ["--control-flow", args.control_flow] if args.control_flow else [])
        failed_files = sum(1 for _, c in converted if c is None)
        tf = start_tensorflow()
        suite = Suite(tf, args.verbose, args.timeout)
        suite.failed += failed_files
        for serial, (path, out) in enumerate(converted):
            if out is None:
                continue
            try:
                suite.check_file(path, out, serial)
            except SuiteStopped as e:
                rest = [p.name for p, o in converted[serial + 1:] if o]
                suite.failed += 1 + len(rest)
                print(f"FAIL stopped after {e} timed out: the rest of "
                      f"{path.name} and {len(rest)} more files not run "
                      f"({', '.join(rest) or 'none'})")
                break
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
