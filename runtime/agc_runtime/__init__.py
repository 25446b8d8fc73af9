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

Eager originals: by default agc keeps each function's original code and
adds a converted twin beside it; the original's first line
``if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(...)``
sends the call to the twin only while a framework traces, so eager calls run
the original code itself. ``_ag__guard__`` is a global of the converted module
(``_ag__guard__ = ag__.guard.bind(globals())`` after the runtime import): False,
one global read per call, until TensorFlow or JAX is imported, then the
``agc_runtime.guard`` module. It is not ``ag__``, which TensorFlow's own
AutoGraph rebinds to its operators in the code it generates
(``tf.autograph.to_graph``/``to_code`` of an original).

Select with ``AGC_BACKEND=python|staged|tf|jax`` before the import, or with
``agc_runtime.use(name)`` at any time: the backend rebinds the names in this
module, and generated code looks them up on every call.

See README.md next to this package for the manual.
"""

import sys as _sys
from _thread import allocate_lock as _allocate_lock
from _weakref import ref as _ref

from . import core as _core
from . import _importlib_bootstrap_python as _python_ops
from .core import (
    STANDARD_OPTIONS, STD, UNSPECIFIED, ConversionOptions, Feature,
    FunctionScope, GetItemOpts, ListPopOpts, ListStackOpts, Undefined,
    UndefinedReturnValue, autograph_artifact, do_not_convert,
    is_autograph_artifact, key, locals_, retval, set_element_type,
    set_loop_options)
from ._importlib_bootstrap_patterns import (
    MatchAs, MatchClass, MatchMapping, MatchOr, MatchSequence, MatchSingleton,
    MatchStar, MatchValue, match_)
from ._importlib_bootstrap_python import (
    abs_, all_, and_, any_, assert_stmt, converted_call, enumerate_, eq,
    filter_, float_, for_stmt, for_stmt_fn, get_item, if_exp, if_stmt,
    if_stmt_fn, int_, ld, ld_comp, ld_free, ldu, len_, list_append, list_pop,
    list_stack, map_, new_list, not_, not_eq, or_, print_, range_, set_item,
    sorted_, while_stmt, while_stmt_fn, with_function_scope, zip_)

BACKENDS = ("python", "staged", "tf", "jax", "torch")

# ---------------------------------------------------------------------------
# Eager originals: the entry guard of a converted function's original code
# ---------------------------------------------------------------------------

# True once a staging framework is imported (or a backend that stages plain
# values is selected): only then does the guard call tracing().
frameworks_loaded = False
_stage_everything = False  # the staged backend: twins run for every call
# The converted modules' globals that hold ``_ag__guard__`` (``guard.bind``), by
# id: each holds False while frameworks_loaded is, else the guard module.
_GUARD_NAMESPACES = {}


# Why the guards ask tracing() now (see _trace_watch): the traces open in
# all threads, by source ("jax", "tensorflow", "torch"...), and the
# frameworks imported whose trace entries are not watched (yet, or at all).
_open_traces = {}
_unwatched = set()
_trace_lock = _allocate_lock()
_guards_asking = False  # what the namespaces' _ag__guard__ says


def _set_frameworks_loaded(value):
    global frameworks_loaded
    value = bool(value)
    if value == frameworks_loaded:
        return
    frameworks_loaded = value
    if not value:
        _unwatched.clear()
    _refresh_guards()


def _guards_ask():
    return bool(_stage_everything or frameworks_loaded and (
        _unwatched or any(_open_traces.values())))


def _guard_alias():
    return _sys.modules[__name__ + ".guard"] if _guards_ask() else False


def _refresh_guards():
    """Writes _guard_alias() to the converted modules' ``_ag__guard__`` when
    it changed."""
    global _guards_asking
    with _trace_lock:
        asking = _guards_ask()
        if asking == _guards_asking:
            return
        _guards_asking = asking
        if _GUARD_NAMESPACES:  # then the guard module is imported
            alias = _guard_alias()
            for namespace in list(_GUARD_NAMESPACES.values()):
                namespace["_ag__guard__"] = alias


def _trace_entered(source):
    """A framework entered a trace (in some thread): the guards ask."""
    with _trace_lock:
        n = _open_traces.get(source, 0)
        _open_traces[source] = n + 1
    if n == 0 and not _guards_asking:
        _refresh_guards()


def _trace_left(source):
    with _trace_lock:
        n = _open_traces.get(source, 0)
        _open_traces[source] = n - 1 if n > 0 else 0
    if n <= 1 and _guards_asking:
        _refresh_guards()


def _trace_flag(source, on):
    """A framework's standing state (PyTorch's is_compiling flag,
    TensorFlow's default graph mode)."""
    with _trace_lock:
        _open_traces[source] = 1 if on else 0
    _refresh_guards()


