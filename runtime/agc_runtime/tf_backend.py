"""TensorFlow: staging converted code with TensorFlow's own operators.

Two ways in, one mapping (``_MAPPING``, TensorFlow's operator for each
protocol name):

* **Staging without configuration** (the default): the python backend hands
  a statement to ``Staging`` (``staging()``) when the value deciding it is a
  TensorFlow value and TensorFlow is building a graph (inside
  ``tf.function``). ``Staging`` calls TensorFlow's operator for it, with
  agc's ``Undefined`` / ``UndefinedReturnValue`` markers translated to
  TensorFlow's on the way in and back on the way out, so TensorFlow's
  staging checks (a variable defined in one branch only, a return on some
  paths) see them. Imported the first time a TensorFlow value reaches an
  operator, so TensorFlow is already imported.
* **The tf backend** (``AGC_BACKEND=tf`` or ``agc_runtime.use('tf')``):
  ``load()`` binds every protocol name to TensorFlow's implementation, for
  all values. TensorFlow is imported only when this backend is selected.

Where TensorFlow has no counterpart of a name (``retval`` in newer versions,
builtin overloads that older versions lack), the entry says what is used.
"""

import functools
import sys

from . import core

# (protocol name, module under tensorflow.python.autograph, attribute there)
_MAPPING = (
    ("if_stmt", "operators", "if_stmt"),
    ("while_stmt", "operators", "while_stmt"),
    ("for_stmt", "operators", "for_stmt"),
    ("if_exp", "operators", "if_exp"),
    ("and_", "operators", "and_"),
    ("or_", "operators", "or_"),
    ("not_", "operators", "not_"),
    ("eq", "operators", "eq"),
    ("not_eq", "operators", "not_eq"),
    ("ld", "operators", "ld"),
    ("ldu", "operators", "ldu"),
    ("Undefined", "operators", "Undefined"),
    ("UndefinedReturnValue", "operators", "UndefinedReturnValue"),
    ("assert_stmt", "operators", "assert_stmt"),
    ("new_list", "operators", "new_list"),
    ("list_append", "operators", "list_append"),
    ("list_pop", "operators", "list_pop"),
    ("ListPopOpts", "operators", "ListPopOpts"),
    ("list_stack", "operators", "list_stack"),
    ("ListStackOpts", "operators", "ListStackOpts"),
    ("get_item", "operators", "get_item"),
    ("GetItemOpts", "operators", "GetItemOpts"),
    ("set_item", "operators", "set_item"),
    ("print_", "operators", "print_"),
    ("len_", "operators", "len_"),
    ("range_", "operators", "range_"),
    ("int_", "operators", "int_"),
    ("float_", "operators", "float_"),
    ("converted_call", "impl.api", "converted_call"),
    ("do_not_convert", "impl.api", "do_not_convert"),
    ("autograph_artifact", "impl.api", "autograph_artifact"),
    ("ConversionOptions", "core.converter", "ConversionOptions"),
    ("STD", "core.converter", "STANDARD_OPTIONS"),
    ("Feature", "core.converter", "Feature"),
    ("FunctionScope", "core.function_wrappers", "FunctionScope"),
    ("with_function_scope", "core.function_wrappers", "with_function_scope"),
    ("set_loop_options", "lang.directives", "set_loop_options"),
    ("set_element_type", "lang.directives", "set_element_type"),
)

# Builtin overloads that some TensorFlow versions lack: fall back to the
# Python builtin (TensorFlow's converted_call then calls it unchanged).
_OPTIONAL_BUILTINS = (
    ("abs_", abs), ("enumerate_", enumerate), ("zip_", zip), ("map_", map),
    ("filter_", filter), ("any_", any), ("all_", all), ("sorted_", sorted),
)

_PACKAGE = "tensorflow.python.autograph"


def _import(name):
    # sys.modules rather than attributes: TensorFlow's top-level module is
    # lazy and does not expose ``tensorflow.python`` as an attribute.
    __import__(name)
    return sys.modules[name]


