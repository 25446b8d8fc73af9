"""Small programs: classes whose methods keep state in self, closures and
nonlocal counters, globals, recursion through if/else, exceptions raised in
loops and caught outside, with/try around loops, lambdas, comprehensions,
generators (left unconverted) consumed by converted code, signatures and
decorators."""
import functools

calls = 0
registry = {}


# --- classes -----------------------------------------------------------------

class Counter:
    def __init__(self, start=0, step=1):
        self.value = start
        self.step = step
        self.history = []

    def bump(self, times):
        for _ in range(times):
            self.value += self.step
            if self.value % 5 == 0:
                self.history.append(self.value)
        return self.value

    def reset_if(self, limit):
        if self.value > limit:
            self.value = 0
            reset = True
        else:
            reset = False
        return reset


def counter_program(ops):
    c = Counter(step=2)
    log = []
    for op, arg in ops:
        if op == "bump":
            log.append(c.bump(arg))
        elif op == "reset":
            log.append(c.reset_if(arg))
        else:
            raise ValueError("unknown op %r" % op)
    return log, c.value, c.history


class InsufficientFunds(Exception):
    pass


class Account:
    def __init__(self, balance):
        self.balance = balance
        self.ops = 0

    def withdraw(self, amount):
        if amount <= 0:
            raise ValueError("amount must be positive")
        elif amount > self.balance:
            raise InsufficientFunds("balance %d < %d" % (self.balance, amount))
        else:
            self.balance -= amount
            self.ops += 1
        return self.balance

    def deposit_all(self, amounts):
        for a in amounts:
            self.balance += a
            self.ops += 1
        return self.balance


def bank_program(start, withdrawals):
    acct = Account(start)
    done = []
    try:
        for w in withdrawals:
            done.append(acct.withdraw(w))
        status = "ok"
    except InsufficientFunds as e:
        status = "insufficient: " + str(e)
    return status, done, acct.balance, acct.ops


def bank_deposits(start, amounts):
    acct = Account(start)
    final = acct.deposit_all(amounts)
    return final, acct.ops


class TrafficLight:
    ORDER = {"red": "green", "green": "yellow", "yellow": "red"}

    def __init__(self):
        self.state = "red"
        self.ticks = 0

    def step(self, emergency):
        if emergency:
            self.state = "red"
        elif self.state == "red" and self.ticks >= 2:
            self.state = "green"
            self.ticks = 0
        elif self.state == "green" and self.ticks >= 3:
            self.state = "yellow"
            self.ticks = 0
        elif self.state == "yellow":
            self.state = "red"
            self.ticks = 0
        else:
            self.ticks += 1
        return self.state


def traffic_program(events):
    light = TrafficLight()
    states = []
    for e in events:
        states.append(light.step(e))
    return states


class Stack:
    def __init__(self):
        self.items = []

    def push(self, x):
        self.items.append(x)

    def pop(self):
        if not self.items:
            raise IndexError("pop from empty stack")
        return self.items.pop()

    def __len__(self):
        return len(self.items)


def brackets_balanced(text):
    pairs = {")": "(", "]": "[", "}": "{"}
    st = Stack()
    ok = True
    for ch in text:
        if ch in "([{":
            st.push(ch)
        elif ch in pairs:
            if len(st) == 0 or st.pop() != pairs[ch]:
                ok = False
    return ok and len(st) == 0


def rpn(expression):
    st = Stack()
    for tok in expression.split():
        if tok in ("+", "-", "*", "/"):
            b = st.pop()
            a = st.pop()
            if tok == "+":
                st.push(a + b)
            elif tok == "-":
                st.push(a - b)
            elif tok == "*":
                st.push(a * b)
            else:
                st.push(a / b)
        else:
            st.push(int(tok))
    result = st.pop()
    if len(st) != 0:
        raise ValueError("leftover operands")
    return result


