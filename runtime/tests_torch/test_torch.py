"""The runtime under real PyTorch: the functional form of agc's output
(agc's default output) staged as torch.cond / while_loop under
torch.export (strict and non-strict) and torch.compile(fullgraph=True);
eager tensors keep Python semantics; the errors name the variable."""

import contextlib
import io
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

from tests_torch.support import RUNTIME_DIR, Wrap, cond_only, \
    convert_source, higher_order_ops, load_path, load_source, where_ops

import torch  # noqa: E402

import agc_runtime as ag__  # noqa: E402
from agc_runtime import _torch_bytecode, torch_backend  # noqa: E402

# Each function as agc writes it in the functional form: the eager original
# with its guard, and the converted twin.
CASES = load_source('''
import agc_runtime as ag__
_ag__guard__ = ag__.guard.bind(globals())
import torch

def branch(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    if x.sum() > 0:
        y = x * 2
    else:
        y = x - 1
    return y

@ag__.twin_of(branch, 'branch')
def _agc_branch(x):
    with ag__.FunctionScope('branch', 'fscope', ag__.STD) as fscope:
        y = ag__.Undefined('y')
        def if_body(y, x):
            y = x * 2
            return (y, x)
        def else_body(y, x):
            y = x - 1
            return (y, x)
        y, x = ag__.if_stmt_fn(ag__.converted_call(x.sum, (), None, fscope) > 0, if_body, else_body, (y, x), ('y', 'x'), 1)
        return y
del _agc_branch

def early(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    if x.sum() > 0:
        return x * 2
    return x - 1

@ag__.twin_of(early, 'early')
def _agc_early(x):
    with ag__.FunctionScope('early', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()
        def if_body(do_return, retval_):
            do_return = True
            retval_ = x * 2
            return (do_return, retval_)
        def else_body(do_return, retval_):
            return (do_return, retval_)
        do_return, retval_ = ag__.if_stmt_fn(x.sum() > 0, if_body, else_body, (do_return, retval_), ('do_return', 'retval_'), 2)
        def if_body_1(do_return, retval_):
            do_return = True
            retval_ = x - 1
            return (do_return, retval_)
        def else_body_1(do_return, retval_):
            return (do_return, retval_)
        do_return, retval_ = ag__.if_stmt_fn(do_return, else_body_1, if_body_1, (do_return, retval_), ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)
del _agc_early

def doubling(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    i = 0
    while x.sum() < 100:
        x = x * 2
        i += 1
    return x, i

@ag__.twin_of(doubling, 'doubling')
def _agc_doubling(x):
    with ag__.FunctionScope('doubling', 'fscope', ag__.STD) as fscope:
        i = 0
        def loop_test(x, i):
            return x.sum() < 100
        def loop_body(x, i):
            x = x * 2
            i += 1
            return (x, i)
        x, i = ag__.while_stmt_fn(loop_test, loop_body, (x, i), ('x', 'i'), {})
        return x, i
del _agc_doubling

def summing(x, n):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x, n)
    s = x
    for j in range(n):
        s = s + j
    return s

@ag__.twin_of(summing, 'summing')
def _agc_summing(x, n):
    with ag__.FunctionScope('summing', 'fscope', ag__.STD) as fscope:
        s = x
        j = ag__.Undefined('j')
        def loop_body(itr, s, j):
            j = itr
            s = s + j
            return (s, j)
        s, j = ag__.for_stmt_fn(ag__.converted_call(range, (n,), None, fscope), None, loop_body, (s, j), ('s', 'j'), {'iterate_names': 'j', 'operand_only': ('s', 'j')})
        return s
del _agc_summing

def rows(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    total = torch.zeros(x.shape[1])
    for row in x:
        if row.sum() > 0:
            break
        total = total + row
    return total

@ag__.twin_of(rows, 'rows')
def _agc_rows(x):
    with ag__.FunctionScope('rows', 'fscope', ag__.STD) as fscope:
        total = torch.zeros(x.shape[1])
        row = ag__.Undefined('row')
        break_ = False
        def extra_test(break_, total, row):
            return ag__.not_(break_)
        def loop_body(itr, break_, total, row):
            row = itr
            def if_body(break_, total):
                break_ = True
                return (break_, total)
            def else_body(break_, total):
                total = total + row
                return (break_, total)
            break_, total = ag__.if_stmt_fn(row.sum() > 0, if_body, else_body, (break_, total), ('break_', 'total'), 2)
            return (break_, total, row)
        break_, total, row = ag__.for_stmt_fn(x, extra_test, loop_body, (break_, total, row), ('break_', 'total', 'row'), {'iterate_names': 'row', 'operand_only': ('break_', 'total')})
        return total
del _agc_rows

def logic(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    a = x.sum() > 0
    b = x.max() < 3
    return (a and b), (a or b), (not a), (x * 2 if a else x - 1)

@ag__.twin_of(logic, 'logic')
def _agc_logic(x):
    with ag__.FunctionScope('logic', 'fscope', ag__.STD) as fscope:
        a = x.sum() > 0
        b = x.max() < 3
        return (ag__.and_(lambda: a, lambda: b), ag__.or_(lambda: a, lambda: b), ag__.not_(a),
                ag__.if_exp(a, lambda: x * 2, lambda: x - 1, 'x * 2 if a else x - 1'))
del _agc_logic

def shout(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    print("value", x.sum())
    return x + 1

@ag__.twin_of(shout, 'shout')
def _agc_shout(x):
    with ag__.FunctionScope('shout', 'fscope', ag__.STD) as fscope:
        ag__.converted_call(print, ('value', x.sum()), None, fscope)
        return x + 1
del _agc_shout

def growing(x, n):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x, n)
    s = x
    for _ in range(n):
        s = s * 1.5 + 1
    return s

@ag__.twin_of(growing, 'growing')
def _agc_growing(x, n):
    with ag__.FunctionScope('growing', 'fscope', ag__.STD) as fscope:
        s = x
        def loop_body(itr, s):
            s = s * 1.5 + 1
            return (s,)
        s, = ag__.for_stmt_fn(ag__.converted_call(range, (n,), None, fscope), None, loop_body, (s,), ('s',), {'iterate_names': '_', 'operand_only': ('s', '_')})
        return s
del _agc_growing

def keep(x, k):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x, k)
    if x.sum() > 0:
        y = x * k
    else:
        y = x / k
    return y, k

@ag__.twin_of(keep, 'keep')
def _agc_keep(x, k):
    with ag__.FunctionScope('keep', 'fscope', ag__.STD) as fscope:
        y = ag__.Undefined('y')
        def if_body(y, x, k):
            y = x * k
            k = 99  # not an output: comes back as it went in
            return (y, x, k)
        def else_body(y, x, k):
            y = x / k
            return (y, x, k)
        y, x, k = ag__.if_stmt_fn(x.sum() > 0, if_body, else_body, (y, x, k), ('y', 'x', 'k'), 1)
        return y, k
del _agc_keep
''')


def errors_module(body_if, body_else, state="(y, x)", names="('y', 'x')",
                  init="y = ag__.Undefined('y')", nouts=1, negated=False):
    # negated: as agc writes `if not (x.sum() <= 0):`, the bodies the other
    # way round.
    call = ("x.sum() <= 0, else_body, if_body" if negated
            else "x.sum() > 0, if_body, else_body")
    return load_source('''
import agc_runtime as ag__
_ag__guard__ = ag__.guard.bind(globals())
import torch

def f(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    return x

@ag__.twin_of(f, 'f')
def _agc_f(x):
    with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
        %s
        def if_body(y, x):
            %s
            return (y, x)
        def else_body(y, x):
            %s
            return (y, x)
        y, x = ag__.if_stmt_fn(%s, %s, %s, %d)
        return y
del _agc_f
''' % (init, body_if, body_else, call, state, names, nouts))


def export(fn, args, strict):
    return torch.export.export(Wrap(fn), args, strict=strict)


def compiled(fn):
    torch._dynamo.reset()
    return torch.compile(fn, fullgraph=True, backend="eager")


def same(a, b):
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


