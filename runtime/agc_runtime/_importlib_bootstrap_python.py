"""The python backend: every operator with plain Python semantics.

This is the default backend. Converted code run through it must behave
exactly like the original: same results, same exceptions (type and message),
same output and side effects, in the same order. Each operator is therefore
the smallest function that performs the Python construct it stands for, and
adds one frame (plus the body function the protocol requires).

Staging without configuration: each operator looks at the value that decides
it (the condition, the iterable, the loop test's result, the first operand,
the list, a builtin's arguments). A value whose type comes from a staging
framework listed in ``STAGING_FRAMEWORKS`` (a TensorFlow tensor, dataset,
TensorArray, ...) while that framework is tracing (inside ``tf.function``)
hands the whole statement to the framework's operators; every other value
keeps plain Python semantics. See "Staging without configuration" in the
runtime's README.

Why this file has a strange name: CPython's ``warnings.warn`` skips, when it
counts ``stacklevel``, every frame whose code file name contains both
"importlib" and "_bootstrap" (that is how importlib hides its own frames).
Naming the operator modules ``_importlib_bootstrap_*`` makes
``warnings.warn(msg, stacklevel=2)`` in a function called through
``converted_call`` point at the user's line, not into the runtime. Keep every
operator that calls user code in a file named this way. A ``warnings.warn``
or ``sys._getframe`` that converted code itself calls goes through
``call_with_original_frames``, which counts the original program's calls.
"""

import builtins as _builtins
import sys

# C accelerators: CPython's own tests block them (sys.modules[name] = None)
# to test the pure-Python modules; the runtime must still import then.
try:
    import _warnings
except ImportError:
    _warnings = None

from .core import UNDEFINED_TYPES, FunctionScope, Undefined

# The runtime's own calls to builtins (len, type, ...) see the builtins as
# they were when it was imported: a program that replaces builtins.len, say
# with an lru_cache-wrapped (converted) len, must not send the runtime's
# converted_call into its own wrapper. Functions take their builtins from
# this name when they are defined.
__builtins__ = dict(_builtins.__dict__)

_getframe = sys._getframe
# Python 3.12's sys._getframemodulename (enum's and dataclasses' functional
# APIs name the caller's module with it); a value no function is before.
_getframemodulename = getattr(sys, "_getframemodulename", _getframe)
_warn = getattr(_warnings, "warn", None)
_warn_explicit = getattr(_warnings, "warn_explicit", None)
_BuiltinFunction = type(len)
_RUNTIME_DIR = __file__.rsplit("/", 1)[0].rsplit("\\", 1)[0]


# ---------------------------------------------------------------------------
# Staging frameworks
# ---------------------------------------------------------------------------

# The frameworks whose values stage, one line each: the top-level module of
# the values' types, the agc_runtime module that stages them, and whether
# the framework stages everything while it traces ("scoped": TensorFlow
# building a graph; the operators without a deciding value, ``new_list`` and
# the first test of a while loop, ask ``tracing()``) or only its own values
# do (JAX: a tracer says it is traced). The agc_runtime module
# is imported the first time a value of the framework reaches an operator
# (so the framework is already imported) and provides ``staging()``, an
# object with
#
#   active()  does a value of the framework stage now? (TensorFlow: is it
#             building a graph; JAX: always, its values say it themselves)
#   types     agc_runtime's own types that it stages (JAX: a range with a
#             traced bound), or ()
#   stages(cls)  optional: whether values of cls, a type of the framework's
#             package, are the framework's to stage (PyTorch: tensors; an
#             ``nn.ModuleList`` or a ``torch.Size`` is a Python iterable);
#             without it, every type of the package is
#
# and the operators it stages (see tf_backend.Staging, jax_backend.Staging).
STAGING_FRAMEWORKS = (
    ("tensorflow", "tf_backend", True),
    ("jax", "jax_backend", False),
    ("torch", "torch_backend", False),
)
_FRAMEWORK_MODULES = {prefix: module
                      for prefix, module, _ in STAGING_FRAMEWORKS}
_SCOPED_FRAMEWORKS = tuple((prefix, module)
                           for prefix, module, scoped in STAGING_FRAMEWORKS
                           if scoped)
_stagings = {}  # agc_runtime module name -> its staging object


def _staging_of_module(module_name):
    staging = _stagings.get(module_name)
    if staging is None:
        package = __name__.rpartition(".")[0]
        module = __import__(package + "." + module_name, fromlist=("_",))
        staging = _stagings[module_name] = module.staging()
        for cls in staging.types:
            _OWN_TYPES[cls] = staging
            _staging_by_type[cls] = staging
    return staging