def _watch_traces(name):
    """Watches the trace entries of the framework name once it is imported;
    until then, and if it cannot, the guards ask on every call."""
    from . import _trace_watch
    if _trace_watch.hook(name, _trace_entered, _trace_left, _trace_flag):
        _unwatched.discard(name)
    _refresh_guards()

_FRAMEWORK_NAMES = frozenset(
    prefix for prefix, _, _ in _python_ops.STAGING_FRAMEWORKS)


_tracing_now = None  # one callable asking every framework imported


def tracing():
    """Whether converted code must run instead of the original: a framework
    traces now, or the selected backend stages everything (``staged``)."""
    if _stage_everything:
        return True
    ask = _tracing_now
    if ask is None:
        ask = _framework_tracing()
    return ask()


def guard_tracing():
    """The eager guard's test (``_ag__guard__.tracing()``): tracing(), and the
    caller is an eager original's own code. TensorFlow's AutoGraph converts
    an original again (``tf.autograph.to_graph``, ``to_code``); the guard in
    its copy is false, and the copy runs its own converted body, as
    TensorFlow's conversion of the original function does."""
    if _stage_everything:
        return _called_by_original()
    ask = _tracing_now
    if ask is None:
        ask = _framework_tracing()
    return ask() and _called_by_original()


def _called_by_original():
    """Whether guard_tracing's caller runs the code of an eager original
    (registered by twin_of)."""
    code = _sys._getframe(2).f_code
    for r in _ORIGINALS.get(id(code), ()):
        f = r()
        if f is not None and f.__code__ is code:
            return True
    return False


def _never():
    return False


def _framework_tracing():
    """Makes the callable tracing() asks (once per framework imported)."""
    global _tracing_now
    tracers, settled = _python_ops.framework_tracers()
    if not tracers:
        ask = _never
    elif len(tracers) == 1:
        ask = tracers[0]
    else:
        def ask(tracers=tuple(tracers)):
            for traces in tracers:
                if traces():
                    return True
            return False
    if settled:
        _tracing_now = ask
        if not tracers:
            _set_frameworks_loaded(False)  # a framework import failed
    return ask


