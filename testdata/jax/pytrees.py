"""Pytrees carried through staged control flow: tuples, lists and dicts of
arrays as the variables of lax.cond, lax.while_loop and lax.scan (the
structure is kept, leaf by leaf), and returned as results."""
import jax.numpy as jnp
from jax import lax


def tuple_through_cond(x):
    pair = (x, x * 2)
    if x > 0:
        pair = (pair[1], pair[0])
    return pair


def dict_through_cond(x):
    state = {"value": x, "count": 0}
    if x > 1:
        state = {"value": x / 2, "count": 1}
    return state


def list_through_while(n):
    acc = [0, 1]
    while acc[1] < n:
        acc = [acc[1], acc[0] + acc[1]]
    return acc


def dict_through_scan(xs):
    stats = {"sum": 0.0, "max": -jnp.inf, "min": jnp.inf}
    for x in xs:
        stats = {"sum": stats["sum"] + x,
                 "max": jnp.maximum(stats["max"], x),
                 "min": jnp.minimum(stats["min"], x)}
    return stats


def nested_tree_in_fori(n):
    state = {"pos": (0.0, 0.0), "steps": [0]}
    for i in range(n):
        x, y = state["pos"]
        state = {"pos": (x + 1.0, y + i), "steps": [state["steps"][0] + 1]}
    return state


def tuple_return_from_branches(x):
    if x > 0:
        out = (x, jnp.array([1.0, 2.0]))
    else:
        out = (-x, jnp.array([3.0, 4.0]))
    return out


def params_update(params, grad_scale):
    # A small "optimizer": a dict of weights updated until the norm is small.
    step = 0
    while jnp.sum(params["w"] ** 2) + params["b"] ** 2 > 1e-2:
        params = {"w": params["w"] * grad_scale,
                  "b": params["b"] * grad_scale}
        step += 1
    return params, step


def swap_list_items(pair):
    a, b = pair
    if a > b:
        pair = [b, a]
    return pair


def tree_with_none(x):
    state = (x, None)
    if x > 0:
        state = (x + 1, None)
    return state


def running_min_max_tuple(xs):
    lo_hi = (xs[0], xs[0])
    for x in xs:
        lo, hi = lo_hi
        if x < lo:
            lo = x
        if x > hi:
            hi = x
        lo_hi = (lo, hi)
    return lo_hi


CASES = {
    "tuple_through_cond": [(jnp.float32(1.5),), (jnp.float32(-1.5),)],
    "dict_through_cond": [(jnp.float32(5.0),), (jnp.float32(0.5),)],
    "list_through_while": [(jnp.int32(100),)],
    "dict_through_scan": [(jnp.array([3.0, -1.0, 4.0, 1.0]),)],
    "nested_tree_in_fori": [(jnp.int32(5),)],
    "tuple_return_from_branches": [(jnp.float32(2.0),), (jnp.float32(-2.0),)],
    "params_update": [({"w": jnp.array([1.0, -2.0]), "b": jnp.float32(0.5)},
                       jnp.float32(0.5))],
    "swap_list_items": [([jnp.int32(5), jnp.int32(2)],),
                        ([jnp.int32(1), jnp.int32(2)],)],
    "tree_with_none": [(jnp.float32(1.0),), (jnp.float32(-1.0),)],
    "running_min_max_tuple": [(jnp.array([3, 1, 4, 1, 5, 9, 2, 6]),)],
}

JAXPR = {
    "tuple_through_cond": {"cond"},
    "dict_through_cond": {"cond"},
    "list_through_while": {"while"},
    "dict_through_scan": {"scan"},
    "nested_tree_in_fori": {"while"},
    "tuple_return_from_branches": {"cond"},
    "params_update": {"while"},
    "swap_list_items": {"cond"},
    "tree_with_none": {"cond"},
    "running_min_max_tuple": {"scan", "cond"},
}
UNROLLED = {"dict_through_scan"}
