"""Staging errors: what torch.cond and while_loop cannot carry, each a
message naming the variable. The originals run eagerly."""
import torch


def rank_differs(x):
    if x.sum() > 0:
        y = x[0]
    else:
        y = x
    return y


def dtype_differs(x):
    if x.sum() > 0:
        y = x
    else:
        y = x.int()
    return y


def defined_in_one_branch(x):
    if x.sum() > 0:
        y = x * 2
    return y


def string_differs(x):
    label = "none"
    if x.sum() > 0:
        label = "positive"
    else:
        label = "negative"
    return x, label


def loop_changes_shape(x):
    while x.sum() < 10:
        x = torch.cat([x, x])
    return x


def loop_changes_dtype(x):
    while x.sum() < 10:
        x = (x * 2).double()
    return x


def float_range_bound(x, n):
    s = x
    for i in range(n):
        s = s + i
    return s


_T = torch.tensor

CASES = {
    "rank_differs": [(_T([1.0, 2.0]),), (_T([-1.0, -2.0]),)],
    "dtype_differs": [(_T([1.0, 2.0]),), (_T([-1.0, -2.0]),)],
    "defined_in_one_branch": [(_T([1.0, 2.0]),)],
    "string_differs": [(_T([1.0, 2.0]),), (_T([-1.0, -2.0]),)],
    "loop_changes_shape": [(_T([1.0, 2.0]),)],
    "loop_changes_dtype": [(_T([1.0, 2.0]),)],
    "float_range_bound": [(_T([1.0]), 3)],
}

ERRORS = {
    "rank_differs": "'y' must have the same dtype and number of dimensions "
                    "on both branches",
    "dtype_differs": "'y' must have the same dtype and number of dimensions "
                     "on both branches",
    "defined_in_one_branch": "'y' is defined in the if branch",
    "string_differs": "'label' is 'positive' in the if branch",
    "loop_changes_shape": "'x' must keep its shape in the while loop",
    "loop_changes_dtype": "'x' must keep its dtype in the while loop",
}
# float_range_bound: a Python int bound is not staged (Python's loop).
