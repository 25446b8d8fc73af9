// AGC314 match_statement.
#include "lib/lint/checker.h"

namespace agc::lint::rules::match_statement {

extern const std::string_view kExplain;
const std::string_view kExplain =
    R"md(# AGC314: `match` statement in a converted function

## What it does
Finds `match` statements in functions agc converts. agc (like AutoGraph)
has no staged form of `match`: the statement is left as written.

## Why is this bad
The cases are tested in Python while tracing. A subject that is a tensor
cannot be compared with a pattern (`bool` of a symbolic tensor fails), and
the branches are never turned into `tf.cond`: only one case is traced and
frozen into the graph.

## Example
```python
def activation(kind, x):
    match kind:               # AGC314
        case "relu":
            return tf.nn.relu(x)
        case _:
            return x
```

## Use instead
```python
def activation(kind, x):
    if kind == "relu":
        return tf.nn.relu(x)
    return x
```
Use `if`/`elif` when the subject may be a tensor; a `match` on a Python
value known while tracing is fine (suppress the finding there).
)md";

void Check(const ast::Node& node, Checker& checker) {
  const auto* match = node.As<ast::Match>();
  if (match == nullptr || !checker.state().converted ||
      checker.state().def == nullptr) {
    return;
  }
  std::string subject = DottedName(match->subject);
  if (subject.empty()) {
    subject = std::string(checker.module().TextOf(*match->subject));
  }
  checker.Report(diag::DiagKind::kMatchStatement, node, subject,
                 checker.FunctionName());
}

}  // namespace agc::lint::rules::match_statement
