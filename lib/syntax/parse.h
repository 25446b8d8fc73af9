// The front end: Python source -> agc AST. This folder is the only user of
// <tree_sitter/api.h>; everything after it sees ast::Module.
#pragma once

#include <cstddef>
#include <string_view>

#include "lib/ast/ast.h"
#include "lib/base/python_version.h"
#include "lib/base/source_file.h"
#include "lib/base/stage_times.h"
#include "lib/diag/diagnostic.h"

namespace agc::syntax {

struct ParseOptions {
  // Deepest nesting of expressions and blocks accepted; deeper input is an
  // AGC005 error instead of a stack overflow in later recursive walks.
  int max_depth = 1000;
  // The oldest Python the code must run on: newer syntax is an AGC004
  // error naming the version that introduced it.
  base::PythonVersion target = base::kNewestPython;
  // When set, the tree-sitter parse and the lowering add their wall time
  // here (--time-passes).
  base::StageTimes* stage_times = nullptr;
};

// Parses `source` into `module` (whose body must be empty): lowers the whole
// tree, collects comments into module.comments, and reports problems to
// `sink` with `source.path()`: AGC006 syntax errors whose cause agc can
// name as CPython does (a bracket never closed, unmatched or mismatched, as
// CPython's tokenizer reports them; a header's missing ':'), AGC001 other
// syntax errors (at the first ERROR or MISSING node), each with its source
// line (Diagnostic::source_line); AGC002 invalid UTF-8, AGC003 NUL bytes,
// AGC004 syntax newer than options.target, AGC005 nesting too deep (also a
// block indented more than 255 columns, which the grammar's scanner cannot
// track). Returns false when it reported an error; the module is then not
// usable.
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

// The functions tree-sitter allocates its parsers and trees with.
struct ParserAllocator {
  void* (*malloc)(size_t) = nullptr;
  void* (*calloc)(size_t, size_t) = nullptr;
  void* (*realloc)(void*, size_t) = nullptr;
  void (*free)(void*) = nullptr;
  // Optional, both or neither: open_region makes this thread's following
  // tree-sitter allocations go to a new region and returns it (null: no
  // region, allocate as before); close_region frees every block of the
  // region at once. Parse gives each file a region and its own parser, and
  // drops the tree with the region instead of freeing it node by node.
  void* (*open_region)() = nullptr;
  void (*close_region)(void* region) = nullptr;
};

// Makes tree-sitter allocate with `allocator` from now on (process-wide); a
// default-constructed ParserAllocator restores tree-sitter's own functions.
// Memory tree-sitter already holds is freed with the new `free`, so the new
// functions must accept blocks of the old ones (e.g. both of one malloc
// implementation). Called at startup, before any parse: agc gives the
// parser a heap of its own (cmd/agc/parser_heap.cpp).
void SetParserAllocator(const ParserAllocator& allocator);

}  // namespace agc::syntax
