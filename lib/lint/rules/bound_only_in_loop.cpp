// AGC316 bound_only_in_loop.
#include "lib/lint/checker.h"
#include "lib/lint/rules/undefined_on_some_path.h"

namespace agc::lint::rules::bound_only_in_loop {

extern const std::string_view kExplain;
const std::string_view kExplain =
    R"md(# AGC316: variable bound only inside a staged loop

## What it does
Finds a local variable that a `for` or `while` loop that may be staged binds
only inside its body, read after the loop. Which loops may be staged is
decided as for AGC301 (see its page): by default, a loop whose iterable or
test has evidence of a tensor; with `--assume-staged`, any loop not certainly
over Python values.

## Why is this bad
Python leaves the variable unbound when the loop runs zero times, and the
read after it raises `UnboundLocalError`. A staged loop must carry the
variable from its start: agc's TensorFlow and JAX backends (like
TensorFlow's own converter) trace the body once to learn its type and shape
and start the loop from a placeholder. The code traces, but when the loop
runs zero times TensorFlow fails when the graph runs ("loop must iterate at
least once to initialize outputs") and JAX silently gives zeros.

## Example
```python
def last_output(steps, step_fn):
    for _ in tf.range(steps):
        outputs = step_fn()
    return outputs     # AGC316
```

## Use instead
```python
def last_output(steps, step_fn, initial):
    outputs = initial
    for _ in tf.range(steps):
        outputs = step_fn()
    return outputs
```
Bind the variable before the loop with a value of the same type and shape.
)md";

void Check(const ast::Node& node, Checker& checker) {
  if (node.Is<ast::For>() || node.Is<ast::While>()) {
    undefined_on_some_path::ReportUnboundAfter(
        node, checker, diag::DiagKind::kBoundOnlyInLoop);
  }
}

}  // namespace agc::lint::rules::bound_only_in_loop
