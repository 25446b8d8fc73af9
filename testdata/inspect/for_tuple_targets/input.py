def weighted(pairs):
    acc = 0.0
    for i, (w, x) in enumerate(pairs):
        acc += w * x
        last = i
    return acc, last


def swap_all(d):
    out = {}
    for k, v in d.items():
        out[v] = k
    return out
