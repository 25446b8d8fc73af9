"""Calls, ternaries and logical operators: evaluation order, short
circuits, argument shapes, and the places they must stay Python."""

log = []


def note(tag, value=None):
    log.append(tag)
    return value if value is not None else tag


def _reset():
    log.clear()


def short_circuit_and(a, b):
    _reset()
    r = note("a", a) and note("b", b)
    return r, list(log)


def short_circuit_or(a, b):
    _reset()
    r = note("a", a) or note("b", b)
    return r, list(log)


def chained_bool(a, b, c):
    _reset()
    r = note("a", a) and note("b", b) or note("c", c)
    return r, list(log)


def chained_comparison(x, lo, hi):
    return lo <= x < hi, 0 < x <= 10 != hi, x is not None is not False


class Loud:
    """Comparisons that log, to show which operand runs when."""

    def __init__(self, name, value):
        self.name, self.value = name, value

    def __lt__(self, other):
        log.append("%s<%s" % (self.name, getattr(other, "name", other)))
        return self.value < getattr(other, "value", other)


def chained_comparison_order(a, b, c):
    _reset()
    x, y, z = Loud("x", a), Loud("y", b), Loud("z", c)
    r = x < y < z
    return r, list(log)


def chained_comparison_call_once(a, b):
    # A call in the middle is evaluated once (agc keeps this chain as written).
    _reset()
    r = a < note("mid", 5) < b
    return r, list(log)


def chained_comparison_unbound(flag):
    if flag:
        mid = 3
    return 0 < mid < 10


def negation(x):
    return not x, not not x, (not x) == (x == False)  # noqa: E712


def ternary_lazy(c):
    _reset()
    r = note("yes") if c else note("no")
    return r, list(log)


def nested_ternary(x):
    return "neg" if x < 0 else "zero" if x == 0 else "pos"


def ternary_raises(x):
    return 1 / x if x else 1 / (x - x)


def ternary_walrus(xs):
    r = (n := len(xs)) if xs else (n := -1)
    return r, n


def and_walrus(x):
    ok = (y := x * 2) and y > 2
    return ok, y


def comprehension_walrus(xs):
    found = [x for x in xs if x > 1 and (last := x)]
    return found, last if found else None


def evaluation_order(a, b):
    _reset()

    def f(*args, **kwargs):
        return args, sorted(kwargs.items())
    r = note("f", f)(note("x", a), *note("star", [b]), k=note("k", 1),
                     **note("kw", {"j": 2}))
    return r, list(log)


def keyword_shapes(d):
    def f(*args, **kwargs):
        return args, sorted(kwargs.items())
    return [f(), f(1), f(1, 2), f(*[1, 2]), f(k=1), f(1, k=2, j=3), f(**d),
            f(1, k=1, **d), f(**d, **{"z": 0})]


def duplicate_keyword(d):
    def f(**kwargs):
        return kwargs
    return f(**d, **d)


def builtin_errors():
    return abs(-3), len("abc"), sorted([3, 1]), list(range(2, 8, 3))


def builtin_type_error():
    return abs(x=1)


class Base:
    def who(self):
        return "base"


class Derived(Base):
    def who(self):
        return "derived+" + super().who()


def uses_super():
    return Derived().who()


def uses_locals(x):
    y = x + 1
    return sorted(k for k in locals() if not k.startswith(("fscope", "ag__")))


def uses_eval(x):
    return eval("x * 2")


def class_body_in_function(flag):
    class Config:
        mode = "fast" if flag else "slow"
        level = 1 if mode == "fast" else 2
        both = flag and mode
    return Config.mode, Config.level, Config.both


def lambdas_and_ternaries(xs):
    pick = lambda v: "big" if v > 2 else "small"
    return [pick(x) for x in xs]


def generator_expression_ternary(xs):
    return sum(x if x > 0 else -x for x in xs)


