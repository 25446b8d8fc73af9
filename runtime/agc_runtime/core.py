"""Backend-independent objects of the agc operator protocol.

Everything here is shared by the python and staged backends: the markers for
undefined symbols and return values, the conversion options that generated
code passes around (``STD``, ``ConversionOptions``, ``Feature``), the function
scope that wraps every converted function body, the "already converted"
marker, the loop/list directives (no-ops at run time) and the small option
records of the list operators.

Import discipline: this module (like the whole package) imports only ``sys``
and ``_thread``, both built into the interpreter. The runtime must stay usable
when the user converts stdlib modules such as ``enum``, ``functools`` or
``collections`` with agc: a runtime that imported them would import the
converted copies, which import the runtime again.
"""

import _thread
import builtins as _builtins
import sys

# The runtime's own calls to builtins (len, type, ...) see the builtins as
# they were when it was imported: a program that replaces builtins.len, say
# with an lru_cache-wrapped (converted) len, must not send the runtime's
# converted_call into its own wrapper. Functions take their builtins from
# this name when they are defined.
__builtins__ = dict(_builtins.__dict__)

# Marks an argument that the caller did not pass (distinct from None).
UNSPECIFIED = type("_Unspecified", (), {"__repr__": lambda self: "UNSPECIFIED",
                                        "__slots__": ()})()


# ---------------------------------------------------------------------------
# Undefined symbols and return values
# ---------------------------------------------------------------------------


class Undefined:
    """Placeholder for a symbol that has no value yet on some path.

    Generated code initialises symbols that may be unbound with
    ``ag__.Undefined('name')`` so that control-flow operators can pass them
    through get_state/set_state. Reading one through ``ld`` raises exactly
    what Python raises for an unbound local.
    """

    __slots__ = ("symbol_name",)

    def __init__(self, symbol_name):
        self.symbol_name = symbol_name

    def read(self):
        raise UnboundLocalError(
            "cannot access local variable '%s' where it is not associated "
            "with a value" % self.symbol_name)

    def __repr__(self):
        return "Undefined(%r)" % (self.symbol_name,)


class UndefinedReturnValue:
    """Initial value of ``retval_``: the function has not returned yet."""

    __slots__ = ()

    def __repr__(self):
        return "UndefinedReturnValue()"


def is_undefined(value):
    return type(value) is Undefined


# Checks FunctionScope.ret runs on a return value when the return flag is
# not plainly True (the JAX staging adds one: see jax_backend).
RETURN_CHECKS = []


def retval(value):
    """Older protocol spelling of ``fscope.ret``: maps no return to None."""
    if type(value) is UndefinedReturnValue:
        return None
    return value


# ---------------------------------------------------------------------------
# Conversion options
# ---------------------------------------------------------------------------


class _FeatureMember:
    __slots__ = ("name", "value")

    def __init__(self, name):
        self.name = name
        self.value = name

    def __repr__(self):
        return "Feature." + self.name

    def __reduce__(self):
        return (getattr, (Feature, self.name))


class Feature:
    """Optional conversion features (the reference's names).

    A plain class rather than an ``enum.Enum`` on purpose (see the module
    docstring): the members are singletons with ``name`` and ``value``.
    """

    ALL = _FeatureMember("ALL")
    AUTO_CONTROL_DEPS = _FeatureMember("AUTO_CONTROL_DEPS")
    ASSERT_STATEMENTS = _FeatureMember("ASSERT_STATEMENTS")
    BUILTIN_FUNCTIONS = _FeatureMember("BUILTIN_FUNCTIONS")
    EQUALITY_OPERATORS = _FeatureMember("EQUALITY_OPERATORS")
    LISTS = _FeatureMember("LISTS")
    NAME_SCOPES = _FeatureMember("NAME_SCOPES")

    _MEMBERS = (ALL, AUTO_CONTROL_DEPS, ASSERT_STATEMENTS, BUILTIN_FUNCTIONS,
                EQUALITY_OPERATORS, LISTS, NAME_SCOPES)

    @classmethod
    def all(cls):
        return cls._MEMBERS

    @classmethod
    def all_but(cls, exclude):
        if not isinstance(exclude, (list, tuple, set, frozenset)):
            exclude = (exclude,)
        return tuple(m for m in cls._MEMBERS
                     if m is not cls.ALL and m not in exclude)