class _FrameworkWatcher:
    """A meta path entry that notes that a staging framework is being
    imported, so the guards start asking tracing(). It finds nothing of its
    own; PyTorch imported after agc_runtime, and TensorFlow's conversion
    module (``_TO_GRAPH_MODULE``), it finds with the finders after
    it, and loads through ``_ThenPrepare``."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        global _tracing_now
        if path is None:
            if name in _FRAMEWORK_NAMES:
                _unwatched.add(name)
                _set_frameworks_loaded(True)
                _refresh_guards()
                _tracing_now = None  # ask again which frameworks there are
                if name == "tensorflow":
                    _mark_for_tensorflow()
                spec = _spec_then(name, path, target, _framework_imported)
                if spec is None:  # not installed: nothing to watch
                    _unwatched.discard(name)
                    _refresh_guards()
                return spec
        elif name == _TO_GRAPH_MODULE:
            return _spec_then(name, path, target, _prepare_to_graph)
        return None


_TO_GRAPH_MODULE = "tensorflow.python.autograph.impl.api"


def _spec_then(name, path, target, then):
    """The module's spec as the meta path entries after the watcher find
    it, its loader wrapped so that ``then(module)`` runs once the module has
    run; None to let the import go on as usual."""
    after = False
    for finder in list(_sys.meta_path):
        if type(finder) is _FrameworkWatcher:
            after = True
            continue
        find = getattr(finder, "find_spec", None)
        if not after or find is None:
            continue
        spec = find(name, path, target)
        if spec is None:
            continue
        if hasattr(spec.loader, "exec_module"):
            spec.loader = _ThenPrepare(spec.loader, spec, then)
        return spec
    return None


class _ThenPrepare:
    """The module's own loader, and then a preparation of agc_runtime's
    (``then(module)``): the loader puts itself back in the spec and the
    module, so nothing after the import sees this one."""

    def __init__(self, loader, spec, then):
        self._loader = loader
        self._spec = spec
        self._then = then

    def create_module(self, spec):
        create = getattr(self._loader, "create_module", None)
        return None if create is None else create(spec)

    def exec_module(self, module):
        loader = self._loader
        try:
            loader.exec_module(module)
        finally:
            self._spec.loader = loader
            if getattr(module, "__loader__", None) is self:
                module.__loader__ = loader
        self._then(module)

    def __getattr__(self, name):
        return getattr(self._loader, name)


def _framework_imported(module):
    name = module.__name__
    if name == "torch" and not _torch_ready:
        _prepare_torch(imported=True)
    _watch_traces(name)


def _prepare_to_graph(api):
    """``tf.autograph.to_graph`` and ``to_code`` of a function agc
    converted give agc's code as it is (``tf_backend.convert_converted_as_is``)
    rather than TensorFlow's conversion of it."""
    from . import tf_backend
    tf_backend.convert_converted_as_is(api, _agc_converted)


def _agc_converted(entity):
    """Whether entity is a function agc converted (not an eager original,
    whose code is the user's): marked as converted, in a module that reads
    this runtime as ``ag__``."""
    function = getattr(entity, "__func__", entity)
    namespace = getattr(function, "__globals__", None)
    return (type(namespace) is dict
            and namespace.get("ag__") is _sys.modules[__name__]
            and is_autograph_artifact(function)
            and twin(entity) is None)


def _watch_frameworks():
    if not any(type(f) is _FrameworkWatcher for f in _sys.meta_path):
        _sys.meta_path.insert(0, _FrameworkWatcher())
    imported = [name for name in sorted(_FRAMEWORK_NAMES)
                if _sys.modules.get(name) is not None]
    if imported:
        _unwatched.update(imported)
        _set_frameworks_loaded(True)
        for name in imported:
            module = _sys.modules[name]
            if name != "torch" and not getattr(
                    getattr(module, "__spec__", None), "_initializing", False):
                _watch_traces(name)  # torch: once its staging loads
    if _sys.modules.get("tensorflow") is not None:
        _mark_for_tensorflow()
    if _sys.modules.get(_TO_GRAPH_MODULE) is not None:
        _prepare_to_graph(_sys.modules[_TO_GRAPH_MODULE])


# TensorFlow's marker of converted functions (``autograph_info__``, which
# tf.function and TensorFlow's converted_call look for so that they call a
# function as it is) lives in the function's ``__dict__``: it goes on the
# eager originals only once TensorFlow is imported, so that without it an
# original's ``__dict__`` is the original's. Until then, weak references to
# the functions to mark wait here (None once TensorFlow is imported).
_unmarked = []


def _mark_for_tensorflow():
    global _unmarked
    waiting, _unmarked = _unmarked, None
    for r in waiting or ():
        entity = r()
        if entity is not None:
            autograph_artifact(entity)


