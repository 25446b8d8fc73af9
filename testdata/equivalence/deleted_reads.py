"""A local that `del` (or the end of `except ... as e`) unbinds, or that is
not bound yet, read later:
Python raises UnboundLocalError with its text, also where conversion moved
the read into a helper, in which the name is a free variable (issue 32).
Reads in comprehensions are free variables in the original too (NameError)."""


class _Cm:
    def __enter__(self):
        return 5

    def __exit__(self, *exc):
        return False


def del_then_read(x):
    b = 1
    if x > 0:
        del b
        b = b + 1
    return b


def del_then_read_later(x):
    b = 1
    if x > 0:
        del b
    if x > -5:
        b = b * 2
    return b


def del_loop_variable(n):
    out = []
    for i in range(n):
        if i == 1:
            del i
            out.append(i)
    return out


def del_loop_variable_after(n):
    for i in range(n):
        if i == 1:
            del i
            break
    if n > 0:
        return i
    return None


def del_with_target(x):
    with _Cm() as t:
        if x:
            del t
        out = t + 1
    return out


def except_name_read(x):
    e = 'before'
    try:
        1 // x
    except ZeroDivisionError as e:
        pass
    if x < 5:
        return e
    return None


def del_in_while(n):
    a = 0
    while n > 0:
        n -= 1
        if n == 1:
            del a
        a = a + 1
    return a


def del_comprehension_scope(x):
    b = 2
    if x > 0:
        del b
        return [b for _ in range(1)]
    return b


def comprehension_reads_before_binding(xs):
    # Found by scripts/random_programs.py on Python 3.12 and 3.13 (issue
    # 38): a comprehension's read of a variable not bound yet, inside a thunk
    # (a chained comparison, a ternary) or in a comprehension inside one,
    # raises UnboundLocalError from 3.12 (the comprehension is inlined, PEP
    # 709) and NameError before.
    a = len([1 < c < 3 for _ in xs])
    c = a
    return c


def comprehension_ternary_before_binding(xs, y):
    a = len([c if y else len(xs) for _ in xs])
    c = a
    return c


def comprehension_in_ternary_before_binding(xs):
    a = len([c for _ in xs]) if len(xs) else 0
    c = a
    return c


def del_comprehension_iterable(x):
    b = [1]
    if x > 0:
        del b
        return [v for v in b]
    return b


def del_then_bound(x):
    b = 1
    if x > 0:
        del b
        b = 3
    return b + 1


def in_thunk(c):
    b = b and c
    return b


def del_maybe_unbound(x):
    if x:
        a = 1
    del a
    return 0


def del_maybe_unbound_in_helper(x):
    if x > 1:
        out = []
    if x:
        del out
    return 0


def aug_maybe_unbound(x):
    if x > 1:
        c = 1
    if x:
        c += 1
    return c


def del_not_read_after(x):
    # The `del` in the if body must reach the function's `c` (found by
    # scripts/random_programs.py).
    c = not x
    if x:
        del c
    return x


def bound_only_in_loop(n):
    # Found by scripts/random_programs.py: `d` is bound only in the loop
    # body (a helper), so the read before it found no local of the function.
    b = d
    for i in range(n):
        d = b
    return 0


def aug_of_bound_only_in_branch(x):
    d = -2
    d += c
    if x:
        pass
    else:
        c = 1
    return d


def bound_in_handler_read_in_loop(xs):
    # Found by scripts/random_programs.py: `b` is bound only in a handler,
    # so in the loop body (a helper) it is an empty cell, not an Undefined.
    try:
        pass
    except KeyError:
        b = 1
    for x in xs:
        x = b
    return 0


def dead_binding_after_return(x):
    # Found by scripts/random_programs.py: the binding after the return moved
    # into a helper (the guard of the code after a return).
    return d
    d = x
    if x:
        d = 2


def if_test_walrus_rebound(b):
    # Found by scripts/random_programs.py: the test binds c, the body reads
    # and rebinds it, and no one reads it after the if.
    if (c := b):
        try:
            c = c + 1
        finally:
            print(c)
    return 0


class _Suppress:
    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        return kind is not None and issubclass(kind, ArithmeticError)


def swallowed_raise_then_read(xs):
    # Found by scripts/random_programs.py: the analyses took the code after
    # a `with` whose body raises for dead, so the read of c was not checked.
    with _Suppress():
        raise ZeroDivisionError(1)
    if len(xs):
        b = c
    else:
        c = -1
    return 0


def deleted_by_nested_function(x):
    # Found by scripts/random_programs.py: `nonlocal d; del d` in a nested
    # function unbinds the function's d when it is called; the read in a
    # thunk after it must still raise UnboundLocalError.
    d = -2

    def kill():
        nonlocal d
        del d
    if x:
        kill()
    return (1 if d else 2) and x


def deleted_by_nested_function_then_rebound(x):
    d = 1

    def kill():
        nonlocal d
        del d
    kill()
    if x:
        d = 5
    return d


def del_walrus_of_for_iterable(xs):
    # Found by scripts/random_programs.py: the iterable is evaluated once, so
    # its walrus does not bind c again for the second iteration's `del c`.
    out = []
    for a in range((c := len(xs))):
        out.append(c)
        del c
    return out


CASES = {
    "del_walrus_of_for_iterable": [([],), ([1],), ([1, 2],)],
    "deleted_by_nested_function": [(0,), (1,)],
    "deleted_by_nested_function_then_rebound": [(0,), (1,)],
    "swallowed_raise_then_read": [([],), ([1],)],
    "bound_in_handler_read_in_loop": [([],), ([1],)],
    "dead_binding_after_return": [(0,), (1,)],
    "if_test_walrus_rebound": [(0,), (1,), ("s",)],
    "bound_only_in_loop": [(0,), (2,)],
    "aug_of_bound_only_in_branch": [(0,), (1,)],
    "in_thunk": [(0,), (1,)],
    "del_maybe_unbound": [(0,), (1,)],
    "del_maybe_unbound_in_helper": [(0,), (1,), (2,)],
    "aug_maybe_unbound": [(0,), (1,), (2,)],
    "del_not_read_after": [(0,), (1,)],
    "del_then_read": [(1,), (0,)],
    "del_then_read_later": [(1,), (0,)],
    "del_loop_variable": [(0,), (1,), (3,)],
    "del_loop_variable_after": [(0,), (1,), (3,)],
    "del_with_target": [(0,), (1,)],
    "except_name_read": [(0,), (1,)],
    "del_in_while": [(0,), (1,), (3,)],
    "del_comprehension_scope": [(0,), (1,)],
    "comprehension_reads_before_binding": [([1],), ([],)],
    "comprehension_ternary_before_binding": [([1], 1), ([1], 0), ([], 1)],
    "comprehension_in_ternary_before_binding": [([1],), ([],)],
    "del_comprehension_iterable": [(0,), (1,)],
    "del_then_bound": [(0,), (1,)],
}

_STAGED = ("del under a staged condition: staging needs the name defined on "
           "both branches")
PYTHON_ONLY = {name: _STAGED for name in CASES}
