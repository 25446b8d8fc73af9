def f(x):
    type Vector = list[float]
    return x
