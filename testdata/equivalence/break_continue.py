"""break and continue: every nesting depth, nested loops each with their own
flag, loop else with and without break, `while True` with break, break and
continue inside if/elif/try/with, in for and while loops, both together."""
import contextlib

log = []


def for_break(n):
    total = 0
    for i in range(n):
        if i == 3:
            break
        total += i
    return total


def while_break(n):
    i = 0
    while i < n:
        if i * i > 20:
            break
        i += 1
    return i


def while_true_break(n):
    i = 0
    while True:
        i += 1
        if i >= n:
            break
    return i


def while_true_break_first(n):
    i = 0
    while True:
        if i >= n:
            break
        i += 2
    return i


def for_break_unconditional(xs):
    first = None
    for x in xs:
        first = x
        break
    return first


def for_break_target_after(n):
    i = -1
    for i in range(n):
        if i == 4:
            break
    return i


def for_continue(n):
    total = 0
    for i in range(n):
        if i % 2:
            continue
        total += i
    return total


def while_continue(n):
    i = 0
    total = 0
    while i < n:
        i += 1
        if i % 3 == 0:
            continue
        total += i
    return total


def break_and_continue(n):
    total = 0
    for i in range(n):
        if i % 2 == 0:
            continue
        if i > 7:
            break
        total += i
    return total


def while_break_and_continue(n):
    i = 0
    total = 0
    while i < 100:
        i += 1
        if i % 2:
            continue
        if i > n:
            break
        total += i
    return total, i


def for_else_no_break(n):
    found = -1
    for i in range(n):
        if i == 5:
            found = i
    else:
        found = found * 10
    return found


def for_else_with_break(n):
    found = -1
    for i in range(n):
        if i == 5:
            found = i
            break
    else:
        found = -2
    return found


def while_else_with_break(n):
    i = 0
    while i < n:
        if i == 4:
            break
        i += 1
    else:
        i = 100
    return i


def while_else_no_break(n):
    i = 0
    while i < n:
        i += 1
    else:
        i = -i
    return i


def break_in_elif(n):
    total = 0
    for i in range(n):
        if i == 1:
            total += 10
        elif i == 3:
            break
        else:
            total += i
    return total


def break_in_else(n):
    total = 0
    for i in range(n):
        if i < 4:
            total += i
        else:
            break
    return total


def continue_in_elif(n):
    total = 0
    for i in range(n):
        if i == 1:
            total += 10
        elif i % 3 == 0:
            continue
        else:
            total += 1
        total *= 2
    return total


def break_depth_two(n):
    total = 0
    for i in range(n):
        if i > 2:
            if i % 5 == 0:
                break
            total += 100
        total += i
    return total


def break_depth_three(n):
    total = 0
    for i in range(n):
        if i > 1:
            total += 1
            if i > 3:
                total += 2
                if i == 6:
                    break
                total += 3
            total += 4
        total += 5
    return total


def continue_depth_three(n):
    total = 0
    for i in range(n):
        if i > 1:
            if i % 2:
                if i % 3:
                    continue
                total += 1000
            total += 100
        total += i
    return total


def nested_loops_inner_break(n):
    pairs = 0
    for i in range(n):
        for j in range(n):
            if j > i:
                break
            pairs += 1
    return pairs


def nested_loops_both_break(n):
    count = 0
    for i in range(n):
        if i == 4:
            break
        for j in range(n):
            if j == 2:
                break
            count += 1
    return count


def nested_while_both_break(n):
    i = 0
    count = 0
    while True:
        if i >= n:
            break
        j = 0
        while True:
            if j >= i:
                break
            j += 1
            count += j
        i += 1
    return count


def nested_loops_continue(n):
    total = 0
    for i in range(n):
        if i == 2:
            continue
        for j in range(i):
            if j % 2:
                continue
            total += j
    return total


def three_loops_break(n):
    count = 0
    for a in range(n):
        for b in range(n):
            for c in range(n):
                if c > b:
                    break
                count += 1
            if b > a:
                break
        if a > 3:
            break
    return count


def inner_else_breaks_outer(n):
    hits = 0
    for i in range(n):
        for j in range(3):
            if j == i:
                break
        else:
            hits += 100
            break
        hits += 1
    return hits


def search_2d(grid, target):
    pos = None
    for r in range(len(grid)):
        for c in range(len(grid[r])):
            if grid[r][c] == target:
                pos = (r, c)
                break
        if pos is not None:
            break
    return pos


