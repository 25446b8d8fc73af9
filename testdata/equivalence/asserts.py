# agc-args: --passes default,asserts
"""assert statements through ag__.assert_stmt: messages evaluated only on
failure, bare asserts, asserts in loops and branches."""

calls = []


def positive(x):
    assert x > 0, f"not positive: {x}"
    return x * 2


def bare(x):
    assert x
    return x


def message_only_on_failure(x):
    def msg():
        calls.append(x)
        return "failed %r" % (len(calls),)

    assert x != 3, msg()
    return len(calls)


def in_loop(xs):
    total = 0
    for x in xs:
        if x is None:
            break
        assert x >= 0, ("negative", x)
        total += x
    return total


def in_branch(x):
    if x > 10:
        assert x % 2 == 0, "odd above ten"
        y = x // 2
    else:
        y = x
    return y


def assert_tuple_message(x):
    assert isinstance(x, int), (x, type(x).__name__)
    return x


seen = []


def assert_side_effect(x):
    # Under `python -O` neither version calls append (the converted one
    # checks __debug__ first).
    assert seen.append(x) is None
    return len(seen)


def walrus_message(xs, b):
    # Found by scripts/random_programs.py (issue 32): in a thunk the walrus
    # would bind a local of the lambda, and `a - b` read that one.
    a = xs[1]
    assert len(xs) > 5, (a := a - b)
    return a


def walrus_message_binds_nothing_after(x):
    # Found by scripts/random_programs.py (issue 32): the message's walrus
    # runs only when the assert raises, so `c` after it is still the `if`'s
    # (it was taken for a binding that kills c, and the if dropped c).
    if x:
        c = 1
    assert True, (c := 5)
    return c


def closure_reads_assert_walrus(x, xs):
    # Found by scripts/random_programs.py (issue 32): d is bound only by the
    # walrus in the assert, which the asserts pass moves into an `if
    # __debug__:`; the lambda called before it must raise Python's NameError
    # for an unbound free variable, not read an ag__.Undefined.
    g = lambda: -d  # noqa: E731
    try:
        first = g()
    except NameError as e:
        first = str(e)
    assert xs[0:(d := x)] or True, "never"
    return first, g()


CASES = {
    "closure_reads_assert_walrus": [(0, [1, 2]), (1, [1, 2])],
    "walrus_message_binds_nothing_after": [(0,), (1,)],
    "walrus_message": [([1, 2, 3, 4, 5, 6], 1), ([1, 2], 1), ([1, 2], "s")],
    "assert_side_effect": [(1,), (2,)],
    "positive": [(1,), (0,), (-5,)],
    "bare": [(1,), (0,), ("",)],
    "message_only_on_failure": [(1,), (3,)],
    "in_loop": [([],), ([1, 2, None, -1],), ([1, -2],)],
    "in_branch": [(3,), (12,), (13,)],
    "assert_tuple_message": [(3,), ("x",)],
}

# Under the staged backend: an assert's condition must be a staged bool (as
# in a graph), and a message formats the staged value it names.
STAGED_ERRORS = {
    ("positive", 1): "not positive: staged.Value(0,",
    ("positive", 2): "not positive: staged.Value(-5,",
    ("bare", 0): "the condition of an assert statement must be a scal",
    ("bare", 1): "the condition of an assert statement must be a scal",
    ("bare", 2): "the condition of an assert statement must be a scal",
    ("in_loop", 2): "('negative', staged.Value(-2,",
}

PYTHON_ONLY = {
    "closure_reads_assert_walrus": "slices a Python list with a staged "
                                   "value",
    "walrus_message_binds_nothing_after": "a name bound on one path of a "
                                          "staged condition",
    "walrus_message": "a Python assert (left as written) of a staged bool",
    "assert_tuple_message": "isinstance() of a staged value sees the staged "
                            "type, not the Python one",
}
