"""torch.jit.script of agc's output: TorchScript compiles the eager
originals from their source, given without agc's entry guard
(agc_runtime._torch_script), so a converted module scripts as the original
does, with the same results."""

import unittest
import warnings

from tests_torch.support import convert_source

import torch  # noqa: E402

from agc_runtime import _torch_script  # noqa: E402

SOURCE = '''
import torch
from torch import nn


def clamp_steps(x, n: int):
    """A docstring first: the guard comes after it."""
    for _ in range(n):
        if x.sum() > 0:
            x = x - 1
        else:
            break
    return x


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4) for _ in range(2)])

    def forward(self, x, flip: bool = False):
        for layer in self.layers:
            x = layer(x)
        if flip:
            x = -x
        return clamp_steps(x, 3) if x.mean() > 0 else x
'''


def scripted(fn):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        return torch.jit.script(fn)


class Script(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.m = convert_source(SOURCE, "scripted_ag")

    def test_function_scripts_as_the_original(self):
        f = scripted(self.m.clamp_steps)
        self.assertNotIn("_ag__guard__", f.code)
        for x in (torch.tensor([5.0, 1.0]), torch.tensor([-1.0, 0.5])):
            self.assertTrue(torch.equal(f(x, 3), self.m.clamp_steps(x, 3)))

    def test_module_scripts_as_the_original(self):
        torch.manual_seed(0)
        block = self.m.Block().eval()
        s = scripted(block)
        for flip in (False, True):
            for x in (torch.randn(3, 4), torch.ones(3, 4)):
                self.assertTrue(torch.allclose(s(x, flip), block(x, flip)))

    def test_errors_keep_the_original_line_numbers(self):
        # TorchScript's source ranges point at the converted file's lines:
        # the guard's line is blank, not removed.
        lines = ["def f(x):\n",
                 "    if _ag__guard__ and _ag__guard__.tracing(): return "
                 "_ag__guard__.call_own_twin(x)\n",
                 "    return x\n"]
        self.assertEqual(_torch_script.without_guards(lines),
                         [lines[0], "\n", lines[2]])
        plain = ["def g(x):\n", "    return x\n"]
        self.assertIs(_torch_script.without_guards(plain), plain)


if __name__ == "__main__":
    unittest.main()
