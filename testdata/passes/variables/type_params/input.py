# Type parameters named like a local of the converted function around them
# (PEP 695): the generic function's reads of T, in its annotations and its
# body, and those of a lambda in a bound, find the type parameter in its
# annotation scope, not the local T, which may be unbound.
def outer(c):
    if c:
        T = 1
    def g[T](x: T) -> T:
        return T.__name__
    def h[T: (lambda: T), U = (lambda y=T: y)](x: U):
        return x
    class C[T]:
        def m(self) -> T:
            return T
    return g(1), h, C, T
