"""PyTorch: what Dynamo (torch.compile, strict torch.export) traces in the
place of the runtime's code it cannot trace, through a hook on its calls of
user functions (``install``, from ``torch_backend.Staging``):

* the eager original's guard (``call_own_twin`` -> the twin of the function
  Dynamo traces, the guards' ``_ag__guard__`` global -> the guard module);
* ``converted_call`` (builtins that take a traced tensor -> the staging);
* questions only Python outside Dynamo can answer, on Dynamo's values:
  the bytecode of a branch or body (``_branch_kind``, ``may_mutate``),
  whether a value is a SymBool / SymInt (``_symbolic``; Dynamo shows them
  as bool and int, so the python backend's operators they decide go to
  the staging: ``_SYMBOLIC_ROUTES``), Dynamo's own tracing
  (``_dynamo_traces``), a probe traced and dropped (``_speculated``),
  whether two tensors' shapes are known to be the same (``_same_shape``),
  a tensor's shape (``_static_shape``) and a subscript's traced positions
  (``_torch_subscripts.position_plan``).
"""

import sys

from . import _importlib_bootstrap_python as python_ops
from ._torch_subscripts import position_plan
from ._torch_bytecode import _branch_kind, _code_kind, code_mutates, \
    may_mutate


def _symbolic(value, sym_types):
    """Whether value is a SymBool or SymInt (sym_types); where Dynamo
    traces, its hook answers (Dynamo gives them the types bool and int)."""
    return type(value) in sym_types


def data_dependent(sym):
    """Whether SymBool / SymInt sym holds a size that depends on data (an
    unbacked symbol), which no guard can decide."""
    from torch.fx.experimental.symbolic_shapes import \
        has_free_unbacked_symbols
    return has_free_unbacked_symbols(sym)


def _same_shape(a, b):
    """Whether tensors a and b are known to have the same shape, read from
    their sizes' expressions: no guard, no traced operation (a probe's sizes
    that depend on data are no symbols of the program). Where Dynamo
    traces, its hook answers on the tensors' example values."""
    if a.dim() != b.dim():
        return False
    for x, y in zip(a.shape, b.shape):
        if x is not y and _size_expr(x) != _size_expr(y):
            return False
    return True


def _static_shape(t):
    """Tensor t's shape, for a tensor of its shape made elsewhere (a
    placeholder). Where Dynamo traces, its hook reads the example value,
    each size an int or None where it is symbolic: a probe's tensor is of a
    subgraph Dynamo dropped, whose sizes no operation may read."""
    return tuple(t.shape)


def _size_expr(size):
    """An int, or a SymInt's expression (sympy compares it with an int)."""
    return size if type(size) is int else size.node.expr


def _example_value(variable):
    """The fake tensor Dynamo's tensor variable stands for, or None."""
    try:
        return variable.as_proxy().node.meta["example_value"]
    except (AttributeError, KeyError):
        return None


# What the hook answers on Dynamo's values, as a constant (an answer is
# _TRACE where Dynamo has to trace the function instead).
_TRACE = object()


def _same_shape_of(args):
    a, b = (_example_value(v) for v in args)
    return a is not None and b is not None and _same_shape(a, b)


def _static_shape_of(args):
    t = _example_value(args[0])
    return None if t is None else tuple(
        s if type(s) is int else None for s in t.shape)


def _position_plan_of(args):
    """position_plan answered on Dynamo's variables (torch, target, key):
    the same function on the target's example value and a key of stand-ins
    (a slice as it is, or one that is not full where its bounds are traced;
    each tensor's example value, a constant as it is, a SymInt's number,
    another value an object no key entry matches)."""
    import torch
    target = _example_value(args[1])
    items = getattr(args[2], "items", None)
    if target is None or items is None:
        return _TRACE
    key = []
    for item in items:
        kind = type(item).__name__
        if kind == "SliceVariable":
            try:
                key.append(item.as_python_constant())
            except Exception:  # noqa: BLE001 - bounds that are traced
                key.append(slice(0, None))  # a slice, not a full one
        elif kind == "SymNodeVariable":
            key.append(item.sym_num)
        elif kind == "TensorVariable":
            value = _example_value(item)
            if value is None:
                return _TRACE
            key.append(value)
        else:
            try:
                key.append(item.as_python_constant())
            except Exception:  # noqa: BLE001 - not a constant
                key.append(object())
    return position_plan(torch, target, tuple(key))


def _known_number(args):
    """Whether the arguments (Dynamo's tuple variable) of a converted
    int() / float() are one tensor whose value tracing knows (a constant
    its fake tensor carries: ``torch.tensor(scale)``): Dynamo's own int()
    / float() gives its number, as in the original; the staging's would
    give a tensor."""
    items = getattr(args, "items", None)
    if not items or len(items) != 1:
        return False
    value = _example_value(items[0])
    return getattr(value, "constant", None) is not None


def _dynamo_traces():
    """False; True where Dynamo traces it (its hook inlines _yes instead)."""
    return False


