"""`return` inside tensor-dependent control flow: the converter carries a
do_return flag and a retval_; each staged if becomes torch.cond on it."""
import torch


def early_exit(x):
    if x.sum() > 0:
        return x * 2
    return x - 1


def early_exit_elif(x):
    s = x.sum()
    if s > 10:
        return x * 3
    elif s > 0:
        return x * 2
    return -x


def return_in_both(x):
    if x.max() > 1:
        return x / x.max()
    else:
        return x


def guard_clause(x):
    if x.abs().sum() == 0:
        return torch.zeros_like(x)
    y = x / x.abs().sum()
    return y * 2


def return_tuple(x):
    if x.sum() > 0:
        return x, x * 2
    return x * 3, x * 4


def return_number_or_tensor_scalar(x):
    if x.sum() > 0:
        return x.sum()
    return x.mean()


def nested_return(x):
    if x.sum() > 0:
        if x.max() > 2:
            return x * 10
        return x * 5
    return x


def return_after_compute(x):
    y = x * 2
    if y.sum() > 4:
        return y
    z = y + 1
    if z.sum() > 0:
        return z
    return -z


def three_guards(x):
    if x[0] > 0:
        return x + 1
    if x[1] > 0:
        return x + 2
    if x[2] > 0:
        return x + 3
    return x


def return_in_loop_while(x):
    i = torch.zeros((), dtype=torch.int64)
    while i < 10:
        x = x * 2
        if x.sum() > 50:
            return x
        i = i + 1
    return -x


_P = (torch.tensor([1.0, 2.0, 3.0]),)
_N = (torch.tensor([-1.0, -2.0, -3.0]),)

CASES = {
    "early_exit": [_P, _N],
    "early_exit_elif": [(torch.tensor([5.0, 6.0, 7.0]),), _P, _N],
    "return_in_both": [_P, (torch.tensor([0.1, 0.2, 0.3]),)],
    "guard_clause": [_P, (torch.zeros(3),)],
    "return_tuple": [_P, _N],
    "return_number_or_tensor_scalar": [_P, _N],
    "nested_return": [_P, (torch.tensor([0.5, 0.5, 0.5]),), _N],
    "return_after_compute": [_P, (torch.tensor([0.1, 0.1, 0.1]),),
                             (torch.tensor([-1.0, -1.0, -1.0]),)],
    "three_guards": [(torch.tensor([1.0, 0.0, 0.0]),),
                     (torch.tensor([-1.0, 1.0, 0.0]),),
                     (torch.tensor([-1.0, -1.0, 1.0]),), _N],
    "return_in_loop_while": [_P, (torch.tensor([1e-3, 1e-3, 1e-3]),)],
}

STAGED = {name: {"cond"} for name in CASES}
STAGED["return_in_loop_while"] = {"while_loop"}
