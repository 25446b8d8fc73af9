"""return inside control flow: every nesting depth of if/elif/else, while,
for, with and try; early returns from nested loops; returns of tuples and
None; bare returns; falling off the end; loop else; returns mixed with break
and continue; values that raise; generators and async left untouched."""
import contextlib

log = []


@contextlib.contextmanager
def _tracked(name):
    log.append("enter " + name)
    try:
        yield name
    finally:
        log.append("exit " + name)


def sign(x):
    if x > 0:
        return 1
    elif x < 0:
        return -1
    return 0


def sign_else(x):
    if x > 0:
        return 1
    elif x < 0:
        return -1
    else:
        return 0


def early_then_compute(x):
    if x is None:
        return -1
    y = x * 2
    z = y + 1
    return z


def falls_off(x):
    if x > 3:
        return x


def falls_off_both(x):
    if x > 3:
        return x
    elif x < -3:
        return -x


def bare_return(x):
    if x:
        print("yes", x)
        return
    print("no")


def return_none_explicit(x):
    if x:
        return None
    return x


def returns_tuple(a, b):
    if a > b:
        return b, a
    return a, b


def return_in_both_nested(x, y):
    if x:
        if y:
            return "xy"
        else:
            return "x"
    else:
        if y:
            return "y"
    return "-"


def depth_three(x):
    if x > 0:
        if x > 10:
            if x > 100:
                return "huge"
            x += 1
        x += 1
    x += 1
    return x


def guarded_rest(x):
    total = 0
    if x > 1:
        total += 1
        if x > 5:
            return total
        total += 2
    total += 3
    return total


def raise_or_return(x):
    if x < 0:
        raise ValueError("negative")
    elif x == 0:
        return 0
    return 10 // x


def for_find(xs, target):
    for i, x in enumerate(xs):
        if x == target:
            return i
    return -1


def for_find_falls_off(xs, target):
    for i, x in enumerate(xs):
        if x == target:
            return i


def for_return_first(xs):
    for x in xs:
        return x
    return None


def for_return_unconditional_late(xs):
    total = 0
    for x in xs:
        total += x
        if total > 5:
            return total
        total *= 2
    return -total


def while_find(n):
    i = 0
    while i < n:
        if i * i >= n:
            return i
        i += 1
    return -1


def while_true_return(n):
    i = 1
    while True:
        i *= 2
        if i > n:
            return i


def while_true_return_or_raise(xs):
    i = 0
    while True:
        if i >= len(xs):
            raise IndexError("not found")
        if xs[i] < 0:
            return i
        i += 1


def nested_for_return(grid, v):
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if cell == v:
                return r, c
    return None


def nested_for_return_with_outer_work(grid, v):
    seen = 0
    for row in grid:
        for cell in row:
            seen += 1
            if cell == v:
                return seen
        seen += 100
    return -seen


def nested_while_for(n, xs):
    i = 0
    while i < n:
        for x in xs:
            if x * i > 10:
                return x, i
        i += 1
    return None, i


def triple_nested(n):
    for i in range(n):
        for j in range(n):
            for k in range(n):
                if i + j + k == 4 and i < j < k:
                    return i, j, k
    return ()


def return_and_break(xs):
    total = 0
    for x in xs:
        if x is None:
            break
        if x < 0:
            return "negative", x
        total += x
    return "total", total


def return_and_continue(xs):
    total = 0
    for x in xs:
        if x == 0:
            continue
        if x > 50:
            return -1
        total += x
    return total


def return_break_continue_while(xs):
    i = -1
    out = []
    while i < len(xs) - 1:
        i += 1
        if xs[i] == 0:
            continue
        if xs[i] < 0:
            break
        if xs[i] > 9:
            return "big", i
        out.append(xs[i])
    return out


def for_else_return(xs):
    for x in xs:
        if x > 3:
            return x
    else:
        return "no big"


def for_else_falls_through(xs):
    result = []
    for x in xs:
        if x == 7:
            return "seven"
        result.append(x)
    else:
        result.append("else")
    result.append("after")
    return result


def for_else_with_break_and_return(xs):
    for x in xs:
        if x == 0:
            break
        if x < 0:
            return x
    else:
        return "exhausted"
    return "broke"


def while_else_return(n):
    i = 0
    while i < n:
        i += 1
        if i == 5:
            return "five"
    else:
        i = -i
    return i


