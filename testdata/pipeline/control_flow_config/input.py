# [tool.agc] control-flow = "nonlocal" (pyproject.toml beside this file)
# asks for the nonlocal form without the flag.
def total(xs):
    s = 0
    for x in xs:
        if x > 0:
            s += x
    return s
