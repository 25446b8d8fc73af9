"""The staged backend: operators that stage control flow on staged values.

Each operator first looks at its dispatch argument (the condition, the
iterable, the first loop test). On plain Python values it does exactly what
the python backend does, inline, so converted code run on plain values
behaves the same on both backends. On a ``staged.Value`` it behaves like a
graph runtime (TensorFlow's tf.cond / tf.while_loop) while computing the
concrete result:

* ``if_stmt``: traces both branches from the same initial state (set through
  ``set_state``), reads their outputs (the first ``nouts`` state entries)
  with ``get_state``, checks that each output is defined on both paths, is
  not None and has the same structure and dtype, then selects by the
  concrete condition. Other state entries go back to their initial values.
* ``while_stmt`` / ``for_stmt``: loop variables flow only through
  get_state/set_state, must not be None before the loop, and keep their
  dtype and shape across iterations. The body is traced once even when the
  loop does not iterate. A variable undefined before the loop gets a
  placeholder from a trial trace and the loop must then iterate at least
  once.
* ``if_exp``, ``and_``, ``or_`` with a staged condition evaluate both sides.
* The builtin overloads accept staged values (``range`` of a staged int is a
  staged list that ``for_stmt`` loops over, ``len`` of a staged list is its
  static length, ``print`` prints concrete values when the code runs).

The file name contains "importlib" and "_bootstrap" for the reason given in
``_importlib_bootstrap_python.py`` (warnings' stacklevel skips its frames).
"""

import builtins as _builtins

from . import staged as _st
from . import _importlib_bootstrap_python as _py
from ._importlib_bootstrap_python import (
    _CONTEXT_BUILTINS, call_in_original_context, call_with_original_frames,
    get_item, ld, ld_comp, ld_free, ldu, new_list, set_item,
    with_function_scope)
from .core import UndefinedReturnValue
from .staged import (Value, as_staged, check_branch, check_loop_init,
                     check_loop_var, condition, merge_branches,
                     placeholder_like, unstage)

# The runtime's own calls to builtins (len, type, ...) see the builtins as
# they were when it was imported: a program that replaces builtins.len, say
# with an lru_cache-wrapped (converted) len, must not send the runtime's
# converted_call into its own wrapper. Functions take their builtins from
# this name when they are defined.
__builtins__ = dict(_builtins.__dict__)

_BuiltinFunction = type(len)
_NOT_SET = object()


# ---------------------------------------------------------------------------
# Control flow
# ---------------------------------------------------------------------------


# nonlocal_reason (functional output's statements that kept this form) is
# for the stagings that refuse the form; this backend runs it.
def if_stmt(cond, body, orelse, get_state, set_state, symbol_names, nouts,
            nonlocal_reason=None):
    if type(cond) is not Value:
        if cond:
            body()
        else:
            orelse()
        return
    _staged_if(cond, body, orelse, get_state, set_state, symbol_names, nouts)


def _staged_if(cond, body, orelse, get_state, set_state, symbol_names, nouts):
    c = condition(cond, "an if statement")
    outer = _st._live
    init = tuple(get_state())
    try:
        _st._live = outer and c is True
        set_state(init)
        body()
        main = tuple(get_state())
        _st._live = outer and c is False
        set_state(init)
        orelse()
        other = tuple(get_state())
    finally:
        _st._live = outer
    names = tuple(symbol_names)
    for i in range(nouts):
        check_branch(names[i], main[i], "main")
    for i in range(nouts):
        check_branch(names[i], other[i], "else")
    take_main = c is not False
    outputs = tuple(merge_branches(names[i], main[i], other[i], take_main)
                    for i in range(nouts))
    set_state(outputs + init[nouts:])


def while_stmt(test, body, get_state, set_state, symbol_names, opts,
               nonlocal_reason=None):
    first = test()
    if type(first) is not Value:
        # Python loop; the first test is already evaluated.
        if not first:
            return
        body()
        while test():
            body()
        return
    _staged_loop(first, test, None, None, body, get_state, set_state,
                 symbol_names, opts)


