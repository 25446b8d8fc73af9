"""The runtime under real PyTorch: the functional form of agc's output
(agc's default output) staged as torch.cond / while_loop under
torch.export (strict and non-strict) and torch.compile(fullgraph=True);
eager tensors keep Python semantics; the guards' global, an nn.Module,
gradients, save/load and the torch backend."""

import contextlib
import io
import os
import subprocess
import sys
import tempfile
import unittest

from tests_torch.support import RUNTIME_DIR, Checks, compiled, export, \
    higher_order_ops, load_source, same

import torch  # noqa: E402

import agc_runtime as ag__  # noqa: E402

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
