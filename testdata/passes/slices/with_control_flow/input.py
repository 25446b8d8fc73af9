def count(words):
    counts = {}
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    return counts


def prefix_sums(xs):
    out = [0] * len(xs)
    total = 0
    for i in range(len(xs)):
        total += xs[i]
        out[i] = total
    return out
