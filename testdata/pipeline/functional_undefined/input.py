def maybe(flag, xs):
    if flag:
        y = 1
    for x in xs:
        z = x
    return y, z


def deleted(flag):
    x = 1
    if flag:
        del x
    return x


def deleted_in_loop(n):
    acc = 0
    tmp = 0
    for i in range(n):
        acc += tmp
        del tmp
        tmp = i
    return acc