class GuardsGlobal(unittest.TestCase):
    """The guards' global: False while PyTorch traces nowhere (one global
    read per eager call), the guard module while export's is_compiling flag
    is set; Dynamo reads the guard module in its place whatever the global
    holds, so compiled code neither depends on the global nor recompiles
    when it changes (agc_runtime._trace_watch)."""

    def test_false_while_nothing_traces(self):
        x = torch.tensor([1.0, 2.0])
        CASES.branch(x)
        self.assertIs(CASES._ag__guard__, False)
        self.assertFalse(ag__.tracing())

    def test_asking_while_export_traces(self):
        seen = []
        guard = sys.modules["agc_runtime.guard"]

        def probe(x):
            seen.append((CASES._ag__guard__ is guard, ag__.tracing()))
            return CASES.branch(x)

        x = torch.tensor([1.0, 2.0])
        program = export(probe, (x,), strict=False)
        self.assertEqual(seen, [(True, True)])
        self.assertIs(CASES._ag__guard__, False)
        self.assertTrue(torch.equal(program.module()(-x), CASES.branch(-x)))
        self.assertIn("cond", higher_order_ops(program))

    def test_compiled_code_does_not_recompile(self):
        from torch._dynamo.utils import counters
        x = torch.tensor([1.0, 2.0])
        c = compiled(CASES.branch)
        counters.clear()
        for v in (x, -x, x, -x):
            self.assertTrue(torch.equal(c(v), CASES.branch(v)))
            self.assertIs(CASES._ag__guard__, False)
        self.assertEqual(counters["stats"]["unique_graphs"], 1)


class Staging(Checks, unittest.TestCase):

    def test_if_is_cond(self):
        x = torch.tensor([1.0, 2.0])
        self.check(CASES.branch, [(x,), (-x,)], ["cond"])

    def test_early_return_is_cond_on_the_flag(self):
        x = torch.tensor([1.0, 2.0])
        self.check(CASES.early, [(x,), (-x,)], ["cond"])

    def test_while_on_a_tensor_is_while_loop(self):
        self.check(CASES.doubling, [(torch.tensor([1.0, 2.0]),),
                                    (torch.tensor([60.0, 50.0]),)],
                   ["while_loop"])

    def test_for_over_range_with_a_tensor_bound_is_while_loop(self):
        x = torch.tensor([1.0, 2.0])
        self.check(CASES.summing, [(x, torch.tensor(4)),
                                   (x, torch.tensor(0))], ["while_loop"])

    def test_for_over_a_tensor_with_break(self):
        x = torch.tensor([[-1.0, -2.0], [-3.0, 1.0], [5.0, 5.0]])
        self.check(CASES.rows, [(x,), (-x,)], ["cond", "while_loop"])

    def test_and_or_not_ifexp(self):
        self.check(CASES.logic, [(torch.tensor([1.0, 2.0]),),
                                 (torch.tensor([1.0, 5.0]),),
                                 (torch.tensor([-1.0, 2.0]),)], ["cond"])

    def test_state_beyond_nouts_comes_back_unchanged(self):
        x = torch.tensor([1.0, 2.0])
        for strict in (False, True):
            program = export(CASES.keep, (x, 2.0), strict)
            y, k = program.module()(x, 2.0)
            self.assertEqual(k, 2.0)
            self.assertTrue(torch.equal(y, x * 2))

    def test_eager_tensors_keep_python_semantics(self):
        self.assertFalse(ag__.tracing())
        calls = []
        original = ag__.twin(CASES.branch)
        try:
            ag__._keep_twin(CASES.branch, lambda *a: calls.append(a))
            self.assertTrue(torch.equal(CASES.branch(torch.ones(2)),
                                        torch.ones(2) * 2))
        finally:
            ag__._keep_twin(CASES.branch, original)
        self.assertEqual(calls, [])
        # The twin itself on eager tensors: Python's if, no cond.
        self.assertTrue(torch.equal(original(-torch.ones(2)),
                                    -torch.ones(2) - 1))

    def test_and_or_short_circuit_on_plain_values(self):
        seen = []
        self.assertEqual(ag__.and_(lambda: 0, lambda: seen.append(1)), 0)
        self.assertEqual(ag__.or_(lambda: 5, lambda: seen.append(1)), 5)
        self.assertEqual(seen, [])

    def test_print_is_the_print_operator(self):
        x = torch.tensor([1.0, 2.0])
        program = export(CASES.shout, (x,), False)
        self.assertIn("print", higher_order_ops(program))
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            program.module()(x)
        self.assertIn("value", out.getvalue())
        self.assertIn("3.", out.getvalue())
        self.assertTrue(torch.equal(compiled(CASES.shout)(x), x + 1))

    def test_original_export_fails(self):
        class M(torch.nn.Module):
            def forward(self, x):
                if x.sum() > 0:
                    return x * 2
                return x - 1
        with self.assertRaises(Exception):
            torch.export.export(M(), (torch.ones(2),), strict=False)


# examples/torch/model.py in the functional form: methods (the guard calls
# the twin with self), a tuple returned on one branch only, a loop whose
# body makes two variables the same tensor (h = new).
MODEL = load_source('''
import agc_runtime as ag__
_ag__guard__ = ag__.guard.bind(globals())
import torch
from torch import nn


class FixedPoint(nn.Module):

    def __init__(self, width=4, tol=1e-4, max_steps=100):
        super().__init__()
        self.encode = nn.Linear(width, width)
        self.step = nn.Linear(width, width)
        self.tol = tol
        self.max_steps = max_steps

    def forward(self, x):
        if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(self, x)
        h = torch.tanh(self.encode(x))
        if (self.refine(h) - h).abs().max() < self.tol:
            return h, torch.zeros((), dtype=torch.int64)
        steps = torch.zeros((), dtype=torch.int64)
        delta = torch.ones(())
        while delta > self.tol and steps < self.max_steps:
            new = self.refine(h)
            delta = (new - h).abs().max()
            h = new
            steps = steps + 1
        return h, steps

    @ag__.twin_of(forward, 'forward')
    def _agc_forward(self, x):
        with ag__.FunctionScope('forward', 'fscope', ag__.STD) as fscope:
            do_return = False
            retval_ = ag__.UndefinedReturnValue()
            h = ag__.converted_call(torch.tanh, (ag__.converted_call(self.encode, (x,), None, fscope),), None, fscope)
            def if_body(do_return, retval_):
                do_return = True
                retval_ = (h, ag__.converted_call(torch.zeros, ((),), {'dtype': torch.int64}, fscope))
                return (do_return, retval_)
            def else_body(do_return, retval_):
                return (do_return, retval_)
            do_return, retval_ = ag__.if_stmt_fn(ag__.converted_call(ag__.converted_call((ag__.converted_call(self.refine, (h,), None, fscope) - h).abs, (), None, fscope).max, (), None, fscope) < self.tol, if_body, else_body, (do_return, retval_), ('do_return', 'retval_'), 2)
            def if_body_1(do_return, retval_, h):
                steps = ag__.converted_call(torch.zeros, ((),), {'dtype': torch.int64}, fscope)
                delta = ag__.converted_call(torch.ones, ((),), None, fscope)
                new = ag__.Undefined('new')
                def loop_test(delta, h, new, steps):
                    return ag__.and_(lambda: delta > self.tol, lambda: steps < self.max_steps)
                def loop_body(delta, h, new, steps):
                    new = ag__.converted_call(self.refine, (h,), None, fscope)
                    delta = ag__.converted_call((new - h).abs, (), None, fscope).max()
                    h = new
                    steps = steps + 1
                    return (delta, h, new, steps)
                delta, h, new, steps = ag__.while_stmt_fn(loop_test, loop_body, (delta, h, new, steps), ('delta', 'h', 'new', 'steps'), {'operand_only': ('delta', 'steps')})
                do_return = True
                retval_ = (h, steps)
                return (do_return, retval_, h)
            def else_body_1(do_return, retval_, h):
                return (do_return, retval_, h)
            do_return, retval_, h = ag__.if_stmt_fn(do_return, else_body_1, if_body_1, (do_return, retval_, h), ('do_return', 'retval_', 'h'), 2)
            return fscope.ret(retval_, do_return)
    del _agc_forward

    def refine(self, h):
        if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(self, h)
        return 0.5 * torch.tanh(self.step(h))

    @ag__.twin_of(refine, 'refine')
    def _agc_refine(self, h):
        with ag__.FunctionScope('refine', 'fscope', ag__.STD) as fscope:
            return 0.5 * ag__.converted_call(torch.tanh, (ag__.converted_call(self.step, (h,), None, fscope),), None, fscope)
    del _agc_refine
''')


