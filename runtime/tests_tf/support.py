"""Shared helpers of the TensorFlow suites (not a test module).

Converts Python source with agc into a temporary folder (with its source map)
and imports it. The agc binary: $AGC, else build/agc of this repository.
"""

import importlib.util
import itertools
import os
import subprocess
import sys
import tempfile
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))
RUNTIME_DIR = os.path.join(ROOT, "runtime")
if RUNTIME_DIR not in sys.path:
    sys.path.insert(0, RUNTIME_DIR)
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

AGC = os.environ.get("AGC") or os.path.join(ROOT, "build", "agc")
_TMP = tempfile.TemporaryDirectory(prefix="agc_tf_tests_")
_counter = itertools.count()


def load_file(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def convert(source, *agc_args):
    """(original module, converted module) of a dedented source text."""
    n = next(_counter)
    folder = os.path.join(_TMP.name, "case%d" % n)
    os.makedirs(folder)
    original = os.path.join(folder, "original_%d.py" % n)
    converted = os.path.join(folder, "converted_%d.py" % n)
    with open(original, "w") as f:
        f.write(textwrap.dedent(source))
    run = subprocess.run([AGC, "convert", original, "-o", converted]
                         + list(agc_args), capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError("agc convert failed:\n" + run.stderr)
    return (load_file(original, "original_%d" % n),
            load_file(converted, "converted_%d" % n))


def graph_op_types(concrete_function):
    """Every op type in a concrete function's graph and in the functions of
    its library (the bodies of conds and loops), with repetitions."""
    graph_def = concrete_function.graph.as_graph_def()
    types = [node.op for node in graph_def.node]
    for function in graph_def.library.function:
        types.extend(node.op for node in function.node_def)
    return types


CONTROL_FLOW_OPS = ("If", "StatelessIf", "While", "StatelessWhile")


def control_flow_counts(concrete_function):
    counts = {}
    for op in graph_op_types(concrete_function):
        if op in CONTROL_FLOW_OPS or op.startswith(("TensorList",
                                                    "TensorArray")):
            counts[op] = counts.get(op, 0) + 1
    return counts
