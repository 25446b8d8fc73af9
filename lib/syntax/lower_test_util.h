// Shared helpers for the lowering's unit tests (Catch2, lower_*_test.cpp):
// lower a snippet and dump its tree on one line, or collect the
// diagnostics of one that must be rejected.
//
//   CHECK(DumpOf("pass\n") == "Module(body=[Pass()])");
//   CHECK(ErrorsOf("x = )\n") ==
//         "t.py:1:5: error: invalid syntax: unmatched ')' [AGC006]\n");
#pragma once

#include <catch2/catch.hpp>
#include <string>

#include "lib/ast/ast.h"
#include "lib/base/source_file.h"
#include "lib/diag/diagnostic.h"
#include "lib/syntax/parse.h"

namespace agc::syntax::testing {

// ast::Dump on one line: "Module(body=[Pass()])".
inline std::string Compact(const std::string& dump) {
  std::string out;
  out.reserve(dump.size());
  for (size_t i = 0; i < dump.size(); ++i) {
    if (dump[i] != '\n') {
      out += dump[i];
      continue;
    }
    while (i + 1 < dump.size() && dump[i + 1] == ' ') {
      ++i;
    }
    if (!out.empty() && out.back() == ',') {
      out += ' ';
    }
  }
  return out;
}

struct Lowered {
  explicit Lowered(std::string code, ParseOptions options = {})
      : source("t.py", std::move(code)), module(&source) {
    ok = Parse(source, module, sink, options);
  }

  // The diagnostics, formatted, one per line.
  std::string Errors() const {
    std::string out;
    for (const diag::Diagnostic& d : sink.Sorted()) {
      out += diag::FormatText(d);
      out += '\n';
    }
    return out;
  }

  base::SourceFile source;
  ast::Module module;
  diag::DiagnosticSink sink;
  bool ok = false;
};

// Lowers `code`, which must be valid, checks the tree, and dumps it.
inline std::string DumpOf(std::string code,
                          bool origins = false,
                          ParseOptions options = {}) {
  Lowered l(std::move(code), options);
  INFO(l.Errors());
  REQUIRE(l.ok);
  REQUIRE(l.sink.size() == 0);
  REQUIRE(ast::Verify(l.module).empty());
  return Compact(ast::Dump(l.module, origins));
}

// The diagnostics of `code`, which must be rejected.
inline std::string ErrorsOf(std::string code, ParseOptions options = {}) {
  Lowered l(std::move(code), options);
  CHECK_FALSE(l.ok);
  return l.Errors();
}

}  // namespace agc::syntax::testing