def break_in_try(n):
    total = 0
    for i in range(n):
        try:
            if i == 3:
                break
            total += i
        except ValueError:
            total = -1
    return total


def break_in_try_else(n):
    total = 0
    for i in range(n):
        try:
            total += 1
            if i == 2:
                break
        except ValueError:
            total = -1
        else:
            total += 10
    return total


def break_in_except(xs):
    total = 0
    for x in xs:
        try:
            total += 10 // x
        except ZeroDivisionError:
            total += 1000
            break
        total += 1
    return total


def continue_in_except(xs):
    total = 0
    for x in xs:
        try:
            total += 10 // x
        except ZeroDivisionError:
            continue
        total += 1
    return total


def break_in_try_finally(n):
    events = []
    for i in range(n):
        try:
            events.append(i)
            if i == 2:
                break
            events.append(-i)
        finally:
            events.append("f")
    return events


def continue_in_try_finally(n):
    events = []
    for i in range(n):
        try:
            if i % 2:
                continue
            events.append(i)
        finally:
            events.append("f")
    return events


def exception_after_break_point(xs):
    total = 0
    for x in xs:
        if x is None:
            break
        total += 100 // x
    return total


@contextlib.contextmanager
def _recorder(events, name):
    events.append("enter " + name)
    try:
        yield
    finally:
        events.append("exit " + name)


def break_in_with(n):
    events = []
    for i in range(n):
        with _recorder(events, str(i)):
            if i == 2:
                break
            events.append("body")
    return events


def continue_in_with(n):
    events = []
    for i in range(n):
        with _recorder(events, str(i)):
            if i % 2:
                continue
            events.append("body")
        events.append("after")
    return events


class Suppress:
    def __init__(self, events):
        self.events = events

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.events.append(exc[0] is None)
        return True


def break_in_suppressing_with(n):
    events = []
    for i in range(n):
        with Suppress(events):
            if i == 1:
                break
            events.append(i)
    return events


def break_generator_not_overdrawn(n):
    pulled = []

    def gen():
        for i in range(n):
            pulled.append(i)
            yield i

    got = []
    for x in gen():
        got.append(x)
        if x == 2:
            break
    return got, pulled


def break_iterator_resume(xs):
    it = iter(xs)
    first = []
    for x in it:
        if x < 0:
            break
        first.append(x)
    rest = list(it)
    return first, rest


def while_break_side_effect_test(n):
    calls = []

    def test():
        calls.append(1)
        return True

    i = 0
    while test():
        i += 1
        if i == n:
            break
    return i, len(calls)


def break_dead_code_binds(n):
    y = 0
    for i in range(n):
        y = i
        break
        y = 100  # noqa
    return y


def continue_last_statement(n):
    total = 0
    for i in range(n):
        total += i
        continue
    return total


def loop_var_break_shadow(n):
    break_ = "mine"
    for i in range(n):
        if i == 1:
            break
    return break_, i


def continue_then_break(xs):
    out = []
    for x in xs:
        if x == 0:
            continue
        elif x < 0:
            break
        out.append(x)
    else:
        out.append("done")
    return out


def break_in_nested_function_loop(n):
    def inner(m):
        k = 0
        for i in range(m):
            if i == 2:
                break
            k += i
        return k

    total = 0
    for j in range(n):
        total += inner(j)
    return total


def staged_count_break(n):
    i = 0
    s = 0
    while i < n:
        if s > 10:
            break
        s = s + i
        i = i + 1
    return s


def staged_for_break(n):
    s = 0
    for i in range(n):
        if i * i > 20:
            break
        s = s + i
    return s


def staged_for_continue_break(n):
    s = 0
    for i in range(n):
        if i % 2 == 0:
            continue
        if i > 9:
            break
        s = s + i
    return s


def staged_while_continue(n):
    i = 0
    s = 0
    while i < n:
        i = i + 1
        if i % 2 == 0:
            continue
        s = s + i
    return s


def break_in_match(xs):
    out = []
    for x in xs:
        match x:
            case 0:
                continue
            case "stop":
                break
            case _:
                out.append(x)
    return out


def for_break_walrus_test(xs):
    total = 0
    for x in xs:
        if (y := x * 2) > 10:
            break
        total += y
    return total


def while_else_continue(n):
    i = 0
    total = 0
    while i < n:
        i += 1
        if i == 2:
            continue
        total += i
    else:
        total = -total
    return total


