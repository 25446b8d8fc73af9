"""Which tensors a staged loop or branch copies, under real PyTorch:
none for variables used by value, copies for those changed in place
(torch.cond and while_loop refuse input mutation)."""

import unittest

from tests_torch.programs import SELECT, SUBSCRIPTS
from tests_torch.support import Checks, convert_source, export, \
    load_source, same

import torch  # noqa: E402

import agc_runtime as ag__  # noqa: E402
from agc_runtime import _torch_bytecode, torch_backend  # noqa: E402

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




if __name__ == "__main__":
    unittest.main()
