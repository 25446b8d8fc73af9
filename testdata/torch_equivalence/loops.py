"""Loops on tensor values: while on a tensor test -> while_loop; for over
range with a tensor bound -> while_loop carrying the index; for over a
tensor's leading axis -> while_loop; break/continue as carried flags."""
import torch


def doubling(x):
    while x.sum() < 100:
        x = x * 2
    return x


def count_steps(x):
    n = 0
    while x.sum() < 100:
        x = x * 2
        n += 1
    return x, n


def newton_sqrt(a):
    x = a
    while (x * x - a).abs().max() > 1e-4:
        x = (x + a / x) / 2
    return x


def sum_range(x, n):
    s = x
    for i in range(n):
        s = s + i
    return s


def sum_range_start_stop(x, a, b):
    s = x
    for i in range(a, b):
        s = s * 1.5 + i
    return s


def range_step(x, n):
    s = x
    for i in range(0, n, 2):
        s = s + i
    return s


def loop_carried_tuple(x, n):
    a, b = x, x * 0
    for _ in range(n):
        a, b = b + 1, a * 2
    return a, b


def fib(n):
    a = torch.zeros((), dtype=torch.int64)
    b = torch.ones((), dtype=torch.int64)
    for _ in range(n):
        a, b = b, a + b
    return a


def while_with_break(x):
    i = torch.zeros((), dtype=torch.int64)
    while i < 20:
        x = x * 2
        if x.sum() > 50:
            break
        i = i + 1
    return x, i


def while_with_continue(x):
    i = torch.zeros((), dtype=torch.int64)
    total = torch.zeros_like(x)
    while i < 6:
        i = i + 1
        if i % 2 == 0:
            continue
        total = total + x * i
    return total


def for_with_break(x, n):
    s = x
    for i in range(n):
        if s.sum() > 20:
            break
        s = s + i
    return s


def for_with_continue(x, n):
    s = x
    for i in range(n):
        if i % 3 == 0:
            continue
        s = s + i
    return s


def over_rows(x):
    total = torch.zeros(x.shape[1])
    for row in x:
        total = total + row * row
    return total


def over_rows_break(x):
    total = torch.zeros(x.shape[1])
    for row in x:
        if row.sum() > 0:
            break
        total = total + row
    return total


def nested_loops(x, n, m):
    s = x
    for i in range(n):
        for j in range(m):
            s = s + i * j
    return s


def while_in_for(x, n):
    s = x
    for _ in range(n):
        while s.sum() < 10:
            s = s + 1
        s = s * 0.5
    return s


def if_in_while(x):
    steps = torch.zeros((), dtype=torch.int64)
    while x.abs().sum() > 1:
        if x.sum() > 0:
            x = x - 1
        else:
            x = x + 1
        steps = steps + 1
    return x, steps


def converge(x):
    prev = x + 1
    while (x - prev).abs().max() > 1e-3:
        prev = x
        x = torch.cos(x)
    return x


def geometric(r, n):
    total = torch.zeros(())
    term = torch.ones(())
    for _ in range(n):
        total = total + term
        term = term * r
    return total


def loop_on_value_bound(x):
    n = (x > 0).sum()
    s = torch.zeros(())
    for i in range(n):
        s = s + i
    return s


def counter_only(n):
    c = 0
    i = torch.zeros((), dtype=torch.int64)
    while i < n:
        c = c + 2
        i = i + 1
    return c


def power_iteration(a, n):
    v = torch.ones(a.shape[0])
    for _ in range(n):
        v = a @ v
        v = v / v.norm()
    return v


def collatz_steps(n):
    steps = torch.zeros((), dtype=torch.int64)
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps = steps + 1
    return steps


def gcd(a, b):
    while b != 0:
        a, b = b, a % b
    return a


def bisect(lo, hi):
    while hi - lo > 1e-3:
        mid = (lo + hi) / 2
        if mid * mid > 2:
            hi = mid
        else:
            lo = mid
    return lo


