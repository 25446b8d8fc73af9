def pick(c, a, b):
    return a if c else b


def nested(x):
    return "neg" if x < 0 else "zero" if x == 0 else "pos"


def in_call(x, ys):
    return sum(y if y > x else -y for y in ys)


def multiline_test(x):
    return 1 if x in ("a",
                      "b") else 2
