def decode(logits, tokens, max_len):
    t = 1
    while t < max_len:
        nxt = logits[:, t - 1, :].argmax(-1)   # reads t: get_item
        tokens[:, t] = nxt                     # a write in a loop: set_item
        first = logits[0]                      # fixed index: stays
        window = logits[:, :max_len]           # reads no loop variable: stays
        t += 1
    return tokens


def rows(x, table, d, n):
    total = 0
    for i in range(n):
        total = total + x[i] * x[i, 0]         # single and tuple index
        table[i][0] = total                    # not a name: stays (the read table[i] too)
        x[i] += 1                              # augmented: read, +=, write
        x[0] = x[1] = i                        # two targets: stays
        del d[i]                               # del: stays
        d[i] = x[-i]                           # both sides evaluated: value not inert, key inert
        d[i + 1] = x[i]                        # neither inert: stays
        for j in range(i):
            total = total + x[i, j:] .sum()    # outer and inner loop variables
        g = [row[i] for row in table]          # in a comprehension
        h = lambda k: x[i]                     # a lambda: another scope
        s = f"{x[i]}"                          # f-strings stay
    return total, g, h, s


def outside(x, i):
    y = x[i]                                   # no loop: stays
    x[i] = y                                   # no loop: stays
    return x


def unbound_or_shared(flag, v, n):
    for i in range(n):
        if flag:
            d = {}
        d[i] = v                               # d may be unbound: stays
        shared[i] = v                          # not a local: stays
    return shared
