"""`match` statements: each pattern kind, the calls CPython makes while
matching (counted), what a failed case leaves bound, and the errors."""
import collections.abc


def literals(x):
    match x:
        case 0:
            return "zero"
        case 1 | 2 | 3:
            return "small"
        case -1:
            return "minus one"
        case 1.5:
            return "one and a half"
        case "a" | b"b":
            return "letter"
        case 2 + 3j:
            return "complex"
        case None:
            return "none"
        case True:
            return "true"
        case _:
            return "other"


class Color:
    RED = 1
    GREEN = 2


def values(x):
    match x:
        case Color.RED:
            return "red"
        case Color.GREEN:
            return "green"
    return "none"


def capture_and_as(x):
    match x:
        case 0 | 1 as small:
            return ("small", small)
        case [1, _] as pair:
            return ("pair", pair)
        case other:
            return ("other", other)


def guards(x):
    match x:
        case n if n > 10:
            size = 2
        case n if n > 5:
            size = 1
        case n:
            size = 0
    return size, n


def as_with_guard(x):
    n = None
    match x:
        case 1 | 2 as n if n == 2:
            return "two", n
        case 3 as n if n > 0:
            return "three", n
    return "other", n


def sequences(x):
    match x:
        case []:
            return "empty"
        case [a]:
            return ("one", a)
        case [a, b, *rest] if not rest:
            return ("two", a, b)
        case [first, *_, last]:
            return ("many", first, last)
        case _:
            return "not a sequence"


def sequence_kinds(x):
    match x:
        case [*_]:
            return "sequence"
        case _:
            return "not"


def nested(x):
    match x:
        case [(a, b), {"k": [c, *d]}]:
            return a, b, c, d
        case [[[deep]]]:
            return deep
        case _:
            return None


def mappings(x):
    match x:
        case {}:
            return "mapping"
    return "not"


def mapping_keys(x):
    match x:
        case {"action": "go", "to": dest, **rest}:
            return ("go", dest, rest)
        case {"action": action, Color.RED: red}:
            return (action, red)
        case {"action": _}:
            return "some action"
        case _:
            return "none"


class Point:
    __match_args__ = ("x", "y")

    def __init__(self, x, y):
        self.x = x
        self.y = y


class Point3(Point):
    __match_args__ = ("x", "y", "z")

    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.z = z


def classes(kind, *args):
    # The instances are made here: the converted module has its own classes.
    p = {"2d": Point, "3d": Point3}.get(kind, lambda v: v)(*args)
    match p:
        case Point3(0, 0, 0):
            return "origin 3d"
        case Point(x=0, y=0):
            return "origin"
        case Point(0, y):
            return ("on y", y)
        case Point(x, 0):
            return ("on x", x)
        case Point3(z=z):
            return ("3d", z)
        case Point():
            return "somewhere"
        case int(n) | float(n):
            return ("number", n)
        case str() as s:
            return ("string", s)
        case bool(b):
            return ("bool", b)
        case _:
            return "unknown"


def builtins_match_self(x):
    match x:
        case bool(b):
            return ("bool", b)
        case int(i):
            return ("int", i)
        case list([a, b]):
            return ("list", a, b)
        case dict({"k": v}):
            return ("dict", v)
        case tuple(t):
            return ("tuple", t)
        case _:
            return "other"


class Logged(collections.abc.Sequence):
    """A sequence that logs how it is used."""

    def __init__(self, items, log):
        self.items = items
        self.log = log

    def __len__(self):
        self.log.append("len")
        return len(self.items)

    def __getitem__(self, i):
        self.log.append(("getitem", i))
        return self.items[i]

    def __iter__(self):
        self.log.append("iter")
        return iter(self.items)


def sequence_calls(items):
    log = []
    seq = Logged(items, log)
    match seq:
        case [1, 2]:
            log.append("case 1")
        case [x, *_, 9]:
            log.append(("case 2", x))
        case [x, *rest]:
            log.append(("case 3", x, rest))
        case [*_]:
            log.append("case 4")
    return log


class LoggedMapping(collections.abc.Mapping):
    def __init__(self, data, log):
        self.data = data
        self.log = log

    def __len__(self):
        self.log.append("len")
        return len(self.data)

    def __getitem__(self, key):
        self.log.append(("getitem", key))
        return self.data[key]

    def __iter__(self):
        self.log.append("iter")
        return iter(self.data)

    def get(self, key, default=None):
        self.log.append(("get", key))
        return self.data.get(key, default)

    def keys(self):
        self.log.append("keys")
        return self.data.keys()


