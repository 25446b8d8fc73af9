#include "cmd/agc_fuzz/common.h"

#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <vector>

#include "lib/ast/ast.h"
#include "lib/base/source_file.h"
#include "lib/diag/diagnostic.h"
#include "lib/driver/lint.h"
#include "lib/pass/pipeline.h"
#include "lib/syntax/parse.h"
#include "passes/registry.h"

namespace agc::fuzz {

void Fail(const char* what, std::string_view input) {
  std::fprintf(stderr, "agc_fuzz: invariant broken: %s\n--- input ---\n%.*s\n",
               what, static_cast<int>(input.size()), input.data());
  std::abort();
}

size_t LineCount(std::string_view text) {
  size_t n = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' ||
        (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'))) {
      ++n;
    }
  }
  const char last = text.empty() ? '\n' : text.back();
  return n + (last != '\n' && last != '\r' ? 1 : 0);
}

namespace {

const std::vector<const pass::PassInfo*>& Passes(std::string_view spec) {
  static const std::vector<const pass::PassInfo*> none;
  static const std::vector<const pass::PassInfo*> by_default = [] {
    pass::SelectionError error;
    auto d = pass::SelectPasses(passes::Registry(), "default", &error);
    if (!d) {
      std::abort();
    }
    return *d;
  }();
  return spec == "none" ? none : by_default;
}

}  // namespace

Converted Convert(std::string_view bytes, std::string_view passes) {
  Converted r;
  base::SourceFile source("fuzz.py", std::string(bytes));
  ast::Module module(&source);
  diag::DiagnosticSink diags;
  if (!syntax::Parse(source, module, diags)) {
    for (const auto& d : diags.Sorted()) {
      r.deep |= d.kind == diag::DiagKind::kNestingTooDeep;
    }
    return r;
  }
  r.parsed = true;
  pass::PassOptions pass_options;
  pass::PipelineOptions pipeline;
  pass::RunPipeline(Passes(passes), module, diags, pass_options, pipeline);
  r.printed = codegen::Print(module);
  return r;
}

std::pair<int, std::string> Lint(std::string_view bytes) {
  driver::LintOptions options;
  options.paths = {"-"};
  options.isolated = true;
  options.format = diag::OutputFormat::kJson;
  options.registry = passes::Registry();
  std::istringstream in{std::string(bytes)};
  std::ostringstream out;
  std::ostringstream err;
  int code = driver::Lint(options, out, err, in);
  return {code, out.str() + err.str()};
}

void Initialize() {
  syntax::CheckGrammar();
}

}  // namespace agc::fuzz
