def finally_raises(x):
    out = []
    try:
        try:
            if x > 0:
                return 'early'
        finally:
            out.append(1 // 0)
    except ZeroDivisionError:
        out.append('handled')
    return out


def swallowed(xs, cm):
    for x in xs:
        with cm:
            with cm:
                if x:
                    break
                if x > 1:
                    continue
        x += 1
    return x


def not_caught(x):
    # Nothing in the function catches: the flag needs no reset.
    try:
        if x:
            return 1
    finally:
        x += 1
    return x
