"""JAX: the staged ``if`` of ``jax_backend.Staging`` (its ``Conditionals``
part): ``lax.cond`` over the variables an ``if`` statement sets (if_stmt),
and over the value of ``x if c else y``, ``a and b``, ``a or b`` (_cond,
which Staging's if_exp, and_ and or_ call).

lax.cond traces both branches. Where JAX refuses what they give (a
TypeError), _plan_fixes says what a second lax.cond can make equal (a zero
placeholder for a return value set on one side only, a Python number
taking the other side's dtype); where nothing can, _branch_error names the
variable and both types.
"""

from . import core

_UNDEFINED_TYPES = (core.Undefined, core.UndefinedReturnValue)


class Conditionals:
    """Staging's if (mixed into jax_backend.Staging, whose _lax, _jnp,
    _tree, traced, _aval, describe, _check_jax_type and _note_unset it
    uses)."""

    def if_stmt(self, cond, body, orelse, get_state, set_state, symbol_names,
                nouts):
        if not self.traced(cond):
            if cond:
                body()
            else:
                orelse()
            return
        init = tuple(get_state())
        names = tuple(symbol_names)

        def branch(fn):
            def run():
                set_state(init)
                fn()
                return tuple(get_state())[:nouts]
            return run

        try:
            outputs = self._cond(cond, branch(body), branch(orelse),
                                 names[:nouts], "if")
        except Exception as e:
            core.note_origin(e, "if")
            raise
        set_state(outputs + init[nouts:])

    def _cond(self, pred, true_fn, false_fn, names, statement):
        """lax.cond of two thunks returning tuples (one entry per name).

        An entry undefined on both sides stays undefined; a return value set
        on one side only gets a zero placeholder on the other (the function's
        return flag, set on the same side, decides whether it is read);
        a Python number takes the other side's dtype. Anything else that
        differs is a TypeError naming the entry.
        """
        lax = self._lax
        records = {}
        fixes = {}

        def wrap(fn, side):
            def run():
                out = fn()
                records[side] = out
                carried = []
                for i, value in enumerate(out):
                    fix = fixes.get((side, i))
                    if fix is not None:
                        value = fix(value)
                    if isinstance(value, _UNDEFINED_TYPES):
                        carried.append(None)
                        continue
                    self._check_jax_type(
                        names[i], value,
                        "in the %s branch" % ("if" if side == 0 else "else")
                        if statement == "if" else "in '%s'" % names[i])
                    carried.append(value)
                return tuple(carried)
            return run

        try:
            carried = lax.cond(pred, wrap(true_fn, 0), wrap(false_fn, 1))
        except TypeError as e:
            if len(records) < 2:
                raise
            if not self._plan_fixes(records, names, fixes, statement):
                raise self._branch_error(records, names, statement) from e
            placeholders = {i for (_, i), _ in fixes.items()
                            if any(type(records[side][i]) is
                                   core.UndefinedReturnValue
                                   for side in (0, 1))}
            records.clear()
            try:
                carried = lax.cond(pred, wrap(true_fn, 0), wrap(false_fn, 1))
            except TypeError as e2:
                if len(records) < 2:
                    raise
                raise self._branch_error(records, names, statement) from e2
            for i in placeholders:
                self._note_unset(carried[i])
        both_undefined = [isinstance(records[0][i], _UNDEFINED_TYPES) and
                          isinstance(records[1][i], _UNDEFINED_TYPES)
                          for i in range(len(names))]
        return tuple(records[0][i] if both_undefined[i] else carried[i]
                     for i in range(len(names)))

    def _plan_fixes(self, records, names, fixes, statement):
        """Fills ``fixes`` for a second lax.cond; False if nothing can be
        fixed (the difference is the user's)."""
        jnp = self._jnp
        planned = False
        for i in range(len(names)):
            a, b = records[0][i], records[1][i]
            a_undef = isinstance(a, _UNDEFINED_TYPES)
            b_undef = isinstance(b, _UNDEFINED_TYPES)
            if a_undef != b_undef:
                undef, other, side = (a, b, 0) if a_undef else (b, a, 1)
                if type(undef) is not core.UndefinedReturnValue:
                    return False
                avals = [self._aval(leaf)
                         for leaf in self._tree.tree_leaves(other)]
                if any(v is None for v in avals):
                    return False
                treedef = self._tree.tree_structure(other)
                fixes[(side, i)] = (
                    lambda _, t=treedef, avals=avals: self._tree.tree_unflatten(
                        t, [jnp.zeros(v.shape, v.dtype) for v in avals]))
                planned = True
                continue
            if a_undef:
                continue
            av, bv = self._aval(a), self._aval(b)
            if av is None or bv is None or av.shape != bv.shape or (
                    av.dtype == bv.dtype):
                continue
            if av.weak_type == bv.weak_type and not av.weak_type:
                return False
            dtype = jnp.result_type(_example(av), _example(bv))
            for side, aval in ((0, av), (1, bv)):
                if aval.dtype != dtype:
                    fixes[(side, i)] = (
                        lambda v, d=dtype: jnp.asarray(v, dtype=d))
                    planned = True
        return planned

    def _branch_error(self, records, names, statement):
        if statement == "if":
            sides = ("the if branch", "the else branch")
        else:
            sides = ("one side", "the other side")
        for i, name in enumerate(names):
            a, b = records[0][i], records[1][i]
            a_undef = isinstance(a, _UNDEFINED_TYPES)
            b_undef = isinstance(b, _UNDEFINED_TYPES)
            if a_undef and b_undef:
                continue
            if a_undef or b_undef:
                defined, missing = (1, 0) if a_undef else (0, 1)
                return TypeError(
                    "'%s' is set in %s (%s) but not in %s: an if on a traced "
                    "value becomes lax.cond, which needs it on both branches; "
                    "give it a value before the if, or in both branches"
                    % (name, sides[defined],
                       self.describe(records[defined][i]), sides[missing]))
            if self._same_type(a, b):
                continue
            what = ("an if on a traced value becomes lax.cond"
                    if statement == "if" else
                    "'%s' on a traced value becomes lax.cond" % statement)
            return TypeError(
                "'%s' is %s in %s but %s in %s: %s, which needs the same "
                "structure, shape and dtype on both branches"
                % (name, self.describe(a), sides[0], self.describe(b),
                   sides[1], what))
        return TypeError("the branches of the %s on a traced value give "
                         "different types" % statement)

    def _same_type(self, a, b):
        tree = self._tree
        if tree.tree_structure(a) != tree.tree_structure(b):
            return False
        for x, y in zip(tree.tree_leaves(a), tree.tree_leaves(b)):
            ax, ay = self._aval(x), self._aval(y)
            if ax is None or ay is None or ax.shape != ay.shape or (
                    ax.dtype != ay.dtype):
                return False
        return True


def _example(aval):
    """A value with aval's dtype and weak type, for jnp.result_type: a
    Python number for a weak type, a NumPy scalar otherwise."""
    if aval.weak_type:
        return {"b": True, "i": 1, "u": 1, "f": 1.0, "c": 1j}.get(
            aval.dtype.kind, 1.0)
    import numpy
    return numpy.zeros((), aval.dtype)
