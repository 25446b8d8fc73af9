"""Numeric kernels with data-dependent control flow, as found in models:
thresholds, normalisations, iterative solvers, piecewise functions."""
import torch


def piecewise(x):
    s = x.mean()
    if s < -1:
        y = x * 0
    elif s < 0:
        y = x * 0.1
    elif s < 1:
        y = x
    else:
        y = x * 2
    return y


def safe_normalize(x):
    n = x.norm()
    if n > 1e-6:
        x = x / n
    return x


def soft_threshold(x, t):
    if x.abs().max() > t:
        x = torch.sign(x) * (x.abs() - t).clamp(min=0)
    return x


def heaviside_sum(x):
    if x.sum() >= 0:
        return torch.ones(())
    return torch.zeros(())


def jacobi(a, b, n):
    x = torch.zeros_like(b)
    d = torch.diagonal(a)
    r = a - torch.diag(d)
    for _ in range(n):
        x = (b - r @ x) / d
    return x


def gradient_descent(x, lr, n):
    for _ in range(n):
        grad = 2 * (x - 3)
        x = x - lr * grad
    return x


def gd_until(x):
    i = torch.zeros((), dtype=torch.int64)
    while (x - 3).abs().max() > 1e-3 and i < 1000:
        x = x - 0.1 * 2 * (x - 3)
        i = i + 1
    return x, i


def exp_series(x, n):
    term = torch.ones_like(x)
    total = torch.ones_like(x)
    for k in range(1, n):
        term = term * x / k
        total = total + term
    return total


def log_sum_exp_guard(x):
    m = x.max()
    if m > 50:
        y = m + torch.log(torch.exp(x - m).sum())
    else:
        y = torch.log(torch.exp(x).sum())
    return y


def sign_flip(x):
    if x[0] < 0:
        x = -x
    return x


def cumulative(x):
    out = torch.zeros_like(x)
    acc = torch.zeros(())
    i = torch.zeros((), dtype=torch.int64)
    for v in x:
        acc = acc + v
        out = out.index_put((i.reshape(1),), acc.reshape(1))
        i = i + 1
    return out


def halve_until_small(x):
    k = torch.zeros((), dtype=torch.int64)
    while x.abs().max() > 1:
        x = x / 2
        k = k + 1
    return x, k


def clamp_norm_loop(x, n):
    for _ in range(n):
        if x.norm() > 1:
            x = x * 0.9
    return x


def relu_if(x):
    if x > 0:
        return x
    return x * 0


def leaky(x):
    if x.sum() > 0:
        return x
    return 0.01 * x


def abs_if(x):
    if x < 0:
        x = -x
    return x


def min_of_two(a, b):
    if a < b:
        return a
    return b


def select_row(x, i):
    if i < x.shape[0]:
        row = x[0] * 0 + i
    else:
        row = x[0]
    return row


def mean_or_median(x):
    if x.std() > 1:
        return x.median()
    return x.mean()


def poly_eval(c, x, n):
    acc = torch.zeros(())
    for i in range(n):
        acc = acc * x + c[0] * 0 + 1
    return acc


_T = torch.tensor

def rescale(x):
    # int() / float() of a tensor whose value tracing knows is Python's
    # number (torchvision's poolers pass one to an operator that takes a
    # float); nothing here depends on data.
    s = 2 ** float(torch.tensor(0.3).log2().round())
    y = torch.nn.functional.interpolate(x[None, None], scale_factor=s)
    return y[0, 0] * int(torch.tensor(3))


def count_scaled(x):
    # int() of a count that depends on data: a tensor while staged.
    n = int((x > 0).sum())
    if x.sum() > 0:
        y = x * n
    else:
        y = x
    return y


CASES = {
    "piecewise": [(_T([-3.0, -2.0]),), (_T([-0.5, 0.0]),), (_T([0.5, 0.2]),),
                  (_T([3.0, 2.0]),)],
    "safe_normalize": [(_T([3.0, 4.0]),), (_T([0.0, 0.0]),)],
    "soft_threshold": [(_T([3.0, -4.0]), 1.0), (_T([0.5, -0.2]), 1.0)],
    "heaviside_sum": [(_T([3.0, -1.0]),), (_T([-3.0, 1.0]),)],
    "jacobi": [(_T([[4.0, 1.0], [2.0, 5.0]]), _T([1.0, 2.0]), _T(10))],
    "gradient_descent": [(_T([0.0, 10.0]), 0.1, _T(20)),
                         (_T([0.0, 10.0]), 0.1, _T(0))],
    "gd_until": [(_T([0.0, 10.0]),)],
    "exp_series": [(_T([0.5, 1.0]), _T(10)), (_T([0.5, 1.0]), _T(1))],
    "log_sum_exp_guard": [(_T([100.0, 99.0]),), (_T([1.0, 2.0]),)],
    "sign_flip": [(_T([-1.0, 2.0]),), (_T([1.0, 2.0]),)],
    "cumulative": [(_T([1.0, 2.0, 3.0]),)],
    "halve_until_small": [(_T([10.0, 3.0]),), (_T([0.5, 0.1]),)],
    "clamp_norm_loop": [(_T([3.0, 4.0]), _T(5)), (_T([0.1, 0.1]), _T(5))],
    "relu_if": [(_T(2.0),), (_T(-2.0),)],
    "leaky": [(_T([1.0, 2.0]),), (_T([-1.0, -2.0]),)],
    "abs_if": [(_T(-3.0),), (_T(3.0),)],
    "min_of_two": [(_T(1.0), _T(2.0)), (_T(3.0), _T(2.0))],
    "select_row": [(_T([[1.0, 2.0], [3.0, 4.0]]), _T(1)),
                   (_T([[1.0, 2.0], [3.0, 4.0]]), _T(5))],
    "mean_or_median": [(_T([1.0, 10.0, 3.0]),), (_T([1.0, 1.5, 1.2]),)],
    "poly_eval": [(_T([1.0]), _T(2.0), _T(4)), (_T([1.0]), _T(2.0), _T(0))],
    "rescale": [(torch.arange(16.0).reshape(4, 4),)],
    "count_scaled": [(_T([1.0, -2.0, 3.0]),), (_T([-1.0, -2.0, 0.5]),)],
}

STAGED = {name: {"cond"} for name in CASES}
for _name in ("jacobi", "gradient_descent", "gd_until", "exp_series",
              "halve_until_small", "poly_eval"):
    STAGED[_name] = {"while_loop"}
STAGED["clamp_norm_loop"] = {"while_loop", "cond"}
del STAGED["cumulative"]
del STAGED["rescale"]
