"""if / while / for: state, outputs, undefined symbols, targets of every
shape, nesting, else clauses, and the traps the reference falls into."""
import itertools

counter = 0


def sign(x):
    if x > 0:
        y = 1
    elif x < 0:
        y = -1
    else:
        y = 0
    return y


def only_if(x):
    y = 0
    if x:
        y = x * 2
    return y


def defined_in_one_branch(x):
    if x > 0:
        y = 1
    return y


def branch_local(x):
    if x:
        tmp = x + 1
        out = tmp * 2
    else:
        out = 0
    return out


def if_reads_only(x, y):
    if x > y:
        print("bigger")
    return x


def total(values):
    s = 0
    for v in values:
        s += v
    return s


def loop_var_after(n):
    for i in range(n):
        pass
    return i


def two_loops_share_target(a, b):
    for i in range(a):
        pass
    for i in range(b):
        pass
    return i


def tuple_target(pairs):
    acc = []
    for k, v in pairs:
        acc.append(k * v)
    return acc, k


def starred_target(rows):
    firsts = []
    for first, *rest in rows:
        firsts.append((first, len(rest)))
    return firsts


def attribute_target(xs):
    class Box:
        pass
    box = Box()
    box.value = None
    for box.value in xs:
        pass
    return box.value


def subscript_target(xs):
    d = {"k": 0}
    for d["k"] in xs:
        pass
    return d


def nested_loops(n):
    out = []
    for i in range(n):
        for j in range(i):
            out.append((i, j))
    return out


def while_counter(n):
    i = 0
    s = 0
    while i < n:
        s += i
        i += 1
    return s, i


