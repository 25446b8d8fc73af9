def decode(scores, tokens, bias, n):
    t = 0
    while t < n:
        scores[:, t] += bias                   # augmented write: read, +=, write
        tokens[t] -= 1                         # a second one: its own name
        t += 1
    return scores, tokens


def kept(x, table, n, x_item):
    for i in range(n):
        x[i] += x_item                         # the name x_item is taken: x_item_1
        x[i + 1] += 1                          # key not inert: its value once, x_key
        table.rows[i] += 1                     # not a name: stays
        x[i] += (y := i)                       # walrus: stays
        if i:
            x[i] *= 2                          # in a branch of the loop
        x[0] += 1                              # key reads no loop variable: stays
    x[0] += 1                                  # no loop: stays
    return x, y
