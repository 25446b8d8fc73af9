// AGC311 exec_eval.
#include "lib/analysis/activity.h"
#include "lib/analysis/qual_names.h"
#include "lib/lint/checker.h"

namespace agc::lint::rules::exec_eval {

extern const std::string_view kExplain;
const std::string_view kExplain =
    R"md(# AGC311: `exec` or `eval` in a converted function

## What it does
Finds calls to the builtins `exec` and `eval` in converted code (names that
no enclosing scope rebinds).

## Why is this bad
agc converts the source it reads; code assembled as a string and run with
`exec`/`eval` at run time is never converted, so any `if` or loop in it stays
Python control flow and fails on tensors. It also reads and writes variables
the static analyses cannot see, so the state of staged control flow around
it may be wrong.

## Example
```python
def apply(op, x):
    return eval(f"x {op} 1")    # AGC311
```

## Use instead
```python
import operator
OPS = {"+": operator.add, "*": operator.mul}

def apply(op, x):
    return OPS[op](x, 1)
```
Dispatch to real functions instead of generating code.
)md";

void Check(const ast::Node& node, Checker& checker) {
  const auto* call = node.As<ast::Call>();
  if (call == nullptr || !checker.state().converted) {
    return;
  }
  const auto* fn = call->func->As<ast::Name>();
  if (fn == nullptr || (fn->id != "exec" && fn->id != "eval")) {
    return;
  }
  // Only the builtin: a name some scope binds is another function.
  auto& am = checker.analyses();
  const auto& names = am.Get<analysis::QualNames>();
  const auto& activity = am.Get<analysis::Activity>();
  analysis::SymbolId s = names.Of(*fn);
  for (const analysis::Scope* sc = &activity.EnclosingScope(*fn);
       sc != nullptr && s != analysis::kNoSymbol; sc = sc->parent) {
    if (sc->bound.Contains(s)) {
      return;
    }
  }
  checker.Report(diag::DiagKind::kExecEval, node, fn->id,
                 checker.FunctionName());
}

}  // namespace agc::lint::rules::exec_eval