def mapping_calls(data):
    log = []
    m = LoggedMapping(data, log)
    match m:
        case {"a": 1, "b": 2, "c": 3}:
            log.append("case 1")
        case {"a": 1, "b": b}:
            log.append(("case 2", b))
        case {"a": a, **rest}:
            log.append(("case 3", a, sorted(rest.items())))
    return log


class Meta(type):
    def __instancecheck__(cls, obj):
        LOG.append(("isinstance", cls.__name__))
        return type.__instancecheck__(cls, obj)


LOG = []


class Tracked(metaclass=Meta):
    __match_args__ = ("a", "b")

    def __init__(self, a, b):
        self.a = a
        self.b = b

    def __getattribute__(self, name):
        LOG.append(("getattr", name))
        return object.__getattribute__(self, name)


class Equal:
    def __init__(self, answer):
        self.answer = answer

    def __eq__(self, other):
        LOG.append(("eq", other))
        return self.answer


def class_calls(a, b):
    del LOG[:]
    match Tracked(a, b):
        case Tracked(1, b=3):
            LOG.append("case 1")
        case Tracked(x, 2):
            LOG.append(("case 2", x))
        case Tracked(a=Equal(True)):
            LOG.append("case 3")
    return list(LOG)


def eq_calls(answer):
    del LOG[:]
    match Equal(answer):
        case 1 | 2:
            LOG.append("matched")
        case None:
            LOG.append("none")
    return list(LOG)


def failed_case_bindings(x):
    # A case whose pattern fails binds nothing; one whose guard fails keeps
    # its captures (CPython 3.11).
    a = b = c = "unset"
    match x:
        case [a, 0]:
            pass
        case (b, c) if c > 100:
            pass
        case _:
            pass
    return a, b, c


def or_bindings(x):
    match x:
        case [a, 1] | [1, a] | (a, 2):
            return a
    return None


def star_bindings(x):
    match x:
        case [*head, 0, 0]:
            return head
        case (1, *middle, 9):
            return middle
    return None


def bad_match_args(kind):
    class NotTuple:
        __match_args__ = ["x"]
        x = 1

    class NotStr:
        __match_args__ = (1,)

    class One:
        __match_args__ = ("x",)
        x = 1

    match kind:
        case 0:
            match NotTuple():
                case NotTuple(v):
                    return v
        case 1:
            match NotStr():
                case NotStr(v):
                    return v
        case 2:
            match One():
                case One(v, w):
                    return v, w
        case 3:
            match One():
                case One(v, x=w):
                    return v, w
        case 4:
            match 5:
                case Color.RED():
                    return "never"
        case 5:
            match object():
                case object(v):
                    return v
    return None


def duplicate_key(x):
    class Keys:
        KEY = "a"
    w = y = z = None
    match x:
        case {Keys.KEY: y, "a": z}:
            w = 0
    return w, y, z


def strings_are_not_sequences(x):
    match x:
        case [a, b]:
            return ("pair", a, b)
        case (a, *rest):
            return ("some", a, rest)
    return "none"


def loop_with_match(items):
    out = []
    for item in items:
        match item:
            case 0:
                continue
            case -1:
                break
            case [x, y]:
                out.append(x + y)
            case _:
                out.append(item)
    else:
        out.append("done")
    return out


def returns_from_cases(x):
    match x:
        case 0:
            return "zero"
        case [n, *_] if n > 0:
            return n
    total = 0
    match x:
        case [*items]:
            for i in items:
                total += i
    return total


def nested_matches(x, y):
    match x:
        case 0:
            match y:
                case 0:
                    return "both zero"
                case _:
                    return "x zero"
        case _:
            match y:
                case 0:
                    return "y zero"
    return "neither"


def subject_once(xs):
    calls = []

    def subject():
        calls.append(len(calls))
        return xs

    match subject():
        case [1]:
            result = "one"
        case [1, 2]:
            result = "two"
        case _:
            result = "other"
    return result, calls


def staged_sequence(xs):
    # A list argument is a staged vector under the staged backend.
    match xs:
        case [a, b]:
            return a + b
        case _:
            return 0


def staged_mapping(x):
    match x:
        case {"k": v}:
            return v
    return 0


def staged_class(x):
    match x:
        case int(v):
            return v
    return 0


