def square(x):
    return x * x


def check(x):
    if x == 0:
        raise ValueError("size must not be zero")  # frame: raise
    return -x


def inverse(x):
    result = 1 / x  # frame: divide
    return result