class _StagingByType(dict):
    """type -> the staging object of its framework, or None (plain Python).

    One dict lookup per decision; a type not seen before is classified by
    its module's top-level package.
    """

    __slots__ = ()

    def __missing__(self, cls):
        module = getattr(cls, "__module__", None)
        top = module.partition(".")[0] if type(module) is str else ""
        framework = _FRAMEWORK_MODULES.get(top)
        staging = None if framework is None else _staging_of_module(framework)
        if staging is not None and cls not in _OWN_TYPES:
            stages = getattr(staging, "stages", None)
            if stages is not None and not stages(cls):
                staging = None
        if len(self) > 4096:  # types made at run time: keep the cache small
            self.clear()
            self.update(_PLAIN_TYPES)
            self.update(_OWN_TYPES)
        self[cls] = staging
        return staging


_PLAIN_TYPES = {t: None for t in (bool, int, float, complex, str, bytes,
                                  type(None), list, tuple, dict, set, range)}
_OWN_TYPES = {}  # a staging's own types (``types``) -> the staging
_staging_by_type = _StagingByType(_PLAIN_TYPES)


def staging_for(value):
    """The staging object that takes over for value now, or None."""
    staging = _staging_by_type[type(value)]
    if staging is not None and staging.active():
        return staging
    return None


def tracing():
    """The staging object of a scoped framework that is tracing now, or None.

    For operators that have no value to look at (``new_list``).
    """
    modules = sys.modules
    for prefix, module_name in _SCOPED_FRAMEWORKS:
        if prefix in modules:
            staging = _staging_of_module(module_name)
            if staging.active():
                return staging
    return None


def framework_tracers():
    """(tracers, settled): the ``tracing()`` of the staging of each framework
    imported (TensorFlow builds a graph, JAX traces with jit, vmap, grad...),
    which the entry guard of a converted function's original code asks (see
    ``agc_runtime.tracing``). A framework whose staging cannot load (a broken
    install) does not trace; ``settled`` is False while one is still being
    imported (ask again later)."""
    modules = sys.modules
    tracers = []
    settled = True
    for prefix, module_name, _ in STAGING_FRAMEWORKS:
        module = modules.get(prefix)
        if module is None:
            continue
        try:
            staging = _staging_of_module(module_name)
        except ImportError:
            spec = getattr(module, "__spec__", None)
            if getattr(spec, "_initializing", False):
                settled = False
            continue
        tracers.append(staging.tracing)
    return tracers, settled


# ---------------------------------------------------------------------------
# Control flow
# ---------------------------------------------------------------------------


def _keeps_nonlocal_form(staging, kind, symbol_names, nonlocal_reason, body):
    """A statement of functional output that kept the nonlocal form
    (``nonlocal_reason``: why, as agc's AGC108 says it) meets a staging
    value: a staging that refuses that form (PyTorch's) raises its error
    naming the statement (where ``body``, one of its helpers, was written)
    and the reason now."""
    refuse = getattr(staging, "refuse_nonlocal_form", None)
    if refuse is not None:
        refuse(kind, symbol_names, nonlocal_reason, body)


def if_stmt(cond, body, orelse, get_state, set_state, symbol_names, nouts,
            nonlocal_reason=None):
    """``if cond: body() else: orelse()``.

    nonlocal_reason: in functional output (``agc convert``'s default), why
    this statement kept the get_state/set_state form.
    """
    staging = _staging_by_type[type(cond)]
    if staging is not None and staging.active():
        if nonlocal_reason is not None:
            _keeps_nonlocal_form(staging, "if statement", symbol_names,
                                 nonlocal_reason, body)
        return staging.if_stmt(cond, body, orelse, get_state, set_state,
                               symbol_names, nouts)
    if cond:
        body()
    else:
        orelse()


def _loop_goes_on(kind, result, loop, nonlocal_reason=None):
    """The truth of a Python loop's test that is not a plain bool.

    A staged value here means the loop started as a Python loop and its test
    became staged (a loop variable changed type, or a break depends on a
    staged condition). The framework decides: TensorFlow raises its own
    error; JAX stages the rest of the loop (``loop``: for a while loop
    ``(test, body, get_state, set_state, symbol_names, opts)``, for a for
    loop the same with the iterator and extra_test in place of the test)
    and answers False, as the loop is then done.
    """
    staging = _staging_by_type[type(result)]
    if staging is not None and staging.active():
        if nonlocal_reason is not None:
            _keeps_nonlocal_form(staging, kind + " loop", loop[-2],
                                 nonlocal_reason,
                                 loop[1 if kind == "while" else 2])
        return staging.python_loop_test(kind, result, loop)
    return bool(result)


