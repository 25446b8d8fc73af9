"""A function's variable that the original leaves unbound, read as a free
variable: from a lambda, a nested function, a class body, a generator
expression, a comprehension, or a generator left unconverted. Python raises
NameError ("cannot access free variable"), caught or not; converted control
flow leaves an `ag__.Undefined` there instead, which those reads must not
take for a value (issue 32, found by scripts/random_programs.py)."""


def lambda_read(x):
    if x > 0:
        y = x
    g = lambda: y  # noqa: E731
    try:
        return g()
    except NameError as e:
        return "caught: %s" % e


def nested_function_read(x):
    if x > 0:
        y = x

    def inner():
        return y * 2
    return inner()


def class_body_read(x):
    if x > 0:
        y = x

    class K:
        z = y
    return K.z


def class_body_own_name(x):
    if x > 0:
        y = x

    class K:
        y = 5
        z = y
    return K.z


def generator_expression_read(x):
    if x > 0:
        y = x
    return list(y for _ in range(2))


def generator_expression_consumed_later(x):
    y = 0
    g = (y for _ in range(1))
    del y
    if x > 0:
        y = 5
    return list(g)


def comprehension_read(x):
    if x > 1:
        y = x
    if x:
        return [y for _ in range(2)]
    return 0


def comprehension_target_shadows(x):
    if x > 0:
        y = x
    return [y for y in range(3)]


def closure_made_in_loop(n):
    fs = []
    for i in range(n):
        fs.append(lambda: y)
        y = i
    return [f() for f in fs]


def closure_called_in_loop(n):
    g = lambda: y  # noqa: E731
    out = []
    for i in range(n):
        try:
            out.append(g())
        except NameError:
            out.append("unbound")
        y = i
    return out


def two_levels_down(x):
    if x:
        y = 1

    def a():
        def b():
            return [lambda: y for _ in range(1)][0]()
        return b()
    return a()


def nonlocal_augmented(x):
    if x:
        y = 1

    def inner():
        nonlocal y
        y += 1
        return y
    return inner()


def nonlocal_deleted(x):
    if x:
        y = 1

    def inner():
        nonlocal y
        del y
    inner()
    return "deleted"


def unconverted_generator(x):
    def gen(n):
        for k in range(n):
            yield k * a
    for a in gen(x):
        pass
    return x


def unconverted_generator_test(x):
    def gen(n):
        for k in range(n):
            if k == -b:
                pass
            yield k
    for b in gen(x):
        pass
    return b


def unconverted_generator_nonlocal(x):
    if x > 1:
        c = 0

    def gen(n):
        nonlocal c
        for k in range(n):
            c += k
            yield c
    return list(gen(x))


def bound_after_return_in_loop(x):
    # The lowered return guards `d = 1` with an `if` on its flag.
    def gen(n):
        for k in range(n):
            yield k * d
    for a in gen(x):
        return a
    d = 1
    return list(gen(2))


def lambda_after_return_in_loop(xs):
    g = lambda: d  # noqa: E731
    for v in xs:
        if v < 0:
            return g()
    d = len(xs)
    return g()


class _Cm:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def bound_later_in_same_statement(x):
    # control_flow starts c as an ag__.Undefined: no top-level statement
    # before the `with` binds it.
    g = lambda: c  # noqa: E731
    try:
        first = g()
    except NameError as e:
        first = str(e)
    with _Cm():
        c = x
        if x:
            c += 1
    return first, g()


def bound_only_in_dead_code(x):
    g = lambda: a  # noqa: E731
    try:
        return g()
    except NameError as e:
        return str(e)
    while x:
        a = 1


def parameter_shadows(x):
    if x > 0:
        y = x
    f = lambda y=3: y  # noqa: E731
    return f()


CASES = {
    "lambda_read": [(0,), (1,)],
    "nested_function_read": [(0,), (2,)],
    "class_body_read": [(0,), (3,)],
    "class_body_own_name": [(0,), (3,)],
    "generator_expression_read": [(0,), (1,)],
    "generator_expression_consumed_later": [(0,), (1,)],
    "comprehension_read": [(0,), (1,), (2,)],
    "comprehension_target_shadows": [(0,), (1,)],
    "closure_made_in_loop": [(0,), (1,), (3,)],
    "closure_called_in_loop": [(0,), (1,), (3,)],
    "two_levels_down": [(0,), (1,)],
    "nonlocal_augmented": [(0,), (1,)],
    "nonlocal_deleted": [(0,), (1,)],
    "unconverted_generator": [(0,), (1,), (3,)],
    "unconverted_generator_test": [(0,), (1,), (2,)],
    "unconverted_generator_nonlocal": [(0,), (1,), (2,), (3,)],
    "bound_after_return_in_loop": [(0,), (1,)],
    "lambda_after_return_in_loop": [([],), ([1, -1],), ([1, 2],)],
    "bound_later_in_same_statement": [(0,), (1,)],
    "bound_only_in_dead_code": [(0,), (1,)],
    "parameter_shadows": [(0,), (1,)],
}

_STAGED = ("a name left unbound on a path of a staged condition or loop: "
           "staging needs it defined on every path")
PYTHON_ONLY = {name: _STAGED for name in CASES}
