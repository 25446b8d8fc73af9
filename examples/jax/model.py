"""A damped pendulum: simulate it, fit its parameters to noisy observations,
find when it comes to rest and the angle at which it balances a torque.

Ordinary Python over ``jax.numpy``, with control flow that depends on the
values computed:

- ``trajectory_loss`` integrates the pendulum with fixed RK4 steps in a
  ``for i in range(...)`` loop and scores each observed angle with a Huber
  loss, whose ``if`` picks the quadratic or the linear piece (the
  observations hold a few outliers);
- ``fit`` runs gradient descent with ``for step in range(max_steps)`` and
  stops early (``break``) once the loss is below a target, halving the
  learning rate when a step made the loss worse;
- ``time_to_rest`` integrates with an adaptive step size (a ``while`` loop
  whose ``if`` accepts or rejects each step) until the pendulum's energy is
  below a threshold (``break``) or the time runs out;
- ``balance_angle`` solves for the angle at which gravity balances a
  constant torque by Newton's method, in a ``while`` loop with a ``break``.

Called on concrete arrays, they run as Python. Under ``jax.jit`` (or
``jax.vmap``) their tests are tracers and Python's ``if`` and ``while``
cannot use them: tracing fails. agc's conversion of this file (see the
Makefile) runs under ``jax.jit``, ``jax.grad`` and ``jax.vmap``, with
``lax.cond``, ``lax.while_loop`` and ``lax.fori_loop`` for the control flow.
"""
import jax
import jax.numpy as jnp


def vector_field(state, params):
    """d(angle, velocity)/dt; params = (gravity over length, damping)."""
    angle, velocity = state[0], state[1]
    return jnp.stack([velocity,
                      -params[0] * jnp.sin(angle) - params[1] * velocity])


def energy(state, params):
    """Kinetic plus potential energy (per unit of mass and length**2)."""
    return 0.5 * state[1] ** 2 + params[0] * (1.0 - jnp.cos(state[0]))


def rk4_step(state, params, dt):
    """One classical Runge-Kutta step of size dt."""
    k1 = vector_field(state, params)
    k2 = vector_field(state + 0.5 * dt * k1, params)
    k3 = vector_field(state + 0.5 * dt * k2, params)
    k4 = vector_field(state + dt * k3, params)
    return state + dt / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4)


def huber(residual, delta):
    """Quadratic near zero, linear beyond delta: outliers weigh less."""
    if jnp.abs(residual) <= delta:
        return 0.5 * residual ** 2
    return delta * (jnp.abs(residual) - 0.5 * delta)


def trajectory_loss(params, state0, observed, dt, delta):
    """Mean Huber loss of the simulated angle against the angles observed
    every dt from state0."""
    state = state0
    total = 0.0
    for i in range(observed.shape[0]):
        state = rk4_step(state, params, dt)
        total = total + huber(state[0] - observed[i], delta)
    return total / observed.shape[0]


def fit(params, state0, observed, dt, delta, learning_rate, target_loss,
        max_steps):
    """Gradient descent on trajectory_loss from params. Stops when the loss
    is below target_loss; a step that makes the loss worse is undone and
    the learning rate halved. Returns the parameters, their loss and the
    number of gradient steps taken."""
    loss_and_grad = jax.value_and_grad(trajectory_loss)
    loss, grad = loss_and_grad(params, state0, observed, dt, delta)
    steps = 0
    for step in range(max_steps):
        if loss < target_loss:
            break
        trial = params - learning_rate * grad
        trial_loss, trial_grad = loss_and_grad(trial, state0, observed, dt,
                                               delta)
        steps += 1
        if trial_loss < loss:
            params, loss, grad = trial, trial_loss, trial_grad
        else:
            learning_rate = 0.5 * learning_rate
    return params, loss, steps


def time_to_rest(params, state0, rest_energy, t_max, h0, tol):
    """The time at which the pendulum's energy falls below rest_energy (or
    t_max), integrating with the Heun-Euler pair and an adaptive step.
    Returns the time and the numbers of accepted and rejected steps."""
    t = 0.0
    h = h0
    state = state0
    accepted = 0
    rejected = 0
    while t < t_max:
        if energy(state, params) < rest_energy:
            break
        k1 = vector_field(state, params)
        k2 = vector_field(state + h * k1, params)
        error = jnp.max(jnp.abs(0.5 * h * (k2 - k1)))
        if error <= tol:
            t = t + h
            state = state + 0.5 * h * (k1 + k2)
            accepted += 1
        else:
            rejected += 1
        h = h * jnp.clip(0.9 * jnp.sqrt(tol / (error + 1e-12)), 0.2, 5.0)
    return t, accepted, rejected


def balance_angle(torque, params, tol=1e-6, max_iter=50):
    """The angle at which gravity balances a constant torque,
    params[0] * sin(angle) = torque, by Newton's method. Returns the angle
    and the number of iterations."""
    angle = torque / params[0]
    iterations = 0
    while iterations < max_iter:
        step = ((params[0] * jnp.sin(angle) - torque) /
                (params[0] * jnp.cos(angle)))
        angle = angle - step
        iterations += 1
        if jnp.abs(step) < tol:
            break
    return angle, iterations
