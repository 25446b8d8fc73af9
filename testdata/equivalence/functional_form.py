"""What the functional form (`--control-flow functional`) must keep: a
statement whose variables something else sees while or after it runs keeps
the nonlocal form (closures, generators, a try/with that catches midway);
the others take their state in and return it. The same cases run in both
forms (equivalence_converted, equivalence_functional)."""


def generator_sees_last_value(n):
    # The generator made in the first iteration runs after the loop: it
    # must see the variable's last value, not the first iteration's (x is
    # read after the loop too, so it is the loop's state).
    x = 0
    g = None
    for i in range(n):
        x = i
        if g is None:
            g = (x for _ in range(1))
    return (list(g) if g is not None else []), x


def lambda_sees_last_value(n):
    x = -1
    f = lambda: x
    while n > 0:
        x = n
        n -= 1
    return f()


def caught_midway(xs):
    total = 0
    count = 0
    try:
        for x in xs:
            count += 1
            total += 10 // x
    except ZeroDivisionError:
        pass
    return total, count


def swallowed_in_with(xs):
    class Swallow:
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return True
    seen = []
    n = 0
    with Swallow():
        while n < len(xs):
            seen.append(xs[n])
            n += 1
            if xs[n - 1] < 0:
                raise ValueError(n)
    return n, seen


def nested_state(n):
    # Inner statements read the outer body's parameters.
    acc = 0
    i = 0
    while i < n:
        if i % 2:
            acc += i
        else:
            j = 0
            while j < i:
                acc -= 1
                j += 1
        i += 1
    return acc


def maybe_unbound_then_bound(flag, xs):
    if flag:
        y = 1
    for x in xs:
        if x > 2:
            y = x
    return y


def deleted_in_branch(flag):
    x = 1
    if flag:
        del x
    return x


def rebound_under_an_early_return(x, c):
    # _pydecimal's Decimal.next_toward: `ans` is bound, then an `if` nested
    # in the rest of the function (what follows `if c == 0: return`) rebinds
    # it on both branches. The helper holding that `if` binds `ans` itself
    # without taking it in (it is not state of the `if c == 0`): the state
    # it passes in must not read the unbound helper variable.
    ans = x
    if ans is None:
        return "none"
    if c == 0:
        return "equal"
    if c == -1:
        ans = x + 1
    else:
        ans = x - 1
    if ans > 10:
        return "big"
    elif ans < -10:
        if not ans % 2:
            return "small even"
    return ans


def rebound_in_an_elif_chain(adj, p, sign):
    # Decimal.exp's shape: the result is bound before, returned early on
    # one test, then rebound in every arm of an elif chain, one of which
    # loops.
    ans = None
    if adj is None:
        return ans
    if sign == 0 and adj > 5:
        ans = "overflow"
    elif sign == 1 and adj > 5:
        ans = "underflow"
    elif adj < -p:
        ans = "tiny"
    else:
        extra = 3
        while True:
            coeff = adj * extra
            if coeff % 5:
                break
            extra += 3
        ans = coeff
    return ans


CASES = {
    "rebound_under_an_early_return": [(None, 0), (3, 0), (3, -1), (3, 1),
                                      (10, -1), (-12, 1), (-13, 1)],
    "rebound_in_an_elif_chain": [(None, 0, 0), (6, 2, 0), (6, 2, 1),
                                 (-4, 2, 0), (1, 2, 0), (4, 2, 1)],
    "generator_sees_last_value": [(0,), (1,), (3,)],
    "lambda_sees_last_value": [(0,), (3,)],
    "caught_midway": [([1, 2, 5],), ([1, 0, 5],), ([],)],
    "swallowed_in_with": [([1, 2],), ([1, -2, 3],)],
    "nested_state": [(0,), (5,), (8,)],
    "maybe_unbound_then_bound": [(True, [1, 2]), (False, [3]), (False, [1])],
    "deleted_in_branch": [(False,), (True,)],
}

STAGED_ERRORS = {
    ("maybe_unbound_then_bound", 0): "'y' must also be initialized in the else branch",
    ("maybe_unbound_then_bound", 1): "'y' must also be initialized in the else branch",
    ("maybe_unbound_then_bound", 2): "'y' must also be initialized in the else branch",
    ("deleted_in_branch", 0): "'x' must also be initialized in the main branch",
    ("deleted_in_branch", 1): "'x' must also be initialized in the main branch",
}

PYTHON_ONLY = {
    "rebound_under_an_early_return": "`not ans % 2`: a staged int negated",
    "rebound_in_an_elif_chain": "`coeff % 5` as the condition of a staged if "
                                "is not a bool",
    "generator_sees_last_value": "consumes a generator made in a staged loop",
    "lambda_sees_last_value": "a closure over a staged loop's variable",
    "caught_midway": "an exception inside a staged loop",
    "swallowed_in_with": "an exception inside a staged loop",
    "nested_state": "`i % 2` as the condition of a staged if is not a bool",
}