class Module(unittest.TestCase):

    def test_fixed_point_module(self):
        torch.manual_seed(0)
        model = MODEL.FixedPoint().eval()
        with torch.no_grad():
            h = torch.zeros(4)
            for _ in range(200):
                h = model.refine(h)
            w, b = model.encode.weight, model.encode.bias
            early = torch.linalg.solve(w, torch.atanh(h) - b)
        iterate = torch.tensor([2.0, -1.0, 0.5, 3.0])
        expected = [model(early), model(iterate)]
        self.assertEqual(int(expected[0][1]), 0)
        self.assertGreater(int(expected[1][1]), 0)
        for strict in (False, True):
            program = torch.export.export(model, (early,), strict=strict)
            self.assertEqual(sorted(set(higher_order_ops(program))),
                             ["cond", "while_loop"])
            for x, want in zip((early, iterate), expected):
                self.assertTrue(same(program.module()(x), want), strict)
        torch._dynamo.reset()
        c = torch.compile(model, fullgraph=True, backend="eager")
        for x, want in zip((early, iterate), expected):
            self.assertTrue(same(c(x), want))


class Errors(unittest.TestCase):

    def raises(self, module, text):
        x = torch.ones(3)
        for how in ("nonstrict", "strict", "compile"):
            with self.assertRaises(Exception, msg=how) as caught:
                if how == "compile":
                    compiled(module.f)(x)
                else:
                    export(module.f, (x,), how == "strict")
            self.assertIn(text, str(caught.exception), how)

    def test_rank_mismatch_names_the_variable(self):
        m = errors_module("y = x[0]", "y = x")
        self.raises(m, "'y' must have the same dtype and number of "
                       "dimensions on both branches of the if statement")

    def test_dtype_mismatch_names_the_variable(self):
        m = errors_module("y = x", "y = x.int()")
        self.raises(m, "'y' must have the same dtype and number of "
                       "dimensions")

    def test_sizes_that_differ_are_the_branch_taken(self):
        # torch.cond gives the output a size of its own, as Python's if.
        m = errors_module("y = x[:2]", "y = x")
        inputs = (torch.ones(3), -torch.ones(3))
        for how in ("nonstrict", "strict"):
            program = export(m.f, (torch.ones(3),), how == "strict")
            for x in inputs:
                self.assertTrue(torch.equal(program.module()(x),
                                            x[:2] if x.sum() > 0 else x),
                                how)
        c = compiled(m.f)
        for x in inputs:
            self.assertTrue(torch.equal(c(x), x[:2] if x.sum() > 0 else x))

    def test_one_branch_only_names_the_variable(self):
        m = errors_module("y = x", "pass")
        self.raises(m, "'y' is defined in the if branch of the if "
                       "statement but not in the else branch")

    def test_negated_if_names_the_branches_as_the_source(self):
        m = errors_module("y = x", "pass", negated=True)
        self.raises(m, "'y' is defined in the if branch of the if "
                       "statement but not in the else branch")
        m = errors_module("y = x[0]", "y = x", negated=True)
        self.raises(m, "it is a tensor float32[] in the if branch and a "
                       "tensor float32[3] in the else branch")

    def test_negated_if_runs_the_else_branch_when_the_test_holds(self):
        m = errors_module("y = x * 2", "y = x - 1", negated=True)
        for how in ("nonstrict", "strict"):
            program = export(m.f, (torch.ones(3),), how == "strict")
            for x in (torch.ones(3), -torch.ones(3)):
                want = x * 2 if not (x.sum() <= 0) else x - 1
                self.assertTrue(same(program.module()(x), want), how)
        c = compiled(m.f)
        for x in (torch.ones(3), -torch.ones(3)):
            want = x * 2 if not (x.sum() <= 0) else x - 1
            self.assertTrue(same(c(x), want))

    def test_non_tensor_state_must_be_equal(self):
        m = errors_module("y = 'a'", "y = 'b'")
        self.raises(m, "'y' is 'a' in the if branch of the if statement and "
                       "'b' in the else branch")

    def test_equal_non_tensor_state_passes(self):
        m = errors_module("y = 'a'", "y = 'a'")
        program = export(m.f, (torch.ones(3),), False)
        self.assertEqual(program.module()(torch.ones(3)), "a")

    def test_nonlocal_form_says_convert_without_the_flag(self):
        m = load_source('''
import agc_runtime as ag__
_ag__guard__ = ag__.guard.bind(globals())
def f(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    return x
@ag__.twin_of(f, 'f')
def _agc_f(x):
    with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
        y = ag__.Undefined('y')
        def get_state():
            return (y,)
        def set_state(vars_):
            nonlocal y
            y, = vars_
        def if_body():
            nonlocal y
            y = x * 2
        def else_body():
            nonlocal y
            y = x - 1
        ag__.if_stmt(x.sum() > 0, if_body, else_body, get_state, set_state, ('y',), 1)
        return y
del _agc_f
''')
        self.raises(m, "the file was converted with `--control-flow "
                       "nonlocal`; convert it without that flag")

    def test_kept_form_names_the_statement_and_the_reason(self):
        """A statement that kept the nonlocal form in functional output
        (AGC108): the error gives its original line (non-strict export,
        where a source map is read) and why agc kept the form."""
        source = (
            "def f(x):\n"
            "    y = x\n"
            "    g = lambda: y\n"
            "    if x.sum() > 0:\n"
            "        y = x * 2\n"
            "    return y + g()\n")
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "kept.py")
            with open(path, "w") as f:
                f.write(source)
            out = os.path.join(tmp, "kept_ag.py")
            subprocess.run([os.environ["AGC"], "convert", path, "-o", out],
                           check=True)
            m = load_path(out, "kept_ag")
            reason = ("agc kept that form for this statement because its "
                      "state `y` is shared with a nested function or lambda "
                      "(AGC108")
            self.raises(m, reason)
            with self.assertRaises(Exception) as caught:
                export(m.f, (torch.ones(3),), False)
            self.assertIn("the if statement at %s:4 depends on a tensor"
                          % path, str(caught.exception))


# Ifs whose branches only set constants, pass values through or add and
# subtract (the break flag and counter of a loop): torch.where, not cond.
SELECT = load_source('''
import agc_runtime as ag__
_ag__guard__ = ag__.guard.bind(globals())
import torch

def newton(a):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(a)
    x = a
    i = torch.zeros((), dtype=torch.int64)
    while i < 50:
        x = (x + a / x) / 2
        if (x * x - a).abs().max() < 1e-6:
            break
        i = i + 1
    return x, i

@ag__.twin_of(newton, 'newton')
def _agc_newton(a):
    with ag__.FunctionScope('newton', 'fscope', ag__.STD) as fscope:
        x = a
        i = ag__.converted_call(torch.zeros, ((),), {'dtype': torch.int64}, fscope)
        break_ = False
        def loop_test(x, break_, i):
            return ag__.and_(lambda: ag__.not_(break_), lambda: i < 50)
        def loop_body(x, break_, i):
            x = (x + a / x) / 2
            def if_body(break_):
                break_ = True
                return (break_,)
            def else_body(break_):
                return (break_,)
            break_, = ag__.if_stmt_fn(ag__.converted_call(ag__.converted_call((x * x - a).abs, (), None, fscope).max, (), None, fscope) < 1e-6, if_body, else_body, (break_,), ('break_',), 1)
            def if_body(i):
                i = i + 1
                return (i,)
            def else_body(i):
                return (i,)
            i, = ag__.if_stmt_fn(break_, else_body, if_body, (i,), ('i',), 1)
            return (x, break_, i)
        x, break_, i = ag__.while_stmt_fn(loop_test, loop_body, (x, break_, i), ('x', 'break_', 'i'), {'operand_only': ('x', 'break_', 'i')})
        return x, i
del _agc_newton

def flags(x, n):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x, n)
    flag = False
    count = 0
    scale = 1
    if x.sum() > 0:
        flag = True
        count = n
        scale = 0.5
    return flag, count, scale

@ag__.twin_of(flags, 'flags')
def _agc_flags(x, n):
    with ag__.FunctionScope('flags', 'fscope', ag__.STD) as fscope:
        flag = False
        count = 0
        scale = 1
        def if_body(flag, count, scale):
            flag = True
            count = n
            scale = 0.5
            return (flag, count, scale)
        def else_body(flag, count, scale):
            return (flag, count, scale)
        flag, count, scale = ag__.if_stmt_fn(ag__.converted_call(x.sum, (), None, fscope) > 0, if_body, else_body, (flag, count, scale), ('flag', 'count', 'scale'), 3)
        return flag, count, scale
del _agc_flags

def shift(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    y = x * 3
    if x.sum() > 0:
        y = y + 1
    else:
        y = y - x
    return y

@ag__.twin_of(shift, 'shift')
def _agc_shift(x):
    with ag__.FunctionScope('shift', 'fscope', ag__.STD) as fscope:
        y = x * 3
        def if_body(y, x):
            y = y + 1
            return (y, x)
        def else_body(y, x):
            y = y - x
            return (y, x)
        y, x = ag__.if_stmt_fn(ag__.converted_call(x.sum, (), None, fscope) > 0, if_body, else_body, (y, x), ('y', 'x'), 1)
        return y
del _agc_shift
''')


