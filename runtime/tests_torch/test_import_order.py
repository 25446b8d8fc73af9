"""A converted module imported before PyTorch: agc_runtime loads PyTorch's
staging (and its Dynamo hook) once ``torch`` has run, so torch.compile and
torch.export stage the module's functions as when PyTorch comes first."""

import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

from .support import RUNTIME_DIR

SOURCE = textwrap.dedent("""\
    def f(x):
        if x.sum() > 0:
            y = x * 2
        else:
            y = x - 1
        return y
""")

# Run in a fresh interpreter: the converted module first, then torch.
PROGRAM = textwrap.dedent("""\
    import sys
    import m_out
    import agc_runtime
    import torch
    loader = torch.__spec__.loader
    print("loader", type(loader).__module__ == type(torch.__loader__).__module__
          and loader is torch.__loader__ and "agc_runtime" not in
          type(loader).__module__)
    x = torch.ones(3)
    compiled = torch.compile(m_out.f, fullgraph=True, backend="aot_eager")
    print("compile", compiled(x).tolist(), compiled(-x).tolist())

    class M(torch.nn.Module):
        def forward(self, x):
            return m_out.f(x)

    program = torch.export.export(M(), (x,))
    ops = [n.target.__name__ for n in program.graph.nodes
           if n.op == "call_function" and
           getattr(n.target, "__name__", "") == "cond"]
    print("export", ops, program.module()(-x).tolist())
""")


class ImportOrder(unittest.TestCase):

    def test_converted_module_before_torch(self):
        with tempfile.TemporaryDirectory() as tmp:
            source = os.path.join(tmp, "m.py")
            with open(source, "w") as f:
                f.write(SOURCE)
            subprocess.run(
                [os.environ["AGC"], "convert", source, "-o",
                 os.path.join(tmp, "m_out.py")], check=True)
            run = subprocess.run(
                [sys.executable, "-c", PROGRAM], cwd=tmp,
                env=dict(os.environ, PYTHONPATH=RUNTIME_DIR + os.pathsep +
                         tmp),
                capture_output=True, text=True, timeout=600)
        self.assertEqual(run.returncode, 0, run.stderr[-3000:])
        self.assertEqual(run.stdout.splitlines(), [
            "loader True",
            "compile [2.0, 2.0, 2.0] [-2.0, -2.0, -2.0]",
            "export ['cond'] [-2.0, -2.0, -2.0]",
        ], run.stderr[-3000:])


if __name__ == "__main__":
    unittest.main()
