// AGC309 lambda_in_multiline_expression.
#include "lib/lint/checker.h"

namespace agc::lint::rules::lambda_in_multiline_expression {

extern const std::string_view kExplain;
const std::string_view kExplain =
    R"md(# AGC309: lambda inside a multi-line expression

## What it does
Finds lambdas in converted code whose statement spans several lines.

## Why is this bad
A converter that works from live objects (TensorFlow's AutoGraph under
`tf.function`, or `converted_call` on a lambda agc left alone) recovers a
lambda's source with `inspect.getsource`, which returns whole lines. When the
lambda sits in an expression spread over several lines, the lines do not
parse on their own, or hold several lambdas, and conversion fails with
"could not parse the source code of <lambda>" or converts the wrong one.

## Example
```python
def scale(xs, k):
    return list(map(
        lambda x: x * k,    # AGC309
        xs))
```

## Use instead
```python
def scale(xs, k):
    def times_k(x):
        return x * k
    return list(map(times_k, xs))
```
Use a nested `def`, or keep the lambda's statement on one line.
)md";

void Check(const ast::Node& node, Checker& checker) {
  if (!node.Is<ast::Lambda>() || !checker.state().converted ||
      checker.state().stmts.empty()) {
    return;
  }
  const ast::Stmt& stmt = *checker.state().stmts.back();
  switch (stmt.kind) {
    case ast::Kind::kAssign:
    case ast::Kind::kAugAssign:
    case ast::Kind::kAnnAssign:
    case ast::Kind::kExprStmt:
    case ast::Kind::kReturn:
      break;
    default:
      return;
  }
  int32_t last = checker.EndLine(stmt);
  if (last > stmt.origin.line) {
    checker.Report(diag::DiagKind::kLambdaInMultilineExpression, node,
                   StatementKeyword(stmt), stmt.origin.line, last);
  }
}

}  // namespace agc::lint::rules::lambda_in_multiline_expression
