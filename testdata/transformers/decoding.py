"""Decoding loops written the way users write them around a causal language
model (scripts/transformers_models.py converts this file and runs it around
transformers converted whole). `lm(buf)[0]` is the logits of every position
of the fixed-size token buffer; a causal model's logits at t - 1 do not see
the padding after t."""
import torch
from torch import nn


class Greedy(nn.Module):
    # Until every row has emitted eos or the buffer is full.
    def __init__(self, lm, length):
        super().__init__()
        self.lm = lm
        self.length = length

    def forward(self, prompt, eos):
        buf = torch.zeros(prompt.shape[0], self.length, dtype=torch.long)
        buf[:, :prompt.shape[1]] = prompt
        done = torch.zeros(prompt.shape[0], dtype=torch.bool)
        t = prompt.shape[1]
        while t < self.length and not done.all():
            logits = self.lm(buf)[0]
            nxt = logits[:, t - 1].argmax(-1)
            nxt = torch.where(done, eos, nxt)
            buf[:, t] = nxt
            done |= nxt == eos
            t += 1
        return buf


class GreedyFor(Greedy):
    # The same as a for over range(...) with a break.
    def forward(self, prompt, eos):
        buf = torch.zeros(prompt.shape[0], self.length, dtype=torch.long)
        buf[:, :prompt.shape[1]] = prompt
        done = torch.zeros(prompt.shape[0], dtype=torch.bool)
        for t in range(prompt.shape[1], self.length):
            logits = self.lm(buf)[0]
            nxt = torch.where(done, eos, logits[:, t - 1].argmax(-1))
            buf[:, t] = nxt
            done = done | (nxt == eos)
            if done.all():
                break
        return buf


class Sample(Greedy):
    # Top-k with temperature, Gumbel noise passed in, and a repetition
    # rule: an if on a tensor that re-draws a token the row already has.
    def forward(self, prompt, eos, noise):
        buf = torch.zeros(prompt.shape[0], self.length, dtype=torch.long)
        buf[:, :prompt.shape[1]] = prompt
        done = torch.zeros(prompt.shape[0], dtype=torch.bool)
        t = prompt.shape[1]
        while t < self.length and not done.all():
            logits = self.lm(buf)[0][:, t - 1] / 0.8
            top = logits.topk(4, dim=-1)
            pick = (top.values + noise[t]).argmax(-1, keepdim=True)
            nxt = top.indices.gather(1, pick)[:, 0]
            if (buf == nxt[:, None]).any(-1).all():
                nxt = top.indices[:, 0]
            nxt = torch.where(done, eos, nxt)
            buf[:, t] = nxt
            done = done | (nxt == eos)
            t = t + 1
        return buf


class Functional(Greedy):
    # Writes without subscripts: index_copy returns a new buffer.
    def forward(self, prompt, eos):
        buf = torch.zeros(prompt.shape[0], self.length, dtype=torch.long)
        buf = buf.index_copy(1, torch.arange(prompt.shape[1]), prompt)
        done = torch.zeros(prompt.shape[0], dtype=torch.bool)
        t = torch.tensor(prompt.shape[1])
        while t < self.length and not done.all():
            logits = self.lm(buf)[0]
            last = logits.index_select(1, (t - 1).reshape(1))[:, 0]
            nxt = torch.where(done, eos, last.argmax(-1))
            buf = buf.index_copy(1, t.reshape(1), nxt[:, None])
            done = done | (nxt == eos)
            t = t + 1
        return buf
