def sign(x):
    if x > 0:
        y = 1
    elif x < 0:
        y = -1
    else:
        y = 0
    return y


def only_read(x, log):
    if x:
        log.append(x)
    return log


def branch_local(x):
    if x:
        tmp = x + 1
        out = tmp
    else:
        out = 0
    return out


def input_only(x, y):
    # y is read inside before it is written: carried in, not out.
    if x:
        y = y + 1
        print(y)
    return x
