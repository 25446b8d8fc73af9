"""Original functions and their hand-converted forms (spec section 3 shape).

Each ``name`` has ``name`` (the original) and ``name_ag`` (what agc's passes
produce for it, written by hand in the operator protocol: nested
get_state/set_state/body functions declaring the modified symbols nonlocal,
do_return/retval_ for early returns, extra_test for break). CASES lists the
calls the tests make on both; STAGED_CASES those that stage cleanly.
"""

import warnings

import agc_runtime as ag__


# ---------------------------------------------------------------------------
# if / else
# ---------------------------------------------------------------------------

def abs_diff(a, b):
    if a > b:
        d = a - b
    else:
        d = b - a
    return d


@ag__.autograph_artifact
def abs_diff_ag(a, b):
    with ag__.FunctionScope('abs_diff', 'fscope', ag__.STD) as fscope:
        d = ag__.Undefined('d')

        def get_state():
            return (d,)

        def set_state(vars_):
            nonlocal d
            (d,) = vars_

        def if_body():
            nonlocal d
            d = ag__.ld(a) - ag__.ld(b)

        def else_body():
            nonlocal d
            d = ag__.ld(b) - ag__.ld(a)
        ag__.if_stmt(ag__.ld(a) > ag__.ld(b), if_body, else_body, get_state,
                     set_state, ('d',), 1)
        return fscope.ret(ag__.ld(d), True)


# ---------------------------------------------------------------------------
# while with a nested if
# ---------------------------------------------------------------------------

def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


@ag__.autograph_artifact
def collatz_steps_ag(n):
    with ag__.FunctionScope('collatz_steps', 'fscope', ag__.STD) as fscope:
        steps = 0

        def get_state_1():
            return (n, steps)

        def set_state_1(vars_):
            nonlocal n, steps
            (n, steps) = vars_

        def loop_body():
            nonlocal n, steps

            def get_state():
                return (n,)

            def set_state(vars_):
                nonlocal n
                (n,) = vars_

            def if_body():
                nonlocal n
                n = ag__.ld(n) // 2

            def else_body():
                nonlocal n
                n = 3 * ag__.ld(n) + 1
            ag__.if_stmt(ag__.ld(n) % 2 == 0, if_body, else_body, get_state,
                         set_state, ('n',), 1)
            steps = ag__.ld(steps) + 1

        def loop_test():
            return ag__.ld(n) != 1
        ag__.while_stmt(loop_test, loop_body, get_state_1, set_state_1,
                        ('n', 'steps'), {})
        return fscope.ret(ag__.ld(steps), True)


# ---------------------------------------------------------------------------
# for with break
# ---------------------------------------------------------------------------

def first_over(xs, limit):
    found = -1
    for x in xs:
        if x > limit:
            found = x
            break
    return found


@ag__.autograph_artifact
def first_over_ag(xs, limit):
    with ag__.FunctionScope('first_over', 'fscope', ag__.STD) as fscope:
        found = -1
        break_ = False

        def get_state_1():
            return (found, break_)

        def set_state_1(vars_):
            nonlocal found, break_
            (found, break_) = vars_

        def loop_body(itr):
            nonlocal found, break_
            x = itr

            def get_state():
                return (found, break_)

            def set_state(vars_):
                nonlocal found, break_
                (found, break_) = vars_

            def if_body():
                nonlocal found, break_
                found = ag__.ld(x)
                break_ = True

            def else_body():
                pass
            ag__.if_stmt(ag__.ld(x) > ag__.ld(limit), if_body, else_body,
                         get_state, set_state, ('found', 'break_'), 2)

        def extra_test():
            return ag__.not_(break_)
        ag__.for_stmt(ag__.ld(xs), extra_test, loop_body, get_state_1,
                      set_state_1, ('found', 'break_'), {'iterate_names': 'x'})
        return fscope.ret(ag__.ld(found), True)


# ---------------------------------------------------------------------------
# early return (if/elif/return; the rest of the block moved under else)
# ---------------------------------------------------------------------------

def sign(x):
    if x > 0:
        return 1
    elif x < 0:
        return -1
    return 0


