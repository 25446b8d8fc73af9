"""Numerical kernels with data-dependent control flow, for bench_jax.py.

Ordinary Python over ``jax.numpy``, written as one would write them for
NumPy: ``while`` with ``break``, ``for i in range(n)``, ``if`` on a
computed value. ``jax.jit`` cannot trace them as they are (a traced value
in an ``if`` or ``while`` test, a traced ``range`` bound); agc converts
this file ahead of time and the converted functions stage their control
flow with ``jax.lax``. ``lax_kernels.py`` holds the same computations
written by hand with ``jax.lax``: the benchmark compares the two.

The inputs the benchmark passes are in ``bench_jax.py``
(``make_inputs``).
"""
import jax.numpy as jnp


def kepler_newton(mean_anomaly, ecc, tol, max_iter):
    """Solves Kepler's equation E - e sin E = M for every M by Newton's
    method; stops when the largest step is below tol (or after max_iter
    steps). Returns the eccentric anomalies and the number of steps."""
    e_anom = mean_anomaly + ecc * jnp.sin(mean_anomaly)
    steps = 0
    while steps < max_iter:
        f = e_anom - ecc * jnp.sin(e_anom) - mean_anomaly
        step = f / (1.0 - ecc * jnp.cos(e_anom))
        e_anom = e_anom - step
        steps += 1
        if jnp.max(jnp.abs(step)) < tol:
            break
    return e_anom, steps


def _vector_field(y, w, b):
    """A continuous-time RNN (a small neural ODE): dy/dt = tanh(y W + b) - y
    for a batch of states y."""
    return jnp.tanh(y @ w + b) - y


def rk4(y0, w, b, dt, n):
    """n classical Runge-Kutta steps of size dt from y0."""
    y = y0
    for i in range(n):
        k1 = _vector_field(y, w, b)
        k2 = _vector_field(y + 0.5 * dt * k1, w, b)
        k3 = _vector_field(y + 0.5 * dt * k2, w, b)
        k4 = _vector_field(y + dt * k3, w, b)
        y = y + dt / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4)
    return y


def water_level(heights, volume, lo, hi, tol):
    """The water level over a floor of column heights that holds volume,
    by bisection: sum(max(level - heights, 0)) = volume."""
    while hi - lo > tol:
        mid = 0.5 * (lo + hi)
        held = jnp.sum(jnp.maximum(mid - heights, 0.0))
        if held > volume:
            hi = mid
        else:
            lo = mid
    return 0.5 * (lo + hi)


def adaptive_heun(y0, t_end, h0, tol):
    """Integrates dy/dt = -y**3 + sin(t) from 0 to t_end with the embedded
    Heun-Euler pair: a step is accepted when its error estimate is below
    tol, and the step size follows the error either way. Returns y at
    t_end and the numbers of accepted and rejected steps."""
    t = 0.0
    y = y0
    h = h0
    accepted = 0
    rejected = 0
    while t < t_end:
        if t + h > t_end:
            h = t_end - t
        k1 = -y ** 3 + jnp.sin(t)
        k2 = -(y + h * k1) ** 3 + jnp.sin(t + h)
        err = jnp.max(jnp.abs(0.5 * h * (k2 - k1)))
        if err <= tol:
            t = t + h
            y = y + 0.5 * h * (k1 + k2)
            accepted += 1
        else:
            rejected += 1
        h = h * jnp.clip(0.9 * jnp.sqrt(tol / (err + 1e-12)), 0.2, 5.0)
    return y, accepted, rejected
