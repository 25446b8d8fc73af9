"""JAX: staging converted code with ``jax.lax`` control flow.

Two ways in, one ``Staging``:

* **Staging without configuration** (the default): the python backend hands
  a statement to ``Staging`` (``staging()``) when the value deciding it is a
  JAX tracer, that is while ``jax.jit``, ``jax.vmap``, ``jax.grad``,
  ``jax.make_jaxpr``... trace the function. A tracer whose value is known
  (``jax.grad`` of a function that is not jitted) keeps Python's semantics,
  as it does in the original; so do concrete ``jax.Array`` values, and every
  other value.
* **The jax backend** (``AGC_BACKEND=jax`` or ``agc_runtime.use('jax')``):
  the same, with JAX imported when the backend is selected (an ImportError
  then, not at the first traced value) and one more rule: a ``for`` loop
  over a Python ``range`` whose loop variables hold traced arrays becomes
  ``lax.fori_loop`` instead of being unrolled (see ``load()``).

What each statement becomes, on a traced value:

* ``if`` -> ``lax.cond`` over the variables the statement sets (both
  branches traced; _jax_cond); ``x if c else y``, ``a and b``, ``a or b``
  -> ``lax.cond`` (the operand JAX does not need is not run); ``not a`` ->
  ``jnp.logical_not``.
* ``while`` -> ``lax.while_loop``; ``maximum_iterations`` from
  ``set_loop_options`` bounds it.
* ``for`` over a traced array -> ``lax.scan`` over its leading axis; over
  ``range(...)`` with a traced bound -> ``lax.fori_loop``; over
  ``enumerate``/``zip`` of those -> ``lax.fori_loop``; with a ``break`` or a
  ``return`` in the body -> ``lax.while_loop`` carrying the flag.
* A Python loop whose test becomes traced (``for i in range(50): ... if
  converged: break``) runs its remaining iterations as ``lax.while_loop``.
* ``print`` with a traced argument -> ``jax.debug.callback`` (prints when the
  compiled code runs, with Python's ``print``); ``assert`` on a traced value
  -> ``jax.experimental.checkify.check`` (wrap the function in
  ``checkify.checkify`` to check it).
* ``range``, ``len``, ``int``, ``float``, ``abs``, ``max``, ``min``,
  ``any``, ``all``, ``sorted``, ``enumerate``, ``zip`` accept traced values.

The variables of a staged statement must be arrays, numbers, bools or
structures of them (lists, tuples, dicts, None), with the same structure,
shape and dtype on both branches and on every iteration; a mismatch is a
TypeError that names the variable and both types, with a note naming the
statement's original line. A Python number on one side takes the other
side's dtype, as it would in ``jnp`` arithmetic.
"""

import sys

from . import core
from ._jax_cond import _UNDEFINED_TYPES, Conditionals


def _import_jax():
    """JAX's modules; ImportError with what to do if JAX is missing."""
    try:
        for name in ("jax", "jax.numpy", "jax.lax", "jax.tree_util"):
            __import__(name)
    except ImportError as e:
        raise ImportError(
            "agc_runtime: the 'jax' backend needs JAX, which cannot be "
            "imported here (%s). Install jax, or select the 'python' or "
            "'staged' backend (AGC_BACKEND / agc_runtime.use())." % e) from e
    return sys.modules["jax"]


_staging = None


def staging():
    """The Staging object (made once); ImportError without JAX."""
    global _staging
    if _staging is None:
        _staging = Staging()
    return _staging


def load():
    """The jax backend's operators (over the python backend's): JAX is
    imported now, and a for loop over a Python range whose loop variables
    hold traced arrays becomes ``lax.fori_loop`` rather than unrolled."""
    from . import _importlib_bootstrap_python as python_ops
    stager = staging()
    python_for = python_ops.for_stmt

    def for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names,
                 opts, nonlocal_reason=None):
        if type(iter_) is range and stager.any_traced(get_state()):
            return stager.range_loop(iter_, extra_test, body, get_state,
                                     set_state, symbol_names, opts)
        return python_for(iter_, extra_test, body, get_state, set_state,
                          symbol_names, opts, nonlocal_reason)

    return {"for_stmt": for_stmt}


