# AGC301: a local bound only on some paths of an if, read after it (a loop
# that binds it only in its body is AGC316).
import sys


def one_branch(x):
    if x > 0:
        y = x * 2
    return y  # expect: AGC301


def elif_missing(x):
    if x > 0:
        y = 1
    elif x < 0:
        y = -1
    print("sign")
    return y  # expect: AGC301


def only_in_loop(xs):
    for x in xs:
        last = x
    return last  # expect: AGC316


def while_body(n):
    while n > 0:
        n -= 1
        seen = n
    total = seen + 1  # expect: AGC316
    return total


def loop_target(xs):
    for item in xs:
        pass
    return item  # expect: AGC316


def two_ifs(a, b):
    if a:
        y = 1
    if b:
        y = 2
    return y  # expect: AGC301


# Clean look-alikes.


def both_branches(x):
    if x > 0:
        y = 1
    else:
        y = -1
    return y


def bound_before(xs):
    last = None
    for x in xs:
        last = x
    return last


def not_read_after(x):
    if x > 0:
        y = x * 2
        print(y)
    return x


def rebound_before_read(x):
    if x > 0:
        y = 1
    y = 2
    return y


def returns_in_other_branch(x):
    if x > 0:
        y = 1
    else:
        return 0
    return y


def generator_left_alone(x):
    if x > 0:
        y = 1
    yield y


def bound_in_try_or_exit(argv):
    try:
        args = parse(argv)
    except ValueError:
        usage()
        sys.exit(2)
    if not args:
        args = ["-"]
    return args


def bound_in_try_before_finally(fds):
    try:
        count = 0
        for fd in fds:
            if fd:
                count += 1
    finally:
        cleanup()
    return count


def bound_before_except(text):
    try:
        first = pos = text.index("sel.first")
    except KeyError:
        pos = ""
    if not pos:
        first = pos = text.index("insert")
    return first


y = 0
if y:
    z = 1
print(z)


def chosen_in_python(x, scale=None):
    if scale is None:
        factor = 1.0
    elif isinstance(scale, float):
        factor = scale
    return x * factor


VERBOSE = False


def log_only_when_verbose(x):
    if VERBOSE:
        note = f"x={x}"
    return note if VERBOSE else x


def walrus_in_left_operand(xs, x):
    # The left operand of `and` always runs: `y` is bound before `y < 100`.
    for i in xs:
        if (y := i * 2) > 4 and y < 100:
            x = y
    return x


def walrus_in_right_operand(x):
    # The right operand may not run: `y` may be unbound after the `if`.
    if x > 4 and (y := x * 2) < 100:
        x = y
    return y  # expect: AGC301


class KerasStyleLayer:
    # Configuration flags: plain Python values set in __init__ from its
    # parameters or constants; tests on them are never staged (silent).
    def __init__(self, units, use_bias=True, scale=False, power_iterations=1):
        self.units = units
        self.use_bias = use_bias
        self.scale = scale
        self.power_iterations = power_iterations
        self.sublayers = []

    def call(self, x):
        if self.use_bias:
            return x + 1.0
        x = x * 2.0

    def scaled(self, x):
        if self.scale:
            gamma = 2.0
        return x * gamma

    def normalize(self, w, u):
        for _ in range(self.power_iterations):
            if self.units > 3:
                return u
            u = w * u
        return u

    def stack(self, x):
        outs = []
        for layer in self.sublayers:
            outs.append(layer(x))
        return outs

    def dims(self, x):
        for i, dim in enumerate([0, 1]):
            if dim:
                last = i
        return x, last


def typed_python(x, n: int, flags: list):
    out = []
    for i in range(n):
        out.append(x)
    for f in flags:
        if f is None:
            return out
    return out
