// AGC301 undefined_on_some_path.
#include "lib/lint/rules/undefined_on_some_path.h"

#include "lib/analysis/activity.h"
#include "lib/analysis/cfg.h"
#include "lib/analysis/liveness.h"
#include "lib/analysis/reaching_definitions.h"
#include "lib/lint/checker.h"
#include "lib/lint/flow.h"
#include "lib/lint/python_values.h"

namespace agc::lint::rules::undefined_on_some_path {

extern const std::string_view kExplain;
const std::string_view kExplain =
    R"md(# AGC301: variable bound only on some paths

## What it does
Finds a local variable that an `if` statement binds on some of its paths
only (one branch) and that is read after the statement. A variable bound
only inside a loop's body is AGC316.

An `if` whose test is always a Python value (`x is None`, `k in d`,
`isinstance(...)`, `sys.platform == "linux"`, a module constant such as
`DEBUG = False`) is never staged; the rule looks through it to the statements
around it (the Lint page of agc's documentation lists these tests).

The same holds for an `if`/`while` whose test, or a `for` whose iterable, is
certainly a Python value in the function (this inference is shared by
AGC302, AGC303, AGC304, AGC312, AGC313 and AGC315):
- constants, module constants and the Python-bool tests above;
- displays and comprehensions (a loop over a container is a Python loop,
  whatever its items);
- `len`, `range`, `enumerate`, `zip`, `reversed`, `sorted`, `list`, `tuple`,
  `min`, `max` and `.items()`/`.keys()`/`.values()` of Python values;
  `int()`, `float()`, `bool()`, `str()` of anything (a tensor there fails
  while tracing); `tf.executing_eagerly()` and `tf.is_tensor(...)`;
- arithmetic, comparisons and `not`/`and`/`or` of Python values;
- a parameter annotated `int`, `float`, `bool`, `str`, `list`, `tuple`,
  `dict` (or `Optional[...]`/`List[...]` of those); one annotated `tf.Tensor`,
  `jax.Array`, `np.ndarray` or `tf.Variable` is possibly staged;
- the target of an enclosing `for` over Python items (`dim` in `for i, dim
  in enumerate([0, 1])`) that the loop body does not rebind;
- `self.x` in a method when every assignment of `self.x` in the class gives
  it a constant, a display, or a parameter of `__init__` not annotated as a
  tensor: the Keras configuration pattern (`if self.use_bias:`, `for _ in
  range(self.power_iterations)`).
- a loop over a Python list of tensors (`tf.split(...)`, `tf.unstack(...)`,
  `zip` of those, a local bound only to those or to displays);
- `tf.nest.flatten(...)`, `tf.config....` and other framework calls that give
  Python objects; `x.shape` and `x.ndim`.

What is left is reported when it has evidence of a tensor:
- a call through TensorFlow or JAX (`tf.reduce_sum(x)`, `jnp.where(...)`,
  `tf.range(n)`);
- a parameter annotated `tf.Tensor`, `jax.Array`, `np.ndarray` or
  `tf.Variable`, or a parameter of a function decorated `@tf.function` or
  `@jax.jit` (without static arguments);
- a local bound anywhere in the function from one of those, and arithmetic,
  comparisons, subscripts and method calls of them (not `x.shape`, `x.dtype`).
Anything else (a parameter of a plain `def`, `self.layers`, the result of
an unknown call) is unknown: reported only with `agc lint --assume-staged`
(or `assume-staged = true` in `[tool.agc]`), which takes every value not
certainly Python as possibly staged.

## Why is this bad
Python is fine with it as long as the path that binds the variable runs. A
staged `if` (`tf.cond`) traces both branches and must return every variable
that is read afterwards from both: the converted code raises "'y' must also
be initialized in the else branch" when the condition is a tensor.
agc finds these with reaching definitions (the variable may be unbound after
the statement) and liveness (it is read later). A variable that some earlier
statement already binds on a path into the statement is not reported there:
the statement is not where it becomes unbound, and a path that leaves it
unbound (an `except` that exits, an exception into a `finally`) is one plain
Python fails on too.

## Example
```python
def f(x):
    if x > 0:
        y = x * 2
    return y          # AGC301: 'y' is bound only in one branch
```

## Use instead
```python
def f(x):
    y = 0
    if x > 0:
        y = x * 2
    return y
```
Bind the variable before the statement (or in every branch) with a value of
the same type and shape as the one the branch gives it.
)md";

namespace {

// Whether a binding of `s` from before the statement reaches it: then the
// statement is not where `s` starts to be unbound (an earlier statement is
// reported, or the unbound path is one Python itself would fail on, such as
// an `except` that exits), and the program already binds it before, which
// is what this rule asks for.
bool BoundBefore(const ast::Node& node,
                 const analysis::CfgLocation& loc,
                 const analysis::ReachingDefinitions& defs,
                 analysis::SymbolId s) {
  for (const analysis::Definition* d : defs.Reaching(node, s)) {
    if (!Inside(loc, d->cfg_node)) {
      return true;
    }
  }
  return false;
}

}  // namespace

void ReportUnboundAfter(const ast::Node& node,
                        Checker& checker,
                        diag::DiagKind kind) {
  if (!checker.state().converted || checker.state().def == nullptr ||
      !(node.Is<ast::If>() || node.Is<ast::For>() || node.Is<ast::While>()) ||
      NotStaged(static_cast<const ast::Stmt&>(node), checker)) {
    return;
  }
  auto& am = checker.analyses();
  const auto& activity = am.Get<analysis::Activity>();
  const auto& names = am.Get<analysis::QualNames>();
  const auto& cfgs = am.Get<analysis::Cfgs>();
  const auto& defs = am.Get<analysis::ReachingDefinitions>();
  const auto& liveness = am.Get<analysis::Liveness>();
  const analysis::NodeActivity* act = activity.Of(node);
  analysis::CfgLocation loc = cfgs.Locate(node);
  if (act == nullptr || !loc || !liveness.HasFacts(node)) {
    return;
  }
  const analysis::Cfg& cfg = *loc.cfg;
  std::vector<analysis::CfgNodeId> targets;
  bool have_targets = false;
  const analysis::SymbolSet& live_out = liveness.LiveOut(node);
  for (analysis::SymbolId s : act->modified) {
    if (names.Get(s).is_composite() || !live_out.Contains(s) ||
        !defs.Tracks(cfg, s) || BoundBefore(node, loc, defs, s)) {
      continue;
    }
    if (!have_targets) {
      targets = ExitTargets(loc);
      have_targets = true;
    }
    // A path out of the statement on which the symbol is unbound, while a
    // definition inside the statement binds it on another, and a read of it
    // after that exit.
    const ast::Name* read = nullptr;
    for (analysis::CfgNodeId t : targets) {
      if (!defs.MayBeUndefined(cfg, t, s)) {
        continue;
      }
      bool bound_inside = false;
      for (const analysis::Definition* d : defs.Reaching(cfg, t, s)) {
        bound_inside = bound_inside || Inside(loc, d->cfg_node);
      }
      if (bound_inside) {
        // Null when it is live only where the scope ends (a closure may
        // read it): no statement after this one fails.
        read = FirstReadAfter(cfg, {t}, activity, names, s);
      }
      if (read != nullptr) {
        break;
      }
    }
    if (read == nullptr) {
      continue;
    }
    const ast::Node& at = *read;
    if (!checker.FirstTime(kind, at, s)) {
      continue;
    }
    const auto& stmt = static_cast<const ast::Stmt&>(node);
    if (kind == diag::DiagKind::kUndefinedOnSomePath) {
      checker.Report(kind, at, names.Get(s).text, node.origin.line);
    } else {
      checker.Report(kind, at, names.Get(s).text, StatementKeyword(stmt),
                     node.origin.line);
    }
  }
}

void Check(const ast::Node& node, Checker& checker) {
  if (node.Is<ast::If>()) {
    ReportUnboundAfter(node, checker, diag::DiagKind::kUndefinedOnSomePath);
  }
}

}  // namespace agc::lint::rules::undefined_on_some_path