def _yes():
    return True


def _speculated(fn, state):
    """fn(*state); where Dynamo traces it, its hook traces fn in a subgraph
    it drops afterwards (_speculate): what fn returns, without its
    operations in the program (export keeps dead operations)."""
    return fn(*state)


def _speculate(tx, args):
    """_speculated as Dynamo's hook runs it: fn traced by Dynamo's
    speculation of higher-order operators' bodies, the subgraph and its
    effects dropped; the outputs' tensors carry their dtype and shape."""
    from torch._dynamo.variables.higher_order_ops import speculate_subgraph
    fn, state = args
    (output, _), _, _ = speculate_subgraph(
        tx, fn, list(state.unpack_var_sequence(tx)), {},
        "agc_runtime's probe of a body", always_restore=True)
    return output


# ---------------------------------------------------------------------------
# Dynamo: the eager original's guard under torch.compile / torch.export
# ---------------------------------------------------------------------------
#
# An eager original starts with
#     if _ag__guard__ and _ag__guard__.tracing(): return _ag__guard__.call_own_twin(x)
# and call_own_twin finds the twin from its caller's frame, which Dynamo
# cannot trace (sys._getframe). While Dynamo traces, a call of
# call_own_twin is replaced by a call of the twin of the function Dynamo is
# tracing there (the function it inlines, or the frame's code it compiles).

_hooked = False
_guard_global_hooked = False
_staging = None  # torch_backend's Staging
_TracedRange = None  # torch_backend.TracedRange


def install(staging, traced_range):
    """Installs the hook (once); whether the guards' global is hooked
    (_hook_guard_global)."""
    global _hooked, _staging, _TracedRange, _guard_global_hooked
    _staging, _TracedRange = staging, traced_range
    if _hooked:
        return _guard_global_hooked
    try:
        from torch._dynamo.variables import functions as dyn_functions
    except ImportError:  # no Dynamo: nothing traces the guard
        return False
    import agc_runtime
    original = dyn_functions.UserFunctionVariable.call_function
    own_twin = agc_runtime.call_own_twin
    # Runtime functions Dynamo cannot trace (they compare builtins, walk
    # frames) -> what it traces in their place.
    substitutes = {python_ops.converted_call: _traced_converted_call,
                   python_ops.and_: _traced_and, python_ops.or_: _traced_or,
                   _dynamo_traces: _yes,
                   # the guard's test of its caller: Dynamo traces the
                   # guard of the function it traces
                   agc_runtime._called_by_original: _yes}

    def call_function(self, tx, args, kwargs):
        fn = self.fn
        if fn is _speculated:
            return _speculate(tx, args)
        answer = _ANSWERS.get(fn)
        if answer is not None:
            value = answer(args)
            if value is not _TRACE:
                from torch._dynamo.variables import ConstantVariable
                return ConstantVariable.create(value)
        route = _SYMBOLIC_ROUTES.get(fn)
        if route is not None and len(args) > route[0] and _sym_node(
                args[route[0]]):
            # The operator's deciding value is a SymBool / SymInt, which
            # Dynamo shows as a bool or int: to the staging.
            from torch._dynamo.variables import UserFunctionVariable
            return tx.inline_user_function_return(
                UserFunctionVariable(route[1]), list(args), dict(kwargs))
        if fn is _branch_kind or fn is may_mutate:
            # Decided here, on the code of Dynamo's function.
            from torch._dynamo.variables import ConstantVariable
            get_code = getattr(args[0], "get_code", None) if args else None
            plain = get_code is not None and type(args[0]).__name__ in (
                "UserFunctionVariable", "NestedUserFunctionVariable")
            if fn is may_mutate:
                answer = code_mutates(get_code()) if plain else True
            else:
                answer = _code_kind(get_code()) if plain else None
            return ConstantVariable.create(answer)
        if fn is own_twin:
            twin = _twin_for(tx)
            if twin is not None:
                from torch._dynamo.variables import UserFunctionVariable
                return tx.inline_user_function_return(
                    UserFunctionVariable(twin), list(args), dict(kwargs))
        else:
            substitute = substitutes.get(fn)
            if substitute is _traced_converted_call and args:
                # Decided here, on Dynamo's value of the callee: comparing
                # a method with a builtin is beyond Dynamo.
                callee = args[0]
                value = getattr(callee, "fn", getattr(callee, "value", None))
                if not any(value is b for b in _STAGED_BUILTINS) or (
                        (value is int or value is float) and
                        _known_number(args[1])):
                    substitute = _plain_call
            if substitute is not None:
                from torch._dynamo.variables import UserFunctionVariable
                return tx.inline_user_function_return(
                    UserFunctionVariable(substitute), list(args),
                    dict(kwargs))
        return original(self, tx, args, kwargs)

    _SYMBOLIC_ROUTES.update({
        python_ops.if_stmt_fn: (0, _staged_if_stmt_fn),
        python_ops.if_exp: (0, _staged_if_exp),
        python_ops.not_: (0, _staged_not),
        python_ops._loop_goes_on_fn: (1, _staged_loop_goes_on)})
    dyn_functions.UserFunctionVariable.call_function = call_function
    _hooked = True
    _guard_global_hooked = _hook_guard_global(agc_runtime)
    return _guard_global_hooked

