"""Eager kernels: plain Python that agc converts (scripts/bench_eager.py)."""


def collatz(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def classify(xs):
    small = medium = large = 0
    for x in xs:
        if x < 10 and x >= 0:
            small += 1
        elif x < 100:
            medium += 1
        else:
            large += 1
            if x > 10000:
                break
    return small, medium, large


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def primes(limit):
    sieve = [True] * limit
    out = []
    for i in range(2, limit):
        if sieve[i]:
            out.append(i)
            for j in range(i * i, limit, i):
                sieve[j] = False
    return out


def squares(n):
    return [i * i for i in range(n) if i % 3] + [
        v for v in {k: k + 1 for k in range(n)}.values() if v & 1]


def binary_search(xs, target):
    lo, hi = 0, len(xs)
    while lo < hi:
        mid = (lo + hi) // 2
        if xs[mid] < target:
            lo = mid + 1
        else:
            hi = mid
    return lo


class Vector:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def add(self, other):
        return Vector(self.x + other.x, self.y + other.y)

    def norm2(self):
        return self.x * self.x + self.y * self.y


def vectors(n):
    v = Vector(0, 0)
    step = Vector(1, 2)
    for _ in range(n):
        v = v.add(step)
        if v.norm2() > 1000000:
            v = Vector(0, 0)
    return v.x


def word_counts(words):
    counts = {}
    for w in words:
        key = w.lower()
        counts[key] = counts.get(key, 0) + 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:3]


def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


def matrix_mult(a, b):
    n, m, p = len(a), len(b), len(b[0])
    out = [[0] * p for _ in range(n)]
    for i in range(n):
        for k in range(m):
            aik = a[i][k]
            if aik:
                row = b[k]
                for j in range(p):
                    out[i][j] += aik * row[j]
    return out


# name -> (function, arguments)
CASES = {
    "collatz (while, if)": ("collatz", (837799,)),
    "classify (for, if/elif, and, break)": (
        "classify", ([i * 7 % 300 for i in range(2000)],)),
    "fib (recursion, ternary)": ("fib", (16,)),
    "gcd (while, tuple assign)": ("gcd", (832040 * 3, 514229 * 3)),
    "primes (nested for, if)": ("primes", (3000,)),
    "squares (comprehensions)": ("squares", (2000,)),
    "binary_search (while, if)": ("binary_search", (list(range(4096)), 3001)),
    "vectors (method calls, if)": ("vectors", (2000,)),
    "word_counts (dict, lambda)": (
        "word_counts", (("a b C c d A a e f " * 200).split(),)),
    "ackermann (deep recursion)": ("ackermann", (2, 60)),
    "matrix_mult (triple loop)": (
        "matrix_mult", ([[i + j for j in range(20)] for i in range(20)],
                        [[i - j for j in range(20)] for i in range(20)])),
}
