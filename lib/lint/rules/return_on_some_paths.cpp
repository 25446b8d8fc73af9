// AGC303 return_on_some_paths.
#include "lib/analysis/cfg.h"
#include "lib/lint/checker.h"
#include "lib/lint/flow.h"
#include "lib/lint/python_values.h"

namespace agc::lint::rules::return_on_some_paths {

extern const std::string_view kExplain;
const std::string_view kExplain =
    R"md(# AGC303: return on only some paths of an if

## What it does
Finds a converted function that returns a value from inside an `if` on some
paths while other paths fall off the end of the function (an implicit
`return None`). It reads the function's control-flow graph: the end of the
function is reachable from a statement that is not a `return`.

An `if` whose test is always a Python value (`x is None`, `k in d`,
`isinstance(...)`, `sys.platform == "linux"`, a module constant such as
`DEBUG = False`) is never staged; the rule looks through it to the statements
around it (the Lint page of agc's documentation lists these tests).

## Why is this bad
When the condition is a tensor, the `if` is staged: both branches are traced
and the function's return value must be defined, with one type, on every
path. `None` on one path and a tensor on the other cannot be merged, and the
converted function fails with "return value must be defined in all
branches" (or returns an undefined value).

## Example
```python
def clip(x):
    if x > 10:
        return 10     # AGC303: the other path returns None
    x = x + 1
```

## Use instead
```python
def clip(x):
    if x > 10:
        return 10
    x = x + 1
    return x
```
Return a value of the same type on every path.
)md";

namespace {

// The first `return <value>` whose innermost enclosing compound statement
// of its own scope is an `if`, and that `if`.
void FindReturnInIf(const ast::Node& node,
                    const Checker& checker,
                    const ast::If* in_if,
                    const ast::Return*& ret,
                    const ast::If*& where) {
  if (ret != nullptr || node.Is<ast::FunctionDef>() ||
      node.Is<ast::AsyncFunctionDef>() || node.Is<ast::Lambda>() ||
      node.Is<ast::ClassDef>()) {
    return;
  }
  if (const auto* r = node.As<ast::Return>()) {
    const auto* c =
        r->value != nullptr ? r->value->As<ast::Constant>() : nullptr;
    bool none = r->value == nullptr ||
                (c != nullptr && c->value_kind == ast::ConstantKind::kNone);
    if (in_if != nullptr && !none) {
      ret = r;
      where = in_if;
    }
    return;
  }
  if (const auto* i = node.As<ast::If>()) {
    if (!NotStaged(*i, checker)) {
      in_if = i;  // a Python-only if is transparent
    }
  } else if (node.Is<ast::For>() || node.Is<ast::While>() ||
             node.Is<ast::Try>() || node.Is<ast::TryStar>() ||
             node.Is<ast::With>() || node.Is<ast::Match>()) {
    in_if = nullptr;
  }
  ast::ForEachChild(node, [&](const ast::Node* child) {
    FindReturnInIf(*child, checker, in_if, ret, where);
  });
}

}  // namespace

void Check(const ast::Node& node, Checker& checker) {
  const auto* fn = node.As<ast::FunctionDef>();
  if (fn == nullptr || !checker.state().converted) {
    return;
  }
  const ast::Return* ret = nullptr;
  const ast::If* where = nullptr;
  for (const ast::Stmt* stmt : fn->body) {
    FindReturnInIf(*stmt, checker, nullptr, ret, where);
  }
  if (ret == nullptr) {
    return;
  }
  const analysis::Cfg& cfg = checker.analyses().Get<analysis::Cfgs>().Of(fn);
  bool falls_off = false;
  for (analysis::CfgNodeId p : cfg.predecessors(analysis::Cfg::kExit)) {
    const ast::Node* at = cfg.ast(p);
    if (cfg.Reachable(p) && cfg.kind(p) != analysis::CfgNodeKind::kFinallyEnd &&
        !(at != nullptr && at->Is<ast::Return>() &&
          cfg.kind(p) == analysis::CfgNodeKind::kStmt)) {
      falls_off = true;
    }
  }
  if (falls_off) {
    checker.Report(diag::DiagKind::kReturnOnSomePaths, *ret, where->origin.line,
                   fn->name);
  }
}

}  // namespace agc::lint::rules::return_on_some_paths
