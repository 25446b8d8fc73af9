"""Python loops (over a Python range or list, or `while` on a Python
counter) whose break or return depends on a traced value: the loop starts
in Python, and once its test becomes traced the rest of it runs as
lax.while_loop from the current state. The convergence loops a JAX user
writes: `for i in range(50): ... if converged: break`."""
import jax.numpy as jnp
from jax import lax


def newton_sqrt(a):
    x = a
    for i in range(50):
        x_new = 0.5 * (x + a / x)
        if jnp.abs(x_new - x) < 1e-6:
            break
        x = x_new
    return x


def newton_cube_root_with_count(a):
    x = a
    iterations = 0
    for _ in range(100):
        x_new = x - (x * x * x - a) / (3 * x * x)
        iterations += 1
        if jnp.abs(x_new - x) < 1e-5:
            x = x_new
            break
        x = x_new
    return x, iterations


def power_iteration(m):
    v = jnp.ones(m.shape[0]) / jnp.sqrt(m.shape[0])
    eigenvalue = 0.0
    for _ in range(200):
        w = m @ v
        new_eigenvalue = jnp.dot(v, w)
        v = w / jnp.linalg.norm(w)
        if jnp.abs(new_eigenvalue - eigenvalue) < 1e-6:
            eigenvalue = new_eigenvalue
            break
        eigenvalue = new_eigenvalue
    return eigenvalue, v


def gradient_descent(x0, lr):
    # Minimises (x - 3)^2 until the step is tiny.
    x = x0
    for step in range(1000):
        g = 2 * (x - 3.0)
        x = x - lr * g
        if jnp.abs(g) < 1e-3:
            break
    return x, step


def first_multiple_in_list(k):
    found = -1
    for candidate in [3, 5, 7, 11, 13, 17]:
        if candidate % k == 0:
            found = candidate
            break
    return found


def return_from_python_range(x):
    for i in range(10):
        x = x * 2
        if x > 100:
            return i
    return -1


def python_counter_while(x):
    i = 0
    while i < 20:
        x = jnp.sin(x) + x
        i += 1
        if x > 3.0:
            break
    return i, x


def damped_oscillator(x, v):
    t = 0.0
    for _ in range(500):
        a = -4.0 * x - 0.5 * v
        v = v + 0.05 * a
        x = x + 0.05 * v
        t = t + 0.05
        if jnp.abs(x) + jnp.abs(v) < 0.05:
            break
    return t


def secant_root(x0, x1):
    # Root of x^3 - 2x - 5.
    for _ in range(30):
        f0 = x0 * x0 * x0 - 2 * x0 - 5
        f1 = x1 * x1 * x1 - 2 * x1 - 5
        x2 = x1 - f1 * (x1 - x0) / (f1 - f0)
        x0, x1 = x1, x2
        if jnp.abs(x1 - x0) < 1e-6:
            break
    return x1


def break_on_first_element(xs):
    total = 0.0
    for i in range(4):
        if xs[i] < 0:
            break
        total = total + xs[i]
    return total


CASES = {
    "newton_sqrt": [(jnp.float32(2.0),), (jnp.float32(1e4),)],
    "newton_cube_root_with_count": [(jnp.float32(27.0),)],
    "power_iteration": [(jnp.array([[2.0, 1.0], [1.0, 3.0]]),)],
    "gradient_descent": [(jnp.float32(0.0), jnp.float32(0.1))],
    "first_multiple_in_list": [(jnp.int32(7),), (jnp.int32(2),)],
    "return_from_python_range": [(jnp.float32(1.0),), (jnp.float32(0.0),)],
    "python_counter_while": [(jnp.float32(0.5),), (jnp.float32(-0.5),)],
    "damped_oscillator": [(jnp.float32(1.0), jnp.float32(0.0))],
    "secant_root": [(jnp.float32(2.0), jnp.float32(3.0))],
    "break_on_first_element": [(jnp.array([-1.0, 2.0, 3.0, 4.0]),),
                               (jnp.array([1.0, 2.0, -3.0, 4.0]),),
                               (jnp.array([1.0, 2.0, 3.0, 4.0]),)],
}

JAXPR = {name: {"while"} for name in CASES}
