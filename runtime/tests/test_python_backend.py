"""Every operator of the protocol on plain Python values.

The operator tests run on both backends (python and staged): on plain
values the staged backend must behave exactly like the python one.
"""

import io
import sys
import unittest
from contextlib import redirect_stdout

from tests import support

import agc_runtime as ag__


def _noop_state():
    return ()


def _noop_set(vars_):
    pass


class OperatorTests:
    """Mixed into one TestCase per backend (BACKEND is set below)."""

    BACKEND = None

    def setUp(self):
        self._previous = ag__.backend()
        ag__.use(self.BACKEND)

    def tearDown(self):
        ag__.use(self._previous)

    # -- if_stmt ------------------------------------------------------------

    def test_if_stmt_runs_one_branch(self):
        log = []
        ag__.if_stmt(1, lambda: log.append("a"), lambda: log.append("b"),
                     _noop_state, _noop_set, (), 0)
        ag__.if_stmt("", lambda: log.append("a"), lambda: log.append("b"),
                     _noop_state, _noop_set, (), 0)
        self.assertEqual(log, ["a", "b"])

    def test_if_stmt_evaluates_truth_once(self):
        calls = []

        class Cond:
            def __bool__(self):
                calls.append(1)
                return True
        ag__.if_stmt(Cond(), lambda: None, lambda: None, _noop_state,
                     _noop_set, (), 0)
        self.assertEqual(calls, [1])

    def test_if_stmt_does_not_touch_state_on_plain_values(self):
        touched = []
        ag__.if_stmt(True, lambda: None, lambda: None,
                     lambda: touched.append("get") or (),
                     lambda v: touched.append("set"), (), 0)
        self.assertEqual(touched, [])

    def test_exception_in_body_propagates_unchanged(self):
        error = KeyError("boom")

        def body():
            raise error
        with self.assertRaises(KeyError) as cm:
            ag__.if_stmt(True, body, lambda: None, _noop_state, _noop_set,
                         (), 0)
        self.assertIs(cm.exception, error)
        with self.assertRaises(KeyError) as cm:
            ag__.while_stmt(lambda: True, body, _noop_state, _noop_set, (), {})
        self.assertIs(cm.exception, error)
        with self.assertRaises(KeyError) as cm:
            ag__.for_stmt([1], None, lambda x: body(), _noop_state, _noop_set,
                          (), {})
        self.assertIs(cm.exception, error)

    # -- the functional form (if_stmt_fn, while_stmt_fn, for_stmt_fn) -------

    def test_if_stmt_fn_returns_the_branch_state(self):
        def body(y, x):
            return (x * 2, x)

        def orelse(y, x):
            return (-x, x)
        undefined = ag__.Undefined("y")
        self.assertEqual(ag__.if_stmt_fn(3, body, orelse, (undefined, 3),
                                         ("y", "x"), 1), (6, 3))
        self.assertEqual(ag__.if_stmt_fn([], body, orelse, (undefined, 4),
                                         ("y", "x"), 1), (-4, 4))

    def test_if_stmt_fn_with_no_state(self):
        log = []
        ag__.if_stmt_fn(0, lambda: log.append("a") or (),
                        lambda: log.append("b") or (), (), (), 0)
        self.assertEqual(log, ["b"])

    def test_while_stmt_fn_tests_once_per_iteration(self):
        tests = []

        def test(i, total):
            tests.append(i)
            return i < 3

        def body(i, total):
            return (i + 1, total + i)
        self.assertEqual(ag__.while_stmt_fn(test, body, (0, 0), ("i", "t"),
                                            {}), (3, 3))
        self.assertEqual(tests, [0, 1, 2, 3])

    def test_while_stmt_fn_that_never_runs_returns_the_state(self):
        state = (5, "s")
        self.assertIs(ag__.while_stmt_fn(lambda i, s: False, None, state,
                                         ("i", "s"), {}), state)

    def test_for_stmt_fn_checks_extra_test_before_fetching(self):
        fetched = []

        def items():
            for n in range(10):
                fetched.append(n)
                yield n

        def body(itr, total, stop):
            return (total + itr, itr == 2)
        result = ag__.for_stmt_fn(items(), lambda total, stop: not stop,
                                  body, (0, False), ("total", "stop"),
                                  {"iterate_names": "n"})
        self.assertEqual(result, (3, True))
        self.assertEqual(fetched, [0, 1, 2])

    def test_for_stmt_fn_without_extra_test(self):
        self.assertEqual(
            ag__.for_stmt_fn("abc", None, lambda c, s: (s + c.upper(),),
                             ("",), ("s",), {"iterate_names": "c"}),
            ("ABC",))

    def test_functional_bodies_raise_through(self):
        def body(x):
            raise KeyError(x)
        with self.assertRaises(KeyError):
            ag__.if_stmt_fn(True, body, None, (1,), ("x",), 1)
        with self.assertRaises(KeyError):
            ag__.while_stmt_fn(lambda x: True, body, (1,), ("x",), {})
        with self.assertRaises(KeyError):
            ag__.for_stmt_fn([1], None, lambda i, x: body(x), (1,), ("x",),
                             {})

    # -- while_stmt ---------------------------------------------------------

    def test_while_stmt_tests_once_per_iteration(self):
        state = {"i": 0, "tests": 0}

        def test():
            state["tests"] += 1
            return state["i"] < 3

        def body():
            state["i"] += 1
        ag__.while_stmt(test, body, _noop_state, _noop_set, (), {})
        self.assertEqual(state, {"i": 3, "tests": 4})

    def test_while_stmt_zero_iterations(self):
        log = []
        ag__.while_stmt(lambda: 0, lambda: log.append(1), _noop_state,
                        _noop_set, (), {})
        self.assertEqual(log, [])

    # -- for_stmt -----------------------------------------------------------

    def test_for_stmt_iterates_any_iterable(self):
        seen = []
        ag__.for_stmt({"a": 1, "b": 2}, None, seen.append, _noop_state,
                      _noop_set, (), {})
        ag__.for_stmt((x * x for x in range(3)), None, seen.append,
                      _noop_state, _noop_set, (), {})
        ag__.for_stmt("hi", None, seen.append, _noop_state, _noop_set, (), {})
        self.assertEqual(seen, ["a", "b", 0, 1, 4, "h", "i"])

    def test_extra_test_stops_without_consuming_an_extra_item(self):
        it = iter(range(10))
        seen = []
        broke = [False]

        def body(x):
            seen.append(x)
            if x == 2:
                broke[0] = True
        ag__.for_stmt(it, lambda: not broke[0], body, _noop_state,
                      _noop_set, (), {})
        self.assertEqual(seen, [0, 1, 2])
        self.assertEqual(next(it), 3)   # 3 was not pulled by the loop

    def test_extra_test_false_before_the_loop(self):
        pulled = []

        def gen():
            pulled.append(1)
            yield 1
        ag__.for_stmt(gen(), lambda: False, lambda x: None, _noop_state,
                      _noop_set, (), {})
        self.assertEqual(pulled, [])

    def test_for_stmt_non_iterable_raises_pythons_error(self):
        with self.assertRaises(TypeError) as cm:
            ag__.for_stmt(5, None, lambda x: None, _noop_state, _noop_set,
                          (), {})
        self.assertEqual(str(cm.exception), "'int' object is not iterable")

    # -- expressions ----------------------------------------------------------

    def test_if_exp_is_lazy(self):
        log = []
        self.assertEqual(ag__.if_exp(True, lambda: log.append("t") or 1,
                                     lambda: log.append("f") or 2, "c"), 1)
        self.assertEqual(ag__.if_exp([], lambda: 1, lambda: 2, "c"), 2)
        self.assertEqual(log, ["t"])

    def test_and_or_are_lazy_and_return_the_deciding_operand(self):
        log = []

        def thunk(value):
            return lambda: log.append(value) or value
        self.assertEqual(ag__.and_(thunk(0), thunk(5)), 0)
        self.assertEqual(log, [0])
        self.assertEqual(ag__.and_(thunk("x"), thunk([])), [])
        self.assertEqual(ag__.or_(thunk(3), thunk(4)), 3)
        self.assertEqual(ag__.or_(thunk(""), thunk(None)), None)
        self.assertEqual(log, [0, "x", [], 3, "", None])

    def test_not_eq_not_eq(self):
        self.assertIs(ag__.not_(0), True)
        self.assertIs(ag__.not_([1]), False)
        self.assertIs(ag__.eq(1, 1.0), True)
        self.assertIs(ag__.not_eq("a", "b"), True)

    def test_not_eq_uses_dunder_ne(self):
        class Odd:
            def __eq__(self, other):
                return "eq-result"

            def __ne__(self, other):
                return "ne-result"
        self.assertEqual(ag__.eq(Odd(), 1), "eq-result")
        self.assertEqual(ag__.not_eq(Odd(), 1), "ne-result")

    # -- variables ------------------------------------------------------------

    def test_ld_passes_values_through(self):
        marker = object()
        self.assertIs(ag__.ld(marker), marker)
        self.assertIsNone(ag__.ld(None))

    def test_ld_of_undefined_raises_pythons_unbound_local_error(self):
        def original():
            if False:
                x = 1
            return x  # noqa: F821
        with self.assertRaises(UnboundLocalError) as expected:
            original()
        with self.assertRaises(UnboundLocalError) as actual:
            ag__.ld(ag__.Undefined("x"))
        self.assertEqual(str(actual.exception), str(expected.exception))
        self.assertEqual(
            str(actual.exception),
            "cannot access local variable 'x' where it is not associated "
            "with a value")

    def _raised(self, fn):
        try:
            fn()
        except NameError as e:
            return type(e), str(e)
        self.fail("no NameError")

    def test_ld_free_of_undefined_raises_pythons_free_variable_error(self):
        def original():
            if False:
                x = 1
            return (lambda: x)()  # noqa: F821
        self.assertEqual(
            self._raised(lambda: ag__.ld_free(ag__.Undefined("x"))),
            self._raised(original))
        self.assertEqual(
            self._raised(original),
            (NameError, "cannot access free variable 'x' where it is not "
             "associated with a value in enclosing scope"))
        value = object()
        self.assertIs(ag__.ld_free(value), value)

    def test_ld_comp_of_undefined_raises_what_a_comprehension_raises(self):
        # A free variable's NameError before Python 3.12, an unbound local's
        # UnboundLocalError since (PEP 709 inlines the comprehension).
        def original():
            if False:
                x = 1
            return [x for _ in range(1)]  # noqa: F821
        self.assertEqual(
            self._raised(lambda: ag__.ld_comp(ag__.Undefined("x"))),
            self._raised(original))
        value = object()
        self.assertIs(ag__.ld_comp(value), value)
        self.assertIsNone(ag__.ld_comp(None))

    def test_ldu(self):
        d = {"a": 1}
        self.assertEqual(ag__.ldu(lambda: d["a"], "d['a']"), 1)
        for load in (lambda: d["b"], lambda: d.missing, lambda: undefined_nm):  # noqa: F821
            value = ag__.ldu(load, "sym")
            self.assertIsInstance(value, ag__.Undefined)
            self.assertEqual(value.symbol_name, "sym")
        with self.assertRaises(ZeroDivisionError):
            ag__.ldu(lambda: 1 / 0, "z")

    def test_undefined_return_value_and_retval(self):
        self.assertIsNone(ag__.retval(ag__.UndefinedReturnValue()))
        self.assertEqual(ag__.retval(3), 3)

    # -- function scope ---------------------------------------------------------

    def test_function_scope(self):
        with ag__.FunctionScope("f", "fscope", ag__.STD) as scope:
            self.assertEqual(scope.name, "fscope")
            self.assertIsInstance(scope.callopts, ag__.ConversionOptions)
            self.assertTrue(scope.callopts.recursive)
            self.assertIsNone(scope.ret(ag__.UndefinedReturnValue(), False))
            self.assertEqual(scope.ret(0, True), 0)
            self.assertEqual(scope.mark_return_value(5), 5)

    def test_function_scope_lets_exceptions_through(self):
        with self.assertRaises(ValueError):
            with ag__.FunctionScope("f", "fscope", ag__.STD):
                raise ValueError("x")
        self.assertEqual(ag__.core.recursion_allowance(), 0)

    def test_falling_off_the_end_returns_none(self):
        @ag__.autograph_artifact
        def f():
            with ag__.FunctionScope("f", "fscope", ag__.STD) as fscope:
                do_return = False
                retval_ = ag__.UndefinedReturnValue()
                return fscope.ret(retval_, do_return)
        self.assertIsNone(f())

    def test_with_function_scope(self):
        seen = []
        result = ag__.with_function_scope(
            lambda scope: seen.append(scope.name) or 7, "lscope", ag__.STD)
        self.assertEqual((result, seen), (7, ["lscope"]))

    def test_conversion_options_and_features(self):
        self.assertEqual(ag__.STD, ag__.ConversionOptions(
            recursive=True, optional_features=None))
        self.assertEqual(hash(ag__.STD), hash(ag__.ConversionOptions(
            recursive=True, optional_features=None)))
        opts = ag__.ConversionOptions(optional_features=ag__.Feature.LISTS)
        self.assertTrue(opts.uses(ag__.Feature.LISTS))
        self.assertFalse(opts.uses(ag__.Feature.NAME_SCOPES))
        self.assertTrue(ag__.ConversionOptions().uses(ag__.Feature.LISTS))
        self.assertNotIn(ag__.Feature.ALL, ag__.Feature.all_but(
            ag__.Feature.LISTS))
        self.assertNotIn(ag__.Feature.LISTS, ag__.Feature.all_but(
            ag__.Feature.LISTS))
        self.assertIn(ag__.Feature.ALL, ag__.Feature.all())
        self.assertEqual(ag__.Feature.LISTS.name, "LISTS")
        self.assertIn("recursive=True", repr(ag__.STD))

    def test_autograph_artifact_and_do_not_convert(self):
        def f():
            return 1
        self.assertIs(ag__.autograph_artifact(f), f)
        self.assertTrue(ag__.is_autograph_artifact(f))

        class C:
            def m(self):
                return 2
        bound = C().m
        self.assertIs(ag__.autograph_artifact(bound), bound)
        self.assertTrue(ag__.is_autograph_artifact(C.m))

        def g():
            return 3
        self.assertIs(ag__.do_not_convert(g), g)
        self.assertIs(ag__.do_not_convert()(g), g)
        self.assertTrue(ag__.is_autograph_artifact(g))
        self.assertIs(ag__.autograph_artifact(len), len)  # no attributes

    def test_directives_are_no_ops(self):
        self.assertIsNone(ag__.set_loop_options(maximum_iterations=3))
        self.assertIsNone(ag__.set_element_type([], int))

    # -- converted_call -----------------------------------------------------------

    def test_converted_call_forms(self):
        class C:
            def __init__(self, v):
                self.v = v

            def m(self, a, b=1, *rest, **kw):
                return (self.v, a, b, rest, kw)

            def __call__(self, *a):
                return a
        c = ag__.converted_call(C, (5,), None)
        self.assertEqual(c.v, 5)
        self.assertEqual(ag__.converted_call(c.m, (1,), None),
                         (5, 1, 1, (), {}))
        self.assertEqual(ag__.converted_call(c.m, (1, 2, 3, 4, 5), {"k": 6}),
                         (5, 1, 2, (3, 4, 5), {"k": 6}))
        self.assertEqual(ag__.converted_call(c, (), None), ())
        self.assertEqual(ag__.converted_call(c, (1, 2, 3), None), (1, 2, 3))
        self.assertEqual(ag__.converted_call(c, (1, 2, 3, 4), {}),
                         (1, 2, 3, 4))
        self.assertEqual(ag__.converted_call(max, ([3, 1],), {"key": None}),
                         3)
        self.assertEqual(ag__.converted_call(len, ("abc",), None), 3)
        self.assertEqual(list(ag__.converted_call(range, (1, 7, 2), None)),
                         [1, 3, 5])
        lst = []
        ag__.converted_call(lst.append, (1,), None)
        self.assertEqual(lst, [1])

    def test_converted_call_of_unhashable_callable(self):
        class Unhashable:
            __hash__ = None

            def __call__(self):
                return "called"
        self.assertEqual(ag__.converted_call(Unhashable(), (), None),
                         "called")
        bound = [].copy  # a builtin method whose __self__ is unhashable
        self.assertEqual(ag__.converted_call(bound, (), None), [])

    def test_builtin_overloads_reject_what_the_builtin_rejects(self):
        calls = [
            (abs, (), {"x": 1}), (len, (), None), (len, (1,), None),
            (range, (), None), (range, (1.5,), None), (int, (), {"x": 3}),
            (float, ("nope",), None), (int, ("12", 1), None),
            (print, (), {"bogus": 1}), (sorted, (1, 2), None),
            (enumerate, (), None), (zip, (1,), None), (map, (len,), None),
            (filter, (None,), None), (any, (1,), None), (all, (), None),
        ]
        for f, args, kwargs in calls:
            with self.subTest(f=f.__name__, args=args, kwargs=kwargs):
                with self.assertRaises(Exception) as expected:
                    f(*args, **(kwargs or {}))
                with self.assertRaises(Exception) as actual:
                    ag__.converted_call(f, args, kwargs, None)
                self.assertIs(type(actual.exception), type(expected.exception))
                self.assertEqual(str(actual.exception),
                                 str(expected.exception))

    def test_routed_builtins_give_python_results(self):
        out = io.StringIO()
        with redirect_stdout(out):
            ag__.converted_call(print, ("a", 1), {"sep": "-"})
        self.assertEqual(out.getvalue(), "a-1\n")
        cases = [
            (len, ([1, 2],)), (range, (3,)), (int, ("7",)), (float, (2,)),
            (abs, (-3,)), (enumerate, ("ab",)), (zip, ([1], [2])),
            (map, (str, [1])), (filter, (None, [0, 1])), (any, ([0],)),
            (all, ([],)), (sorted, ([3, 1],)),
        ]
        for f, args in cases:
            with self.subTest(f=f.__name__):
                expected = f(*args)
                actual = ag__.converted_call(f, args, None)
                if type(expected) in (range, enumerate, zip, map, filter):
                    expected, actual = list(expected), list(actual)
                self.assertEqual(actual, expected)

    def test_direct_overload_names(self):
        self.assertEqual(ag__.len_([1]), 1)
        self.assertEqual(list(ag__.range_(2)), [0, 1])
        self.assertEqual(ag__.int_("5"), 5)
        self.assertEqual(ag__.int_("ff", 16), 255)
        self.assertEqual(ag__.float_(1), 1.0)
        self.assertEqual(ag__.abs_(-2), 2)
        self.assertEqual(list(ag__.enumerate_("a", 1)), [(1, "a")])
        self.assertEqual(list(ag__.zip_([1], [2])), [(1, 2)])
        self.assertEqual(list(ag__.map_(abs, [-1])), [1])
        self.assertEqual(list(ag__.filter_(None, [0, 2])), [2])
        self.assertTrue(ag__.any_([0, 1]))
        self.assertFalse(ag__.all_([0, 1]))
        self.assertEqual(ag__.sorted_([2, 1], reverse=True), [2, 1])
        out = io.StringIO()
        ag__.print_("x", file=out)
        self.assertEqual(out.getvalue(), "x\n")

    def test_frame_dependent_builtins_see_the_converted_function(self):
        marker = object()

        @ag__.autograph_artifact
        def f(a):
            with ag__.FunctionScope("f", "fscope", ag__.STD) as fscope:
                b = a + 1
                result = {}

                def get_state():
                    return ()

                def set_state(vars_):
                    pass

                def if_body():
                    result["globals"] = ag__.converted_call(
                        globals, (), None, fscope)
                    result["locals"] = ag__.converted_call(
                        locals, (), None, fscope)
                    result["eval"] = ag__.converted_call(
                        eval, ("a * 10 + b",), None, fscope)
                    result["dir"] = ag__.converted_call(dir, (), None, fscope)

                def else_body():
                    pass
                ag__.if_stmt(True, if_body, else_body, get_state, set_state,
                             (), 0)
                return fscope.ret(result, True)
        result = f(2)
        self.assertIs(result["globals"], globals())
        self.assertEqual(result["locals"]["a"], 2)
        self.assertEqual(result["locals"]["b"], 3)
        self.assertEqual(result["eval"], 23)
        self.assertIn("b", result["dir"])
        self.assertIsNotNone(marker)

    def test_zero_argument_super(self):
        class Base:
            def hello(self):
                return "base"

        class Child(Base):
            @ag__.autograph_artifact
            def hello(self):
                with ag__.FunctionScope("hello", "fscope", ag__.STD) as fscope:
                    def get_state():
                        return ()

                    def set_state(vars_):
                        pass
                    out = []

                    def if_body():
                        out.append(ag__.converted_call(
                            ag__.converted_call(super, (), None, fscope).hello,
                            (), None, fscope))

                    def else_body():
                        pass
                    ag__.if_stmt(True, if_body, else_body, get_state,
                                 set_state, (), 0)
                    return fscope.ret("child+" + out[0], True)

            def __class_cell_user(self):
                return __class__  # noqa: F821 -- the cell super() needs
        self.assertEqual(Child().hello(), "child+base")

    # -- asserts, lists, slices -------------------------------------------------

    def test_assert_stmt(self):
        self.assertIsNone(ag__.assert_stmt(True, lambda: "unused"))
        calls = []
        ag__.assert_stmt(1, lambda: calls.append(1))
        self.assertEqual(calls, [])
        if not __debug__:
            self.skipTest("asserts are disabled under -O")
        with self.assertRaises(AssertionError) as cm:
            ag__.assert_stmt(0, lambda: "message")
        self.assertEqual(cm.exception.args, ("message",))
        with self.assertRaises(AssertionError) as cm:
            ag__.assert_stmt([], None)
        self.assertEqual(cm.exception.args, ())

    def test_list_operators(self):
        lst = ag__.new_list()
        self.assertEqual(lst, [])
        self.assertEqual(ag__.new_list((1, 2)), [1, 2])
        same = ag__.list_append(lst, 1)
        self.assertIs(same, lst)
        ag__.list_append(lst, 2)
        opts = ag__.ListPopOpts(element_dtype=None, element_shape=None)
        self.assertEqual(ag__.list_pop(lst, None, opts), ([1], 2))
        self.assertEqual(ag__.list_pop([1, 2, 3], 0, opts), ([2, 3], 1))
        with self.assertRaises(IndexError) as cm:
            ag__.list_pop([], None, opts)
        self.assertEqual(str(cm.exception), "pop from empty list")
        stack_opts = ag__.ListStackOpts(element_dtype=None,
                                        original_call=tuple)
        self.assertEqual(ag__.list_stack([1, 2], stack_opts), (1, 2))
        self.assertEqual(stack_opts.original_call, tuple)
        self.assertEqual(opts._fields, ("element_dtype", "element_shape"))
        with self.assertRaises(TypeError):
            ag__.ListPopOpts(bogus=1)

    def test_get_and_set_item(self):
        opts = ag__.GetItemOpts(element_dtype=None)
        self.assertEqual(ag__.get_item([1, 2, 3], 1, opts), 2)
        self.assertEqual(ag__.get_item("abc", slice(1, None), opts), "bc")
        with self.assertRaises(KeyError):
            ag__.get_item({}, "k", opts)
        d = {}
        self.assertIs(ag__.set_item(d, "k", 1), d)
        self.assertEqual(d, {"k": 1})
        lst = [0, 0]
        ag__.set_item(lst, slice(0, 1), [5, 6])
        self.assertEqual(lst, [5, 6, 0])
        with self.assertRaises(TypeError) as cm:
            ag__.set_item((1,), 0, 2)
        self.assertEqual(str(cm.exception),
                         "'tuple' object does not support item assignment")

    # -- builtins the program replaces --------------------------------------

    def test_the_runtime_does_not_call_replaced_builtins(self):
        # functools' test_lru_reentrancy_with_len replaces builtins.len with
        # an lru_cache-wrapped len: a converted lru_cache wrapper calls
        # converted_call, which must not call the replacement back.
        import builtins
        calls = []
        real_len, real_type = builtins.len, builtins.type

        def spy_len(x):
            calls.append("len")
            return real_len(x)

        builtins.len = spy_len
        try:
            with ag__.FunctionScope("f", "fscope", ag__.STD) as scope:
                got = ag__.converted_call(max, (3, 4), None, scope)
                ag__.if_stmt(got > 3, _noop_state, _noop_state, _noop_state,
                             _noop_set, (), 0)
        finally:
            builtins.len = real_len
        self.assertIs(builtins.type, real_type)
        self.assertEqual(got, 4)
        self.assertEqual(calls, [])
        # The program's own calls still see the replacement.
        builtins.len = spy_len
        try:
            self.assertEqual(ag__.converted_call(len, ("ab",), None), 2)
        finally:
            builtins.len = real_len
        self.assertEqual(calls, ["len"])