class ConversionOptions:
    """Options a converted function passes to the calls it makes."""

    __slots__ = ("recursive", "user_requested", "internal_convert_user_code",
                 "optional_features", "_callopts")

    def __init__(self, recursive=False, user_requested=False,
                 internal_convert_user_code=True,
                 optional_features=Feature.ALL):
        self.recursive = recursive
        self.user_requested = user_requested
        self.internal_convert_user_code = internal_convert_user_code
        if optional_features is None:
            optional_features = ()
        elif isinstance(optional_features, _FeatureMember):
            optional_features = (optional_features,)
        self.optional_features = frozenset(optional_features)
        self._callopts = None

    def as_tuple(self):
        return (self.recursive, self.user_requested,
                self.internal_convert_user_code, self.optional_features)

    def __eq__(self, other):
        if type(other) is not ConversionOptions:
            return NotImplemented
        return self.as_tuple() == other.as_tuple()

    def __hash__(self):
        return hash(self.as_tuple())

    def __repr__(self):
        return ("ConversionOptions(recursive=%r, user_requested=%r, "
                "internal_convert_user_code=%r, optional_features=%r)"
                % (self.recursive, self.user_requested,
                   self.internal_convert_user_code,
                   tuple(sorted(f.name for f in self.optional_features))))

    def uses(self, feature):
        return (Feature.ALL in self.optional_features
                or feature in self.optional_features)

    def call_options(self):
        """Options for the calls made from a function with these options."""
        opts = self._callopts
        if opts is None:
            opts = ConversionOptions(
                recursive=self.recursive,
                user_requested=False,
                internal_convert_user_code=self.recursive,
                optional_features=self.optional_features)
            self._callopts = opts
        return opts


# The options every converted function is generated with.
STD = ConversionOptions(recursive=True, user_requested=False,
                        internal_convert_user_code=True,
                        optional_features=None)
STANDARD_OPTIONS = STD


# ---------------------------------------------------------------------------
# Recursion-limit allowance
# ---------------------------------------------------------------------------
#
# A converted function adds frames that the original did not have: the
# control-flow operators, the body functions they call and converted_call sit
# between two levels of a recursion (f -> if_stmt -> else_body ->
# converted_call -> f adds 3; an if inside a for loop adds 5). So that
# recursion that worked before conversion still works, each active
# FunctionScope raises the interpreter's recursion limit by FRAME_ALLOWANCE
# while it is active and lowers it again on exit.
#
# Safety: the extra allowance is capped at ALLOWANCE_CAP times the user's own
# limit, so unbounded recursion still ends in RecursionError (a few times
# deeper than before, never by exhausting memory): with the default limit of
# 1000 at most 6000 frames, which CPython 3.11 handles on a default 8 MB
# stack even when every call recurses in C. Python-to-Python calls do not
# consume C stack in CPython 3.11, and converted_call uses plain calls for
# the common argument shapes. The limit is process-wide, so updates are
# serialised with a lock.

FRAME_ALLOWANCE = 5
ALLOWANCE_CAP = 5

_limit_lock = _thread.allocate_lock()
_getlimit = sys.getrecursionlimit
_setlimit = sys.setrecursionlimit
_extra = 0   # how much of the current limit is our allowance
_owed = 0    # allowance released but not yet subtracted (stack was too deep)


def _grow():
    """Raises the limit for one scope; False if it did not (cap, or busy)."""
    global _extra
    # Non-blocking: a signal handler running converted code while this
    # thread holds the lock must not deadlock; it just gets no allowance.
    if not _limit_lock.acquire(False):
        return False
    try:
        limit = _getlimit()
        if _extra >= ALLOWANCE_CAP * (limit - _extra):
            return False
        _setlimit(limit + FRAME_ALLOWANCE)
        _extra += FRAME_ALLOWANCE
        return True
    finally:
        _limit_lock.release()


