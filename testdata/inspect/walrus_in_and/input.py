def left_operand(x):
    if (y := x * 2) > 4 and y < 100:
        x = x + 1
    return y


def right_operand(x):
    if x > 4 and (y := x * 2) < 100:
        x = x + 1
    return y


def in_a_loop(xs, x):
    for i in xs:
        if (y := i * 2) > 4 and y < 100:
            x = y
    return x
