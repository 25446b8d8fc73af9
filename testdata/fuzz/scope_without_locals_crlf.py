x = 1
def f():
    return x
# end