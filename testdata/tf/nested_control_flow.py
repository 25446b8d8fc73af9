"""Control flow nested inside control flow under tf.function: ifs inside
staged loops, loops inside tensor ifs, loops inside loops (staged in
staged, Python around staged, staged around Python), and three levels of
nesting, with state threaded through every level."""
import tensorflow as tf


def if_in_while(n):
    i = 0
    evens = 0
    odds = 0
    while i < n:
        if i % 2 == 0:
            evens += i
        else:
            odds += i
        i += 1
    return evens, odds


def if_in_for_range(n):
    clipped = 0
    for i in tf.range(n):
        if i > 3:
            clipped += 3
        else:
            clipped += i
    return clipped


def while_in_if(x):
    if x > 0:
        while x < 50:
            x = x * 2
    else:
        x = -x
    return x


def for_in_if_else(n, up):
    total = 0
    if up:
        for i in tf.range(n):
            total += i
    else:
        for i in tf.range(n):
            total -= i
    return total


def staged_in_staged(n):
    total = 0
    for i in tf.range(n):
        j = 0
        while j < i:
            total += j
            j += 1
    return total


def python_around_staged(n):
    results = 0
    for scale in range(1, 3):
        acc = 0
        for i in tf.range(n):
            acc += i * scale
        results = results * 100 + acc
    return results


def staged_around_python(n):
    total = 0
    for i in tf.range(n):
        for k in range(3):
            total += i * k
    return total


def three_levels(n):
    total = 0
    for i in tf.range(n):
        for j in tf.range(n):
            if (i + j) % 2 == 0:
                if i > j:
                    total += 10
                else:
                    total += 1
    return total


def nested_ifs_in_loop(v):
    neg = 0
    small = 0
    big = 0
    for x in v:
        if x < 0:
            neg += 1
        else:
            if x < 10:
                small += 1
            else:
                big += 1
    return neg, small, big


def loop_in_both_branches(n):
    if n > 5:
        i = 0
        while i < n:
            i += 2
    else:
        i = 0
        while i < n:
            i += 1
    return i


def if_after_loop_in_loop(n):
    total = 0
    for i in tf.range(n):
        inner = 0
        for j in tf.range(i):
            inner += j
        if inner > 2:
            total += inner
    return total


def python_if_in_staged_loop(n, double):
    total = 0
    for i in tf.range(n):
        if double:
            total += 2 * i
        else:
            total += i
    return total


def tensor_if_in_python_loop(x):
    for k in range(4):
        if x > k:
            x = x + 1
        else:
            x = x - 1
    return x


def nested_while_with_shared_counter(n):
    count = 0
    i = 0
    while i < n:
        j = i
        while j < n:
            count += 1
            j += 1
        i += 1
    return count


def matrix_walk(m):
    best = tf.constant(-1.0)
    for row in m:
        for x in row:
            if x > best:
                best = x
    return best


CASES = {
    "if_in_while": [(tf.constant(6),)],
    "if_in_for_range": [(tf.constant(6),)],
    "while_in_if": [(tf.constant(3),), (tf.constant(-3),)],
    "for_in_if_else": [(tf.constant(4), tf.constant(True)),
                       (tf.constant(4), tf.constant(False)),
                       (tf.constant(4), True)],
    "staged_in_staged": [(tf.constant(4),)],
    "python_around_staged": [(tf.constant(4),)],
    "staged_around_python": [(tf.constant(3),)],
    "three_levels": [(tf.constant(3),)],
    "nested_ifs_in_loop": [(tf.constant([-1, 3, 20, 5, -7]),)],
    "loop_in_both_branches": [(tf.constant(9),), (tf.constant(3),)],
    "if_after_loop_in_loop": [(tf.constant(5),)],
    "python_if_in_staged_loop": [(tf.constant(4), True),
                                 (tf.constant(4), False)],
    "tensor_if_in_python_loop": [(tf.constant(1),)],
    "nested_while_with_shared_counter": [(tf.constant(4),)],
    "matrix_walk": [(tf.constant([[1.0, 5.0], [3.0, 2.0]]),)],
}