class TracedRange:
    """``range()`` with a traced bound: a converted for loop over it becomes
    ``lax.fori_loop``. Python cannot iterate over it."""

    __slots__ = ("start", "stop", "step")

    def __init__(self, start, stop, step):
        self.start, self.stop, self.step = start, stop, step

    def __iter__(self):
        raise TypeError("a range with a traced bound can only be the "
                        "iterable of a converted for loop")

    def __repr__(self):
        return "TracedRange(%r, %r, %r)" % (self.start, self.stop, self.step)


class TracedSequence:
    """``enumerate``/``zip`` over traced arrays or ranges: ``length``
    elements, the i-th from ``item(i)`` (i may be traced)."""

    __slots__ = ("length", "item")

    def __init__(self, length, item):
        self.length, self.item = length, item

    def __iter__(self):
        raise TypeError("enumerate/zip over traced values can only be the "
                        "iterable of a converted for loop")

    def __repr__(self):
        return "TracedSequence(length=%r)" % (self.length,)


class _Sequence:
    """What a staged for loop iterates: ``length`` (an int or traced),
    ``item(i)``, and ``xs`` (the array itself when lax.scan can take it)."""

    __slots__ = ("length", "item", "xs")

    def __init__(self, length, item, xs=None):
        self.length, self.item, self.xs = length, item, xs


