def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def running(xs):
    prev = None
    for x in xs:
        if prev is not None:
            print(x - prev)
        prev = x