def _tensorflow_modules():
    """TensorFlow's modules named in _MAPPING; ImportError if any name is
    missing (naming each, and the version)."""
    try:
        tf = _import("tensorflow")
    except ImportError as e:
        raise ImportError(
            "agc_runtime: the 'tf' backend needs TensorFlow, which cannot be "
            "imported here (%s). Install tensorflow, or select the 'python' "
            "or 'staged' backend (AGC_BACKEND / agc_runtime.use())." % e
        ) from e
    modules = {}
    table = {}
    missing = []
    for name, module_name, attr in _MAPPING:
        if module_name not in modules:
            try:
                modules[module_name] = _import(_PACKAGE + "." + module_name)
            except ImportError:
                modules[module_name] = None
        module = modules[module_name]
        if module is None or not hasattr(module, attr):
            missing.append("%s (%s.%s.%s)" % (name, _PACKAGE, module_name,
                                              attr))
            continue
        table[name] = getattr(module, attr)
    if missing:
        raise ImportError(
            "agc_runtime: TensorFlow %s does not provide the operators "
            "agc's generated code uses: %s"
            % (getattr(tf, "__version__", "(unknown version)"),
               ", ".join(missing)))
    return modules, table


def _without_reason(operator):
    """TensorFlow's get_state/set_state operator, taking (and leaving out)
    the nonlocal_reason that agc's functional output may pass."""

    @functools.wraps(operator)
    def call(*args, nonlocal_reason=None):
        return operator(*args)

    return call


def load():
    """The protocol namespace bound to TensorFlow; ImportError if unusable."""
    modules, table = _tensorflow_modules()
    operators = modules["operators"]
    for name, builtin in _OPTIONAL_BUILTINS:
        table[name] = getattr(operators, name, builtin)
    undefined_return = table["UndefinedReturnValue"]
    if table["Undefined"] not in core.UNDEFINED_TYPES:
        # What ag__.Undefined makes now: a variable with no value yet, which
        # locals_ leaves out.
        core.UNDEFINED_TYPES.append(table["Undefined"])

    def retval(value):
        """Maps "no return" to None (older protocol spelling)."""
        if isinstance(value, undefined_return):
            return None
        return value

    table["retval"] = getattr(operators, "retval", retval)

    # A statement of functional output that kept the nonlocal form passes
    # nonlocal_reason (for PyTorch's error); TensorFlow stages the form.
    for name in ("if_stmt", "while_stmt", "for_stmt"):
        table[name] = _without_reason(table[name])

    tf_assert_stmt = table["assert_stmt"]

    def assert_stmt(expression1, expression2):
        """agc writes None for a bare assert's message; TensorFlow's
        assert_stmt needs a callable (its converter passes its own text)."""
        if expression2 is None:
            expression2 = _bare_assert_message
        return tf_assert_stmt(expression1, expression2)

    tf_converted_call = table["converted_call"]

    def converted_call(f, args, kwargs, caller_fn_scope=None, options=None):
        """TensorFlow's converted_call, except for print: agc routes print
        calls through converted_call, TensorFlow's converter leaves them
        as written unless its BUILTIN_FUNCTIONS feature is on, so print
        prints at trace time as under TensorFlow's own conversion (and with
        the feature, TensorFlow's overload: tf.print for tensors)."""
        if f is print and not requested("BUILTIN_FUNCTIONS"):
            return print(*args, **(kwargs or {}))
        return tf_converted_call(f, args, kwargs, caller_fn_scope, options)

    table["assert_stmt"] = assert_stmt
    table["converted_call"] = converted_call
    return table


# ---------------------------------------------------------------------------
# Staging without configuration
# ---------------------------------------------------------------------------

_staging = None


def staging():
    """The Staging object (made once); ImportError if TensorFlow lacks an
    operator the protocol needs."""
    global _staging
    if _staging is None:
        _staging = Staging()
    return _staging


def requested(feature):
    """Whether TensorFlow's AutoGraph feature (a name of
    ``tf.autograph.experimental.Feature``) is on for the code running now:
    the ``experimental_autograph_options`` of the tf.function being traced,
    or the ``experimental_optional_features`` of TensorFlow's conversion
    (``tf.autograph.to_graph``) that calls the code. TensorFlow keeps them
    on its AutoGraph control status (``ag_ctx.control_status_ctx()``)."""
    try:
        from tensorflow.python.autograph.core import ag_ctx
    except ImportError:  # a TensorFlow without AutoGraph's status: none on
        return False
    options = ag_ctx.control_status_ctx().options
    if options is None:
        return False
    uses = getattr(options, "uses", None)  # a ConversionOptions
    if uses is not None:
        return bool(uses(getattr(_feature_type(), feature)))
    if not isinstance(options, (tuple, list, set, frozenset)):
        options = (options,)
    names = {getattr(o, "name", o) for o in options}
    return "ALL" in names or feature in names


