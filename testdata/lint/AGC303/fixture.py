# AGC303: return from inside an if on some paths, falling off the end on others.


def clip(x):
    if x > 10:
        return 10  # expect: AGC303
    x = x + 1


def nested(x, y):
    if x:
        if y:
            return x + y  # expect: AGC303
    print(x)


def elif_chain(x):
    if x > 0:
        print("positive")
    elif x < 0:
        return -x  # expect: AGC303


def in_else(x):
    if x:
        x += 1
    else:
        return 0  # expect: AGC303


def python_if_in_staged_if(x, y=None):
    if x > 0:
        if y is None:
            return x  # expect: AGC303
    print(x)


# Clean look-alikes.


def both_return(x):
    if x > 10:
        return 10
    return x


def all_branches(x):
    if x:
        return 1
    else:
        return 2


def bare_returns(x):
    if x:
        return
    print(x)


def return_none(x):
    if x:
        return None
    print(x)


def raises_otherwise(x):
    if x:
        return 1
    raise ValueError(x)


def in_loop_only(xs):
    for x in xs:
        return x
    return None


def early_exit_in_python(items):
    if not isinstance(items, list):
        return items
    for i in range(len(items)):
        items[i] = items[i] / 2


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