def _loop_goes_on_fn(kind, result, loop):
    """_loop_goes_on for a loop of the functional form: ``loop`` is
    ``(test, body, box, symbol_names, opts)`` for a while loop and
    ``(iterator, extra_test, body, box, symbol_names, opts, iterable,
    last)`` for a for loop: the box holds the current state, ``last`` is
    the element the iterator gave last (``_NO_TARGET`` before the first). A
    staging with functional operators of its own (PyTorch's) takes it as it
    is (``python_loop_test_fn``), and sets ``box.state`` if it stages the
    rest of the loop; the others get the get_state/set_state form."""
    staging = _staging_by_type[type(result)]
    if staging is None or not staging.active():
        return bool(result)
    own = getattr(staging, "python_loop_test_fn", None)
    if own is not None:
        return own(kind, result, loop)
    if kind == "while":
        test, body, box, symbol_names, opts = loop
        loop = (box.test(test), box.body(body), box.get, box.set,
                symbol_names, _stateful_opts(opts))
    else:
        iterator, extra_test, body, box, symbol_names, opts = loop[:6]
        loop = (iterator, box.test(extra_test), box.for_body(body), box.get,
                box.set, symbol_names, _stateful_opts(opts))
    return staging.python_loop_test(kind, result, loop)


def _stateful_opts(opts):
    """A functional loop's opts for the get_state/set_state operators:
    without 'operand_only' (the loop's variables it uses only by value),
    which only the functional form has (TensorFlow's while_loop would take
    it for an argument of its own)."""
    if opts and "operand_only" in opts:
        return {k: v for k, v in opts.items() if k != "operand_only"}
    return opts


def while_stmt(test, body, get_state, set_state, symbol_names, opts,
               nonlocal_reason=None):
    """``while test(): body()`` -- the test runs once per iteration."""
    tracer = tracing()
    if tracer is None:
        result = test()
    else:
        # While a framework traces, the first test runs apart from the graph
        # being built (as TensorFlow's own while_stmt does), so a staged
        # loop, which evaluates the test again in its own loop, leaves no
        # stray operations behind.
        result = tracer.isolated(test)
    staging = _staging_by_type[type(result)]
    if staging is not None and staging.active():
        if nonlocal_reason is not None:
            _keeps_nonlocal_form(staging, "while loop", symbol_names,
                                 nonlocal_reason, body)
        return staging.while_stmt(test, body, get_state, set_state,
                                  symbol_names, opts)
    while result is True or (result is not False and _loop_goes_on(
            "while", result,
            (test, body, get_state, set_state, symbol_names, opts),
            nonlocal_reason)):
        body()
        result = test()


def for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names,
             opts, nonlocal_reason=None):
    """``for target in iter_: body(target)``.

    extra_test (None, or a thunk that is false once the loop ``break``s) is
    checked before each next element is fetched, so a break never pulls one
    more item out of an iterator.
    """
    staging = _staging_by_type[type(iter_)]
    if staging is not None and staging.active():
        if nonlocal_reason is not None:
            _keeps_nonlocal_form(staging, "for loop", symbol_names,
                                 nonlocal_reason, body)
        return staging.for_stmt(iter_, extra_test, body, get_state, set_state,
                                symbol_names, opts)
    if extra_test is None:
        for target in iter_:
            body(target)
        return
    iterator = iter(iter_)
    go_on = extra_test()
    if go_on is not True and (go_on is False or not _loop_goes_on(
            "for", go_on, (iterator, extra_test, body, get_state, set_state,
                           symbol_names, opts), nonlocal_reason)):
        return
    for target in iterator:
        body(target)
        go_on = extra_test()
        if go_on is not True and (go_on is False or not _loop_goes_on(
                "for", go_on, (iterator, extra_test, body, get_state,
                               set_state, symbol_names, opts),
                nonlocal_reason)):
            break


