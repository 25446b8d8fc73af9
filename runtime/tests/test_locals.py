"""locals_: the original function's locals() in converted code, on the
python and staged backends.

The functions below are written as agc writes them: `locals()` becomes
``ag__.locals_(fscope, names)``, which finds the frame that has the scope
as a local and the frames of its helpers and thunks between it and the
caller.
"""

import sys
import unittest

import agc_runtime as ag__
from agc_runtime import core


def _unrelated_operator(fn):
    """A frame between a helper and its function that is not the function's
    code (as the runtime's and a framework's are): its locals do not
    count."""
    x = "not the function's x"
    a = "nor its a"
    return fn(), x, a


def _original(x, n):
    if x > 0:
        a = x
        tmp = 1
        del tmp
        snap = locals()
    else:
        snap = None
    for i in range(n):
        t = i
    return snap, locals(), x or locals()


@ag__.autograph_artifact
def _converted(x, n):
    # _original, converted
    with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
        names = ('x', 'n', 'a', 'tmp', 'snap', 'i', 't')
        a = ag__.Undefined('a')
        i = ag__.Undefined('i')
        snap = ag__.Undefined('snap')
        t = ag__.Undefined('t')
        tmp = ag__.Undefined('tmp')

        def get_state():
            return (a, snap, ag__.ldu(lambda: tmp, 'tmp'))

        def set_state(vars_):
            nonlocal a, snap, tmp
            a, snap, tmp = vars_

        def if_body():
            nonlocal a, snap, tmp
            a = x
            tmp = 1
            del tmp
            snap = ag__.locals_(fscope, names)

        def else_body():
            nonlocal a, snap, tmp
            snap = None
        ag__.if_stmt(x > 0, if_body, else_body, get_state, set_state,
                     ('a', 'snap', 'tmp'), 3)

        def get_state():
            return (i, t)

        def set_state(vars_):
            nonlocal i, t
            i, t = vars_

        def loop_body(itr):
            nonlocal i, t
            i = itr
            t = i
        ag__.for_stmt(range(n), None, loop_body, get_state, set_state,
                      ('i', 't'), {'iterate_names': 'i'})
        return (snap, ag__.locals_(fscope, names),
                ag__.or_(lambda: x, lambda: ag__.locals_(fscope, names)))


