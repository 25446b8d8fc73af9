"""The staged if's errors under real PyTorch (export strict and
non-strict, compile): they name the variable and the branches as the
source has them, and for the nonlocal form of converted control flow, the
flag or the reason agc kept that form."""

import os
import subprocess
import tempfile
import unittest

from tests_torch.support import compiled, export, load_path, load_source, \
    same

import torch  # noqa: E402


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




if __name__ == "__main__":
    unittest.main()
