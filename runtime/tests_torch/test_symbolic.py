"""Conditions on sizes that depend on data (SymBool, SymInt) under real
PyTorch: staged as torch.cond, torch.where or while_loop."""

import unittest

from tests_torch.support import compiled, export, higher_order_ops, \
    load_source, same, where_ops

import torch  # noqa: E402

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




if __name__ == "__main__":
    unittest.main()
