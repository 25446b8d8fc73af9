// AGC314 match_statement.
#include "lib/lint/checker.h"

namespace agc::lint::rules::match_statement {

extern const std::string_view kExplain;
const std::string_view kExplain =
    R"md(# AGC314: `match` statement whose patterns cannot be staged

## What it does
Finds `match` statements in functions agc converts that have a case whose
pattern needs a Python subject: a sequence (`[a, b]`), mapping (`{"k": v}`)
or class (`Point(x=0)`) pattern, an or-pattern that captures, or a value
pattern with both an `as` name and a guard.

## Why is this bad
agc converts `match` (the `match_statements` pass): a case that compares the
subject with values (`case 0:`, `case "relu" | "gelu":`, `case None:`) or
captures it (`case other:`) becomes an `if` on a comparison, which stages
like any other (`tf.cond`, `lax.cond`). The other patterns are matched in
Python by `ag__.match_`, as CPython matches them: fine on Python values, but
a tensor or tracer subject has no structure while tracing, so such a case
raises a TypeError when the function is traced.

## Example
```python
def scale(shape, x):
    match shape:              # AGC314: sequence pattern
        case [h, w]:
            return x / (h * w)
        case _:
            return x
```

## Use instead
Match on Python values (shapes, configuration), or compare a tensor with
values only:
```python
def activation(kind, x):
    match kind:               # staged when kind is a tensor
        case 0:
            return tf.nn.relu(x)
        case _:
            return x
```
Suppress the finding where the subject is always a Python value.
)md";

namespace {

// The first part of `pattern` that needs a Python subject, as the message
// names it; empty when none does.
std::string_view NeedsPython(const ast::Pattern& pattern) {
  if (pattern.Is<ast::MatchSequence>()) {
    return "sequence pattern";
  }
  if (pattern.Is<ast::MatchMapping>()) {
    return "mapping pattern";
  }
  if (pattern.Is<ast::MatchClass>()) {
    return "class pattern";
  }
  if (const auto* p = pattern.As<ast::MatchOr>()) {
    for (const ast::Pattern* alt : p->patterns) {
      std::string_view inner = NeedsPython(*alt);
      if (!inner.empty()) {
        return inner;
      }
    }
    return ast::IsValuePattern(pattern) ? "" : "or-pattern with captures";
  }
  if (const auto* p = pattern.As<ast::MatchAs>()) {
    return p->pattern == nullptr ? "" : NeedsPython(*p->pattern);
  }
  return "";
}

}  // namespace

void Check(const ast::Node& node, Checker& checker) {
  const auto* match = node.As<ast::Match>();
  if (match == nullptr || !checker.state().converted ||
      checker.state().def == nullptr) {
    return;
  }
  for (const ast::MatchCase* c : match->cases) {
    std::string_view kind = NeedsPython(*c->pattern);
    const auto* as = c->pattern->As<ast::MatchAs>();
    if (kind.empty() && as != nullptr && as->pattern != nullptr &&
        c->guard != nullptr) {
      kind = "value pattern with an 'as' name and a guard";
    }
    if (kind.empty()) {
      continue;
    }
    std::string subject = DottedName(match->subject);
    if (subject.empty()) {
      subject = std::string(checker.module().TextOf(*match->subject));
    }
    checker.Report(diag::DiagKind::kMatchStatement, node, subject,
                   checker.FunctionName(), kind, c->pattern->origin.line);
    return;
  }
}

}  // namespace agc::lint::rules::match_statement
