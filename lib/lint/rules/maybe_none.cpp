// AGC302 maybe_none.
#include "lib/analysis/activity.h"
#include "lib/analysis/cfg.h"
#include "lib/analysis/liveness.h"
#include "lib/analysis/reaching_definitions.h"
#include "lib/lint/checker.h"
#include "lib/lint/flow.h"
#include "lib/lint/python_values.h"

namespace agc::lint::rules::maybe_none {

extern const std::string_view kExplain;
const std::string_view kExplain =
    R"md(# AGC302: variable may be None after a statement

## What it does
Finds a local variable that is `None` on one path out of an `if`, `for` or
`while` statement and a value on another (typically `x = None` before the
statement and `x = ...` in one branch or in the loop body), and that is read
after the statement.

An `if` whose test is always a Python value (`x is None`, `k in d`,
`isinstance(...)`, `sys.platform == "linux"`, a module constant such as
`DEBUG = False`) is never staged; the rule looks through it to the statements
around it (the Lint page of agc's documentation lists these tests).

## Why is this bad
A staged `if` or loop returns one tensor per variable from all of its paths.
`None` is not a tensor and cannot be merged with one: the converted code
raises "'x' is None in one branch and a Tensor in the other" (or "must not be
None") as soon as the condition is a tensor. agc finds these with reaching
definitions (both a `None` binding and another binding reach the first read
after the statement) and liveness (the variable is read later).

## Example
```python
def first_positive(xs):
    found = None
    for x in xs:
        if x > 0:
            found = x
    return found      # AGC302: None on one path, a value on another
```

## Use instead
```python
def first_positive(xs):
    found = -1        # a sentinel of the same type
    for x in xs:
        if x > 0:
            found = x
    return found
```
Use a sentinel value of the same type, or a separate boolean flag.
)md";

namespace {

bool IsNone(const ast::Expr* e) {
  const auto* c = e != nullptr ? e->As<ast::Constant>() : nullptr;
  return c != nullptr && c->value_kind == ast::ConstantKind::kNone;
}

// 1: the definition binds None (`x = None`, `x: T = None`); 0: another
// value; -1: not an assignment we can read.
int BindsNone(const analysis::Definition& d) {
  if (d.kind != analysis::DefinitionKind::kBind || d.node == nullptr) {
    return d.kind == analysis::DefinitionKind::kParam ? 0 : -1;
  }
  if (const auto* a = d.node->As<ast::Assign>()) {
    return IsNone(a->value) ? 1 : 0;
  }
  if (const auto* a = d.node->As<ast::AnnAssign>()) {
    return a->value == nullptr ? -1 : IsNone(a->value) ? 1 : 0;
  }
  return 0;
}

// The statement where None and the value meet on the way from `node` to
// target `t`: `node` itself, or, when `t` is the header of an enclosing loop
// (the next iteration) and every None reaching it was set before that loop,
// the loop, which carries the None in from before its first iteration (the
// read is then in the loop, above `node`, and `node` did not set the None).
const ast::Stmt* Carrier(Checker& checker,
                         const ast::Node& node,
                         const analysis::Cfg& cfg,
                         const analysis::ReachingDefinitions& defs,
                         const analysis::Cfgs& cfgs,
                         analysis::CfgNodeId t,
                         analysis::SymbolId s) {
  const std::vector<const ast::Stmt*>& stmts = checker.state().stmts;
  for (auto it = stmts.rbegin(); it != stmts.rend(); ++it) {
    const ast::Stmt* loop = *it;
    if (loop == &node || (!loop->Is<ast::For>() && !loop->Is<ast::While>())) {
      continue;
    }
    analysis::CfgLocation lloc = cfgs.Locate(*loop);
    if (!lloc || lloc.cfg != &cfg || lloc.first != t) {
      continue;
    }
    for (const analysis::Definition* d : defs.Reaching(cfg, t, s)) {
      if (BindsNone(*d) == 1 && Inside(lloc, d->cfg_node)) {
        return &static_cast<const ast::Stmt&>(node);
      }
    }
    return loop;
  }
  return &static_cast<const ast::Stmt&>(node);
}

}  // namespace

void Check(const ast::Node& node, Checker& checker) {
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
  const analysis::SymbolSet& live_out = liveness.LiveOut(node);
  std::vector<analysis::CfgNodeId> targets;
  bool have_targets = false;
  for (analysis::SymbolId s : act->modified) {
    if (names.Get(s).is_composite() || !live_out.Contains(s) ||
        !defs.Tracks(cfg, s)) {
      continue;
    }
    if (!have_targets) {
      targets = ExitTargets(loc);
      have_targets = true;
    }
    const ast::Name* read = nullptr;
    const ast::Stmt* blamed = &static_cast<const ast::Stmt&>(node);
    int none_line = 0;
    for (analysis::CfgNodeId t : targets) {
      if (defs.MayBeUndefined(cfg, t, s)) {
        continue;  // AGC301's finding
      }
      bool none = false;
      bool value = false;
      bool from_inside = false;
      none_line = 0;
      for (const analysis::Definition* d : defs.Reaching(cfg, t, s)) {
        int kind = BindsNone(*d);
        none = none || kind == 1;
        value = value || kind == 0;
        from_inside = from_inside || Inside(loc, d->cfg_node);
        if (kind == 1 && (none_line == 0 || d->node->origin.line < none_line)) {
          none_line = d->node->origin.line;
        }
      }
      if (none && value && from_inside) {
        read = FirstReadAfter(cfg, {t}, activity, names, s);
        blamed = Carrier(checker, node, cfg, defs, cfgs, t, s);
      }
      if (read != nullptr) {
        break;
      }
    }
    if (read == nullptr) {
      continue;
    }
    const ast::Node& at = *read;
    if (!checker.FirstTime(diag::DiagKind::kMaybeNone, at, s)) {
      continue;
    }
    checker.Report(diag::DiagKind::kMaybeNone, at, names.Get(s).text,
                   StatementKeyword(*blamed), blamed->origin.line, none_line);
  }
}

}  // namespace agc::lint::rules::maybe_none
