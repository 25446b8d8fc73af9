import os


def f(x: tf.Tensor):
    if x:
        y = 1
    return y


def g(xs: tf.Tensor):
	out = []
	for x in xs:
		out.append("é" + x)  # a tab-indented line
	return out


def h(x):
    return x  # agc: ignore[AGC301]


def gen():
    yield 1
