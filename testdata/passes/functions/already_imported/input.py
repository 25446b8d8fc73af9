import agc_runtime as ag__


def f(x):
    return ag__.ld(x)
