import pdb


class Base:
    def method(self):
        return super().method()


def frame_builtins(x):
    a = locals()
    b = globals()
    c = vars()
    d = dir()
    e = eval("x + 1")
    exec("y = 1")
    return a, b, c, d, e


def debugging():
    breakpoint()
    pdb.set_trace()


def fstring(x):
    # f-strings print as written: their calls stay as they are.
    return f"{len(x)} items"


def module_level_only_in_functions():
    pass


print("module level calls stay direct")
