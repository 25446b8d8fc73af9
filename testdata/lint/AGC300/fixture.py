# AGC300: suppressions that suppress nothing.


def h(x):
    return x  # agc: ignore[AGC301]  # expect: AGC300


def k(x):
    return x  # agc: ignore  # expect: AGC300


def m(x):
    if x:
        y = 1
    return y  # agc: ignore[AGC301, AGC302]  # expect: AGC300


def n(x):
    return x  # agc: ignore[AGC999]  # expect: AGC300


# Clean look-alikes.


def f(x):
    if x:
        y = 1
    return y  # agc: ignore[AGC301]


def g(x):
    if x:
        y = 1
    return y  # agc: ignore


def clean(x):
    return x  # agc: ignored words are not a suppression


def hint(xs):
    # agc: loop-vars(x)
    for x in xs:
        print(x)
