"""PyTorch: the staged ``if`` of ``torch_backend.Staging`` (its
``Conditionals`` part): ``torch.cond`` on a traced tensor or a SymBool, or
``torch.where`` for branches that only select (_selects).

Each branch runs once first, outside the higher-order operator (its probe,
_probe), to learn what it gives: the plan (_plan) says, output by output and
leaf by leaf, what leaves the ``if`` (_merge: a tensor of a dtype and a
number of dimensions, whose sizes may differ between the branches; or a
value equal on both). The plan is read again where Dynamo traces a branch,
so it keeps pytree's unflattening for the outputs that need it.
"""

import contextlib

from . import core
from ._torch_bytecode import _branch_kind, may_mutate
from ._torch_dynamo import _dynamo_traces, _same_shape, _speculated, \
    _static_shape, _symbolic
from ._importlib_bootstrap_python import else_first

_UNDEFINED_TYPES = (core.Undefined, core.UndefinedReturnValue)
_SCALARS = (bool, int, float)


class Conditionals:
    """Staging's if (mixed into torch_backend.Staging, whose torch,
    _pytree, _sym_types, _known, _is_tensor, _no_proxy, describe... it
    uses)."""

    def if_stmt_fn(self, cond, body, orelse, state, symbol_names, nouts):
        state = tuple(state)
        if _symbolic(cond, self._sym_types):
            known = self._known(cond)
            if known is not None:
                return body(*state) if known else orelse(*state)
        # ``if not c:`` comes as (c, else_body, if_body): staged as it is,
        # with the messages in the source's terms.
        swapped = else_first(body)
        if self._selects(body, state) and self._selects(orelse, state):
            return self._where(cond, body, orelse, state, symbol_names,
                               nouts, "if statement", swapped)
        return self._cond(cond, lambda *s: body(*s),
                          lambda *s: orelse(*s), state, symbol_names, nouts,
                          "if statement", swapped,
                          (may_mutate(body), may_mutate(orelse)))

    def _selects(self, fn, state):
        """Whether branch fn, called with state, may run whether or not its
        condition holds, so that torch.where picks its outputs instead of a
        torch.cond (see _branch_kind)."""
        kind = _branch_kind(fn)
        if kind == "moves":
            return True
        if kind != "add_sub":
            return False
        # + and - on these only: a tensor's (not a subclass's) or a
        # number's, which have no effects and no run-time errors, and whose
        # gradient is exactly zero through the branch torch.where drops.
        for value in state:
            if not (type(value) in self._plain_tensor_types or
                    type(value) in _SCALARS):
                return False
        return True

    def _predicate(self, cond, statement, tensor=False):
        """cond as a 0-d bool tensor, or as a SymBool when it is one and
        not ``tensor`` (torch.cond takes it as it is)."""
        torch = self.torch
        if _symbolic(cond, self._sym_types):
            if tensor:
                return self._as_condition_tensor(cond)
            return self._sym_bool(cond)
        if cond.numel() != 1:
            raise ValueError(
                "agc_runtime: the condition of a staged %s must be a tensor "
                "with one element, not one of shape %s" % (
                    statement, list(cond.shape)))
        if cond.dim() != 0:
            cond = cond.reshape(())
        return cond if cond.dtype is torch.bool else cond != 0

    def _where(self, cond, body, orelse, state, names, nouts, statement,
               swapped=False):
        """An if whose branches only select (_selects): both run, recorded,
        and torch.where picks each output, as cond would."""
        torch = self.torch
        cond = self._predicate(cond, statement, True)
        outs_a = tuple(body(*state))[:nouts]
        outs_b = tuple(orelse(*state))[:nouts]
        plan = self._plan(outs_a, outs_b, names, nouts, statement, swapped)
        if any(k[0] == "tensor" and k[2] is None
               for _, ks in plan for k in ks):
            # torch.where would broadcast outputs whose sizes differ:
            # torch.cond picks one (the branches have no effects to repeat).
            return self._cond(cond, body, orelse, state, names, nouts,
                              statement, swapped)
        results = []
        kinds = (k for _, ks in plan for k in ks if k[0] == "tensor")
        for a, b, kind in zip(self._tensor_outputs(outs_a, plan, False),
                              self._tensor_outputs(outs_b, plan, False),
                              kinds):
            out = torch.where(cond, a, b)
            if out.dtype != kind[1]:  # two Python numbers' where
                out = out.to(kind[1])
            results.append(out)
        return tuple(self._rebuild(plan, results)) + state[nouts:]

    def _cond(self, cond, body, orelse, state, names, nouts, statement,
              swapped=False, mutates=(False, False)):
        """mutates: whether body and orelse may change their tensors in
        place (may_mutate): they get copies, as cond refuses its operands
        changed."""
        torch = self.torch
        tree = self._pytree
        cond = self._predicate(cond, statement)
        # Each branch once, to learn its outputs (not recorded).
        outs_a = tuple(self._probe(body, state, mutates[0]))[:nouts]
        outs_b = tuple(self._probe(orelse, state, mutates[1]))[:nouts]
        plan = self._plan(outs_a, outs_b, names, nouts, statement, swapped)
        if not any(k[0] == "tensor" for _, ks in plan for k in ks):
            # Nothing to carry through cond (the outputs are the same
            # constants on both branches): the cond is still staged when
            # a branch has effects? It has none PyTorch keeps; take them.
            return tuple(outs_a) + state[nouts:]
        operands = tuple(v for v in tree.tree_leaves(state)
                         if self._is_tensor(v))

        # The state's leaves, which are tensors, and whether it is flat (no
        # unflattening where torch.cond traces the branches with Dynamo).
        leaves, spec = tree.tree_flatten(state)
        tensor_leaf = [self._is_tensor(v) for v in leaves]
        flat = len(leaves) == len(state)

        def branch(fn, copy):
            def run(*tensors):
                if copy:
                    tensors = [t.clone() for t in tensors]
                it = iter(tensors)
                values = [next(it) if t else v
                          for v, t in zip(leaves, tensor_leaf)]
                args = values if flat else tree.tree_unflatten(values, spec)
                outs = tuple(fn(*args))[:nouts]
                return tuple(self._tensor_outputs(outs, plan))
            return run

        results = torch.cond(cond, branch(body, mutates[0]),
                             branch(orelse, mutates[1]), operands)
        return tuple(self._rebuild(plan, results)) + state[nouts:]

    def _plan(self, outs_a, outs_b, names, nouts, statement, swapped=False):
        """Per output of an if: (treedef, per-leaf kind, see _merge); the
        same for the branches either way round (``swapped``: outs_a is the
        source's else branch, as the messages say)."""
        if swapped:
            outs_a, outs_b = outs_b, outs_a
        tree = self._pytree
        plan = []
        for i in range(nouts):
            name = names[i] if i < len(names) else "output %d" % i
            a_leaves, a_def = self._flatten(outs_a[i])
            b_leaves, b_def = self._flatten(outs_b[i])
            # A return value on one branch only (the converter's retval_):
            # the other branch gives placeholders of the same structure.
            if isinstance(outs_a[i], core.UndefinedReturnValue):
                a_leaves, a_def = [outs_a[i]] * len(b_leaves), b_def
            elif isinstance(outs_b[i], core.UndefinedReturnValue):
                b_leaves, b_def = [outs_b[i]] * len(a_leaves), a_def
            if a_def != b_def:
                raise TypeError(
                    "agc_runtime: '%s' must have the same structure on both "
                    "branches of the %s; it is %s in the if branch and %s in "
                    "the else branch" % (name, statement,
                                         self.describe(outs_a[i]),
                                         self.describe(outs_b[i])))
            kinds = []
            for a, b in zip(a_leaves, b_leaves):
                kinds.append(self._merge(name, a, b, statement))
            plan.append((a_def, kinds))
        return plan

    def _flatten(self, value):
        """(leaves, spec) of value, the spec None for a leaf
        (_spec_or_leaf): a tensor, a number, None or an undefined value is
        one, without pytree's steps where Dynamo traces."""
        if self._is_tensor(value) or type(value) in _SCALARS or \
                value is None or isinstance(value, _UNDEFINED_TYPES):
            return [value], None
        leaves, spec = self._pytree.tree_flatten(value)
        return leaves, _spec_or_leaf(spec)

    def _probe(self, fn, state, mutates=False):
        """fn(*state) run to learn what it returns, its operations left out
        of the program: torch.export's non-strict tracing would record
        them, so its proxy mode is off; Dynamo (strict export, compile)
        traces it in a subgraph that it then drops (_speculated). A fn that
        may change its tensors in place (``mutates``) gets copies: the
        probe must leave the state as it found it."""
        if _dynamo_traces():
            if mutates:
                return _speculated(lambda *s: fn(*self._copies(s)), state)
            return _speculated(fn, state)
        with self._no_proxy(), self._symbols_dropped():
            return fn(*(self._copies(state) if mutates else state))

    def _symbols_dropped(self):
        """A context in which the sizes that depend on data a probe makes
        (``nonzero``, a mask's selection) are not the program's: export
        would otherwise look for them in the next operation's outputs."""
        mode = self.torch._guards.detect_fake_mode()
        env = getattr(mode, "shape_env", None)
        if env is None:
            return contextlib.nullcontext()
        return env.ignore_fresh_unbacked_symbols()

    def _copies(self, state):
        """state with each tensor a copy (.clone())."""
        return tuple(self._pytree.tree_map(
            lambda v: v.clone() if self._is_tensor(v) else v, list(state)))

    def _merge(self, name, a, b, statement):
        """How output leaf a (if branch) and b (else branch) leave cond:
        ("tensor", dtype, shape) or ("const", value); shape is None when
        the branches' sizes differ, a size None where it is symbolic in
        Dynamo's probe (_static_shape)."""
        torch = self.torch
        a_undef = isinstance(a, _UNDEFINED_TYPES)
        b_undef = isinstance(b, _UNDEFINED_TYPES)
        if a_undef and b_undef:
            return ("const", a)
        if a_undef or b_undef:
            if isinstance(a, core.UndefinedReturnValue) or isinstance(
                    b, core.UndefinedReturnValue):
                other = b if a_undef else a
                if self._is_tensor(other):
                    return ("tensor", other.dtype, _static_shape(other))
                if type(other) in _SCALARS:
                    return ("tensor", self._scalar_dtype(other, other), ())
            raise TypeError(
                "agc_runtime: '%s' is defined in the %s branch of the %s but "
                "not in the %s branch (%s there); a staged if needs it on "
                "both" % (name, "else" if a_undef else "if", statement,
                          "if" if a_undef else "else",
                          self.describe(b if a_undef else a)))
        a_t, b_t = self._is_tensor(a), self._is_tensor(b)
        if not a_t and not b_t and (type(a) not in _SCALARS or
                                    type(b) not in _SCALARS):
            if a is b or (type(a) is type(b) and _equal(a, b)):
                return ("const", a)
            raise TypeError(
                "agc_runtime: '%s' is %r in the if branch of the %s and %r in "
                "the else branch; a value that is not a tensor or a number "
                "must be the same on both branches of a staged if" % (
                    name, a, statement, b))
        if a_t and b_t:
            if a.dtype != b.dtype or a.dim() != b.dim():
                raise TypeError(
                    "agc_runtime: '%s' must have the same dtype and number of "
                    "dimensions on both branches of the %s; it is %s in the "
                    "if branch and %s in the else branch" % (
                        name, statement, self.describe(a), self.describe(b)))
            if _same_shape(a, b):
                return ("tensor", a.dtype, _static_shape(a))
            # Sizes that differ (``torch.empty(0)`` on one branch, the
            # boxes a threshold keeps on the other): torch.cond gives the
            # output a size of its own, as Python's if would.
            return ("tensor", a.dtype, None)
        if a_t or b_t:
            t, other = (a, b) if a_t else (b, a)
            if type(other) not in _SCALARS or t.dim() != 0:
                raise TypeError(
                    "agc_runtime: '%s' must have the same type on both "
                    "branches of the %s; it is %s in the if branch and %s in "
                    "the else branch" % (name, statement, self.describe(a),
                                         self.describe(b)))
            return ("tensor", t.dtype, ())
        # Two Python numbers.
        if type(a) is type(b) and a == b:
            return ("const", a)
        return ("tensor", self._scalar_dtype(a, b), ())

    def _scalar_dtype(self, a, b):
        """The dtype two Python numbers take together, as in torch
        arithmetic (a float: the default float dtype)."""
        torch = self.torch
        if type(a) is float or type(b) is float:
            return torch.get_default_dtype()
        if type(a) is int or type(b) is int:
            return torch.int64
        return torch.bool

    def _tensor_outputs(self, outs, plan, copy=True):
        torch = self.torch
        tree = self._pytree
        for value, (spec, kinds) in zip(outs, plan):
            leaves = ([value] * len(kinds)
                      if isinstance(value, core.UndefinedReturnValue)
                      else _leaves(tree, value, spec))
            for leaf, kind in zip(leaves, kinds):
                if kind[0] != "tensor":
                    continue
                if self._is_tensor(leaf):
                    # A cond's outputs may not alias its inputs, which
                    # include every tensor the branches read from outside
                    # (closures, parameters): a branch's tensor is copied
                    # (copy; torch.where makes a new tensor anyway).
                    if leaf.dtype != kind[1]:
                        yield leaf.to(kind[1])
                    else:
                        yield leaf.clone() if copy else leaf
                elif isinstance(leaf, _UNDEFINED_TYPES):
                    yield _placeholder(torch, kind)
                elif not copy and type(leaf) in _SCALARS and (
                        kind[1] == self._scalar_dtype(leaf, leaf)):
                    # torch.where takes it as it is: a number of the
                    # output's dtype's kind keeps that dtype.
                    yield leaf
                else:
                    yield torch.full((), leaf, dtype=kind[1])

    def _rebuild(self, plan, results):
        tree = self._pytree
        it = iter(results)
        for spec, kinds in plan:
            if spec is None:  # a leaf (see _spec_or_leaf)
                kind = kinds[0]
                yield next(it) if kind[0] == "tensor" else kind[1]
                continue
            leaves = [next(it) if kind[0] == "tensor" else kind[1]
                      for kind in kinds]
            yield tree.tree_unflatten(leaves, spec)


def _spec_or_leaf(spec):
    """A plan's tree spec, None for a leaf: a plan is made once, and read
    where Dynamo traces a body, to which a spec's unflattening is many
    steps."""
    return None if spec.is_leaf() else spec


def _leaves(tree, value, spec):
    """value's leaves, by its plan's spec (_spec_or_leaf)."""
    return [value] if spec is None else tree.tree_leaves(value)


def _placeholder(torch, kind):
    """Zeros of a tensor kind (_merge, _loop_kind): a variable's value where
    it is not set yet (a branch that does not return). A size that is
    symbolic in a probe is 0: torch.cond gives the output a size of its
    own."""
    return torch.zeros(tuple(0 if s is None else s for s in kind[2]),
                       dtype=kind[1])


def _equal(a, b):
    try:
        return bool(a == b)
    except Exception:  # noqa: BLE001 - a value without equality
        return False