def _shrink():
    """Takes back one scope's allowance (or owes it, see below)."""
    global _extra, _owed
    # Blocking is safe here: only a scope that got the lock in _grow gets
    # here, and no code that runs while this thread holds it can be waiting.
    with _limit_lock:
        _owed += FRAME_ALLOWANCE
        try:
            _setlimit(_getlimit() - _owed)
        except RecursionError:
            # Unwinding from deep recursion: the stack is still deeper than
            # the lowered limit. A later exit, higher up, pays what is owed.
            return
        except ValueError:
            # The user lowered the limit below our allowance: forget it.
            pass
        _extra = max(0, _extra - _owed)
        _owed = 0


# A callable saying whether a tracer that cannot run _grow traces now
# (PyTorch's torch.compiler.is_compiling, set by its staging), or None.
_traced = None


def set_traced_check(check):
    global _traced
    _traced = check


def recursion_allowance():
    """How far the current recursion limit is raised by active scopes."""
    return _extra - _owed


# ---------------------------------------------------------------------------
# Function scope
# ---------------------------------------------------------------------------


class FunctionScope:
    """Context manager wrapping the body of every converted function.

    ``with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:`` ... and
    ``return fscope.ret(retval_, do_return)``.
    """

    # locals_dict: what locals_ returns in this call (set on first use);
    # locals_extra: on Python 3.12, the names of the comprehensions'
    # snapshots so far (locals of the function there, PEP 709).
    __slots__ = ("name", "function_name", "options", "callopts", "_grew",
                 "locals_dict", "locals_extra")

    def __init__(self, function_name, scope_name, options):
        self.function_name = function_name
        self.name = scope_name
        self.options = options
        self.callopts = (options.call_options()
                         if type(options) is ConversionOptions else options)
        self._grew = False

    def __enter__(self):
        if _traced is not None and _traced():
            # PyTorch traces (Dynamo cannot trace the lock and the
            # recursion limit): no allowance.
            return self
        self._grew = _grow()
        return self

    def __exit__(self, exc_type, exc_value, exc_tb):
        if self._grew:
            self._grew = False
            _shrink()
        return False

    def ret(self, value, did_return):
        """The function's return value: None if it never returned one.

        A staging framework may refuse a value that stands for "no return"
        on some of its paths (``RETURN_CHECKS``)."""
        if type(value) is UndefinedReturnValue:
            return None
        if RETURN_CHECKS and did_return is not True:
            for check in RETURN_CHECKS:
                check(value, did_return)
        return value

    def mark_return_value(self, value):
        """Older protocol spelling; returns value unchanged."""
        return value


# ---------------------------------------------------------------------------
# locals() of converted code
# ---------------------------------------------------------------------------

# The types of the values that stand for a variable with no value yet, which
# locals_ leaves out: agc's Undefined, and a backend's own (the tf backend
# adds TensorFlow's).
UNDEFINED_TYPES = [Undefined]

_CodeType = type(is_undefined.__code__)

# Python 3.13 made locals() in a function return a new dict on every call
# (PEP 667); before, all calls of locals() in one call of a function return
# the same dict, updated.
_FRESH_LOCALS = sys.version_info >= (3, 13)
# Python 3.12 runs list, set and dict comprehensions inlined in their
# function's frame (PEP 709): locals() there is the function's.
_INLINED_COMPREHENSIONS = sys.version_info >= (3, 12)
_MISSING = object()


