# AGC311: exec/eval in converted code.


def apply(op, x):
    return eval(f"x {op} 1")  # expect: AGC311


def run(code):
    exec(code)  # expect: AGC311


def nested(x):
    if x:
        return eval("x + 1", {"x": x})  # expect: AGC311
    return x


def in_lambda(xs):
    return list(map(lambda s: eval(s), xs))  # expect: AGC311


# Clean look-alikes.


def shadowed(eval, x):
    return eval(x)


def method_named_eval(model, x):
    return model.eval(x)


def other_builtin(x):
    return repr(x)


def local_exec(x):
    def exec(y):
        return y
    return exec(x)


print(eval("1 + 1"))
