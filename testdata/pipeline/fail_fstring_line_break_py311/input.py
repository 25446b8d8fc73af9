def f(x, y):
    return f"{x +
        y}"
