def shapes(f, a, b, d):
    f()
    f(a)
    f(a, b)
    f(*b)
    f(a, *b, a)
    f(k=a)
    f(a, k=a, j=b)
    f(**d)
    f(a, k=1, **d)
    f(**d, **d)
    return f(a)(b)


def methods_and_nesting(obj, xs):
    obj.method(len(xs), key=sorted(xs))
    print("x", sep="")
    return [str(x) for x in range(3)]
