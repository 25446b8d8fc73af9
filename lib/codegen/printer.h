// The printer: ast::Module -> Python source plus the line map.
//
// Untouched regions are copied from the input byte for byte. A function that
// a pass changed (kFlagChanged) is printed from the AST in agc's fixed style:
// 4-space indent, one statement per line, parentheses from a precedence table
// (as CPython's ast.unparse), literals as written in the input, own-line
// comments kept above the statement that follows them. Statements a pass
// inserted at module level (no span; e.g. the runtime import) are printed from
// the AST at their position.
//
// Every output line is started through one function that records its origin
// line, so the map cannot drift from the text.
//
// What the printer relies on:
// - A changed function keeps its node (and so its span): it is regenerated in
//   place of the whole lines its text covers, decorators included, at the
//   indentation of its first line. A statement without a span is treated as
//   inserted (printed before the next statement that has one, mapped to that
//   statement's line); if it replaced an input statement, that statement's
//   text would stay too, so a replacement must take over the span.
// - kFlagChanged counts on FunctionDef/AsyncFunctionDef only; a changed
//   function's subtree is printed entirely from the AST.
// - Regenerated lines use the input's line terminator (CRLF if its first line
//   has one, else LF). Text inside multi-line literals is never re-indented.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "lib/ast/ast.h"

namespace agc::codegen {

struct PrintOptions {
  // Print every statement from the AST, changed or not (testing the printer
  // on large corpora: the output must have the input's ast.dump).
  bool regenerate_all = false;
};

struct PrintResult {
  std::string text;
  // origin_lines[k] is the input line that output line k+1 came from.
  std::vector<int32_t> origin_lines;
};

PrintResult Print(const ast::Module& module, const PrintOptions& options = {});

// Prints one expression or statement (and, for a statement, its body) from
// the AST, without comments. For tests, templates and diagnostics. A
// statement's text ends with "\n"; an expression's has no newline. Patterns
// and helper nodes (arguments, keyword, alias, withitem, comprehension,
// match_case, ExceptHandler) print as they appear inside their parent.
std::string PrintNode(const ast::Module& module, const ast::Node& node);

}  // namespace agc::codegen
