// AGC304 list_growth_in_loop.
#include "lib/analysis/activity.h"
#include "lib/analysis/qual_names.h"
#include "lib/lint/checker.h"

namespace agc::lint::rules::list_growth_in_loop {

extern const std::string_view kExplain;
const std::string_view kExplain =
    R"md(# AGC304: Python list growth inside a loop

## What it does
Finds `append`, `pop`, `insert` and `extend` calls inside a `for` or `while`
loop of a converted function, on a list (a name or attribute) that the loop
body does not create itself.

## Why is this bad
A staged loop (`tf.while_loop`) carries a fixed set of tensors of fixed
shapes from one iteration to the next. A Python list whose length changes
each iteration is not such a value: the converted loop raises, or, if the
loop stays a Python loop, it is unrolled and traced once per iteration.

## Example
```python
def squares(n):
    out = []
    for i in range(n):
        out.append(i * i)   # AGC304
    return out
```

## Use instead
```python
def squares(n):
    out = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
    for i in tf.range(n):
        out = out.write(i, i * i)
    return out.stack()
```
Use a `tf.TensorArray` (or the `lists` pass with `set_element_type`), or
build the result with a vectorized operation.
)md";

void Check(const ast::Node& node, Checker& checker) {
  const auto* call = node.As<ast::Call>();
  if (call == nullptr || !checker.state().converted) {
    return;
  }
  const auto* attr = call->func->As<ast::Attribute>();
  if (attr == nullptr || !(attr->attr == "append" || attr->attr == "pop" ||
                           attr->attr == "insert" || attr->attr == "extend")) {
    return;
  }
  std::string receiver = DottedName(attr->value);
  if (receiver.empty()) {
    return;
  }
  const ast::Stmt* loop = nullptr;
  for (auto it = checker.state().stmts.rbegin();
       it != checker.state().stmts.rend(); ++it) {
    if ((*it)->Is<ast::For>() || (*it)->Is<ast::While>()) {
      loop = *it;
      break;
    }
  }
  if (loop == nullptr) {
    return;
  }
  // A list the loop body binds afresh (`acc = []` inside the loop) is a
  // Python value of one iteration, not loop state.
  auto& am = checker.analyses();
  const auto& names = am.Get<analysis::QualNames>();
  const auto& activity = am.Get<analysis::Activity>();
  const ast::Expr* root = attr->value;
  while (const auto* a = root->As<ast::Attribute>()) {
    root = a->value;
  }
  analysis::SymbolId root_symbol = names.Of(*root);
  const analysis::NodeActivity* act = activity.Of(*loop);
  if (act != nullptr && root_symbol != analysis::kNoSymbol &&
      act->modified.Contains(root_symbol)) {
    return;
  }
  checker.Report(diag::DiagKind::kListGrowthInLoop, node, receiver, attr->attr,
                 StatementKeyword(*loop), loop->origin.line);
}

}  // namespace agc::lint::rules::list_growth_in_loop
