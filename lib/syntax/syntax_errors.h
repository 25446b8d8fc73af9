// Internal to lib/syntax: the syntax errors agc words as CPython does, for
// a file tree-sitter-python cannot parse (or, for indentation, cannot track).
#pragma once

#include <tree_sitter/api.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>

#include "lib/base/python_version.h"
#include "lib/base/source_file.h"
#include "lib/diag/diagnostic.h"

namespace agc::syntax {

// The position of byte `offset` as CPython counts it: a byte-order mark at
// the start of the file is not a column.
base::LineCol PositionOf(const base::SourceFile& source, uint32_t offset);

// tree-sitter-python's scanner keeps each indentation width in one byte
// (external scanner state), so a block indented deeper than this many columns
// is parsed wrongly or as a syntax error somewhere else, depending on when
// the state is saved. CPython accepts it, so it is a nesting limit (AGC005).
inline constexpr uint32_t kMaxIndentColumns = 255;

// Offset of the first statement line (outside brackets and strings) of
// `source` indented more than kMaxIndentColumns, or npos. Tabs advance to
// the next multiple of 8, as in CPython's tokenizer.
size_t FirstTooDeepIndent(const base::SourceFile& source);

// Reports the first syntax error of `source`, whose tree `root` (parsed
// from `bytes`: `source`'s bytes with lone carriage returns as newlines)
// has an ERROR or MISSING node, as CPython would: AGC006 for an error of
// CPython's tokenizer with the brackets ("'(' was never closed",
// "unmatched ')'", mismatched) or a compound statement's header without its
// ':' ("expected ':'"), AGC004 for Python 3.14 syntax newer than `target`,
// else AGC001 at the first ERROR or MISSING node. `parses` tells whether a
// text is a valid program (agc's parse and lowering).
void ReportSyntaxError(TSNode root,
                       const base::SourceFile& source,
                       std::string_view bytes,
                       base::PythonVersion target,
                       const std::function<bool(std::string_view)>& parses,
                       diag::DiagnosticSink& sink);

}  // namespace agc::syntax