class Select(Checks, unittest.TestCase):
    """An if whose branches only move values, set constants, add or
    subtract is torch.where on each output: no cond, the same outputs."""

    def test_break_flag_and_counter_are_where(self):
        self.check(SELECT.newton, [(torch.tensor([2.0, 9.0, 16.0, 0.5]),),
                                   (torch.full((4,), 1e30),)], ["while_loop"])
        self.assertEqual(int(SELECT.newton(torch.full((4,), 1e30))[1]), 50)

    def test_outputs_are_what_cond_gives(self):
        n = torch.tensor(7)
        inputs = [(torch.ones(2), n), (-torch.ones(2), n)]
        for strict in (False, True):
            selected = export(SELECT.flags, inputs[0], strict)
            with cond_only():
                conds = export(SELECT.flags, inputs[0], strict)
            self.assertEqual(higher_order_ops(selected), [])
            self.assertEqual(higher_order_ops(conds), ["cond"])
            for args in inputs:
                got = selected.module()(*args)
                want = conds.module()(*args)
                self.assertEqual([t.dtype for t in got],
                                 [torch.bool, torch.int64,
                                  torch.get_default_dtype()])
                self.assertEqual([t.dtype for t in got],
                                 [t.dtype for t in want])
                self.assertTrue(same(got, want), (strict, args))
                self.assertTrue(same(got, SELECT.flags(*args)))
        c = compiled(SELECT.flags)
        for args in inputs:
            self.assertTrue(same(c(*args), SELECT.flags(*args)))

    def test_gradient_is_what_cond_gives(self):
        for x0 in (torch.tensor([1.0, 2.0]), torch.tensor([-1.0, -2.0])):
            grads = []
            for how in (contextlib.nullcontext, cond_only):
                with how():
                    torch._dynamo.reset()
                    c = torch.compile(SELECT.shift, fullgraph=True,
                                      backend="aot_eager")
                    x = x0.clone().requires_grad_()
                    (g,) = torch.autograd.grad(c(x).pow(2).sum(), x)
                grads.append(g)
            self.assertTrue(torch.equal(grads[0], grads[1]), grads)
        program = export(SELECT.shift, (x0,), False)
        self.assertEqual(higher_order_ops(program), [])

    def test_what_a_branch_may_do(self):
        g = abs
        k = 1

        def moves(b, t):
            b = True
            t = t
            return (b, t, None)

        def adds(i, j):
            i = i + 1
            j = j - i
            return (i, j)

        def multiplies(i):
            i = i * 2
            return (i,)

        def in_place(i):
            i += 1
            return (i,)

        def calls(i):
            i = g(i)
            return (i,)

        def reads_attribute(i):
            i = i.real
            return (i,)

        def adds_a_closure(i):
            i = i + k
            return (i,)

        kind = _torch_bytecode._branch_kind
        self.assertEqual(kind(moves), "moves")
        self.assertEqual(kind(adds), "add_sub")
        for fn in (multiplies, in_place, calls, reads_attribute,
                   adds_a_closure, abs, lambda i: print(i)):
            self.assertIsNone(kind(fn), fn)
        staging = torch_backend.staging()

        class Sub(torch.Tensor):
            pass

        t = torch.ones(())
        self.assertTrue(staging._selects(moves, (t, [t])))
        self.assertTrue(staging._selects(adds, (t, 1.5)))
        # + on a tensor subclass or a container: what it does is unknown.
        self.assertFalse(staging._selects(adds, (t.as_subclass(Sub), t)))
        self.assertFalse(staging._selects(adds, (t, [t])))
        self.assertFalse(staging._selects(multiplies, (t,)))


# Python loops whose test becomes a traced tensor after an iteration: the
# rest of the loop is a while_loop.
MIDWAY = load_source('''
import agc_runtime as ag__
_ag__guard__ = ag__.guard.bind(globals())
import torch

def settle(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    go = True
    while go:
        x = x / 2
        go = x.sum() > 1
    return x

@ag__.twin_of(settle, 'settle')
def _agc_settle(x):
    with ag__.FunctionScope('settle', 'fscope', ag__.STD) as fscope:
        go = True
        def loop_test(x, go):
            return go
        def loop_body(x, go):
            x = x / 2
            go = ag__.converted_call(x.sum, (), None, fscope) > 1
            return (x, go)
        x, go = ag__.while_stmt_fn(loop_test, loop_body, (x, go), ('x', 'go'), {'operand_only': ('go',)})
        return x
del _agc_settle

def doubling(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    for i in range(1, 10, 2):
        if x.sum() > 100:
            break
        x = x * i
    return x

@ag__.twin_of(doubling, 'doubling')
def _agc_doubling(x):
    with ag__.FunctionScope('doubling', 'fscope', ag__.STD) as fscope:
        break_ = False
        def extra_test(break_, x):
            return ag__.not_(break_)
        def loop_body(itr, break_, x):
            i = itr
            def if_body(break_):
                break_ = True
                return (break_,)
            def else_body(break_):
                return (break_,)
            break_, = ag__.if_stmt_fn(ag__.converted_call(x.sum, (), None, fscope) > 100, if_body, else_body, (break_,), ('break_',), 1)
            def if_body(x):
                x = x * i
                return (x,)
            def else_body(x):
                return (x,)
            x, = ag__.if_stmt_fn(break_, else_body, if_body, (x,), ('x',), 1)
            return (break_, x)
        break_, x = ag__.for_stmt_fn(ag__.converted_call(range, (1, 10, 2), None, fscope), extra_test, loop_body, (break_, x), ('break_', 'x'), {'iterate_names': 'i', 'operand_only': ('break_', 'i')})
        return x
del _agc_doubling

def over_list(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    for i in [1, 2, 3]:
        if x.sum() > 100:
            break
        x = x * i
    return x

@ag__.twin_of(over_list, 'over_list')
def _agc_over_list(x):
    with ag__.FunctionScope('over_list', 'fscope', ag__.STD) as fscope:
        break_ = False
        def extra_test(break_, x):
            return ag__.not_(break_)
        def loop_body(itr, break_, x):
            i = itr
            def if_body(break_):
                break_ = True
                return (break_,)
            def else_body(break_):
                return (break_,)
            break_, = ag__.if_stmt_fn(ag__.converted_call(x.sum, (), None, fscope) > 100, if_body, else_body, (break_,), ('break_',), 1)
            def if_body(x):
                x = x * i
                return (x,)
            def else_body(x):
                return (x,)
            x, = ag__.if_stmt_fn(break_, else_body, if_body, (x,), ('x',), 1)
            return (break_, x)
        break_, x = ag__.for_stmt_fn([1, 2, 3], extra_test, loop_body, (break_, x), ('break_', 'x'), {'iterate_names': 'i', 'operand_only': ('break_', 'i')})
        return x
del _agc_over_list
''')