class StagedSequence:
    """A staged iterable of known length (enumerate/zip/map of staged values).

    ``for_stmt`` loops over it functionally; like a graph tensor it cannot be
    iterated by Python itself.
    """

    __slots__ = ("length", "_item", "_placeholder")

    def __init__(self, length, item, placeholder):
        self.length = length
        self._item = item
        self._placeholder = placeholder

    def __iter__(self):
        raise TypeError("iterating over a staged sequence is not allowed: "
                        "use it as the iterable of a converted for loop")

    def __len__(self):
        raise TypeError("len() is not defined for a staged sequence")

    def __repr__(self):
        return "StagedSequence(length=%d)" % self.length


def _seq_length(seq):
    if type(seq) is Value:
        if not seq.shape:
            raise TypeError("a for loop cannot iterate over a scalar staged "
                            "%s" % seq.dtype)
        return seq.shape[0]
    return seq.length


def _seq_item(seq, i):
    if type(seq) is Value:
        return seq[i]
    return seq._item(i)


def _seq_placeholder(seq):
    if type(seq) is Value:
        return _st._make(_st._zeros(seq.dtype, seq.shape[1:]), seq.dtype,
                         seq.shape[1:])
    return seq._placeholder()


def for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names,
             opts, nonlocal_reason=None):
    if type(iter_) is Value or type(iter_) is StagedSequence:
        _staged_loop(_NOT_SET, None, iter_, extra_test, body, get_state,
                     set_state, symbol_names, opts)
        return
    if extra_test is None:
        for target in iter_:
            body(target)
    elif extra_test():
        for target in iter_:
            body(target)
            if not extra_test():
                break


def _staged_loop(first_test, test, seq, extra_test, body, get_state,
                 set_state, symbol_names, opts):
    """A staged while loop (seq is None) or for loop over seq."""
    opts = opts or {}
    names = tuple(symbol_names)
    outer = _st._live
    kind = "a while loop" if seq is None else "a for loop"
    length = None if seq is None else _seq_length(seq)

    def run_body(i):
        if seq is None:
            body()
        else:
            body(_seq_item(seq, i) if i is not None
                 else _seq_placeholder(seq))

    init = initial = tuple(get_state())
    nulls = [_st._undefined_kind(v) is not None for v in init]
    traced = False
    if any(nulls):
        init = _fill_undefined(run_body, get_state, set_state, names, init,
                               nulls)
        traced = True
    for name, value in zip(names, init):
        check_loop_init(name, value)
    invariants = _shape_invariants(opts, init)
    limit = opts.get("maximum_iterations")
    if type(limit) is Value:
        limit = _st.concrete(limit)
    state = tuple(as_staged(v) for v in init)
    set_state(state)
    count = 0
    while True:
        if seq is None:
            if first_test is not _NOT_SET:
                t, first_test = first_test, _NOT_SET
            else:
                t = test()
            go = condition(t, kind) if type(t) is Value else bool(t)
            go = outer and go is True
        else:
            go = outer and count < length
            if go and extra_test is not None:
                t = extra_test()
                go = (condition(t, kind) if type(t) is Value
                      else bool(t)) is True
        if go and limit is not None and count >= limit:
            go = False
        if not go:
            break
        run_body(count)
        new = tuple(get_state())
        for i, name in enumerate(names):
            check_loop_var(name, state[i], new[i], invariants[i])
        state = tuple(as_staged(v) for v in new)
        set_state(state)
        count += 1
    if count == 0:
        if not traced:
            # A graph runtime traces the body even if it never runs.
            _st._live = False
            try:
                if seq is not None and extra_test is not None:
                    extra_test()
                run_body(None)
                new = tuple(get_state())
            finally:
                _st._live = outer
            for i, name in enumerate(names):
                check_loop_var(name, state[i], new[i], invariants[i])
            set_state(state)
        if outer and any(nulls):
            missing = ", ".join(
                "the function return value"
                if type(v) is UndefinedReturnValue else name
                for name, v, null in zip(names, initial, nulls) if null)
            raise ValueError("loop must iterate at least once to initialize "
                             + missing)


