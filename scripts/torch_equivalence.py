#!/usr/bin/env python3
"""PyTorch equivalence suite: agc's functional output exported and compiled
whole, against the original run eagerly.

Run with the PyTorch environment:

    scripts/venv_python.sh --torch scripts/torch_equivalence.py \
        --agc build/agc [-v] [--strict] [--originals-only] [FILE...]

Each file testdata/torch_equivalence/<name>.py defines functions and
``nn.Module`` classes (plain ``import torch``, nothing of agc) and tables:

    CASES = {"name": [args, args, ...], ...}
        every function and module class the file defines (names starting
        with '_' are helpers); args a tuple of arguments, the same shapes
        and dtypes, and the same Python numbers, in every tuple of one name
        (the program is exported with the first, and export specializes
        shapes and numbers); a module class is made with no arguments, after
        torch.manual_seed(0);
    STAGED = {"name": {"cond", "while_loop"}, ...}
        names whose control flow depends on tensor values: the exported
        graph of the converted code must hold these higher-order operators
        (an if whose branches only select is torch.where instead of cond:
        then the graph holds a where, and the same export with that
        lowering off holds the cond), and torch.export.export of the
        ORIGINAL must fail (it needs agc);
    ERRORS = {"name": "text", ...}
        staging errors: exporting the converted code (non-strict) and
        torch.compile(fullgraph=True) of it must fail with a message that
        contains the text; the original runs eagerly on CASES without error.

For every name not in ERRORS, agc's output (``agc convert``, no flag: the
functional form) must be exported by ``torch.export.export`` (non-strict; with
--strict, strict too), and the exported program run on each args tuple must
equal the original run eagerly on the same arguments; the same for
``torch.compile(fullgraph=True, backend="aot_eager")`` of the converted
code (Dynamo's whole-graph capture, then AOTAutograd, which drops the dead
operations of the runtime's probes; no inductor, which takes some 19 s a
function; --backend chooses).
Equal: the same structure (tuples, lists, dicts, None) and, leaf by leaf,
an original tensor and a converted tensor of the same shape and dtype, or
an original Python number and a converted number or 0-d tensor (a staged
statement makes numbers tensors); values exact for bools and integers,
torch.allclose(rtol=1e-5, atol=1e-6, equal_nan=True) otherwise.

--originals-only checks the testdata alone (the originals run, the STAGED
originals fail to export), without agc. --no-original-export leaves that
export of the originals out of a run with agc (ctest's
torch_equivalence_testdata does it), and --no-compile leaves out
torch.compile (export only), to keep CI's time.

Prints one line per failure and a last line `N passed, M failed` with the
wall time; exits 1 on any failure.
"""

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "runtime"))
os.environ.pop("AGC_BACKEND", None)

import logging  # noqa: E402

import torch  # noqa: E402

# The originals' failed exports log their graphs: only the suite's lines.
torch._logging.set_logs(all=logging.CRITICAL)
for _name in ("torch", "torch._dynamo", "torch.export",
              "torch.fx.experimental.symbolic_shapes"):
    logging.getLogger(_name).setLevel(logging.CRITICAL)

import agc_runtime  # noqa: E402,F401
from tests_torch.support import (  # noqa: E402
    Wrap, cond_only, higher_order_ops, where_ops)

TESTDATA = os.path.join(ROOT, "testdata", "torch_equivalence")


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def names_of(module):
    out = []
    for name, value in vars(module).items():
        if name.startswith("_") or name.isupper():
            continue
        if getattr(value, "__module__", None) != module.__name__:
            continue
        if callable(value):
            out.append(name)
    return out


def instance(value):
    if isinstance(value, type) and issubclass(value, torch.nn.Module):
        torch.manual_seed(0)
        return value()
    return value


def as_module(fn):
    return fn if isinstance(fn, torch.nn.Module) else Wrap(fn)