class Midway(Checks, unittest.TestCase):
    """A Python loop whose test becomes a traced tensor after some
    iterations goes on as a while_loop from the state it reached."""

    def test_while_whose_flag_becomes_a_tensor(self):
        self.check(MIDWAY.settle, [(torch.tensor([0.5, 0.5]),),
                                   (torch.tensor([3.0, 4.0]),),
                                   (torch.tensor([300.0, 4000.0]),)],
                   ["while_loop"])

    def test_for_over_range_whose_break_becomes_a_tensor(self):
        self.check(MIDWAY.doubling, [(torch.tensor([1.0, 2.0]),),
                                     (torch.tensor([30.0, 40.0]),),
                                     (torch.tensor([300.0, 400.0]),)],
                   ["cond", "while_loop"])

    def test_for_over_a_list_is_an_error(self):
        with self.assertRaises(Exception) as caught:
            export(MIDWAY.over_list, (torch.ones(2),), False)
        self.assertIn("break of this Python for loop over a list",
                      str(caught.exception))


# Loops whose variables are numbers the loop makes tensors, updated in
# place (agc's opts leave them out of 'operand_only').
BY_VALUE = load_source('''
import agc_runtime as ag__
_ag__guard__ = ag__.guard.bind(globals())
import torch


def shifted(x, n):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x, n)
    s = x
    for t in range(n):
        t += 1
        s = s + t
    return s


@ag__.twin_of(shifted, 'shifted')
def _agc_shifted(x, n):
    with ag__.FunctionScope('shifted', 'fscope', ag__.STD) as fscope:
        s = x
        def loop_body(itr, s):
            t = itr
            t += 1
            s = s + t
            return (s,)
        s, = ag__.for_stmt_fn(ag__.converted_call(range, (n,), None, fscope), None, loop_body, (s,), ('s',), {'iterate_names': 't', 'operand_only': ('s',)})
        return s
del _agc_shifted


def bump(c):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(c)
    c += 1
    return c


@ag__.twin_of(bump, 'bump')
def _agc_bump(c):
    with ag__.FunctionScope('bump', 'fscope', ag__.STD) as fscope:
        c += 1
        return c
del _agc_bump


def counted(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    c = 0
    while x.sum() < 100:
        x = x * 2
        c = bump(c)
    return x, c


@ag__.twin_of(counted, 'counted')
def _agc_counted(x):
    with ag__.FunctionScope('counted', 'fscope', ag__.STD) as fscope:
        c = 0
        def loop_test(c, x):
            return ag__.converted_call(x.sum, (), None, fscope) < 100
        def loop_body(c, x):
            x = x * 2
            c = ag__.converted_call(bump, (c,), None, fscope)
            return (c, x)
        c, x = ag__.while_stmt_fn(loop_test, loop_body, (c, x), ('c', 'x'), {})
        return (x, c)
del _agc_counted
''')


def loop_clones(exported):
    """How many copies (aten.clone) the graphs of an ExportedProgram's
    while_loop tests and bodies hold."""
    count = 0
    for name, module in exported.graph_module.named_modules():
        if not name.startswith("while_loop_"):
            continue
        for node in module.graph.nodes:
            if node.op == "call_function" and str(node.target).startswith(
                    "aten.clone."):
                count += 1
    return count


class ByValue(Checks, unittest.TestCase):
    """A loop's variables that the converter found it uses only by value
    (its opts' 'operand_only') reach its test and body as they are; the
    numbers it makes tensors that it may update in place get copies."""

    def test_variables_used_by_value_are_not_copied(self):
        a = torch.tensor([2.0, 9.0, 16.0, 0.5])
        for strict in (False, True):
            program = export(SELECT.newton, (a,), strict)
            self.assertEqual(loop_clones(program), 0, "strict=%s" % strict)
            self.assertTrue(same(program.module()(a), SELECT.newton(a)))

    def test_a_target_updated_in_place_is_copied(self):
        x = torch.tensor([1.0, 2.0])
        self.check(BY_VALUE.shifted, [(x, torch.tensor(3)),
                                      (x, torch.tensor(0))], ["while_loop"])

    def test_a_number_passed_to_a_call_is_copied(self):
        self.check(BY_VALUE.counted, [(torch.tensor([1.0, 2.0]),),
                                      (torch.tensor([60.0, 50.0]),)],
                   ["while_loop"])


# Statements whose probe (each branch or the body run once to learn what
# it gives) would fail on the state the program meets: an integer division
# by zero in the branch not taken, in the body of a loop that never runs.
PROBED = load_source('''
import agc_runtime as ag__
_ag__guard__ = ag__.guard.bind(globals())
import torch


def remainder_or_next(a, b):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(a, b)
    if b != 0:
        a = a % b
    else:
        a = a + 1
    return a


@ag__.twin_of(remainder_or_next, 'remainder_or_next')
def _agc_remainder_or_next(a, b):
    with ag__.FunctionScope('remainder_or_next', 'fscope', ag__.STD) as fscope:
        def if_body(a):
            a = a % b
            return (a,)
        def else_body(a):
            a = a + 1
            return (a,)
        a, = ag__.if_stmt_fn(b != 0, if_body, else_body, (a,), ('a',), 1)
        return a
del _agc_remainder_or_next


def gcd(a, b):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(a, b)
    while b != 0:
        a, b = b, a % b
    return a


@ag__.twin_of(gcd, 'gcd')
def _agc_gcd(a, b):
    with ag__.FunctionScope('gcd', 'fscope', ag__.STD) as fscope:
        def loop_test(a, b):
            return b != 0
        def loop_body(a, b):
            a, b = (b, a % b)
            return (a, b)
        a, b = ag__.while_stmt_fn(loop_test, loop_body, (a, b), ('a', 'b'), {'operand_only': ('a',)})
        return a
del _agc_gcd
''')


def top_level_ops(exported):
    """The aten operators of an ExportedProgram's own graph (not its
    higher-order operators' subgraphs)."""
    return [str(node.target) for node in exported.graph_module.graph.nodes
            if node.op == "call_function" and
            str(node.target).startswith("aten.")]


class Probe(Checks, unittest.TestCase):
    """The probe's operations stay out of the program: strict export too
    (Dynamo traces the probe in a subgraph it drops) and compile."""

    def test_branch_not_taken_is_not_run(self):
        t = torch.tensor
        self.check(PROBED.remainder_or_next, [(t(7), t(0)), (t(7), t(3))],
                   ["cond"])
        for strict in (False, True):
            program = export(PROBED.remainder_or_next, (t(7), t(0)), strict)
            self.assertNotIn("aten.remainder.Tensor",
                             top_level_ops(program), strict)

    def test_body_of_a_loop_that_never_runs_is_not_run(self):
        t = torch.tensor
        self.check(PROBED.gcd, [(t(7), t(0)), (t(48), t(18))],
                   ["while_loop"])


