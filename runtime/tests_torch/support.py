"""Shared helpers of the PyTorch suite (not a test module): modules written
in the functional form of agc's output (its default form) are
loaded from source text, agc converts sources with $AGC, and a case is
exported and compiled against its original (Checks)."""

import contextlib
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

_TMP = tempfile.TemporaryDirectory(prefix="agc_torch_tests_")
_counter = itertools.count()


def load_source(source):
    """A module made from a dedented source text, written to a file (so
    Dynamo and tracebacks see its lines)."""
    n = next(_counter)
    name = "torch_case_%d" % n
    path = os.path.join(_TMP.name, name + ".py")
    with open(path, "w") as f:
        f.write(textwrap.dedent(source))
    return load_path(path, name)


def load_path(path, name):
    """The module of the Python file at path, imported as name."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def convert_source(source, name):
    """The module agc ($AGC, default output) makes of a dedented source
    text, written to a file first, imported as name."""
    path = os.path.join(_TMP.name, name + "_src.py")
    with open(path, "w") as f:
        f.write(textwrap.dedent(source))
    out = os.path.join(_TMP.name, name + ".py")
    subprocess.run([os.environ["AGC"], "convert", path, "-o", out],
                   check=True)
    return load_path(out, name)


def higher_order_ops(exported):
    """The names of the higher-order operators in an ExportedProgram's
    graph and its submodules (cond, while_loop), with repetitions."""
    names = []
    for module in exported.graph_module.modules():
        graph = getattr(module, "graph", None)
        if graph is None:
            continue
        for node in graph.nodes:
            if node.op == "call_function":
                name = getattr(node.target, "__name__", "") or ""
                if name in ("cond", "while_loop", "scan", "print"):
                    names.append(name)
    return names


def where_ops(exported):
    """How many torch.where operators an ExportedProgram's graph and its
    submodules hold (an if whose branches only select has one an output)."""
    count = 0
    for module in exported.graph_module.modules():
        graph = getattr(module, "graph", None)
        if graph is None:
            continue
        for node in graph.nodes:
            if node.op == "call_function" and str(node.target).startswith(
                    "aten.where."):
                count += 1
    return count


@contextlib.contextmanager
def cond_only():
    """agc_runtime's PyTorch staging without torch.where: every staged if a
    torch.cond (Staging._selects answers no)."""
    from agc_runtime import torch_backend
    staging = torch_backend.staging()
    staging._selects = lambda fn, state: False
    try:
        yield
    finally:
        del staging._selects


class Wrap:
    """An nn.Module whose forward calls a function (torch.export takes
    modules)."""

    def __new__(cls, fn):
        import torch

        class M(torch.nn.Module):
            def forward(self, *args):
                return fn(*args)
        return M()


def export(fn, args, strict):
    import torch
    return torch.export.export(Wrap(fn), args, strict=strict)


def compiled(fn):
    import torch
    torch._dynamo.reset()
    return torch.compile(fn, fullgraph=True, backend="eager")


def same(a, b):
    import torch
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return torch.equal(torch.as_tensor(a), torch.as_tensor(b).to(
        torch.as_tensor(a).dtype))


class Checks:
    """Each case: exported (strict and non-strict) and compiled, run on
    inputs taking every path, equal to the original run eagerly."""

    def check(self, fn, inputs, ops):
        for strict in (False, True):
            program = export(fn, inputs[0], strict)
            self.assertEqual(sorted(set(higher_order_ops(program))),
                             sorted(ops), "strict=%s" % strict)
            for args in inputs:
                self.assertTrue(same(program.module()(*args), fn(*args)),
                                (fn.__name__, strict, args))
        c = compiled(fn)
        for args in inputs:
            self.assertTrue(same(c(*args), fn(*args)), (fn.__name__, args))