# Under Dynamo, a SymBool or SymInt is a SymNodeVariable whose type is bool
# or int, so the python backend's operators would take it for a Python
# value and guard on it: the operators it decides go to the staging
# (python_ops function -> (position of the deciding value, staged call)).
_SYMBOLIC_ROUTES = {}

_ANSWERS = {_symbolic: lambda args: _sym_node(args[0]),
            _same_shape: _same_shape_of,
            _static_shape: _static_shape_of,
            position_plan: _position_plan_of}


def _sym_node(variable):
    """Whether a Dynamo variable is a SymBool or SymInt that depends on
    data (an unbacked size): a symbolic size with a hint, Python's ``if``
    guards on and Dynamo specializes, as it does in the original code (a
    staged cond there would give up that specialization: its branches then
    differ in shape)."""
    if type(variable).__name__ != "SymNodeVariable" or (
            variable.python_type() not in (bool, int)):
        return False
    sym = getattr(variable, "sym_num", None)
    return sym is None or data_dependent(sym)


def _staged_if_stmt_fn(cond, body, orelse, state, symbol_names, nouts):
    return _staging.if_stmt_fn(cond, body, orelse, state, symbol_names,
                               nouts)


def _staged_if_exp(cond, if_true, if_false, expr_repr):
    return _staging.if_exp(cond, if_true, if_false, expr_repr)


def _staged_not(a):
    return _staging.not_(a)


def _staged_loop_goes_on(kind, result, loop):
    return _staging.python_loop_test_fn(kind, result, loop)


def _traced_and(a, b):
    """python_ops.and_ as Dynamo traces it (a first operand that is a
    SymBool / SymInt stages)."""
    value = a()
    staging = _staging if _symbolic(value, _staging._sym_types) else (
        python_ops.staging_for(value))
    if staging is not None:
        return staging.and_(value, b)
    return value and b()


def _traced_or(a, b):
    """python_ops.or_ as Dynamo traces it."""
    value = a()
    staging = _staging if _symbolic(value, _staging._sym_types) else (
        python_ops.staging_for(value))
    if staging is not None:
        return staging.or_(value, b)
    return value or b()


def _hook_guard_global(agc_runtime):
    """Dynamo traces a guard's ``_ag__guard__`` as the guard module, without
    a source: whatever the global holds (False while nothing traces outside
    Dynamo, see agc_runtime._trace_watch), the guard asks, and the code
    Dynamo makes does not depend on the global's value."""
    try:
        from torch._dynamo import symbolic_convert
        from torch._dynamo.variables.base import VariableTracker
    except ImportError:
        return False
    guard = sys.modules[agc_runtime.__name__ + ".guard"]
    namespaces = agc_runtime._GUARD_NAMESPACES
    for cls in (symbolic_convert.InstructionTranslatorBase,
                symbolic_convert.InliningInstructionTranslator):
        original = cls.__dict__.get("_load_global")
        if original is None:
            return False

        def _load_global(self, inst, original=original):
            if inst.argval == "_ag__guard__" and (
                    id(self.f_globals) in namespaces):
                self.push(VariableTracker.build(self, guard))
                return None
            return original(self, inst)

        cls._load_global = _load_global
    return True


_STAGED_BUILTINS = (range, len, int, float, abs, print)


def _plain_call(f, args, kwargs, caller_fn_scope=None, options=None):
    """converted_call of anything but a staged builtin, as Dynamo traces
    it."""
    if kwargs is None:
        return f(*args)
    return f(*args, **kwargs)


def _traced_converted_call(f, args, kwargs, caller_fn_scope=None,
                           options=None):
    """converted_call as Dynamo traces it: builtins that take a traced
    tensor go to the staging (range, len, int, float, abs, print)."""
    staging = _staging
    for arg in args:
        if isinstance(arg, (staging.torch.Tensor, _TracedRange)):
            if f is range or f is len or f is int or f is float or (
                    f is abs) or f is print:
                return staging.call_builtin(f, args, kwargs)
            break
    if kwargs is None:
        return f(*args)
    return f(*args, **kwargs)


def _twin_for(tx):
    """The twin of the eager original Dynamo traces in ``tx``."""
    import agc_runtime
    funcvar = getattr(tx, "funcvar", None)
    fn = getattr(funcvar, "fn", None)
    if getattr(fn, "__code__", None) is tx.f_code:
        twin = agc_runtime._twin_of_function(fn)
        if twin is not None:
            return twin
    refs = agc_runtime._ORIGINALS.get(id(tx.f_code), ())
    for ref in reversed(refs):
        function = ref()
        if function is not None and function.__code__ is tx.f_code:
            return agc_runtime._twin_of_function(function)
    return None
