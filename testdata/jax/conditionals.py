"""`if` statements on traced values: each becomes lax.cond (both branches
traced) over the variables it sets; elif chains nest conds; conditions on
reductions of arrays; array-valued branches of the same shape; branches
that call helpers. The original runs Python's if on concrete arrays."""
import jax.numpy as jnp
from jax import lax


def _double(x):
    return x * 2


def relu(x):
    if x > 0:
        y = x
    else:
        y = jnp.zeros_like(x)
    return y


def if_without_else(x):
    y = x
    if x < 0:
        y = -x
    return y


def elif_chain(x):
    if x > 10:
        grade = 3
    elif x > 5:
        grade = 2
    elif x > 0:
        grade = 1
    else:
        grade = 0
    return grade


def two_outputs(x):
    a = x
    b = -x
    if x % 2 == 0:
        a = a + 1
    else:
        b = b - 1
    return a, b


def swap_if_less(x, y):
    if x < y:
        x, y = y, x
    return x, y


def branch_local_only(x):
    out = x
    if x > 0:
        tmp = x * x
        out = tmp + 1
    return out


def calls_helper_in_branch(x):
    if x >= 0:
        r = _double(x)
    else:
        r = _double(-x) + 1
    return r


def condition_on_sum(v):
    if jnp.sum(v) > 0:
        v = v / jnp.sum(v)
    else:
        v = -v
    return v


def condition_on_norm(v, radius):
    norm = jnp.sqrt(jnp.sum(v * v))
    if norm > radius:
        v = v * (radius / norm)
    return v


def array_branches(m):
    if jnp.trace(m) > 0:
        out = m @ m
    else:
        out = m.T
    return out


def sign_of(x):
    if x > 0:
        s = 1.0
    elif x < 0:
        s = -1.0
    else:
        s = 0.0
    return s


def clip_scalar(x, lo, hi):
    if x < lo:
        x = lo
    if x > hi:
        x = hi
    return x


def piecewise(x):
    if x < -1.0:
        y = -2.0 * x - 1.0
    elif x < 1.0:
        y = x * x
    else:
        y = 2.0 * x - 1.0
    return y


def huber(r, delta):
    a = jnp.abs(r)
    if a <= delta:
        loss = 0.5 * r * r
    else:
        loss = delta * (a - 0.5 * delta)
    return loss


def bool_argument(flag, x):
    if flag:
        x = x + 100
    return x


def static_condition(x, mode):
    # mode is static for jit: a plain Python if, one branch traced.
    if mode == "square":
        y = x * x
    else:
        y = x + x
    if y > 10:
        y = y - 10
    return y


def condition_on_element(v):
    if v[0] > v[-1]:
        first = v[-1]
    else:
        first = v[0]
    return first


def nested_if(x, y):
    if x > 0:
        if y > 0:
            q = 1
        else:
            q = 4
    else:
        if y > 0:
            q = 2
        else:
            q = 3
    return q


CASES = {
    "relu": [(jnp.float32(2.5),), (jnp.float32(-1.5),)],
    "if_without_else": [(jnp.int32(-4),), (jnp.int32(7),)],
    "elif_chain": [(jnp.int32(12),), (jnp.int32(7),), (jnp.int32(1),),
                   (jnp.int32(-3),)],
    "two_outputs": [(jnp.int32(4),), (jnp.int32(5),)],
    "swap_if_less": [(jnp.float32(1.0), jnp.float32(2.0)),
                     (jnp.float32(3.0), jnp.float32(2.0))],
    "branch_local_only": [(jnp.float32(3.0),), (jnp.float32(-3.0),)],
    "calls_helper_in_branch": [(jnp.int32(5),), (jnp.int32(-5),)],
    "condition_on_sum": [(jnp.array([1.0, 2.0, 5.0]),),
                         (jnp.array([-1.0, -2.0, 0.5]),)],
    "condition_on_norm": [(jnp.array([3.0, 4.0]), 1.0),
                          (jnp.array([0.3, 0.4]), 1.0)],
    "array_branches": [(jnp.array([[1.0, 2.0], [3.0, 4.0]]),),
                       (jnp.array([[-1.0, 2.0], [3.0, -4.0]]),)],
    "sign_of": [(jnp.float32(-2.0),), (jnp.float32(0.0),),
                (jnp.float32(9.0),)],
    "clip_scalar": [(jnp.float32(-3.0), jnp.float32(0.0), jnp.float32(1.0)),
                    (jnp.float32(0.5), jnp.float32(0.0), jnp.float32(1.0)),
                    (jnp.float32(4.0), jnp.float32(0.0), jnp.float32(1.0))],
    "piecewise": [(jnp.float32(-3.0),), (jnp.float32(0.5),),
                  (jnp.float32(2.0),)],
    "huber": [(jnp.float32(0.5), 1.0), (jnp.float32(-3.0), 1.0)],
    "bool_argument": [(jnp.bool_(True), jnp.int32(1)),
                      (jnp.bool_(False), jnp.int32(1))],
    "static_condition": [(jnp.float32(4.0), "square"),
                         (jnp.float32(4.0), "double")],
    "condition_on_element": [(jnp.array([5, 1, 2]),), (jnp.array([1, 2, 3]),)],
    "nested_if": [(jnp.int32(1), jnp.int32(1)), (jnp.int32(1), jnp.int32(-1)),
                  (jnp.int32(-1), jnp.int32(1)),
                  (jnp.int32(-1), jnp.int32(-1))],
}

JAXPR = {
    "relu": {"cond"},
    "if_without_else": {"cond"},
    "elif_chain": {"cond"},
    "two_outputs": {"cond"},
    "swap_if_less": {"cond"},
    "branch_local_only": {"cond"},
    "calls_helper_in_branch": {"cond"},
    "condition_on_sum": {"cond"},
    "condition_on_norm": {"cond"},
    "array_branches": {"cond"},
    "sign_of": {"cond"},
    "clip_scalar": {"cond"},
    "piecewise": {"cond"},
    "huber": {"cond"},
    "bool_argument": {"cond"},
    "static_condition": {"cond"},
    "condition_on_element": {"cond"},
    "nested_if": {"cond"},
}

STATIC = {"static_condition": (1,)}