def locals_(scope, names, inlined_scope=None, inlined_names=()):
    """What ``locals()`` (or ``vars()``) returns in the original function,
    called in the converted code of the function or lambda whose scope is
    ``scope``: a dict of the original's variables ``names`` (in its order)
    that are bound now. As CPython's before 3.13, it is the same dict for
    every call in one call of the function (kept on the scope), updated:
    names bound now are set, the others removed, other keys left.

    The values come from the function's frame (the one that has ``scope``
    as a local) and, innermost winning, from the frames of its body helpers
    and thunks between it and the caller (frames of code nested in the
    function's; the runtime's and a framework's are skipped). A converted
    lambda's scope is the parameter of the thunk that runs its body: the
    lambda's own frame, with its parameters, comes first. agc's own names
    are not among ``names``; a variable holding ``Undefined`` is left out,
    as an unbound one is. ``scope`` is None in a comprehension (a frame of
    its own, with no scope): the caller's frame alone. A list, set or dict
    comprehension also passes its function's scope and the names Python
    3.12 and later show there (the function's and the comprehensions'
    targets, ``inlined_names``), since those run it inlined in the
    function's frame (PEP 709): there the call is the function's
    ``locals()``, the same dict as its other calls before 3.13.
    """
    frame = sys._getframe(1)
    if scope is None and inlined_scope is not None and \
            _INLINED_COMPREHENSIONS:
        scope, names = inlined_scope, inlined_names
        if not _FRESH_LOCALS:
            # 3.12: the comprehensions' targets are locals of the function
            # too, which its later locals() calls drop once unbound.
            try:
                extra = scope.locals_extra
            except AttributeError:
                extra = ()
            try:
                scope.locals_extra = extra + tuple(
                    n for n in names if n not in extra)
            except (AttributeError, TypeError):
                pass
    if scope is None:
        # A comprehension's: its own frame (a new dict every call).
        local_vars = frame.f_locals
        return {n: local_vars[n] for n in names if n in local_vars and
                type(local_vars[n]) not in UNDEFINED_TYPES}
    name = scope.name
    between = []
    while frame is not None:
        code = frame.f_code
        if ((name in code.co_varnames or name in code.co_cellvars) and
                frame.f_locals.get(name) is scope):
            break
        between.append(frame)
        frame = frame.f_back
    if frame is None:
        raise RuntimeError("agc_runtime.locals_: no caller has the function "
                           "scope %r as a local" % (name,))
    frames = [frame]
    if code.co_argcount == 1 and code.co_varnames[0] == name:
        # A lambda's body thunk (with_function_scope(lambda scope: ...)):
        # the lambda's frame is the nearest above whose code holds it.
        owner = frame.f_back
        for _ in range(8):
            if owner is None:
                break
            if any(c is code for c in owner.f_code.co_consts):
                frames.insert(0, owner)
                break
            owner = owner.f_back
    if between:
        nested = set()
        todo = [code]
        while todo:
            for const in todo.pop().co_consts:
                if type(const) is _CodeType and id(const) not in nested:
                    nested.add(id(const))
                    todo.append(const)
        frames.extend(f for f in reversed(between) if id(f.f_code) in nested)
    out = None if _FRESH_LOCALS else getattr(scope, "locals_dict", None)
    extra = getattr(scope, "locals_extra", None)
    if extra and out is not None:
        names = tuple(names) + tuple(n for n in extra if n not in names)
    values = {}
    for f in frames:
        local_vars = f.f_locals
        for n in names:
            if n in local_vars:
                values[n] = local_vars[n]
    if out is None:
        out = {}
        if not _FRESH_LOCALS:
            try:
                scope.locals_dict = out
            except (AttributeError, TypeError):
                pass
    for n in names:
        value = values.get(n, _MISSING)
        if value is _MISSING or type(value) in UNDEFINED_TYPES:
            out.pop(n, None)
        else:
            out[n] = value
    return out


# ---------------------------------------------------------------------------
# Converted-function markers
# ---------------------------------------------------------------------------

_ARTIFACT_ATTR = "autograph_info__"


class _MethodProbe:
    def probe(self):
        pass


_MethodType = type(_MethodProbe().probe)


def autograph_artifact(entity, extras=None):
    """Marks entity as already converted, so no runtime converts it again.

    Usable as a decorator. For a bound method the underlying function is
    marked. Objects that refuse new attributes are returned unmarked.
    """
    target = entity.__func__ if type(entity) is _MethodType else entity
    try:
        setattr(target, _ARTIFACT_ATTR, extras)
    except (AttributeError, TypeError):
        pass
    return entity


def is_autograph_artifact(entity):
    return hasattr(entity, _ARTIFACT_ATTR)


def do_not_convert(func=None):
    """Marks func as not to be converted. Returns func itself (no wrapper).

    agc converts ahead of time and leaves functions decorated with any
    ``do_not_convert`` untouched; at run time the decorator only marks the
    function so that a call-time converter (TensorFlow's) also leaves it.
    ``@do_not_convert`` and ``@do_not_convert()`` both work.
    """
    if func is None:
        return do_not_convert
    return autograph_artifact(func)


# ---------------------------------------------------------------------------
# Directives (consumed by the compiler; harmless if left in code)
# ---------------------------------------------------------------------------


