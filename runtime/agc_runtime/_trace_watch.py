"""Watches each staging framework's own trace entries, so that the eager
guards ask whether a framework traces only while one may.

An eager original's guard reads ``_ag__guard__``: False (one global read per
call) unless some thread may be inside a framework's trace, and only then
the guard module, whose ``tracing()`` asks the framework for this thread.
What flips it is the framework's own entry into a trace, watched here:

* JAX: every trace is entered by ``core.set_current_trace`` (its context
  manager's ``__enter__``/``__exit__``, counted when the trace is not the
  top-level eval trace) and every named axis by ``trace_ctx.set_axis_env``
  (per thread, top-level or not); both are JAX's ``is_top_level()``;
* TensorFlow: graph building (``tf.function``, ``Graph.as_default``) is
  ``Context._mode(GRAPH_MODE)``, counted, and
  ``tf.compat.v1.disable_eager_execution`` sets the context module's
  ``default_execution_mode`` (watched on the module): what
  ``executing_eagerly()`` answers;
* PyTorch: ``torch.compiler.is_compiling()`` is the module's
  ``_is_compiling_flag`` (watched on the module: export sets it), and
  Dynamo, which traces the guard's bytecode, reads the guard module there
  whatever the global holds (torch_backend's hook of its global reads).

A framework whose entries cannot be watched (another version, a broken
install) leaves the guards asking on every call, as before.
"""

import sys

_GRAPH_MODE = 0  # tensorflow.python.eager.context.GRAPH_MODE


def hook(name, entered, left, set_flag):
    """Watches the trace entries of the framework ``name`` ('jax',
    'tensorflow', 'torch'); ``entered(source)``/``left(source)`` count open
    traces, ``set_flag(source, on)`` sets a standing one. True when done."""
    try:
        if name == "jax":
            return _hook_jax(entered, left)
        if name == "tensorflow":
            return _hook_tensorflow(entered, left, set_flag)
        if name == "torch":
            return _hook_torch(set_flag)
    except (ImportError, AttributeError, TypeError):
        pass
    return False


def _hook_jax(entered, left):
    core = sys.modules.get("jax._src.core")
    if core is None:
        return False
    manager = core.SetCurrentTraceContextManager
    context = type(core.trace_ctx)
    if getattr(manager, "_agc_watched", False):
        return True
    eval_trace = core.eval_trace
    top_axis_env = core.top_axis_env
    enter, exit_ = manager.__enter__, manager.__exit__
    set_axis_env = context.set_axis_env

    def __enter__(self):
        if self.trace is not eval_trace:
            entered("jax")
        try:
            return enter(self)
        except BaseException:
            if self.trace is not eval_trace:
                left("jax")
            raise

    def __exit__(self, *exc_info):
        try:
            return exit_(self, *exc_info)
        finally:
            if self.trace is not eval_trace:
                left("jax")

    import threading
    axis = threading.local()

    def watched_set_axis_env(self, axis_env):
        inside = axis_env is not top_axis_env
        was = getattr(axis, "inside", False)
        if inside and not was:
            entered("jax axis")
        try:
            set_axis_env(self, axis_env)
        finally:
            if was != inside:
                axis.inside = inside
                if was:
                    left("jax axis")

    if not core.trace_ctx.is_top_level():
        entered("jax")  # agc_runtime is imported inside a trace: for good
    manager.__enter__ = __enter__
    manager.__exit__ = __exit__
    context.set_axis_env = watched_set_axis_env
    manager._agc_watched = True
    return True


def _hook_tensorflow(entered, left, set_flag):
    context = sys.modules.get("tensorflow.python.eager.context")
    if context is None:
        return False
    cls = context.Context
    if getattr(cls, "_agc_watched", False):
        return True
    mode = cls._mode
    graph_mode = context.GRAPH_MODE
    eager_mode = context.EAGER_MODE
    from contextlib import contextmanager

    @contextmanager
    def _mode(self, mode_):
        graph = mode_ == graph_mode
        if graph:
            entered("tensorflow")
        try:
            with mode(self, mode_):
                yield
        finally:
            if graph:
                left("tensorflow")

    _watch_module_attribute(
        context, "default_execution_mode",
        lambda value: set_flag("tensorflow default", value != eager_mode))
    set_flag("tensorflow default",
             context.default_execution_mode != eager_mode)
    if not context.executing_eagerly():
        entered("tensorflow")  # imported while building a graph: for good
    cls._mode = _mode
    cls._agc_watched = True
    return True


def _hook_torch(set_flag):
    compiler = sys.modules.get("torch.compiler")
    backend = sys.modules.get("agc_runtime.torch_backend")
    if compiler is None or backend is None or (
            not backend._guard_global_hooked):
        return False  # Dynamo reads the global itself: not watched
    if not hasattr(compiler, "_is_compiling_flag"):
        return False
    _watch_module_attribute(
        compiler, "_is_compiling_flag",
        lambda value: set_flag("torch", bool(value)))
    set_flag("torch", bool(compiler._is_compiling_flag))
    return True


def _watch_module_attribute(module, name, then):
    """Calls ``then(value)`` after each ``module.name = value`` made from
    outside the module (its own ``global`` statements write its dict)."""
    cls = type(module)
    watched = getattr(cls, "_agc_watched_attributes", None)
    if watched is None:
        base = cls

        class Watched(base):
            _agc_watched_attributes = {}

            def __setattr__(self, attr, value):
                base.__setattr__(self, attr, value)
                then_ = type(self)._agc_watched_attributes.get(attr)
                if then_ is not None:
                    then_(value)

        Watched.__name__ = Watched.__qualname__ = cls.__name__
        module.__class__ = Watched
        watched = Watched._agc_watched_attributes
    watched[name] = then
