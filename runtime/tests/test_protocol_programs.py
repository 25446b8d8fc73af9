"""Hand-converted functions behave like their originals on both backends."""

import unittest

from tests import support  # noqa: F401  (puts runtime/ on sys.path)
from tests import programs

import agc_runtime
from agc_runtime import staged


class PythonBackendEquivalence(unittest.TestCase):

    def test_same_outcome_as_original(self):
        for original, converted, calls in programs.CASES:
            for args in calls:
                with self.subTest(fn=original.__name__, args=args):
                    expected = support.outcome(original, *args)
                    actual = support.outcome(converted, *args)
                    self.assertEqual(expected, actual)

    def test_cases_cover_both_outcomes(self):
        # The table must contain a raising call (one_branch(-2)), or the
        # comparison above could not notice wrong exception handling.
        raised = [support.outcome(o, *a)[1] for o, _, calls in programs.CASES
                  for a in calls]
        self.assertIn(UnboundLocalError, raised)
        self.assertIn(None, raised)


class StagedBackendEquivalence(unittest.TestCase):

    def test_same_result_with_staged_inputs(self):
        for original, converted, calls in programs.STAGED_CASES:
            for args in calls:
                with self.subTest(fn=original.__name__, args=args):
                    expected = support.outcome(original, *args)
                    actual = support.outcome(staged.run, converted, *args)
                    self.assertEqual(expected, actual)
                    self.assertEqual(agc_runtime.backend(), "python")

    def test_same_result_with_plain_inputs_on_staged_backend(self):
        with support.backend("staged"):
            for original, converted, calls in programs.CASES:
                for args in calls:
                    with self.subTest(fn=original.__name__, args=args):
                        self.assertEqual(support.outcome(original, *args),
                                         support.outcome(converted, *args))

    def test_one_branch_definition_is_a_staging_error(self):
        with self.assertRaises(ValueError) as cm:
            staged.run(programs.one_branch_ag, 2)
        self.assertEqual(str(cm.exception),
                         "'y' must also be initialized in the else branch")

    def test_staged_result_types(self):
        # Staged results come back as plain Python values of the right type.
        self.assertIs(type(staged.run(programs.abs_diff_ag, 2.5, 1.0)), float)
        self.assertIs(type(staged.run(programs.sign_ag, 3)), int)


class RecursionTraps(unittest.TestCase):

    def _free_depth(self):
        import sys
        depth = 0
        frame = sys._getframe()
        while frame is not None:
            depth += 1
            frame = frame.f_back
        return sys.getrecursionlimit() - depth

    def test_recursion_reaches_the_depth_of_the_original(self):
        import sys
        limit = sys.getrecursionlimit()
        n = self._free_depth() - 40
        self.assertGreater(n, 400)
        self.assertEqual(programs.depth(n), n)
        self.assertEqual(programs.depth_ag(n), n)
        self.assertEqual(sys.getrecursionlimit(), limit)
        self.assertEqual(agc_runtime.core.recursion_allowance(), 0)

    def test_recursion_through_a_loop(self):
        import sys
        n = self._free_depth() - 40
        tree = []
        for _ in range(n - 1):
            tree = [tree]
        self.assertEqual(programs.tree_size(tree), n)
        self.assertEqual(programs.tree_size_ag(tree), n)
        self.assertEqual(programs.tree_size_if(tree), n)
        self.assertEqual(programs.tree_size_if_ag(tree), n)
        self.assertEqual(agc_runtime.core.recursion_allowance(), 0)

    def test_unbounded_recursion_still_raises_and_restores_the_limit(self):
        import sys
        limit = sys.getrecursionlimit()
        with self.assertRaises(RecursionError):
            programs.forever(0)
        with self.assertRaises(RecursionError):
            programs.forever_ag(0)
        self.assertEqual(sys.getrecursionlimit(), limit)
        self.assertEqual(agc_runtime.core.recursion_allowance(), 0)
        # Still usable afterwards.
        self.assertEqual(programs.depth_ag(50), 50)

    def test_recursion_on_staged_backend(self):
        n = self._free_depth() - 100
        with support.backend("staged"):
            self.assertEqual(programs.depth_ag(n), n)


class WarningsStacklevel(unittest.TestCase):

    def _lines(self, marker):
        import inspect
        lines, start = inspect.getsourcelines(programs.warns_ag)
        for offset, text in enumerate(lines):
            if marker in text:
                return start + offset
        raise AssertionError(marker)

    def _check(self):
        import warnings
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            programs.warns_ag(True)
        self.assertEqual(len(caught), 2)
        self.assertEqual([w.filename for w in caught],
                         [programs.__file__] * 2)
        self.assertEqual([w.lineno for w in caught],
                         [self._lines("# TOP-LINE"), self._lines("# IF-LINE")])

    def test_stacklevel_points_at_the_converted_caller(self):
        self._check()

    def test_stacklevel_on_staged_backend(self):
        with support.backend("staged"):
            self._check()


if __name__ == "__main__":
    unittest.main()