def return_in_else_branch_of_loop(xs):
    for x in xs:
        if x % 2:
            pass
        else:
            return x
    return None


def return_in_with(xs):
    with _tracked("w"):
        for x in xs:
            if x > 1:
                return x
    return 0


def return_in_with_guarded(x):
    log.clear()
    with _tracked("a"):
        if x:
            return list(log)
        log.append("body")
    log.append("after")
    return list(log)


def return_in_try_body(f, x):
    try:
        if x > 0:
            return f(x)
    except ZeroDivisionError:
        return "div"
    return "end"


def return_value_raises_in_try(x):
    state = "start"
    try:
        if x > 0:
            return 10 // (x - 1)
        state = "nonpositive"
    except ZeroDivisionError:
        state = "caught"
    return state


def return_value_raises_in_loop(xs):
    out = 0
    for x in xs:
        try:
            if x:
                return 100 // x
        except ZeroDivisionError:
            out += 1
    return out


def try_else_skipped(x):
    steps = []
    try:
        steps.append("try")
        if x:
            return steps
    except KeyError:
        steps.append("except")
    else:
        steps.append("else")
    steps.append("after")
    return steps


def try_finally_runs(x):
    steps = []
    try:
        if x:
            steps.append("early")
            return steps
        steps.append("late")
    finally:
        steps.append("finally")
    steps.append("after")
    return steps


def return_in_handler(x):
    try:
        if x == 0:
            raise KeyError(x)
        value = 1
    except KeyError:
        if x == 0:
            return "handled"
        value = 2
    return value


def return_in_finally_left_alone(x):
    try:
        if x:
            return 1
    finally:
        if x == 2:
            return 2


def return_in_finally_swallows(x):
    try:
        if x:
            raise ValueError("lost")
        return "body"
    finally:
        if x > 1:
            return "finally"


def return_from_match(x):
    match x:
        case 0:
            return "zero"
        case [a, b]:
            if a == b:
                return "pair"
        case _:
            pass
    return "other"


def closure_after_return(x):
    if x < 0:
        return None
    def add(y):
        return x + y
    return add(1)


def nested_def_returns(xs):
    def first_even(ys):
        for y in ys:
            if y % 2 == 0:
                return y
        return None
    if not xs:
        return "empty"
    return first_even(xs)


def lambda_inside(xs):
    key = lambda v: -v
    for x in xs:
        if key(x) < -5:
            return x
    return None


def generator_untouched(xs):
    for x in xs:
        if x < 0:
            return
        yield x


def generator_caller(xs):
    for y in generator_untouched(xs):
        if y > 5:
            return y
    return list(generator_untouched(xs))


async def async_untouched(x):
    if x:
        return 1
    return 2


def async_caller(x):
    coro = async_untouched(x)
    try:
        coro.send(None)
    except StopIteration as e:
        if e.value:
            return e.value
    return None


def recursive_return(n):
    if n <= 1:
        return 1
    return n * recursive_return(n - 1)


def mutual_even(n):
    if n == 0:
        return True
    return mutual_odd(n - 1)


def mutual_odd(n):
    if n == 0:
        return False
    return mutual_even(n - 1)


def shadowed_helper_names(do_return, retval_):
    if do_return:
        return retval_
    return do_return, retval_


def uses_fscope_name(fscope):
    if fscope:
        return fscope * 2
    return 0


def local_unbound_after_return(x):
    if x:
        return "early"
    y = 1
    return y


def read_before_assign_error(x):
    if x:
        return y  # noqa: F821 - UnboundLocalError, as in Python
    y = 2
    return y


def return_walrus(xs):
    for x in xs:
        if (sq := x * x) > 10:
            return sq
    return None


def return_in_comprehension_loop(xs):
    for group in xs:
        if sum(v for v in group) > 5:
            return [v * 2 for v in group]
    return []


def return_global_effect(x):
    log.clear()
    for i in range(x):
        log.append(i)
        if i == 2:
            return list(log)
    log.append("end")
    return list(log)


def return_self_attr(obj, n):
    for i in range(n):
        obj.count += 1
        if obj.count > 3:
            return obj.count
    return -obj.count


class Counter:
    def __init__(self, count):
        self.count = count

    def __repr__(self):
        return "Counter(%d)" % self.count

    def bump_until(self, limit):
        while True:
            self.count += 1
            if self.count >= limit:
                return self.count

    def classify(self):
        if self.count < 0:
            return "neg"
        elif self.count == 0:
            return "zero"
        return "pos"


