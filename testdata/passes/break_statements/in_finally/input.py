def break_in_finally(xs):
    for x in xs:
        try:
            x = 1 / x
        finally:
            break
    return x


def continue_in_finally(xs):
    total = 0
    for x in xs:
        try:
            total += 1 / x
        finally:
            if x:
                continue
        total += 1
    return total


def loop_inside_finally_is_fine(xs):
    try:
        pass
    finally:
        for x in xs:
            if x:
                break
    return xs
