"""The kernels of kernels.py written by hand with ``jax.lax`` control flow,
as a JAX user writes them for ``jax.jit`` today: each ``while`` a
``lax.while_loop`` (a ``break`` folded into its test through a carried
flag), each ``for i in range(n)`` a ``lax.fori_loop``, each ``if`` on a
traced value a ``lax.cond`` (but the step-size clamp of adaptive_heun,
a ``jnp.minimum``, as one writes it). Same arguments, same results
(bench_jax.py checks both against the original run eagerly).
"""
import jax.numpy as jnp
from jax import lax


def kepler_newton(mean_anomaly, ecc, tol, max_iter):
    def cond(state):
        _, steps, done = state
        return jnp.logical_and(steps < max_iter, jnp.logical_not(done))

    def body(state):
        e_anom, steps, _ = state
        f = e_anom - ecc * jnp.sin(e_anom) - mean_anomaly
        step = f / (1.0 - ecc * jnp.cos(e_anom))
        return e_anom - step, steps + 1, jnp.max(jnp.abs(step)) < tol

    e_anom = mean_anomaly + ecc * jnp.sin(mean_anomaly)
    e_anom, steps, _ = lax.while_loop(cond, body, (e_anom, 0, False))
    return e_anom, steps


def _vector_field(y, w, b):
    return jnp.tanh(y @ w + b) - y


def rk4(y0, w, b, dt, n):
    def body(i, y):
        k1 = _vector_field(y, w, b)
        k2 = _vector_field(y + 0.5 * dt * k1, w, b)
        k3 = _vector_field(y + 0.5 * dt * k2, w, b)
        k4 = _vector_field(y + dt * k3, w, b)
        return y + dt / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4)

    return lax.fori_loop(0, n, body, y0)


def water_level(heights, volume, lo, hi, tol):
    def cond(state):
        lo, hi = state
        return hi - lo > tol

    def body(state):
        lo, hi = state
        mid = 0.5 * (lo + hi)
        held = jnp.sum(jnp.maximum(mid - heights, 0.0))
        return lax.cond(held > volume, lambda: (lo, mid), lambda: (mid, hi))

    lo, hi = lax.while_loop(cond, body, (jnp.asarray(lo, jnp.float32),
                                         jnp.asarray(hi, jnp.float32)))
    return 0.5 * (lo + hi)


def adaptive_heun(y0, t_end, h0, tol):
    def cond(state):
        t = state[0]
        return t < t_end

    def body(state):
        t, y, h, accepted, rejected = state
        h = jnp.minimum(h, t_end - t)
        k1 = -y ** 3 + jnp.sin(t)
        k2 = -(y + h * k1) ** 3 + jnp.sin(t + h)
        err = jnp.max(jnp.abs(0.5 * h * (k2 - k1)))
        t, y, accepted, rejected = lax.cond(
            err <= tol,
            lambda: (t + h, y + 0.5 * h * (k1 + k2), accepted + 1, rejected),
            lambda: (t, y, accepted, rejected + 1))
        h = h * jnp.clip(0.9 * jnp.sqrt(tol / (err + 1e-12)), 0.2, 5.0)
        return t, y, h, accepted, rejected

    state = (jnp.asarray(0.0, jnp.float32), y0,
             jnp.asarray(h0, jnp.float32), 0, 0)
    _, y, _, accepted, rejected = lax.while_loop(cond, body, state)
    return y, accepted, rejected