def method_returns(start, limit):
    c = Counter(start)
    if c.classify() == "neg":
        return "neg", c.count
    return c.bump_until(limit), c.classify()


def return_attribute_in_loop(n):
    c = Counter(n)
    return return_self_attr(c, 5), c.count


def long_function(x):
    a = x + 1
    b = a * 2
    if b > 10:
        c = b - 3
        if c > 20:
            return "c", c
        d = c * 2
    else:
        d = b + 1
    e = 0
    for i in range(d % 7):
        e += i
        if e > 6:
            return "e", e
    f = e + d
    while f > 100:
        f //= 2
        if f % 3 == 0:
            return "f", f
    return "end", a, b, d, e, f


def return_in_elif_chain_loop(xs):
    out = []
    for x in xs:
        if x == 0:
            out.append("zero")
        elif x == 1:
            return out
        elif x == 2:
            continue
        else:
            out.append(x)
    return out


def early_return_keeps_later_binding(flag):
    if flag:
        return "flag"
    for later in range(3):
        pass
    return later


def return_loop_var_after_loop(xs):
    for x in xs:
        if x > 100:
            return "big"
    return x


def multiple_returns_same_value(x):
    if x == 1:
        return x
    if x == 2:
        return x
    if x == 3:
        return x
    return -x


def sequential_ifs_fallthrough(x):
    out = 0
    if x > 1:
        out += 1
    if x > 2:
        return out
    if x > 0:
        out += 10
    return out


def return_in_while_else_and_body(n):
    i = 0
    while i < n:
        if i == 3:
            return "three"
        i += 1
    else:
        if i == 0:
            return "none"
    return i


def return_in_nested_try_loop(xs):
    for x in xs:
        try:
            try:
                if x == "inner":
                    return "inner"
                int(x)
            except ValueError:
                if x == "bad":
                    return "bad"
                raise
        except ValueError:
            return "outer"
    return "done"


def while_condition_side_effect(xs):
    calls = []

    def more():
        calls.append(len(calls))
        return len(calls) < 10

    while more():
        if len(calls) == len(xs):
            return calls
    return calls


def for_iterator_not_advanced_after_return(xs):
    it = iter(xs)
    for x in it:
        if x == 2:
            return list(it)
    return None


def return_string_format(name, n):
    for i in range(n):
        if i == 3:
            return f"{name}:{i}"
    return "%s:none" % name


