"""The staged backend on staged values: Value, staging semantics, errors."""

import io
import sys
import unittest
from contextlib import redirect_stdout

from tests import support

import agc_runtime as ag__
from agc_runtime import staged
from agc_runtime.staged import Value


class State:
    """get_state/set_state over a dict of named variables (for tests)."""

    def __init__(self, **values):
        self.names = tuple(values)
        self.v = dict(values)
        self.sets = 0

    def get(self):
        return tuple(self.v[n] for n in self.names)

    def set(self, values):
        self.sets += 1
        self.v.update(zip(self.names, values))


class StagedTestCase(unittest.TestCase):

    def setUp(self):
        self._previous = ag__.backend()
        ag__.use("staged")

    def tearDown(self):
        ag__.use(self._previous)


class ValueTests(unittest.TestCase):

    def test_dtype_and_shape(self):
        self.assertEqual((Value(1).dtype, Value(1).shape), ("int", ()))
        self.assertEqual(Value(True).dtype, "bool")
        self.assertEqual(Value(1.5).dtype, "float")
        self.assertEqual(Value("s").dtype, "str")
        v = Value([1, 2, 3])
        self.assertEqual((v.dtype, v.shape, v.ndim), ("int", (3,), 1))
        self.assertEqual(Value([[1], [2]]).shape, (2, 1))
        self.assertEqual(Value([1, 2.5]).dtype, "float")
        self.assertEqual(Value([], dtype="int").shape, (0,))

    def test_unstageable_values(self):
        with self.assertRaises(ValueError):
            Value([])
        with self.assertRaises(ValueError):
            Value([[1], [1, 2]])
        with self.assertRaises(TypeError):
            Value(["a", 1])
        with self.assertRaises(TypeError):
            Value(None)

    def test_refuses_what_a_graph_tensor_refuses(self):
        v = Value(1)
        with self.assertRaises(staged.OperatorNotAllowedError) as cm:
            bool(v)
        self.assertIsInstance(cm.exception, TypeError)
        self.assertIn("Python bool", str(cm.exception))
        with self.assertRaises(TypeError):
            len(Value([1]))
        with self.assertRaises(TypeError):
            iter(Value([1]))
        with self.assertRaises(TypeError):
            [0, 1][Value(1)]
        with self.assertRaises(TypeError):
            int(Value(1))
        with self.assertRaises(TypeError):
            float(Value(1))
        with self.assertRaises(TypeError):
            1 in Value([1])
        with self.assertRaises(TypeError):
            hash(Value(1))
        with self.assertRaises(TypeError):
            if Value(True):
                pass

    def test_arithmetic_follows_python(self):
        cases = [
            (lambda a, b: a + b, 2, 3), (lambda a, b: a - b, 2, 3.5),
            (lambda a, b: a * b, "ab", 3), (lambda a, b: a / b, 7, 2),
            (lambda a, b: a // b, -7, 2), (lambda a, b: a % b, -7, 3),
            (lambda a, b: a ** b, 2, 10), (lambda a, b: a ** b, 2, -1),
            (lambda a, b: a & b, True, False), (lambda a, b: a | b, 6, 3),
            (lambda a, b: a ^ b, 6, 3), (lambda a, b: a << b, 1, 4),
            (lambda a, b: a >> b, 16, 2), (lambda a, b: a + b, True, True),
            (lambda a, b: a < b, 1, 2), (lambda a, b: a <= b, "b", "a"),
            (lambda a, b: a > b, 1.5, 1), (lambda a, b: a >= b, 2, 2),
            (lambda a, b: a == b, 1, 1.0), (lambda a, b: a != b, "a", "a"),
        ]
        for op, a, b in cases:
            expected = op(a, b)
            for x, y in ((Value(a), Value(b)), (Value(a), b), (a, Value(b))):
                with self.subTest(a=a, b=b, x=type(x), y=type(y)):
                    result = op(x, y)
                    self.assertIsInstance(result, Value)
                    self.assertEqual(result.value, expected)
                    self.assertIs(type(result.value), type(expected))

    def test_unary(self):
        self.assertEqual((-Value(3)).value, -3)
        self.assertEqual((+Value(-3)).value, -3)
        self.assertEqual(abs(Value(-2.5)).value, 2.5)
        self.assertEqual((~Value(5)).value, -6)

    def test_errors_raise_like_python_when_live(self):
        with self.assertRaises(ZeroDivisionError) as cm:
            Value(1) // Value(0)
        self.assertEqual(str(cm.exception),
                         "integer division or modulo by zero")
        with self.assertRaises(TypeError) as cm:
            Value("a") + Value(1)
        self.assertEqual(str(cm.exception),
                         'can only concatenate str (not "int") to str')
        with self.assertRaises(TypeError):
            Value(1) + None

    def test_elementwise_lists(self):
        v = Value([1, 2, 3])
        self.assertEqual((v * 2).value, [2, 4, 6])
        self.assertEqual((v + Value([10, 20, 30])).value, [11, 22, 33])
        self.assertEqual((v > 1).value, [False, True, True])
        self.assertEqual((v > 1).dtype, "bool")
        with self.assertRaises(ValueError):
            v + Value([1, 2])

    def test_indexing(self):
        v = Value([5, 6, 7])
        self.assertEqual(v[0].value, 5)
        self.assertEqual(v[Value(2)].value, 7)
        self.assertEqual(v[-1].shape, ())
        self.assertEqual(v[1:].value, [6, 7])
        self.assertEqual(v[1:].shape, (2,))
        self.assertEqual(v[Value(0):Value(2)].value, [5, 6])
        with self.assertRaises(IndexError) as cm:
            v[3]
        self.assertEqual(str(cm.exception), "list index out of range")
        with self.assertRaises(TypeError):
            Value(1)[0]
        with self.assertRaises(TypeError):
            v[Value(1.0)]

    def test_equality_with_none_is_false(self):
        self.assertFalse(Value(1) == None)  # noqa: E711
        self.assertTrue(Value(1) != None)  # noqa: E711

    def test_stage_and_unstage(self):
        staged_args = staged.stage((1, [1, 2], {"a": "s"}, None, []))
        self.assertIsInstance(staged_args[0], Value)
        self.assertIsInstance(staged_args[1], Value)
        self.assertIsInstance(staged_args[2]["a"], Value)
        self.assertIsNone(staged_args[3])
        self.assertEqual(staged_args[4], [])
        self.assertEqual(staged.unstage(staged_args),
                         (1, [1, 2], {"a": "s"}, None, []))
        self.assertIn("dtype='int'", repr(Value(3)))


class FunctionalFormStaged(StagedTestCase):
    """The functional operators on staged values: through the staged
    backend's get_state/set_state operators, with their semantics."""

    def test_if_traces_both_branches_and_selects(self):
        for cond, expected in ((True, 1), (False, 2)):
            traced = []

            def body(y):
                traced.append("main")
                return (Value(1),)

            def orelse(y):
                traced.append("else")
                return (Value(2),)
            y, = ag__.if_stmt_fn(Value(cond), body, orelse,
                                 (ag__.Undefined("y"),), ("y",), 1)
            self.assertEqual(traced, ["main", "else"])
            self.assertIsInstance(y, Value)
            self.assertEqual(y.value, expected)

    def test_if_output_undefined_on_one_branch(self):
        with self.assertRaisesRegex(ValueError, "'y' must also be"):
            ag__.if_stmt_fn(Value(True), lambda y: (Value(1),),
                            lambda y: (y,), (ag__.Undefined("y"),), ("y",), 1)

    def test_negated_if_reaches_the_backend_in_the_source_order(self):
        # `if not c: y = 1` / `else: y = 2`, as agc writes it: the test c
        # and the bodies the other way round.
        def if_body(y):
            return (Value(1),)

        def else_body(y):
            return (Value(2),)
        for cond, expected in ((True, 2), (False, 1)):
            y, = ag__.if_stmt_fn(Value(cond), else_body, if_body,
                                 (ag__.Undefined("y"),), ("y",), 1)
            self.assertEqual(y.value, expected)

        def else_body(y):  # noqa: F811 - `y` set in the if branch only
            return (y,)
        with self.assertRaisesRegex(
                ValueError, "'y' must also be initialized in the else "
                "branch"):
            ag__.if_stmt_fn(Value(True), else_body, if_body,
                            (ag__.Undefined("y"),), ("y",), 1)

    def test_while_runs_functionally(self):
        i, total = ag__.while_stmt_fn(
            lambda i, total: i < 4, lambda i, total: (i + 1, total + i),
            (Value(0), Value(0)), ("i", "total"), {})
        self.assertIsInstance(i, Value)
        self.assertEqual((i.value, total.value), (4, 6))

    def test_for_over_a_staged_range(self):
        total, = ag__.for_stmt_fn(
            ag__.range_(Value(5)), None, lambda itr, total: (total + itr,),
            (Value(0),), ("total",), {"iterate_names": "i"})
        self.assertIsInstance(total, Value)
        self.assertEqual(total.value, 10)


class IfStmtStaged(StagedTestCase):

    def test_traces_both_branches_and_selects(self):
        for cond, expected in ((True, 1), (False, 2)):
            s = State(y=ag__.Undefined("y"))
            traced = []

            def body():
                traced.append("main")
                s.v["y"] = 1

            def orelse():
                traced.append("else")
                s.v["y"] = 2
            ag__.if_stmt(Value(cond), body, orelse, s.get, s.set, ("y",), 1)
            self.assertEqual(traced, ["main", "else"])
            self.assertIsInstance(s.v["y"], Value)
            self.assertEqual(s.v["y"].value, expected)

    def test_both_branches_start_from_the_initial_state(self):
        s = State(x=Value(10))
        seen = []

        def body():
            seen.append(s.v["x"].value)
            s.v["x"] = s.v["x"] + 1

        def orelse():
            seen.append(s.v["x"].value)
            s.v["x"] = s.v["x"] - 1
        ag__.if_stmt(Value(False), body, orelse, s.get, s.set, ("x",), 1)
        self.assertEqual(seen, [10, 10])
        self.assertEqual(s.v["x"].value, 9)

    def test_non_output_state_is_restored(self):
        s = State(y=Value(0), tmp=Value(5))

        def body():
            s.v["y"] = Value(1)
            s.v["tmp"] = Value(100)
        ag__.if_stmt(Value(True), body, lambda: None, s.get, s.set,
                     ("y", "tmp"), 1)
        self.assertEqual((s.v["y"].value, s.v["tmp"].value), (1, 5))

    def _if_error(self, main, other, init=None, nouts=1):
        s = State(x=ag__.Undefined("x") if init is None else init)

        def body():
            if main is not _KEEP:
                s.v["x"] = main

        def orelse():
            if other is not _KEEP:
                s.v["x"] = other
        ag__.if_stmt(Value(True), body, orelse, s.get, s.set, ("x",), nouts)
        return s

    def test_undefined_on_else_branch(self):
        with self.assertRaises(ValueError) as cm:
            self._if_error(1, _KEEP)
        self.assertEqual(str(cm.exception),
                         "'x' must also be initialized in the else branch")

    def test_undefined_on_main_branch(self):
        with self.assertRaises(ValueError) as cm:
            self._if_error(_KEEP, 1)
        self.assertEqual(str(cm.exception),
                         "'x' must also be initialized in the main branch")

    def test_none_output(self):
        with self.assertRaises(ValueError) as cm:
            self._if_error(1, None)
        self.assertEqual(str(cm.exception),
                         "'x' is None at the end of the else branch.")

    def test_none_return_value(self):
        # return_statements' variable (retval_, or retval__1 when the user
        # has a retval_) is named as the function's return value.
        for name in ("retval_", "retval__1"):
            with self.assertRaises(ValueError) as cm:
                staged.check_branch(name, None, "else")
            self.assertIn("the function returns None at the end of the else "
                          "branch", str(cm.exception))
        with self.assertRaises(ValueError) as cm:
            staged.check_branch("retval_x", None, "else")
        self.assertEqual(str(cm.exception),
                         "'retval_x' is None at the end of the else branch.")

    def test_dtype_mismatch(self):
        with self.assertRaises(TypeError) as cm:
            self._if_error(1, 1.5)
        self.assertEqual(str(cm.exception),
                         "'x' has dtype int in the main branch, but dtype "
                         "float in the else branch")

    def test_structure_mismatch(self):
        with self.assertRaises(TypeError) as cm:
            self._if_error((1, 2), (1,))
        self.assertIn("'x' must have the same nested structure",
                      str(cm.exception))

    def test_missing_return_on_one_branch(self):
        with self.assertRaises(ValueError) as cm:
            self._if_error(1, _KEEP, init=ag__.UndefinedReturnValue())
        self.assertEqual(str(cm.exception),
                         "the else branch must also have a return statement.")

    def test_same_object_passes_through(self):
        obj = object()
        s = self._if_error(obj, obj, init=obj)
        self.assertIs(s.v["x"], obj)
        with self.assertRaises(TypeError):
            self._if_error(object(), object(), init=obj)

    def test_condition_must_be_a_scalar_bool(self):
        with self.assertRaises(TypeError) as cm:
            ag__.if_stmt(Value(1), lambda: None, lambda: None, lambda: (),
                         lambda v: None, (), 0)
        self.assertIn("scalar bool", str(cm.exception))

    def test_untaken_branch_does_not_raise_value_errors(self):
        # if x != 0: y = 10 // x  else: y = 0   with x == 0
        s = State(y=ag__.Undefined("y"))
        x = Value(0)

        def body():
            s.v["y"] = 10 // x

        def orelse():
            s.v["y"] = 0
        ag__.if_stmt(x != 0, body, orelse, s.get, s.set, ("y",), 1)
        self.assertEqual(s.v["y"].value, 0)

    def test_taken_branch_raises_value_errors(self):
        s = State(y=ag__.Undefined("y"))
        x = Value(0)

        def body():
            s.v["y"] = 10 // x
        with self.assertRaises(ZeroDivisionError):
            ag__.if_stmt(x == 0, body, lambda: None, s.get, s.set, ("y",), 1)

    def test_print_only_in_the_branch_that_runs(self):
        out = io.StringIO()
        with redirect_stdout(out):
            ag__.if_stmt(Value(False),
                         lambda: ag__.converted_call(print, ("main",), None),
                         lambda: ag__.converted_call(print, ("else", Value(3)),
                                                     None),
                         lambda: (), lambda v: None, (), 0)
        self.assertEqual(out.getvalue(), "else 3\n")

    def test_exception_in_branch_propagates(self):
        error = RuntimeError("inner")

        def body():
            raise error
        with self.assertRaises(RuntimeError) as cm:
            ag__.if_stmt(Value(True), body, lambda: None, lambda: (),
                         lambda v: None, (), 0)
        self.assertIs(cm.exception, error)
        self.assertTrue(staged.is_live())


_KEEP = object()


class WhileStmtStaged(StagedTestCase):

    def test_staged_while_computes_the_result(self):
        s = State(i=0, total=0)
        n = Value(4)

        def test():
            return s.v["i"] < n

        def body():
            s.v["total"] = s.v["total"] + s.v["i"]
            s.v["i"] = s.v["i"] + 1
        ag__.while_stmt(test, body, s.get, s.set, s.names, {})
        self.assertIsInstance(s.v["i"], Value)
        self.assertEqual((s.v["i"].value, s.v["total"].value), (4, 6))

    def test_body_traced_once_when_loop_does_not_run(self):
        s = State(i=Value(0))
        traced = []

        def body():
            traced.append(1)
            s.v["i"] = s.v["i"] + 1
        ag__.while_stmt(lambda: s.v["i"] < Value(0), body, s.get, s.set,
                        ("i",), {})
        self.assertEqual(traced, [1])
        self.assertEqual(s.v["i"].value, 0)

    def test_dtype_change_across_iterations(self):
        s = State(i=Value(0))

        def body():
            s.v["i"] = s.v["i"] + 0.5
        with self.assertRaises(TypeError) as cm:
            ag__.while_stmt(lambda: s.v["i"] < 3, body, s.get, s.set,
                            ("i",), {})
        self.assertEqual(str(cm.exception),
                         "'i' has dtype int before the loop and float after "
                         "one iteration")

    def test_dtype_change_detected_even_without_iterations(self):
        s = State(i=Value(5))

        def body():
            s.v["i"] = s.v["i"] * 0.5
        with self.assertRaises(TypeError) as cm:
            ag__.while_stmt(lambda: s.v["i"] < 3, body, s.get, s.set,
                            ("i",), {})
        self.assertIn("'i' has dtype int before the loop", str(cm.exception))

    def test_shape_change(self):
        s = State(acc=Value([1]))

        def body():
            s.v["acc"] = Value(s.v["acc"].value + [1])
        with self.assertRaises(ValueError) as cm:
            ag__.while_stmt(lambda: Value(True), body, s.get, s.set,
                            ("acc",), {})
        self.assertIn("'acc' has shape (1,) before the loop and shape (2,)",
                      str(cm.exception))

    def test_none_before_the_loop(self):
        s = State(x=None)
        with self.assertRaises(ValueError) as cm:
            ag__.while_stmt(lambda: Value(False), lambda: None, s.get, s.set,
                            ("x",), {})
        self.assertEqual(str(cm.exception),
                         "'x' is not allowed to be None before the loop")

    def test_none_after_an_iteration(self):
        s = State(x=Value(1))

        def body():
            s.v["x"] = None
        with self.assertRaises(ValueError) as cm:
            ag__.while_stmt(lambda: Value(True), body, s.get, s.set,
                            ("x",), {})
        self.assertEqual(str(cm.exception),
                         "'x' is None at the end of the iteration.")

    def test_undefined_before_the_loop_gets_a_placeholder(self):
        s = State(i=Value(0), last=ag__.Undefined("last"))

        def body():
            s.v["last"] = s.v["i"] * 2
            s.v["i"] = s.v["i"] + 1
        ag__.while_stmt(lambda: s.v["i"] < 3, body, s.get, s.set,
                        ("i", "last"), {})
        self.assertEqual(s.v["last"].value, 4)

    def test_undefined_loop_var_requires_one_iteration(self):
        s = State(i=Value(0), last=ag__.Undefined("last"))

        def body():
            s.v["last"] = s.v["i"]
            s.v["i"] = s.v["i"] + 1
        with self.assertRaises(ValueError) as cm:
            ag__.while_stmt(lambda: s.v["i"] < 0, body, s.get, s.set,
                            ("i", "last"), {})
        self.assertEqual(str(cm.exception),
                         "loop must iterate at least once to initialize last")

    def test_undefined_that_the_body_reads_first(self):
        s = State(i=Value(0), acc=ag__.Undefined("acc"))

        def body():
            s.v["acc"] = ag__.ld(s.v["acc"]) + 1
            s.v["i"] = s.v["i"] + 1
        with self.assertRaises(ValueError) as cm:
            ag__.while_stmt(lambda: s.v["i"] < 3, body, s.get, s.set,
                            ("i", "acc"), {})
        self.assertTrue(str(cm.exception).startswith(
            "'acc' must be defined before the loop"))

    def test_plain_first_test_runs_a_python_loop(self):
        s = State(i=0)

        def body():
            s.v["i"] += 1
        ag__.while_stmt(lambda: s.v["i"] < 3, body, s.get, s.set, ("i",), {})
        self.assertEqual(s.v["i"], 3)
        self.assertEqual(s.sets, 0)

    def test_maximum_iterations(self):
        s = State(i=Value(0))

        def body():
            s.v["i"] = s.v["i"] + 1
        ag__.while_stmt(lambda: Value(True), body, s.get, s.set, ("i",),
                        {"maximum_iterations": 5})
        self.assertEqual(s.v["i"].value, 5)

    def test_test_must_be_bool(self):
        s = State(i=Value(3))

        def body():
            s.v["i"] = s.v["i"] - 1
        with self.assertRaises(TypeError):
            ag__.while_stmt(lambda: s.v["i"], body, s.get, s.set, ("i",), {})


class ForStmtStaged(StagedTestCase):

    def test_iterates_a_staged_list_functionally(self):
        s = State(total=0)
        items = []

        def body(x):
            items.append(x)
            s.v["total"] = s.v["total"] + x
        ag__.for_stmt(Value([1, 2, 3]), None, body, s.get, s.set, ("total",),
                      {"iterate_names": "x"})
        self.assertEqual(s.v["total"].value, 6)
        self.assertTrue(all(isinstance(x, Value) for x in items))

    def test_zero_length_traces_once_with_a_placeholder(self):
        s = State(total=0.0)
        seen = []

        def body(x):
            seen.append(x)
            s.v["total"] = s.v["total"] + x
        ag__.for_stmt(Value([], dtype="float"), None, body, s.get, s.set,
                      ("total",), {})
        self.assertEqual(len(seen), 1)
        self.assertEqual(s.v["total"].value, 0.0)

    def test_extra_test_stops_the_staged_loop(self):
        s = State(found=-1, brk=False)
        visited = []

        def body(x):
            visited.append(x.value)
            s.v["found"] = x
            s.v["brk"] = x > 1

        def extra_test():
            return ag__.not_(s.v["brk"])
        ag__.for_stmt(Value([0, 2, 5, 7]), extra_test, body, s.get, s.set,
                      ("found", "brk"), {})
        self.assertEqual(visited, [0, 2])
        self.assertEqual(s.v["found"].value, 2)

    def test_range_of_staged_int(self):
        r = ag__.converted_call(range, (Value(3),), None)
        self.assertIsInstance(r, Value)
        self.assertEqual(r.value, [0, 1, 2])
        self.assertEqual(ag__.converted_call(len, (r,), None), 3)
        s = State(total=0)

        def body(i):
            s.v["total"] = s.v["total"] + i
        ag__.for_stmt(r, None, body, s.get, s.set, ("total",), {})
        self.assertEqual(s.v["total"].value, 3)

    def test_enumerate_and_zip(self):
        s = State(total=0)

        def body(pair):
            i, x = pair
            s.v["total"] = s.v["total"] + i * x
        ag__.for_stmt(ag__.converted_call(enumerate, (Value([5, 6]),), None),
                      None, body, s.get, s.set, ("total",), {})
        self.assertEqual(s.v["total"].value, 6)
        s = State(total=0)
        ag__.for_stmt(ag__.converted_call(zip, (Value([1, 2]), [10, 20]),
                                          None),
                      None, lambda p: s.v.__setitem__(
                          "total", s.v["total"] + p[0] * p[1]),
                      s.get, s.set, ("total",), {})
        self.assertEqual(s.v["total"].value, 50)

    def test_dtype_change_in_for_loop(self):
        s = State(acc=0)

        def body(x):
            s.v["acc"] = s.v["acc"] + x
        with self.assertRaises(TypeError) as cm:
            ag__.for_stmt(Value([0.5]), None, body, s.get, s.set, ("acc",),
                          {})
        self.assertEqual(str(cm.exception),
                         "'acc' has dtype int before the loop and float after "
                         "one iteration")

    def test_python_iterable_with_staged_break_is_refused(self):
        s = State(brk=Value(False))

        def body(x):
            s.v["brk"] = Value(True)
        with self.assertRaises(staged.OperatorNotAllowedError):
            ag__.for_stmt([1, 2], lambda: ag__.not_(s.v["brk"]), body, s.get,
                          s.set, ("brk",), {})

    def test_for_over_scalar_staged_value(self):
        with self.assertRaises(TypeError):
            ag__.for_stmt(Value(3), None, lambda x: None, lambda: (),
                          lambda v: None, (), {})


class ExpressionsStaged(StagedTestCase):

    def test_if_exp_evaluates_both_sides(self):
        log = []
        result = ag__.if_exp(Value(True), lambda: log.append("t") or 1,
                             lambda: log.append("f") or 2, "x")
        self.assertEqual(log, ["t", "f"])
        self.assertEqual(result.value, 1)
        with self.assertRaises(TypeError) as cm:
            ag__.if_exp(Value(True), lambda: 1, lambda: "s", "a if c else b")
        self.assertIn("'a if c else b' has dtype int in the main branch",
                      str(cm.exception))
        with self.assertRaises(ValueError):
            ag__.if_exp(Value(False), lambda: 1, lambda: None, "e")

    def test_and_or_evaluate_both_sides(self):
        log = []
        a = ag__.and_(lambda: Value(False), lambda: log.append("b") or True)
        self.assertEqual(log, ["b"])
        self.assertIs(a.value, False)
        o = ag__.or_(lambda: Value(False), lambda: Value(True))
        self.assertIs(o.value, True)
        o = ag__.or_(lambda: Value(True), lambda: Value(False))
        self.assertIs(o.value, True)
        with self.assertRaises(TypeError):
            ag__.and_(lambda: Value(True), lambda: 3)

    def test_not_and_equality(self):
        self.assertIs(ag__.not_(Value(False)).value, True)
        with self.assertRaises(TypeError):
            ag__.not_(Value(1))
        self.assertIs(ag__.eq(Value(1), 1).value, True)
        self.assertIs(ag__.not_eq(Value(1), 1).value, False)

    def test_assert_stmt(self):
        ag__.assert_stmt(Value(True), lambda: "unused")
        if not __debug__:
            self.skipTest("asserts are disabled under -O")
        with self.assertRaises(AssertionError) as cm:
            ag__.assert_stmt(Value(False), lambda: "bad value")
        self.assertEqual(cm.exception.args, ("bad value",))


class BuiltinsStaged(StagedTestCase):

    def call(self, f, *args, **kwargs):
        return ag__.converted_call(f, args, kwargs or None)

    def test_overloads(self):
        self.assertEqual(self.call(len, Value([1, 2])), 2)
        with self.assertRaises(ValueError):
            self.call(len, Value(1))
        self.assertEqual(self.call(int, Value(2.7)).value, 2)
        self.assertEqual(self.call(int, Value("12")).value, 12)
        self.assertEqual(self.call(float, Value(2)).dtype, "float")
        self.assertEqual(self.call(abs, Value(-4)).value, 4)
        self.assertIs(self.call(any, Value([False, True])).value, True)
        self.assertIs(self.call(all, Value([False, True])).value, False)
        self.assertEqual(self.call(sorted, Value([3, 1, 2])).value, [1, 2, 3])
        self.assertEqual(self.call(sorted, Value([3, 1]), reverse=True).value,
                         [3, 1])
        with self.assertRaises(TypeError):
            self.call(filter, None, Value([1]))
        with self.assertRaises(TypeError):
            self.call(list, Value([1]))

    def test_overloads_reject_what_the_builtin_rejects(self):
        with self.assertRaises(TypeError) as cm:
            self.call(abs, x=Value(1))
        self.assertEqual(str(cm.exception), "abs() takes no keyword arguments")

    def test_print_prints_concrete_values(self):
        out = io.StringIO()
        with redirect_stdout(out):
            self.call(print, Value(3), [Value(1.5)], "s", sep="|")
        self.assertEqual(out.getvalue(), "3|[1.5]|s\n")

    def test_list_stack(self):
        opts = ag__.ListStackOpts(element_dtype=None, original_call=list)
        stacked = ag__.list_stack([Value(1), Value(2)], opts)
        self.assertEqual((stacked.value, stacked.shape), ([1, 2], (2,)))
        self.assertEqual(ag__.list_stack((1, 2), opts), [1, 2])
        with self.assertRaises(TypeError):
            ag__.list_append(Value([1]), 2)
        with self.assertRaises(TypeError):
            ag__.list_pop(Value([1]), None, None)

    def test_get_item_on_staged(self):
        self.assertEqual(ag__.get_item(Value([4, 5]), Value(1), None).value, 5)


class RunTests(unittest.TestCase):

    def test_run_restores_the_backend_and_unstages(self):
        def fn(x, xs):
            self.assertEqual(ag__.backend(), "staged")
            return (x + 1, xs * 2)
        self.assertEqual(staged.run(fn, 1, [1, 2]), (2, [2, 4]))
        self.assertEqual(ag__.backend(), "python")

    def test_run_restores_the_backend_on_error(self):
        def fn(x):
            raise KeyError("k")
        with self.assertRaises(KeyError):
            staged.run(fn, 1)
        self.assertEqual(ag__.backend(), "python")

    def test_run_with_bool_conversion_error(self):
        def fn(x):
            if x > 0:   # an unconverted if on a staged value
                return 1
            return 0
        with self.assertRaises(staged.OperatorNotAllowedError):
            staged.run(fn, 3)


if __name__ == "__main__":
    unittest.main()


class MatchPatterns(unittest.TestCase):
    """ag__.match_ on the staged backend's values."""

    def setUp(self):
        ag__.use("staged")
        self.addCleanup(ag__.use, "python")

    def test_structural_patterns_refuse_a_staged_value_at_the_case_line(self):
        patterns = [
            ("sequence", ag__.MatchSequence(ag__.MatchAs(None, "a"))),
            ("mapping", ag__.MatchMapping(lambda: ("k",), (ag__.MatchAs(),))),
            ("class", ag__.MatchClass(lambda: int, (), (), ())),
        ]
        for kind, pattern in patterns:
            with self.assertRaises(TypeError) as cm:
                line = sys._getframe().f_lineno + 1
                ag__.match_(Value(3), pattern, ())
            self.assertIn("a %s pattern cannot match a staged value" % kind,
                          str(cm.exception))
            self.assertIn("raised while staging the 'match' statement at "
                          "%s, line %d" % (__file__, line),
                          "".join(cm.exception.__notes__))

    def test_a_value_inside_a_structure_refuses_a_staged_item(self):
        pattern = ag__.MatchSequence(ag__.MatchValue(lambda: 1))
        with self.assertRaises(TypeError) as cm:
            ag__.match_([Value(1)], pattern, ())
        self.assertIn("a value pattern cannot compare a staged value",
                      str(cm.exception))

    def test_python_values_still_match(self):
        pattern = ag__.MatchSequence(ag__.MatchAs(None, "a"),
                                     ag__.MatchStar("r"))
        self.assertEqual(ag__.match_([1, 2, 3], pattern, ("a", "r")),
                         (1, [2, 3]))
        self.assertIsNone(ag__.match_("ab", pattern, ("a", "r")))