class Vector:
    def __init__(self, *coords):
        self.coords = list(coords)

    def __add__(self, other):
        if len(self.coords) != len(other.coords):
            raise ValueError("dimension mismatch")
        out = []
        for a, b in zip(self.coords, other.coords):
            out.append(a + b)
        return Vector(*out)

    def scale(self, k):
        return Vector(*[k * c for c in self.coords])

    def norm1(self):
        total = 0
        for c in self.coords:
            total += c if c >= 0 else -c
        return total


def vector_program(vectors, k):
    acc = Vector(*([0] * len(vectors[0])))
    for v in vectors:
        acc = acc + Vector(*v).scale(k)
    return acc.coords, acc.norm1()


class Shape:
    def area(self):
        raise NotImplementedError(type(self).__name__)

    def describe(self):
        a = self.area()
        if a > 10:
            size = "large"
        elif a > 1:
            size = "medium"
        else:
            size = "small"
        return "%s:%s" % (type(self).__name__, size)


class Rect(Shape):
    def __init__(self, w, h):
        self.w = w
        self.h = h

    def area(self):
        return self.w * self.h


class Square(Rect):
    def __init__(self, side):
        super().__init__(side, side)

    def describe(self):
        return "square/" + super().describe()


class Blob(Shape):
    pass


def shapes_program(specs):
    out = []
    for kind, args in specs:
        if kind == "rect":
            s = Rect(*args)
        elif kind == "square":
            s = Square(*args)
        else:
            s = Blob()
        out.append(s.describe())
    return out


class Temperature:
    def __init__(self, celsius):
        self._c = celsius

    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32

    @fahrenheit.setter
    def fahrenheit(self, f):
        if f < -459.67:
            raise ValueError("below absolute zero")
        self._c = (f - 32) * 5 / 9

    @staticmethod
    def label(c):
        return "hot" if c > 30 else "cold" if c < 10 else "mild"

    @classmethod
    def from_list(cls, cs):
        temps = []
        for c in cs:
            temps.append(cls(c))
        return temps


def temperature_program(celsius, new_f):
    temps = Temperature.from_list(celsius)
    labels = []
    for t in temps:
        labels.append(Temperature.label(t._c))
        t.fahrenheit = t.fahrenheit + new_f
    return labels, [round(t._c, 3) for t in temps]


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        k = self.n
        while k > 0:
            yield k
            k -= 1


def iterate_custom(n):
    total = 0
    seen = []
    for k in Countdown(n):
        total += k
        seen.append(k)
    return total, seen


# --- closures, nonlocal, globals ---------------------------------------------

def closure_counter(xs):
    count = 0
    evens = 0

    def visit(x):
        nonlocal count, evens
        count += 1
        if x % 2 == 0:
            evens += 1

    for x in xs:
        visit(x)
    return count, evens


def _make_accumulator(start):
    total = start

    def add(x):
        nonlocal total
        if x < 0:
            raise ValueError("negative increment")
        total += x
        return total
    return add


def accumulator_program(start, xs):
    acc = _make_accumulator(start)
    results = []
    for x in xs:
        results.append(acc(x))
    return results


def closure_factory_loop(n):
    adders = []
    for i in range(n):
        def adder(x, i=i):
            return x + i
        adders.append(adder)
    return [f(10) for f in adders]


def nonlocal_in_while(limit):
    steps = 0

    def step():
        nonlocal steps
        steps += 1
        return steps * steps

    last = 0
    while last < limit:
        last = step()
    return steps, last


def global_counter(xs):
    global calls
    calls = 0
    for x in xs:
        if x > 0:
            calls += x
        else:
            calls -= 1
    return calls


def global_registry(names):
    global registry
    registry = {}
    for i, name in enumerate(names):
        if name in registry:
            raise KeyError("duplicate %s" % name)
        registry[name] = i
    return sorted(registry.items())


# --- recursion ---------------------------------------------------------------

