// AGC309 lambda_in_multiline_expression.
#include "lib/lint/checker.h"
#include "lib/lint/python_values.h"

namespace agc::lint::rules::lambda_in_multiline_expression {

extern const std::string_view kExplain;
const std::string_view kExplain =
    R"md(# AGC309: lambda inside a multi-line expression

## What it does
Finds lambdas in converted code whose statement spans several lines and
whose body holds something a converter must rewrite: a conditional
expression, `and`/`or` or `not`. Without `--assume-staged`, only when that
test or operand has evidence of a tensor (a TensorFlow or JAX call, see
AGC301's page).

## Why is this bad
A converter that works from live objects (TensorFlow's AutoGraph under
`tf.function`, or `converted_call` on a lambda agc left alone) recovers a
lambda's source with `inspect.getsource`, which returns whole lines. When the
lambda sits in an expression spread over several lines, the lines do not
parse on their own, or hold several lambdas, and conversion fails with
"could not parse the source code of <lambda>" or converts the wrong one.
The lambda then runs as written: harmless for `lambda x: x * k`, wrong for
`lambda x: x if x > 0 else -x` on a tensor, whose `if` needs a staged
conditional.

## Example
```python
def scale(xs, k):
    return list(map(
        lambda x: x if x > k else k,    # AGC309
        xs))
```

## Use instead
```python
def scale(xs, k):
    def at_least_k(x):
        return x if x > k else k
    return list(map(at_least_k, xs))
```
Use a nested `def`, or keep the lambda's statement on one line.
)md";

namespace {

// A conditional expression, `and`/`or` or `not` in `node` (not in nested
// lambdas) whose test or operands may be staged (have StagingEvidence, or
// anything with --assume-staged).
bool NeedsConversion(const ast::Node& node, const Checker& checker) {
  const ast::Expr* test = nullptr;
  if (const auto* i = node.As<ast::IfExp>()) {
    test = i->test;
  } else if (node.Is<ast::BoolOp>()) {
    test = &static_cast<const ast::Expr&>(node);
  } else if (const auto* u = node.As<ast::UnaryOp>();
             u != nullptr && u->op == ast::UnaryOpKind::kNot) {
    test = u->operand;
  }
  if (test != nullptr &&
      (checker.options().assume_staged || StagingEvidence(*test, checker))) {
    return true;
  }
  bool found = false;
  ast::ForEachChild(node, [&](const ast::Node* child) {
    found = found ||
            (!child->Is<ast::Lambda>() && NeedsConversion(*child, checker));
  });
  return found;
}

}  // namespace

void Check(const ast::Node& node, Checker& checker) {
  const auto* lambda = node.As<ast::Lambda>();
  if (lambda == nullptr || !checker.state().converted ||
      checker.state().stmts.empty() ||
      !NeedsConversion(*lambda->body, checker)) {
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
