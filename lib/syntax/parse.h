// The front end: Python source -> agc AST. This folder is the only user of
// <tree_sitter/api.h>; everything after it sees ast::Module.
#pragma once

#include <string_view>

#include "lib/ast/ast.h"
#include "lib/base/source_file.h"
#include "lib/diag/diagnostic.h"

namespace agc::syntax {

struct ParseOptions {
  // Deepest nesting of expressions and blocks accepted; deeper input is an
  // AGC005 error instead of a stack overflow in later recursive walks.
  int max_depth = 1000;
};

// Parses `source` into `module` (whose body must be empty): lowers the whole
// tree, collects comments into module.comments, and reports problems to
// `sink` with `source.path()`: AGC001 syntax errors (at the first ERROR or
// MISSING node), AGC002 invalid UTF-8, AGC003 NUL bytes, AGC004 syntax newer
// than Python 3.11, AGC005 nesting too deep (also a block indented more than
// 255 columns, which the grammar's scanner cannot track). Returns false when it
// reported an error; the module is then not usable.
bool Parse(const base::SourceFile& source,
           ast::Module& module,
           diag::DiagnosticSink& sink,
           const ParseOptions& options = {});

// Parses with tree-sitter only and throws the tree away: the baseline that
// scripts/bench.sh compares agc against. Returns whether the tree is free of
// syntax errors.
bool ParseOnly(std::string_view bytes);

// Fails loudly (AGC_CHECK) when the linked grammar's ABI cannot be loaded by
// the linked tree-sitter runtime. Called once at startup.
void CheckGrammar();

}  // namespace agc::syntax
