def decode(logits, tokens, eos, max_len):
    t = 1
    done = tokens[:, 0] == eos
    while t < max_len and not done.all():
        nxt = logits[:, t - 1].argmax(-1)
        tokens[:, t] = nxt
        done = done | (nxt == eos)
        t += 1
    return tokens, t


def running_max(xs):
    best = xs[0]
    for i in range(1, len(xs)):
        if xs[i] > best:
            best = xs[i]
    return best
