// AGC306 hidden_state_in_loop.
#include "lib/lint/checker.h"
#include "lib/lint/python_values.h"

namespace agc::lint::rules::hidden_state_in_loop {

extern const std::string_view kExplain;
const std::string_view kExplain =
    R"md(# AGC306: loop state changed by a call the analysis cannot see

## What it does
Finds calls inside a `for` or `while` loop of a converted function that
change state outside the function's locals: a method of the same class that
assigns an attribute of `self`, or a module-level function that assigns a
variable it declares `global`.

## Why is this bad
A staged loop carries exactly the variables the static analysis sees the
loop body modify. A change made inside a called method or function is
invisible to it: under `tf.while_loop` the attribute or global is written
once while tracing, with a symbolic value, and never updated per iteration,
so the result silently differs from the Python run.

## Example
```python
class Counter:
    def bump(self):
        self.count += 1

    def run(self, n):
        for _ in range(n):
            self.bump()        # AGC306: changes self.count
```

## Use instead
```python
    def run(self, n):
        count = self.count
        for _ in range(n):
            count += 1         # a local the loop carries
        self.count = count
```
Keep loop state in local variables of the converted function and write it
back after the loop.
)md";

void Check(const ast::Node& node, Checker& checker) {
  const auto* call = node.As<ast::Call>();
  if (call == nullptr || !checker.state().converted) {
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
  // Without --assume-staged, only a loop with evidence of staging.
  if (loop == nullptr ||
      (!checker.options().assume_staged && NotStaged(*loop, checker))) {
    return;
  }
  const ModuleFacts& facts = checker.facts();
  if (const auto* attr = call->func->As<ast::Attribute>()) {
    if (!IsSelf(*attr->value, checker)) {
      return;
    }
    const auto& base = attr->value->Cast<ast::Name>();
    for (const ModuleFacts::MutatingMethod& m : facts.mutating_methods) {
      if (m.cls == checker.state().cls && m.method == attr->attr) {
        checker.Report(diag::DiagKind::kHiddenStateInLoop, node,
                       fmt::format("{}.{}", base.id, attr->attr),
                       StatementKeyword(*loop), loop->origin.line,
                       fmt::format("'{}.{}'", base.id, m.attribute));
        return;
      }
    }
    return;
  }
  if (const auto* name = call->func->As<ast::Name>()) {
    for (const auto& [fn, global] : facts.global_writers) {
      if (fn == name->id) {
        checker.Report(diag::DiagKind::kHiddenStateInLoop, node, name->id,
                       StatementKeyword(*loop), loop->origin.line,
                       fmt::format("the global '{}'", global));
        return;
      }
    }
  }
}

}  // namespace agc::lint::rules::hidden_state_in_loop