def unbound_after_break(xs):
    for x in xs:
        if x:
            break
        y = x
    return y


def walrus_while_break(xs):
    it = iter(xs)
    total = 0
    while (x := next(it, None)) is not None:
        if x < 0:
            break
        total += x
    return total, x


def closures_see_last_value(n):
    fs = []
    for i in range(n):
        if i == 3:
            break
        fs.append(lambda: i)
    return [f() for f in fs]


def class_in_loop_keeps_break(n):
    out = []
    for i in range(n):
        class K:
            vals = []
            for j in range(5):
                if j > i:
                    break
                vals.append(j)
        out.append(len(K.vals))
        if i > 2:
            break
    return out


def loop_in_else_of_try(n):
    total = 0
    for i in range(n):
        try:
            total += 1
        except ValueError:
            pass
        else:
            for j in range(i):
                if j == 2:
                    break
                total += j
            if total > 20:
                break
    return total


def raise_after_guard(xs):
    for x in xs:
        if x == 0:
            continue
        if x > 100:
            break
        if x < 0:
            raise ValueError(x)
    return "done"


CASES = {
    "for_break": [(0,), (2,), (10,)],
    "while_break": [(0,), (3,), (10,)],
    "while_true_break": [(1,), (5,)],
    "while_true_break_first": [(0,), (5,)],
    "for_break_unconditional": [([],), ([3, 4],)],
    "for_break_target_after": [(0,), (3,), (9,)],
    "for_continue": [(0,), (7,)],
    "while_continue": [(0,), (10,)],
    "break_and_continue": [(0,), (5,), (20,)],
    "while_break_and_continue": [(0,), (9,), (1000,)],
    "for_else_no_break": [(0,), (7,)],
    "for_else_with_break": [(0,), (3,), (9,)],
    "while_else_with_break": [(0,), (3,), (9,)],
    "while_else_no_break": [(0,), (4,)],
    "break_in_elif": [(0,), (2,), (9,)],
    "break_in_else": [(0,), (9,)],
    "continue_in_elif": [(0,), (9,)],
    "break_depth_two": [(0,), (4,), (12,)],
    "break_depth_three": [(0,), (5,), (12,)],
    "continue_depth_three": [(0,), (12,)],
    "nested_loops_inner_break": [(0,), (5,)],
    "nested_loops_both_break": [(0,), (3,), (8,)],
    "nested_while_both_break": [(0,), (5,)],
    "nested_loops_continue": [(0,), (7,)],
    "three_loops_break": [(0,), (3,), (6,)],
    "inner_else_breaks_outer": [(0,), (2,), (6,)],
    "search_2d": [([[1, 2], [3, 4]], 3), ([[1, 2], [3, 4]], 9), ([], 1)],
    "break_in_try": [(0,), (2,), (8,)],
    "break_in_try_else": [(0,), (2,), (8,)],
    "break_in_except": [([],), ([1, 2],), ([1, 0, 2],)],
    "continue_in_except": [([],), ([1, 0, 2],)],
    "break_in_try_finally": [(0,), (2,), (5,)],
    "continue_in_try_finally": [(0,), (5,)],
    "exception_after_break_point": [([1, 2],), ([1, None, 0],), ([1, 0],)],
    "break_in_with": [(0,), (2,), (5,)],
    "continue_in_with": [(0,), (4,)],
    "break_in_suppressing_with": [(0,), (3,)],
    "break_generator_not_overdrawn": [(0,), (2,), (6,)],
    "break_iterator_resume": [([],), ([1, 2, -1, 3, 4],)],
    "while_break_side_effect_test": [(1,), (4,)],
    "break_dead_code_binds": [(0,), (3,)],
    "continue_last_statement": [(0,), (4,)],
    "loop_var_break_shadow": [(2,), (5,)],
    "continue_then_break": [([],), ([1, 0, 2],), ([1, 0, -1, 5],)],
    "break_in_nested_function_loop": [(0,), (5,)],
    "staged_count_break": [(0,), (3,), (20,)],
    "staged_for_break": [(0,), (3,), (20,)],
    "staged_for_continue_break": [(0,), (3,), (20,)],
    "staged_while_continue": [(0,), (7,)],
    "break_in_match": [([],), ([1, 0, 2, "stop", 3],)],
    "for_break_walrus_test": [([],), ([1, 2, 8, 1],)],
    "while_else_continue": [(0,), (5,)],
    "unbound_after_break": [([],), ([1],), ([0, 1],), ([0, 0],)],
    "walrus_while_break": [([],), ([1, 2],), ([1, -1, 5],)],
    "closures_see_last_value": [(0,), (2,), (6,)],
    "class_in_loop_keeps_break": [(0,), (6,)],
    "loop_in_else_of_try": [(0,), (5,), (12,)],
    "raise_after_guard": [([],), ([0, 1, 200, -1],), ([0, -1],)],
}

