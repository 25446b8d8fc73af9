"""agc_runtime: the operators that agc-converted code calls as ``ag__``.

Converted modules start with ``import agc_runtime as ag__`` and call
``ag__.if_stmt(...)``, ``ag__.converted_call(...)`` and so on at run time.
The names are those of TensorFlow AutoGraph's operator protocol. Which
implementation they are bound to is the selected backend:

* ``python`` (default): plain Python semantics, for running converted code
  exactly like the original;
* ``staged``: reference staging semantics on ``agc_runtime.staged.Value``
  (both branches traced, functional loops, AutoGraph's staging errors);
* ``tf``: TensorFlow's own operators, for every value;
* ``jax``: the python backend with JAX imported up front, and for loops over
  a Python range whose variables hold traced arrays staged as
  ``lax.fori_loop`` rather than unrolled (see ``jax_backend``).

No configuration is needed for TensorFlow or JAX: on the python backend, an
operator that meets a TensorFlow value while TensorFlow builds a graph
(inside ``tf.function``), or a JAX tracer (inside ``jax.jit``, ``vmap``,
...), stages the statement with the framework's control flow; plain values
keep Python semantics (see ``_importlib_bootstrap_python``).

Select with ``AGC_BACKEND=python|staged|tf|jax`` before the import, or with
``agc_runtime.use(name)`` at any time: the backend rebinds the names in this
module, and generated code looks them up on every call.

See README.md next to this package for the manual.
"""

from . import core as _core
from . import _importlib_bootstrap_python as _python_ops
from .core import (
    STANDARD_OPTIONS, STD, UNSPECIFIED, ConversionOptions, Feature,
    FunctionScope, GetItemOpts, ListPopOpts, ListStackOpts, Undefined,
    UndefinedReturnValue, autograph_artifact, do_not_convert,
    is_autograph_artifact, retval, set_element_type, set_loop_options)
from ._importlib_bootstrap_python import (
    abs_, all_, and_, any_, assert_stmt, converted_call, enumerate_, eq,
    filter_, float_, for_stmt, get_item, if_exp, if_stmt, int_, ld, ldu,
    len_, list_append, list_pop, list_stack, map_, new_list, not_, not_eq,
    or_, print_, range_, set_item, sorted_, while_stmt, with_function_scope,
    zip_)

BACKENDS = ("python", "staged", "tf", "jax")

# Names that are not operators but that a backend may also provide (the tf
# backend binds TensorFlow's own classes so its operators recognise them).
_CORE_NAMES = (
    "Undefined", "UndefinedReturnValue", "retval", "ConversionOptions", "STD",
    "Feature", "FunctionScope", "autograph_artifact", "do_not_convert",
    "set_loop_options", "set_element_type", "ListPopOpts", "ListStackOpts",
    "GetItemOpts")

# Every name generated code may use; each backend binds all of them.
PROTOCOL = tuple(sorted(set(_python_ops.OPERATORS) | set(_CORE_NAMES)))

_backend = "python"


def _own_table(ops_module):
    table = {name: getattr(_core, name) for name in _CORE_NAMES}
    table.update(ops_module.OPERATORS)
    return table


def _table(name):
    if name == "python":
        return _own_table(_python_ops)
    if name == "staged":
        from . import _importlib_bootstrap_staged as staged_ops
        return _own_table(staged_ops)
    if name == "tf":
        from . import tf_backend
        table = _own_table(_python_ops)
        table.update(tf_backend.load())
        return table
    if name == "jax":
        from . import jax_backend
        table = _own_table(_python_ops)
        table.update(jax_backend.load())
        return table
    raise ValueError("unknown agc_runtime backend %r; choose one of %s"
                     % (name, ", ".join(BACKENDS)))


def use(name):
    """Selects the backend ('python', 'staged', 'tf' or 'jax') for all
    converted code.

    Raises ValueError for an unknown name and ImportError when the tf or jax
    backend is selected without a usable TensorFlow or JAX; the previous
    backend then stays selected.
    """
    global _backend
    table = _table(name)
    missing = [n for n in PROTOCOL if n not in table]
    if missing:
        raise ImportError("backend %r lacks %s" % (name, ", ".join(missing)))
    globals().update(table)
    _backend = name


def backend():
    """The name of the selected backend."""
    return _backend


def install_traceback_hook(hide_runtime_frames=True):
    """Shows frames of converted files at their original file and line."""
    from .traceback_hook import install_traceback_hook as install
    install(hide_runtime_frames)


def remap_traceback(text, hide_runtime_frames=True):
    """Rewrites a traceback text through the source maps of converted files."""
    from .traceback_hook import remap_traceback as remap
    return remap(text, hide_runtime_frames)


def __getattr__(name):
    # Submodules load on first use, keeping ``import agc_runtime`` small.
    if name in ("staged", "traceback_hook", "tf_backend", "jax_backend"):
        __import__(__name__ + "." + name)
        return globals()[name]
    raise AttributeError("module %r has no attribute %r" % (__name__, name))


def _environ(name):
    # posix/nt rather than os: see "Import discipline" in core.py.
    try:
        import posix
    except ImportError:
        import nt
        return nt.environ.get(name, "")
    value = posix.environ.get(name.encode())
    return value.decode("utf-8", "surrogateescape") if value else ""


_env_backend = _environ("AGC_BACKEND").strip()
if _env_backend and _env_backend != "python":
    if _env_backend not in BACKENDS:
        raise ImportError(
            "AGC_BACKEND=%r: unknown agc_runtime backend; choose one of %s"
            % (_env_backend, ", ".join(BACKENDS)))
    use(_env_backend)