def factorial(n):
    if n < 0:
        raise ValueError("negative")
    elif n == 0:
        r = 1
    else:
        r = n * factorial(n - 1)
    return r


def flatten(nested):
    out = []
    for item in nested:
        if isinstance(item, list):
            out.extend(flatten(item))
        else:
            out.append(item)
    return out


def tree_depth(tree):
    if tree is None:
        d = 0
    else:
        left, _, right = tree
        d = 1 + max(tree_depth(left), tree_depth(right))
    return d


def tree_sum(tree):
    if tree is None:
        s = 0
    else:
        left, value, right = tree
        s = tree_sum(left) + value + tree_sum(right)
    return s


def hanoi(n, src="A", dst="C", via="B"):
    if n == 0:
        moves = []
    else:
        moves = hanoi(n - 1, src, via, dst)
        moves = moves + [(src, dst)]
        moves = moves + hanoi(n - 1, via, dst, src)
    return moves


def is_even(n):
    if n == 0:
        r = True
    else:
        r = is_odd(n - 1)
    return r


def is_odd(n):
    if n == 0:
        r = False
    else:
        r = is_even(n - 1)
    return r


def memo_fib(n, memo=None):
    if memo is None:
        memo = {}
    if n in memo:
        r = memo[n]
    elif n < 2:
        r = n
    else:
        r = memo_fib(n - 1, memo) + memo_fib(n - 2, memo)
        memo[n] = r
    return r


def inner_recursion(n):
    def count_down(k):
        if k <= 0:
            acc = [0]
        else:
            acc = [k] + count_down(k - 1)
        return acc
    return count_down(n)


# --- exceptions --------------------------------------------------------------

def parse_ints(strings):
    values = []
    try:
        for s in strings:
            values.append(int(s))
        error = None
    except ValueError as e:
        error = str(e)
    return values, error


def parse_each(strings):
    values = []
    errors = 0
    for s in strings:
        try:
            v = int(s)
        except (TypeError, ValueError):
            errors += 1
            v = None
        else:
            v = v * 2
        finally:
            values.append(s)
        values.append(v)
    return values, errors


def validate_records(records):
    seen = 0
    try:
        for rec in records:
            if "id" not in rec:
                raise KeyError("missing id")
            elif rec["id"] < 0:
                raise ValueError("bad id %d" % rec["id"])
            seen += 1
    except KeyError as e:
        outcome = "key: %s" % e
    except ValueError as e:
        outcome = "value: %s" % e
    else:
        outcome = "all good"
    finally:
        seen = -seen
    return outcome, seen


def retry_loop(failures, attempts):
    log = []
    k = 0
    ok = False
    while k < attempts and not ok:
        try:
            if k < failures:
                raise ConnectionError("attempt %d failed" % k)
            ok = True
            log.append("success")
        except ConnectionError as e:
            log.append(str(e))
        finally:
            k += 1
    return ok, log


def uncaught_in_loop(xs):
    total = 0
    for x in xs:
        if x is None:
            raise TypeError("None in input")
        total += x
    return total


def reraise_wrapped(xs):
    out = []
    try:
        for i, x in enumerate(xs):
            out.append(1 / x)
    except ZeroDivisionError as e:
        raise ArithmeticError("at index %d" % i) from e
    return out


# --- with statements ---------------------------------------------------------

class Recorder:
    def __init__(self, log, name, swallow=False):
        self.log = log
        self.name = name
        self.swallow = swallow

    def __enter__(self):
        self.log.append("enter " + self.name)
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            self.log.append("exit " + self.name)
        else:
            self.log.append("exit %s with %s" % (self.name, exc_type.__name__))
        return self.swallow


def with_in_loop(xs):
    log = []
    total = 0
    for i, x in enumerate(xs):
        with Recorder(log, "r%d" % i, swallow=True):
            total += 10 // x
    return total, log