# Subscripts whose position is a loop's carried index (a 0-d integer
# tensor), as the converter writes them in loop bodies: ag__.get_item and
# ag__.set_item; PyTorch's own indexing would take the index's .item().
SUBSCRIPTS = load_source("""
import agc_runtime as ag__
_ag__guard__ = ag__.guard.bind(globals())
import torch

def windows(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    s = torch.zeros(x.shape[0], x.shape[2], dtype=x.dtype)
    t = torch.ones((), dtype=torch.int64)
    while t < x.shape[1]:
        s = s + x[:, t - 1, :] * x[..., -t, :] + x[None, 0, t] + x[t - 1][0]
        t = t + 1
    return s

@ag__.twin_of(windows, 'windows')
def _agc_windows(x):
    with ag__.FunctionScope('windows', 'fscope', ag__.STD) as fscope:
        s = ag__.converted_call(torch.zeros, (x.shape[0], x.shape[2]), {'dtype': x.dtype}, fscope)
        t = ag__.converted_call(torch.ones, ((),), {'dtype': torch.int64}, fscope)
        def loop_test(s, t):
            return t < x.shape[1]
        def loop_body(s, t):
            s = s + ag__.get_item(x, (slice(None), t - 1, slice(None))) * ag__.get_item(x, (Ellipsis, -t, slice(None))) + ag__.get_item(x, (None, 0, t)) + ag__.get_item(ag__.get_item(x, t - 1), 0)
            t = t + 1
            return (s, t)
        s, t = ag__.while_stmt_fn(loop_test, loop_body, (s, t), ('s', 't'), {'operand_only': ('s', 't')})
        return s
del _agc_windows

def pick(x, t):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x, t)
    return x[t] * x[:, -t]

@ag__.twin_of(pick, 'pick')
def _agc_pick(x, t):
    with ag__.FunctionScope('pick', 'fscope', ag__.STD) as fscope:
        return ag__.get_item(x, t) * ag__.get_item(x, (slice(None), -t))
del _agc_pick

def place(x, v, t):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x, v, t)
    y = x * 1
    y[:, t] = v * 2
    y[-t] = 0.5
    return y

@ag__.twin_of(place, 'place')
def _agc_place(x, v, t):
    with ag__.FunctionScope('place', 'fscope', ag__.STD) as fscope:
        y = x * 1
        y = ag__.set_item(y, (slice(None), t), v * 2)
        y = ag__.set_item(y, -t, 0.5)
        return y
del _agc_place

def greedy(logits):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(logits)
    tokens = torch.zeros(logits.shape[0], logits.shape[1], dtype=torch.int64)
    best = torch.zeros(logits.shape[1], dtype=torch.int32)
    t = torch.ones((), dtype=torch.int32)
    while t < logits.shape[1]:
        nxt = logits[:, t - 1, :].argmax(-1)
        tokens[:, t] = nxt
        best[-t] = logits[:, t].max()
        t = t + 1
    return tokens, best

@ag__.twin_of(greedy, 'greedy')
def _agc_greedy(logits):
    with ag__.FunctionScope('greedy', 'fscope', ag__.STD) as fscope:
        tokens = ag__.converted_call(torch.zeros, (logits.shape[0], logits.shape[1]), {'dtype': torch.int64}, fscope)
        best = ag__.converted_call(torch.zeros, (logits.shape[1],), {'dtype': torch.int32}, fscope)
        t = ag__.converted_call(torch.ones, ((),), {'dtype': torch.int32}, fscope)
        def loop_test(best, t, tokens):
            return t < logits.shape[1]
        def loop_body(best, t, tokens):
            nxt = ag__.converted_call(ag__.get_item(logits, (slice(None), t - 1, slice(None))).argmax, (-1,), None, fscope)
            tokens = ag__.set_item(tokens, (slice(None), t), nxt)
            best = ag__.set_item(best, -t, ag__.converted_call(ag__.get_item(logits, (slice(None), t)).max, (), None, fscope))
            t = t + 1
            return (best, t, tokens)
        best, t, tokens = ag__.while_stmt_fn(loop_test, loop_body, (best, t, tokens), ('best', 't', 'tokens'), {'operand_only': ('t',)})
        return tokens, best
del _agc_greedy
""")


class Subscripts(Checks, unittest.TestCase):
    """x[..., t, ...] with t a traced 0-d integer tensor: advanced indexing
    with a 1-element index along t's dimension (aten.index to read,
    aten.index_put to write), not .item()."""

    def test_read_at_a_carried_index(self):
        x = torch.arange(60.0).reshape(3, 4, 5)
        self.check(SUBSCRIPTS.windows, [(x,), (-x,)], ["while_loop"])

    def test_read_keeps_dtype(self):
        x = torch.arange(60, dtype=torch.int32).reshape(3, 4, 5)
        for strict in (False, True):
            program = export(SUBSCRIPTS.windows, (x,), strict)
            got = program.module()(x)
            self.assertEqual(got.dtype, torch.int32)
            self.assertTrue(same(got, SUBSCRIPTS.windows(x)))

    def test_read_keeps_gradient(self):
        # Outside a loop: PyTorch's while_loop gives wrong gradients for
        # the tensors its body reads (a hand-written while_loop too).
        x0 = torch.randn(4, 4)
        for t in (torch.tensor(1), torch.tensor(-3, dtype=torch.int32)):
            x = x0.clone().requires_grad_()
            (want,) = torch.autograd.grad(
                SUBSCRIPTS.pick(x, t).pow(2).sum(), x)
            torch._dynamo.reset()
            c = torch.compile(SUBSCRIPTS.pick, fullgraph=True,
                              backend="aot_eager")
            x = x0.clone().requires_grad_()
            (got,) = torch.autograd.grad(c(x, t).pow(2).sum(), x)
            self.assertTrue(torch.allclose(got, want), (got, want))
        self.check(SUBSCRIPTS.pick, [(x0, torch.tensor(1)),
                                     (x0, torch.tensor(-3))], [])

    def test_write_keeps_gradient(self):
        x0, v0 = torch.randn(4, 4), torch.randn(4)
        for t in (torch.tensor(1), torch.tensor(-2, dtype=torch.int16)):
            x, v = x0.clone().requires_grad_(), v0.clone().requires_grad_()
            want = torch.autograd.grad(
                SUBSCRIPTS.place(x, v, t).pow(2).sum(), (x, v))
            torch._dynamo.reset()
            c = torch.compile(SUBSCRIPTS.place, fullgraph=True,
                              backend="aot_eager")
            x, v = x0.clone().requires_grad_(), v0.clone().requires_grad_()
            got = torch.autograd.grad(c(x, v, t).pow(2).sum(), (x, v))
            self.assertTrue(same(got, want), (got, want))
        self.check(SUBSCRIPTS.place, [(x0, v0, torch.tensor(1)),
                                      (x0, v0, torch.tensor(-3))], [])

    def test_positions_out_of_range_raise(self):
        # As Python's x[t]: a negative position counts from the end, one
        # beyond either end raises when the program runs.
        x0, v0 = torch.randn(4, 4), torch.randn(4)
        for strict in (False, True):
            read = export(SUBSCRIPTS.pick, (x0, torch.tensor(1)), strict)
            write = export(SUBSCRIPTS.place, (x0, v0, torch.tensor(1)),
                           strict)
            for t in (-3, 3):
                self.assertTrue(same(read.module()(x0, torch.tensor(t)),
                                     SUBSCRIPTS.pick(x0, torch.tensor(t))))
            for t in (4, -5):
                with self.assertRaises(Exception, msg=(strict, t)):
                    read.module()(x0, torch.tensor(t))
                with self.assertRaises(Exception, msg=(strict, t)):
                    write.module()(x0, v0, torch.tensor(t))

    def test_plain_keys_are_pytorch_indexing(self):
        staging = torch_backend.staging()
        x = torch.arange(12).reshape(3, 4)
        for key in (1, (slice(None), 2), (x > 5,), [0, 2],
                    (torch.tensor([0, 1]), torch.tensor(1))):
            self.assertTrue(torch.equal(staging.get_item(x, key, None),
                                        x[key]), key)
        t = torch.tensor(-1)
        for key in (t, (t, Ellipsis), (None, slice(1, 3), t),
                    (Ellipsis, t, None)):
            self.assertTrue(torch.equal(staging.get_item(x, key, None),
                                        x[key]), key)
            y, z = x.clone(), x.clone()
            out = staging.set_item(y, key, torch.tensor([7]))
            z[key] = torch.tensor([7])
            # Out of place: the target is left as it was.
            self.assertTrue(torch.equal(out, z), key)
            self.assertTrue(torch.equal(y, x), key)


# Bodies and branches that change their own tensors in place: copies for
# them, as torch.cond and while_loop refuse input mutation.
IN_PLACE = load_source("""
import agc_runtime as ag__
_ag__guard__ = ag__.guard.bind(globals())
import torch

def halvings(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    i = torch.zeros((), dtype=torch.int64)
    while i < 20:
        x = x * 0.5
        if x.abs().max() < 0.1:
            break
        i += 1
    return x, i

@ag__.twin_of(halvings, 'halvings')
def _agc_halvings(x):
    with ag__.FunctionScope('halvings', 'fscope', ag__.STD) as fscope:
        i = ag__.converted_call(torch.zeros, ((),), {'dtype': torch.int64}, fscope)
        break_ = False
        def loop_test(x, break_, i):
            return ag__.and_(lambda: ag__.not_(break_), lambda: i < 20)
        def loop_body(x, break_, i):
            x = x * 0.5
            def if_body(break_):
                break_ = True
                return (break_,)
            def else_body(break_):
                return (break_,)
            break_, = ag__.if_stmt_fn(ag__.converted_call(ag__.converted_call(x.abs, (), None, fscope).max, (), None, fscope) < 0.1, if_body, else_body, (break_,), ('break_',), 1)
            def if_body_1(i):
                i += 1
                return (i,)
            def else_body_1(i):
                return (i,)
            i, = ag__.if_stmt_fn(break_, else_body_1, if_body_1, (i,), ('i',), 1)
            return (x, break_, i)
        x, break_, i = ag__.while_stmt_fn(loop_test, loop_body, (x, break_, i), ('x', 'break_', 'i'), {'operand_only': ('x', 'break_')})
        return x, i
del _agc_halvings

def hits(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    m = torch.zeros(x.shape[1], dtype=torch.bool)
    s = torch.zeros(x.shape[1])
    for row in x:
        c = row > 0
        m |= c
        s.add_(row)
    return m, s

@ag__.twin_of(hits, 'hits')
def _agc_hits(x):
    with ag__.FunctionScope('hits', 'fscope', ag__.STD) as fscope:
        m = ag__.converted_call(torch.zeros, (x.shape[1],), {'dtype': torch.bool}, fscope)
        s = ag__.converted_call(torch.zeros, (x.shape[1],), None, fscope)
        row = ag__.Undefined('row')
        c = ag__.Undefined('c')
        def loop_body(itr, m, s, row, c):
            row = itr
            c = row > 0
            m |= c
            ag__.converted_call(s.add_, (row,), None, fscope)
            return (m, s, row, c)
        m, s, row, c = ag__.for_stmt_fn(x, None, loop_body, (m, s, row, c), ('m', 's', 'row', 'c'), {'iterate_names': 'row', 'operand_only': ('row', 'c')})
        return m, s
del _agc_hits
""")


