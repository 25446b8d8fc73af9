"""No twin where none is needed: a function whose twin would do what it
does under every backend is written once, as written (agc inspect says
which construct needs a twin). One pair per construct: without it, with it."""
import math


def straight(a, b=1, *c, d=2, **e):
    """Assignments, arithmetic, attribute reads, calls: as written."""
    x = a + b * math.pi
    x += -a
    y: float = x
    del y
    return obj(x, *c, k=d, **e).attr[0], f"{x!r}", a < b, a is None


def raises(x):
    raise ValueError(x)


def with_if(x):
    if x:
        x = -x
    return x


def with_while(x):
    while x:
        x -= 1
    return x


def with_for(xs):
    t = 0
    for x in xs:
        t += x
    return t


def with_try(x):
    try:
        return g(x)
    except KeyError:
        return None


def with_with(x):
    with x:
        return g(x)


def with_match(x):
    match x:
        case 1:
            return 0
    return x


def with_nested_def(x):
    def inner(y):
        return y + x
    return inner


def with_class(x):
    class Box:
        value = x
    return Box


def with_assert(x):
    assert x > 0, "positive"
    return x


def early_return(x):
    return x
    print(x)


def last_return(x):
    g(x)
    return x


def with_and(a, b):
    return a and b


def with_or(a, b):
    return a or b


def with_not(a):
    return not a


def with_negation(a):
    return -a


def with_ternary(a, b):
    return a if b else 0


def with_chain(lo, x, hi):
    return lo < x <= hi


def with_comparison(lo, x):
    return lo < x


def with_lambda(a):
    return lambda: a


def with_comprehension(xs):
    return [x * 2 for x in xs]


def with_generator(xs):
    return sum(x * 2 for x in xs)


def with_walrus(x):
    g(y := x)
    return y


def with_len(xs):
    return len(xs)


def with_range(n):
    return range(n)


def with_print(x):
    print(x)


def with_super(self):
    return super().method()


def with_locals(x):
    return locals()


def with_sum_and_str(xs):
    return sum(xs) + str(xs).count("x")


class Model:
    def __init__(self, w):
        self.w = w

    def forward(self, x):
        return self.w * x

    def relu(self, x):
        if x > 0:
            return x
        return 0 * x
