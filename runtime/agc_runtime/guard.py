"""The names an eager original's guard reads.

A module agc converted with eager originals binds ``_ag__guard__`` after its
runtime import (``_ag__guard__ = ag__.guard.bind(globals())``), and each
original starts with::

    if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)

``_ag__guard__`` is False (one global read per call) until a staging framework
is imported or the staged backend is selected; then it is this module, whose
``tracing()`` is true while a framework traces and the caller is the
original's own code (see ``agc_runtime.guard_tracing``). It is a name of its
own, not ``ag__``: TensorFlow's AutoGraph binds ``ag__`` to its operators in
the code it generates from a function (``tf.autograph.to_graph``,
``to_code``), and there the guard reads this module still, is false, and
TensorFlow's conversion of the original's body runs.
"""

from . import _GUARD_NAMESPACES, _guard_alias, call_own_twin
from . import guard_tracing as tracing
from .core import autograph_artifact as _autograph_artifact

__all__ = ("bind", "call_own_twin", "tracing")


def bind(namespace):
    """The value of ``_ag__guard__`` in the module whose globals are namespace,
    kept up to date there from now on."""
    _GUARD_NAMESPACES[id(namespace)] = namespace
    return _guard_alias()


# Called by TensorFlow's converted copy of an original: TensorFlow calls them
# as they are (it also never converts agc_runtime once its staging loads).
for _f in (tracing, call_own_twin, bind):
    _autograph_artifact(_f)
del _f
