"""Python loops whose test becomes a traced tensor after some iterations,
under real PyTorch: the rest of the loop is a while_loop."""

import unittest

from tests_torch.support import Checks, export, load_source

import torch  # noqa: E402

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




if __name__ == "__main__":
    unittest.main()