@ag__.autograph_artifact
def sign_ag(x):
    with ag__.FunctionScope('sign', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()

        def get_state_1():
            return (do_return, retval_)

        def set_state_1(vars_):
            nonlocal do_return, retval_
            (do_return, retval_) = vars_

        def if_body_1():
            nonlocal do_return, retval_
            do_return = True
            retval_ = 1

        def else_body_1():
            nonlocal do_return, retval_

            def get_state():
                return (do_return, retval_)

            def set_state(vars_):
                nonlocal do_return, retval_
                (do_return, retval_) = vars_

            def if_body():
                nonlocal do_return, retval_
                do_return = True
                retval_ = -1

            def else_body():
                nonlocal do_return, retval_
                do_return = True
                retval_ = 0
            ag__.if_stmt(ag__.ld(x) < 0, if_body, else_body, get_state,
                         set_state, ('do_return', 'retval_'), 2)
        ag__.if_stmt(ag__.ld(x) > 0, if_body_1, else_body_1, get_state_1,
                     set_state_1, ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)


def clamp_add(x, y):
    if x > 10:
        return 10
    z = x + y
    return z


@ag__.autograph_artifact
def clamp_add_ag(x, y):
    with ag__.FunctionScope('clamp_add', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()

        def get_state():
            return (do_return, retval_)

        def set_state(vars_):
            nonlocal do_return, retval_
            (do_return, retval_) = vars_

        def if_body():
            nonlocal do_return, retval_
            do_return = True
            retval_ = 10

        def else_body():
            nonlocal do_return, retval_
            z = ag__.ld(x) + ag__.ld(y)
            do_return = True
            retval_ = ag__.ld(z)
        ag__.if_stmt(ag__.ld(x) > 10, if_body, else_body, get_state,
                     set_state, ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)


# ---------------------------------------------------------------------------
# nested loops: for over range() with an inner while
# ---------------------------------------------------------------------------

def pair_sum(n):
    total = 0
    for i in range(n):
        j = 0
        while j < i:
            total += i * j
            j += 1
    return total


@ag__.autograph_artifact
def pair_sum_ag(n):
    with ag__.FunctionScope('pair_sum', 'fscope', ag__.STD) as fscope:
        total = 0

        def get_state_1():
            return (total,)

        def set_state_1(vars_):
            nonlocal total
            (total,) = vars_

        def loop_body_1(itr):
            nonlocal total
            i = itr
            j = 0

            def get_state():
                return (j, total)

            def set_state(vars_):
                nonlocal j, total
                (j, total) = vars_

            def loop_body():
                nonlocal j, total
                total = ag__.ld(total) + ag__.ld(i) * ag__.ld(j)
                j = ag__.ld(j) + 1

            def loop_test():
                return ag__.ld(j) < ag__.ld(i)
            ag__.while_stmt(loop_test, loop_body, get_state, set_state,
                            ('j', 'total'), {})
        ag__.for_stmt(ag__.converted_call(range, (ag__.ld(n),), None, fscope),
                      None, loop_body_1, get_state_1, set_state_1,
                      ('total',), {'iterate_names': 'i'})
        return fscope.ret(ag__.ld(total), True)


# ---------------------------------------------------------------------------
# for with continue-like guard, ternary, and/or, print
# ---------------------------------------------------------------------------

def count_between(xs, lo, hi):
    count = 0
    for x in xs:
        inside = x >= lo and x <= hi
        count = count + (1 if inside else 0)
    print('count', count)
    return count


@ag__.autograph_artifact
def count_between_ag(xs, lo, hi):
    with ag__.FunctionScope('count_between', 'fscope', ag__.STD) as fscope:
        count = 0

        def get_state():
            return (count,)

        def set_state(vars_):
            nonlocal count
            (count,) = vars_

        def loop_body(itr):
            nonlocal count
            x = itr
            inside = ag__.and_(lambda: ag__.ld(x) >= ag__.ld(lo),
                               lambda: ag__.ld(x) <= ag__.ld(hi))
            count = ag__.ld(count) + ag__.if_exp(
                ag__.ld(inside), lambda: 1, lambda: 0, 'inside')
        ag__.for_stmt(ag__.ld(xs), None, loop_body, get_state, set_state,
                      ('count',), {'iterate_names': 'x'})
        ag__.converted_call(print, ('count', ag__.ld(count)), None, fscope)
        return fscope.ret(ag__.ld(count), True)


# ---------------------------------------------------------------------------
# A symbol defined on one branch only, read afterwards
# ---------------------------------------------------------------------------

def one_branch(x):
    if x > 0:
        y = x * 2
    return y


@ag__.autograph_artifact
def one_branch_ag(x):
    with ag__.FunctionScope('one_branch', 'fscope', ag__.STD) as fscope:
        y = ag__.Undefined('y')

        def get_state():
            return (y,)

        def set_state(vars_):
            nonlocal y
            (y,) = vars_

        def if_body():
            nonlocal y
            y = ag__.ld(x) * 2

        def else_body():
            pass
        ag__.if_stmt(ag__.ld(x) > 0, if_body, else_body, get_state, set_state,
                     ('y',), 1)
        return fscope.ret(ag__.ld(y), True)


# ---------------------------------------------------------------------------
# Recursion through a converted call inside a branch
# ---------------------------------------------------------------------------

def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)


@ag__.autograph_artifact
def depth_ag(n):
    with ag__.FunctionScope('depth', 'fscope', ag__.STD) as fscope:
        do_return = False
        retval_ = ag__.UndefinedReturnValue()

        def get_state():
            return (do_return, retval_)

        def set_state(vars_):
            nonlocal do_return, retval_
            (do_return, retval_) = vars_

        def if_body():
            nonlocal do_return, retval_
            do_return = True
            retval_ = 0

        def else_body():
            nonlocal do_return, retval_
            do_return = True
            retval_ = 1 + ag__.converted_call(depth_ag, (ag__.ld(n) - 1,),
                                              None, fscope)
        ag__.if_stmt(ag__.ld(n) == 0, if_body, else_body, get_state,
                     set_state, ('do_return', 'retval_'), 2)
        return fscope.ret(retval_, do_return)


def tree_size(node):
    size = 1
    for child in node:
        size += tree_size(child)
    return size


@ag__.autograph_artifact
def tree_size_ag(node):
    with ag__.FunctionScope('tree_size', 'fscope', ag__.STD) as fscope:
        size = 1

        def get_state():
            return (size,)

        def set_state(vars_):
            nonlocal size
            (size,) = vars_

        def loop_body(itr):
            nonlocal size
            child = itr
            size = ag__.ld(size) + ag__.converted_call(
                tree_size_ag, (ag__.ld(child),), None, fscope)
        ag__.for_stmt(ag__.ld(node), None, loop_body, get_state, set_state,
                      ('size',), {'iterate_names': 'child'})
        return fscope.ret(ag__.ld(size), True)


def tree_size_if(node):
    size = 1
    for child in node:
        if child is not None:
            size += tree_size_if(child)
    return size


@ag__.autograph_artifact
def tree_size_if_ag(node):
    with ag__.FunctionScope('tree_size_if', 'fscope', ag__.STD) as fscope:
        size = 1

        def get_state_1():
            return (size,)

        def set_state_1(vars_):
            nonlocal size
            (size,) = vars_

        def loop_body(itr):
            nonlocal size
            child = itr

            def get_state():
                return (size,)

            def set_state(vars_):
                nonlocal size
                (size,) = vars_

            def if_body():
                nonlocal size
                size = ag__.ld(size) + ag__.converted_call(
                    tree_size_if_ag, (ag__.ld(child),), None, fscope)

            def else_body():
                pass
            ag__.if_stmt(ag__.ld(child) is not None, if_body, else_body,
                         get_state, set_state, ('size',), 1)
        ag__.for_stmt(ag__.ld(node), None, loop_body, get_state_1,
                      set_state_1, ('size',), {'iterate_names': 'child'})
        return fscope.ret(ag__.ld(size), True)


def forever(n):
    return forever(n + 1)


@ag__.autograph_artifact
def forever_ag(n):
    with ag__.FunctionScope('forever', 'fscope', ag__.STD) as fscope:
        return fscope.ret(ag__.converted_call(forever_ag, (ag__.ld(n) + 1,),
                                              None, fscope), True)


# ---------------------------------------------------------------------------
# warnings with a stacklevel, called through converted code
# ---------------------------------------------------------------------------

def warn_caller_level2():
    warnings.warn("level two", UserWarning, stacklevel=2)


@ag__.autograph_artifact
def warns_ag(flag):
    with ag__.FunctionScope('warns', 'fscope', ag__.STD) as fscope:
        def get_state():
            return ()

        def set_state(vars_):
            pass

        def if_body():
            ag__.converted_call(warn_caller_level2, (), None, fscope)  # IF-LINE

        def else_body():
            pass
        ag__.converted_call(warn_caller_level2, (), None, fscope)  # TOP-LINE
        ag__.if_stmt(ag__.ld(flag), if_body, else_body, get_state, set_state,
                     (), 0)
        return fscope.ret(None, True)


CASES = [
    (abs_diff, abs_diff_ag, [(3, 5), (5, 3), (2.5, -1.0)]),
    (collatz_steps, collatz_steps_ag, [(1,), (6,), (27,)]),
    (first_over, first_over_ag, [([1, 5, 3, 9], 2), ([1, 2], 7), ([], 0)]),
    (sign, sign_ag, [(4,), (-2,), (0,), (0.5,)]),
    (clamp_add, clamp_add_ag, [(11, 1), (3, 4)]),
    (pair_sum, pair_sum_ag, [(0,), (1,), (5,)]),
    (count_between, count_between_ag, [([1, 4, 6, 9], 3, 7), ([], 0, 1)]),
    (one_branch, one_branch_ag, [(2,), (-2,)]),
]

# Calls whose staged run must equal the original (arguments get staged).
STAGED_CASES = [
    (abs_diff, abs_diff_ag, [(3, 5), (5, 3), (2.5, -1.0)]),
    (collatz_steps, collatz_steps_ag, [(1,), (6,), (27,)]),
    (first_over, first_over_ag, [([1, 5, 3, 9], 2), ([1, 2], 7)]),
    (sign, sign_ag, [(4,), (-2,), (0,)]),
    (clamp_add, clamp_add_ag, [(11, 1), (3, 4)]),
    (pair_sum, pair_sum_ag, [(0,), (1,), (5,)]),
    (count_between, count_between_ag, [([1, 4, 6, 9], 3, 7)]),
]
