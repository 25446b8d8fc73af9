# A local T of the converted function, bound only in a loop, and generic
# functions and classes whose type parameter is also named T (PEP 695):
# their reads of T are the type parameter's, so T is no state of the loop
# and is never read through ag__.ld or ag__.ld_free.
def outer(n):
    for i in range(n):
        T = i
    def g[T](x: T) -> T:
        return T.__name__
    def h[T: (lambda: T)](x):
        return x
    class C[T]:
        def m(self) -> T:
            return T
    return g(1), h, C
