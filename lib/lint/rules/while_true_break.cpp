// AGC307 while_true_break.
#include "lib/lint/checker.h"
#include "lib/lint/python_values.h"

namespace agc::lint::rules::while_true_break {

extern const std::string_view kExplain;
const std::string_view kExplain =
    R"md(# AGC307: `while True:` that exits through `break`

## What it does
Finds `while True:` (or `while 1:`) loops in converted functions whose only
way out is a `break` (or a `return`) inside the body.

## Why is this bad
The loop condition is a Python constant, so the converted loop stays a
Python loop: when the `break` depends on a tensor, the `if` around it cannot
be decided while tracing and conversion fails, or the loop is traced forever.
A staged loop needs its exit condition in the `while` test, where
`tf.while_loop` can evaluate it on every iteration.

## Example
```python
def count_down(x):
    while True:       # AGC307
        x = x - 1
        if x < 0:
            break
    return x
```

## Use instead
```python
def count_down(x):
    x = x - 1
    while x >= 0:
        x = x - 1
    return x
```
Move the exit condition into the `while` test (with a flag if needed).
)md";

namespace {

// The first `break` that belongs to this loop (not to a nested loop).
const ast::Break* FindBreak(const ast::Node& node) {
  if (const auto* b = node.As<ast::Break>()) {
    return b;
  }
  if (node.Is<ast::For>() || node.Is<ast::While>() ||
      node.Is<ast::AsyncFor>() || node.Is<ast::FunctionDef>() ||
      node.Is<ast::AsyncFunctionDef>() || node.Is<ast::ClassDef>() ||
      node.Is<ast::Lambda>() || node.category() == ast::Category::kExpr) {
    return nullptr;
  }
  const ast::Break* found = nullptr;
  ast::ForEachChild(node, [&](const ast::Node* child) {
    if (found == nullptr) {
      found = FindBreak(*child);
    }
  });
  return found;
}

}  // namespace

void Check(const ast::Node& node, Checker& checker) {
  const auto* loop = node.As<ast::While>();
  if (loop == nullptr || !checker.state().converted) {
    return;
  }
  const auto* c = loop->test->As<ast::Constant>();
  if (c == nullptr ||
      !(c->value_kind == ast::ConstantKind::kTrue ||
        (c->value_kind == ast::ConstantKind::kInt && c->text == "1"))) {
    return;
  }
  const ast::Break* brk = nullptr;
  for (const ast::Stmt* stmt : loop->body) {
    if (brk == nullptr) {
      brk = FindBreak(*stmt);
    }
  }
  // Without --assume-staged, only when a break or return is under an `if`
  // with evidence of staging (the loop's condition is then a tensor).
  if (brk != nullptr && (checker.options().assume_staged ||
                         StagedEarlyExit(loop->body, checker))) {
    checker.Report(diag::DiagKind::kWhileTrueBreak, node, c->text,
                   brk->origin.line);
  }
}

}  // namespace agc::lint::rules::while_true_break
