counter = 0


class Model:
    def fit(self, xs):
        # Composite state: self.weight.
        for x in xs:
            self.weight = self.weight + x
        return self.weight


def bump(n):
    # A global in the state.
    global counter
    while n:
        counter += 1
        n -= 1


def outer(n):
    hits = 0

    def inner():
        # A nonlocal in the state.
        nonlocal hits
        for _ in range(n):
            hits += 1
    inner()
    return hits


def closure(x, n):
    scale = lambda v: v * x
    while n > 0:
        x = x + 1
        n -= 1
    return scale(n)


def shared(n):
    total = 0

    def add(v):
        nonlocal total
        total += v
    for i in range(n):
        add(i)
        # The inner if's state does not reach `add`: it stays functional.
        if i > 2:
            k = i
        else:
            k = 0
        total += k
    return total


def snapshot(n):
    i = 0
    while i < n:
        i += 1
    return locals()


def walrus(it):
    n = 0
    while (v := next(it, None)) is not None:
        n += v
    return n, v


def guarded(xs):
    # An exception raised midway must find what the loop changed so far.
    seen = 0
    try:
        for x in xs:
            seen += 1 / x
    except ZeroDivisionError:
        pass
    return seen