def _shape_invariants(opts, init):
    """Per-state shape invariants from set_loop_options (matched by identity)."""
    pairs = opts.get("shape_invariants") or ()
    result = []
    for value in init:
        found = None
        for var, shape in pairs:
            if var is value:
                found = tuple(shape)
        result.append(found)
    return result


def _fill_undefined(run_body, get_state, set_state, names, init, nulls):
    """Placeholders for loop variables undefined before the loop.

    Traces the body once (not live) from the initial state to learn what the
    variables become; each undefined one is replaced by a zero value of that
    dtype and shape, which the first iteration overwrites.
    """
    outer = _st._live
    failure = None
    first = None
    _st._live = False
    try:
        set_state(tuple(as_staged(v) for v in init))
        run_body(None)
        first = tuple(get_state())
    except (UnboundLocalError, TypeError, ValueError, KeyError) as e:
        failure = e
    finally:
        _st._live = outer
        set_state(init)
    note = ""
    if failure is not None:
        note = ("\nNote: agc tried to define it by tracing the loop body "
                "once, but ran into a %s: %s"
                % (type(failure).__name__, failure))
    filled = []
    for i, (name, value, null) in enumerate(zip(names, init, nulls)):
        if not null:
            filled.append(value)
            continue
        after = first[i] if first is not None else None
        if (after is not None and _st._undefined_kind(after) is None
                and not _st._has_none(after)):
            filled.append(placeholder_like(after))
            continue
        if type(value) is UndefinedReturnValue:
            raise NotImplementedError(
                "a return statement cannot be placed inside this staged "
                "loop; this may happen if the return depends on a staged "
                "condition" + note)
        raise ValueError("'%s' must be defined before the loop" % name
                         + note)
    return tuple(filled)


# ---------------------------------------------------------------------------
# Expressions
# ---------------------------------------------------------------------------


def if_exp(cond, if_true, if_false, expr_repr):
    if type(cond) is not Value:
        return if_true() if cond else if_false()
    c = condition(cond, "a conditional expression")
    outer = _st._live
    try:
        _st._live = outer and c is True
        a = if_true()
        _st._live = outer and c is False
        b = if_false()
    finally:
        _st._live = outer
    check_branch(expr_repr, a, "main")
    check_branch(expr_repr, b, "else")
    return merge_branches(expr_repr, a, b, c is not False)


def _bool_operand(value, op):
    value = as_staged(value)
    if type(value) is not Value or value.dtype != "bool" or value.shape:
        raise TypeError("the operands of a staged '%s' must be bool scalars, "
                        "got %r" % (op, value))
    return value


def and_(a, b):
    a_val = a()
    if type(a_val) is not Value:
        return a_val and b()
    c = condition(a_val, "an 'and' expression")
    outer = _st._live
    try:
        _st._live = outer and c is True
        b_val = b()
    finally:
        _st._live = outer
    b_val = _bool_operand(b_val, "and")
    return b_val if c is True else a_val


def or_(a, b):
    a_val = a()
    if type(a_val) is not Value:
        return a_val or b()
    c = condition(a_val, "an 'or' expression")
    outer = _st._live
    try:
        _st._live = outer and c is False
        b_val = b()
    finally:
        _st._live = outer
    b_val = _bool_operand(b_val, "or")
    return a_val if c is True else b_val


def not_(a):
    if type(a) is not Value:
        return not a
    if a.dtype != "bool":
        raise TypeError("'not' of a staged %s: only bool values can be "
                        "negated when staged" % a.dtype)
    return _st.unary(a, _not)


def _not(a):
    return not a


def eq(a, b):
    return a == b


def not_eq(a, b):
    return a != b


# ---------------------------------------------------------------------------
# Calls
# ---------------------------------------------------------------------------


def converted_call(f, args, kwargs, caller_fn_scope=None, options=None):
    """Calls f like the original call, routing builtins to their overloads."""
    kind = type(f)
    if kind is _BuiltinFunction:
        if f.__self__ is _builtins:
            name = f.__name__
            if name in _CONTEXT_BUILTINS:
                return call_in_original_context(f, args, kwargs,
                                                caller_fn_scope)
            f = _OVERLOADED_FUNCTIONS.get(name, f)
        elif (f is _py._warn or f is _py._getframe or
              f is _py._getframemodulename):
            return call_with_original_frames(f, args, kwargs)
    elif kind is type:
        if f is super:
            return call_in_original_context(f, args, kwargs, caller_fn_scope)
        f = _OVERLOADED_TYPES.get(f, f)
    if kwargs is None:
        n = len(args)
        if n == 1:
            return f(args[0])
        if n == 2:
            return f(args[0], args[1])
        if n == 0:
            return f()
        return f(*args)
    return f(*args, **kwargs)


