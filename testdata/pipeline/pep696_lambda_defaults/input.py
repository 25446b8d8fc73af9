# An unparenthesized lambda as a type parameter's default (Python 3.13): its
# own parameters' `=` are not the type parameter's.
def made_by[T = lambda x=1, *, y=2: x + y](n):
    total = 0
    while n > 0:
        total += T.__default__(n)
        n -= 1
    return total


class Maker[T: int = lambda a=1: a, U = dict(a=1)]:
    def value(self, flag):
        if flag:
            return T.__default__()
        return U.__default__


type Thunk[R = lambda k=3: k] = list[R]
