"""Control flow inside control flow, all on traced values: loops in
branches, branches in loops, loops in loops (a while in a scan, a
fori_loop in a while), sorting networks and matrix sweeps."""
import jax.numpy as jnp
from jax import lax


def loop_in_branch(x, n):
    if x > 0:
        for _ in range(n):
            x = x * 2
    else:
        while x < -1:
            x = x / 2
    return x


def branch_in_while(n):
    evens = 0
    odds = 0
    i = 0
    while i < n:
        if i % 2 == 0:
            evens += i
        else:
            odds += i
        i += 1
    return evens, odds


def while_in_scan(xs):
    # Total Collatz steps of every element.
    total = 0
    for x in xs:
        n = x
        while n != 1:
            if n % 2 == 0:
                n = n // 2
            else:
                n = 3 * n + 1
            total += 1
    return total


def nested_traced_ranges(n, m):
    s = 0
    for i in range(n):
        for j in range(m):
            if (i + j) % 3 == 0:
                s += i * j
    return s


def bubble_sort(xs):
    n = xs.shape[0]
    for i in range(n):
        for j in range(n - 1 - i):
            if xs[j] > xs[j + 1]:
                a = xs[j]
                b = xs[j + 1]
                xs = xs.at[j].set(b)
                xs = xs.at[j + 1].set(a)
    return xs


def insertion_sort(xs):
    for i in range(1, xs.shape[0]):
        key = xs[i]
        j = i - 1
        while j >= 0 and xs[j] > key:
            xs = xs.at[j + 1].set(xs[j])
            j -= 1
        xs = xs.at[j + 1].set(key)
    return xs


def count_pairs_with_sum(xs, target):
    count = 0
    for i in range(xs.shape[0]):
        for j in range(i + 1, xs.shape[0]):
            if xs[i] + xs[j] == target:
                count += 1
    return count


def max_row_sum(m):
    best = -jnp.inf
    best_row = -1
    for i, row in enumerate(m):
        s = jnp.sum(row)
        if s > best:
            best = s
            best_row = i
    return best_row, best


def nested_while(n):
    i = 0
    total = 0
    while i < n:
        j = 0
        while j < i:
            total += j
            j += 1
        i += 1
    return total


def if_in_if_in_loop(xs):
    small = 0
    medium = 0
    large = 0
    for x in xs:
        if x < 10:
            if x < 0:
                small += 2
            else:
                small += 1
        else:
            if x < 100:
                medium += 1
            else:
                large += 1
    return small, medium, large


def matrix_power_by_squaring(m, k):
    result = jnp.eye(m.shape[0])
    base = m
    while k > 0:
        if k % 2 == 1:
            result = result @ base
        base = base @ base
        k = k // 2
    return result


def gauss_seidel(a, b, sweeps):
    x = jnp.zeros_like(b)
    for _ in range(sweeps):
        for i in range(b.shape[0]):
            s = b[i] - jnp.dot(a[i], x) + a[i, i] * x[i]
            x = x.at[i].set(s / a[i, i])
    return x


CASES = {
    "loop_in_branch": [(jnp.float32(1.5), jnp.int32(3)),
                       (jnp.float32(-20.0), jnp.int32(3))],
    "branch_in_while": [(jnp.int32(9),)],
    "while_in_scan": [(jnp.array([1, 6, 7, 27]),)],
    "nested_traced_ranges": [(jnp.int32(5), jnp.int32(4))],
    "bubble_sort": [(jnp.array([5.0, 1.0, 4.0, 2.0, 8.0]),)],
    "insertion_sort": [(jnp.array([5, 2, 9, 1, 5, 6]),)],
    "count_pairs_with_sum": [(jnp.array([1, 5, 7, -1, 5]), jnp.int32(6))],
    "max_row_sum": [(jnp.array([[1.0, 2.0], [5.0, -1.0], [3.0, 3.0]]),)],
    "nested_while": [(jnp.int32(6),)],
    "if_in_if_in_loop": [(jnp.array([-5, 3, 50, 500, 7, 99]),)],
    "matrix_power_by_squaring": [(jnp.array([[1.0, 1.0], [1.0, 0.0]]),
                                  jnp.int32(10))],
    "gauss_seidel": [(jnp.array([[4.0, 1.0], [2.0, 5.0]]),
                      jnp.array([1.0, 2.0]), jnp.int32(20))],
}

JAXPR = {
    "loop_in_branch": {"cond", "while"},
    "branch_in_while": {"while", "cond"},
    "while_in_scan": {"scan", "while", "cond"},
    "nested_traced_ranges": {"while", "cond"},
    "bubble_sort": {"cond"},
    "insertion_sort": {"while"},
    "count_pairs_with_sum": {"cond"},
    "max_row_sum": {"scan", "cond"},
    "nested_while": {"while"},
    "if_in_if_in_loop": {"scan", "cond"},
    "matrix_power_by_squaring": {"while", "cond"},
    "gauss_seidel": {"while"},
}
