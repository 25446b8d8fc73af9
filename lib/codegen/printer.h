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
// the AST, without comments. For tests, templates and diagnostics.
std::string PrintNode(const ast::Module& module, const ast::Node& node);

}  // namespace agc::codegen
