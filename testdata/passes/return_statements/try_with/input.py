def try_else(f, x):
    try:
        if x:
            return f(x)
    except ValueError:
        return None
    else:
        x = 0
    return x


def in_with(lock, xs):
    with lock:
        for x in xs:
            if x:
                return x
    return None


def top_level_try(f):
    try:
        return f()
    finally:
        print("done")


def in_finally(xs):
    try:
        for x in xs:
            if x:
                return x
    finally:
        if not xs:
            return 0


def nested_def(xs):
    def pick(v):
        if v:
            return v
        return None
    out = [pick(x) for x in xs]
    return out