def _feature_type():
    from tensorflow.python.autograph.core import converter
    return converter.Feature


def _never_converted():
    """Adds agc_runtime to TensorFlow's rules of modules its AutoGraph never
    converts (``autograph/core/config.py``), so that a call of the runtime
    from code TensorFlow converted (its conversion of an eager original, by
    ``tf.autograph.to_graph``) runs the runtime as it is."""
    from tensorflow.python.autograph.core import config
    rule = config.DoNotConvert("agc_runtime")
    if not any(type(r) is type(rule) and r.matches("agc_runtime")
               for r in config.CONVERSION_RULES):
        config.CONVERSION_RULES = (rule,) + tuple(config.CONVERSION_RULES)


# ---------------------------------------------------------------------------
# tf.autograph.to_graph / to_code of agc's converted code
# ---------------------------------------------------------------------------

def convert_converted_as_is(api, is_converted):
    """Makes TensorFlow's conversion of a function (``_convert_actual`` in
    ``api``, TensorFlow's ``autograph.impl.api``, which
    ``tf.autograph.to_graph`` and ``to_code`` call; ``converted_call``
    never gets there with a function marked as converted) give agc's
    converted code as it is, for a function ``is_converted(f)`` says agc
    converted.

    TensorFlow converts whatever ``to_graph`` is given, marked as converted
    or not. For an eager original that is right (its code is the user's),
    but converting agc's converted code again (``--converted-only`` output)
    runs agc's helpers with TensorFlow's operators bound to ``ag__``, which
    they were not written for (``print`` of a tensor becomes ``tf.print``
    with no feature on, AUTO_CONTROL_DEPS returns an ``Undefined`` from a
    state function). The result instead calls agc's function under
    TensorFlow's AutoGraph control status with the options ``to_graph`` was
    given (``experimental_optional_features``), so the runtime honours them
    as under ``tf.function``; ``to_code`` gives agc's code (the result's
    ``__wrapped__``). Idempotent; does nothing to a TensorFlow whose
    conversion is not where TensorFlow 2.21 has it."""
    convert = getattr(api, "_convert_actual", None)
    if convert is None or getattr(convert, "agc_converts_as_is", False):
        return
    try:
        from tensorflow.python.autograph.core import ag_ctx
    except ImportError:
        return

    def _convert_actual(entity, program_ctx):
        if not is_converted(entity):
            return convert(entity, program_ctx)
        options = program_ctx.options

        @functools.wraps(entity)
        def converted(*args, **kwargs):
            with ag_ctx.ControlStatusCtx(status=ag_ctx.Status.ENABLED,
                                         options=options):
                return entity(*args, **kwargs)

        return converted

    _convert_actual.agc_converts_as_is = True
    _convert_actual.__wrapped__ = convert
    api._convert_actual = _convert_actual