class PythonBackendOperators(OperatorTests, unittest.TestCase):
    BACKEND = "python"

    def test_overloads_are_the_builtins(self):
        self.assertIs(ag__.print_, print)
        self.assertIs(ag__.range_, range)


class StagedBackendOnPlainValues(OperatorTests, unittest.TestCase):
    BACKEND = "staged"


class ImportDiscipline(unittest.TestCase):
    """The runtime must not import stdlib modules a user may convert."""

    def test_import_pulls_in_no_converted_stdlib_modules(self):
        import subprocess
        code = ("import sys; before = set(sys.modules); import agc_runtime; "
                "import agc_runtime.staged; "
                "print(sorted(set(sys.modules) - before))")
        out = subprocess.run([sys.executable, "-S", "-c", code],
                             capture_output=True, text=True, check=True,
                             env=support.subprocess_env())
        added = eval(out.stdout)
        self.assertTrue(added)
        self.assertEqual([m for m in added if not m.startswith("agc_runtime")
                          and m not in ("_operator",)], [])

    def test_a_converted_enum_can_import_the_runtime(self):
        # A converted enum.py imports agc_runtime at its top; if the runtime
        # imported enum, this would be a circular import failure.
        import os
        import subprocess
        import tempfile
        with tempfile.TemporaryDirectory() as tmp:
            with open(os.path.join(tmp, "enum.py"), "w") as f:
                f.write(
                    "import agc_runtime as ag__\n"
                    "@ag__.autograph_artifact\n"
                    "def pick(x):\n"
                    "    with ag__.FunctionScope('pick', 'fscope', ag__.STD)"
                    " as fscope:\n"
                    "        return fscope.ret(ag__.if_exp(x, lambda: 'a',"
                    " lambda: 'b', 'x'), True)\n"
                    "class Enum: pass\n"
                    "class IntEnum(int, Enum): pass\n"
                    "class Flag(Enum): pass\n"
                    "class IntFlag(int, Flag): pass\n")
            env = support.subprocess_env()
            env["PYTHONPATH"] = tmp + os.pathsep + env["PYTHONPATH"]
            code = ("import enum, agc_runtime, agc_runtime.staged; "
                    "print(enum.pick(1), enum.__file__.endswith('enum.py'))")
            out = subprocess.run([sys.executable, "-S", "-c", code],
                                 capture_output=True, text=True, env=env,
                                 cwd=tmp)
            self.assertEqual(out.returncode, 0, out.stderr)
            self.assertEqual(out.stdout.split(), ["a", "True"])


if __name__ == "__main__":
    unittest.main()
