"""locals() and vars() inside converted functions show the original
function's variables: inside if/else and loop bodies (which run in helper
functions), after loops, with break, continue and return flags active, with
variables deleted or not yet bound, in thunks of and/or/if-else, in lambdas,
in the first iterable of a comprehension, through exec(code, None,
locals()), in match cases; never agc's own names or its placeholders. As
CPython 3.11's, the dict is the same for every call in one call of the
function, updated. A locals or vars of the user's own, and the namespaces of
comprehensions and class bodies, stay what they are."""
import contextlib
import os.path

G = 0


def brief(w):
    if w == 42:
        out = locals()
        del out["w"]
        return out
    for i in range(2):
        y = locals()
    return sorted(y)


def if_else_bodies(x):
    if x > 0:
        a = x
        r = locals()
    else:
        b = -x
        r = vars()
    return dict(r)


def elif_chain(x):
    if x > 1:
        big = x
        return locals()
    elif x > 0:
        one = x
        return locals()
    else:
        return vars()


def loop_body(n):
    seen = []
    for i in range(n):
        t = i * 2
        snap = dict(locals())
        del snap["seen"]
        seen.append(sorted(snap.items()))
    return seen


def after_loop(n):
    for i in range(n):
        t = i + 1
    return locals()


def while_body(n):
    out = []
    while n > 0:
        n -= 1
        step = n * 2
        out.append(sorted(locals()))
    return out, sorted(locals())


def nested_loops(n):
    cells = []
    for i in range(n):
        for j in range(i):
            cells.append(sorted(vars()))
    return cells, sorted(locals())


def break_flag(xs):
    seen = []
    for x in xs:
        if x == 0:
            found = True
            break
        seen.append(sorted(locals()))
    return seen, sorted(locals())


def continue_flag(xs):
    seen = []
    for x in xs:
        if x < 0:
            skipped = x
            continue
        seen.append(sorted(locals()))
    return seen, sorted(locals())


def return_flag(xs):
    for x in xs:
        if x < 0:
            negative = x
            return sorted(locals())
        last = x
    return sorted(locals())


def while_break_return(n):
    k = 0
    while True:
        k += 1
        if k > n:
            return sorted(locals())
        if k == 3:
            hit = k
            break
    return sorted(locals())


def deleted(x):
    y = x
    z = 2
    if x > 0:
        del y
        inner = sorted(locals())
    else:
        inner = None
    return inner, sorted(locals())


def deleted_in_loop(n):
    for i in range(n):
        tmp = i
        del tmp
    return sorted(locals())


def not_yet_bound(x):
    before = sorted(locals())
    if x > 0:
        later = 1
    middle = sorted(locals())
    other = 2
    return before, middle, sorted(locals())


def maybe_bound(x):
    if x > 0:
        only_if = 1
    return sorted(locals())


def keys_in_order(a, b, *rest, k=0, **named):
    first = 1
    if a > 0:
        second = 2
    third = 3
    return list(locals())


def same_dict(x):
    d = locals()
    d["extra"] = "kept"
    if x > 0:
        y = 1
    return d is locals(), sorted(d), "extra" in locals()


def mutate_snapshot(x):
    if x > 0:
        out = locals()
        out["x"] = 99
        out["new"] = 1
        return x, sorted(out.items())
    return x


def exec_with_locals(n):
    total = 0
    seen = []
    for i in range(n):
        ns = locals()
        exec("result = total + i * 10", None, ns)
        seen.append(ns["result"])
        total += i
    return seen


def eval_with_locals(x):
    if x > 0:
        y = x * 3
        return eval("x + y", None, locals())
    return eval("x", None, vars())


def format_with_locals(name, n):
    for i in range(n):
        text = "%(name)s:%(i)d" % locals()
    return text if n else "{name}".format(**vars())


def thunks(x):
    a = x or locals()
    b = locals() if x else None
    c = x and vars()
    d = [k for k in (not x and locals() or ())]
    return a, b, c, d


def in_lambda(x):
    f = lambda y, z=x: sorted(locals().items())
    g = lambda: locals()
    h = lambda y, w=locals(): (y, sorted(w))
    return f(1), f(2, 3), g(), h(0)


def lambda_walrus(x):
    f = lambda y: ((n := y + 1), sorted(locals().items()))[1]
    return f(x)


def comprehension(x):
    y = x + 1
    if x > 0:
        keys = [k for k in locals()]
    else:
        keys = [k for k in vars() if k != "keys"]
    inside = [sorted(locals()) for _ in range(1)]
    return keys, inside