class InPlace(Checks, unittest.TestCase):
    """A body or branch that changes its tensors in place gets copies
    (the mutation lands on an intermediate, which cond and while_loop
    accept); the others get none."""

    def test_counter_incremented_in_place_under_a_break(self):
        self.check(IN_PLACE.halvings, [(torch.tensor([1.0, 2.0]),),
                                       (torch.tensor([0.1, 0.05]),),
                                       (torch.tensor([1e9, 1e9]),)],
                   ["cond", "while_loop"])

    def test_in_place_operator_and_method_in_a_body(self):
        x = torch.tensor([[1.0, -2.0, 0.0], [-1.0, -3.0, 0.0],
                          [2.0, 5.0, 0.0]])
        self.check(IN_PLACE.hits, [(x,), (-x,)], ["while_loop"])

    def test_write_at_a_carried_index(self):
        torch.manual_seed(0)
        logits = torch.randn(2, 5, 7)
        self.check(SUBSCRIPTS.greedy, [(logits,), (-logits,)],
                   ["while_loop"])
        tokens, best = SUBSCRIPTS.greedy(logits)
        self.assertEqual((tokens.dtype, best.dtype),
                         (torch.int64, torch.int32))

    def test_the_probe_leaves_the_state_as_it_was(self):
        staging = torch_backend.staging()
        i = torch.zeros((), dtype=torch.int64)

        def bump(i):
            i += 1
            return (i,)

        out = staging._probe(bump, (i,), _torch_bytecode.may_mutate(bump))
        self.assertEqual((int(out[0]), int(i)), (1, 0))

    def test_what_may_mutate(self):
        may_mutate = _torch_bytecode.may_mutate

        def adds_in_place(i):
            i += 1

        def ors_in_place(m, c):
            m |= c

        def stores(x, k, v):
            x[k] = v

        def stores_slice(x, v):
            x[1:2] = v

        def deletes(x):
            del x[0]

        def method(x):
            x.add_(1)

        def sets_item(x, t, v):
            x = ag__.set_item(x, t, v)

        def nested(i):
            def if_body(i):
                i += 1
                return (i,)
            return if_body

        def operators(b, x, i):
            i = i + 1
            return (ag__.not_(b), ag__.and_(lambda: b, lambda: x),
                    ag__.get_item(x, i), x.add(1), x.__class__)

        for fn in (adds_in_place, ors_in_place, stores, stores_slice,
                   deletes, method, nested, abs):
            self.assertTrue(may_mutate(fn), fn)
        # ag__.set_item writes out of place while PyTorch traces.
        for fn in (operators, sets_item):
            self.assertFalse(may_mutate(fn), fn)
        # and torch.where never selects a branch that may (Staging._selects)
        for fn in (adds_in_place, stores, method, sets_item, nested):
            self.assertIsNone(_torch_bytecode._branch_kind(fn), fn)

        # `name op= v` alone, on names nothing else stores: those names (a
        # loop copies only their variables); otherwise all.
        def aliased(i, j):
            i = j
            i += 1

        self.assertEqual(may_mutate(adds_in_place), ("i",))
        self.assertEqual(may_mutate(ors_in_place), ("m",))
        for fn in (aliased, nested, stores, method):
            self.assertIs(may_mutate(fn), True, fn)

    def test_a_loop_copies_only_what_its_body_changes(self):
        # t += 1 changes t in place: the body copies t, not buf or done.
        m = convert_source('''
            import torch

            def decode(start):
                buf = torch.zeros(2, 6, dtype=torch.long)
                buf[:, 0] = start
                done = start == 2
                t = 1
                while t < 6 and not done.all():
                    nxt = (buf[:, t - 1] * 3 + 1) % 5
                    buf[:, t] = nxt
                    done = done | (nxt == 2)
                    t += 1
                return buf
            ''', "copies_ag")
        for strict in (False, True):
            program = export(m.decode, (torch.tensor([1, 4]),), strict)
            bodies = [m for n, m in program.graph_module.named_modules()
                      if "body" in n]
            clones = [n for m in bodies for n in m.graph.nodes
                      if n.op == "call_function" and
                      "clone" in str(n.target)]
            self.assertEqual(len(clones), 1, strict)
            for start in ([1, 4], [2, 2], [0, 3]):
                start = torch.tensor(start)
                self.assertTrue(torch.equal(program.module()(start),
                                            m.decode(start)))


# Conditions on sizes that depend on data (b = x[x > 0]): SymBool / SymInt.
SYMBOLIC = load_source("""
import agc_runtime as ag__
_ag__guard__ = ag__.guard.bind(globals())
import torch

def positive_sum(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    b = x[x > 0]
    if b.numel() == 0:
        y = x.sum() * 0
    else:
        y = b.sum()
    return y

@ag__.twin_of(positive_sum, 'positive_sum')
def _agc_positive_sum(x):
    with ag__.FunctionScope('positive_sum', 'fscope', ag__.STD) as fscope:
        b = x[x > 0]
        y = ag__.Undefined('y')
        def if_body(y):
            y = ag__.converted_call(x.sum, (), None, fscope) * 0
            return (y,)
        def else_body(y):
            y = ag__.converted_call(b.sum, (), None, fscope)
            return (y,)
        y, = ag__.if_stmt_fn(ag__.converted_call(b.numel, (), None, fscope) == 0, if_body, else_body, (y,), ('y',), 1)
        return y
del _agc_positive_sum

def few(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    b = x[x > 0]
    n = b.numel()
    if n > 0 and not n > 2 or x.sum() > 100:
        y = b.sum()
    else:
        y = x.sum()
    return y, (x.max() if n == 0 else x.min()), (n == 1 or n == 3) and n < 4

@ag__.twin_of(few, 'few')
def _agc_few(x):
    with ag__.FunctionScope('few', 'fscope', ag__.STD) as fscope:
        b = x[x > 0]
        n = ag__.converted_call(b.numel, (), None, fscope)
        y = ag__.Undefined('y')
        def if_body(y):
            y = ag__.converted_call(b.sum, (), None, fscope)
            return (y,)
        def else_body(y):
            y = ag__.converted_call(x.sum, (), None, fscope)
            return (y,)
        y, = ag__.if_stmt_fn(ag__.or_(lambda: ag__.and_(lambda: n > 0, lambda: ag__.not_(n > 2)), lambda: ag__.converted_call(x.sum, (), None, fscope) > 100), if_body, else_body, (y,), ('y',), 1)
        return (y, ag__.if_exp(n == 0, lambda: ag__.converted_call(x.max, (), None, fscope), lambda: ag__.converted_call(x.min, (), None, fscope), 'x.max() if n == 0 else x.min()'),
                ag__.if_exp(ag__.and_(lambda: ag__.or_(lambda: n == 1, lambda: n == 3), lambda: n < 4), lambda: True, lambda: False, 'bool'))
del _agc_few

def several(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    b = x[x > 0]
    found = False
    count = 0
    if b.numel() > 1:
        found = True
        count = count + 1
    return found, count

@ag__.twin_of(several, 'several')
def _agc_several(x):
    with ag__.FunctionScope('several', 'fscope', ag__.STD) as fscope:
        b = x[x > 0]
        found = False
        count = 0
        def if_body(found, count):
            found = True
            count = count + 1
            return (found, count)
        def else_body(found, count):
            return (found, count)
        found, count = ag__.if_stmt_fn(ag__.converted_call(b.numel, (), None, fscope) > 1, if_body, else_body, (found, count), ('found', 'count'), 2)
        return found, count
del _agc_several

def steps(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    i = 0
    while i < x[x > 0].numel():
        i = i + 1
    return i

@ag__.twin_of(steps, 'steps')
def _agc_steps(x):
    with ag__.FunctionScope('steps', 'fscope', ag__.STD) as fscope:
        i = 0
        def loop_test(i):
            return i < ag__.converted_call(x[x > 0].numel, (), None, fscope)
        def loop_body(i):
            i = i + 1
            return (i,)
        i, = ag__.while_stmt_fn(loop_test, loop_body, (i,), ('i',), {'operand_only': ('i',)})
        return i
del _agc_steps

def weighted(x):
    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
    b = x[x > 0]
    s = torch.zeros(())
    i = 0
    while i < b.numel():
        s = s + b.sum() / (i + 1)
        i = i + 1
    return s

@ag__.twin_of(weighted, 'weighted')
def _agc_weighted(x):
    with ag__.FunctionScope('weighted', 'fscope', ag__.STD) as fscope:
        b = x[x > 0]
        s = ag__.converted_call(torch.zeros, ((),), None, fscope)
        i = 0
        def loop_test(s, i):
            return i < ag__.converted_call(b.numel, (), None, fscope)
        def loop_body(s, i):
            s = s + ag__.converted_call(b.sum, (), None, fscope) / (i + 1)
            i = i + 1
            return (s, i)
        s, i = ag__.while_stmt_fn(loop_test, loop_body, (s, i), ('s', 'i'), {'operand_only': ('s', 'i')})
        return s
del _agc_weighted
""")


