"""The probe (each branch or the body run once to learn what it gives)
under real PyTorch: its operations stay out of the program."""

import unittest

from tests_torch.support import Checks, export, load_source

import torch  # noqa: E402

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




if __name__ == "__main__":
    unittest.main()
