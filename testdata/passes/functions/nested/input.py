def outer(x):
    scale = 2

    def inner(y):
        return (x + y) * scale

    class Local:
        def method(self):
            return inner(1)

    add = lambda a, b=scale: a + b
    squares = [(lambda v: v * v)(i) for i in range(3)]
    return inner(x) + Local().method() + add(1) + sum(squares)


class Outer:
    attr = [lambda: 1]  # class level: runs at import, stays as written

    def method(self, n):
        return sorted(range(n), key=lambda k: -k)

    @staticmethod
    def static(n):
        return n

    @property
    def prop(self):
        return 42
