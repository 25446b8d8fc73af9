def reads(xs, grid, d):
    a = xs[0] + xs[-1]
    b = grid[1][2]
    c = xs[1:] + xs[::2]          # slices stay
    e = grid[0, 1]                # a tuple index stays
    f = d["key"]
    g = [row[0] for row in grid]
    h = lambda i: xs[i]
    return a, b, c, e, f, g, h, f"{xs[0]}"


def writes(xs, i, v):
    xs[0] = v                     # index and value inert
    xs[i] = xs[i - 1]             # index inert
    xs[i + 1] = v                 # value inert
    xs[i + 1] = xs[i]             # neither: kept
    xs[0] += 1                    # augmented: kept
    xs[0] = xs[1] = v             # two targets: kept
    xs[1:2] = [v]                 # a slice: kept
    del xs[0]
    xs[0][1] = v                  # not a name: kept (the read inside too)
    return xs


def unbound_or_shared(flag, v):
    if flag:
        d = {}
    d["k"] = v                    # d may be unbound: kept
    shared[0] = v                 # not a local: kept
    return shared


def annotated(xs: list[int]) -> dict[str, int]:
    y: list[int] = xs[0]
    return y


shared = [0]