def equal(original, converted, where="value"):
    """None if equal, else a text saying where they differ."""
    if isinstance(original, (tuple, list)):
        if type(converted) not in (tuple, list) or len(converted) != len(
                original):
            return "%s: %r against %r" % (where, original, converted)
        for i, (a, b) in enumerate(zip(original, converted)):
            why = equal(a, b, "%s[%d]" % (where, i))
            if why:
                return why
        return None
    if isinstance(original, dict):
        if not isinstance(converted, dict) or set(converted) != set(original):
            return "%s: %r against %r" % (where, original, converted)
        for k in original:
            why = equal(original[k], converted[k], "%s[%r]" % (where, k))
            if why:
                return why
        return None
    if original is None or isinstance(original, str):
        return None if converted == original else "%s: %r against %r" % (
            where, original, converted)
    if isinstance(original, torch.Tensor):
        if not isinstance(converted, torch.Tensor):
            return "%s: a tensor against %r" % (where, converted)
        if original.shape != converted.shape or (
                original.dtype != converted.dtype):
            return "%s: %s%s against %s%s" % (
                where, original.dtype, list(original.shape), converted.dtype,
                list(converted.shape))
        a, b = original, converted
    else:  # a Python number
        if isinstance(converted, torch.Tensor) and converted.dim() != 0:
            return "%s: %r against a tensor of shape %s" % (
                where, original, list(converted.shape))
        a = torch.as_tensor(original)
        b = torch.as_tensor(converted)
        if a.dtype.is_floating_point or b.dtype.is_floating_point:
            a, b = a.double(), b.double()
        else:
            a, b = a.long(), b.long()
    if a.dtype.is_floating_point or a.dtype.is_complex:
        ok = torch.allclose(a, b, rtol=1e-5, atol=1e-6, equal_nan=True)
    else:
        ok = torch.equal(a, b)
    return None if ok else "%s: %s against %s" % (where, original,
                                                   converted)


def fresh(args):
    args = args() if callable(args) else args
    return tuple(a.clone() if isinstance(a, torch.Tensor) else a
                 for a in args)


def convert(agc, path, folder):
    out = os.path.join(folder, "converted_" + os.path.basename(path))
    env = dict(os.environ)
    run = subprocess.run([agc, "convert", path, "-o", out],
                         capture_output=True, text=True, env=env)
    if run.returncode != 0:
        raise RuntimeError("agc convert %s failed:\n%s" % (path, run.stderr))
    return out


def first_line(e):
    return "%s: %s" % (type(e).__name__, (str(e).splitlines() or [""])[0])


def check_file(path, agc, folder, options, report):
    stem = os.path.splitext(os.path.basename(path))[0]
    original = load(path, "torch_original_" + stem)
    converted = None
    if not options.originals_only:
        converted = load(convert(agc, path, folder), "torch_converted_" + stem)
    cases = original.CASES
    staged = getattr(original, "STAGED", {})
    errors = getattr(original, "ERRORS", {})
    names = names_of(original)
    for name in names:
        if name not in cases:
            report(stem, name, "not in CASES")
    for name in cases:
        label = "%s:%s" % (stem, name)
        try:
            check_case(name, original, converted, cases[name],
                       staged.get(name), errors.get(name), options, label,
                       report)
        except Exception as e:  # noqa: BLE001 - reported, the suite goes on
            report(stem, name, "%s\n%s" % (first_line(e),
                                           traceback.format_exc(limit=-3)
                                           if options.verbose else ""))


