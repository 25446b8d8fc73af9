def outer(fscope, xs):
    # The user's `fscope` makes the scope `fscope_1`.
    def inner(y):
        return abs(y)

    @decorate(len(xs))
    def decorated(z=min(xs)):
        return max(z, 0)

    square = lambda v: pow(v, 2)
    return inner(fscope) + square(2) + decorated()


class K:
    size = len("abc")  # class level: stays direct

    def m(self):
        class Local:
            n = len("ab")  # class body inside a converted function
        return Local.n
