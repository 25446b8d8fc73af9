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
