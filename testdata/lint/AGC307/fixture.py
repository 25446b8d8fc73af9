# AGC307: `while True:` whose exit is a break.


def count_down(x):
    while True:  # expect: AGC307
        x = x - 1
        if x < 0:
            break
    return x


def while_one(it):
    while 1:  # expect: AGC307
        if next(it) is None:
            break


def deep_break(xs):
    while True:  # expect: AGC307
        try:
            xs.remove(0)
        except ValueError:
            break


def with_else(n):
    while True:  # expect: AGC307
        n += 1
        if n > 3:
            break
    else:
        n = 0
    return n


# Clean look-alikes.


def real_condition(x):
    while x > 0:
        x -= 1
        if x == 5:
            break


def break_in_inner_loop(xs):
    while True:
        for x in xs:
            if x:
                break
        return xs


def returns_only(x):
    while True:
        if x:
            return x
        x += 1


def generator(x):
    while True:
        yield x
        break
