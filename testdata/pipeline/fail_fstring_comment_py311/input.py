def f(x):
    return f"""{
        x  # the value
    }"""
