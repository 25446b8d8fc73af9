"""No twin where none is needed: a function whose twin would do what it
does under every backend is written once, as written (agc inspect says
which construct needs a twin). One pair per construct: without it, with it."""
import functools
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
    # What the function runs of a nested def is its header; the def needs
    # a twin of the function when it needs one itself.
    def inner(y):
        return y + x
    return inner


def with_nested_twin(x):
    def sign(y):
        if y > 0:
            return x
        return -x
    return sign


def with_nested_def_default(x):
    def inner(y=len(x)):
        return y
    return inner


def with_nested_def_decorator(x):
    @functools.lru_cache(maxsize=None if x else 1)
    def inner(y):
        return y
    return inner


def with_class(x):
    class Box(object, metaclass=type):
        value = x
        def get(self):
            return self.value
    return Box


def with_class_twin(x):
    class Box:
        def get(self):
            for v in x:
                return v
    return Box


def with_class_if(x):
    class Box:
        if x:
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
    # super(), locals() and the like a twin calls in the original's context.
    return super().method()


def with_locals(x):
    return locals(), vars(), globals(), dir()


def with_eval(x):
    return eval("x + 1"), exec("pass")


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
