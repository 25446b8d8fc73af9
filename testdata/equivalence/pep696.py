# agc-requires-python: 3.13
"""PEP 696 (Python 3.13): type parameter defaults on generic functions,
classes and aliases, with control flow around them."""

type Table[K = str, V = int] = dict[K, V]


def default_of[T = int, *Ts = *tuple[str, ...], **P = [int, str]](n: int):
    names = []
    for p in (T, Ts, P):
        if p.has_default():
            names.append(repr(p.__default__))
        else:
            names.append("-")
    if n > 1:
        names.reverse()
    return names


class Counter[T: int = bool]:
    def __init__(self, start):
        self.value = start

    def step(self, n: T) -> T:
        i = 0
        while i < n:
            self.value += 1
            i += 1
            if self.value > 10:
                break
        return self.value

    def default(self):
        return T.__default__.__name__ if T.has_default() else None


def counter_steps(start, n):
    c = Counter(start)
    return c.step(n), c.default()


def table_defaults(flag):
    if flag:
        return [p.__default__.__name__ for p in Table.__type_params__]
    type Local[X = float] = list[X]
    return Local.__type_params__[0].__default__.__name__


def lambda_default[T = lambda x=1, *, y=2: x + y](n):
    # An unparenthesized lambda as the default: its `=` are its own.
    total = 0
    while n > 0:
        total += T.__default__(n)
        n -= 1
    return total, T.__default__()


CASES = {
    "default_of": [(0,), (2,)],
    "counter_steps": [(0, 3), (9, 5)],
    "table_defaults": [(True,), (False,)],
    "lambda_default": [(0,), (3,)],
}

STAGED_ERRORS = {
    ("table_defaults", 0): "must have the same nested structure",
    ("table_defaults", 1): "must have the same nested structure",
}

PYTHON_ONLY = {
    "default_of": "reverses a Python list in a staged branch; tracing runs "
                  "both branches",
}
