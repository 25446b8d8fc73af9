"""Reads and writes at a traced position (ag__.get_item, ag__.set_item)
under real PyTorch: advanced indexing with a 1-element index."""

import unittest

from tests_torch.programs import SUBSCRIPTS
from tests_torch.support import Checks, export, same

import torch  # noqa: E402

from agc_runtime import torch_backend  # noqa: E402


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




if __name__ == "__main__":
    unittest.main()