def _mark_later(entity):
    """Marks entity as converted for TensorFlow, now if it is imported."""
    if _unmarked is None:
        autograph_artifact(entity)
        return
    try:
        _append_weakly(_unmarked, entity)
    except TypeError:  # not weakly referable: mark it now
        autograph_artifact(entity)


def _append_weakly(refs, entity):
    """Appends a weak reference to entity to refs, dropping the dead ones
    at each power of two (a nested ``def`` makes a function every call)."""
    if len(refs) >= 8 and (len(refs) & (len(refs) - 1)) == 0:
        refs[:] = [r for r in refs if r() is not None]
    refs.append(_ref(entity))


_watch_frameworks()


def twin_of(original, name):
    """Decorator of a converted twin (``_agc_f``, written after its eager
    original ``f``):

    * marks the original (and what its decorators wrap: ``__wrapped__``,
      ``__func__``, ``fget``/``fset``/``fdel``, ``python_function``) and the
      twin as converted, so that no runtime converts the original again
      (tf.function then calls it, and its guard calls the twin);
    * keeps the twin for the original function (``twin(f)`` gives it; the
      original's ``__dict__`` stays as the original's), and registers the
      original by its code, where its guard finds it (``call_own_twin``);
    * gives the twin the original's name: ``__name__``, ``__qualname__`` and
      its code's ``co_name``/``co_qualname`` (and the qualified names of the
      functions it defines), as seen in tracebacks, frames and reprs, and
      its ``__doc__`` (agc writes the twin without the docstring);
    * records the original's code as the twin's caller, so frame-counting
      builtins (``sys._getframe``, ``warnings.warn``) count the guard's
      frame and the twin's as one call.

    The original is the function named ``name`` that ``original`` holds
    (itself, or wrapped by decorators), defined last before the twin in its
    file (a property's getter and setter share a name).
    """
    def mark(twin):
        if not _torch_ready:
            _prepare_torch()
        code = twin.__code__
        function = None
        for candidate in _functions_of(original):
            c = candidate.__code__
            if c.co_name != name:
                continue
            _mark_later(candidate)
            if c.co_filename == code.co_filename and (
                    c.co_firstlineno <= code.co_firstlineno) and (
                    function is None or
                    c.co_firstlineno > function.__code__.co_firstlineno):
                function = candidate
        if original is not function:
            _mark_later(original)
        if function is not None:
            _rename_twin(twin, function)
            try:
                _keep_twin(function, twin)
                _register_original(function)
            except TypeError:  # not weakly referable
                pass
        return autograph_artifact(twin)
    return mark


_FunctionType = type(twin_of)
_torch_ready = False


def _prepare_torch(imported=False):
    """With PyTorch imported, loads its staging now, in plain Python: its
    Dynamo hook must be in place before torch.compile or torch.export trace
    a guard (Dynamo cannot import it while it traces). Called when a twin is
    registered, and when ``torch`` has just run (``imported``: its spec
    still says it is initializing) if agc_runtime was imported first."""
    global _torch_ready
    module = _sys.modules.get("torch")
    if module is None:
        return
    spec = getattr(module, "__spec__", None)
    if not imported and getattr(spec, "_initializing", False):
        return
    _torch_ready = True
    try:
        _python_ops._staging_of_module("torch_backend")
    except ImportError:
        return
    if "torch" in _unwatched:
        _watch_traces("torch")


def _functions_of(entity):
    """The Python functions an object defined by `def` (and decorators)
    holds: itself, or what staticmethod, classmethod, property,
    functools.wraps, tf.function... wrap."""
    found = []
    todo = [entity]
    seen = set()
    while todo and len(seen) < 32:
        e = todo.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        if type(e) is _FunctionType:
            found.append(e)
            # A decorator's wrapper holds the function in its closure.
            for cell in e.__closure__ or ():
                try:
                    value = cell.cell_contents
                except ValueError:  # an empty cell
                    continue
                if type(value) is _FunctionType:
                    todo.append(value)
        for attr in ("__wrapped__", "__func__", "fget", "fset", "fdel",
                     "python_function", "func"):
            try:
                todo.append(getattr(e, attr, None))
            except Exception:  # noqa: BLE001 - a proxy may raise anything
                pass
    return found