def comprehension_frames(n):
    # A list, set or dict comprehension's locals() is its own frame's before
    # Python 3.12 and its function's (with its targets) from 3.12 (PEP 709):
    # the same dict as the function's other locals() before 3.13, a new
    # snapshot from 3.13 (PEP 667). A generator expression keeps its frame.
    total = 0
    for x in range(n):
        total += x
    d = locals()
    rows = [[sorted(locals()) for j in range(n)] for k in range(n)]
    same = [locals() is d for _ in range(1)]
    keys = {k: sorted(vars()) for k in range(n)}
    lazy = list(sorted(locals()) for g in range(n))
    maker = lambda y: [sorted(locals()) for m in range(y)]
    return rows, same, keys, lazy, maker(n), sorted(d)


def comprehension_in_branch(x):
    if x > 0:
        y = x * 2
        seen = [sorted(locals()) for _ in range(1)]
    else:
        seen = [sorted(vars()) for k in "ab"]
    return seen


def class_body(x):
    class C:
        a = 1
        inner = sorted(locals())
    if x > 0:
        return C.inner, sorted(locals())
    return C.inner


def own_locals(locals):
    if locals:
        return locals()
    return vars()


def own_vars(x):
    def vars():
        return "mine"
    if x > 0:
        return vars()
    return sorted(locals())


def try_except(x):
    try:
        if x > 0:
            raise ValueError(x)
        ok = 1
    except ValueError as e:
        caught = str(e)
        snap = sorted(locals())
    else:
        snap = sorted(locals())
    finally:
        done = sorted(locals())
    return snap, done, sorted(locals())


def with_as(x):
    with contextlib.nullcontext(x) as v:
        if v > 0:
            w = v
            inner = sorted(locals())
        else:
            inner = None
    return inner, sorted(locals())


def walrus(x):
    if (n := x + 1) > 1:
        return sorted(locals().items())
    [m := i for i in range(2)]
    return sorted(locals().items())


def declarations(x):
    global G
    G = x
    import os.path as p
    from os import sep
    if x > 0:
        def helper():
            return 1
        class Local:
            pass
    return sorted(locals())


def match_captures(w):
    match w:
        case (p, q) as x:
            out = locals()
            del out["w"]
            return out
        case {"k": v, **rest}:
            return sorted(locals())
        case [1, *others] if len(others) > 1:
            return sorted(vars())
    return sorted(locals())


def recursive(n):
    if n > 0:
        inner = recursive(n - 1)
        return n, sorted(locals()), inner
    return n, sorted(locals())


def staged_branches(x):
    a = 0
    n = 0
    if x > 0:
        a = x + 1
        n = len(locals())
    else:
        n = len(vars()) + 10
    return a, n, sorted(locals())


def staged_loop(n):
    total = 0
    count = 0
    i = 0
    for i in range(n):
        total = total + locals()["i"]
        count = len(locals())
    return total, count, sorted(locals())


def staged_while(n):
    k = 0
    seen = 0
    while k < n:
        k = k + 1
        if k > 2:
            break
        seen = seen + vars()["k"]
    return k, seen, sorted(locals())


def staged_ternary(x):
    y = x * 2
    n = len(locals()) if x > 0 else -1
    return n, sorted(locals())


CASES = {
    "brief": [(42,), (1,)],
    "if_else_bodies": [(3,), (-2,)],
    "elif_chain": [(5,), (1,), (0,)],
    "loop_body": [(0,), (3,)],
    "after_loop": [(0,), (3,)],
    "while_body": [(0,), (3,)],
    "nested_loops": [(0,), (3,)],
    "break_flag": [([1, 2, 0, 3],), ([1, 2],), ([],)],
    "continue_flag": [([1, -2, 3],), ([-1],), ([],)],
    "return_flag": [([1, -2, 3],), ([1, 2],), ([],)],
    "while_break_return": [(1,), (5,)],
    "deleted": [(1,), (0,)],
    "deleted_in_loop": [(0,), (2,)],
    "not_yet_bound": [(1,), (0,)],
    "maybe_bound": [(1,), (0,)],
    "keys_in_order": [(1, 2, 3, 4), (0, 1)],
    "same_dict": [(1,), (0,)],
    "mutate_snapshot": [(1,), (0,)],
    "exec_with_locals": [(0,), (3,)],
    "eval_with_locals": [(2,), (0,)],
    "format_with_locals": [("n", 2), ("m", 0)],
    "thunks": [(0,), (1,)],
    "in_lambda": [(5,)],
    "lambda_walrus": [(1,)],
    "comprehension": [(1,), (0,)],
    "comprehension_frames": [(0,), (2,)],
    "comprehension_in_branch": [(1,), (0,)],
    "class_body": [(1,), (0,)],
    "own_locals": [(lambda: "called",), (None,)],
    "own_vars": [(1,), (0,)],
    "try_except": [(0,), (1,)],
    "with_as": [(1,), (0,)],
    "walrus": [(3,), (0,)],
    "declarations": [(1,), (0,)],
    "match_captures": [((1, 2),), ({"k": 1, "z": 2},), ([1, 2, 3],),
                       ([1, 2],), (5,)],
    "recursive": [(0,), (2,)],
    "staged_branches": [(3,), (-1,)],
    "staged_loop": [(0,), (4,)],
    "staged_while": [(0,), (2,), (5,)],
    "staged_ternary": [(2,), (0,)],
}

