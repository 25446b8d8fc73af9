def maybe(c):
    if c:
        y = 1
    return y


def loop_target(n):
    for i in range(n):
        pass
    return i


def deleted(x):
    del x
    return x


def read_before_write():
    print(z)
    z = 1
    return z


def handler_name(e):
    try:
        pass
    except ValueError as e:
        pass
    return e


def param_and_local(a, c):
    if c:
        b = a
    return a, b
