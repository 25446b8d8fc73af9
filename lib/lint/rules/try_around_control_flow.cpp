// AGC312 try_around_control_flow.
#include "lib/lint/checker.h"
#include "lib/lint/flow.h"
#include "lib/lint/python_values.h"

namespace agc::lint::rules::try_around_control_flow {

extern const std::string_view kExplain;
const std::string_view kExplain =
    R"md(# AGC312: `try`/`except` around control flow

## What it does
Finds `try` statements in converted functions whose body contains an `if`,
`for` or `while` statement.

An `if` whose test is always a Python value (`x is None`, `k in d`,
`isinstance(...)`, `sys.platform == "linux"`, a module constant such as
`DEBUG = False`) is never staged; the rule looks through it to the statements
around it (the Lint page of agc's documentation lists these tests).

## Why is this bad
Under staging, an `if` or loop on a tensor becomes a graph operation. The
`try` runs once, while the graph is traced: errors raised by the staged
control flow happen later, when the graph runs, outside the `try`, and the
`except` clause never sees them. Errors during tracing are caught instead,
which is rarely what the handler was written for.

## Example
```python
def safe_div(x, y):
    try:
        if y != 0:            # AGC312
            x = x / y
    except ZeroDivisionError:
        x = 0
    return x
```

## Use instead
```python
def safe_div(x, y):
    return tf.where(y != 0, x / y, 0)
```
Keep `try` around Python-only code, and express error cases as data
(`tf.where`, `tf.debugging` assertions).
)md";

namespace {

const ast::Stmt* FindControlFlow(const ast::Node& node,
                                 const Checker& checker) {
  if ((node.Is<ast::If>() || node.Is<ast::For>() || node.Is<ast::While>()) &&
      !NotStaged(static_cast<const ast::Stmt&>(node), checker)) {
    return static_cast<const ast::Stmt*>(&node);
  }
  if (node.category() != ast::Category::kStmt || node.Is<ast::FunctionDef>() ||
      node.Is<ast::AsyncFunctionDef>() || node.Is<ast::ClassDef>()) {
    return nullptr;
  }
  const ast::Stmt* found = nullptr;
  ast::ForEachChild(node, [&](const ast::Node* child) {
    if (found == nullptr) {
      found = FindControlFlow(*child, checker);
    }
  });
  return found;
}

}  // namespace

void Check(const ast::Node& node, Checker& checker) {
  if (!checker.state().converted || checker.state().def == nullptr) {
    return;
  }
  const std::vector<ast::Stmt*>* body = nullptr;
  if (const auto* t = node.As<ast::Try>()) {
    body = &t->body;
  } else if (const auto* t = node.As<ast::TryStar>()) {
    body = &t->body;
  }
  if (body == nullptr) {
    return;
  }
  for (const ast::Stmt* stmt : *body) {
    if (const ast::Stmt* cf = FindControlFlow(*stmt, checker)) {
      checker.Report(diag::DiagKind::kTryAroundControlFlow, node,
                     StatementKeyword(*cf), cf->origin.line);
      return;
    }
  }
}

}  // namespace agc::lint::rules::try_around_control_flow
