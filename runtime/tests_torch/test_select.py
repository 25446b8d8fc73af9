"""An if whose branches only select (a break flag, a counter) staged as
torch.where under real PyTorch, against torch.cond (cond_only)."""

import contextlib
import unittest

from tests_torch.programs import SELECT
from tests_torch.support import Checks, compiled, cond_only, export, \
    higher_order_ops, same

import torch  # noqa: E402

from agc_runtime import _torch_bytecode, torch_backend  # noqa: E402


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




if __name__ == "__main__":
    unittest.main()
