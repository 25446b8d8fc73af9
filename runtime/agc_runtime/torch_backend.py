"""PyTorch: staging converted code with ``torch.cond`` and ``while_loop``.

Two ways in, one ``Staging``:

* **Staging without configuration** (the default): the python backend hands
  a statement to ``Staging`` (``staging()``) when the value deciding it is a
  ``torch.Tensor`` while PyTorch traces: ``torch.export.export`` (strict and
  non-strict) and ``torch.compile`` (``torch.compiler.is_compiling()``).
  Eager tensors, and every other value, keep Python's semantics.
* **The torch backend** (``AGC_BACKEND=torch`` or ``agc_runtime.use('torch')``):
  the same, with PyTorch imported when the backend is selected (an
  ImportError then, not at the first traced tensor).

PyTorch's higher-order operators refuse bodies that assign variables of the
enclosing function, so PyTorch stages only the functional form of the
converted control flow (``agc convert``'s default: ``if_stmt_fn``,
``while_stmt_fn``, ``for_stmt_fn``); the get_state/set_state form (``if_stmt``,
...) meeting a traced tensor is a TypeError that says so: for a statement
that kept that form in functional output, naming its original line and why
agc kept it (the operator's ``nonlocal_reason``).

What each statement becomes, on a traced tensor:

* ``if`` -> ``torch.cond`` over the statement's outputs (both branches
  traced), or ``torch.where`` on each output when the code of both branches
  only moves values, sets constants, adds and subtracts (``_branch_kind``:
  a break or return flag, a counter), which cannot differ from a cond
  running one branch (``Staging._selects``) and costs far less in a loop;
  ``x if c else y`` -> ``torch.cond``;
* ``while`` -> ``torch._higher_order_ops.while_loop``;
* ``for`` over ``range(...)`` with a tensor bound, or over a tensor's leading
  axis (while tracing) -> ``while_loop`` carrying the index (a ``break`` or
  ``return`` in the body is the carried flag the converter made);
* a Python ``while``, or ``for`` over a ``range``, whose test or break flag
  becomes a traced tensor after some iterations -> the rest of the loop is
  a ``while_loop`` from the state reached (``python_loop_test_fn``);
* ``a and b`` / ``a or b`` / ``not a`` on a tensor -> ``torch.logical_and``
  / ``torch.logical_or`` / ``torch.logical_not`` (both operands are
  evaluated: a traced tensor has no truth value to short-circuit on);
* ``print`` with a tensor argument -> PyTorch's ``print`` higher-order
  operator (``torch._higher_order_ops.print``), which stays in the graph and
  prints when the exported or compiled program runs;
* ``range``, ``len``, ``int``, ``float``, ``abs`` accept traced tensors;
* ``x[..., t, ...]`` read or written (``ag__.get_item``/``set_item``) with
  ``t`` a traced 0-d integer tensor (a loop's carried index) ->
  ``index_select`` / ``index_copy_`` along t's dimension, not PyTorch's
  ``t.item()`` (_torch_subscripts);
* a condition that is a SymBool or SymInt (a size that depends on data:
  ``b = x[x > 0]; if b.numel() == 0:``) stages as a tensor's does: cond on
  the SymBool, while_loop, SymBool ``&``/``|``/``sym_not`` for and/or/not.

A body or branch whose code may change a tensor it is given in place
(``i += 1``, ``m |= c``, ``x[k] = v``, ``x.add_(1)``; _torch_bytecode's
``may_mutate``) gets copies, as torch.cond and while_loop refuse their
inputs changed. What Dynamo cannot trace of this module is in
_torch_dynamo.

The outputs of a staged ``if`` and the variables of a staged loop must be
tensors, Python bools/ints/floats (which become tensors, as in TensorFlow's
AutoGraph: a flag set in one branch only), or values equal on both branches
(None, strings, objects: kept as they are). Outputs must match in
structure, dtype and number of dimensions on both branches (sizes may
differ: torch.cond gives the output the size of the branch taken), and in
structure, shape and dtype on every iteration; a mismatch is a TypeError
naming the variable. To learn what each branch or
body gives, each is first run once outside the higher-order operator (that
run's operations are dead and leave the graph); a nested staged statement
is traced again at each level.
"""

import sys

from . import _torch_dynamo, _torch_script, _torch_subscripts, core
from ._torch_bytecode import may_mutate
from ._torch_cond import _SCALARS, _UNDEFINED_TYPES, Conditionals, \
    _equal, _leaves, _placeholder
