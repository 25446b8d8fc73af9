// AGC315 return_in_staged_loop.
#include <algorithm>

#include "lib/lint/checker.h"
#include "lib/lint/flow.h"
#include "lib/lint/python_values.h"

namespace agc::lint::rules::return_in_staged_loop {

extern const std::string_view kExplain;
const std::string_view kExplain =
    R"md(# AGC315: `return` inside a loop that may be staged

## What it does
Finds a `return` statement inside the body of a `for` or `while` loop of a
converted function when the loop may be staged: a `for` over something that
is not certainly a Python value (a display, a comprehension, a string, or
`range`/`enumerate`/`zip`/`reversed` of those and of constants), or a
`while` whose test is not certainly a Python bool (see AGC301's list of such
tests). A `return` in the loop's `else` clause, or in a function nested in
the loop, is not reported.

## Why is this bad
A staged loop (`tf.while_loop`, `lax.while_loop`) is one graph operation
that runs its body to the end of each iteration; it cannot leave the
function from the middle. TensorFlow's converter and agc's staged backend
both refuse it when the loop's iterable or condition is a tensor: "a return
statement cannot be placed inside this staged loop". Over a Python list the
loop is unrolled while tracing and the `return` works, which is why this is
a warning.

## Example
```python
def first_negative(xs):
    for x in xs:
        if x < 0:
            return x      # AGC315
    return 0
```

## Use instead
```python
def first_negative(xs):
    result = 0
    found = False
    for x in xs:
        if not found and x < 0:
            result = x
            found = True
    return result
```
Carry the result in a variable and return after the loop (with
`tf.math.reduce_*`, `tf.where` or a flag), or break out of the loop.
)md";

namespace {

bool PythonCall(const ast::Call& call, std::span<const std::string_view> fixed);

// Whether iterating `e` certainly gives Python values (a loop over it is
// never staged).
bool PythonIterable(const ast::Expr& e,
                    std::span<const std::string_view> fixed) {
  if (e.Is<ast::List>() || e.Is<ast::Tuple>() || e.Is<ast::Set>() ||
      e.Is<ast::Dict>() || e.Is<ast::ListComp>() || e.Is<ast::SetComp>() ||
      e.Is<ast::DictComp>() || e.Is<ast::Constant>()) {
    return true;
  }
  if (const auto* call = e.As<ast::Call>()) {
    return PythonCall(*call, fixed);
  }
  return FixedValue(e, fixed);
}

// `range(3)`, `enumerate([a, b])`, `zip("ab", (1, 2))`: builtins over
// Python values.
bool PythonCall(const ast::Call& call,
                std::span<const std::string_view> fixed) {
  const auto* fn = call.func->As<ast::Name>();
  if (fn == nullptr || !call.keywords.empty()) {
    return false;
  }
  if (fn->id == "range") {
    return std::all_of(
        call.args.begin(), call.args.end(),
        [&](const ast::Expr* a) { return FixedValue(*a, fixed); });
  }
  if (fn->id == "enumerate" || fn->id == "zip" || fn->id == "reversed") {
    return !call.args.empty() && std::all_of(call.args.begin(), call.args.end(),
                                             [&](const ast::Expr* a) {
                                               return PythonIterable(*a, fixed);
                                             });
  }
  return false;
}

// Whether the loop may be staged.
bool MayBeStaged(const ast::Stmt& loop,
                 std::span<const std::string_view> fixed) {
  if (const auto* w = loop.As<ast::While>()) {
    return !PythonBool(*w->test, fixed) && !FixedValue(*w->test, fixed);
  }
  if (const auto* f = loop.As<ast::For>()) {
    return !PythonIterable(*f->iter, fixed);
  }
  return false;
}

bool InOrelse(const ast::Stmt& loop, const ast::Stmt* child) {
  const std::vector<ast::Stmt*>* orelse = nullptr;
  if (const auto* w = loop.As<ast::While>()) {
    orelse = &w->orelse;
  } else if (const auto* f = loop.As<ast::For>()) {
    orelse = &f->orelse;
  }
  return orelse != nullptr &&
         std::find(orelse->begin(), orelse->end(), child) != orelse->end();
}

// Whether the loop stmts[at] runs over a Python iterable (or on a Python
// test) and every `if` between it and the return tests a Python value: the
// loop is never staged and the return leaves it in Python.
bool PythonLoopAndGuards(const std::vector<const ast::Stmt*>& stmts,
                         size_t at,
                         const Checker& checker) {
  const ast::Stmt& loop = *stmts[at];
  const ast::Expr* value = nullptr;
  if (const auto* w = loop.As<ast::While>()) {
    value = w->test;
  } else if (const auto* f = loop.As<ast::For>()) {
    value = f->iter;
  }
  if (value == nullptr || !CertainlyPython(*value, checker)) {
    return false;
  }
  for (size_t j = at + 1; j < stmts.size(); ++j) {
    if (stmts[j]->Is<ast::If>() && !NotStaged(*stmts[j], checker)) {
      return false;
    }
  }
  return true;
}

}  // namespace

void Check(const ast::Node& node, Checker& checker) {
  if (!node.Is<ast::Return>() || !checker.state().converted ||
      checker.state().def == nullptr ||
      checker.state().function != checker.state().def) {
    return;
  }
  // The enclosing statements of this function, innermost last: the nearest
  // loop that may be staged and whose body (not else) holds the return (a
  // Python loop inside a staged one is still inside it).
  const std::vector<const ast::Stmt*>& stmts = checker.state().stmts;
  for (size_t i = stmts.size(); i-- > 1;) {
    const ast::Stmt& s = *stmts[i - 1];
    if ((!s.Is<ast::For>() && !s.Is<ast::While>()) || InOrelse(s, stmts[i])) {
      continue;
    }
    // Without --assume-staged, only a loop with evidence of staging (its
    // iterable or test, or an `if` around the return: NotStaged).
    if (MayBeStaged(s, checker.facts().fixed_globals) &&
        !PythonLoopAndGuards(stmts, i - 1, checker) &&
        (checker.options().assume_staged || !NotStaged(s, checker))) {
      checker.Report(diag::DiagKind::kReturnInStagedLoop, node,
                     StatementKeyword(s), s.origin.line);
      return;
    }
  }
}

}  // namespace agc::lint::rules::return_in_staged_loop
