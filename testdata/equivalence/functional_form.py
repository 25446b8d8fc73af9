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


CASES = {
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
    "generator_sees_last_value": "consumes a generator made in a staged loop",
    "lambda_sees_last_value": "a closure over a staged loop's variable",
    "caught_midway": "an exception inside a staged loop",
    "swallowed_in_with": "an exception inside a staged loop",
    "nested_state": "`i % 2` as the condition of a staged if is not a bool",
}