CASES = {
    "staged_sequence": [([1, 2],), ([3],)],
    "staged_mapping": [(1,), (2,)],
    "staged_class": [(1,), (2,)],
    "literals": [(0,), (2,), (-1,), (1.5,), ("a",), (b"b",), (2 + 3j,),
                 (None,), (True,), (1.0,), (False,), ("x",)],
    "values": [(1,), (2,), (3,), (True,)],
    "capture_and_as": [(0,), (1,), ([1, 5],), ((1, 5),), ("s",)],
    "guards": [(20,), (7,), (2,), (1,), (0,)],
    "as_with_guard": [(1,), (2,), (3,), (4,)],
    "sequences": [([],), ([4],), ((1, 2),), ([1, 2, 3],), (range(5),),
                  ("ab",), ({"a": 1},), (7,)],
    "sequence_kinds": [([],), ((),), (range(3),), ("str",), (b"bytes",),
                       (bytearray(b"x"),),
                       ({1, 2},), ({},), (collections.deque([1]),)],
    "nested": [([(1, 2), {"k": [3, 4, 5]}],), ([[[7]]],), ([(1, 2), {}],),
               ([[["a", "b"]]],)],
    "mappings": [({},), ({"a": 1},), ([],), (None,)],
    "mapping_keys": [({"action": "go", "to": "north", "speed": 3},),
                     ({"action": "stop", 1: "r"},), ({"action": 5},),
                     ({"action": "go"},), ({},), ([("action", 1)],)],
    "classes": [("2d", 0, 0), ("2d", 0, 5), ("2d", 4, 0), ("2d", 1, 1),
                ("3d", 0, 0, 0), ("3d", 1, 2, 3), ("v", 5), ("v", 2.5),
                ("v", "s"), ("v", True), ("v", None)],
    "builtins_match_self": [(True,), (3,), ([1, 2],), ([1],), ({"k": 1},),
                            ((1, 2),), ("s",)],
    "sequence_calls": [([1, 2],), ([5, 9],), ([5, 8, 9],), ([5, 6],),
                       ([],), ([7],)],
    "mapping_calls": [({"a": 1, "b": 2, "c": 3},), ({"a": 1, "b": 5},),
                      ({"a": 2, "z": 0},), ({"b": 1},), ({},)],
    "class_calls": [(1, 3), (7, 2), (1, 4), (0, 0)],
    "eq_calls": [(True,), (False,), (0,)],
    "failed_case_bindings": [([5, 0],), ([5, 1],), ((1, 200),), ((1, 2),),
                             (3,)],
    "or_bindings": [([7, 1],), ([1, 8],), ((9, 2),), ([3, 3],)],
    "star_bindings": [([1, 2, 0, 0],), ((1, 5, 6, 9),), ([0, 0],), ([1],)],
    "bad_match_args": [(0,), (1,), (2,), (3,), (4,), (5,), (6,)],
    "duplicate_key": [({"a": 0, "b": 1},), ({"a": 0},)],
    "strings_are_not_sequences": [("ab",), (b"ab",), (["a", "b"],),
                                  ((1, 2, 3),)],
    "loop_with_match": [([1, 0, [2, 3], 4],), ([1, -1, 5],), ([],)],
    "returns_from_cases": [(0,), ([3, 1],), ([-1, 2],), ((4, 5),), (7,)],
    "nested_matches": [(0, 0), (0, 1), (1, 0), (1, 1)],
    "subject_once": [([1],), ([1, 2],), ([3],)],
}


# Under staging, a comparison with a value stages (the cases of a match on a
# staged scalar become conds); a sequence, mapping or class pattern cannot
# match a staged value, and a value inside one cannot compare one.
SEQUENCE = "a sequence pattern cannot match a staged value"
STAGED_ERRORS = {
    ("staged_sequence", 0): SEQUENCE,
    ("staged_sequence", 1): SEQUENCE,
    ("staged_mapping", 0): "a mapping pattern cannot match a staged value",
    ("staged_mapping", 1): "a mapping pattern cannot match a staged value",
    ("staged_class", 0): "a class pattern cannot match a staged value",
    ("staged_class", 1): "a class pattern cannot match a staged value",
    **{("as_with_guard", i): "a value pattern cannot compare a staged value"
       for i in range(4)},
}

STRUCTURE = "matches the structure of Python containers and objects"
PYTHON_ONLY = {
    name: STRUCTURE for name in (
        "sequences", "sequence_kinds", "nested", "mappings", "mapping_keys",
        "builtins_match_self", "strings_are_not_sequences", "subject_once",
        "failed_case_bindings", "or_bindings", "star_bindings", "classes",
        "capture_and_as")
}
PYTHON_ONLY.update({
    "sequence_calls": "counts the calls a Python sequence gets",
    "mapping_calls": "counts the calls a Python mapping gets",
    "class_calls": "counts the calls a Python object gets",
    "eq_calls": "counts the calls of a Python __eq__",
    "duplicate_key": "a ValueError of a Python mapping",
    "loop_with_match": "appends to a Python list inside a staged loop",
    "returns_from_cases": "returns a str on one path and an int on another",
    "bad_match_args": "the errors of Python classes",
})
