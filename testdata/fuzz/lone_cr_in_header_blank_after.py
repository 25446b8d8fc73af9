def f(x, n,items):
    def meth(self): pass

