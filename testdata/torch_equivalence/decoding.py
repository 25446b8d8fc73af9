"""Generation loops as users write them around a model: read the last
position (`logits[:, t - 1]`, `buf[:, t - 1]`, `noise[i]` with a traced
position), write into a token buffer (`buf[:, t] = nxt`), stop when every
row has emitted EOS or the buffer is full, count iterations with `break`,
update flags in place (`done |= ...`, `i += 1` in a branch), add into a
position (`acc[:, t] += v`)."""
import torch
from torch import nn

V = 7  # vocabulary
L = 6  # buffer length


class _Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, 5)
        self.out = nn.Linear(5, V)

    def step(self, last):
        return self.out(torch.tanh(self.emb(last)))


class GreedyWhile(_Decoder):
    # while t < max_len and not done.all(): the loop's test is a tensor.
    def forward(self, start, eos):
        buf = torch.zeros(start.shape[0], L, dtype=torch.long)
        buf[:, 0] = start
        done = start == eos
        t = 1
        while t < L and not done.all():
            nxt = self.step(buf[:, t - 1]).argmax(-1)
            nxt = torch.where(done, eos, nxt)
            buf[:, t] = nxt
            done = done | (nxt == eos)
            t += 1
        return buf, t


class GreedyForBreak(_Decoder):
    # The same as a for over range(...) with a break on a tensor.
    def forward(self, start, eos):
        buf = torch.zeros(start.shape[0], L, dtype=torch.long)
        buf[:, 0] = start
        done = start == eos
        for t in range(1, L):
            logits = self.step(buf[:, t - 1])
            nxt = torch.where(done, eos, logits.argmax(-1))
            buf[:, t] = nxt
            done |= nxt == eos
            if done.all():
                break
        return buf


class Sampled(_Decoder):
    # Temperature and top-k sampling with Gumbel noise passed in
    # (noise[t - 1] reads the step's row), and a repetition rule: an if on
    # a tensor that re-draws a token already in the row.
    def forward(self, start, noise, eos):
        buf = torch.zeros(start.shape[0], L, dtype=torch.long)
        buf[:, 0] = start
        seen = torch.zeros(start.shape[0], V, dtype=torch.bool)
        seen = seen.scatter(1, start[:, None], True)
        done = start == eos
        t = 1
        while t < L and not done.all():
            logits = self.step(buf[:, t - 1]) / 0.7
            top = logits.topk(3, dim=-1)
            scores = top.values + noise[t - 1]
            nxt = top.indices.gather(1, scores.argmax(-1, keepdim=True))[:, 0]
            if seen.gather(1, nxt[:, None]).any():
                nxt = (nxt + 1) % V
            nxt = torch.where(done, eos, nxt)
            buf[:, t] = nxt
            seen = seen.scatter(1, nxt[:, None], True)
            done = done | (nxt == eos)
            t += 1
        return buf


class Functional(_Decoder):
    # Writes without subscripts: the buffer rebuilt each step.
    def forward(self, start, eos):
        buf = start[:, None]
        last = start
        done = start == eos
        t = torch.ones((), dtype=torch.long)
        out = torch.full((start.shape[0], L), -1, dtype=torch.long)
        out = out.index_copy(1, torch.zeros(1, dtype=torch.long), buf)
        while t < L and not done.all():
            nxt = torch.where(done, eos, self.step(last).argmax(-1))
            out = out.index_copy(1, t.reshape(1), nxt[:, None])
            done = done | (nxt == eos)
            last = nxt
            t = t + 1
        return out


def newton_count(x):
    # A loop that counts its iterations and stops on a tensor: the lowered
    # break puts `i += 1` in a branch, which changes the branch's input.
    i = 0
    y = x
    while i < 50:
        y2 = y - (y * y - x) / (2 * y)
        if (y2 - y).abs().max() < 1e-6:
            break
        y = y2
        i += 1
    return y, i


def flags_in_place(x):
    # `m |= c` and `k += 1` update the loop's tensors in place.
    m = x > 3
    k = torch.zeros((), dtype=torch.long)
    while not m.all() and k < 5:
        m |= x > 3 - k
        k += 1
    return m, k


def read_and_write(x, y):
    # x[t], x[t, 0], y[-t - 1] and y[t] = ... with t a traced position.
    t = torch.zeros((), dtype=torch.long)
    total = torch.zeros(())
    y = y.clone()
    while t < x.shape[0] and total < 100:
        total = total + x[t].sum() * x[t, 0] + y[-t - 1]
        y[t] = total
        t = t + 1
    return total, y


def weighted_rows(w, x):
    # Rows read at a traced position, weighted.
    t = torch.zeros((), dtype=torch.long)
    acc = torch.zeros(())
    while t < x.shape[0]:
        acc = acc + (w * x[t]).sum()
        t = t + 1
    return acc