def loop_in_with(xs):
    log = []
    total = 0
    try:
        with Recorder(log, "outer"):
            for x in xs:
                if x < 0:
                    raise ValueError("negative")
                total += x
    except ValueError:
        log.append("caught")
    return total, log


# --- lambdas, comprehensions, generators -------------------------------------

def apply_pipeline(xs, ops):
    table = {
        "double": lambda v: v * 2,
        "inc": lambda v: v + 1,
        "neg": lambda v: -v,
        "sq": lambda v: v * v,
    }
    out = []
    for x in xs:
        for op in ops:
            x = table[op](x)
        out.append(x)
    return out


def sort_records(records, key):
    getters = {"name": lambda r: r[0], "age": lambda r: (r[1], r[0])}
    if key not in getters:
        raise KeyError(key)
    ordered = sorted(records, key=getters[key])
    names = []
    for name, age in ordered:
        names.append(name if age >= 18 else name.lower())
    return names


def comprehension_rows(n):
    rows = []
    for i in range(n):
        row = [j * i for j in range(n) if (i + j) % 2 == 0]
        rows.append({k: v for k, v in enumerate(row) if v})
    return [sorted(r.items()) for r in rows]


def _squares(n):
    for i in range(n):
        if i < 0:
            raise AssertionError("unreachable")
        yield i * i


def _fail_after(n):
    for i in range(n):
        yield i
    raise RuntimeError("generator exhausted at %d" % n)


def consume_generator(n):
    total = 0
    count = 0
    for sq in _squares(n):
        total += sq
        count += 1
    return total, count, sum(x for x in _squares(n) if x % 2)


def generator_raises(n, take):
    gen = _fail_after(n)
    got = []
    k = 0
    while k < take:
        got.append(next(gen))
        k += 1
    return got


def pairs_with_zip(a, b):
    out = {}
    for i, (x, y) in enumerate(zip(a, b)):
        key = "%d:%s" % (i, x)
        out[key] = y if y is not None else "-"
    return sorted(out.items())


# --- signatures and decorators -----------------------------------------------

def scale_values(xs, factor=2, offset=0):
    out = []
    for x in xs:
        out.append(x * factor + offset)
    return out


def call_with_defaults(xs):
    return scale_values(xs), scale_values(xs, 3), scale_values(xs, offset=1)


def combine(*args, sep=",", **opts):
    parts = []
    for a in args:
        if opts.get("upper"):
            parts.append(str(a).upper())
        else:
            parts.append(str(a))
    text = sep.join(parts)
    if "wrap" in opts:
        text = opts["wrap"] + text + opts["wrap"]
    return text


def call_combine(items, options):
    return combine(*items, **options)


def clip_values(xs, *, lo=0, hi=10):
    if lo > hi:
        raise ValueError("lo > hi")
    out = []
    for x in xs:
        if x < lo:
            out.append(lo)
        elif x > hi:
            out.append(hi)
        else:
            out.append(x)
    return out


def call_clip(xs, bounds):
    return clip_values(xs, **bounds)


