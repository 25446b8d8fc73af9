def walrus(x):
    return (y := x) and y + 1


def in_comprehension(xs):
    return [x for x in xs if x and (last := x)] and last


def frame(x):
    return x or dir()


def class_body(a, b):
    class C:
        both = a and b
    return C.both
