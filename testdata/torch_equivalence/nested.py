"""Nested and mixed control flow: ifs in loops, loops in ifs, breaks in
nested loops, early returns inside loops, loop-carried structures."""
import torch


def if_in_for(x, n):
    s = x
    for i in range(n):
        if s.sum() > 10:
            s = s - i
        else:
            s = s + i
    return s


def for_in_if(x, n):
    if x.sum() > 0:
        for i in range(n):
            x = x + i
    else:
        x = -x
    return x


def while_in_if(x):
    if x.sum() > 0:
        while x.sum() < 50:
            x = x * 2
    return x


def break_inner_only(x, n, m):
    s = x
    for i in range(n):
        for j in range(m):
            if j > i:
                break
            s = s + 1
    return s


def return_from_for(x, n):
    for i in range(n):
        if x.sum() > 20:
            return x
        x = x * 2
    return -x


def return_from_nested(x, n):
    for i in range(n):
        while x.sum() < 5:
            x = x + 1
        if x.sum() > 30:
            return x * 0
        x = x * 2
    return x


def carried_pair_while(x):
    lo = torch.zeros(())
    hi = x.sum()
    while hi - lo > 1:
        lo, hi = lo + 1, hi - 1
    return lo, hi


def carried_list(x, n):
    acc = [x, x * 0]
    for _ in range(n):
        acc = [acc[0] * 2, acc[1] + acc[0]]
    return acc[0], acc[1]


def carried_dict(x, n):
    state = {"v": x, "n": torch.zeros((), dtype=torch.int64)}
    for _ in range(n):
        state = {"v": state["v"] + 1, "n": state["n"] + 1}
    return state["v"], state["n"]


def elif_in_loop(x, n):
    s = x
    for i in range(n):
        if i % 3 == 0:
            s = s + 1
        elif i % 3 == 1:
            s = s * 2
        else:
            s = s - 1
    return s


def continue_and_break(x, n):
    s = x
    for i in range(n):
        if i % 2 == 1:
            continue
        if s.sum() > 40:
            break
        s = s * 2
    return s


def double_while(x, y):
    while x.sum() < 10:
        x = x + 1
    while y.sum() < x.sum():
        y = y + 2
    return x, y


def loop_then_if(x, n):
    for i in range(n):
        x = x + i
    if x.sum() > 10:
        x = x / 10
    return x


def if_then_loop(x):
    if x.sum() < 0:
        x = -x
    while x.max() > 1:
        x = x / 2
    return x


def deep_if(x):
    if x[0] > 0:
        if x[1] > 0:
            if x[2] > 0:
                y = x * 8
            else:
                y = x * 4
        else:
            y = x * 2
    else:
        y = x
    return y


def accumulate_if(x):
    total = torch.zeros(())
    for v in x:
        if v > 0:
            total = total + v
    return total


def max_loop(x):
    best = x[0]
    for v in x:
        if v > best:
            best = v
    return best


def argmax_loop(x):
    best = x[0]
    idx = torch.zeros((), dtype=torch.int64)
    i = torch.zeros((), dtype=torch.int64)
    for v in x:
        if v > best:
            best = v
            idx = i
        i = i + 1
    return idx


def count_positive(x):
    c = torch.zeros((), dtype=torch.int64)
    for v in x:
        if v > 0:
            c = c + 1
    return c


def first_negative(x):
    found = torch.full((), -1, dtype=torch.int64)
    i = torch.zeros((), dtype=torch.int64)
    for v in x:
        if v < 0:
            found = i
            break
        i = i + 1
    return found


_T = torch.tensor
_X = _T([1.0, 2.0])

CASES = {
    "if_in_for": [(_X, _T(6)), (_X, _T(0))],
    "for_in_if": [(_X, _T(3)), (-_X, _T(3))],
    "while_in_if": [(_X,), (-_X,)],
    "break_inner_only": [(_X, _T(3), _T(4)), (_X, _T(0), _T(2))],
    "return_from_for": [(_X, _T(5)), (_X, _T(1)), (_T([30.0, 0.0]), _T(3))],
    "return_from_nested": [(_X, _T(3)), (_X, _T(1))],
    "carried_pair_while": [(_T([3.0, 4.0]),), (_T([0.5, 0.2]),)],
    "carried_list": [(_X, _T(3)), (_X, _T(0))],
    "carried_dict": [(_X, _T(3)), (_X, _T(0))],
    "elif_in_loop": [(_X, _T(7)), (_X, _T(0))],
    "continue_and_break": [(_X, _T(10)), (_X, _T(2))],
    "double_while": [(_X, _X), (_T([20.0, 1.0]), _T([30.0, 1.0]))],
    "loop_then_if": [(_X, _T(4)), (_X, _T(1))],
    "if_then_loop": [(_T([5.0, 3.0]),), (_T([-5.0, 0.5]),), (_T([0.1, 0.2]),)],
    "deep_if": [(_T([1.0, 1.0, 1.0]),), (_T([1.0, 1.0, -1.0]),),
                (_T([1.0, -1.0, 1.0]),), (_T([-1.0, 1.0, 1.0]),)],
    "accumulate_if": [(_T([1.0, -2.0, 3.0]),)],
    "max_loop": [(_T([1.0, 5.0, 3.0]),)],
    "argmax_loop": [(_T([1.0, 5.0, 3.0]),), (_T([9.0, 5.0, 3.0]),)],
    "count_positive": [(_T([1.0, -5.0, 3.0]),)],
    "first_negative": [(_T([1.0, -5.0, 3.0]),), (_T([1.0, 5.0, 3.0]),)],
}

STAGED = {
    "if_in_for": {"while_loop", "cond"}, "for_in_if": {"cond", "while_loop"},
    "while_in_if": {"cond", "while_loop"},
    "break_inner_only": {"while_loop", "cond"},
    "return_from_for": {"while_loop", "cond"},
    "return_from_nested": {"while_loop", "cond"},
    "carried_pair_while": {"while_loop"}, "carried_list": {"while_loop"},
    "carried_dict": {"while_loop"}, "elif_in_loop": {"while_loop", "cond"},
    "continue_and_break": {"while_loop", "cond"},
    "double_while": {"while_loop"}, "loop_then_if": {"while_loop", "cond"},
    "if_then_loop": {"cond", "while_loop"}, "deep_if": {"cond"},
    "accumulate_if": {"cond"}, "max_loop": {"cond"}, "argmax_loop": {"cond"},
    "count_positive": {"cond"}, "first_negative": {"cond"},
}
