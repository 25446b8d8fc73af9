counter = 0


class Model:
    def fit(self, xs):
        for x in xs:
            self.weight = self.weight + x
            self.cache["last"] = x
        return self.weight


def bump(n):
    global counter
    while n:
        counter += 1
        n -= 1


def outer(n):
    hits = 0

    def inner():
        nonlocal hits
        for _ in range(n):
            if hits < 10:
                hits += 1
    inner()
    return hits


def deletes(flag):
    x = 1
    if flag:
        del x
    return x


log = None


def make_logger(verbose):
    # `log` is the module's, changed only by `emit` through its own
    # `global`: no state here (a helper's `nonlocal log` would not compile).
    if verbose:
        def emit(msg):
            global log
            log = msg
    else:
        emit = print
    return emit