def shape_branch_in_loop(buf):
    # An if on sizes inside a staged loop (transformers' masks do this):
    # the body's sizes are symbolic with a hint, on which Python's if
    # guards, as in the original; a cond there would give branches of
    # different shapes.
    t = torch.zeros((), dtype=torch.long)
    while t < 3:
        b = buf.shape[0]
        pos = torch.arange(buf.shape[1])[None]
        if b != pos.shape[0]:
            pos = pos.expand(b, -1)
        buf = buf + pos
        t = t + 1
    return buf


def accumulate_at(x, bias):
    # Augmented writes at a traced position: acc[:, t] += ..., counts[t]
    # -= 1, and one in a branch on a tensor; int counts keep their dtype.
    t = torch.zeros((), dtype=torch.long)
    acc = torch.zeros(x.shape[0], 4)
    counts = torch.full((4,), 5)
    while t < 4 and acc.sum() < 50:
        acc[:, t] += x[:, t] * 2 + bias
        counts[t] -= 1
        if x[:, t].sum() > 0:
            acc[:, t] *= 2
        t = t + 1
    return acc, counts


def grid_walk(moves):
    # Writes at two traced positions (grid[r, c] = ..., a 3-d cube's
    # cube[:, r, c] += 1 and cube[r % 2, :, -c - 1] = ...), and reads at
    # two (grid[r, c], grid[-r - 1, c]), on a walk that turns where the
    # moves say.
    grid = torch.zeros(3, 4)
    cube = torch.zeros(2, 3, 4, dtype=torch.long)
    r = torch.zeros((), dtype=torch.long)
    c = torch.zeros((), dtype=torch.long)
    while r < 3 and c < 4:
        grid[r, c] = moves[c] + r + grid[-r - 1, c]
        cube[:, r, c] += 1
        v = grid[r, c].long()
        cube[r % 2, :, -c - 1] = v
        if moves[c] > 0:
            c = c + 1
        else:
            r = r + 1
    return grid, cube


def tally_previous(x):
    # An augmented write whose key is an expression (counts[t - 1] += ...):
    # its value once, then the read, the += and the write.
    t = torch.ones((), dtype=torch.long)
    counts = torch.zeros(4, dtype=torch.long)
    while t < 5 and counts.sum() < 3:
        counts[t - 1] += (x[t - 1] > 0).long() + 1
        t = t + 1
    return counts


_S = torch.tensor
_G = torch.Generator().manual_seed(3)
_NOISE = -torch.log(-torch.log(torch.rand(L, 2, 3, generator=_G)))

CASES = {
    # eos 2 ends rows at different steps; eos 6 never; start == eos at once.
    "GreedyWhile": [(_S([1, 4]), _S(2)), (_S([1, 4]), _S(6)),
                    (_S([2, 2]), _S(2))],
    "GreedyForBreak": [(_S([1, 4]), _S(2)), (_S([1, 4]), _S(6)),
                       (_S([2, 2]), _S(2))],
    "Sampled": [(_S([1, 4]), _NOISE, _S(2)), (_S([3, 0]), _NOISE, _S(5)),
                (_S([2, 2]), _NOISE, _S(2))],
    "Functional": [(_S([1, 4]), _S(2)), (_S([1, 4]), _S(6)),
                   (_S([2, 2]), _S(2))],
    "newton_count": [(_S([2.0, 9.0]),), (_S([1.0, 1.0]),)],
    "flags_in_place": [(_S([1, 5, 2]),), (_S([4, 5, 6]),), (_S([0, 0, 0]),)],
    "read_and_write": [(_S([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]),
                        _S([1.0, 2.0, 3.0])),
                       (_S([[9.0, 9.0], [9.0, 9.0], [1.0, 1.0]]),
                        _S([0.0, 0.0, 0.0]))],
    "shape_branch_in_loop": [(torch.zeros(2, 3, dtype=torch.long),)],
    "weighted_rows": [(_S([1.0, 2.0]), _S([[1.0, 2.0], [3.0, 4.0]]))],
    "accumulate_at": [(_S([[1.0, -2.0, 3.0, 4.0], [0.5, -1.0, 2.0, 9.0]]),
                       _S(1.0)),
                      (_S([[9.0, 9.0, 9.0, 9.0], [9.0, 9.0, 9.0, 9.0]]),
                       _S(0.0))],
    "tally_previous": [(_S([1.0, -1.0, 2.0, 3.0]),),
                       (_S([-1.0, -1.0, -1.0, -1.0]),)],
    "grid_walk": [(_S([1.0, -1.0, 2.0, -3.0]),), (_S([1.0, 1.0, 1.0, 1.0]),),
                  (_S([-1.0, -1.0, -1.0, -1.0]),)],
}

STAGED = {name: {"while_loop"} for name in CASES}
STAGED["Sampled"] = {"while_loop", "cond"}
STAGED["newton_count"] = {"while_loop"}
STAGED["accumulate_at"] = {"while_loop", "cond"}
STAGED["grid_walk"] = {"while_loop"}
