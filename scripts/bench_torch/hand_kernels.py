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
