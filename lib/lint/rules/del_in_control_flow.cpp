// AGC313 del_in_control_flow.
#include "lib/lint/checker.h"
#include "lib/lint/flow.h"
#include "lib/lint/python_values.h"

namespace agc::lint::rules::del_in_control_flow {

extern const std::string_view kExplain;
const std::string_view kExplain = R"md(# AGC313: `del` inside control flow

## What it does
Finds `del` statements inside an `if`, `for` or `while` of a converted
function.

An `if` whose test is always a Python value (`x is None`, `k in d`,
`isinstance(...)`, `sys.platform == "linux"`, a module constant such as
`DEBUG = False`) is never staged; the rule looks through it to the statements
around it (the Lint page of agc's documentation lists these tests).

## Why is this bad
A staged branch or loop body is a function that returns the new values of
the variables it modifies. A variable deleted on one path has no value to
return: the converted code fails ("'x' must be defined in both branches") or
the deleted name comes back as an undefined placeholder after the statement.
`del d[k]` and `del obj.attr` mutate a Python object while the graph is
traced: a staged `if` traces both branches, so the deletion happens whatever
the condition, and a staged loop runs its body once.

## Example
```python
def f(x, cache):
    if x > 0:
        del cache             # AGC313
    return x
```

## Use instead
```python
def f(x, cache):
    if x > 0:
        cache = None
    return x
```
Rebind the name (or delete it after the control flow, unconditionally).
)md";

namespace {

std::string TargetText(const ast::Delete& del, const ast::Module& module) {
  std::string out;
  for (const ast::Expr* t : del.targets) {
    out += out.empty() ? "" : ", ";
    std::string name = DottedName(t);
    out += name.empty() ? std::string(module.TextOf(*t)) : name;
  }
  return out;
}

}  // namespace

void Check(const ast::Node& node, Checker& checker) {
  const auto* del = node.As<ast::Delete>();
  if (del == nullptr || !checker.state().converted ||
      checker.state().def == nullptr) {
    return;
  }
  for (auto it = checker.state().stmts.rbegin();
       it != checker.state().stmts.rend(); ++it) {
    const ast::Stmt& s = **it;
    if ((s.Is<ast::If>() || s.Is<ast::For>() || s.Is<ast::While>()) &&
        !NotStaged(s, checker)) {
      checker.Report(diag::DiagKind::kDelInControlFlow, node,
                     TargetText(*del, checker.module()), StatementKeyword(s),
                     s.origin.line);
      return;
    }
  }
}

}  // namespace agc::lint::rules::del_in_control_flow
