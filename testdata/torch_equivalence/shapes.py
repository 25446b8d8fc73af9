"""More shapes of the TF and JAX suites: if/elif on several tensors,
loops with tensor bounds from data, flags, counters, helpers, 2-D state."""
import torch


def _scale(x, k):
    return x * k


def bucket(x):
    v = x.sum()
    if v < 0:
        b = 0
    elif v < 10:
        b = 1
    elif v < 100:
        b = 2
    else:
        b = 3
    return b


def sign_of(x):
    if x > 0:
        s = 1.0
    elif x < 0:
        s = -1.0
    else:
        s = 0.0
    return s


def helper_in_branch(x):
    if x.sum() > 0:
        x = _scale(x, 3)
    else:
        x = _scale(x, -1)
    return x


def helper_in_loop(x, n):
    for _ in range(n):
        x = _scale(x, 2)
    return x


def matrix_state(x):
    m = torch.eye(2)
    if x.sum() > 0:
        m = m * x.sum()
    return m @ x


def while_matrix(a):
    p = torch.eye(2)
    k = torch.zeros((), dtype=torch.int64)
    while p.abs().sum() < 100:
        p = p @ a
        k = k + 1
    return p, k


def range_from_len(x):
    s = torch.zeros(())
    for i in range(x.shape[0]):
        s = s + x[i]
    if s > 2:
        s = s / 2
    return s


def flag_loop(x):
    done = False
    i = torch.zeros((), dtype=torch.int64)
    while not done:
        x = x * 2
        i = i + 1
        if x.sum() > 20:
            done = True
    return x, i


def counter_float(x, n):
    t = 0.0
    for _ in range(n):
        t = t + 0.5
    return x * t


def alternating(x, n):
    sign = 1.0
    s = torch.zeros(())
    for i in range(n):
        s = s + sign * i
        sign = -sign
    return s + x.sum() * 0


def two_conditions_two_vars(x, y):
    a = x
    b = y
    if x.sum() > y.sum():
        a = x - y
    if y.max() > 2:
        b = y / 2
    return a, b


def update_in_else_only(x):
    y = x
    if x.sum() > 0:
        pass
    else:
        y = x * -1
    return y


def reassign_input(x):
    if x.sum() > 0:
        x = x + 100
    return x


def chain_of_loops(x, n):
    for _ in range(n):
        x = x + 1
    for _ in range(n):
        x = x * 2
    return x


def triangle_loops(n):
    s = torch.zeros((), dtype=torch.int64)
    for i in range(n):
        for j in range(i):
            s = s + j
    return s


def stop_at_threshold(x, limit):
    total = torch.zeros(())
    for v in x:
        total = total + v
        if total > limit:
            break
    return total


def mixed_int_float_branch(x):
    if x.sum() > 0:
        k = 2
    else:
        k = 0.5
    return x * k


def bool_to_tensor_output(x):
    if x.sum() > 0:
        flag = x.max() > 2
    else:
        flag = False
    return flag


def range_negative_step(x, n):
    s = x
    for i in range(n, 0, -1):
        s = s + i
    return s


_T = torch.tensor
_X = _T([1.0, 2.0])

CASES = {
    "bucket": [(_T([-1.0]),), (_T([5.0]),), (_T([50.0]),), (_T([500.0]),)],
    "sign_of": [(_T(2.0),), (_T(-2.0),), (_T(0.0),)],
    "helper_in_branch": [(_X,), (-_X,)],
    "helper_in_loop": [(_X, _T(3)), (_X, _T(0))],
    "matrix_state": [(_X,), (-_X,)],
    "while_matrix": [(_T([[1.0, 1.0], [0.0, 2.0]]),)],
    "range_from_len": [(_T([1.0, 2.0, 3.0]),), (_T([0.1, 0.2, 0.3]),)],
    "flag_loop": [(_X,), (_T([30.0, 1.0]),), (_T([0.01, 0.02]),)],
    "counter_float": [(_X, _T(3)), (_X, _T(0))],
    "alternating": [(_X, _T(5)), (_X, _T(0))],
    "two_conditions_two_vars": [(_X, _T([3.0, 4.0])), (_T([5.0, 6.0]), _X)],
    "update_in_else_only": [(_X,), (-_X,)],
    "reassign_input": [(_X,), (-_X,)],
    "chain_of_loops": [(_X, _T(2)), (_X, _T(0))],
    "triangle_loops": [(_T(5),), (_T(0),)],
    "stop_at_threshold": [(_T([1.0, 2.0, 3.0]), _T(2.5)),
                          (_T([1.0, 2.0, 3.0]), _T(10.0))],
    "mixed_int_float_branch": [(_X,), (-_X,)],
    "bool_to_tensor_output": [(_T([1.0, 3.0]),), (_X,), (-_X,)],
    "range_negative_step": [(_X, _T(4)), (_X, _T(0))],
}

STAGED = {name: {"cond"} for name in CASES}
for _name in ("helper_in_loop", "while_matrix", "counter_float",
              "alternating", "chain_of_loops", "triangle_loops",
              "range_negative_step", "flag_loop"):
    STAGED[_name] = {"while_loop"}
# flag_loop: a Python loop (its first test is a plain True) whose flag
# becomes a traced tensor; the rest of the loop is a while_loop.
STAGED["stop_at_threshold"] = {"while_loop", "cond"}
