"""Shared helpers of the runtime tests (not a test module)."""

import contextlib
import io
import os
import sys

RUNTIME_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if RUNTIME_DIR not in sys.path:
    sys.path.insert(0, RUNTIME_DIR)

import agc_runtime  # noqa: E402


@contextlib.contextmanager
def backend(name):
    """Selects a backend for the duration of a with block."""
    previous = agc_runtime.backend()
    agc_runtime.use(name)
    try:
        yield
    finally:
        agc_runtime.use(previous)


def outcome(fn, *args, **kwargs):
    """(result, exception type, exception message, printed output) of a call."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            result = fn(*args, **kwargs)
        except Exception as e:  # noqa: BLE001 -- compared by the caller
            return (None, type(e), str(e), out.getvalue())
    return (result, None, None, out.getvalue())


def subprocess_env(**extra):
    env = dict(os.environ)
    env.pop("AGC_BACKEND", None)
    env["PYTHONPATH"] = RUNTIME_DIR + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env