def call_own_twin(*args, **kwargs):
    """The entry guard of a function's eager original: calls the twin of the
    function whose code called it (registered by ``twin_of``), with the
    guard's arguments. The guard names nothing of the function's own, so an
    eager call sees the original's locals, free variables and cells."""
    frame = _sys._getframe(1)
    code = frame.f_code
    functions = [f for f in (r() for r in _ORIGINALS.get(id(code), ()))
                 if f is not None and f.__code__ is code]
    if len(functions) == 1:
        function = functions[0]
    else:
        function = _same_closure(functions, code, frame)
    twin = _twin_of_function(function)
    if twin is None:
        raise RuntimeError("agc_runtime: the converted twin of %s was not "
                           "found" % code.co_qualname)
    return twin(*args, **kwargs)


def _same_closure(functions, code, frame):
    """Of the functions made from one ``def`` (a nested function defined at
    each call of the one around it, a method of classes made by a factory),
    the one running in ``frame``: its free variables hold what the frame's
    do. Any when nothing tells them apart (then their twins do the same)."""
    names = code.co_freevars
    values = frame.f_locals if names else {}
    some = None
    for function in functions:
        some = function
        cells = function.__closure__ or ()
        for name, cell in zip(names, cells):
            try:
                content = cell.cell_contents
            except ValueError:  # an empty cell
                content = _MISSING
            if values.get(name, _MISSING) is not content:
                break
        else:
            return function
    return some


_MISSING = object()
# Weak references to the eager originals of each code object, by its id
# (code objects from two files can be equal): twin_of registers them, several
# when one `def` runs several times.
_ORIGINALS = {}


def _register_original(function):
    key = id(function.__code__)
    refs = _ORIGINALS.get(key)
    if refs is None:
        refs = _ORIGINALS[key] = []
    _append_weakly(refs, function)


# Each eager original's converted twin (see ``twin_of``), by the original's
# id: (a weak reference to the original, the twin). The entry goes when the
# original does.
_TWINS = {}


def _keep_twin(function, twin):
    key = id(function)

    def forget(r, key=key):
        entry = _TWINS.get(key)
        if entry is not None and entry[0] is r:
            del _TWINS[key]
    _TWINS[key] = (_ref(function, forget), twin)


def _twin_of_function(function):
    entry = _TWINS.get(id(function))
    if entry is not None and entry[0]() is function:
        return entry[1]
    return None


def twin(function):
    """The converted twin of an eager original (a function agc converted
    with its original code kept), or None: the code that runs while a
    framework traces, callable directly. A method or a decorated function
    gives the twin of the function it holds."""
    for f in _functions_of(function):
        found = _twin_of_function(f)
        if found is not None:
            return found
    return None


_RENAMED = {}  # (twin code, name, qualname) -> renamed code


def _rename_twin(twin, function):
    code = twin.__code__
    key = (code, function.__name__, function.__qualname__)
    renamed = _RENAMED.get(key)
    if renamed is None:
        renamed = _renamed_code(code, code.co_qualname,
                                function.__code__.co_qualname,
                                function.__code__.co_name)
        _RENAMED[key] = renamed
        _python_ops.GUARD_CODES[renamed] = function.__code__
    twin.__code__ = renamed
    twin.__name__ = function.__name__
    twin.__qualname__ = function.__qualname__
    twin.__doc__ = function.__doc__  # agc writes a twin without its docstring