from ._torch_dynamo import _dynamo_traces, _same_shape, _static_shape, \
    _symbolic, data_dependent
from ._importlib_bootstrap_python import _NO_TARGET



def _import_torch():
    try:
        import torch  # noqa: F401
        import torch._higher_order_ops.while_loop  # noqa: F401
        import torch.fx.experimental.proxy_tensor  # noqa: F401
    except ImportError as e:
        raise ImportError(
            "agc_runtime: the 'torch' backend needs PyTorch, which cannot be "
            "imported here (%s). Install torch, or select the 'python' or "
            "'staged' backend (AGC_BACKEND / agc_runtime.use())." % e) from e
    return sys.modules["torch"]


_staging = None


def staging():
    """The Staging object (made once); ImportError without PyTorch."""
    global _staging
    if _staging is None:
        _staging = Staging()
    return _staging


def load():
    """The torch backend's operators (over the python backend's): PyTorch is
    imported now; tensors stage as without configuration."""
    staging()
    return {}


class TracedRange:
    """``range(start, stop, step)`` with a tensor among its bounds, while
    PyTorch traces: a for loop over it is a while_loop."""

    __slots__ = ("start", "stop", "step")

    def __init__(self, start, stop, step):
        self.start, self.stop, self.step = start, stop, step

    def __iter__(self):
        raise TypeError(
            "agc_runtime: a range with a traced tensor bound can only be the "
            "iterable of a converted for loop (torch while_loop)")

    def __repr__(self):
        return "range(%r, %r, %r)" % (self.start, self.stop, self.step)


class FunctionalFormRequired(TypeError):
    """A get_state/set_state operator met a tensor PyTorch traces."""


_NONLOCAL_FORM = (
    "agc_runtime: the %s%s depends on a tensor that PyTorch traces (%s), "
    "but it was converted to bodies that assign the enclosing function's "
    "variables through nonlocal, which torch.cond and while_loop refuse: %s")
_NONLOCAL_FILE = (
    "the file was converted with `--control-flow nonlocal`; convert it "
    "without that flag (the functional form is the default)")
_NONLOCAL_KEPT = (
    "agc kept that form for this statement because %s (AGC108, shown by "
    "`agc convert -v` and by `agc lint` with `frameworks = [\"torch\"]`)")


def _where_written(body):
    """' at FILE:LINE' for the statement whose helper ``body`` is, at its
    original line where a source map is found, or '' (under Dynamo, whose
    own error shows the line)."""
    try:
        import torch
        if torch.compiler.is_dynamo_compiling():
            return ""
        code = body.__code__
        from .traceback_hook import remap_location
        where = remap_location(code.co_filename, code.co_firstlineno)
        if where is None:
            where = (code.co_filename, code.co_firstlineno)
        return " at %s:%d" % where
    except Exception:  # no location is better than a different error
        return ""


