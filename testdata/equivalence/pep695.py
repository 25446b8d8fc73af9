# agc-requires-python: 3.12
"""PEP 695 (Python 3.12): control flow inside generic functions and methods
of generic classes (bounds, constraints, *Ts, **P), and `type` aliases,
also inside converted control flow."""
from collections.abc import Callable, Sequence

type Number = int | float
type Pair[T] = tuple[T, T]


def clamp[T: (int, float)](x: T, low: T, high: T) -> T:
    if x < low:
        return low
    elif x > high:
        return high
    return x


def first_over[T: int](xs: Sequence[T], limit: T) -> T | None:
    found = None
    for x in xs:
        if x > limit:
            found = x
            break
    return found


def count_down[T](n: int, tag: T) -> list[tuple[int, T]]:
    out: list[tuple[int, T]] = []
    while n > 0:
        out.append((n, tag))
        n -= 1
        if n == 2:
            continue
    return out


def sees_its_params[T: int, *Ts, **P](x: T) -> str:
    names = []
    for p in (T, Ts, P):
        names.append(p.__name__)
    if x > 0:
        bound = T.__bound__.__name__
    else:
        bound = "none"
    return ",".join(names) + ":" + bound


def apply_n[**P, R](f: Callable[P, R], n: int, *args: P.args,
                    **kwargs: P.kwargs) -> list[R]:
    results = []
    i = 0
    while i < n:
        results.append(f(*args, **kwargs))
        i += 1
    return results


def _double(x):
    return x * 2


def uses_apply_n(n):
    return apply_n(_double, n, 3)


def nested_generic(n):
    def inner[U](x: U) -> U:
        if n > 1:
            return x
        return None
    total = 0
    for i in range(n):
        v = inner(i)
        if v is not None:
            total += v
    return total


class Box[T]:
    def __init__(self, items: list[T]):
        self.items = items

    def total(self, stop: T) -> T:
        acc = 0
        for item in self.items:
            if item == stop:
                break
            acc += item
        return acc

    def kind(self) -> str:
        if self.items:
            return T.__name__
        return "empty"


def box_total(items, stop):
    return Box(items).total(stop)


def box_kind(items):
    return Box[int](items).kind()


def alias_in_branch(flag):
    if flag:
        type Alias = int
    else:
        type Alias = str
    return Alias.__name__, Alias.__value__.__name__


def alias_in_loop(n):
    names = []
    for i in range(n):
        type Item[T] = list[T]
        names.append(Item.__name__ + str(i))
    return names


def alias_generic(n):
    type Grid[T] = list[list[T]]
    result = Grid.__type_params__[0].__name__
    if n > 0:
        result += "!" * n
    return result


def module_aliases(x):
    if x > 0:
        return Number.__value__ == int | float
    return Pair.__type_params__[0].__name__


def shadowed_type_param(n):
    # A local T, bound only in the loop, and generics whose type parameter
    # is also T: their reads of T find the type parameter.
    for i in range(n):
        T = i

    def g[T](x: T) -> T:
        return T.__name__

    def h[T: (lambda: T)](x):
        return x

    class C[T]:
        def m(self) -> T:
            return T.__name__

    bound = h.__type_params__[0].__bound__()
    return g(1), bound.__name__, C().m(), g.__annotations__["x"].__name__


CASES = {
    "clamp": [(5, 0, 10), (-1, 0, 10), (11, 0, 10), (2.5, 0.0, 1.0)],
    "first_over": [([1, 5, 9], 4), ([1, 2], 4), ([], 0)],
    "count_down": [(4, "a"), (0, "b")],
    "sees_its_params": [(1,), (0,)],
    "apply_n": [],
    "uses_apply_n": [(0,), (3,)],
    "nested_generic": [(1,), (4,)],
    "box_total": [([1, 2, 3, 4], 3), ([5, 6], 9)],
    "box_kind": [([1],), ([],)],
    "alias_in_branch": [(True,), (False,)],
    "alias_in_loop": [(0,), (3,)],
    "alias_generic": [(0,), (2,)],
    "module_aliases": [(1,), (0,)],
    "shadowed_type_param": [(0,), (2,)],
}

STAGED_ERRORS = {
    ("first_over", 0): "'found' is not allowed to be None before the loop",
    ("first_over", 1): "'found' is not allowed to be None before the loop",
    ("nested_generic", 0): "returns None at the end of the else branch",
    ("nested_generic", 1): "returns None at the end of the else branch",
    ("box_kind", 0): "the condition of an if statement must be a scalar bool",
    ("alias_in_branch", 0): "a staged if can only output",
    ("alias_in_branch", 1): "a staged if can only output",
    ("module_aliases", 0): "'retval_' has dtype bool in the main branch",
    ("module_aliases", 1): "'retval_' has dtype bool in the main branch",
}

PYTHON_ONLY = {
    "count_down": "appends to a Python list inside a staged loop, whose "
                  "body is traced once (use a TensorArray)",
    "uses_apply_n": "appends to a Python list inside a staged loop, whose "
                    "body is traced once (use a TensorArray)",
    "alias_in_loop": "formats the staged loop counter into a string",
}