# ---------------------------------------------------------------------------
# Exceptions, lists, slices
# ---------------------------------------------------------------------------


def assert_stmt(expression1, expression2):
    if type(expression1) is not Value:
        if expression2 is None:
            assert expression1
        else:
            assert expression1, expression2()
        return
    if not __debug__:
        return
    c = condition(expression1, "an assert statement")
    if c is False and _st._live:
        if expression2 is None:
            raise AssertionError
        raise AssertionError(expression2())


def list_append(list_, x):
    if type(list_) is Value:
        raise TypeError("cannot append to a staged value; use a Python list")
    return _py.list_append(list_, x)


def list_pop(list_, i, opts=None):
    if type(list_) is Value:
        raise TypeError("cannot pop from a staged value; use a Python list")
    return _py.list_pop(list_, i, opts)


def list_stack(list_, opts):
    if type(list_) is list and any(type(e) is Value for e in list_):
        return Value(list_)
    return opts.original_call(list_)


# ---------------------------------------------------------------------------
# Builtin overloads. Without staged arguments each one calls the builtin
# with the arguments as given, so invalid calls fail with Python's message.
# ---------------------------------------------------------------------------


def _has_staged(x):
    t = type(x)
    if t is Value or t is StagedSequence:
        return True
    if t is tuple or t is list:
        return any(_has_staged(e) for e in x)
    if t is dict:
        return any(_has_staged(e) for e in x.values())
    return False


def print_(*objects, **kwargs):
    if not _st._live:
        return None     # code the graph would not run prints nothing
    if any(_has_staged(o) for o in objects):
        objects = [unstage(o) for o in objects]
    return print(*objects, **kwargs)


def len_(*args, **kwargs):
    if len(args) == 1 and not kwargs:
        s = args[0]
        if type(s) is Value:
            if not s.shape:
                raise ValueError("len requires a non-scalar staged value, "
                                 "got one of shape ()")
            return s.shape[0]
        if type(s) is StagedSequence:
            return s.length
    return len(*args, **kwargs)


def range_(*args, **kwargs):
    if kwargs or not any(type(a) is Value for a in args):
        return range(*args, **kwargs)
    bounds = []
    err = None
    for a in args:
        if type(a) is Value:
            if a.dtype not in ("int", "bool") or a.shape:
                raise TypeError("range() of a staged %s of shape %s"
                                % (a.dtype, a.shape))
            err = err or a._err
            a = a._c
        bounds.append(a)
    if err is not None:
        if _st._live:
            raise err
        return _st._poisoned("int", (0,), err)
    try:
        values = list(range(*bounds))
    except ValueError as e:
        if _st._live:
            raise
        return _st._poisoned("int", (0,), e)
    return _st.make_list(values, "int", (len(values),))


def int_(*args, **kwargs):
    if args and type(args[0]) is Value and not kwargs and len(args) <= 2:
        if len(args) == 2:
            base = args[1]
            return _st.unary(args[0], lambda s: int(s, base), "int")
        return _st.unary(args[0], int, "int")
    return int(*args, **kwargs)


def float_(*args, **kwargs):
    if len(args) == 1 and type(args[0]) is Value and not kwargs:
        return _st.unary(args[0], float, "float")
    return float(*args, **kwargs)


def abs_(*args, **kwargs):
    if len(args) == 1 and type(args[0]) is Value and not kwargs:
        return abs(args[0])
    return abs(*args, **kwargs)


def _staged_index(i):
    return _st._make(i, "int", ())