# Staging: a variable that one branch binds, or a loop that may run no
# times, and that a later locals() reads must be defined on every path (as
# for any read of it); branches of different types are refused.
_RETURN_TYPES = ("'retval_' must have the same nested structure in the main "
                 "and else branches")
_OR_CONDITION = "the condition of an 'or' expression must be a scalar bool"
_SEQUENCE_PATTERN = "a sequence pattern cannot match a staged value"
STAGED_ERRORS = {
    ('after_loop', 0): 'loop must iterate at least once to initialize i, t',
    ('break_flag', 0): "'found' must be defined before the loop",
    ('break_flag', 1): "'found' must be defined before the loop",
    ('continue_flag', 0): "'skipped' must be defined before the loop",
    ('continue_flag', 1): "'skipped' must be defined before the loop",
    ('return_flag', 0): "'last' must be defined before the loop",
    ('return_flag', 1): "'last' must be defined before the loop",
    ('while_break_return', 0):
        "'hit' must also be initialized in the main branch",
    ('while_break_return', 1):
        "'hit' must also be initialized in the main branch",
    ('deleted', 0): "'y' must also be initialized in the main branch",
    ('deleted', 1): "'y' must also be initialized in the main branch",
    ('deleted_in_loop', 0): "'tmp' must be defined before the loop",
    ('deleted_in_loop', 1): "'tmp' must be defined before the loop",
    ('not_yet_bound', 0):
        "'later' must also be initialized in the else branch",
    ('not_yet_bound', 1):
        "'later' must also be initialized in the else branch",
    ('maybe_bound', 0):
        "'only_if' must also be initialized in the else branch",
    ('maybe_bound', 1):
        "'only_if' must also be initialized in the else branch",
    ('keys_in_order', 0):
        "'second' must also be initialized in the else branch",
    ('keys_in_order', 1):
        "'second' must also be initialized in the else branch",
    ('same_dict', 0): "'y' must also be initialized in the else branch",
    ('same_dict', 1): "'y' must also be initialized in the else branch",
    ('mutate_snapshot', 0): _RETURN_TYPES,
    ('mutate_snapshot', 1): _RETURN_TYPES,
    ('exec_with_locals', 0):
        'loop must iterate at least once to initialize i, ns',
    ('exec_with_locals', 1):
        "'ns' does not have the same nested structure after one iteration",
    ('format_with_locals', 0): "'i' must be defined before the loop",
    ('format_with_locals', 1): "'i' must be defined before the loop",
    ('thunks', 0): _OR_CONDITION,
    ('thunks', 1): _OR_CONDITION,
    ('class_body', 0): _RETURN_TYPES,
    ('class_body', 1): _RETURN_TYPES,
    ('own_vars', 0): _RETURN_TYPES,
    ('own_vars', 1): _RETURN_TYPES,
    ('with_as', 0): "'inner' is None at the end of the else branch.",
    ('with_as', 1): "'inner' is None at the end of the else branch.",
    ('walrus', 0): _RETURN_TYPES,
    ('walrus', 1): _RETURN_TYPES,
    ('declarations', 0): "'Local' must also be initialized in the else branch",
    ('declarations', 1): "'Local' must also be initialized in the else branch",
    ('match_captures', 2): _SEQUENCE_PATTERN,
    ('match_captures', 3): _SEQUENCE_PATTERN,
    ('match_captures', 4): _SEQUENCE_PATTERN,
}

_BOTH_BRANCHES = ("both branches of a staged if are traced and update the "
                  "function's one locals() dict (as CPython's, one per "
                  "call), which then shows the branch traced last")
_LIST_GROWTH = ("Python list growth in a staged loop: the body is traced once "
                "more to find the loop's variables")

PYTHON_ONLY = {
    "comprehension_frames": "comprehensions over a staged range: a Python "
    "loop over a staged value is refused",
    "comprehension_in_branch": "the branches' lists differ in length, which "
    "staging refuses",
    "brief": _BOTH_BRANCHES + " (and holds itself)",
    "if_else_bodies": _BOTH_BRANCHES,
    "elif_chain": _BOTH_BRANCHES,
    "loop_body": _LIST_GROWTH,
    "while_body": _LIST_GROWTH,
    "nested_loops": _LIST_GROWTH,
    "try_except": "try/except around staged control flow: exceptions happen "
    "while tracing, not when the graph runs (a staging rule the lint "
    "reports)",
    "recursive": "recursion on a staged condition: both branches are traced, "
    "so it never ends",
}
