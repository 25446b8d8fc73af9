"""Numerical kernels as a JAX user writes them in plain Python: root
finders (bisection, Newton, secant via while), integrators (RK4, Simpson),
binary search, Mandelbrot escape counts, modular exponentiation, extended
Euclid, cumulative sums, Jacobi iteration, golden-section search, Kahan
summation. Each has data-dependent control flow."""
import jax.numpy as jnp
from jax import lax


def bisection_root(lo, hi, tol):
    # Root of cos(x) - x in [lo, hi].
    f_lo = jnp.cos(lo) - lo
    while hi - lo > tol:
        mid = 0.5 * (lo + hi)
        f_mid = jnp.cos(mid) - mid
        if f_mid * f_lo > 0:
            lo = mid
            f_lo = f_mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


def newton_with_break(c):
    # Root of x^3 - c, at most 40 steps.
    x = jnp.maximum(c, 1.0)
    n = 0
    while n < 40:
        dx = (x * x * x - c) / (3 * x * x)
        x = x - dx
        n += 1
        if jnp.abs(dx) < 1e-6 * jnp.abs(x):
            break
    return x, n


def rk4_exponential(y0, k, n):
    # y' = -k y with step 0.01, n steps.
    h = 0.01
    y = y0
    for _ in range(n):
        k1 = -k * y
        k2 = -k * (y + 0.5 * h * k1)
        k3 = -k * (y + 0.5 * h * k2)
        k4 = -k * (y + h * k3)
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    return y


def simpson(a, b, n):
    # Integral of x^2 over [a, b] with n (even) intervals.
    h = (b - a) / n
    s = a * a + b * b
    for i in range(1, n):
        x = a + i * h
        if i % 2 == 1:
            s = s + 4 * x * x
        else:
            s = s + 2 * x * x
    return s * h / 3


def binary_search(sorted_xs, target):
    lo = 0
    hi = sorted_xs.shape[0] - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if sorted_xs[mid] == target:
            return mid
        elif sorted_xs[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


def mandelbrot_escape(cr, ci, max_iter):
    zr = 0.0
    zi = 0.0
    n = 0
    while n < max_iter and zr * zr + zi * zi <= 4.0:
        zr, zi = zr * zr - zi * zi + cr, 2 * zr * zi + ci
        n += 1
    return n


def mod_pow(base, exponent, modulus):
    result = 1
    base = base % modulus
    while exponent > 0:
        if exponent % 2 == 1:
            result = (result * base) % modulus
        exponent = exponent // 2
        base = (base * base) % modulus
    return result


def extended_gcd(a, b):
    old_r, r = a, b
    old_s, s = 1, 0
    old_t, t = 0, 1
    while r != 0:
        q = old_r // r
        old_r, r = r, old_r - q * r
        old_s, s = s, old_s - q * s
        old_t, t = t, old_t - q * t
    return old_r, old_s, old_t


def cumulative_sum(xs):
    out = jnp.zeros_like(xs)
    acc = 0.0
    for i, x in enumerate(xs):
        acc = acc + x
        out = out.at[i].set(acc)
    return out


def jacobi(a, b, tol):
    x = jnp.zeros_like(b)
    d = jnp.diag(a)
    r = a - jnp.diag(d)
    for sweep in range(100):
        new = (b - r @ x) / d
        if jnp.max(jnp.abs(new - x)) < tol:
            x = new
            break
        x = new
    return x, sweep


def golden_section_min(lo, hi):
    # Minimum of (x - 2)^2 + 1 on [lo, hi].
    ratio = 0.6180339887
    while hi - lo > 1e-4:
        a = hi - ratio * (hi - lo)
        b = lo + ratio * (hi - lo)
        if (a - 2.0) ** 2 < (b - 2.0) ** 2:
            hi = b
        else:
            lo = a
    return 0.5 * (lo + hi)


def kahan_sum(xs):
    s = jnp.float32(0.0)
    c = jnp.float32(0.0)
    for x in xs:
        y = x - c
        t = s + y
        c = (t - s) - y
        s = t
    return s


def count_primes_below(n):
    count = 0
    for k in range(2, n):
        d = 2
        prime = True
        while d * d <= k:
            if k % d == 0:
                prime = False
                break
            d += 1
        if prime:
            count += 1
    return count


def logistic_map_period(r):
    x = 0.5
    for _ in range(200):
        x = r * x * (1 - x)
    start = x
    period = 0
    for p in range(1, 65):
        x = r * x * (1 - x)
        if jnp.abs(x - start) < 1e-4:
            period = p
            break
    return period


CASES = {
    "bisection_root": [(jnp.float32(0.0), jnp.float32(1.0), 1e-5)],
    "newton_with_break": [(jnp.float32(27.0),), (jnp.float32(0.5),)],
    "rk4_exponential": [(jnp.float32(1.0), jnp.float32(2.0), jnp.int32(100))],
    "simpson": [(jnp.float32(0.0), jnp.float32(3.0), jnp.int32(10))],
    "binary_search": [(jnp.array([1, 3, 5, 7, 9, 11, 13]), jnp.int32(9)),
                      (jnp.array([1, 3, 5, 7, 9, 11, 13]), jnp.int32(4))],
    "mandelbrot_escape": [(jnp.float32(-0.5), jnp.float32(0.5), 50),
                          (jnp.float32(1.0), jnp.float32(1.0), 50)],
    "mod_pow": [(jnp.int32(4), jnp.int32(13), jnp.int32(497)),
                (jnp.int32(7), jnp.int32(0), jnp.int32(13))],
    "extended_gcd": [(jnp.int32(240), jnp.int32(46))],
    "cumulative_sum": [(jnp.array([1.0, 2.0, 3.0, 4.0]),)],
    "jacobi": [(jnp.array([[10.0, 1.0, 2.0], [1.0, 8.0, 1.0],
                           [2.0, 1.0, 9.0]]),
                jnp.array([13.0, 10.0, 12.0]), jnp.float32(1e-6))],
    "golden_section_min": [(jnp.float32(0.0), jnp.float32(5.0))],
    "kahan_sum": [(jnp.full((24,), 0.1, dtype=jnp.float32),)],
    "count_primes_below": [(jnp.int32(30),)],
    "logistic_map_period": [(jnp.float32(3.2),), (jnp.float32(3.5),)],
}

JAXPR = {
    "bisection_root": {"while", "cond"},
    "newton_with_break": {"while", "cond"},
    "rk4_exponential": {"while"},
    "simpson": {"while", "cond"},
    "binary_search": {"while", "cond"},
    "mandelbrot_escape": {"while", "cond"},
    "mod_pow": {"while", "cond"},
    "extended_gcd": {"while"},
    "cumulative_sum": {"scan"},
    "jacobi": {"while"},
    "golden_section_min": {"while", "cond"},
    "kahan_sum": {"scan"},
    "count_primes_below": {"while", "cond"},
    "logistic_map_period": {"while"},
}
UNROLLED = {"cumulative_sum", "kahan_sum"}
