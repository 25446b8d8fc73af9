// Whether an eager original needs a converted twin.
//
// The twin of a function runs instead of its original code while a
// framework traces. Where the converter would change nothing that a backend
// sees, the twin does what the original does under every backend, and the
// function is written once, as written, without a guard or a twin (only in
// the default output: `--converted-only` converts every function). The rule
// is syntactic and conservative: a function needs a twin when its body
// holds any of
//
//   - a compound statement (if, while, for, try, with, match): control
//     flow, or a body another pass rewrites;
//   - a `return` anywhere but as the body's last statement;
//   - an `assert`, `and`/`or`/`not`, a conditional expression, a chained
//     comparison, a lambda, a comprehension or generator expression, a
//     walrus, `await`/`yield`;
//   - a call of a name the runtime overloads for staged values (`len`,
//     `range`, `print`, `int`... see kTwinBuiltins), or any other read of
//     such a name (`p = print`), or a call of
//     `set_loop_options`/`set_element_type`, or of what reads its caller's
//     frames (`sys._getframe`, `warnings.warn`);
//   - with the optional passes selected: a subscript (slices), a list
//     display or an `append`/`pop` call (lists).
//
// A nested def counts by what the function runs of it (its decorators,
// defaults, annotations and type parameters), and by whether it needs a
// twin itself: then so does the function, since TensorFlow's AutoGraph
// converts a function that is not marked as converted from its source, and
// could not run the guard and twin agc writes inside. A nested class counts
// by its header, its body's statements and its methods, likewise. Builtins
// a twin calls in the original's context (`super`, `locals`, `vars`,
// `globals`, `dir`, `eval`, `exec`) need no twin.
//
// Everything else (assignments, arithmetic, attribute reads, calls of
// other functions, raise, import, del, global, f-strings) is the same code
// in the twin, except that calls go through `ag__.converted_call`, which
// calls them as they are (TensorFlow's AutoGraph, under tf.function or the
// tf backend, converts the function itself: it is not marked as converted).
#pragma once

#include <optional>
#include <string_view>

#include "lib/ast/ast.h"

namespace agc::analysis {

// What makes a function need a twin: the first construct in source order.
struct TwinReason {
  std::string_view construct;  // "if statement", "call of len", ...
  ast::Origin origin;
};

// Which optional rewrites of converted code are selected (they change more
// constructs).
struct TwinRuleOptions {
  bool lists = false;
  bool slices = false;
};

// Null when the function's twin would behave as its original under every
// backend (it gets none); else the first construct that needs a twin.
std::optional<TwinReason> NeedsTwin(const ast::FunctionDef& fn,
                                    const TwinRuleOptions& options);

}  // namespace agc::analysis
