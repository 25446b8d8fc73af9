"""Nothing to convert: the file stays as it is and gets no runtime import."""
x = [i for i in range(3)]
f = lambda: x