# ---------------------------------------------------------------------------
# Control flow, functional form (``agc convert --control-flow functional``)
# ---------------------------------------------------------------------------
#
# The same statements with bodies that take the state in and return it, and
# assign nothing of the enclosing function (PyTorch's higher-order ops refuse
# bodies that do):
#
#   y, x = ag__.if_stmt_fn(cond, if_body, else_body, (y, x), ('y', 'x'), 1)
#   i, = ag__.while_stmt_fn(loop_test, loop_body, (i,), ('i',), {})
#   j, = ag__.for_stmt_fn(iter_, extra_test, loop_body, (j,), ('j',), opts)
#
# with ``if_body(y, x) -> (y, x)``, ``loop_test(i) -> bool``,
# ``loop_body(i) -> (i,)``, ``extra_test(j) -> bool`` and, for a for loop,
# ``loop_body(itr, j) -> (j,)``. Each returns the state after the statement.
# A framework whose staging has no operators of this form (TensorFlow's,
# JAX's, agc's staged backend) runs these through its get_state/set_state
# operators (``functional_form``); one that needs them (PyTorch's) has its own.


def else_first(body):
    """Whether an if_stmt_fn's first body is the source's else branch: agc
    writes ``if not c:`` as ``if_stmt_fn(c, else_body, if_body, ...)`` (no
    negation to stage), and names its helpers so."""
    return getattr(body, "__name__", "").startswith("else_body")


def if_stmt_fn(cond, body, orelse, state, symbol_names, nouts):
    """``body(*state) if cond else orelse(*state)``."""
    staging = _staging_by_type[type(cond)]
    if staging is not None and staging.active():
        return _functional(staging).if_stmt_fn(
            cond, body, orelse, state, symbol_names, nouts)
    if cond:
        return body(*state)
    return orelse(*state)


def while_stmt_fn(test, body, state, symbol_names, opts):
    """``while test(*state): state = body(*state)``; the test runs once per
    iteration."""
    tracer = tracing()
    if tracer is None:
        result = test(*state)
    else:
        result = tracer.isolated(lambda: test(*state))
    staging = _staging_by_type[type(result)]
    if staging is not None and staging.active():
        return _functional(staging).while_stmt_fn(
            test, body, state, symbol_names, opts)
    box = _Box(state)
    while result is True or (result is not False and _loop_goes_on_fn(
            "while", result, (test, body, box, symbol_names, opts))):
        box.state = body(*box.state)
        result = test(*box.state)
    return box.state


def for_stmt_fn(iter_, extra_test, body, state, symbol_names, opts):
    """``for target in iter_: state = body(target, *state)``, checking
    ``extra_test(*state)`` before fetching each next element."""
    staging = _staging_by_type[type(iter_)]
    if staging is not None and staging.active():
        return _functional(staging).for_stmt_fn(
            iter_, extra_test, body, state, symbol_names, opts)
    if extra_test is None:
        for target in iter_:
            state = body(target, *state)
        return state
    box = _Box(state)
    iterator = iter(iter_)
    go_on = extra_test(*state)
    if go_on is not True and (go_on is False or not _loop_goes_on_fn(
            "for", go_on, (iterator, extra_test, body, box, symbol_names,
                           opts, iter_, _NO_TARGET))):
        return box.state
    for target in iterator:
        box.state = body(target, *box.state)
        go_on = extra_test(*box.state)
        if go_on is not True and (go_on is False or not _loop_goes_on_fn(
                "for", go_on, (iterator, extra_test, body, box, symbol_names,
                               opts, iter_, target))):
            break
    return box.state


_NO_TARGET = object()


class _Box:
    """The state of a functional statement run through get_state/set_state
    operators: ``get``/``set`` read and replace it, and ``test``, ``body``
    and ``for_body`` make the thunks of that form from functional ones."""

    __slots__ = ("state",)

    def __init__(self, state):
        self.state = tuple(state)

    def get(self):
        return self.state

    def set(self, state):
        self.state = tuple(state)

    def test(self, test):
        return lambda: test(*self.state)

    def body(self, body):
        def run():
            self.state = tuple(body(*self.state))
        return run

    def for_body(self, body):
        def run(target):
            self.state = tuple(body(target, *self.state))
        return run


class _FunctionalForm:
    """The functional operators on top of a get_state/set_state backend's
    (a staging object's, or a backend table's ``if_stmt``, ``while_stmt``,
    ``for_stmt``)."""

    __slots__ = ("ops",)

    def __init__(self, ops):
        self.ops = ops

    def if_stmt_fn(self, cond, body, orelse, state, symbol_names, nouts):
        if else_first(body):
            # The get_state/set_state operators name the branches in their
            # messages: give them in the source's order.
            cond, body, orelse = self.ops.not_(cond), orelse, body
        box = _Box(state)
        self.ops.if_stmt(cond, box.body(body), box.body(orelse), box.get,
                         box.set, symbol_names, nouts)
        return box.state

    def while_stmt_fn(self, test, body, state, symbol_names, opts):
        box = _Box(state)
        self.ops.while_stmt(box.test(test), box.body(body), box.get, box.set,
                            symbol_names, _stateful_opts(opts))
        return box.state

    def for_stmt_fn(self, iter_, extra_test, body, state, symbol_names,
                    opts):
        box = _Box(state)
        self.ops.for_stmt(
            iter_, None if extra_test is None else box.test(extra_test),
            box.for_body(body), box.get, box.set, symbol_names,
            _stateful_opts(opts))
        return box.state


