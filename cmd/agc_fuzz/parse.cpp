// Fuzz target `parse`: tree-sitter, the lowering to agc's AST and its
// verifier, and the verbatim printer. Invariants on every input that parses:
//   - the tree passes ast::Verify;
//   - with no passes the output equals the input, and the source map has one
//     entry per line (lines counted as Python does);
//   - parsing twice gives the same result.
#include "lib/syntax/parse.h"

#include <random>

#include "cmd/agc_fuzz/common.h"
#include "cmd/agc_fuzz/mutator.h"
#include "lib/ast/ast.h"
#include "lib/base/source_file.h"
#include "lib/diag/diagnostic.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  agc::fuzz::Initialize();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using agc::fuzz::Fail;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  {
    agc::base::SourceFile source("fuzz.py", std::string(input));
    agc::ast::Module module(&source);
    agc::diag::DiagnosticSink diags;
    if (!agc::syntax::Parse(source, module, diags)) {
      return 0;
    }
    if (!agc::ast::Verify(module).empty()) {
      Fail("the lowered tree does not verify", input);
    }
  }
  agc::fuzz::Converted none = agc::fuzz::Convert(input, "none");
  if (!none.parsed) {
    Fail("parsed once but not twice", input);
  }
  if (none.printed.text != input) {
    Fail("with no passes the output differs from the input", input);
  }
  if (none.printed.origin_lines.size() != agc::fuzz::LineCount(input)) {
    Fail("the source map does not have one entry per line", input);
  }
  static std::mt19937 rng(12345);
  agc::fuzz::Harvest(input, rng);
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data,
                                          size_t size,
                                          size_t max_size,
                                          unsigned int seed) {
  return agc::fuzz::MutatePython(data, size, max_size, seed);
}