class Staging:
    """TensorFlow's operators for the statements the python backend hands
    over: it does so only for a TensorFlow value while ``active()``.

    Each control-flow statement that fails while staging gets a note naming
    the statement's original file and line (through the source map of the
    converted file), next to TensorFlow's own message.
    """

    def __init__(self):
        modules, table = _tensorflow_modules()
        self._ops = table
        from tensorflow.python.autograph.operators import control_flow
        from tensorflow.python.autograph.operators import py_builtins
        from tensorflow.python.autograph.operators import variables
        from tensorflow.python.eager import context
        from tensorflow.python.framework import func_graph
        # Registers TensorFlow's overload of print for tensors (tf.print).
        from tensorflow.python.ops import autograph_ops  # noqa: F401
        self._control_flow = control_flow
        self._func_graph = func_graph
        self._overload_of = py_builtins.overload_of
        self._tf_undefined = variables.Undefined
        self._tf_undefined_return = variables.UndefinedReturnValue
        self.active = self.tracing = _negation(context.executing_eagerly)
        _never_converted()

    types = ()  # no agc_runtime types of its own

    # -- markers ------------------------------------------------------------

    def _to_tf(self, values):
        out = []
        for value in values:
            kind = type(value)
            if kind is core.Undefined:
                value = self._tf_undefined(value.symbol_name)
            elif kind is core.UndefinedReturnValue:
                value = self._tf_undefined_return()
            out.append(value)
        return tuple(out)

    def _from_tf(self, values):
        out = []
        for value in values:
            if isinstance(value, self._tf_undefined):
                value = core.Undefined(value.symbol_name)
            elif isinstance(value, self._tf_undefined_return):
                value = core.UndefinedReturnValue()
            out.append(value)
        return tuple(out)

    def _state(self, get_state, set_state):
        return (lambda: self._to_tf(get_state()),
                lambda values: set_state(self._from_tf(values)))

    # -- control flow -------------------------------------------------------

    def if_stmt(self, cond, body, orelse, get_state, set_state, symbol_names,
                nouts):
        get, put = self._state(get_state, set_state)
        try:
            self._ops["if_stmt"](cond, body, orelse, get, put, symbol_names,
                                 nouts)
        except Exception as e:
            core.note_origin(e, "if")
            raise

    def while_stmt(self, test, body, get_state, set_state, symbol_names,
                   opts):
        get, put = self._state(get_state, set_state)
        try:
            self._ops["while_stmt"](test, body, get, put, symbol_names, opts)
        except Exception as e:
            core.note_origin(e, "while")
            raise

    def for_stmt(self, iter_, extra_test, body, get_state, set_state,
                 symbol_names, opts):
        get, put = self._state(get_state, set_state)
        try:
            self._ops["for_stmt"](iter_, extra_test, body, get, put,
                                  symbol_names, opts)
        except Exception as e:
            core.note_origin(e, "for")
            raise

    def isolated(self, thunk):
        """thunk() in a scratch graph: what it stages is thrown away."""
        with self._func_graph.FuncGraph("agc_scratch").as_default():
            return thunk()

    def python_loop_test(self, kind, result, loop):
        """Raises TensorFlow's error for a Python loop whose test became a
        tensor; returns the value's truth if TensorFlow accepts it as a
        Python bool. (``loop``, the rest of the loop, is not used: TensorFlow
        cannot stage a loop that started in Python.)"""
        control_flow = self._control_flow
        try:
            if kind == "while":
                results = iter((result, False))
                control_flow._py_while_stmt(lambda: next(results),
                                            lambda: None, None, None, None)
            else:
                control_flow._py_for_stmt((), lambda: result, lambda t: None,
                                          None, None, None, None)
        except Exception as e:
            core.note_origin(e, kind)
            raise
        return bool(result)

    # -- expressions --------------------------------------------------------

    def if_exp(self, cond, if_true, if_false, expr_repr):
        return self._ops["if_exp"](cond, if_true, if_false, expr_repr)

    def and_(self, value, b):
        return self._ops["and_"](lambda: value, b)

    def or_(self, value, b):
        return self._ops["or_"](lambda: value, b)

    def not_(self, a):
        return self._ops["not_"](a)

    def eq(self, a, b):
        return self._ops["eq"](a, b)

    def not_eq(self, a, b):
        return self._ops["not_eq"](a, b)

    # -- calls, asserts, lists, slices --------------------------------------

    def call_builtin(self, f, args, kwargs):
        if f is print and not requested("BUILTIN_FUNCTIONS"):
            # prints at trace time, as TensorFlow's AutoGraph does unless
            # the feature is on (then tf.print, TensorFlow's overload)
            return print(*args, **(kwargs or {}))
        overload = self._overload_of(f)
        if kwargs:
            return overload(*args, **kwargs)
        return overload(*args)

    def assert_stmt(self, expression1, expression2):
        if expression2 is None:  # a bare assert: TensorFlow's message
            expression2 = _bare_assert_message
        return self._ops["assert_stmt"](expression1, expression2)

    def new_list(self, iterable):
        return self._ops["new_list"](iterable)

    def list_append(self, list_, x):
        return self._ops["list_append"](list_, x)

    def _opts(self, name, opts):
        """agc's option record as TensorFlow's (same fields, same order):
        TensorFlow's list and slice operators check the record's type."""
        record = self._ops[name]
        if opts is None:
            return record(*((None,) * len(record._fields)))
        return record(*opts)

    def list_pop(self, list_, i, opts):
        return self._ops["list_pop"](list_, i,
                                     self._opts("ListPopOpts", opts))

    def list_stack(self, list_, opts):
        return self._ops["list_stack"](list_,
                                       self._opts("ListStackOpts", opts))

    def get_item(self, target, i, opts):
        return self._ops["get_item"](target, i,
                                     self._opts("GetItemOpts", opts))

    def set_item(self, target, i, x):
        return self._ops["set_item"](target, i, x)


def _bare_assert_message():
    return "Assertion error"


def _negation(predicate):
    def negated():
        return not predicate()
    return negated