class Staging(Conditionals, core.PythonLists):
    """JAX's control flow for the statements the python backend hands over
    (a JAX value decides them)."""

    types = (TracedRange, TracedSequence)

    def __init__(self):
        jax = _import_jax()
        self._jax = jax
        self._lax = sys.modules["jax.lax"]
        self._jnp = sys.modules["jax.numpy"]
        self._tree = sys.modules["jax.tree_util"]
        self._tracer = jax.core.Tracer
        try:
            from jax._src.core import is_concrete
        except ImportError:  # an older or newer JAX: every tracer is traced
            def is_concrete(value):
                return False
        self._is_concrete = is_concrete
        try:
            from jax._src.core import trace_ctx
        except ImportError:  # another JAX: tracers still stage by value
            trace_ctx = _AlwaysTracing
        self._trace_ctx = trace_ctx
        self.tracing = self._fast_tracing() or self.tracing
        # Return values a zero placeholder may stand in for (a return on
        # some traced paths only): FunctionScope.ret refuses them.
        self._maybe_unset = {}
        core.RETURN_CHECKS.append(self._check_return)
        self._int = jax.dtypes.canonicalize_dtype(self._jnp.int64)
        self._float = jax.dtypes.canonicalize_dtype(self._jnp.float64)

    def active(self):
        return True

    def tracing(self):
        """Does JAX trace now (jit, vmap, grad, a lax body...)?"""
        return not self._trace_ctx.is_top_level()

    def _fast_tracing(self):
        """tracing() as a closure over the two thread-local values that
        TracingContext.is_top_level compares (half its cost: every guard
        of an eager call asks it), or None where JAX keeps them elsewhere."""
        try:
            from jax._src import core as jax_core
            trace = jax_core.trace_state_strong_ref
            axis_env = jax_core.axis_env_state
            top_trace = jax_core.eval_trace
            top_axis_env = jax_core.top_axis_env
        except (ImportError, AttributeError):
            return None

        def tracing():
            return trace.value is not top_trace or (
                axis_env.value is not top_axis_env)
        if tracing() != self.tracing():
            return None  # not what is_top_level compares in this JAX
        tracing.__doc__ = Staging.tracing.__doc__
        return tracing

    # -- values -------------------------------------------------------------

    def traced(self, value):
        """Is value a tracer whose value is not known while tracing?"""
        return isinstance(value, self._tracer) and not self._is_concrete(
            value)

    def any_traced(self, values):
        traced = self.traced
        for leaf in self._tree.tree_leaves(values):
            if traced(leaf):
                return True
        return False

    def _aval(self, value):
        """JAX's abstract value of a leaf, or None if it is not a JAX type."""
        try:
            return self._jax.typeof(value)
        except TypeError:
            return None

    def describe(self, value):
        """A value's type as the messages show it: float32[3], a Python
        int (int32[]), None, a list of 2 elements, a str, undefined."""
        if isinstance(value, _UNDEFINED_TYPES):
            return "undefined"
        if value is None:
            return "None"
        kind = type(value)
        if kind in (list, tuple, dict):
            return "a %s of %d element%s" % (
                kind.__name__, len(value), "" if len(value) == 1 else "s")
        aval = self._aval(value)
        if aval is None:
            return "a %s" % kind.__name__
        text = "%s[%s]" % (aval.dtype.name, ",".join(str(d)
                                                      for d in aval.shape))
        if kind in (bool, int, float, complex):
            return "a Python %s (%s)" % (kind.__name__, text)
        return text

    def _check_jax_type(self, name, value, where):
        for leaf in self._tree.tree_leaves(value):
            if self._aval(leaf) is None:
                raise TypeError(
                    "'%s' is %s %s; JAX can only carry arrays, numbers, bools "
                    "and lists, tuples and dicts of them through staged "
                    "control flow" % (name, self.describe(leaf), where))

    # -- if -----------------------------------------------------------------

    # if_stmt and its lax.cond (_cond) are _jax_cond.Conditionals'. A
    # return value that lax.cond or a loop fills with a zero placeholder
    # on some traced paths is noted here; FunctionScope.ret refuses it.

    def _note_unset(self, value):
        if len(self._maybe_unset) > 4096:
            self._maybe_unset.clear()
        self._maybe_unset[id(value)] = value

    def _check_return(self, value, did_return):
        """FunctionScope.ret: a return value that is a zero placeholder on
        some traced path (the function falls off its end there, returning
        None in Python) cannot be staged."""
        if self._maybe_unset.get(id(value)) is value and self.traced(
                did_return):
            raise ValueError(
                "the function returns a value on some paths and none on "
                "others (it ends without a return there), and which one "
                "depends on a traced value: JAX needs a value of the same "
                "type on every path; add a return at the end")

    # -- loops --------------------------------------------------------------

    def while_stmt(self, test, body, get_state, set_state, symbol_names,
                   opts):
        """A while loop whose first test gave a JAX value. The test runs
        once more here: a tracer with a known value keeps Python's loop."""
        first = test()
        if not self.traced(first):
            while first:
                body()
                first = test()
            return
        try:
            self._loop(None, test, None, body, get_state, set_state,
                       symbol_names, opts or {}, "while")
        except Exception as e:
            core.note_origin(e, "while")
            raise

    def for_stmt(self, iter_, extra_test, body, get_state, set_state,
                 symbol_names, opts):
        sequence = self._sequence(iter_)
        if sequence is None:  # a tracer with a known value: Python's loop
            if extra_test is None:
                for target in iter_:
                    body(target)
            elif extra_test():
                for target in iter_:
                    body(target)
                    if not extra_test():
                        break
            return
        try:
            self._loop(sequence, None, extra_test, body, get_state, set_state,
                       symbol_names, opts or {}, "for")
        except Exception as e:
            core.note_origin(e, "for")
            raise

    def range_loop(self, range_, extra_test, body, get_state, set_state,
                   symbol_names, opts):
        """A for loop over a Python range, staged (the jax backend)."""
        sequence = _Sequence(len(range_), self._range_item(range_.start,
                                                           range_.step))
        try:
            self._loop(sequence, None, extra_test, body, get_state, set_state,
                       symbol_names, opts or {}, "for")
        except Exception as e:
            core.note_origin(e, "for")
            raise

    def python_loop_test(self, kind, result, loop):
        """A Python loop whose test became traced: the rest of the loop runs
        as lax.while_loop from the current state. Returns False (done)."""
        if not self.traced(result):
            return bool(result)
        if kind == "while":
            test, body, get_state, set_state, symbol_names, opts = loop
            self.while_stmt(test, body, get_state, set_state, symbol_names,
                            opts)
            return False
        (iterator, extra_test, body, get_state, set_state, symbol_names,
         opts) = loop
        rest = self._rest_of(iterator)
        try:
            if rest is None:
                raise TypeError(
                    "a for loop over a %s cannot stop on a traced condition "
                    "(a break or return that depends on a traced value): "
                    "loop over a range or a JAX array instead"
                    % type(iterator).__name__.replace("_iterator", ""))
            self._loop(rest, None, extra_test, body, get_state, set_state,
                       symbol_names, opts or {}, "for")
        except Exception as e:
            core.note_origin(e, "for")
            raise
        return False

    def _rest_of(self, iterator):
        """The elements a range or list iterator has not given yet, as a
        _Sequence; None for other iterators."""
        kind = type(iterator).__name__
        if kind not in ("range_iterator", "longrange_iterator",
                        "list_iterator", "tuple_iterator"):
            return None
        try:
            _, (items,), index = iterator.__reduce__()
        except (TypeError, ValueError):
            return None
        rest = items[index:]
        if type(rest) is range:
            return _Sequence(len(rest), self._range_item(rest.start,
                                                         rest.step))
        if not rest:
            return _Sequence(0, None)
        try:
            xs = self._jnp.stack([self._jnp.asarray(x) for x in rest])
        except (TypeError, ValueError):
            return None
        return _Sequence(len(rest), xs.__getitem__, xs)

    def _range_item(self, start, step):
        return lambda i: start + i * step

    def _sequence(self, iter_):
        """A staged for loop's _Sequence, or None if iter_ is not traced."""
        kind = type(iter_)
        if kind is TracedRange:
            jnp = self._jnp
            start, stop, step = iter_.start, iter_.stop, iter_.step
            length = jnp.maximum(0, (stop - start + step - jnp.sign(step))
                                 // step)
            return _Sequence(length, self._range_item(start, step))
        if kind is TracedSequence:
            return _Sequence(iter_.length, iter_.item)
        if not self.traced(iter_):
            return None
        if not iter_.shape:
            raise TypeError("iteration over a 0-d array (a traced %s)"
                            % self.describe(iter_))
        return _Sequence(iter_.shape[0], iter_.__getitem__, iter_)

    def _loop(self, sequence, test, extra_test, body, get_state, set_state,
              symbol_names, opts, kind):
        lax, jnp = self._lax, self._jnp
        names = tuple(symbol_names)
        init = tuple(get_state())
        if sequence is not None and type(sequence.length) is int and (
                sequence.length == 0):
            return  # the body never runs, as in Python
        if sequence is None:
            def run_body(i):
                body()
        else:
            item = sequence.item

            def run_body(i):
                body(item(i))
        unset_returns = [i for i, v in enumerate(init)
                         if type(v) is core.UndefinedReturnValue]
        init = self._fill_undefined(names, init, run_body, get_state,
                                    set_state, kind)
        for name, value in zip(names, init):
            if value is None:
                continue
            self._check_jax_type(name, value, "before the %s loop" % kind)
        limit = opts.get("maximum_iterations")

        def step(i, state):
            set_state(state)
            run_body(i)
            new = tuple(get_state())
            self._check_loop_vars(names, state, new, kind)
            return new

        if (sequence is not None and extra_test is None and limit is None):
            if sequence.xs is not None:
                def scan_step(state, x):
                    set_state(state)
                    body(x)
                    new = tuple(get_state())
                    self._check_loop_vars(names, state, new, kind)
                    return new, None
                final, _ = lax.scan(scan_step, init, sequence.xs)
            else:
                final = lax.fori_loop(0, sequence.length, step, init)
            for i in unset_returns:
                self._note_unset(final[i])
            set_state(final)
            return

        def truth(value):
            if isinstance(value, self._tracer) or self._aval(value) is not None:
                value = jnp.asarray(value)
                if value.dtype != bool and value.shape == ():
                    value = value != 0
                return value
            return bool(value)

        # A while loop without maximum_iterations carries no counter.
        counted = sequence is not None or limit is not None

        def cond_fun(carry):
            i, state = carry if counted else (None, carry)
            set_state(state)
            go = True
            if sequence is None:
                go = truth(test())
            else:
                go = i < sequence.length
                if extra_test is not None:
                    go = jnp.logical_and(go, truth(extra_test()))
            if limit is not None:
                go = jnp.logical_and(go, i < limit)
            return jnp.asarray(go)

        def body_fun(carry):
            if not counted:
                return step(None, carry)
            i, state = carry
            return i + 1, step(i, state)

        final = lax.while_loop(cond_fun, body_fun,
                               (0, init) if counted else init)
        final = final[1] if counted else final
        for i in unset_returns:
            self._note_unset(final[i])
        set_state(final)

    def _fill_undefined(self, names, init, run_body, get_state, set_state,
                        kind):
        """Placeholders for loop variables that are first set in the loop:
        one trial trace of the body (jax.eval_shape) gives their type."""
        missing = [i for i, v in enumerate(init)
                   if isinstance(v, _UNDEFINED_TYPES)]
        if not missing:
            return init
        jax, jnp = self._jax, self._jnp

        def trial():
            set_state(init)
            run_body(0)
            after = tuple(get_state())
            for i in missing:
                if isinstance(after[i], _UNDEFINED_TYPES):
                    raise _StillUndefined(i)
            return [after[i] for i in missing]

        try:
            shapes = jax.eval_shape(trial)
        except _StillUndefined as e:
            raise self._undefined_error(names, init, e.args[0], kind) from None
        except (UnboundLocalError, NameError) as e:
            raise self._undefined_error(names, init, missing[0],
                                        kind) from e
        finally:
            set_state(init)
        filled = list(init)
        for i, shape in zip(missing, shapes):
            filled[i] = self._tree.tree_map(
                lambda s: jnp.zeros(s.shape, s.dtype), shape)
        return tuple(filled)

    def _undefined_error(self, names, init, i, kind):
        if type(init[i]) is core.UndefinedReturnValue:
            return ValueError(
                "a return inside this %s loop on a traced value does not "
                "always give a value; JAX's loop needs it on every path"
                % kind)
        return ValueError(
            "'%s' must be defined before the %s loop: the loop is staged "
            "(its test or iterable is traced) and JAX's loop carries '%s' "
            "from one iteration to the next" % (names[i], kind, names[i]))

    def _check_loop_vars(self, names, before, after, kind):
        for name, a, b in zip(names, before, after):
            if a is b:
                continue
            tree = self._tree
            if tree.tree_structure(a) != tree.tree_structure(b):
                raise TypeError(
                    "'%s' is %s before the %s loop but %s after one "
                    "iteration: a loop on a traced value becomes a JAX loop, "
                    "whose variables keep their structure, shape and dtype"
                    % (name, self.describe(a), kind, self.describe(b)))
            for x, y in zip(tree.tree_leaves(a), tree.tree_leaves(b)):
                ax, ay = self._aval(x), self._aval(y)
                if ay is None:
                    self._check_jax_type(name, y, "after one iteration")
                if ax.shape != ay.shape:
                    raise TypeError(
                        "'%s' has shape (%s) before the %s loop but shape "
                        "(%s) after one iteration: a loop on a traced value "
                        "becomes a JAX loop, whose variables keep their shape"
                        % (name, ",".join(str(d) for d in ax.shape), kind,
                           ",".join(str(d) for d in ay.shape)))
                if ax.dtype != ay.dtype and not ax.weak_type and (
                        not ay.weak_type):
                    raise TypeError(
                        "'%s' has dtype %s before the %s loop but dtype %s "
                        "after one iteration: a loop on a traced value "
                        "becomes a JAX loop, whose variables keep their dtype"
                        % (name, ax.dtype.name, kind, ay.dtype.name))

    # -- expressions --------------------------------------------------------

    def if_exp(self, cond, if_true, if_false, expr_repr):
        if not self.traced(cond):
            return if_true() if cond else if_false()
        return self._cond(cond, lambda: (if_true(),), lambda: (if_false(),),
                          (expr_repr,), "if expression")[0]

    def and_(self, value, b):
        if not self.traced(value):
            return value and b()
        return self._cond(value, lambda: (b(),), lambda: (value,),
                          ("and",), "and")[0]

    def or_(self, value, b):
        if not self.traced(value):
            return value or b()
        return self._cond(value, lambda: (value,), lambda: (b(),),
                          ("or",), "or")[0]

    def not_(self, a):
        if not self.traced(a):
            return not a
        return self._jnp.logical_not(a)

    def eq(self, a, b):
        return a == b

    def not_eq(self, a, b):
        return a != b

    # -- calls, asserts -----------------------------------------------------

    def call_builtin(self, f, args, kwargs):
        handler = _BUILTINS.get(f.__name__)
        if handler is not None and (self.any_traced(args) or any(
                type(a) in self.types for a in args)):
            result = handler(self, args, kwargs or {})
            if result is not NotImplemented:
                return result
        return f(*args, **(kwargs or {}))

    def assert_stmt(self, expression1, expression2):
        if not self.traced(expression1):
            if expression2 is None:
                assert expression1
            else:
                assert expression1, expression2()
            return
        if not __debug__:
            return
        from jax.experimental import checkify
        message = "Assertion error" if expression2 is None else str(
            expression2())
        checkify.check(expression1, message.replace("{", "{{").replace(
            "}", "}}"))

    # lists, items: Python's own operations (core.PythonLists; JAX arrays
    # are not lists).


class _AlwaysTracing:
    """Stands in for JAX's trace context where it cannot be found: converted
    code then always runs (as with --converted-only)."""

    @staticmethod
    def is_top_level():
        return False


class _StillUndefined(Exception):
    pass


# ---------------------------------------------------------------------------
# Builtins on traced values: handler(staging, args, kwargs) -> result, or
# NotImplemented for Python's builtin (and its error).
# ---------------------------------------------------------------------------


def _print(s, args, kwargs):
    tree = s._tree
    leaves, treedef = tree.tree_flatten(list(args))
    traced_at = [i for i, leaf in enumerate(leaves) if s.traced(leaf)]

    def show(*values):
        filled = list(leaves)
        for i, value in zip(traced_at, values):
            filled[i] = value
        print(*tree.tree_unflatten(treedef, filled), **kwargs)

    s._jax.debug.callback(show, *[leaves[i] for i in traced_at],
                          ordered=True)
    return None


def _range(s, args, kwargs):
    if not 1 <= len(args) <= 3:
        return NotImplemented
    for a in args:
        if s.traced(a) and s._jnp.issubdtype(a.dtype, s._jnp.floating):
            raise TypeError("range() of a traced %s: its bounds must be "
                            "integers" % s.describe(a))
    if len(args) == 1:
        return TracedRange(0, args[0], 1)
    step = args[2] if len(args) == 3 else 1
    if type(step) is int and step == 0:
        raise ValueError("range() arg 3 must not be zero")
    return TracedRange(args[0], args[1], step)


def _len(s, args, kwargs):
    if len(args) == 1 and type(args[0]) in (TracedRange, TracedSequence):
        sequence = s._sequence(args[0])
        return sequence.length
    return NotImplemented


def _cast(dtype_of):
    def cast(s, args, kwargs):
        if len(args) != 1 or not s.traced(args[0]):
            return NotImplemented
        x = args[0]
        if x.shape != ():
            raise TypeError("only scalar arrays can be converted to Python "
                            "scalars (a traced %s)" % s.describe(x))
        return s._lax.convert_element_type(x, dtype_of(s))
    return cast


def _extremum(name):
    def extremum(s, args, kwargs):
        jnp = s._jnp
        if kwargs:
            return NotImplemented
        if len(args) == 1:
            x = args[0]
            if not s.traced(x) or not x.shape:
                return NotImplemented
            return getattr(jnp, name)(x, axis=0)
        pick = jnp.maximum if name == "max" else jnp.minimum
        result = args[0]
        for x in args[1:]:
            result = pick(result, x)
        return result
    return extremum


def _reduction(name):
    def reduce(s, args, kwargs):
        if len(args) != 1 or not s.traced(args[0]) or args[0].ndim != 1:
            return NotImplemented
        return getattr(s._jnp, name)(args[0])
    return reduce


def _sorted(s, args, kwargs):
    if len(args) != 1 or set(kwargs) - {"reverse"} or not s.traced(
            args[0]) or args[0].ndim != 1:
        return NotImplemented
    x = s._jnp.sort(args[0])
    # A list of 0-d arrays, as Python's sorted gives for a vector.
    return list(x[::-1] if kwargs.get("reverse") else x)


def _as_sequence(s, x):
    if type(x) in (TracedRange, TracedSequence) or s.traced(x):
        return s._sequence(x)
    if type(x) in (list, tuple, range):
        xs = s._jnp.asarray(x)
        return _Sequence(len(x), xs.__getitem__, xs)
    raise TypeError("cannot combine a traced value with a %s in "
                    "enumerate() or zip(); use a list or an array"
                    % type(x).__name__)


def _enumerate(s, args, kwargs):
    if len(args) + len(kwargs) > 2 or set(kwargs) - {"start"}:
        return NotImplemented
    sequence = _as_sequence(s, args[0])
    start = args[1] if len(args) > 1 else kwargs.get("start", 0)
    item = sequence.item
    return TracedSequence(sequence.length, lambda i: (i + start, item(i)))


def _zip(s, args, kwargs):
    if not args:
        return NotImplemented
    parts = [_as_sequence(s, a) for a in args]
    length = parts[0].length
    for part in parts[1:]:
        length = s._jnp.minimum(length, part.length) if (
            type(length) is not int or type(part.length) is not int) else min(
                length, part.length)
    return TracedSequence(length, lambda i: tuple(p.item(i) for p in parts))


_BUILTINS = {
    "print": _print,
    "range": _range,
    "len": _len,
    "int": _cast(lambda s: s._int),
    "float": _cast(lambda s: s._float),
    "max": _extremum("max"),
    "min": _extremum("min"),
    "any": _reduction("any"),
    "all": _reduction("all"),
    "sorted": _sorted,
    "enumerate": _enumerate,
    "zip": _zip,
}
