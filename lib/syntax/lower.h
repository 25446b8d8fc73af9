// Internal to lib/syntax: CST (tree-sitter) -> AST.
#pragma once

#include <tree_sitter/api.h>

#include "lib/ast/ast.h"
#include "lib/base/source_file.h"
#include "lib/diag/diagnostic.h"
#include "lib/syntax/parse.h"

namespace agc::syntax {

// Lowers the tree under `root` (a `module` node free of ERROR and MISSING
// nodes) into `module`, collecting comments. Reports what CPython rejects but
// tree-sitter accepts (keywords used as names, bad indentation, Python 2
// forms, invalid targets, ...) as AGC001, Python 3.12 syntax as AGC004 and
// nesting beyond options.max_depth as AGC005, each at the first offending
// node, and returns false after any of them. The tree's bytes must equal
// `source`'s except for line breaks replaced by spaces; with
// `byte_positions` (needed when some were replaced) origins are computed from
// byte offsets instead of tree-sitter's rows and columns.
bool LowerTree(TSNode root,
               const base::SourceFile& source,
               ast::Module& module,
               diag::DiagnosticSink& sink,
               const ParseOptions& options,
               bool byte_positions = false);

}  // namespace agc::syntax
