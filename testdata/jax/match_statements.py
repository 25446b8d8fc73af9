"""`match` under jax.jit: a match on a traced value with literal patterns
becomes nested lax.cond (captures and guards too); a match on a static
Python value stays Python; a structural pattern on a traced value is
refused. The original runs Python's match on concrete arrays."""
import jax.numpy as jnp


def activation(kind, x):
    match kind:
        case 0:
            y = jnp.maximum(x, 0.0)
        case 1 | 2:
            y = x * 2.0
        case _:
            y = -x
    return y


def with_guard(n):
    match n:
        case 0:
            r = n
        case m if m > 5:
            r = m * 2
        case _:
            r = -n
    return r


def static_shape(shape, x):
    match shape:
        case (h, w):
            return x.reshape(h, w)
        case _:
            return x


def traced_sequence(x):
    match x:
        case [a, b]:
            return a + b
    return x


CASES = {
    "activation": [(jnp.int32(0), jnp.array([1.0, -2.0])),
                   (jnp.int32(2), jnp.array([1.0, -2.0])),
                   (jnp.int32(7), jnp.array([1.0, -2.0]))],
    "with_guard": [(jnp.int32(0),), (jnp.int32(9),), (jnp.int32(3),)],
    "static_shape": [((2, 2), jnp.arange(4.0)), ((4,), jnp.arange(4.0))],
    "traced_sequence": [(jnp.array([1, 2]),)],
}

JAXPR = {"activation": {"cond"}, "with_guard": {"cond"}}

STATIC = {"static_shape": (0,)}

ERRORS = {
    ("traced_sequence", 0):
        "TypeError: a sequence pattern cannot match a staged value",
}
