// AGC310 global_nonlocal.
#include <algorithm>

#include "lib/lint/checker.h"
#include "lib/lint/python_values.h"

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

Without `--assume-staged`, a declaration is reported only when one of its
names is written inside an `if` or loop of the function that may be staged
(its test or iterable has evidence of a tensor; see AGC301's page): a global
written outside control flow, or in Python control flow, is written in
Python.
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

// Whether one of `names` is written in staged control flow of the function
// being checked (always, with --assume-staged).
bool WrittenStaged(const std::vector<std::string_view>& names,
                   const Checker& checker) {
  if (checker.options().assume_staged) {
    return true;
  }
  const auto* def = checker.state().def->As<ast::FunctionDef>();
  return def != nullptr &&
         std::any_of(names.begin(), names.end(), [&](std::string_view n) {
           return StagedStatementBinds(def->body, n, checker);
         });
}

}  // namespace

void Check(const ast::Node& node, Checker& checker) {
  if (!checker.state().converted || checker.state().def == nullptr) {
    return;
  }
  if (const auto* g = node.As<ast::Global>()) {
    if (!WrittenStaged(g->names, checker)) {
      return;
    }
    checker.Report(diag::DiagKind::kGlobalNonlocal, node, "global",
                   Join(g->names), checker.FunctionName(), "global");
  } else if (const auto* n = node.As<ast::Nonlocal>()) {
    if (!WrittenStaged(n->names, checker)) {
      return;
    }
    checker.Report(diag::DiagKind::kGlobalNonlocal, node, "nonlocal",
                   Join(n->names), checker.FunctionName(), "nonlocal");
  }
}

}  // namespace agc::lint::rules::global_nonlocal