class _Table:
    """A backend table (name -> operator) seen as an object with the
    get_state/set_state operators (and ``not_``) as attributes."""

    __slots__ = ("if_stmt", "while_stmt", "for_stmt", "not_")

    def __init__(self, table):
        self.if_stmt = table["if_stmt"]
        self.while_stmt = table["while_stmt"]
        self.for_stmt = table["for_stmt"]
        self.not_ = table["not_"]


def _functional(staging):
    """A staging object's functional operators: its own (``if_stmt_fn``...)
    when it has them, else its get_state/set_state ones adapted."""
    if getattr(staging, "if_stmt_fn", None) is not None:
        return staging
    return _FunctionalForm(staging)


def functional_form(table):
    """The functional operators for a backend table whose ``if_stmt``,
    ``while_stmt`` and ``for_stmt`` take get_state/set_state (the staged
    backend, ``use("tf")``): a dict to update the table with."""
    form = _FunctionalForm(_Table(table))
    return {"if_stmt_fn": form.if_stmt_fn, "while_stmt_fn": form.while_stmt_fn,
            "for_stmt_fn": form.for_stmt_fn}


# ---------------------------------------------------------------------------
# Expressions
# ---------------------------------------------------------------------------


def if_exp(cond, if_true, if_false, expr_repr):
    """``if_true() if cond else if_false()``."""
    staging = _staging_by_type[type(cond)]
    if staging is not None and staging.active():
        return staging.if_exp(cond, if_true, if_false, expr_repr)
    return if_true() if cond else if_false()


def and_(a, b):
    """``a() and b()``: lazy, returns the deciding operand."""
    value = a()
    staging = _staging_by_type[type(value)]
    if staging is not None and staging.active():
        return staging.and_(value, b)
    return value and b()


def or_(a, b):
    """``a() or b()``: lazy, returns the deciding operand."""
    value = a()
    staging = _staging_by_type[type(value)]
    if staging is not None and staging.active():
        return staging.or_(value, b)
    return value or b()


def not_(a):
    staging = _staging_by_type[type(a)]
    if staging is not None and staging.active():
        return staging.not_(a)
    return not a


def eq(a, b):
    staging = staging_for(a) or staging_for(b)
    if staging is not None:
        return staging.eq(a, b)
    return a == b


def not_eq(a, b):
    staging = staging_for(a) or staging_for(b)
    if staging is not None:
        return staging.not_eq(a, b)
    return a != b


# ---------------------------------------------------------------------------
# Variables
# ---------------------------------------------------------------------------


def ld(v):
    """Reads a symbol; an Undefined raises Python's UnboundLocalError."""
    if type(v) is Undefined:
        v.read()
    return v


def ld_free(v):
    """Reads a free variable (in a nested function, lambda, class body or
    generator expression); an Undefined raises Python's NameError for an
    unbound free variable."""
    if type(v) in UNDEFINED_TYPES:
        raise NameError(_FREE_UNBOUND % v.symbol_name)
    return v


def ld_comp(v):
    """Reads a variable of the enclosing function in a list, set or dict
    comprehension; an Undefined raises what Python raises there: NameError
    for an unbound free variable, or UnboundLocalError from Python 3.12, which
    inlines comprehensions (PEP 709)."""
    if type(v) in UNDEFINED_TYPES:
        if _INLINED_COMPREHENSIONS:
            raise UnboundLocalError(_LOCAL_UNBOUND % v.symbol_name)
        raise NameError(_FREE_UNBOUND % v.symbol_name)
    return v


_FREE_UNBOUND = ("cannot access free variable '%s' where it is not "
                 "associated with a value in enclosing scope")
_LOCAL_UNBOUND = ("cannot access local variable '%s' where it is not "
                  "associated with a value")
_INLINED_COMPREHENSIONS = sys.version_info >= (3, 12)