def enumerate_(*args, **kwargs):
    if args and (type(args[0]) is Value or type(args[0]) is StagedSequence):
        seq = args[0]
        start = args[1] if len(args) > 1 else kwargs.get("start", 0)
        if len(args) > 2 or set(kwargs) - {"start"} or (
                len(args) > 1 and "start" in kwargs):
            return enumerate(*args, **kwargs)
        return StagedSequence(
            _seq_length(seq),
            lambda i: (_staged_index(i) + start, _seq_item(seq, i)),
            lambda: (_staged_index(0) + start, _seq_placeholder(seq)))
    return enumerate(*args, **kwargs)


def _as_sequence(x):
    t = type(x)
    if t is Value or t is StagedSequence:
        return _seq_length(x), (lambda i: _seq_item(x, i)), \
            (lambda: _seq_placeholder(x))
    if t in (list, tuple, range, str):
        return len(x), (lambda i: x[i]), \
            (lambda: placeholder_like(x[0]) if len(x) else None)
    raise TypeError("cannot combine a staged value with a %s in zip() or "
                    "map(); use a list" % t.__name__)


def zip_(*args, **kwargs):
    if kwargs or not any(type(a) in (Value, StagedSequence) for a in args):
        return zip(*args, **kwargs)
    parts = [_as_sequence(a) for a in args]
    length = min(p[0] for p in parts)
    return StagedSequence(
        length,
        lambda i: tuple(p[1](i) for p in parts),
        lambda: tuple(p[2]() for p in parts))


def map_(*args, **kwargs):
    if kwargs or len(args) < 2 or not any(
            type(a) in (Value, StagedSequence) for a in args[1:]):
        return map(*args, **kwargs)
    fn = args[0]
    parts = [_as_sequence(a) for a in args[1:]]
    length = min(p[0] for p in parts)
    return StagedSequence(
        length,
        lambda i: fn(*[p[1](i) for p in parts]),
        lambda: fn(*[p[2]() for p in parts]))


def filter_(*args, **kwargs):
    if len(args) == 2 and type(args[1]) in (Value, StagedSequence):
        raise TypeError("filter() over a staged value is not supported: the "
                        "length of the result would depend on the data")
    return filter(*args, **kwargs)


def _reduce(args, kwargs, fn, name):
    if len(args) == 1 and not kwargs and type(args[0]) is Value:
        v = args[0]
        if not v.shape:
            raise TypeError("%s() of a scalar staged value" % name)
        if v._err is not None:
            if _st._live:
                raise v._err
            return _st._poisoned("bool", (), v._err)
        return _st._make(fn(bool(x) for x in _st._leaves(v._c, v.shape)),
                         "bool", ())
    return None


def any_(*args, **kwargs):
    result = _reduce(args, kwargs, any, "any")
    if result is None:
        return any(*args, **kwargs)
    return result


def all_(*args, **kwargs):
    result = _reduce(args, kwargs, all, "all")
    if result is None:
        return all(*args, **kwargs)
    return result


def sorted_(*args, **kwargs):
    if (len(args) == 1 and type(args[0]) is Value and len(args[0].shape) == 1
            and set(kwargs) <= {"reverse"}
            and type(kwargs.get("reverse", False)) is bool):
        v = args[0]
        if v._err is not None:
            if _st._live:
                raise v._err
            return v
        return _st.make_list(sorted(v._c, **kwargs), v.dtype, v.shape)
    return sorted(*args, **kwargs)


_OVERLOADED_FUNCTIONS = {
    "print": print_, "len": len_, "abs": abs_, "any": any_, "all": all_,
    "sorted": sorted_,
}
_OVERLOADED_TYPES = {
    range: range_, int: int_, float: float_, enumerate: enumerate_,
    zip: zip_, map: map_, filter: filter_,
}


OPERATORS = {
    name: globals()[name] for name in (
        "if_stmt", "while_stmt", "for_stmt", "if_exp", "and_", "or_", "not_",
        "eq", "not_eq", "ld", "ld_comp", "ld_free", "ldu", "converted_call",
        "with_function_scope",
        "assert_stmt", "new_list", "list_append", "list_pop", "list_stack",
        "get_item", "set_item", "print_", "len_", "range_", "int_", "float_",
        "abs_", "enumerate_", "zip_", "map_", "filter_", "any_", "all_",
        "sorted_")
}
