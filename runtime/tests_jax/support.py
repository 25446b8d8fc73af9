"""Shared helpers of the JAX suite (not a test module): agc conversion from
the TensorFlow suite's support (nothing there imports TensorFlow), and JAX
on the CPU, quiet."""

import os

os.environ.setdefault("JAX_PLATFORMS", "cpu")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

from tests_tf.support import AGC, convert, load_file  # noqa: E402,F401


def primitives(jaxpr):
    """Every primitive name in a closed jaxpr, nested jaxprs included (cond
    branches, loop bodies, pjit calls), with repetitions."""
    names = []
    stack = [jaxpr.jaxpr]
    while stack:
        j = stack.pop()
        for eqn in j.eqns:
            names.append(eqn.primitive.name)
            for value in eqn.params.values():
                for sub in value if isinstance(value, (tuple, list)) else (
                        value,):
                    inner = getattr(sub, "jaxpr", None)
                    if inner is not None and hasattr(inner, "eqns"):
                        stack.append(inner)
                    elif hasattr(sub, "eqns"):
                        stack.append(sub)
    return names