def ldu(load_v, name):
    """Reads a symbol that may be undefined (e.g. ``d['a']``, ``self.x``)."""
    try:
        return load_v()
    except (KeyError, AttributeError, NameError):
        return Undefined(name)


# ---------------------------------------------------------------------------
# Calls
# ---------------------------------------------------------------------------

# Builtins whose result depends on the frame that calls them. Called through
# converted_call they would see the runtime's frame; they are re-run in the
# context of the converted function instead.
_CONTEXT_BUILTINS = frozenset(("eval", "exec", "globals", "locals", "vars",
                               "dir"))

# Builtins a staging framework may overload (TensorFlow: ``range`` becomes
# ``tf.range``, ``len`` the static or dynamic length, ``int`` a cast...):
# called with a staged argument, they go to the framework. ``print`` is not
# among them: it prints at trace time, as under TensorFlow's own AutoGraph
# (whose BUILTIN_FUNCTIONS feature is off in ``STD``); ``tf.print`` prints
# when the graph runs. ``print`` is handed over too, for JAX: a traced value
# prints when the compiled code runs (jax.debug.callback); TensorFlow's
# staging prints at trace time.
_OVERLOADABLE_BUILTINS = frozenset((
    abs, all, any, enumerate, filter, float, int, len, map, max, min, next,
    print, range, sorted, zip))


def _staged_argument(args):
    for arg in args:
        staging = _staging_by_type[type(arg)]
        if staging is not None and staging.active():
            return staging
    return None


def converted_call(f, args, kwargs, caller_fn_scope=None, options=None):
    """Calls ``f(*args, **kwargs)`` exactly as the original call did.

    The common shapes use plain calls (no ``*args`` unpacking), which CPython
    3.11 runs without growing the C stack.
    """
    if type(f) is _BuiltinFunction:
        if f.__self__ is _builtins and f.__name__ in _CONTEXT_BUILTINS:
            return call_in_original_context(f, args, kwargs, caller_fn_scope)
        if f is _warn or f is _getframe or f is _getframemodulename:
            return call_with_original_frames(f, args, kwargs)
        if f in _OVERLOADABLE_BUILTINS:
            staging = _staged_argument(args)
            if staging is not None:
                return staging.call_builtin(f, args, kwargs)
    elif f is super:
        return call_in_original_context(f, args, kwargs, caller_fn_scope)
    elif type(f) is type and f in _OVERLOADABLE_BUILTINS:
        staging = _staged_argument(args)
        if staging is not None:
            return staging.call_builtin(f, args, kwargs)
    if kwargs is None:
        n = len(args)
        if n == 1:
            return f(args[0])
        if n == 2:
            return f(args[0], args[1])
        if n == 0:
            return f()
        if n == 3:
            return f(args[0], args[1], args[2])
        return f(*args)
    return f(*args, **kwargs)


def with_function_scope(thunk, scope_name, options):
    """Runs ``thunk(scope)`` inside a fresh FunctionScope (used by lambdas)."""
    with FunctionScope("lambda_", scope_name, options) as scope:
        return thunk(scope)


def _is_runtime_frame(frame):
    return frame.f_code.co_filename.startswith(_RUNTIME_DIR)


def _original_frames(scope):
    """Frames of the converted function that owns ``scope``, innermost first.

    Walks up from the caller of the runtime; a frame belongs to the function
    when the scope object is one of its locals or free variables (the helper
    functions for bodies close over it). Runtime frames in between are
    skipped; the first other frame ends the walk.
    """
    frames = []
    frame = _getframe(1)
    while frame is not None and _is_runtime_frame(frame):
        frame = frame.f_back
    while frame is not None:
        if _is_runtime_frame(frame):
            frame = frame.f_back
            continue
        if scope is None:
            frames.append(frame)
            break
        found = False
        for value in frame.f_locals.values():
            if value is scope:
                found = True
                break
        if not found:
            if not frames:
                frames.append(frame)
            break
        frames.append(frame)
        frame = frame.f_back
    return frames