def set_loop_options(parallel_iterations=UNSPECIFIED, swap_memory=UNSPECIFIED,
                     maximum_iterations=UNSPECIFIED,
                     shape_invariants=UNSPECIFIED):
    """Loop directive. agc turns it into loop ``opts``; at run time a no-op."""
    return None


def set_element_type(entity, dtype, shape=UNSPECIFIED):
    """List element-type directive; at run time a no-op."""
    return None


# ---------------------------------------------------------------------------
# Option records of the list and slice operators
# ---------------------------------------------------------------------------
# Small named tuples written by hand (collections.namedtuple would import
# modules the user may convert; see the module docstring).


def _opts_record(name, fields):
    def __new__(cls, *args, **kwargs):
        if len(args) > len(fields):
            raise TypeError("%s() takes %d arguments but %d were given"
                            % (name, len(fields), len(args)))
        values = list(args) + [None] * (len(fields) - len(args))
        for key, value in kwargs.items():
            if key not in fields:
                raise TypeError("%s() got an unexpected keyword argument %r"
                                % (name, key))
            index = fields.index(key)
            if index < len(args):
                raise TypeError("%s() got multiple values for argument %r"
                                % (name, key))
            values[index] = value
        return tuple.__new__(cls, values)

    def __repr__(self):
        return "%s(%s)" % (name, ", ".join(
            "%s=%r" % (f, v) for f, v in zip(fields, self)))

    namespace = {"__slots__": (), "_fields": fields, "__new__": __new__,
                 "__repr__": __repr__, "__module__": __name__}
    for index, field in enumerate(fields):
        namespace[field] = property(lambda self, i=index: self[i])
    return type(name, (tuple,), namespace)


ListPopOpts = _opts_record("ListPopOpts", ("element_dtype", "element_shape"))
ListStackOpts = _opts_record("ListStackOpts", ("element_dtype", "original_call"))
GetItemOpts = _opts_record("GetItemOpts", ("element_dtype",))


class _Key:
    """``ag__.key[...]``: the key a subscript with slices passes
    (``ag__.key[:, t - 1]`` is ``(slice(None), t - 1)``), as converted code
    hands it to get_item and set_item."""

    __slots__ = ()

    def __getitem__(self, key):
        return key

    def __repr__(self):
        return "ag__.key"


key = _Key()


# ---------------------------------------------------------------------------
# Staging errors
# ---------------------------------------------------------------------------

NOTE_PREFIX = "agc: "


def note_origin(error, kind):
    """Adds a note naming the original line of the innermost converted
    statement that was being staged (once per exception)."""
    notes = getattr(error, "__notes__", ())
    if any(note.startswith(NOTE_PREFIX) for note in notes):
        return
    frame = sys._getframe(1)
    runtime_dir = __file__.rsplit("/", 1)[0].rsplit("\\", 1)[0]
    while frame is not None and (
            frame.f_code.co_filename.startswith(runtime_dir)):
        frame = frame.f_back
    if frame is None:
        return
    filename, line = frame.f_code.co_filename, frame.f_lineno
    where = "%s, line %d" % (filename, line)
    try:
        from .traceback_hook import remap_location
        original = remap_location(filename, line)
    except Exception:  # noqa: BLE001 - a note must never hide the error
        original = None
    if original is not None:
        where = "%s, line %d (converted: %s)" % (original[0], original[1],
                                                where)
    try:
        error.add_note("%sraised while staging the '%s' statement at %s"
                       % (NOTE_PREFIX, kind, where))
    except (AttributeError, TypeError):
        pass


class PythonLists:
    """The list and item operators of a framework's staging that keeps
    Python's own operations for them (JAX arrays and PyTorch tensors are
    not lists): mixed into ``jax_backend.Staging`` and
    ``torch_backend.Staging``."""

    __slots__ = ()

    def new_list(self, iterable):
        return [] if iterable is None else list(iterable)

    def list_append(self, list_, x):
        list_.append(x)
        return list_

    def list_pop(self, list_, i, opts):
        return list_, (list_.pop() if i is None else list_.pop(i))

    def list_stack(self, list_, opts):
        return opts.original_call(list_)

    def get_item(self, target, i, opts):
        return target[i]

    def set_item(self, target, i, x):
        target[i] = x
        return target
