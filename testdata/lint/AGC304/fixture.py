# AGC304: list growth (append/pop/insert/extend) inside a loop.


def squares(n):
    out = []
    for i in range(n):
        out.append(i * i)  # expect: AGC304
    return out


def drain(stack):
    while stack:
        stack.pop()  # expect: AGC304
    return stack


def prepend(xs, acc):
    for x in xs:
        acc.insert(0, x)  # expect: AGC304
    return acc


def attribute_list(self, xs):
    for x in xs:
        if x:
            self.items.extend([x])  # expect: AGC304


def popped_list(xs):
    todo = list(xs)
    while todo:
        x = todo.pop(0)  # expect: AGC304
    return x


def grown_copy(xs, ys):
    acc = [0] * 3
    if xs:
        acc = sorted(xs)
    for y in ys:
        acc.pop(y)  # expect: AGC304
    return acc


# Clean look-alikes.


def dict_pop(keys):
    state = {}
    for k in keys:
        state.pop(k, None)
        state.pop(k)
    return state


def set_pop(xs):
    seen = set(xs)
    while seen:
        seen.pop()
    return seen


def text_widget(text, lines):
    for line in lines:
        text.insert("insert", line)
        text.insert(1, line, "tag")


def unknown_pop_with_key(cache, keys):
    for k in keys:
        cache.pop(k)


def outside_loop(x):
    out = []
    out.append(x)
    return out


def fresh_each_iteration(xs):
    total = 0
    for x in xs:
        row = []
        row.append(x)
        total += len(row)
    return total


def other_method(xs, d):
    for x in xs:
        d.update(x)
        d.add(x)
    return d


def comprehension(xs):
    return [x * 2 for x in xs]


def generator_loop(xs):
    out = []
    for x in xs:
        out.append(x)
        yield out


class Worklist:
    def __init__(self, xs):
        self.pending = list(xs)
        self.seen = set()
        self.names = ()
        self.heap = None

    def reset(self):
        self.heap = []

    def run(self):
        while self.pending:
            item = self.pending.pop(0)  # expect: AGC304
            self.heap.pop(0)  # expect: AGC304
            self.seen.pop()
            self.names.append(item)

    def other_receiver(self, other):
        for x in other.pending:
            other.pending.pop(0)

class Parser(Base):
    def pop(self):
        return None

    def run(self, tokens):
        for t in tokens:
            self.pop()


class Plain:
    def run(self, tokens):
        for t in tokens:
            self.append(t)


class Stack(list):
    def drain(self):
        while self:
            self.pop()  # expect: AGC304

out = []
for i in range(3):
    out.append(i)


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
