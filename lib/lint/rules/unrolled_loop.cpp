// AGC308 unrolled_loop.
#include <algorithm>
#include <string>

#include "lib/lint/checker.h"
#include "lib/lint/python_values.h"

namespace agc::lint::rules::unrolled_loop {

extern const std::string_view kExplain;
const std::string_view kExplain =
    R"md(# AGC308: Python loop whose body calls TensorFlow

## What it does
Finds `for` loops in converted functions that iterate a Python `range(...)`
or a list or tuple display and whose body calls a TensorFlow function (a
name bound by `import tensorflow ...` or `from tensorflow ... import`; not
`tf.nest`, `tf.name_scope` and other calls that add nothing to the graph).
Without `--assume-staged`, a `range` of a small constant (at most 16) or of
a static size (`len` of a Python value, a tensor's `.shape`/`.ndim`) and a
configuration count (`range(self.num_layers)`) are left alone: unrolling
those is the author's choice.

## Why is this bad
A loop over a Python value is not staged: under `tf.function` it runs while
tracing, and every iteration adds its own copy of the TensorFlow operations to
the graph. Long loops make huge graphs and slow traces, and the loop count is
frozen into the graph.

## Example
```python
import tensorflow as tf

def total(x, n):
    for i in range(100):          # AGC308: unrolled 100 times
        x = tf.math.add(x, i)
    return x
```

## Use instead
```python
def total(x, n):
    for i in tf.range(100):       # a staged tf.while_loop
        x = tf.math.add(x, i)
    return x
```
Iterate a tensor (`tf.range`, a dataset) so the loop is staged once.
)md";

namespace {

// The most iterations of a `range` of constants left alone by default.
constexpr int kSmallCount = 16;

const ast::Call* FindTensorFlowCall(const ast::Node& node,
                                    const ModuleFacts& facts) {
  if (node.Is<ast::FunctionDef>() || node.Is<ast::AsyncFunctionDef>() ||
      node.Is<ast::ClassDef>() || node.Is<ast::Lambda>()) {
    return nullptr;
  }
  if (const auto* call = node.As<ast::Call>()) {
    const auto* name = ChainRoot(*call->func).As<ast::Name>();
    if (name != nullptr && facts.IsTensorFlow(name->id) &&
        FrameworkOp(*call, facts)) {
      return call;
    }
  }
  const ast::Call* found = nullptr;
  ast::ForEachChild(node, [&](const ast::Node* child) {
    if (found == nullptr) {
      found = FindTensorFlowCall(*child, facts);
    }
  });
  return found;
}

}  // namespace

void Check(const ast::Node& node, Checker& checker) {
  const auto* loop = node.As<ast::For>();
  if (loop == nullptr || !checker.state().converted ||
      checker.facts().tensorflow_names.empty()) {
    return;
  }
  std::string_view what;
  if (const auto* call = loop->iter->As<ast::Call>()) {
    const auto* fn = call->func->As<ast::Name>();
    if (fn != nullptr && fn->id == "range") {
      what = "range";
      // `range(self.power_iterations)`: a count the layer's configuration
      // chose; unrolling it is what the author asked for.
      for (const ast::Expr* a : call->args) {
        const auto* attr = a->As<ast::Attribute>();
        if (attr != nullptr && IsSelf(*attr->value, checker) &&
            CertainlyPython(*a, checker)) {
          return;
        }
      }
      // `range(5)`, `range(x.shape.rank)`, `range(len(dims) - 1)`: a
      // small count written in the code, or a static size (certainly a
      // Python value), is the author's choice too (reported with
      // --assume-staged); `range(100)` is not small.
      if (!checker.options().assume_staged &&
          std::all_of(call->args.begin(), call->args.end(),
                      [&](const ast::Expr* a) {
                        const auto* c = a->As<ast::Constant>();
                        if (c != nullptr) {
                          return c->value_kind == ast::ConstantKind::kInt &&
                                 c->text.size() <= 2 &&
                                 std::stoi(std::string(c->text)) <= kSmallCount;
                        }
                        return CertainlyPython(*a, checker);
                      })) {
        return;
      }
    }
  } else if (loop->iter->Is<ast::List>()) {
    what = "list";
  } else if (loop->iter->Is<ast::Tuple>()) {
    what = "tuple";
  }
  if (what.empty()) {
    return;
  }
  const ast::Call* call = nullptr;
  for (const ast::Stmt* stmt : loop->body) {
    if (call == nullptr) {
      call = FindTensorFlowCall(*stmt, checker.facts());
    }
  }
  if (call != nullptr) {
    checker.Report(diag::DiagKind::kUnrolledLoop, node, what,
                   DottedName(call->func), call->origin.line);
  }
}

}  // namespace agc::lint::rules::unrolled_loop
