# AGC310: global/nonlocal in converted code.
total = 0


def add(x):
    global total  # expect: AGC310
    total += x


def counter():
    n = 0

    def inc():
        nonlocal n  # expect: AGC310
        n += 1
    return inc


def two_names(x):
    global total, other  # expect: AGC310
    total = x
    other = x


class C:
    def method(self):
        global total  # expect: AGC310
        return total


# Clean look-alikes.


def reads_global():
    return total


def generator_global():
    global total
    yield total


def local_same_name():
    total = 1
    return total


class D:
    total = 2
