"""`if` statements on tensor values: each becomes torch.cond over the
variables it sets (both branches traced); elif chains nest conds. The
original runs Python's if on eager tensors; its export fails."""
import torch


def _double(x):
    return x * 2


def relu_sum(x):
    if x.sum() > 0:
        y = x
    else:
        y = torch.zeros_like(x)
    return y


def if_without_else(x):
    y = x
    if x.sum() < 0:
        y = -x
    return y


def elif_chain(x):
    s = x.sum()
    if s > 10:
        y = x * 3
    elif s > 5:
        y = x * 2
    elif s > 0:
        y = x + 1
    else:
        y = x - 1
    return y


def two_outputs(x):
    a = x
    b = -x
    if x.mean() > 0:
        a = a + 1
    else:
        b = b - 1
    return a, b


def swap_if_less(x, y):
    if x.sum() < y.sum():
        x, y = y, x
    return x, y


def branch_local_only(x):
    out = x
    if x.sum() > 0:
        tmp = x * x
        out = tmp + 1
    return out


def calls_helper(x):
    if x.max() > 1:
        y = _double(x)
    else:
        y = x
    return y


def nested_if(x):
    if x.sum() > 0:
        if x.max() > 2:
            y = x * 10
        else:
            y = x * 5
    else:
        y = -x
    return y


def condition_on_element(x):
    if x[0] > x[1]:
        y = x[0] - x[1]
    else:
        y = x[1] - x[0]
    return y


def compare_two_tensors(x, y):
    if (x > y).all():
        z = x - y
    else:
        z = y - x
    return z


def any_condition(x):
    if (x < 0).any():
        x = x.abs()
    return x


def python_number_output(x):
    if x.sum() > 0:
        k = 2.0
    else:
        k = 3.0
    return x * k


def int_flag(x):
    flag = 0
    if x.sum() > 0:
        flag = 1
    return flag


def bool_flag(x):
    positive = False
    if x.sum() > 0:
        positive = True
    return positive


def if_on_matmul(w, x):
    h = w @ x
    if h.norm() > 1:
        h = h / h.norm()
    return h


def if_with_reduction_dtype(x):
    if x.sum() > 0:
        y = x.sum(dim=0)
    else:
        y = x.mean(dim=0)
    return y


def multiple_statements_per_branch(x):
    a = x
    b = x
    if x.sum() > 0:
        a = x + 1
        b = a * 2
        a = b - x
    else:
        a = x - 1
        b = a / 2
    return a, b


def sequential_ifs(x):
    if x.sum() > 0:
        x = x * 2
    if x.max() > 3:
        x = x - 3
    if x.min() < -1:
        x = x + 1
    return x


def if_on_shape_static(x):
    if x.shape[0] > 2:
        y = x[:2]
    else:
        y = x
    return y * 2


def condition_not_tensor_but_value(x, k):
    if k > 1:
        y = x * k
    else:
        y = x
    if y.sum() > 3:
        y = y - 3
    return y


def where_alternative(x):
    if x.sum() > 0:
        y = torch.where(x > 0, x, torch.zeros_like(x))
    else:
        y = torch.where(x < 0, x, torch.zeros_like(x))
    return y


def clamp_in_branch(x):
    if x.abs().max() > 1:
        x = x.clamp(-1, 1)
    return x


def tuple_state(x):
    pair = (x, x * 2)
    if x.sum() > 0:
        pair = (x + 1, x + 2)
    return pair


def dict_state(x):
    d = {"a": x, "b": x * 2}
    if x.sum() > 0:
        d = {"a": x + 1, "b": x + 2}
    return d["a"] + d["b"]


def list_state(x):
    values = [x, x]
    if x.sum() > 0:
        values = [x * 2, x * 3]
    return values[0] + values[1]


def negated_test(x):
    if not (x.sum() > 0):
        y = x * 2
        z = x
    else:
        y = x - 1
        z = -x
    return y, z


def negated_flag_guard(x):
    done = x.sum() > 0
    y = x
    if not done:
        y = y * 3 + 1
    return y


_P = (torch.tensor([1.0, 2.0, 3.0]),)
_N = (torch.tensor([-1.0, -2.0, -3.0]),)
_M = (torch.tensor([4.0, -1.0, 0.5]),)

CASES = {
    "relu_sum": [_P, _N],
    "if_without_else": [_P, _N],
    "elif_chain": [(torch.tensor([5.0, 6.0]),), (torch.tensor([3.0, 3.0]),),
                   (torch.tensor([1.0, 0.5]),), (torch.tensor([-1.0, 0.0]),)],
    "two_outputs": [_P, _N],
    "swap_if_less": [(torch.tensor([1.0]), torch.tensor([2.0])),
                     (torch.tensor([3.0]), torch.tensor([2.0]))],
    "branch_local_only": [_P, _N],
    "calls_helper": [_P, (torch.tensor([0.1, 0.2, 0.3]),)],
    "nested_if": [_P, (torch.tensor([0.5, 0.5, 0.5]),), _N],
    "condition_on_element": [(torch.tensor([3.0, 1.0]),),
                             (torch.tensor([1.0, 3.0]),)],
    "compare_two_tensors": [(torch.tensor([3.0, 4.0]), torch.tensor([1.0, 2.0])),
                            (torch.tensor([0.0, 4.0]), torch.tensor([1.0, 2.0]))],
    "any_condition": [_P, _M],
    "python_number_output": [_P, _N],
    "int_flag": [_P, _N],
    "bool_flag": [_P, _N],
    "if_on_matmul": [(torch.eye(2), torch.tensor([3.0, 4.0])),
                     (torch.eye(2), torch.tensor([0.1, 0.2]))],
    "if_with_reduction_dtype": [(torch.ones(2, 3),), (-torch.ones(2, 3),)],
    "multiple_statements_per_branch": [_P, _N],
    "sequential_ifs": [_P, _N, _M],
    "if_on_shape_static": [_P],
    "condition_not_tensor_but_value": [(torch.tensor([1.0, 2.0]), 2.0),
                                       (torch.tensor([0.2, 0.5]), 2.0)],
    "where_alternative": [_M, (torch.tensor([-4.0, 1.0, -0.5]),)],
    "clamp_in_branch": [_M, (torch.tensor([0.5, 0.2, -0.1]),)],
    "tuple_state": [_P, _N],
    "dict_state": [_P, _N],
    "list_state": [_P, _N],
    "negated_test": [_P, _N],
    "negated_flag_guard": [_P, _N],
}

STAGED = {name: {"cond"} for name in CASES
          if name not in ("if_on_shape_static",)}
