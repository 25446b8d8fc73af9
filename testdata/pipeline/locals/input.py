def find(xs, target):
    for i, x in enumerate(xs):
        if x == target:
            found = locals()
            return found
        if x is None:
            break
    return x or locals(), locals() if xs else vars()