class Staging(Conditionals, core.PythonLists):
    """PyTorch's control flow for the statements the python backend hands
    over (a traced tensor decides them)."""

    def __init__(self):
        torch = _import_torch()
        # The tensor types Dynamo and export show (looked up by type, before
        # tracing: Dynamo refuses to fill the runtime's type cache).
        types = [TracedRange, torch.Tensor, torch.nn.Parameter]
        for module, name in (("torch._subclasses.fake_tensor", "FakeTensor"),
                             ("torch._subclasses.functional_tensor",
                              "FunctionalTensor")):
            try:
                types.append(getattr(__import__(module, fromlist=("_",)),
                                     name))
            except (ImportError, AttributeError):
                pass
        self._plain_tensor_types = tuple(types[1:])
        # Sizes that depend on data (``b = x[x > 0]; b.numel() == 0``) are
        # SymBool / SymInt conditions: staged too (_known says which are).
        self._sym_types = (torch.SymBool, torch.SymInt)
        self.types = tuple(types) + self._sym_types
        self.torch = torch
        self._pytree = sys.modules["torch.utils._pytree"]
        self._while_loop = sys.modules[
            "torch._higher_order_ops.while_loop"].while_loop
        self._is_compiling = torch.compiler.is_compiling
        self._no_proxy = sys.modules[
            "torch.fx.experimental.proxy_tensor"].disable_proxy_modes_tracing
        self.tracing = self._is_compiling
        self.active = self._is_compiling
        core.set_traced_check(self._is_compiling)
        _install_dynamo_hook(self)
        _torch_script.install()  # torch.jit.script of eager originals

    # -- values -------------------------------------------------------------

    def stages(self, cls):
        """Whether values of cls (a type of torch's package) stage: tensors
        (FakeTensor, FunctionalTensor, Parameter...). Modules and their
        containers, ``torch.Size``, dtypes and devices are Python values:
        a loop over ``self.layers`` or ``x.shape`` runs as Python's (while
        tracing, unrolled, as the original is)."""
        return issubclass(cls, self.torch.Tensor)

    def _is_tensor(self, value):
        return isinstance(value, self.torch.Tensor)

    def _known(self, value):
        """The bool of a SymBool / SymInt condition whose value tracing
        knows (as Python's ``if`` would take it), or None: a symbolic one
        (a data-dependent size), which stages. Where Dynamo traces, such a
        value is a constant already, so what reaches here is symbolic."""
        if _dynamo_traces():
            return None
        node = value.node
        if type(value) is self.torch.SymBool:
            known = node.maybe_as_bool()
        else:
            known = node.maybe_as_int()
        if known is None and not data_dependent(value):
            # A symbolic size with a hint: Python's ``if`` guards on it
            # (export specializes or records the guard), as the original.
            return bool(value)
        return None if known is None else bool(known)

    def _concrete(self, value):
        """value, or its bool if it is a SymBool / SymInt whose value is
        known."""
        if _symbolic(value, self._sym_types):
            known = self._known(value)
            if known is not None:
                return known
        return value

    def _sym_bool(self, value):
        """A condition that is not a tensor (SymBool, SymInt, a Python
        value) as a SymBool or bool."""
        if type(value) is self.torch.SymBool or type(value) is bool:
            return value
        return value != 0

    def _as_condition_tensor(self, value):
        """A condition that is not a tensor as a 0-d bool tensor (for
        torch.where, logical_and, while_loop's test)."""
        return self.torch.scalar_tensor(self._sym_bool(value),
                                        dtype=self.torch.bool)

    def describe(self, value):
        if isinstance(value, _UNDEFINED_TYPES):
            return "undefined"
        if value is None:
            return "None"
        if self._is_tensor(value):
            return "a tensor %s%s" % (str(value.dtype).replace("torch.", ""),
                                      list(value.shape))
        if type(value) in (list, tuple, dict):
            return "a %s of %d element%s" % (
                type(value).__name__, len(value),
                "" if len(value) == 1 else "s")
        return "a Python %s" % type(value).__name__

    # -- if -----------------------------------------------------------------

    def refuse_nonlocal_form(self, kind, symbol_names, reason, body):
        """The error for a statement of the nonlocal form: ``reason`` why
        functional output kept it (None: the file is of that form)."""
        raise FunctionalFormRequired(_NONLOCAL_FORM % (
            kind, _where_written(body),
            ", ".join(symbol_names) or "no variables",
            _NONLOCAL_FILE if reason is None else _NONLOCAL_KEPT % reason))

    def if_stmt(self, cond, body, orelse, get_state, set_state, symbol_names,
                nouts):
        self.refuse_nonlocal_form("if statement", symbol_names, None, body)

    # -- loops --------------------------------------------------------------

    def while_stmt(self, test, body, get_state, set_state, symbol_names,
                   opts):
        self.refuse_nonlocal_form("while loop", symbol_names, None, body)

    def for_stmt(self, iter_, extra_test, body, get_state, set_state,
                 symbol_names, opts):
        self.refuse_nonlocal_form("for loop", symbol_names, None, body)

    def python_loop_test(self, kind, result, loop):
        self.refuse_nonlocal_form("%s loop" % kind, loop[-2], None,
                                  loop[1 if kind == "while" else 2])

    def python_loop_test_fn(self, kind, result, loop):
        """A Python loop whose test became a traced tensor (a flag that
        started as a Python bool, a break that depends on a traced tensor):
        the rest of the loop is a while_loop from the current state, as
        Python would go on iterating from there. Returns False (done)."""
        if _symbolic(result, self._sym_types):
            known = self._known(result)
            if known is not None:
                return known
        if kind == "while":
            test, body, box, symbol_names, opts = loop
            box.state = tuple(self.while_stmt_fn(test, body, box.state,
                                                 symbol_names, opts))
            return False
        (_, extra_test, body, box, symbol_names, opts, iterable,
         last) = loop
        if type(iterable) is not range:
            raise TypeError(
                "agc_runtime: the break of this Python for loop over a %s "
                "depends on a tensor that PyTorch traces; loop over "
                "range(...) or a tensor to stage it"
                % type(iterable).__name__)
        # The elements after the last one given (a range's are distinct).
        rest = iterable if last is _NO_TARGET else range(
            last + iterable.step, iterable.stop, iterable.step)
        rest = TracedRange(rest.start, rest.stop, rest.step)
        box.state = tuple(self.for_stmt_fn(rest, extra_test, body, box.state,
                                           symbol_names, opts))
        return False

    def while_stmt_fn(self, test, body, state, symbol_names, opts):
        # (A first test that is a SymBool whose value is known stages too:
        # telling it needs the test run again, which an unbacked size made
        # there would refuse.)
        return self._loop(test, body, tuple(state), symbol_names,
                          "while loop", _operand_only(opts),
                          (may_mutate(test), may_mutate(body)))

    def for_stmt_fn(self, iter_, extra_test, body, state, symbol_names,
                    opts):
        torch = self.torch
        if type(iter_) is TracedRange:
            start, stop = (self._as_index(v)
                           for v in (iter_.start, iter_.stop))
            step = iter_.step
            if self._is_tensor(step):
                step = self._as_index(step)

                def more(i):
                    return torch.where(step > 0, i < stop, i > stop)
            else:
                step = core_index(step)
                if step == 0:
                    raise ValueError("range() arg 3 must not be zero")
                if step > 0:
                    def more(i):
                        return i < stop
                else:
                    def more(i):
                        return i > stop

            if opts and opts.get("iterate_names") in _operand_only(opts):
                def item(i):
                    return i
            else:
                # The body's own copy of the index: ``i += 1`` on the
                # target would change the loop's input in place.
                def item(i):
                    return i.clone()
        elif self._is_tensor(iter_):
            if iter_.dim() == 0:
                raise TypeError("agc_runtime: iteration over a 0-d tensor")
            xs = iter_
            start = torch.zeros((), dtype=torch.int64)
            step = 1
            n = xs.shape[0]
            if type(n) is torch.SymInt and data_dependent(n):
                # A length that depends on data (``torch.unique(x)``):
                # while_loop takes no unbacked SymInt in, a tensor it does.
                n = self._as_index(n)

            def item(i):
                return xs.index_select(0, i.reshape(1)).squeeze(0)

            def more(i):
                return i < n
        else:
            raise TypeError(
                "agc_runtime: a staged for loop iterates over a tensor or "
                "range(...) with tensor bounds, not %s" % self.describe(iter_))

        def test(i, *s):
            go = more(i)
            if extra_test is not None:
                extra = self._concrete(extra_test(*s))
                if self._is_tensor(extra):
                    go = torch.logical_and(go, extra)
                elif _symbolic(extra, self._sym_types):
                    go = torch.logical_and(
                        go, self._as_condition_tensor(extra))
                elif not extra:
                    go = torch.zeros((), dtype=torch.bool)
            return go

        def loop_body(i, *s):
            return (i + step,) + tuple(body(item(i), *s))

        out = self._loop(test, loop_body, (start,) + tuple(state),
                         ("<index>",) + tuple(symbol_names), "for loop",
                         _operand_only(opts),
                         (extra_test is not None and may_mutate(extra_test),
                          may_mutate(body)))
        return out[1:]

    def _as_index(self, value):
        torch = self.torch
        if type(value) is torch.SymInt:  # a size that depends on data
            return torch.scalar_tensor(value, dtype=torch.int64)
        if self._is_tensor(value):
            if value.dtype.is_floating_point or value.dtype is torch.bool:
                raise TypeError(
                    "agc_runtime: range() bound is a %s tensor; it must be an "
                    "integer" % str(value.dtype).replace("torch.", ""))
            return value.reshape(()).to(torch.int64)
        return torch.full((), core_index(value), dtype=torch.int64)

    def _loop(self, test, body, state, names, statement, by_value,
              mutates=(False, False)):
        """mutates: whether test and body may change their tensors in
        place (may_mutate): they get copies, as while_loop refuses its
        inputs changed."""
        torch = self.torch
        tree = self._pytree
        # The body once, to learn what each variable becomes (not recorded).
        after = tuple(self._probe(body, state, mutates[1]))
        if len(after) != len(state):
            raise TypeError("agc_runtime: the %s body returned %d values for "
                            "%d variables" % (statement, len(after),
                                              len(state)))
        plan = []
        init = []
        # Numbers the loop makes tensors: the body gets copies, as ``i += 1``
        # on a tensor would change the loop's own input in place; not those
        # the converter found the loop uses only by value (``by_value``,
        # the opts' 'operand_only': ``i = i + 1``, ``if not flag``).
        promoted = []
        tensor_names = []  # the variable of each tensor of init
        for i, (before, then) in enumerate(zip(state, after)):
            name = names[i] if i < len(names) else "variable %d" % i
            b_leaves, b_def = self._flatten(before)
            a_leaves, a_def = self._flatten(then)
            if isinstance(before, _UNDEFINED_TYPES) and not isinstance(
                    then, _UNDEFINED_TYPES):
                b_leaves = [before] * len(a_leaves)
                b_def = a_def
            if a_def != b_def:
                raise TypeError(
                    "agc_runtime: '%s' must keep its structure in the %s; it "
                    "is %s before and %s after an iteration" % (
                        name, statement, self.describe(before),
                        self.describe(then)))
            kinds = []
            for b, a in zip(b_leaves, a_leaves):
                kind = self._loop_kind(name, b, a, statement)
                kinds.append(kind)
                if kind[0] == "tensor":
                    # A copy: the body may also read the same tensor from
                    # outside (``x = a; while ...: x = f(x, a)``), which
                    # while_loop refuses as aliasing.
                    init.append(b.clone() if self._is_tensor(b) and
                                b.dtype == kind[1]
                                else self._initial(b, kind))
                    promoted.append(not self._is_tensor(b) and
                                    name not in by_value)
                    tensor_names.append(name)
            plan.append((b_def, kinds))
        # The tensors the test and the body change in place (may_mutate: a
        # tuple names the variables), which they get copies of.
        changed = [self._changed(m, tensor_names) for m in mutates]
        # Which tensors the test and the body get copies of, decided here
        # (not at each step where Dynamo traces them).
        copies = [[c or p for c, p in zip(these, promoted)]
                  if these is not None else promoted for these in changed]
        # Every variable one tensor: the state is the tensors as they are.
        flat = all(spec is None and kinds[0][0] == "tensor"
                   for spec, kinds in plan)

        def rebuild(tensors, copy_these=None):
            if copy_these is not None and any(copy_these):
                tensors = [t.clone() if c else t
                           for t, c in zip(tensors, copy_these)]
            if flat:
                return tuple(tensors)
            return tuple(self._rebuild(plan, iter(tensors)))

        def cond_fn(*tensors):
            go = self._concrete(test(*rebuild(tensors, copies[0])))
            if _symbolic(go, self._sym_types):
                return self._as_condition_tensor(go)
            if not self._is_tensor(go):
                return torch.full((), bool(go), dtype=torch.bool)
            if go.dtype is not torch.bool:
                return (go != 0).reshape(())
            if go.dim() != 0:
                return go.reshape(())
            return _unaliased(go, tensors)


        def body_fn(*tensors):
            inputs = rebuild(tensors, copies[1])
            outs = tuple(body(*inputs))
            # Outputs may not alias the loop's own inputs (tensors); the
            # body's copies of them are its own.
            return tuple(self._loop_outputs(outs, plan, tensors))

        results = self._while_loop(cond_fn, body_fn, tuple(init))
        return rebuild(results)

    @staticmethod
    def _changed(mutates, names):
        """For each tensor of a loop's state (names: its variable's), whether
        a test or body that may change them in place (mutates: may_mutate's
        answer) gets a copy of it: None for none, all of them when mutates
        names a variable the loop does not carry."""
        if not mutates:
            return None
        if type(mutates) is tuple and set(mutates) <= set(names):
            return [n in mutates for n in names]
        return [True] * len(names)

    def _loop_kind(self, name, before, after, statement):
        torch = self.torch
        if isinstance(after, _UNDEFINED_TYPES):
            if isinstance(before, _UNDEFINED_TYPES):
                return ("const", before)
            raise TypeError("agc_runtime: '%s' becomes undefined in the %s"
                            % (name, statement))
        b_t, a_t = self._is_tensor(before), self._is_tensor(after)
        if not b_t and not a_t and (type(after) not in _SCALARS or (
                type(before) not in _SCALARS and
                not isinstance(before, _UNDEFINED_TYPES))):
            if before is after or (type(before) is type(after) and
                                   _equal(before, after)):
                return ("const", before)
            raise TypeError(
                "agc_runtime: '%s' is %r before an iteration of the %s and "
                "%r after; a value that is not a tensor or a number must not "
                "change in a staged loop" % (name, before, statement, after))
        if isinstance(before, _UNDEFINED_TYPES):
            if a_t:
                return ("tensor", after.dtype, _static_shape(after))
            return ("tensor", self._scalar_dtype(after, after), ())
        if b_t and a_t:
            if not _same_shape(before, after):
                raise TypeError(
                    "agc_runtime: '%s' must keep its shape in the %s; it is "
                    "%s before and %s after an iteration" % (
                        name, statement, self.describe(before),
                        self.describe(after)))
            if before.dtype != after.dtype:
                raise TypeError(
                    "agc_runtime: '%s' must keep its dtype in the %s; it is "
                    "%s before and %s after an iteration" % (
                        name, statement, self.describe(before),
                        self.describe(after)))
            return ("tensor", before.dtype, tuple(before.shape))
        if b_t or a_t:
            t, other = (before, after) if b_t else (after, before)
            if type(other) not in _SCALARS or t.dim() != 0:
                raise TypeError(
                    "agc_runtime: '%s' must keep its type in the %s; it is %s "
                    "before and %s after an iteration" % (
                        name, statement, self.describe(before),
                        self.describe(after)))
            return ("tensor", t.dtype, ())
        if type(before) is type(after) and before == after and (
                type(before) is not bool or before is after):
            # A number the body leaves alone could still change later
            # (the probe sees one iteration): carry it anyway.
            pass
        return ("tensor", self._scalar_dtype(before, after), ())

    def _initial(self, value, kind):
        torch = self.torch
        if self._is_tensor(value):
            return value.to(kind[1]) if value.dtype != kind[1] else value
        if isinstance(value, _UNDEFINED_TYPES):
            return _placeholder(torch, kind)
        return torch.full((), value, dtype=kind[1])

    def _loop_outputs(self, outs, plan, inputs):
        torch = self.torch
        tree = self._pytree
        # Outputs may alias neither inputs nor each other (``h = new``).
        inputs = list(inputs)
        for value, (spec, kinds) in zip(outs, plan):
            for leaf, kind in zip(_leaves(tree, value, spec), kinds):
                if kind[0] != "tensor":
                    continue
                if self._is_tensor(leaf):
                    out = leaf.to(kind[1]) if leaf.dtype != kind[1] \
                        else _unaliased(leaf, inputs)
                    inputs.append(out)
                    yield out
                else:
                    yield torch.full((), leaf, dtype=kind[1])

    # -- expressions --------------------------------------------------------

    def if_exp(self, cond, if_true, if_false, expr_repr):
        if _symbolic(cond, self._sym_types):
            known = self._known(cond)
            if known is not None:
                return if_true() if known else if_false()
        return self._cond(cond, lambda: (if_true(),), lambda: (if_false(),),
                          (), (expr_repr,), 1, "if expression")[0]

    def and_(self, value, b):
        return self._logical(value, b, True)

    def or_(self, value, b):
        return self._logical(value, b, False)

    def _logical(self, value, b, conjunction):
        """``value and b()`` (conjunction) or ``value or b()``: with a
        tensor, torch.logical_and / logical_or; with SymBool / SymInt
        operands only, a SymBool (& / |), which a staged if or loop takes.
        A SymBool whose value is known decides as Python's operator."""
        torch = self.torch
        if _symbolic(value, self._sym_types):
            known = self._known(value)
            if known is not None:
                return b() if known is conjunction else value
        other = self._concrete(b())
        if self._is_tensor(value) or self._is_tensor(other):
            a, c = (v if self._is_tensor(v) else
                    self._as_condition_tensor(v)
                    if _symbolic(v, self._sym_types) else torch.as_tensor(v)
                    for v in (value, other))
            return (torch.logical_and if conjunction
                    else torch.logical_or)(a, c)
        a, c = self._sym_bool(value), self._sym_bool(other)
        return a & c if conjunction else a | c

    def not_(self, a):
        if _symbolic(a, self._sym_types):
            known = self._known(a)
            return (self.torch.sym_not(self._sym_bool(a)) if known is None
                    else not known)
        return self.torch.logical_not(a)

    def eq(self, a, b):
        return a == b

    def not_eq(self, a, b):
        return a != b

    # -- calls, asserts -----------------------------------------------------

    def call_builtin(self, f, args, kwargs):
        name = getattr(f, "__name__", "")
        kwargs = kwargs or {}
        torch = self.torch
        if not any(self._is_tensor(a) or type(a) is TracedRange
                   for a in args):
            # SymInt / SymBool arguments only: Python's builtin (a
            # ``range(b.numel())`` unrolls, as the original).
            return f(*args, **kwargs)
        if name == "range" and not kwargs and 1 <= len(args) <= 3:
            if len(args) == 1:
                return TracedRange(0, args[0], 1)
            return TracedRange(args[0], args[1],
                               args[2] if len(args) == 3 else 1)
        if name == "len" and len(args) == 1 and self._is_tensor(args[0]):
            return args[0].shape[0]
        if name in ("int", "float") and len(args) == 1 and \
                self._is_tensor(args[0]) and not kwargs:
            number = self._number(f, args[0])
            if number is not None:
                return number
            if name == "int":
                return args[0].to(torch.int64)
            return args[0].to(torch.get_default_dtype())
        if name == "abs" and len(args) == 1:
            return torch.abs(args[0])
        if name == "print":
            return self._print(args, kwargs)
        return f(*args, **kwargs)

    def _number(self, f, t):
        """int(t) or float(t) (f) as Python's number where tracing knows
        t's value (``torch.tensor(scale)``: torchvision passes
        ``float(torch.tensor(s).log2().round())`` to an operator that takes
        a float), as in the original; None where t depends on data, whose
        number would be a size that depends on data: then the value stays
        a tensor, cast (nothing of this try is in the program)."""
        if _dynamo_traces():
            return None
        try:
            with self._no_proxy(), self._symbols_dropped():
                number = f(t)
        except Exception:  # noqa: BLE001 - no value to read: a tensor
            return None
        return number if type(number) in (int, float) else None

    def _print(self, args, kwargs):
        sep = kwargs.get("sep", " ")
        end = kwargs.get("end", "\n")
        if sep is None:
            sep = " "
        if end is None:
            end = "\n"
        if set(kwargs) - {"sep", "end"}:
            raise TypeError("agc_runtime: print of a traced tensor takes sep "
                            "and end only")
        fmt = sep.replace("{", "{{").replace("}", "}}").join(
            "{}" for _ in args)
        if end != "\n":
            raise TypeError("agc_runtime: print of a traced tensor must end "
                            "with a newline (PyTorch's print operator)")
        sys.modules["torch._higher_order_ops"].print(fmt, *args)

    def assert_stmt(self, expression1, expression2):
        message = "Assertion error" if expression2 is None else str(
            expression2())
        self.torch._assert_async(expression1, message)

    # -- subscripts ---------------------------------------------------------
    # Lists: Python's own operations (core.PythonLists).

    def get_item(self, target, i, opts):
        """``target[i]``: a 0-d integer tensor in the key is an
        index_select, not PyTorch's ``.item()`` (see _torch_subscripts)."""
        if self._is_tensor(target):
            return _torch_subscripts.get_item(self.torch, target, i)
        return target[i]

    def set_item(self, target, i, x):
        """``target[i] = x`` for a tensor, out of place (a new tensor, which
        the converter binds to the name): a 0-d integer tensor in the key is
        an index_copy (see _torch_subscripts)."""
        if self._is_tensor(target):
            return _torch_subscripts.set_item(self.torch, target, i, x)
        target[i] = x
        return target

    def isolated(self, fn):
        return fn()


def _operand_only(opts):
    """The loop variables the converter found a loop uses only by value
    (its opts' 'operand_only'): rebound, and read only as operands and
    tests, so never changed in place."""
    return opts.get("operand_only", ()) if opts else ()






def _unaliased(tensor, inputs):
    for t in inputs:
        if t is tensor:
            return tensor.clone()
    return tensor


def core_index(value):
    if type(value) is int:
        return value
    return value.__index__()






_guard_global_hooked = False  # read by _trace_watch


def _install_dynamo_hook(staging):
    """Dynamo's hook (_torch_dynamo), installed once."""
    global _guard_global_hooked
    _guard_global_hooked = _torch_dynamo.install(staging, TracedRange)