class Symbolic(unittest.TestCase):
    """A condition on a size that depends on data is a SymBool (or SymInt)
    while PyTorch traces: staged as a cond, a where or a while_loop."""

    def check(self, fn, inputs, ops):
        for strict in (False, True):
            program = export(fn, inputs[0], strict)
            self.assertEqual(sorted(set(higher_order_ops(program))), ops,
                             "strict=%s" % strict)
            for args in inputs:
                self.assertTrue(same(program.module()(*args), fn(*args)),
                                (fn.__name__, strict, args))
        # x[x > 0] in a graph (Dynamo's default is a graph break)
        with torch._dynamo.config.patch(
                capture_dynamic_output_shape_ops=True):
            c = compiled(fn)
            for args in inputs:
                self.assertTrue(same(c(*args), fn(*args)),
                                (fn.__name__, args))

    def test_if_on_a_symbolic_size(self):
        t = torch.tensor
        self.check(SYMBOLIC.positive_sum, [(t([1.0, -2.0, 3.0, 0.0]),),
                                           (t([-1.0, -2.0, 0.0, -4.0]),),
                                           (t([4.0, 5.0, 6.0, 7.0]),)],
                   ["cond"])

    def test_and_or_not_ifexp_on_symbolic_sizes(self):
        t = torch.tensor
        self.check(SYMBOLIC.few, [(t([1.0, -2.0, 3.0, 4.0]),),
                                  (t([-1.0, -2.0, -3.0, -4.0]),),
                                  (t([1.0, -2.0, -3.0, -4.0]),),
                                  (t([1.0, 2.0, 300.0, -4.0]),)], ["cond"])

    def test_selecting_if_on_a_symbolic_size_is_where(self):
        t = torch.tensor
        self.check(SYMBOLIC.several, [(t([1.0, -2.0, 3.0, 0.0]),),
                                      (t([-1.0, -2.0, 0.0, 4.0]),)], [])
        program = export(SYMBOLIC.several, (t([1.0, 2.0, 0.0, 0.0]),), False)
        self.assertEqual(where_ops(program), 2)

    def test_while_whose_test_makes_the_size(self):
        t = torch.tensor
        self.check(SYMBOLIC.steps, [(t([1.0, -2.0, 3.0, 0.0]),),
                                    (t([-1.0, -2.0, 0.0, -4.0]),)],
                   ["while_loop"])

    def test_while_on_a_symbolic_size(self):
        t = torch.tensor
        self.check(SYMBOLIC.weighted, [(t([1.0, -2.0, 3.0, 0.0]),),
                                       (t([-1.0, -2.0, 0.0, -4.0]),),
                                       (t([4.0, 5.0, 6.0, 7.0]),)],
                   ["while_loop"])


class Gradients(unittest.TestCase):

    def test_grad_through_if_and_loop_equals_hand_written(self):
        from torch._higher_order_ops.while_loop import while_loop

        def hand_if(x):
            return torch.cond(x.sum() > 0, lambda x: x * 2,
                              lambda x: x - 1, (x,))

        for x0 in (torch.tensor([1.0, 2.0]), torch.tensor([-1.0, -2.0])):
            grads = []
            for fn in (CASES.branch, hand_if):
                torch._dynamo.reset()
                c = torch.compile(fn, fullgraph=True, backend="aot_eager")
                x = x0.clone().requires_grad_()
                (g,) = torch.autograd.grad(c(x).pow(2).sum(), x)
                grads.append(g)
            self.assertTrue(torch.allclose(grads[0], grads[1]), grads)

        def hand_loop(x, n):
            def cond_fn(i, s):
                return i < n

            def body_fn(i, s):
                return i + 1, s * 1.5 + 1
            return while_loop(cond_fn, body_fn,
                              (torch.zeros((), dtype=torch.int64), x))[1]

        x0 = torch.tensor([1.0, 2.0])
        for n in (0, 3):
            grads = []
            for fn in (CASES.growing, hand_loop):
                torch._dynamo.reset()
                c = torch.compile(fn, fullgraph=True, backend="aot_eager")
                x = x0.clone().requires_grad_()
                (g,) = torch.autograd.grad(
                    c(x, torch.tensor(n)).pow(2).sum(), x)
                grads.append(g)
            self.assertTrue(torch.allclose(grads[0], grads[1]), grads)
            # and the loop is the carried while_loop, not unrolled
            program = export(CASES.growing, (x0, torch.tensor(n)), False)
            self.assertEqual(higher_order_ops(program), ["while_loop"])


class SaveLoad(unittest.TestCase):

    def test_round_trip(self):
        x = torch.tensor([1.0, 2.0])
        program = export(CASES.early, (x,), False)
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "early.pt2")
            torch.export.save(program, path)
            loaded = torch.export.load(path)
        self.assertIn("cond", higher_order_ops(loaded))
        for args in ((x,), (-x,)):
            self.assertTrue(torch.equal(loaded.module()(*args),
                                        CASES.early(*args)))


class Backend(unittest.TestCase):

    def test_use_torch(self):
        try:
            ag__.use("torch")
            self.assertEqual(ag__.backend(), "torch")
            self.assertIn("torch", ag__.BACKENDS)
            x = torch.tensor([1.0, 2.0])
            self.assertTrue(torch.equal(CASES.branch(x), x * 2))
            program = export(CASES.branch, (x,), False)
            self.assertEqual(higher_order_ops(program), ["cond"])
        finally:
            ag__.use("python")

    def test_agc_backend_environment(self):
        run = subprocess.run(
            [sys.executable, "-c", "import agc_runtime as ag__; "
             "import sys; print(ag__.backend(), 'torch' in sys.modules)"],
            env=dict(os.environ, AGC_BACKEND="torch",
                     PYTHONPATH=RUNTIME_DIR),
            capture_output=True, text=True)
        self.assertEqual(run.stdout.split(), ["torch", "True"], run.stderr)

    def test_runtime_imports_no_torch(self):
        run = subprocess.run(
            [sys.executable, "-c", "import agc_runtime, sys; "
             "print('torch' in sys.modules)"],
            env=dict(os.environ, PYTHONPATH=RUNTIME_DIR),
            capture_output=True, text=True)
        self.assertEqual(run.stdout.split(), ["False"], run.stderr)


if __name__ == "__main__":
    unittest.main()