def check_case(name, original, converted, arg_list, staged_ops, error,
               options, label, report):
    stem = label.split(":")[0]
    orig = instance(getattr(original, name))
    expected = [orig(*fresh(args)) for args in arg_list]
    if staged_ops and not options.no_original_export:
        try:
            torch.export.export(as_module(orig), fresh(arg_list[0]),
                                strict=False)
        except Exception:  # noqa: BLE001 - any failure shows agc is needed
            pass
        else:
            report(stem, name, "the original exports (it is not data "
                               "dependent: drop it from STAGED)")
            return
    if converted is None:
        report(stem, name, None)
        return
    conv = instance(getattr(converted, name))
    if error is not None:
        hows = ("export",) if options.no_compile else ("export", "compile")
        for how in hows:
            try:
                if how == "export":
                    torch.export.export(as_module(conv), fresh(arg_list[0]),
                                        strict=False)
                else:
                    torch._dynamo.reset()
                    torch.compile(conv, fullgraph=True,
                                  backend=options.backend)(
                        *fresh(arg_list[0]))
            except Exception as e:  # noqa: BLE001 - the message is checked
                if error not in str(e):
                    report(stem, name, "%s: the error does not contain %r: "
                           "%s" % (how, error, first_line(e)))
                    return
            else:
                report(stem, name, "%s: no error (expected %r)" % (how,
                                                                    error))
                return
        report(stem, name, None)
        return
    for strict in ((False, True) if options.strict else (False,)):
        program = torch.export.export(as_module(conv), fresh(arg_list[0]),
                                      strict=strict)
        ops = set(higher_order_ops(program))
        if staged_ops and not set(staged_ops) <= ops and where_ops(program):
            # An if whose branches only select is torch.where: staged as
            # well, which the same export without that lowering shows.
            with cond_only():
                ops |= set(higher_order_ops(torch.export.export(
                    as_module(conv), fresh(arg_list[0]), strict=strict)))
        if staged_ops and not set(staged_ops) <= ops:
            report(stem, name, "exported graph holds %s, not %s" % (
                sorted(ops), sorted(staged_ops)))
            return
        run = program.module()
        for i, args in enumerate(arg_list):
            why = equal(expected[i], run(*fresh(args)))
            if why:
                report(stem, name, "export%s case %d: %s" % (
                    " strict" if strict else "", i, why))
                return
    if options.no_compile:
        report(stem, name, None)
        return
    torch._dynamo.reset()
    compiled = torch.compile(conv, fullgraph=True, backend=options.backend)
    for i, args in enumerate(arg_list):
        why = equal(expected[i], compiled(*fresh(args)))
        if why:
            report(stem, name, "compile case %d: %s" % (i, why))
            return
    report(stem, name, None)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agc", default=os.path.join(ROOT, "build", "agc"))
    parser.add_argument("-v", "--verbose", action="store_true")
    parser.add_argument("--strict", action="store_true",
                        help="also export in strict mode")
    parser.add_argument("--originals-only", action="store_true")
    parser.add_argument("--no-original-export", action="store_true",
                        help="do not export the STAGED originals")
    parser.add_argument("--no-compile", action="store_true",
                        help="export only, no torch.compile")
    parser.add_argument("--backend", default="aot_eager",
                        help="torch.compile's backend (default aot_eager)")
    parser.add_argument("files", nargs="*")
    options = parser.parse_args()
    files = options.files or sorted(
        os.path.join(TESTDATA, f) for f in os.listdir(TESTDATA)
        if f.endswith(".py"))
    counts = {"passed": 0, "failed": 0}
    start = time.time()

    def report(stem, name, failure):
        if failure is None:
            counts["passed"] += 1
            if options.verbose:
                print("ok %s:%s" % (stem, name))
        else:
            counts["failed"] += 1
            print("FAIL %s:%s: %s" % (stem, name, failure))
        sys.stdout.flush()

    with tempfile.TemporaryDirectory(prefix="agc_torch_eq_") as folder:
        for path in files:
            try:
                check_file(path, options.agc, folder, options, report)
            except Exception as e:  # noqa: BLE001 - a whole file failed
                report(os.path.basename(path), "*", first_line(e))
    print("%d passed, %d failed (%.0f s)" % (counts["passed"],
                                             counts["failed"],
                                             time.time() - start))
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
