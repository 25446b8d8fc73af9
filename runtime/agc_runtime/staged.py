"""The staged backend's symbolic value, its staging checks, and ``run``.

``Value`` stands for a graph tensor: it has a dtype (bool, int, float, str)
and a static shape (``()`` for a scalar, ``(n,)`` for a fixed-length list,
and so on), supports arithmetic and comparisons elementwise, and refuses
everything a graph tensor refuses -- ``bool()``, ``len()``, iteration,
conversion to a Python int or float. Unlike a real tensor it also carries the
concrete value it will have when the graph runs, so converted code run on the
staged backend computes real results that tests compare with the original.

Staging traces code a graph runtime would not execute: the untaken branch of
a staged ``if``, a loop body traced once although the loop runs zero times.
While such code is traced the module is "not live": errors that depend on
concrete values (division by zero, an index out of range) do not raise but
poison the value, which raises only if something live ever reads it, and
``print`` is silent -- as with ``tf.print``, output appears only for code that
runs. Type errors (adding a str to an int) raise wherever they are traced.

The control-flow operators that use these checks live in
``_importlib_bootstrap_staged.py``; ``run(fn, *args)`` is the entry point
for tests and users.
"""

import builtins as _builtins

try:
    import _operator
except ImportError:  # blocked, as CPython's tests of pure-Python modules do
    class _operator:  # noqa: N801 - stands for the module
        add = staticmethod(lambda a, b: a + b)
        and_ = staticmethod(lambda a, b: a & b)
        eq = staticmethod(lambda a, b: a == b)
        floordiv = staticmethod(lambda a, b: a // b)
        ge = staticmethod(lambda a, b: a >= b)
        gt = staticmethod(lambda a, b: a > b)
        invert = staticmethod(lambda a: ~a)
        le = staticmethod(lambda a, b: a <= b)
        lshift = staticmethod(lambda a, b: a << b)
        lt = staticmethod(lambda a, b: a < b)
        mod = staticmethod(lambda a, b: a % b)
        mul = staticmethod(lambda a, b: a * b)
        ne = staticmethod(lambda a, b: a != b)
        neg = staticmethod(lambda a: -a)
        or_ = staticmethod(lambda a, b: a | b)
        pos = staticmethod(lambda a: +a)
        pow = staticmethod(lambda a, b: a ** b)
        rshift = staticmethod(lambda a, b: a >> b)
        sub = staticmethod(lambda a, b: a - b)
        truediv = staticmethod(lambda a, b: a / b)
        xor = staticmethod(lambda a, b: a ^ b)

from .core import Undefined, UndefinedReturnValue

# The runtime's own calls to builtins (len, type, ...) see the builtins as
# they were when it was imported: a program that replaces builtins.len, say
# with an lru_cache-wrapped (converted) len, must not send the runtime's
# converted_call into its own wrapper. Functions take their builtins from
# this name when they are defined.
__builtins__ = dict(_builtins.__dict__)

_DTYPE_OF = {bool: "bool", int: "int", float: "float", str: "str"}
_PY_TYPE = {"bool": bool, "int": int, "float": float, "str": str}
_ZERO = {"bool": False, "int": 0, "float": 0.0, "str": ""}
_SAMPLE = {"bool": True, "int": 3, "float": 1.5, "str": "s"}

# Errors that depend on concrete values; deferred while tracing dead code.
_VALUE_ERRORS = (ArithmeticError, ValueError, LookupError)

# True while executing code the graph would run; see the module docstring.
_live = True


def is_live():
    return _live


class OperatorNotAllowedError(TypeError):
    """A staged value was used where Python needs a concrete one."""


# ---------------------------------------------------------------------------
# Value
# ---------------------------------------------------------------------------


def _describe(shape):
    return repr(tuple(shape))


class Value:
    """A staged (symbolic) value with a concrete value attached."""

    __slots__ = ("_c", "dtype", "shape", "_err")
    __hash__ = None

    def __init__(self, value, dtype=None, shape=None):
        if type(value) is Value:
            c, d, s = value._c, value.dtype, value.shape
        else:
            c, d, s = _from_python(value, dtype)
        if dtype is not None and dtype != d:
            raise TypeError("value has dtype %s, not %s" % (d, dtype))
        if shape is not None and tuple(shape) != s:
            raise ValueError("value has shape %s, not %s"
                             % (_describe(s), _describe(tuple(shape))))
        self._c, self.dtype, self.shape, self._err = c, d, s, None

    # -- what a graph tensor refuses -------------------------------------

    def __bool__(self):
        raise OperatorNotAllowedError(
            "using a staged %s as a Python bool is not allowed: its value is "
            "only known when the graph runs (use it in converted control "
            "flow instead)" % self.dtype)

    def __len__(self):
        raise TypeError(
            "len() is not defined for a staged value; converted code calls "
            "len_() (shape %s)" % _describe(self.shape))

    def __iter__(self):
        raise TypeError(
            "iterating over a staged value is not allowed: use it as the "
            "iterable of a converted for loop")

    def __contains__(self, item):
        raise TypeError("'in' is not defined for a staged value")

    def __index__(self):
        raise TypeError("a staged value cannot be used as a Python index")

    def __int__(self):
        raise TypeError("a staged value cannot be converted to a Python int; "
                        "converted code calls int_()")

    def __float__(self):
        raise TypeError("a staged value cannot be converted to a Python "
                        "float; converted code calls float_()")

    def __complex__(self):
        raise TypeError("a staged value cannot be converted to complex")

    # -- inspection -------------------------------------------------------

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def value(self):
        """The concrete value (raises the deferred error of a poisoned one)."""
        return concrete(self)

    def __repr__(self):
        if self._err is not None:
            shown = "<error: %s>" % type(self._err).__name__
        else:
            shown = repr(self._c)
        return "staged.Value(%s, dtype=%r, shape=%s)" % (
            shown, self.dtype, _describe(self.shape))

    __str__ = __repr__

    # -- arithmetic and comparisons (elementwise) --------------------------

    def __add__(self, o): return _binary(self, o, _operator.add)
    def __radd__(self, o): return _binary(o, self, _operator.add)
    def __sub__(self, o): return _binary(self, o, _operator.sub)
    def __rsub__(self, o): return _binary(o, self, _operator.sub)
    def __mul__(self, o): return _binary(self, o, _operator.mul)
    def __rmul__(self, o): return _binary(o, self, _operator.mul)
    def __truediv__(self, o): return _binary(self, o, _operator.truediv)
    def __rtruediv__(self, o): return _binary(o, self, _operator.truediv)
    def __floordiv__(self, o): return _binary(self, o, _operator.floordiv)
    def __rfloordiv__(self, o): return _binary(o, self, _operator.floordiv)
    def __mod__(self, o): return _binary(self, o, _operator.mod)
    def __rmod__(self, o): return _binary(o, self, _operator.mod)
    def __pow__(self, o): return _binary(self, o, _operator.pow)
    def __rpow__(self, o): return _binary(o, self, _operator.pow)
    def __and__(self, o): return _binary(self, o, _operator.and_)
    def __rand__(self, o): return _binary(o, self, _operator.and_)
    def __or__(self, o): return _binary(self, o, _operator.or_)
    def __ror__(self, o): return _binary(o, self, _operator.or_)
    def __xor__(self, o): return _binary(self, o, _operator.xor)
    def __rxor__(self, o): return _binary(o, self, _operator.xor)
    def __lshift__(self, o): return _binary(self, o, _operator.lshift)
    def __rlshift__(self, o): return _binary(o, self, _operator.lshift)
    def __rshift__(self, o): return _binary(self, o, _operator.rshift)
    def __rrshift__(self, o): return _binary(o, self, _operator.rshift)
    def __lt__(self, o): return _binary(self, o, _operator.lt)
    def __le__(self, o): return _binary(self, o, _operator.le)
    def __gt__(self, o): return _binary(self, o, _operator.gt)
    def __ge__(self, o): return _binary(self, o, _operator.ge)
    def __eq__(self, o): return _binary(self, o, _operator.eq)
    def __ne__(self, o): return _binary(self, o, _operator.ne)
    def __neg__(self): return _unary(self, _operator.neg)
    def __pos__(self): return _unary(self, _operator.pos)
    def __abs__(self): return _unary(self, abs)
    def __invert__(self): return _unary(self, _operator.invert)

    def __getitem__(self, key):
        return getitem(self, key)


def _make(c, dtype, shape, err=None):
    v = object.__new__(Value)
    v._c, v.dtype, v.shape, v._err = c, dtype, shape, err
    return v


def _zeros(dtype, shape):
    if not shape:
        return _ZERO[dtype]
    return [_zeros(dtype, shape[1:]) for _ in range(shape[0])]


def _poisoned(dtype, shape, err):
    return _make(_zeros(dtype, shape), dtype, shape, err)


def _from_python(x, dtype=None):
    """(concrete, dtype, shape) of a Python scalar or (nested) list/tuple."""
    t = type(x)
    if t in _DTYPE_OF:
        d = _DTYPE_OF[t]
        if dtype == "float" and d in ("int", "bool"):
            return float(x), "float", ()
        return x, d, ()
    if t is Value:
        return concrete(x), x.dtype, x.shape
    if t is list or t is tuple:
        if not x:
            if dtype is None:
                raise ValueError("cannot stage an empty list without a dtype")
            return [], dtype, (0,)
        parts = [_from_python(e, dtype) for e in x]
        shapes = {p[2] for p in parts}
        if len(shapes) != 1:
            raise ValueError("cannot stage a ragged list (element shapes %s)"
                             % ", ".join(sorted(_describe(s) for s in shapes)))
        dtypes = {p[1] for p in parts}
        if dtypes == {"int", "float"}:
            return [_cast_tree(p[0], float) for p in parts], "float", \
                (len(x),) + parts[0][2]
        if len(dtypes) != 1:
            raise TypeError("cannot stage a list of mixed dtypes (%s)"
                            % ", ".join(sorted(dtypes)))
        return [p[0] for p in parts], dtypes.pop(), (len(x),) + parts[0][2]
    raise TypeError("cannot stage a value of type %s" % t.__name__)


def _cast_tree(c, fn):
    if type(c) is list:
        return [_cast_tree(e, fn) for e in c]
    return fn(c)


def _operand(x):
    """(concrete, dtype, shape, err) of an operand, or None if unsupported."""
    t = type(x)
    if t is Value:
        return x._c, x.dtype, x.shape, x._err
    d = _DTYPE_OF.get(t)
    if d is not None:
        return x, d, (), None
    if t is list:
        try:
            c, d, s = _from_python(x)
        except (TypeError, ValueError):
            return None
        return c, d, s, None
    return None


def _broadcast(sa, sb):
    if sa == sb or not sb:
        return sa
    if not sa:
        return sb
    raise ValueError("staged shapes %s and %s are incompatible"
                     % (_describe(sa), _describe(sb)))


def _map2(fn, a, b, sa, sb):
    if not sa and not sb:
        return fn(a, b)
    if not sa:
        return [_map2(fn, a, y, sa, sb[1:]) for y in b]
    if not sb:
        return [_map2(fn, x, b, sa[1:], sb) for x in a]
    return [_map2(fn, x, y, sa[1:], sb[1:]) for x, y in zip(a, b)]


def _map1(fn, a, sa):
    if not sa:
        return fn(a)
    return [_map1(fn, x, sa[1:]) for x in a]


def _leaves(c, shape):
    if not shape:
        yield c
    else:
        for e in c:
            yield from _leaves(e, shape[1:])


def _result(c, shape, sample_dtype):
    """Wraps a computed concrete result, taking the dtype from its leaves."""
    types = {type(leaf) for leaf in _leaves(c, shape)}
    if not types:
        return _make(c, sample_dtype(), shape)
    if types == {int, float}:
        return _make(_cast_tree(c, float), "float", shape)
    if len(types) != 1 or types.copy().pop() not in _DTYPE_OF:
        raise TypeError("staged operation produced values of type %s"
                        % ", ".join(sorted(t.__name__ for t in types)))
    return _make(c, _DTYPE_OF[types.pop()], shape)


def _binary(a, b, op):
    pa = _operand(a)
    pb = _operand(b)
    if pa is None or pb is None:
        return NotImplemented
    ca, da, sa, ea = pa
    cb, db, sb, eb = pb
    shape = _broadcast(sa, sb)
    err = ea or eb

    def sample_dtype():
        return _DTYPE_OF[type(op(_SAMPLE[da], _SAMPLE[db]))]

    if err is None:
        try:
            return _result(_map2(op, ca, cb, sa, sb), shape, sample_dtype)
        except _VALUE_ERRORS as e:
            if _live:
                raise
            err = e
    return _poisoned(sample_dtype(), shape, err)


def _unary(a, op):
    ca, da, sa, err = _operand(a)

    def sample_dtype():
        return _DTYPE_OF[type(op(_SAMPLE[da]))]

    if err is None:
        try:
            return _result(_map1(op, ca, sa), sa, sample_dtype)
        except _VALUE_ERRORS as e:
            if _live:
                raise
            err = e
    return _poisoned(sample_dtype(), sa, err)


def unary(a, fn, out_dtype=None):
    """Applies a Python function elementwise (used by the builtin overloads).

    out_dtype fixes the result dtype (for casts); otherwise it is taken from
    the results.
    """
    ca, da, sa, err = _operand(a)
    if out_dtype is not None:
        py = _PY_TYPE[out_dtype]

        def sample_dtype():
            return out_dtype

        def wrapped(x):
            return py(fn(x))
    else:
        def sample_dtype():
            return _DTYPE_OF[type(fn(_SAMPLE[da]))]
        wrapped = fn
    if err is None:
        try:
            return _result(_map1(wrapped, ca, sa), sa, sample_dtype)
        except _VALUE_ERRORS as e:
            if _live:
                raise
            err = e
    return _poisoned(sample_dtype(), sa, err)


def getitem(v, key):
    """Indexing or slicing along the first dimension of a staged value."""
    if not v.shape:
        raise TypeError("a scalar staged %s cannot be indexed" % v.dtype)
    err = v._err
    if type(key) is slice:
        bounds = []
        for b in (key.start, key.stop, key.step):
            if type(b) is Value:
                if b.dtype not in ("int", "bool") or b.shape:
                    raise TypeError("staged slice bounds must be int scalars")
                err = err or b._err
                b = b._c
            bounds.append(b)
        sl = slice(*bounds)
        length = len(range(*sl.indices(v.shape[0])))
        shape = (length,) + v.shape[1:]
        if err is not None:
            return _poisoned(v.dtype, shape, err)
        return _make(v._c[sl], v.dtype, shape)
    if type(key) is Value:
        if key.dtype != "int" or key.shape:
            raise TypeError("a staged index must be an int scalar, got a %s "
                            "of shape %s" % (key.dtype, _describe(key.shape)))
        err = err or key._err
        index = key._c
    elif type(key) is int or type(key) is bool:
        index = key
    else:
        raise TypeError("staged values are indexed by int or slice, not %s"
                        % type(key).__name__)
    shape = v.shape[1:]
    if err is None:
        try:
            return _make(v._c[index], v.dtype, shape)
        except IndexError as e:
            if _live:
                raise
            err = e
    return _poisoned(v.dtype, shape, err)


def make_list(elements, dtype, shape):
    """A staged list from already computed elements (concrete leaves)."""
    return _make(elements, dtype, shape)


# ---------------------------------------------------------------------------
# Conversions between plain and staged values
# ---------------------------------------------------------------------------


def is_staged(x):
    return type(x) is Value


def concrete(v):
    """The concrete value of a Value; raises its deferred error if poisoned."""
    if v._err is not None:
        raise v._err
    c = v._c
    return _copy_tree(c) if type(c) is list else c


def _copy_tree(c):
    return [_copy_tree(e) if type(e) is list else e for e in c]


def stage(x):
    """Wraps a plain value the way a graph runtime would see an argument.

    bool/int/float/str become scalar Values; a non-empty list of scalars of
    one dtype (or nested lists of equal length) becomes a list Value; tuples
    and dicts are staged element by element; anything else is returned as it
    is.
    """
    t = type(x)
    if t in _DTYPE_OF or t is Value:
        return Value(x)
    if t is list:
        try:
            return Value(x)
        except (TypeError, ValueError):
            return x
    if t is tuple:
        return tuple(stage(e) for e in x)
    if t is dict:
        return {k: stage(e) for k, e in x.items()}
    return x


def unstage(x):
    """The plain value of x: Values become Python values, recursively."""
    t = type(x)
    if t is Value:
        return concrete(x)
    if t is tuple:
        return tuple(unstage(e) for e in x)
    if t is list:
        return [unstage(e) for e in x]
    if t is dict:
        return {k: unstage(e) for k, e in x.items()}
    return x


def as_staged(x):
    """Loop and branch outputs: Python scalars become Values (recursively)."""
    t = type(x)
    if t in _DTYPE_OF:
        return _make(x, _DTYPE_OF[t], ())
    if t is tuple:
        return tuple(as_staged(e) for e in x)
    if t is list:
        return [as_staged(e) for e in x]
    if t is dict:
        return {k: as_staged(e) for k, e in x.items()}
    return x


def placeholder_like(x):
    """A zero value with the dtype/shape/structure of x."""
    t = type(x)
    if t is Value:
        return _make(_zeros(x.dtype, x.shape), x.dtype, x.shape)
    if t in _DTYPE_OF:
        return _make(_ZERO[_DTYPE_OF[t]], _DTYPE_OF[t], ())
    if t is tuple:
        return tuple(placeholder_like(e) for e in x)
    if t is list:
        return [placeholder_like(e) for e in x]
    if t is dict:
        return {k: placeholder_like(e) for k, e in x.items()}
    return x


def condition(v, what):
    """Concrete truth of a staged condition, or None in dead code.

    A staged condition must be a scalar bool, as for a graph runtime.
    """
    if v.dtype != "bool" or v.shape:
        raise TypeError("the condition of %s must be a scalar bool, got a "
                        "staged %s of shape %s"
                        % (what, v.dtype, _describe(v.shape)))
    if v._err is not None:
        if _live:
            raise v._err
        return None
    return v._c


# ---------------------------------------------------------------------------
# Staging checks (AutoGraph-style messages naming the symbol)
# ---------------------------------------------------------------------------


def _spec(x):
    """dtype/shape of a stageable leaf, or None for other objects."""
    t = type(x)
    if t is Value:
        return x.dtype, x.shape
    d = _DTYPE_OF.get(t)
    if d is not None:
        return d, ()
    return None


def _structure_error(a, b):
    """Why a and b do not have the same nested structure, or None."""
    ta, tb = type(a), type(b)
    if ta in (tuple, list, dict) or tb in (tuple, list, dict):
        if ta is not tb:
            return "%s vs %s" % (ta.__name__, tb.__name__)
        if ta is dict:
            if sorted(a, key=repr) != sorted(b, key=repr):
                return "dict keys %s vs %s" % (sorted(a, key=repr),
                                               sorted(b, key=repr))
            for k in a:
                why = _structure_error(a[k], b[k])
                if why:
                    return why
            return None
        if len(a) != len(b):
            return "%s of length %d vs %d" % (ta.__name__, len(a), len(b))
        for x, y in zip(a, b):
            why = _structure_error(x, y)
            if why:
                return why
    return None


def _pairs(a, b):
    """Leaf pairs of two values of the same structure."""
    t = type(a)
    if t is dict:
        for k in a:
            yield from _pairs(a[k], b[k])
    elif t is tuple or t is list:
        for x, y in zip(a, b):
            yield from _pairs(x, y)
    else:
        yield a, b


def _has_none(x):
    t = type(x)
    if x is None:
        return True
    if t is dict:
        return any(_has_none(e) for e in x.values())
    if t is tuple or t is list:
        return any(_has_none(e) for e in x)
    return False


def _undefined_kind(x):
    if type(x) is Undefined:
        return "undefined"
    if type(x) is UndefinedReturnValue:
        return "return"
    return None


def _is_return_value(name):
    """Whether `name` is the return-value variable of return_statements
    (`retval_`, or `retval__1`, ... when the function uses that name)."""
    rest = name[len("retval_"):] if name.startswith("retval_") else None
    return rest == "" or (rest is not None and rest.startswith("_")
                          and rest[1:].isdigit())


def check_branch(name, value, branch):
    kind = _undefined_kind(value)
    if kind == "undefined":
        raise ValueError("'%s' must also be initialized in the %s branch"
                         % (name, branch))
    if kind == "return":
        raise ValueError("the %s branch must also have a return statement."
                         % branch)
    if _has_none(value):
        if _is_return_value(name):
            raise ValueError(
                "the function returns None at the end of the %s branch; a "
                "return that depends on a staged condition must return a "
                "value (not None) on every path" % branch)
        raise ValueError("'%s' is None at the end of the %s branch."
                         % (name, branch))


def merge_branches(name, main, orelse, take_main):
    """The output of a staged if for one symbol, after the staging checks."""
    why = _structure_error(main, orelse)
    if why:
        raise TypeError("'%s' must have the same nested structure in the "
                        "main and else branches: %s" % (name, why))
    for a, b in _pairs(main, orelse):
        sa, sb = _spec(a), _spec(b)
        if sa is None or sb is None:
            if a is not b:
                raise TypeError(
                    "'%s' is a %s in the main branch and a %s in the else "
                    "branch; a staged if can only output bool, int, float and "
                    "str values (or the same object on both paths)"
                    % (name, type(a).__name__, type(b).__name__))
            continue
        if sa[0] != sb[0]:
            raise TypeError("'%s' has dtype %s in the main branch, but dtype "
                            "%s in the else branch" % (name, sa[0], sb[0]))
    return as_staged(main if take_main else orelse)


def check_loop_init(name, value):
    if _has_none(value):
        raise ValueError("'%s' is not allowed to be None before the loop"
                         % name)


def check_loop_var(name, entry, exit_, invariant=None):
    """Checks one loop variable after an iteration (entry -> exit_)."""
    kind = _undefined_kind(exit_)
    if kind == "undefined":
        raise ValueError("'%s' must be defined at the end of the iteration"
                         % name)
    if _has_none(exit_):
        if _is_return_value(name):
            raise ValueError("the function returns None inside a staged "
                             "loop; return a value (not None)")
        raise ValueError("'%s' is None at the end of the iteration." % name)
    why = _structure_error(entry, exit_)
    if why:
        raise TypeError("'%s' does not have the same nested structure after "
                        "one iteration: %s" % (name, why))
    for a, b in _pairs(entry, exit_):
        sa, sb = _spec(a), _spec(b)
        if sa is None or sb is None:
            if a is not b and (sa is not None or sb is not None):
                raise TypeError(
                    "'%s' is a %s before the loop and a %s after one "
                    "iteration" % (name, type(a).__name__, type(b).__name__))
            continue
        if sa[0] != sb[0]:
            raise TypeError("'%s' has dtype %s before the loop and %s after "
                            "one iteration" % (name, sa[0], sb[0]))
        if invariant is not None:
            if len(invariant) != len(sb[1]) or any(
                    d is not None and d != e for d, e in zip(invariant, sb[1])):
                raise ValueError(
                    "'%s' has shape %s after one iteration, which is not "
                    "compatible with its shape invariant %s"
                    % (name, _describe(sb[1]), _describe(tuple(invariant))))
        elif sa[1] != sb[1]:
            raise ValueError("'%s' has shape %s before the loop and shape %s "
                             "after one iteration (set_loop_options("
                             "shape_invariants=...) relaxes this)"
                             % (name, _describe(sa[1]), _describe(sb[1])))


# ---------------------------------------------------------------------------
# Entry point
# ---------------------------------------------------------------------------


def run(fn, *args, **kwargs):
    """Runs converted fn on the staged backend with staged arguments.

    Arguments are wrapped with ``stage``; the result is returned with
    ``unstage``. The backend selected before the call is restored after it.
    """
    global _live
    from . import backend, use
    previous = backend()
    saved_live = _live
    use("staged")
    _live = True
    try:
        result = fn(*[stage(a) for a in args],
                    **{k: stage(v) for k, v in kwargs.items()})
    finally:
        _live = saved_live
        use(previous)
    return unstage(result)