# Under the staged backend: what breaks the staging rules, as a graph
# runtime would reject it. A Python loop (its test or iterable is a Python
# value) whose `break` depends on a staged value; conditions that are staged
# ints, not bools; `None` as loop or branch state; Python iteration or
# indexing with staged values.
STAGED_ERRORS = {
    ("while_true_break", 0): 'using a staged bool as a Python bool is not allo',
    ("while_true_break", 1): 'using a staged bool as a Python bool is not allo',
    ("while_true_break_first", 0): 'using a staged bool as a Python bool is not allo',
    ("while_true_break_first", 1): 'using a staged bool as a Python bool is not allo',
    ("for_break_unconditional", 1): "'first' is not allowed to be None before the loo",
    ("for_continue", 0): 'the condition of an if statement must be a scala',
    ("for_continue", 1): 'the condition of an if statement must be a scala',
    ("while_break_and_continue", 0): 'using a staged bool as a Python bool is not allo',
    ("while_break_and_continue", 1): 'using a staged bool as a Python bool is not allo',
    ("while_break_and_continue", 2): 'using a staged bool as a Python bool is not allo',
    ("continue_depth_three", 0): 'the condition of an if statement must be a scala',
    ("continue_depth_three", 1): 'the condition of an if statement must be a scala',
    ("nested_while_both_break", 0): 'using a staged bool as a Python bool is not allo',
    ("nested_while_both_break", 1): 'using a staged bool as a Python bool is not allo',
    ("nested_loops_continue", 0): 'the condition of an if statement must be a scala',
    ("nested_loops_continue", 1): 'the condition of an if statement must be a scala',
    ("inner_else_breaks_outer", 0): 'using a staged bool as a Python bool is not allo',
    ("inner_else_breaks_outer", 1): 'using a staged bool as a Python bool is not allo',
    ("inner_else_breaks_outer", 2): 'using a staged bool as a Python bool is not allo',
    ("search_2d", 0): "'pos' is None at the end of the else branch.",
    ("search_2d", 1): "'pos' is None at the end of the else branch.",
    ("break_generator_not_overdrawn", 0): 'a staged value cannot be used as a Python index',
    ("break_generator_not_overdrawn", 1): 'a staged value cannot be used as a Python index',
    ("break_generator_not_overdrawn", 2): 'a staged value cannot be used as a Python index',
    ("break_iterator_resume", 1): 'iterating over a staged value is not allowed: us',
    ("while_break_side_effect_test", 0): 'using a staged bool as a Python bool is not allo',
    ("while_break_side_effect_test", 1): 'using a staged bool as a Python bool is not allo',
    # defined only inside the loop, read after it
    ("unbound_after_break", 1): "'y' must be defined before the loop",
    ("unbound_after_break", 2): "'y' must be defined before the loop",
    ("unbound_after_break", 3): "'y' must be defined before the loop",
    ("walrus_while_break", 1): 'iterating over a staged value is not allowed',
    ("walrus_while_break", 2): 'iterating over a staged value is not allowed',
    # a class body's Python loop reads the staged loop variable
    ("class_in_loop_keeps_break", 0): "'i' must be defined before the loop",
    ("class_in_loop_keeps_break", 1): "'i' must be defined before the loop",
    # raise in a traced branch
    ("raise_after_guard", 1): "staged.Value(0, dtype='int'",
    ("raise_after_guard", 2): "staged.Value(0, dtype='int'",
}

PYTHON_ONLY = {
    "break_in_try_finally": "grows a Python list inside a staged loop, whose "
                            "body is traced once (use a TensorArray)",
    "continue_in_try_finally": "grows a Python list inside a staged loop",
    "break_in_with": "grows a Python list inside a staged loop (and formats "
                     "the staged loop variable into it)",
    "continue_in_with": "grows a Python list inside a staged loop",
    "break_in_suppressing_with": "grows a Python list inside a staged loop",
    "continue_then_break": "grows a Python list inside a staged loop",
    "closures_see_last_value": "grows a Python list inside a staged loop",
}