def call_in_original_context(f, args, kwargs, scope):
    """Runs a frame-dependent builtin as if called by the original function.

    ``globals()``, ``locals()``, ``vars()``, ``dir()``, ``eval(src)``,
    ``exec(src)`` and zero-argument ``super()`` look at their caller's frame.
    The locals seen are those of the converted function merged with those of
    the body helpers it is executing (innermost wins), which is the closest
    approximation of the original function's locals; helper names such as
    ``fscope`` are visible too.
    """
    frames = _original_frames(scope)
    kwargs = kwargs or {}
    if not frames:
        return f(*args, **kwargs)
    innermost, outermost = frames[0], frames[-1]
    name = f.__name__
    if f is super:
        if args or kwargs:
            return f(*args, **kwargs)
        code = outermost.f_code
        local_vars = outermost.f_locals
        if "__class__" not in local_vars:
            raise RuntimeError("super(): __class__ cell not found")
        if code.co_argcount == 0 and not code.co_flags & 0x04:  # VARARGS
            raise RuntimeError("super(): no arguments")
        self_arg = local_vars.get(code.co_varnames[0], _MISSING)
        if self_arg is _MISSING:
            raise RuntimeError("super(): arg[0] deleted")
        return f(local_vars["__class__"], self_arg)
    if name == "globals" and not args and not kwargs:
        return innermost.f_globals
    merged = {}
    for frame in reversed(frames):
        merged.update(frame.f_locals)
    if name in ("locals", "vars", "dir") and not args and not kwargs:
        if name == "dir":
            return sorted(merged)
        return merged
    if name in ("eval", "exec") and 1 <= len(args) <= 3 and not kwargs:
        # Omitted or None globals/locals mean the caller's, as in Python.
        given_globals = args[1] if len(args) > 1 else None
        given_locals = args[2] if len(args) > 2 else None
        if given_globals is None:
            use_globals = innermost.f_globals
            use_locals = merged if given_locals is None else given_locals
        else:
            use_globals = given_globals
            use_locals = given_globals if given_locals is None else given_locals
        return f(args[0], use_globals, use_locals)
    return f(*args, **kwargs)


_MISSING = object()


def _is_importlib_frame(frame):
    # What warnings.warn counts as an interpreter-internal frame.
    filename = frame.f_code.co_filename
    return "importlib" in filename and "_bootstrap" in filename


def _scope_of(frame):
    for value in frame.f_locals.values():
        if type(value) is FunctionScope:
            return value
    return None


def _original_stack(frame, skip_importlib):
    """The activations of the original program from ``frame`` up.

    Yields ``(current, own)`` per function call of the original program,
    innermost first: ``own`` is the function's frame, ``current`` the frame
    executing in it (a body helper of a converted function, or ``own``).
    Runtime frames are skipped (and importlib's, when ``skip_importlib``);
    consecutive frames sharing a FunctionScope are one activation.
    """
    while frame is not None:
        if _is_runtime_frame(frame) or (skip_importlib and
                                        _is_importlib_frame(frame)):
            frame = frame.f_back
            continue
        current = own = frame
        scope = _scope_of(frame)
        frame = frame.f_back
        while scope is not None and frame is not None:
            if _is_runtime_frame(frame):
                frame = frame.f_back
            elif _scope_of(frame) is scope:
                own = frame
                frame = frame.f_back
            else:
                break
        # A twin called by its eager original's guard: the original's frame
        # is the same call of the original program.
        if frame is not None and GUARD_CODES.get(own.f_code) is frame.f_code:
            frame = frame.f_back
        yield current, own


# The code of each converted twin -> the code of its eager original (whose
# entry guard calls it), filled by agc_runtime.twin_of.
GUARD_CODES = {}


def _index(value):
    """operator.index without the _operator module."""
    if type(value) is int:
        return value
    method = getattr(type(value), "__index__", None)
    if method is None:
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(value).__name__)
    result = method(value)
    if not isinstance(result, int):
        raise TypeError("__index__ returned non-int (type %s)"
                        % type(result).__name__)
    return result


# Where warnings.warn puts a warning whose stacklevel is above the stack:
# "sys", line 1, before Python 3.13; "<sys>", line 0, from 3.13.
_SHALLOW_WARNING = ("<sys>", 0) if sys.version_info >= (3, 13) else ("sys", 1)


def _getframemodulename_depth(depth=0):
    return depth


def _warn_arguments(message, category=None, stacklevel=1, source=None):
    return message, category, stacklevel, source