def _renamed_code(code, old_qualname, new_qualname, new_name=None):
    """code with the qualified-name prefix old_qualname replaced, in it and
    in the code objects it holds (its nested functions, lambdas, helpers)."""
    consts = code.co_consts
    if any(type(c) is type(code) for c in consts):
        consts = tuple(
            _renamed_code(c, old_qualname, new_qualname)
            if type(c) is type(code) else c for c in consts)
    qualname = code.co_qualname
    if qualname == old_qualname:
        qualname = new_qualname
    elif qualname.startswith(old_qualname + "."):
        qualname = new_qualname + qualname[len(old_qualname):]
    return code.replace(co_consts=consts, co_qualname=qualname,
                        co_name=new_name or code.co_name)

# Names that are not operators but that a backend may also provide (the tf
# backend binds TensorFlow's own classes so its operators recognise them).
_CORE_NAMES = (
    "tracing", "twin_of", "twin", "call_own_twin", "Undefined", "UndefinedReturnValue", "retval", "ConversionOptions", "STD",
    "locals_",
    "Feature", "FunctionScope", "autograph_artifact", "do_not_convert",
    "set_loop_options", "set_element_type", "ListPopOpts", "ListStackOpts",
    "GetItemOpts", "key", "match_", "MatchValue", "MatchSingleton", "MatchAs",
    "MatchOr", "MatchStar", "MatchSequence", "MatchMapping", "MatchClass")

# Every name generated code may use; each backend binds all of them.
PROTOCOL = tuple(sorted(set(_python_ops.OPERATORS) | set(_CORE_NAMES)))

_backend = "python"


def _own_table(ops_module):
    table = {name: vars(_core)[name] if name in vars(_core)
             else globals()[name] for name in _CORE_NAMES}
    table.update(ops_module.OPERATORS)
    return table


def _table(name):
    table = _backend_table(name)
    if name != "python" and "if_stmt_fn" not in table:
        # The functional form (``--control-flow functional``) on a backend
        # that has only the get_state/set_state operators: through them.
        table.update(_python_ops.functional_form(table))
    return table


def _backend_table(name):
    if name == "python":
        return _own_table(_python_ops)
    if name == "staged":
        from . import _importlib_bootstrap_staged as staged_ops
        return _own_table(staged_ops)
    if name == "tf":
        from . import tf_backend
        table = _own_table(_python_ops)
        table.update(tf_backend.load())
        return _without_functional(table)
    if name == "jax":
        from . import jax_backend
        table = _own_table(_python_ops)
        table.update(jax_backend.load())
        return _without_functional(table)
    if name == "torch":
        from . import torch_backend
        table = _own_table(_python_ops)
        table.update(torch_backend.load())
        return table
    raise ValueError("unknown agc_runtime backend %r; choose one of %s"
                     % (name, ", ".join(BACKENDS)))


def _without_functional(table):
    """A table made from the python backend's with some operators replaced:
    its functional operators go through the replacements, not Python's."""
    for name in ("if_stmt_fn", "while_stmt_fn", "for_stmt_fn"):
        if table[name] is _python_ops.OPERATORS[name]:
            del table[name]
    return table


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
    global _stage_everything, _tracing_now
    _stage_everything = name == "staged"
    _tracing_now = None
    _set_frameworks_loaded(_stage_everything or any(
        _sys.modules.get(n) is not None for n in _FRAMEWORK_NAMES))
    _refresh_guards()


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


# No module ``__getattr__`` here (for lazy submodules, say): CPython does
# not specialise attribute reads on a module that has one, and every
# ``ag__.name`` that converted code reads (the eager guard's
# ``ag__.frameworks_loaded``, on each call) would be slower. ``staged`` is
# imported with the package (``agc_runtime.staged.run(...)`` works after a
# plain ``import agc_runtime``); ``tf_backend``, ``jax_backend``,
# ``torch_backend`` and ``traceback_hook`` load when imported or first needed.
from . import staged  # noqa: E402
from . import guard  # noqa: E402


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