def method_call_order(xs):
    _reset()
    obj = note("obj", xs)
    obj.append(note("arg", 5))
    return obj, list(log)


def fstring_calls(xs):
    return f"{len(xs)}:{sorted(xs)}"


CASES = {
    "note": [("t",), ("t", 3)],
    "short_circuit_and": [(0, 1), (1, 0), (1, 2), ([], [1])],
    "short_circuit_or": [(0, 1), (1, 0), ("", "")],
    "chained_bool": [(0, 1, 2), (1, 0, 3), (1, 2, 3), (0, 0, 0)],
    "chained_comparison": [(3, 0, 5), (5, 0, 5), (-1, -2, 11), (10, 0, 10)],
    "chained_comparison_order": [(1, 2, 3), (2, 1, 3), (1, 3, 2)],
    "chained_comparison_call_once": [(0, 9), (6, 9), (0, 4)],
    "chained_comparison_unbound": [(True,), (False,)],
    "negation": [(0,), (1,), (False,), ([],)],
    "ternary_lazy": [(True,), (False,), ([],)],
    "nested_ternary": [(-1,), (0,), (1,)],
    "ternary_raises": [(2,), (0,)],
    "ternary_walrus": [([1, 2],), ([],)],
    "and_walrus": [(0,), (1,), (2,)],
    "comprehension_walrus": [([0, 1, 2, 3],), ([0],)],
    "evaluation_order": [(1, 2)],
    "keyword_shapes": [({"a": 1},), ({},)],
    "duplicate_keyword": [({},), ({"a": 1},)],
    "builtin_errors": [()],
    "builtin_type_error": [()],
    "uses_super": [()],
    "uses_locals": [(1,)],
    "uses_eval": [(3,)],
    "class_body_in_function": [(True,), (False,)],
    "lambdas_and_ternaries": [([1, 3],), ([],)],
    "generator_expression_ternary": [([1, -2, 3],)],
    "method_call_order": [([],)],
    "fstring_calls": [([2, 1],)],
}

# Staging rules these cases break (as TensorFlow's would): conditions of
# and/or/not/if_exp must be scalar bools; Python iteration, len() and
# truth tests of staged values are not allowed.
COND = "must be a scalar bool"
NOT = "'not' of a staged"
BOOL = "as a Python bool is not allowed"
ITERATE = "iterating over a staged value is not allowed"
LEN = "len() is not defined for a staged value"
STAGED_ERRORS = {
    **{("short_circuit_and", i): COND for i in range(3)},
    **{("short_circuit_or", i): COND for i in range(3)},
    **{("chained_bool", i): COND for i in range(4)},
    # a chain with a call in the middle stays a Python chain: bool() of a
    # staged bool
    **{("chained_comparison_call_once", i): BOOL for i in range(3)},
    # `if flag` stages: `mid` is set in one branch only
    **{("chained_comparison_unbound", i): "'mid' must also be initialized"
       for i in range(2)},
    ("negation", 0): NOT,
    ("negation", 1): NOT,
    ("ternary_raises", 0): COND,
    ("ternary_raises", 1): COND,
    ("ternary_walrus", 0): BOOL,
    ("and_walrus", 0): BOOL,
    ("and_walrus", 1): BOOL,
    ("and_walrus", 2): BOOL,
    ("comprehension_walrus", 0): ITERATE,
    ("comprehension_walrus", 1): ITERATE,
    ("class_body_in_function", 0): BOOL,
    ("class_body_in_function", 1): BOOL,
    ("lambdas_and_ternaries", 0): ITERATE,
    ("generator_expression_ternary", 0): ITERATE,
    ("fstring_calls", 0): LEN,
}

PYTHON_ONLY = {
    "chained_comparison_order": "the `and` of two staged links evaluates "
                                "both (as in TensorFlow), so both log",
    "ternary_lazy": "a staged if_exp traces both branches, so both side "
                    "effects happen (as in TensorFlow)",
}