def _count_calls(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        wrapper.calls += 1
        if wrapper.calls > 3:
            raise RuntimeError("%s called too often" % fn.__name__)
        return fn(*args, **kwargs)
    wrapper.calls = 0
    return wrapper


def _repeat(times):
    def deco(fn):
        def wrapper(x):
            results = []
            for _ in range(times):
                x = fn(x)
                results.append(x)
            return results
        return wrapper
    return deco


@_repeat(3)
def triple_step(x):
    if x % 2 == 0:
        y = x // 2
    else:
        y = 3 * x + 1
    return y


@_count_calls
def limited_sum(xs):
    s = 0
    for x in xs:
        s += x
    return s


def decorated_program(batches):
    out = []
    for b in batches:
        out.append(limited_sum(b))
    return out, limited_sum.__name__


# --- reads of names that may be unbound --------------------------------------

def maybe_unbound_in_loop(use_scale, xs):
    if use_scale:
        scale = 10
    out = []
    for x in xs:
        out.append(x * scale)
    return out


def limit_from_config(config, xs):
    if "limit" in config:
        limit = config["limit"]
    kept = 0
    for x in xs:
        if x <= limit:
            kept += 1
    return kept


# --- early exits: these stay unconverted (AGC107) ----------------------------

def find_user(users, name):
    for user in users:
        if user["name"] == name:
            return user["id"]
    raise KeyError(name)


def first_duplicate(xs):
    seen = []
    dup = None
    for x in xs:
        if x in seen:
            dup = x
            break
        seen.append(x)
    return dup


CASES = {
    "counter_program": [([],), ([("bump", 1)],),
                        ([("bump", 3), ("reset", 4), ("bump", 5),
                          ("reset", 100)],),
                        ([("bump", 1), ("jump", 2)],)],
    "bank_program": [(100, []), (100, [30]), (100, [30, 50, 10, 40]),
                     (100, [10, -5])],
    "bank_deposits": [(0, []), (5, [10]), (5, [1, 2, 3]), (5, [1, "x"])],
    "traffic_program": [([],), ([False],),
                        ([False, False, False, False, False, False, False,
                          False, True, False],)],
    "brackets_balanced": [("",), ("(",), ("([]{})",), ("([)]",), ("())",),
                          (None,)],
    "rpn": [("3",), ("3 4 +",), ("5 1 2 + 4 * + 3 -",), ("1 0 /",),
            ("1 +",), ("1 2",), ("",)],
    "vector_program": [([[1, 2]], 0), ([[1, -2]], 3),
                       ([[1, 2, 3], [4, 5, 6], [-7, 0, 1]], 2),
                       ([[1, 2], [3]], 1), ([], 1)],
    "shapes_program": [([],), ([("rect", (2, 3))],),
                       ([("rect", (1, 0.5)), ("square", (4,)),
                         ("rect", (5, 3))],),
                       ([("rect", (1, 1)), ("blob", ())],)],
    "temperature_program": [([], 0), ([35], 9), ([35, 5, 20], -18),
                            ([-300], -200)],
    "iterate_custom": [(0,), (1,), (5,), ("3",)],
    "closure_counter": [([],), ([2],), ([1, 2, 3, 4, 6],), ([1, "a"],)],
    "accumulator_program": [(0, []), (5, [1]), (0, [1, 2, 3]), (0, [1, -1])],
    "closure_factory_loop": [(0,), (1,), (4,)],
    "nonlocal_in_while": [(0,), (1,), (50,), (None,)],
    "global_counter": [([],), ([4],), ([3, -2, 0, 5],), ([1, "x"],)],
    "global_registry": [([],), (["a"],), (["b", "a", "c"],), (["a", "a"],)],
    "factorial": [(0,), (1,), (10,), (-1,)],
    "flatten": [([],), ([1],), ([1, [2, [3, [4]], 5], [], [[6]]],), (5,)],
    "tree_depth": [(None,), ((None, 1, None),),
                   (((None, 1, None), 2, ((None, 3, None), 4, None)),),
                   ((1, 2),)],
    "tree_sum": [(None,), ((None, 1, None),),
                 (((None, 1, None), 2, ((None, 3, None), 4, None)),),
                 ((None, "x", None),)],
    "hanoi": [(0,), (1,), (3,), (-1,)],
    "is_even": [(0,), (1,), (10,), (7,)],
    "is_odd": [(0,), (1,), (9,)],
    "memo_fib": [(0,), (1,), (30,), ("x",)],
    "inner_recursion": [(0,), (1,), (4,)],
    "parse_ints": [([],), (["7"],), (["1", "2", "x", "4"],), (["1", None],)],
    "parse_each": [([],), (["3"],), (["1", "b", None, "4"],)],
    "validate_records": [([],), ([{"id": 1}],),
                         ([{"id": 1}, {"id": 2}, {"name": "x"}],),
                         ([{"id": 1}, {"id": -4}],), ([None],)],
    "retry_loop": [(0, 0), (0, 3), (2, 5), (5, 3)],
    "uncaught_in_loop": [([],), ([1],), ([1, 2, 3],), ([1, None, 2],)],
    "reraise_wrapped": [([],), ([2],), ([1, 4, 0, 5],)],
    "with_in_loop": [([],), ([5],), ([1, 0, 2],), ([1, "a"],)],
    "loop_in_with": [([],), ([3],), ([1, 2, -1, 4],)],
    "apply_pipeline": [([], ["inc"]), ([3], []), ([1, 2, 3], ["double", "inc",
                                                              "sq"]),
                       ([1], ["nope"])],
    "sort_records": [([], "name"), ([("Bob", 30)], "age"),
                     ([("Cy", 12), ("Al", 40), ("Bo", 12)], "age"),
                     ([("Cy", 12), ("Al", 40)], "name"), ([], "height")],
    "comprehension_rows": [(0,), (1,), (4,)],
    "consume_generator": [(0,), (1,), (6,), ("x",)],
    "generator_raises": [(3, 0), (3, 1), (3, 3), (3, 4)],
    "pairs_with_zip": [([], []), (["a"], [1]), (["a", "b", "c"], [1, None]),
                       ([1], None)],
    "scale_values": [([],), ([2],), ([1, 2, 3], 10, -1), ([1], "x")],
    "call_with_defaults": [([],), ([4],), ([1, 2],)],
    "combine": [(), ("a",), (1, "b", 2.5), ("a", "b")],
    "call_combine": [([], {}), (["x"], {"sep": "-"}),
                     (["x", "y"], {"sep": "/", "upper": True, "wrap": "|"}),
                     (["x"], {"sep": 1})],
    "clip_values": [([],), ([5],), ([-3, 4, 12],), ([1, None],)],
    "call_clip": [([], {}), ([5], {"lo": 6}),
                  ([-3, 4, 12], {"lo": -1, "hi": 5}),
                  ([1], {"lo": 5, "hi": 1}), ([1], {"mid": 2})],
    "triple_step": [(1,), (6,), (7,), ("x",)],
    "limited_sum": [([],), ([1, 2],), ([4, 5, 6],)],
    "decorated_program": [([],), ([[1]],), ([[1], [2, 3], [], [9]],)],
    "maybe_unbound_in_loop": [(True, []), (True, [1, 2]), (False, []),
                              (False, [1, 2])],
    "limit_from_config": [({"limit": 3}, []), ({"limit": 3}, [1, 5, 2]),
                          ({}, []), ({}, [1])],
    "find_user": [([], "a"), ([{"name": "a", "id": 1}], "a"),
                  ([{"name": "a", "id": 1}, {"name": "b", "id": 2}], "b"),
                  ([{"name": "a", "id": 1}], "z")],
    "first_duplicate": [([],), ([1],), ([1, 2, 3, 2, 1],), ([1, 2],)],
}

# Under the staged backend: what breaks the staging rules, as a graph
# runtime would reject it (see runtime/README.md).
STAGED_ERRORS = {
    # raise in a traced branch
    ("bank_program", 1): 'amount must be positive',
    ("bank_program", 2): 'amount must be positive',
    # type error text of Value's +
    ("bank_deposits", 3): "unsupported operand type(s) for +: 'int' and 'st",
    # iterating a scalar staged str
    ("brackets_balanced", 0): 'a for loop cannot iterate over a scalar staged s',
    ("brackets_balanced", 1): 'a for loop cannot iterate over a scalar staged s',
    ("brackets_balanced", 2): 'a for loop cannot iterate over a scalar staged s',
    ("brackets_balanced", 3): 'a for loop cannot iterate over a scalar staged s',
    ("brackets_balanced", 4): 'a for loop cannot iterate over a scalar staged s',
    # str methods on a staged str
    ("rpn", 0): "'Value' object has no attribute 'split'",
    ("rpn", 1): "'Value' object has no attribute 'split'",
    ("rpn", 2): "'Value' object has no attribute 'split'",
    ("rpn", 3): "'Value' object has no attribute 'split'",
    ("rpn", 4): "'Value' object has no attribute 'split'",
    ("rpn", 5): "'Value' object has no attribute 'split'",
    ("rpn", 6): "'Value' object has no attribute 'split'",
    # Vector(*v) unpacks a staged list
    ("vector_program", 0): 'iterating over a staged value is not allowed: us',
    ("vector_program", 1): 'iterating over a staged value is not allowed: us',
    ("vector_program", 2): 'iterating over a staged value is not allowed: us',
    # raise in a traced branch (the property setter)
    ("temperature_program", 1): 'below absolute zero',
    ("temperature_program", 2): 'below absolute zero',
    # the unconverted generator method tests a staged int
    ("iterate_custom", 0): 'using a staged bool as a Python bool is not allo',
    ("iterate_custom", 1): 'using a staged bool as a Python bool is not allo',
    ("iterate_custom", 2): 'using a staged bool as a Python bool is not allo',
    # raise in a traced branch (in the closure)
    ("accumulator_program", 1): 'negative increment',
    ("accumulator_program", 2): 'negative increment',
    # a staged value as a dict key
    ("global_registry", 1): "'registry[name]' must be defined before the loop",
    ("global_registry", 2): "'registry[name]' must be defined before the loop",
    ("global_registry", 3): "'registry[name]' must be defined before the loop",
    # raise in a traced branch
    ("factorial", 0): 'negative',
    ("factorial", 1): 'negative',
    ("factorial", 2): 'negative',
    # iterating a scalar staged int
    ("flatten", 3): 'a for loop cannot iterate over a scalar staged i',
    # recursion whose base case depends on a staged value
    ("hanoi", 0): 'maximum recursion depth exceeded',
    ("hanoi", 1): 'maximum recursion depth exceeded',
    ("hanoi", 2): 'maximum recursion depth exceeded',
    ("hanoi", 3): 'maximum recursion depth exceeded',
    # recursion whose base case depends on a staged value
    ("is_even", 0): 'maximum recursion depth exceeded',
    ("is_even", 1): 'maximum recursion depth exceeded',
    ("is_even", 2): 'maximum recursion depth exceeded',
    ("is_even", 3): 'maximum recursion depth exceeded',
    # recursion whose base case depends on a staged value
    ("is_odd", 0): 'maximum recursion depth exceeded',
    ("is_odd", 1): 'maximum recursion depth exceeded',
    ("is_odd", 2): 'maximum recursion depth exceeded',
    # a staged value as a dict key
    ("memo_fib", 0): "unhashable type: 'Value'",
    ("memo_fib", 1): "unhashable type: 'Value'",
    ("memo_fib", 2): "unhashable type: 'Value'",
    ("memo_fib", 3): "unhashable type: 'Value'",
    # recursion whose base case depends on a staged value
    ("inner_recursion", 0): 'maximum recursion depth exceeded',
    ("inner_recursion", 1): 'maximum recursion depth exceeded',
    ("inner_recursion", 2): 'maximum recursion depth exceeded',
    # %-formatting a staged value
    ("retry_loop", 0): '%d format: a real number is required, not Value',
    ("retry_loop", 1): '%d format: a real number is required, not Value',
    ("retry_loop", 2): '%d format: a real number is required, not Value',
    ("retry_loop", 3): '%d format: a real number is required, not Value',
    # %-formatting a staged value
    ("with_in_loop", 1): '%d format: a real number is required, not Value',
    ("with_in_loop", 2): '%d format: a real number is required, not Value',
    # a staged value as a dict key
    ("apply_pipeline", 2): "unhashable type: 'Value'",
    ("apply_pipeline", 3): "unhashable type: 'Value'",
    # a staged value as a dict key
    ("sort_records", 0): "unhashable type: 'Value'",
    ("sort_records", 1): "unhashable type: 'Value'",
    ("sort_records", 2): "unhashable type: 'Value'",
    ("sort_records", 3): "unhashable type: 'Value'",
    ("sort_records", 4): "unhashable type: 'Value'",
    # a comprehension iterates range() of a staged int
    ("comprehension_rows", 0): 'iterating over a staged value is not allowed: us',
    ("comprehension_rows", 1): 'iterating over a staged value is not allowed: us',
    ("comprehension_rows", 2): 'iterating over a staged value is not allowed: us',
    # range() of a staged int inside an unconverted generator
    ("consume_generator", 0): 'a staged value cannot be used as a Python index',
    ("consume_generator", 1): 'a staged value cannot be used as a Python index',
    ("consume_generator", 2): 'a staged value cannot be used as a Python index',
    ("consume_generator", 3): 'a staged value cannot be used as a Python index',
    # range() of a staged int inside an unconverted generator
    ("generator_raises", 0): 'a staged value cannot be used as a Python index',
    ("generator_raises", 1): 'a staged value cannot be used as a Python index',
    ("generator_raises", 2): 'a staged value cannot be used as a Python index',
    ("generator_raises", 3): 'a staged value cannot be used as a Python index',
    # %-formatting a staged value; zip() with None
    ("pairs_with_zip", 1): "%d format: a real number is required, not Value",
    ("pairs_with_zip", 2): "%d format: a real number is required, not Value",
    ("pairs_with_zip", 3): 'cannot combine a staged value with a NoneType in',
    # f(*staged_list) iterates it
    ("call_combine", 1): 'iterating over a staged value is not allowed: us',
    ("call_combine", 2): 'iterating over a staged value is not allowed: us',
    ("call_combine", 3): 'iterating over a staged value is not allowed: us',
    # raise in a traced branch
    ("call_clip", 1): 'lo > hi',
    ("call_clip", 2): 'lo > hi',
    # defined in one branch only
    ("maybe_unbound_in_loop", 0): "'scale' must also be initialized in the else bra",
    ("maybe_unbound_in_loop", 1): "'scale' must also be initialized in the else bra",
    ("maybe_unbound_in_loop", 2): "'scale' must also be initialized in the else bra",
    ("maybe_unbound_in_loop", 3): "'scale' must also be initialized in the else bra",
    # unconverted (AGC107): Python if on a staged bool
    ("find_user", 0): "staged.Value('a', dtype='str', shape=())",
    ("find_user", 1): 'the else branch must also have a return statement',
    ("find_user", 2): 'the else branch must also have a return statement',
    ("find_user", 3): 'the else branch must also have a return statement',
    # `None` as loop state
    ("first_duplicate", 1): "'dup' is not allowed to be None before the loop",
    ("first_duplicate", 2): "'dup' is not allowed to be None before the loop",
    ("first_duplicate", 3): "'dup' is not allowed to be None before the loop",
}

PYTHON_ONLY = {
    "closure_factory_loop": (
        'appends to a Python list inside a staged loop, whose body is traced'
        ' once even when it runs zero times'),
    "nonlocal_in_while": (
        'a closure increments a nonlocal the loop does not carry; the staged'
        ' loop traces it once even when it runs zero times'),
    "loop_in_with": (
        'raises in a staged branch, which raises while tracing; the handler '
        'catches it'),
    "combine": 'str() of staged values',
    "clip_values": (
        'appends to a Python list in staged branches (both are traced)'),
    "parse_each": (
        'appends to a Python list inside a staged loop (traced once more to '
        'define v, see the finally note)'),
    "reraise_wrapped": (
        'appends to a Python list inside a staged loop (traced once more to '
        'define i)'),
}