CASES = {
    "sign": [(5,), (-2,), (0,)],
    "sign_else": [(5,), (-2,), (0,)],
    "early_then_compute": [(None,), (3,), (0,)],
    "falls_off": [(5,), (1,)],
    "falls_off_both": [(5,), (-5,), (0,)],
    "bare_return": [(1,), (0,)],
    "return_none_explicit": [(1,), (0,)],
    "returns_tuple": [(1, 2), (3, 1)],
    "return_in_both_nested": [(1, 1), (1, 0), (0, 1), (0, 0)],
    "depth_three": [(1000,), (50,), (5,), (-1,)],
    "guarded_rest": [(0,), (3,), (7,)],
    "raise_or_return": [(-1,), (0,), (3,)],
    "for_find": [([1, 2, 3], 2), ([], 1), ([4], 5)],
    "for_find_falls_off": [([1, 2, 3], 3), ([1], 2)],
    "for_return_first": [([],), ([7, 8],)],
    "for_return_unconditional_late": [([1, 1, 1],), ([],), ([10],), ([0, 0],)],
    "while_find": [(10,), (0,), (1,)],
    "while_true_return": [(0,), (100,)],
    "while_true_return_or_raise": [([1, -1],), ([1, 2],), ([],)],
    "nested_for_return": [([[1, 2], [3, 4]], 3), ([[1]], 5), ([], 1)],
    "nested_for_return_with_outer_work": [([[1, 2], [3, 4]], 4), ([[1], [2]], 9)],
    "nested_while_for": [(5, [1, 2, 3]), (0, [9]), (2, [])],
    "triple_nested": [(5,), (2,), (0,)],
    "return_and_break": [([1, 2, None, -1],), ([1, -2, 3],), ([],), ([5, 6],)],
    "return_and_continue": [([0, 1, 2],), ([0, 60, 1],), ([],)],
    "return_break_continue_while": [([1, 0, 2, 10],), ([1, -1, 10],), ([],), ([3, 4],)],
    "for_else_return": [([1, 5],), ([1, 2],), ([],)],
    "for_else_falls_through": [([1, 7, 2],), ([1, 2],), ([],)],
    "for_else_with_break_and_return": [([1, 0],), ([1, -1],), ([1, 2],), ([],)],
    "while_else_return": [(10,), (3,), (0,)],
    "return_in_else_branch_of_loop": [([1, 3, 4, 5],), ([1, 3],), ([],)],
    "return_in_with": [([0, 1, 2],), ([0],)],
    "return_in_with_guarded": [(1,), (0,)],
    "return_in_try_body": [(lambda v: 10 // v, 2), (lambda v: 1 // 0, 3), (abs, 0), (lambda v: int("x"), 1)],
    "return_value_raises_in_try": [(0,), (1,), (3,)],
    "return_value_raises_in_loop": [([0, 0, 5],), ([0, 0],), ([],)],
    "try_else_skipped": [(1,), (0,)],
    "try_finally_runs": [(1,), (0,)],
    "return_in_handler": [(0,), (1,)],
    "return_in_finally_left_alone": [(0,), (1,), (2,)],
    "return_in_finally_swallows": [(0,), (1,), (2,)],
    "return_from_match": [(0,), ([1, 1],), ([1, 2],), ("s",)],
    "closure_after_return": [(-1,), (3,)],
    "nested_def_returns": [([],), ([1, 3, 4],), ([1, 3],)],
    "lambda_inside": [([1, 7, 9],), ([1, 2],)],
    "generator_untouched": [([1, 2],), ([1, -1, 2],), ([],)],
    "generator_caller": [([1, 9],), ([1, 2],), ([1, -1, 9],)],
    "async_untouched": [(0,)],
    "async_caller": [(1,), (0,)],
    "recursive_return": [(1,), (5,)],
    "mutual_even": [(0,), (3,), (10,)],
    "mutual_odd": [(0,), (3,)],
    "shadowed_helper_names": [(1, 5), (0, 5)],
    "uses_fscope_name": [(3,), (0,)],
    "local_unbound_after_return": [(1,), (0,)],
    "read_before_assign_error": [(1,), (0,)],
    "return_walrus": [([1, 2, 4],), ([1],), ([],)],
    "return_in_comprehension_loop": [([[1, 2], [3, 4]],), ([[1]],), ([],)],
    "return_global_effect": [(5,), (2,), (0,)],
    "return_self_attr": [(Counter(0), 5), (Counter(-10), 3), (Counter(2), 0)],
    "method_returns": [(-1, 3), (0, 3), (5, 3), (1, 10)],
    "return_attribute_in_loop": [(0,), (-10,), (3,)],
    "long_function": [(1,), (5,), (9,), (20,), (-3,), (100,)],
    "return_in_elif_chain_loop": [([0, 2, 3, 1, 4],), ([0, 5],), ([],)],
    "early_return_keeps_later_binding": [(1,), (0,)],
    "return_loop_var_after_loop": [([1, 200],), ([1, 2],), ([],)],
    "multiple_returns_same_value": [(1,), (2,), (3,), (4,)],
    "sequential_ifs_fallthrough": [(0,), (1,), (2,), (3,)],
    "return_in_while_else_and_body": [(5,), (2,), (0,)],
    "return_in_nested_try_loop": [(["1", "inner"],), (["1", "bad"],), (["1", "x"],), (["1", "2"],), ([],)],
    "while_condition_side_effect": [([1, 2, 3],), ([],), (list(range(20)),)],
    "for_iterator_not_advanced_after_return": [([1, 2, 3, 4],), ([1],)],
    "return_string_format": [("a", 5), ("b", 2)],
}

# Staged, a return that depends on a staged condition must be matched by a
# return on the other branch, and cannot leave a staged loop; recursion on a
# staged value never ends; an unconverted function (return in finally, match)
# sees staged values as Python values.
STAGED_ERRORS = {
    ("falls_off", 0): 'the else branch must also have a return statement.',
    ("falls_off", 1): 'the else branch must also have a return statement.',
    ("falls_off_both", 0): 'the else branch must also have a return statement.',
    ("falls_off_both", 1): 'the else branch must also have a return statement.',
    ("falls_off_both", 2): 'the else branch must also have a return statement.',
    ("bare_return", 0): 'the condition of an if statement must be a scalar bool, got ',
    ("bare_return", 1): 'the condition of an if statement must be a scalar bool, got ',
    ("return_none_explicit", 0): 'the condition of an if statement must be a scalar bool, got ',
    ("return_none_explicit", 1): 'the condition of an if statement must be a scalar bool, got ',
    ("return_in_both_nested", 0): 'the condition of an if statement must be a scalar bool, got ',
    ("return_in_both_nested", 1): 'the condition of an if statement must be a scalar bool, got ',
    ("return_in_both_nested", 2): 'the condition of an if statement must be a scalar bool, got ',
    ("return_in_both_nested", 3): 'the condition of an if statement must be a scalar bool, got ',
    ("depth_three", 0): 'the else branch must also have a return statement.',
    ("depth_three", 1): 'the else branch must also have a return statement.',
    ("depth_three", 2): 'the else branch must also have a return statement.',
    ("depth_three", 3): 'the else branch must also have a return statement.',
    ("guarded_rest", 0): 'the else branch must also have a return statement.',
    ("guarded_rest", 1): 'the else branch must also have a return statement.',
    ("guarded_rest", 2): 'the else branch must also have a return statement.',
    ("raise_or_return", 1): 'negative',
    ("raise_or_return", 2): 'negative',
    ("for_find", 0): 'a return statement cannot be placed inside this staged loop;',
    ("for_find", 2): 'a return statement cannot be placed inside this staged loop;',
    ("for_find_falls_off", 0): 'a return statement cannot be placed inside this staged loop;',
    ("for_find_falls_off", 1): 'a return statement cannot be placed inside this staged loop;',
    ("for_return_first", 1): 'the function returns None at the end of the main branch',
    ("for_return_unconditional_late", 0): 'a return statement cannot be placed inside this staged loop;',
    ("for_return_unconditional_late", 2): 'a return statement cannot be placed inside this staged loop;',
    ("for_return_unconditional_late", 3): 'a return statement cannot be placed inside this staged loop;',
    ("while_find", 0): 'a return statement cannot be placed inside this staged loop;',
    ("while_find", 1): 'a return statement cannot be placed inside this staged loop;',
    ("while_find", 2): 'a return statement cannot be placed inside this staged loop;',
    ("while_true_return", 0): 'the else branch must also have a return statement.',
    ("while_true_return", 1): 'the else branch must also have a return statement.',
    ("while_true_return_or_raise", 0): 'the else branch must also have a return statement.',
    ("while_true_return_or_raise", 1): 'the else branch must also have a return statement.',
    ("nested_for_return", 0): 'a return statement cannot be placed inside this staged loop;',
    ("nested_for_return", 1): 'a return statement cannot be placed inside this staged loop;',
    ("nested_for_return_with_outer_work", 0): 'a return statement cannot be placed inside this staged loop;',
    ("nested_for_return_with_outer_work", 1): 'a return statement cannot be placed inside this staged loop;',
    ("nested_while_for", 0): 'a return statement cannot be placed inside this staged loop;',
    ("nested_while_for", 1): 'a return statement cannot be placed inside this staged loop;',
    ("nested_while_for", 2): 'a return statement cannot be placed inside this staged loop;',
    ("triple_nested", 0): 'a return statement cannot be placed inside this staged loop;',
    ("triple_nested", 1): 'a return statement cannot be placed inside this staged loop;',
    ("triple_nested", 2): 'a return statement cannot be placed inside this staged loop;',
    ("return_and_break", 1): 'a return statement cannot be placed inside this staged loop;',
    ("return_and_break", 3): 'a return statement cannot be placed inside this staged loop;',
    ("return_and_continue", 0): 'a return statement cannot be placed inside this staged loop;',
    ("return_and_continue", 1): 'a return statement cannot be placed inside this staged loop;',
    ("return_break_continue_while", 0): 'the else branch must also have a return statement.',
    ("return_break_continue_while", 1): 'the else branch must also have a return statement.',
    ("return_break_continue_while", 3): 'the else branch must also have a return statement.',
    ("for_else_return", 0): 'a return statement cannot be placed inside this staged loop;',
    ("for_else_return", 1): 'a return statement cannot be placed inside this staged loop;',
    ("for_else_falls_through", 0): 'a return statement cannot be placed inside this staged loop;',
    ("for_else_falls_through", 1): 'a return statement cannot be placed inside this staged loop;',
    ("for_else_with_break_and_return", 0): 'a return statement cannot be placed inside this staged loop;',
    ("for_else_with_break_and_return", 1): 'a return statement cannot be placed inside this staged loop;',
    ("for_else_with_break_and_return", 2): 'a return statement cannot be placed inside this staged loop;',
    ("while_else_return", 0): 'a return statement cannot be placed inside this staged loop;',
    ("while_else_return", 1): 'a return statement cannot be placed inside this staged loop;',
    ("while_else_return", 2): 'a return statement cannot be placed inside this staged loop;',
    ("return_in_else_branch_of_loop", 0): 'a return statement cannot be placed inside this staged loop;',
    ("return_in_else_branch_of_loop", 1): 'a return statement cannot be placed inside this staged loop;',
    ("return_in_with", 0): 'a return statement cannot be placed inside this staged loop;',
    ("return_in_with", 1): 'a return statement cannot be placed inside this staged loop;',
    ("return_in_with_guarded", 0): 'the condition of an if statement must be a scalar bool, got ',
    ("return_in_with_guarded", 1): 'the condition of an if statement must be a scalar bool, got ',
    ("return_in_try_body", 0): 'the else branch must also have a return statement.',
    ("return_in_try_body", 2): 'the else branch must also have a return statement.',
    ("return_value_raises_in_try", 0): 'the else branch must also have a return statement.',
    ("return_value_raises_in_try", 2): 'the else branch must also have a return statement.',
    ("return_value_raises_in_loop", 0): 'a return statement cannot be placed inside this staged loop;',
    ("return_value_raises_in_loop", 1): 'a return statement cannot be placed inside this staged loop;',
    ("try_else_skipped", 0): 'the condition of an if statement must be a scalar bool, got ',
    ("try_else_skipped", 1): 'the condition of an if statement must be a scalar bool, got ',
    ("try_finally_runs", 0): 'the condition of an if statement must be a scalar bool, got ',
    ("try_finally_runs", 1): 'the condition of an if statement must be a scalar bool, got ',
    ("return_in_handler", 0): "'value' must also be initialized in the main branch",
    ("return_in_handler", 1): "'value' must also be initialized in the main branch",
    ("return_in_finally_left_alone", 0): 'using a staged bool as a Python bool is not allowed: its val',
    ("return_in_finally_left_alone", 1): 'using a staged bool as a Python bool is not allowed: its val',
    ("return_in_finally_left_alone", 2): 'using a staged bool as a Python bool is not allowed: its val',
    ("return_in_finally_swallows", 0): 'using a staged bool as a Python bool is not allowed: its val',
    ("return_in_finally_swallows", 1): 'using a staged bool as a Python bool is not allowed: its val',
    ("return_in_finally_swallows", 2): 'using a staged bool as a Python bool is not allowed: its val',
    # The match is lowered: both branches of `x == 0` are traced, the other
    # cases too, and a sequence pattern cannot match a staged value; on a
    # staged vector `x == 0` is a vector.
    ("return_from_match", 0): 'a sequence pattern cannot match a staged value',
    ("return_from_match", 3): 'a sequence pattern cannot match a staged value',
    ("return_from_match", 1): 'the condition of an if statement must be a scalar bool',
    ("return_from_match", 2): 'the condition of an if statement must be a scalar bool',
    ("closure_after_return", 0): 'the function returns None at the end of the main branch',
    ("closure_after_return", 1): 'the function returns None at the end of the main branch',
    ("nested_def_returns", 1): "'not' of a staged int: only bool values can be negated when ",
    ("nested_def_returns", 2): "'not' of a staged int: only bool values can be negated when ",
    ("lambda_inside", 0): 'a return statement cannot be placed inside this staged loop;',
    ("lambda_inside", 1): 'a return statement cannot be placed inside this staged loop;',
    ("generator_caller", 0): 'iterating over a staged value is not allowed: use it as the ',
    ("generator_caller", 1): 'iterating over a staged value is not allowed: use it as the ',
    ("generator_caller", 2): 'iterating over a staged value is not allowed: use it as the ',
    ("async_caller", 0): 'using a staged int as a Python bool is not allowed: its valu',
    ("async_caller", 1): 'using a staged int as a Python bool is not allowed: its valu',
    ("recursive_return", 0): 'maximum recursion depth exceeded',
    ("recursive_return", 1): 'maximum recursion depth exceeded',
    ("mutual_even", 0): 'maximum recursion depth exceeded',
    ("mutual_even", 1): 'maximum recursion depth exceeded',
    ("mutual_even", 2): 'maximum recursion depth exceeded',
    ("mutual_odd", 0): 'maximum recursion depth exceeded',
    ("mutual_odd", 1): 'maximum recursion depth exceeded',
    ("shadowed_helper_names", 0): 'the condition of an if statement must be a scalar bool, got ',
    ("shadowed_helper_names", 1): 'the condition of an if statement must be a scalar bool, got ',
    ("uses_fscope_name", 0): 'the condition of an if statement must be a scalar bool, got ',
    ("uses_fscope_name", 1): 'the condition of an if statement must be a scalar bool, got ',
    ("local_unbound_after_return", 0): 'the condition of an if statement must be a scalar bool, got ',
    ("local_unbound_after_return", 1): 'the condition of an if statement must be a scalar bool, got ',
    ("read_before_assign_error", 0): 'the condition of an if statement must be a scalar bool, got ',
    ("read_before_assign_error", 1): 'the condition of an if statement must be a scalar bool, got ',
    ("return_walrus", 0): 'a return statement cannot be placed inside this staged loop;',
    ("return_walrus", 1): 'a return statement cannot be placed inside this staged loop;',
    ("return_in_comprehension_loop", 0): 'a return statement cannot be placed inside this staged loop;',
    ("return_in_comprehension_loop", 1): 'a return statement cannot be placed inside this staged loop;',
    ("return_global_effect", 0): 'a return statement cannot be placed inside this staged loop;',
    ("return_global_effect", 1): 'a return statement cannot be placed inside this staged loop;',
    ("return_global_effect", 2): 'a return statement cannot be placed inside this staged loop;',
    ("return_self_attr", 0): 'a return statement cannot be placed inside this staged loop;',
    ("return_self_attr", 1): 'a return statement cannot be placed inside this staged loop;',
    ("return_self_attr", 2): 'a return statement cannot be placed inside this staged loop;',
    ("method_returns", 0): 'the else branch must also have a return statement.',
    ("method_returns", 1): 'the else branch must also have a return statement.',
    ("method_returns", 2): 'the else branch must also have a return statement.',
    ("method_returns", 3): 'the else branch must also have a return statement.',
    ("return_attribute_in_loop", 0): 'the else branch must also have a return statement.',
    ("return_attribute_in_loop", 1): 'the else branch must also have a return statement.',
    ("return_attribute_in_loop", 2): 'the else branch must also have a return statement.',
    ("long_function", 0): "'d' must also be initialized in the main branch",
    ("long_function", 1): "'d' must also be initialized in the main branch",
    ("long_function", 2): "'d' must also be initialized in the main branch",
    ("long_function", 3): "'d' must also be initialized in the main branch",
    ("long_function", 4): "'d' must also be initialized in the main branch",
    ("long_function", 5): "'d' must also be initialized in the main branch",
    ("return_in_elif_chain_loop", 0): 'a return statement cannot be placed inside this staged loop;',
    ("return_in_elif_chain_loop", 1): 'a return statement cannot be placed inside this staged loop;',
    ("early_return_keeps_later_binding", 0): 'the condition of an if statement must be a scalar bool, got ',
    ("early_return_keeps_later_binding", 1): 'the condition of an if statement must be a scalar bool, got ',
    ("return_loop_var_after_loop", 0): 'a return statement cannot be placed inside this staged loop;',
    ("return_loop_var_after_loop", 1): 'a return statement cannot be placed inside this staged loop;',
    ("return_in_while_else_and_body", 0): 'a return statement cannot be placed inside this staged loop;',
    ("return_in_while_else_and_body", 1): 'a return statement cannot be placed inside this staged loop;',
    ("return_in_while_else_and_body", 2): 'a return statement cannot be placed inside this staged loop;',
    ("for_iterator_not_advanced_after_return", 0): 'iterating over a staged value is not allowed: use it as the ',
    ("for_iterator_not_advanced_after_return", 1): 'iterating over a staged value is not allowed: use it as the ',
    ("return_string_format", 0): 'a return statement cannot be placed inside this staged loop;',
    ("return_string_format", 1): 'a return statement cannot be placed inside this staged loop;',
}

PYTHON_ONLY = {
    "return_in_nested_try_loop": "try/except around staged control flow: "
    "exceptions happen while tracing, not when the graph runs (a staging "
    "rule the lint reports)",
}