def triangular(n):
    total = torch.zeros((), dtype=torch.int64)
    for i in range(n):
        total = total + i
    return total


def dot_loop(x, y):
    s = torch.zeros(())
    for i in range(x.shape[0]):
        s = s + x[i] * y[i]
    return s


def target_updated_in_place(x, n):
    s = x
    for t in range(n):
        t += 1
        s = s + t
    return s


def _bump(c):
    c += 1
    return c


def counter_through_helper(x):
    c = 0
    while x.sum() < 100:
        x = x * 2
        c = _bump(c)
    return x, c


def set_in_both_branches(x, n):
    # `y` is first set in both branches of a staged if inside a staged
    # loop: not the loop's state, unbound in its body when the if starts
    # (agc passes ag__.Undefined('y'): a closure over the body's unset `y`
    # is what Dynamo refuses, "Read uninitialized cell").
    s = x * 0
    for i in range(n):
        if (x * i).sum() > 3:
            y = x * i
        else:
            y = x - i
        s = s + y
    return s


_X = torch.tensor([1.0, 2.0])
_T = torch.tensor

CASES = {
    "doubling": [(_X,), (_T([60.0, 50.0]),)],
    "count_steps": [(_X,), (_T([60.0, 50.0]),)],
    "newton_sqrt": [(_T([2.0, 9.0]),), (_T([1.0, 16.0]),)],
    "sum_range": [(_X, _T(4)), (_X, _T(0))],
    "sum_range_start_stop": [(_X, _T(1), _T(4)), (_X, _T(3), _T(2))],
    "range_step": [(_X, _T(7)), (_X, _T(0))],
    "loop_carried_tuple": [(_X, _T(3)), (_X, _T(0))],
    "fib": [(_T(10),), (_T(1),)],
    "while_with_break": [(_X,), (_T([1e-6, 1e-6]),)],
    "while_with_continue": [(_X,)],
    "for_with_break": [(_X, _T(10)), (_X, _T(2))],
    "for_with_continue": [(_X, _T(7)), (_X, _T(1))],
    "over_rows": [(_T([[1.0, 2.0], [3.0, 4.0]]),)],
    "over_rows_break": [(_T([[-1.0, -2.0], [3.0, 4.0], [-5.0, -6.0]]),),
                        (_T([[-1.0, -2.0], [-3.0, -4.0], [-5.0, -6.0]]),)],
    "nested_loops": [(_X, _T(3), _T(4)), (_X, _T(0), _T(2))],
    "while_in_for": [(_X, _T(3)), (_T([20.0, 1.0]), _T(1))],
    "if_in_while": [(_T([3.0, 2.0]),), (_T([-3.0, -2.0]),), (_T([0.1, 0.2]),)],
    "converge": [(_X,)],
    "geometric": [(_T(0.5), _T(10)), (_T(2.0), _T(0))],
    "loop_on_value_bound": [(_T([1.0, -2.0, 3.0]),), (_T([-1.0, -2.0, -3.0]),)],
    "counter_only": [(_T(5),), (_T(0),)],
    "power_iteration": [(_T([[2.0, 1.0], [1.0, 3.0]]), _T(5))],
    "collatz_steps": [(_T(6),), (_T(1),), (_T(27),)],
    "gcd": [(_T(48), _T(18)), (_T(7), _T(0))],
    "bisect": [(_T(0.0), _T(2.0))],
    "triangular": [(_T(10),), (_T(0),)],
    "dot_loop": [(_T([1.0, 2.0, 3.0]), _T([4.0, 5.0, 6.0]))],
    "target_updated_in_place": [(_X, _T(3)), (_X, _T(0))],
    "counter_through_helper": [(_X,), (_T([60.0, 50.0]),)],
    "set_in_both_branches": [(_X, _T(4)), (_X, _T(0))],
}

STAGED = {name: {"while_loop"} for name in CASES
          if name not in ("over_rows", "dot_loop", "while_with_continue")}
STAGED["over_rows_break"] = {"while_loop", "cond"}
STAGED["set_in_both_branches"] = {"while_loop", "cond"}
