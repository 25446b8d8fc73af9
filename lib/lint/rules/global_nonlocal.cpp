// AGC310 global_nonlocal.
#include "lib/lint/checker.h"

namespace agc::lint::rules::global_nonlocal {

extern const std::string_view kExplain;
const std::string_view kExplain =
    R"md(# AGC310: `global` or `nonlocal` in a converted function

## What it does
Finds `global` and `nonlocal` declarations in the body of a function agc
converts.

## Why is this bad
Staged control flow passes state between its branch and loop functions
through `get_state`/`set_state`, and only for the function's own locals. A
global or an enclosing function's variable written inside a staged `if` or
loop is assigned once, while tracing, with a symbolic value; the graph never
updates it. The converted code runs, but reads of the variable see the trace
value, not the result of the loop.

## Example
```python
total = 0

def add_all(xs):
    global total              # AGC310
    for x in xs:
        total += x
```

## Use instead
```python
def add_all(xs, total):
    for x in xs:
        total += x
    return total
```
Pass the value in and return the new value (or keep it in a `tf.Variable`).
)md";

namespace {

std::string Join(const std::vector<std::string_view>& names) {
  std::string out;
  for (std::string_view n : names) {
    out += out.empty() ? "" : ", ";
    out += n;
  }
  return out;
}

}  // namespace

void Check(const ast::Node& node, Checker& checker) {
  if (!checker.state().converted || checker.state().def == nullptr) {
    return;
  }
  if (const auto* g = node.As<ast::Global>()) {
    checker.Report(diag::DiagKind::kGlobalNonlocal, node, "global",
                   Join(g->names), checker.FunctionName(), "global");
  } else if (const auto* n = node.As<ast::Nonlocal>()) {
    checker.Report(diag::DiagKind::kGlobalNonlocal, node, "nonlocal",
                   Join(n->names), checker.FunctionName(), "nonlocal");
  }
}

}  // namespace agc::lint::rules::global_nonlocal