def call_with_original_frames(f, args, kwargs):
    """``sys._getframe`` / ``sys._getframemodulename`` / ``warnings.warn``
    counting the original frames.

    Called through converted_call, they would count the runtime's frames and
    the body helpers of converted functions: ``sys._getframe(1)`` would be
    the runtime, and a warning with the default stacklevel would point into
    it. Here depth and stacklevel count the original program's function
    calls. Invalid arguments go to the builtin itself, for its own error.
    """
    kwargs = kwargs or {}
    start = _getframe(1)
    if f is _getframemodulename and f is not _getframe:
        # As CPython's: the module of the function `depth` calls up, or
        # None past the outermost frame.
        try:
            depth = _index(_getframemodulename_depth(*args, **kwargs))
        except TypeError:
            return f(*args, **kwargs)
        for level, (_, own) in enumerate(_original_stack(start, False)):
            if level >= depth:
                return own.f_globals.get("__name__")
        return None
    if f is _getframe:
        if kwargs or len(args) > 1:
            return f(*args, **kwargs)
        try:
            depth = _index(args[0]) if args else 0
        except TypeError:
            return f(*args)
        for level, (_, own) in enumerate(_original_stack(start, False)):
            if level >= depth:
                return own
        raise ValueError("call stack is not deep enough")
    # warnings.warn, as CPython's: category from the message, validated;
    # stacklevel 1 is the caller, each level above skips importlib's frames.
    try:
        message, category, stacklevel, source = _warn_arguments(*args,
                                                                **kwargs)
        stacklevel = _index(stacklevel)
    except TypeError:
        return f(*args, **kwargs)
    if isinstance(message, Warning):
        category = message.__class__
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        return f(*args, **kwargs)
    target = None
    for level, (current, _) in enumerate(_original_stack(start, True)):
        if level >= stacklevel - 1:
            target = current
            break
    if target is None:
        module_globals = sys.__dict__
        filename, lineno = _SHALLOW_WARNING
    else:
        module_globals = target.f_globals
        filename, lineno = target.f_code.co_filename, target.f_lineno
    module = module_globals.get("__name__", "<string>")
    registry = module_globals.setdefault("__warningregistry__", {})
    return _warn_explicit(message, category, filename, lineno, module,
                          registry, module_globals, source)


# ---------------------------------------------------------------------------
# Exceptions, lists, slices
# ---------------------------------------------------------------------------


def assert_stmt(expression1, expression2):
    """``assert expression1, expression2()``; expression2 None: no message.

    Disabled under ``python -O`` like the statement itself.
    """
    staging = _staging_by_type[type(expression1)]
    if staging is not None and staging.active():
        return staging.assert_stmt(expression1, expression2)
    if expression2 is None:
        assert expression1
    else:
        assert expression1, expression2()


def new_list(iterable=None):
    """``[...]`` (lists pass). While a framework traces, its own list: an
    empty one may become a staged list (TensorFlow's TensorList)."""
    staging = tracing()
    if staging is not None:
        return staging.new_list(iterable)
    if iterable is None:
        return []
    return list(iterable)


def list_append(list_, x):
    staging = _staging_by_type[type(list_)]
    if staging is not None and staging.active():
        return staging.list_append(list_, x)
    list_.append(x)
    return list_


def list_pop(list_, i, opts=None):
    staging = _staging_by_type[type(list_)]
    if staging is not None and staging.active():
        return staging.list_pop(list_, i, opts)
    if i is None:
        x = list_.pop()
    else:
        x = list_.pop(i)
    return list_, x


def list_stack(list_, opts):
    staging = _staging_by_type[type(list_)]
    if staging is not None and staging.active():
        return staging.list_stack(list_, opts)
    return opts.original_call(list_)


def get_item(target, i, opts=None):
    staging = _staging_by_type[type(target)]
    if staging is not None and staging.active():
        return staging.get_item(target, i, opts)
    return target[i]


def set_item(target, i, x):
    staging = _staging_by_type[type(target)]
    if staging is not None and staging.active():
        return staging.set_item(target, i, x)
    target[i] = x
    return target


# ---------------------------------------------------------------------------
# Builtin overloads: on this backend, the builtins themselves (so every
# rejected call is rejected with Python's own message).
# ---------------------------------------------------------------------------

print_ = print
len_ = len
range_ = range
int_ = int
float_ = float
abs_ = abs
enumerate_ = enumerate
zip_ = zip
map_ = map
filter_ = filter
any_ = any
all_ = all
sorted_ = sorted


OPERATORS = {
    name: globals()[name] for name in (
        "if_stmt", "while_stmt", "for_stmt", "if_stmt_fn", "while_stmt_fn",
        "for_stmt_fn", "if_exp", "and_", "or_", "not_",
        "eq", "not_eq", "ld", "ld_comp", "ld_free", "ldu", "converted_call",
        "with_function_scope",
        "assert_stmt", "new_list", "list_append", "list_pop", "list_stack",
        "get_item", "set_item", "print_", "len_", "range_", "int_", "float_",
        "abs_", "enumerate_", "zip_", "map_", "filter_", "any_", "all_",
        "sorted_")
}