def collatz(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def while_walrus(xs):
    it = iter(xs)
    total = 0
    while (x := next(it, None)) is not None:
        total += x
    return total, x


def loop_else(xs):
    found = False
    for x in xs:
        found = found or x > 2
    else:
        found = not found
    return found


def while_else(n):
    while n > 0:
        n -= 1
    else:
        n = -1
    return n


def composite_state(xs):
    class Acc:
        pass
    acc = Acc()
    acc.total = 0
    for x in xs:
        acc.total = acc.total + x
    return acc.total


def dict_state(xs):
    d = {"sum": 0}
    for x in xs:
        d["sum"] = d["sum"] + x
    return d


def global_state(n):
    global counter
    counter = 0
    for _ in range(n):
        counter += 1
    return counter


def nonlocal_state(n):
    hits = 0

    def count():
        nonlocal hits
        for _ in range(n):
            hits += 1
    count()
    return hits


def declaration_inside_if(flag):
    if flag:
        global counter
        counter = 42
    return counter


def closures_late_binding(n):
    fns = []
    for i in range(n):
        fns.append(lambda: i)
    return [f() for f in fns]


def closure_reads_later(n):
    x = 0

    def get():
        return x
    for k in range(n):
        x = k
    return get()


def del_in_branch(flag):
    x = 1
    if flag:
        del x
    return x


def exception_in_loop(xs):
    out = []
    for x in xs:
        out.append(10 // x)
    return out


def try_inside_if(x):
    if x:
        try:
            y = 1 / x
        except ZeroDivisionError:
            y = None
        else:
            y = y * 2
    else:
        y = -1
    return y


def if_inside_try(x):
    try:
        if x > 1:
            r = "big"
        else:
            r = "small"
    except TypeError:
        r = "bad"
    return r


def with_inside_loop(n):
    import contextlib
    log = []
    for i in range(n):
        with contextlib.suppress(ZeroDivisionError):
            log.append(1 // i)
    return log


def match_inside_if(cmd):
    if cmd:
        match cmd.split():
            case ["go", direction]:
                out = direction
            case _:
                out = "?"
    else:
        out = None
    return out


def comprehension_in_loop(n):
    rows = []
    for i in range(n):
        rows.append([j * i for j in range(3)])
    return rows


def generator_untouched(n):
    for i in range(n):
        yield i


def recursion(n):
    if n <= 1:
        r = 1
    else:
        r = n * recursion(n - 1)
    return r


def deep_recursion(n):
    if n == 0:
        r = 0
    else:
        r = 1 + deep_recursion(n - 1)
    return r


def iterate_generator(n):
    total = 0
    for v in itertools.islice(itertools.count(), n):
        total += v
    return total


def modify_param(x):
    while x > 10:
        x = x // 2
    return x


def elif_chain(x):
    if x == 1:
        r = "one"
    elif x == 2:
        r = "two"
    elif x == 3:
        r = "three"
    else:
        r = "many"
    return r


def loop_reads_outer(xs, scale):
    out = []
    for x in xs:
        out.append(x * scale)
    return out


def helper_name_clash(get_state, loop_body):
    if_body = 0
    for itr in range(get_state):
        if_body += itr + loop_body
    return if_body


def unused_loop_value(n):
    k = 0
    for _ in range(n):
        k += 1
    return k


CASES = {
    "sign": [(1,), (-1,), (0,)],
    "only_if": [(0,), (3,)],
    "defined_in_one_branch": [(1,), (-1,)],
    "branch_local": [(0,), (2,)],
    "if_reads_only": [(1, 2), (3, 2)],
    "total": [([],), ([1],), ([1, 2, 3],)],
    "loop_var_after": [(0,), (1,), (3,)],
    "two_loops_share_target": [(3, 0), (0, 2), (0, 0)],
    "tuple_target": [([(1, 2), (3, 4)],), ([],)],
    "starred_target": [([[1, 2, 3], [4]],)],
    "attribute_target": [([1, 2],), ([],)],
    "subscript_target": [([1, 2],), ([],)],
    "nested_loops": [(0,), (1,), (4,)],
    "while_counter": [(0,), (1,), (5,)],
    "collatz": [(1,), (6,), (27,)],
    "while_walrus": [([1, 2, 3],), ([],)],
    "loop_else": [([1, 5],), ([],), ([1],)],
    "while_else": [(0,), (3,)],
    "composite_state": [([1, 2],), ([],)],
    "dict_state": [([1, 2],), ([],)],
    "global_state": [(0,), (3,)],
    "nonlocal_state": [(0,), (3,)],
    "declaration_inside_if": [(True,), (False,)],
    "closures_late_binding": [(0,), (1,), (3,)],
    "closure_reads_later": [(0,), (3,)],
    "del_in_branch": [(True,), (False,)],
    "exception_in_loop": [([1, 2],), ([1, 0, 2],)],
    "try_inside_if": [(2,), (0,), ("a",)],
    "if_inside_try": [(2,), (0,), ("a",)],
    "with_inside_loop": [(0,), (3,)],
    "match_inside_if": [("go north",), ("stop",), ("",)],
    "comprehension_in_loop": [(0,), (3,)],
    "recursion": [(1,), (5,)],
    "deep_recursion": [(300,)],
    "iterate_generator": [(0,), (5,)],
    "modify_param": [(5,), (100,)],
    "elif_chain": [(1,), (2,), (3,), (4,)],
    "loop_reads_outer": [([1, 2], 3), ([], 3)],
    "helper_name_clash": [(3, 1), (0, 0)],
    "unused_loop_value": [(0,), (4,)],
    "generator_untouched": [],
}


def uses_generator(n):
    return list(generator_untouched(n))


CASES["uses_generator"] = [(0,), (3,)]

# Where the original breaks the staging rules, as TensorFlow would reject it:
# non-bool conditions, symbols defined in one branch or only by a loop that
# may not run, Python iteration of staged values, recursion whose base case
# depends on a staged value (both branches are traced), `del` inside staged
# control flow.
STAGED_ERRORS = {
    ("only_if", 0): 'the condition of an if statement must be a scala',
    ("only_if", 1): 'the condition of an if statement must be a scala',
    ("defined_in_one_branch", 0): "'y' must also be initialized in the else branch",
    ("defined_in_one_branch", 1): "'y' must also be initialized in the else branch",
    ("branch_local", 0): 'the condition of an if statement must be a scala',
    ("branch_local", 1): 'the condition of an if statement must be a scala',
    ("loop_var_after", 0): 'loop must iterate at least once to initialize i',
    ("two_loops_share_target", 1): 'loop must iterate at least once to initialize i',
    ("two_loops_share_target", 2): 'loop must iterate at least once to initialize i',
    ("tuple_target", 0): "'k' must be defined before the loop",
    ("attribute_target", 0): "'box.value' is not allowed to be None before the",
    ("while_walrus", 0): 'iterating over a staged value is not allowed: us',
    ("del_in_branch", 0): "'x' must also be initialized in the main branch",
    ("del_in_branch", 1): "'x' must also be initialized in the main branch",
    ("try_inside_if", 0): 'the condition of an if statement must be a scala',
    ("try_inside_if", 1): 'the condition of an if statement must be a scala',
    ("try_inside_if", 2): 'the condition of an if statement must be a scala',
    ("match_inside_if", 0): 'the condition of an if statement must be a scala',
    ("match_inside_if", 1): 'the condition of an if statement must be a scala',
    ("match_inside_if", 2): 'the condition of an if statement must be a scala',
    ("recursion", 0): 'maximum recursion depth exceeded',
    ("recursion", 1): 'maximum recursion depth exceeded',
    ("deep_recursion", 0): 'maximum recursion depth exceeded',
    ("iterate_generator", 0): 'Stop argument for islice() must be None or an in',
    ("iterate_generator", 1): 'Stop argument for islice() must be None or an in',
    ("uses_generator", 0): 'a staged value cannot be used as a Python index',
    ("uses_generator", 1): 'a staged value cannot be used as a Python index',
}

PYTHON_ONLY = {
    "nested_loops": "grows a Python list inside a staged loop, whose body is "
                    "traced once (use a TensorArray)",
    "comprehension_in_loop": "grows a Python list inside a staged loop",
    "closures_late_binding": "grows a Python list inside a staged loop",
    "with_inside_loop": "grows a Python list inside a staged loop",
}


def closure_writes_loop_variable(items):
    # The nested function writes `seen` through nonlocal; the loop assigns
    # and reads it: the loop must carry it (from test_sqlite3).
    def record(x):
        nonlocal seen
        seen = x * 10
        return x

    out = []
    for item in items:
        seen = None
        record(item)
        out.append(seen)
    return out


def closure_reads_loop_variable(items):
    def show():
        return current

    out = []
    for item in items:
        current = item
        out.append(show())
    return out


CASES["closure_writes_loop_variable"] = [([],), ([1, 2],)]
CASES["closure_reads_loop_variable"] = [([],), ([1, 2],)]
PYTHON_ONLY["closure_writes_loop_variable"] = (
    "grows a Python list inside a staged loop")
PYTHON_ONLY["closure_reads_loop_variable"] = (
    "grows a Python list inside a staged loop")


class _Base:
    def scale(self, x):
        return x * 2


class _Derived(_Base):
    def scale(self, x):
        # Zero-argument super() inside converted control flow.
        if x > 0:
            y = super().scale(x)
        else:
            y = 0
        for _ in range(2):
            y = y + super().scale(1)
        return y


def super_in_control_flow(x):
    return _Derived().scale(x)


CASES["super_in_control_flow"] = [(3,), (-1,)]


def with_conditional_manager(use_null, n):
    # `with A if c else B as t`: the `as` names the whole conditional
    # (tree-sitter reads it into the else branch; agc follows CPython).
    import contextlib
    out = []
    with contextlib.nullcontext(n) if use_null else contextlib.suppress(
            ZeroDivisionError) as value:
        if value is None:
            out.append(1 // n)
        else:
            out.append(value)
    try:
        out.append(1 // n)
    except ValueError if use_null else ZeroDivisionError as err:
        out.append(type(err).__name__)
    return out


CASES["with_conditional_manager"] = [(True, 2), (True, 0), (False, 0), (False, 4)]
PYTHON_ONLY["with_conditional_manager"] = (
    "grows a Python list inside staged control flow")


last_message = None


def nested_global_writer(verbose, messages):
    # A function defined inside an `if` (or a loop) changes a global through
    # its own `global`: the enclosing function's helpers must not declare it
    # (`nonlocal last_message` would not compile).
    if verbose:
        def emit(msg):
            global last_message
            last_message = msg
    else:
        def emit(msg):
            return msg
    for m in messages:
        def echo():
            global last_message
            last_message = m
        echo()
        emit(m)
    return last_message


def nested_nonlocal_through(n):
    # The same with `nonlocal` of a variable two functions out.
    total = 0

    def step(k):
        if k % 2:
            def add():
                nonlocal total
                total += k
            add()
        return total
    seen = [step(i) for i in range(n)]
    return seen, total


CASES["nested_global_writer"] = [(True, ["a", "b"]), (False, ["c"]),
                                 (True, [])]
CASES["nested_nonlocal_through"] = [(0,), (5,)]
STAGED_ERRORS.update({
    ("nested_global_writer", i): "'emit' is a function in the main branch "
                                 "and a function in the else branch"
    for i in range(3)})
STAGED_ERRORS.update({
    ("nested_nonlocal_through", i): "iterating over a staged value is not "
                                    "allowed"
    for i in range(2)})


def walrus_in_for_iterable(x):
    # Found by scripts/random_programs.py (issue 32): the iterable binds d
    # before the loop, the body reads and rebinds it; d is loop state though
    # it is neither live into the statement (the iterable binds it first) nor
    # after it.
    out = []
    for b in range((d := x)):
        d -= 1
        out.append(d + b)
    return out


CASES["walrus_in_for_iterable"] = [(0,), (1,), (3,)]
PYTHON_ONLY["walrus_in_for_iterable"] = (
    "grows a Python list inside a staged loop")


class _SwallowArithmetic:
    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        return kind is not None and issubclass(kind, ArithmeticError)


def swallowed_binding_read_in_loop(x):
    # Found by scripts/random_programs.py (issue 32): the with swallows the
    # ZeroDivisionError before `a` is bound; the loop test reads `a` in a
    # helper, where Python's UnboundLocalError must still be what is raised.
    with _SwallowArithmetic():
        a = 1 // x
    w = 0
    while w < 3 and a > 0:
        w += 1
    return w


def swallowed_binding_rebound_in_if(x):
    # get_state reads `a` before the if rebinds it: it may be unbound there.
    with _SwallowArithmetic():
        a = 1 // x
    if x == 0:
        a = 5
    return a


CASES["swallowed_binding_read_in_loop"] = [(0,), (1,)]
CASES["swallowed_binding_rebound_in_if"] = [(0,), (1,)]
PYTHON_ONLY["swallowed_binding_read_in_loop"] = (
    "a name bound on one path of a staged statement")
PYTHON_ONLY["swallowed_binding_rebound_in_if"] = (
    "a name bound on one path of a staged statement")


def swallowed_rebinding_in_branch(x, xs):
    # The with cuts `a = ...` short: the if's body then reads the `a` bound
    # before the if, which must be the function's variable (if state), not a
    # local of the body's helper.
    out = []
    a = len(xs)
    if xs:
        with _SwallowArithmetic():
            out.append(1 // x)
            a = 10
        out.append(a)
    return out


CASES["swallowed_rebinding_in_branch"] = [(0, [1, 2]), (1, [1, 2]), (0, [])]
PYTHON_ONLY["swallowed_rebinding_in_branch"] = (
    "grows a Python list under a staged condition")


def swallowed_after_walrus_in_branch(x, xs):
    # Found by scripts/random_programs.py: the walrus binds c, then the same
    # statement raises and the with swallows it; the if around it must have
    # c as state, since c is read after the with.
    with _SwallowArithmetic():
        if xs:
            print("p", len(xs) % (c := x))
        c = 7
    return c


CASES["swallowed_after_walrus_in_branch"] = [(0, [1]), (2, [1]), (0, [])]
PYTHON_ONLY["swallowed_after_walrus_in_branch"] = (
    "prints under a staged condition")


def generators_late_binding(n):
    # A generator made in the loop and run after it reads the loop's last
    # value of i, as a lambda does: i must be the function's variable, not
    # a local of the loop's body.
    gens = []
    for i in range(n):
        gens.append(i * k for k in range(3))
    return [list(g) for g in gens]


def generator_read_after_while(n):
    i = 0
    g = None
    while i < n:
        g = (i + k for k in range(2))
        i += 1
    return list(g) if g is not None else None


def generator_consumed_in_place(n):
    # Consumed where it is made: y needs no carrying through the loop.
    s = 0
    for i in range(n):
        y = i * 2
        s += sum(y * k for k in range(3)) + sum(y + k for k in range(2))
    return s


def generator_joined_in_place(n):
    s = ""
    for i in range(n):
        y = str(i)
        s += ",".join(y for _ in range(2))
    return s


CASES["generators_late_binding"] = [(0,), (1,), (3,)]
CASES["generator_read_after_while"] = [(0,), (1,), (3,)]
CASES["generator_consumed_in_place"] = [(0,), (4,)]
CASES["generator_joined_in_place"] = [(0,), (3,)]
PYTHON_ONLY["generator_joined_in_place"] = "makes text of staged values"
PYTHON_ONLY["generators_late_binding"] = "grows a Python list inside a staged loop"
PYTHON_ONLY["generator_read_after_while"] = (
    "keeps a Python generator made in a staged loop")
