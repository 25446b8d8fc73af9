"""kernels.py written by hand with torch.cond and while_loop."""
import torch
from torch._higher_order_ops.while_loop import while_loop


def newton(a):
    def cond_fn(i, x, done):
        return (i < 50) & ~done

    def body_fn(i, x, done):
        x = (x + a / x) / 2
        done = (x * x - a).abs().max() < 1e-6
        return torch.where(done, i, i + 1), x, done
    _, x, _ = while_loop(cond_fn, body_fn, (
        torch.zeros((), dtype=torch.int64), a.clone(),
        torch.zeros((), dtype=torch.bool)))
    return x


def gated(w, x):
    h = w @ x
    return torch.cond(h.norm() > 1, lambda h: torch.tanh(h),
                      lambda h: h * 2, (h,))


def rollout(w, x, n):
    def cond_fn(i, x):
        return i < n

    def body_fn(i, x):
        return i + 1, torch.tanh(w @ x)
    return while_loop(cond_fn, body_fn,
                      (torch.zeros((), dtype=torch.int64), x.clone()))[1]


def greedy(emb, out, start, eos):
    buf = torch.zeros(start.shape[0], 16, dtype=torch.long)
    buf[:, 0] = start
    done = start == eos

    def test(t, buf, done):
        return (t < 16) & ~done.all()

    def body(t, buf, done):
        last = buf.index_select(1, (t - 1).reshape(1)).squeeze(1)
        h = torch.tanh(emb[last])
        nxt = torch.where(done, eos, (h @ out).argmax(-1))
        buf = buf.index_copy(1, t.reshape(1), nxt[:, None])
        return t + 1, buf, done | (nxt == eos)

    _, buf, _ = while_loop(test, body, (torch.ones((), dtype=torch.long),
                                        buf, done))
    return buf


greedy_for = greedy
