"""Ordinary PyTorch with data-dependent control flow (bench_torch.py): agc
converts this file; hand_kernels.py holds the same computations written
with torch.cond and while_loop."""
import torch


def newton(a):
    x = a
    i = torch.zeros((), dtype=torch.int64)
    while i < 50:
        x = (x + a / x) / 2
        if (x * x - a).abs().max() < 1e-6:
            break
        i = i + 1
    return x


def gated(w, x):
    h = w @ x
    if h.norm() > 1:
        return torch.tanh(h)
    return h * 2


def rollout(w, x, n):
    for _ in range(n):
        x = torch.tanh(w @ x)
    return x


def greedy(emb, out, start, eos):
    # A decoding loop: read the last token at a traced position, write the
    # next into the buffer, stop when every row has emitted eos.
    buf = torch.zeros(start.shape[0], 16, dtype=torch.long)
    buf[:, 0] = start
    done = start == eos
    t = 1
    while t < 16 and not done.all():
        h = torch.tanh(emb[buf[:, t - 1]])
        nxt = torch.where(done, eos, (h @ out).argmax(-1))
        buf[:, t] = nxt
        done = done | (nxt == eos)
        t += 1
    return buf


def greedy_for(emb, out, start, eos):
    # The same written as a for over range(...) with a break.
    buf = torch.zeros(start.shape[0], 16, dtype=torch.long)
    buf[:, 0] = start
    done = start == eos
    for t in range(1, 16):
        h = torch.tanh(emb[buf[:, t - 1]])
        nxt = torch.where(done, eos, (h @ out).argmax(-1))
        buf[:, t] = nxt
        done = done | (nxt == eos)
        if done.all():
            break
    return buf