class LocalsTests:
    """Mixed into one TestCase per backend (BACKEND is set below)."""

    BACKEND = None

    def setUp(self):
        self._previous = ag__.backend()
        ag__.use(self.BACKEND)

    def tearDown(self):
        ag__.use(self._previous)

    # The converted function against the original on this interpreter:
    # before 3.13 every locals() of one call returns the same dict, updated;
    # from 3.13 (PEP 667) each returns a new snapshot.

    def assertSameLocals(self, got, want):
        """Same keys in the same order, the same values (a dict value: the
        same keys), and the same dicts shared among the results."""
        self.assertEqual(len(got), len(want))
        for g, w in zip(got, want):
            self.assertEqual(type(g), type(w))
            if isinstance(w, dict):
                self.assertEqual(list(g), list(w))
                for key, value in w.items():
                    if isinstance(value, dict):
                        self.assertEqual(list(g[key]), list(value))
                    else:
                        self.assertEqual(g[key], value)
            else:
                self.assertEqual(g, w)
        for i in range(len(want)):
            for j in range(len(want)):
                self.assertEqual(got[i] is got[j], want[i] is want[j],
                                 (i, j))

    def test_original_names_only_in_helpers_thunks_and_after_loops(self):
        snap, after, thunked = _converted(1, 2)
        self.assertSameLocals((snap, after, thunked), _original(1, 2))
        self.assertIs(thunked, 1)
        self.assertEqual(list(after), ['x', 'n', 'a', 'snap', 'i', 't'])
        self.assertEqual(after['a'], 1)
        self.assertEqual((after['i'], after['t']), (1, 1))

    def test_placeholders_and_unbound_names_are_left_out(self):
        snap, after, thunked = _converted(0, 0)
        self.assertSameLocals((snap, after, thunked), _original(0, 0))
        self.assertIsNone(snap)
        self.assertEqual(after, {'x': 0, 'n': 0, 'snap': None})

    def test_each_call_its_own_dict(self):
        first = _converted(0, 1)[1]
        second = _converted(0, 1)[1]
        self.assertIsNot(first, second)
        self.assertEqual(first, second)

    def test_dict_updated_in_place_keeps_other_keys(self):
        def original():
            y = 1
            d = locals()
            d['extra'] = True
            del y
            z = 2
            return d, locals(), z

        @ag__.autograph_artifact
        def f():
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                y = 1
                d = ag__.locals_(fscope, ('y', 'd', 'z'))
                d['extra'] = True
                del y
                z = 2
                return d, ag__.locals_(fscope, ('y', 'd', 'z')), z
        self.assertSameLocals(f(), original())
        if sys.version_info < (3, 13):
            d, again, _ = f()
            self.assertIs(d, again)
            self.assertEqual(sorted(d), ['d', 'extra', 'z'])

    def test_innermost_frame_wins_and_other_code_is_skipped(self):
        @ag__.autograph_artifact
        def f(x):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                a = 'outer'

                def if_body():
                    a = 'helper local'
                    return ag__.locals_(fscope, ('x', 'a'))
                return _unrelated_operator(if_body)[0]
        self.assertEqual(f('x'), {'x': 'x', 'a': 'helper local'})

    def test_lambda_scope_sees_the_lambdas_parameters(self):
        @ag__.autograph_artifact
        def f():
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                hidden = 'not the lambda\'s'
                g = ag__.autograph_artifact(
                    lambda y, z=2: ag__.with_function_scope(
                        lambda lscope: ag__.locals_(lscope, ('y', 'z')),
                        'lscope', ag__.STD))
                return g(1), fscope, hidden
        self.assertEqual(f()[0], {'y': 1, 'z': 2})

    def test_comprehension_frame_as_on_this_interpreter(self):
        # Before 3.12 a comprehension's locals() is its own frame's; from
        # 3.12 (PEP 709, inlined) its function's, with its targets: the
        # same dict as the function's other locals() calls before 3.13.
        def original(p):
            a = 1
            d = locals()
            out = [(locals() is d, sorted(locals()),
                    [sorted(locals()) for j in range(1)]) for k in range(1)]
            b = 2
            g = (sorted(locals()) for m in range(1))
            return out, sorted(d), list(g), b

        @ag__.autograph_artifact
        def f(p):
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                a = 1
                d = ag__.locals_(fscope, ('p', 'a', 'd', 'out', 'b', 'g'))
                out = [(ag__.locals_(None, ('.0', 'k', 'd'), fscope,
                                     ('p', 'a', 'd', 'out', 'b', 'g', 'k'))
                        is d,
                        sorted(ag__.locals_(None, ('.0', 'k', 'd'), fscope,
                                            ('p', 'a', 'd', 'out', 'b', 'g',
                                             'k'))),
                        [sorted(ag__.locals_(None, ('.0', 'j'), fscope,
                                             ('p', 'a', 'd', 'out', 'b', 'g',
                                              'k', 'j')))
                         for j in range(1)]) for k in range(1)]
                b = 2
                g = (sorted(ag__.locals_(None, ('.0', 'm')))
                     for m in range(1))
                return out, sorted(d), list(g), b
        self.assertEqual(f(0), original(0))

    def test_a_backends_own_placeholder_is_left_out(self):
        class Placeholder:
            pass
        core.UNDEFINED_TYPES.append(Placeholder)
        try:
            @ag__.autograph_artifact
            def f():
                with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                    y = Placeholder()
                    w = 1
                    return ag__.locals_(fscope, ('y', 'w')), y
            self.assertEqual(f()[0], {'w': 1})
        finally:
            core.UNDEFINED_TYPES.remove(Placeholder)

    def test_no_function_with_the_scope(self):
        scope = ag__.FunctionScope('f', 'fscope', ag__.STD)
        with self.assertRaisesRegex(RuntimeError, "fscope"):
            ag__.locals_(scope, ('x',))

    def test_same_dict_as_cpython(self):
        # Before 3.13 the same dict, updated; from 3.13 a new one each call.
        def original():
            d = locals()
            y = 1
            return d is locals(), d

        @ag__.autograph_artifact
        def converted():
            with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
                d = ag__.locals_(fscope, ('d', 'y'))
                y = 1
                return d is ag__.locals_(fscope, ('d', 'y')), d
        same, d = original()
        self.assertEqual(converted()[0], same)
        self.assertEqual(sorted(converted()[1]), sorted(d))


class PythonBackendLocals(LocalsTests, unittest.TestCase):
    BACKEND = "python"


class StagedBackendLocals(LocalsTests, unittest.TestCase):
    BACKEND = "staged"


if __name__ == "__main__":
    unittest.main()
