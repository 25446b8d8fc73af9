def make(scale):
    def step(x):
        if x > 0:
            y = x * scale
            return locals()
        return vars()
    return step
