// libFuzzer target: parse -> default pipeline -> print, with the invariants
// of the reliability issue checked on every input that parses:
//   - the output re-parses with agc's own parser;
//   - the source map has one entry per output line;
//   - with no passes the output equals the input;
//   - converting twice gives the same bytes;
//   - `agc lint -` of the input exits 0 or 1 (never 2, a usage or I/O
//     error) and gives the same findings twice.
// Crashes, leaks and UB are found by the sanitizers it is built with
// (scripts/fuzz.sh: -fsanitize=fuzzer,address,undefined).
//
// LLVMFuzzerCustomMutator recombines whole statements taken from inputs that
// parsed (the seed corpus: testdata/ and a sample of the stdlib) and wraps
// lines in functions and control flow, so most mutants are valid Python and
// reach the passes, not only the parser. Half of the mutations stay libFuzzer's
// own byte-level ones.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "lib/ast/ast.h"
#include "lib/base/source_file.h"
#include "lib/codegen/printer.h"
#include "lib/diag/diagnostic.h"
#include "lib/driver/lint.h"
#include "lib/pass/pipeline.h"
#include "lib/syntax/parse.h"
#include "passes/registry.h"

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

namespace {

using agc::pass::PassInfo;

[[noreturn]] void Fail(const char* what, std::string_view input) {
  std::fprintf(stderr, "agc_fuzz: invariant broken: %s\n--- input ---\n%.*s\n",
               what, static_cast<int>(input.size()), input.data());
  std::abort();
}

const std::vector<const PassInfo*>& Passes(std::string_view spec) {
  static std::vector<const PassInfo*> by_default;
  static std::vector<const PassInfo*> none;
  static bool ready = false;
  if (!ready) {
    agc::pass::SelectionError error;
    auto d =
        agc::pass::SelectPasses(agc::passes::Registry(), "default", &error);
    if (!d) {
      std::abort();
    }
    by_default = *d;
    ready = true;
  }
  return spec == "none" ? none : by_default;
}

struct Result {
  bool parsed = false;
  bool deep = false;  // an AGC005 nesting error
  agc::codegen::PrintResult printed;
};

Result Convert(std::string_view bytes, std::string_view passes) {
  Result r;
  agc::base::SourceFile source("fuzz.py", std::string(bytes));
  agc::ast::Module module(&source);
  agc::diag::DiagnosticSink diags;
  if (!agc::syntax::Parse(source, module, diags)) {
    for (const auto& d : diags.Sorted()) {
      r.deep |= d.kind == agc::diag::DiagKind::kNestingTooDeep;
    }
    return r;
  }
  r.parsed = true;
  agc::pass::PassOptions pass_options;
  agc::pass::PipelineOptions pipeline;
  agc::pass::RunPipeline(Passes(passes), module, diags, pass_options, pipeline);
  r.printed = agc::codegen::Print(module);
  return r;
}

// `agc lint --isolated --output-format json -` over `bytes`: the exit code
// and everything written.
std::pair<int, std::string> Lint(std::string_view bytes) {
  agc::driver::LintOptions options;
  options.paths = {"-"};
  options.isolated = true;
  options.format = agc::diag::OutputFormat::kJson;
  options.registry = agc::passes::Registry();
  std::istringstream in{std::string(bytes)};
  std::ostringstream out;
  std::ostringstream err;
  int code = agc::driver::Lint(options, out, err, in);
  return {code, out.str() + err.str()};
}

size_t LineCount(std::string_view text) {
  size_t n = 0;
  for (char c : text) {
    n += c == '\n';
  }
  return n + (!text.empty() && text.back() != '\n' ? 1 : 0);
}

// --- the statement pool of the structured mutator -------------------------

std::vector<std::string>& Pool() {
  static std::vector<std::string> pool;
  return pool;
}

size_t IndentOf(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && line[i] == ' ') {
    ++i;
  }
  return i;
}

std::vector<std::string_view> SplitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
    lines.push_back(text.substr(pos, end - pos));
    pos = end;
  }
  return lines;
}

bool Blank(std::string_view line) {
  size_t i = IndentOf(line);
  return i == line.size() || line[i] == '\n' || line[i] == '#';
}

// A statement starting at `i`: the line and the more-indented lines after it,
// dedented to column 0.
std::string StatementAt(const std::vector<std::string_view>& lines, size_t i) {
  const size_t indent = IndentOf(lines[i]);
  std::string out(lines[i].substr(indent));
  for (size_t j = i + 1; j < lines.size(); ++j) {
    if (!Blank(lines[j]) && IndentOf(lines[j]) <= indent) {
      break;
    }
    out += IndentOf(lines[j]) >= indent ? lines[j].substr(indent) : lines[j];
  }
  if (!out.empty() && out.back() != '\n') {
    out += '\n';
  }
  return out;
}

// Keeps up to kPoolSize statements of inputs that parsed (a reservoir).
void Harvest(std::string_view text, std::mt19937& rng) {
  constexpr size_t kPoolSize = 20000;
  constexpr size_t kMaxStatement = 4000;
  static size_t seen = 0;
  auto lines = SplitLines(text);
  for (size_t i = 0; i < lines.size(); ++i) {
    if (Blank(lines[i]) || lines[i].find('\r') != std::string_view::npos) {
      continue;
    }
    std::string s = StatementAt(lines, i);
    if (s.size() > kMaxStatement) {
      continue;
    }
    ++seen;
    auto& pool = Pool();
    if (pool.size() < kPoolSize) {
      pool.push_back(std::move(s));
    } else if (size_t k = rng() % seen; k < kPoolSize) {
      pool[k] = std::move(s);
    }
  }
}

std::string Indent(std::string_view text, size_t n) {
  std::string out;
  for (std::string_view line : SplitLines(text)) {
    if (!Blank(line)) {
      out.append(n, ' ');
    }
    out += line;
  }
  return out;
}

const char* const kHeaders[] = {
    "if x:\n",
    "if x > 0:\n",
    "while n > 0:\n",
    "for i in range(n):\n",
    "for a, b in items:\n",
    "with ctx as c:\n",
    "try:\n",
    "def g(x, n=1):\n",
    "else:\n",
    "elif y:\n",
    "except E as e:\n",
    "finally:\n",
};

std::string MutateStructured(std::string_view in, std::mt19937& rng) {
  auto lines = SplitLines(in);
  auto pick = [&](size_t n) { return n == 0 ? 0 : rng() % n; };
  std::string out;
  switch (rng() % 5) {
    case 0:
    case 1: {
      // Insert a pooled statement before a line, at that line's indentation.
      if (Pool().empty()) {
        return std::string(in);
      }
      const std::string& s = Pool()[pick(Pool().size())];
      size_t at = pick(lines.size() + 1);
      size_t indent = at < lines.size() ? IndentOf(lines[at]) : 0;
      for (size_t i = 0; i < lines.size(); ++i) {
        if (i == at) {
          out += Indent(s, indent);
        }
        out += lines[i];
      }
      if (at == lines.size()) {
        out += s;
      }
      return out;
    }
    case 2: {
      // Wrap a statement in a header (if/while/for/try/def...).
      if (lines.empty()) {
        return std::string(in);
      }
      size_t at = pick(lines.size());
      if (Blank(lines[at])) {
        return std::string(in);
      }
      std::string s = StatementAt(lines, at);
      size_t end = at + SplitLines(s).size();
      size_t indent = IndentOf(lines[at]);
      for (size_t i = 0; i < at; ++i) {
        out += lines[i];
      }
      out += Indent(kHeaders[pick(std::size(kHeaders))], indent);
      out += Indent(s, indent + 4);
      for (size_t i = end; i < lines.size(); ++i) {
        out += lines[i];
      }
      return out;
    }
    case 3: {
      // The whole input becomes a function body (so the passes convert it).
      out = "def f(x, n, items):\n";
      out += Indent(in, 4);
      if (!out.empty() && out.back() != '\n') {
        out += '\n';
      }
      out += "    return x\n";
      return out;
    }
    default: {
      // Delete a statement.
      if (lines.empty()) {
        return std::string(in);
      }
      size_t at = pick(lines.size());
      size_t end = at + 1;
      if (!Blank(lines[at])) {
        end = at + SplitLines(StatementAt(lines, at)).size();
      }
      for (size_t i = 0; i < lines.size(); ++i) {
        if (i < at || i >= end) {
          out += lines[i];
        }
      }
      return out;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  agc::syntax::CheckGrammar();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  auto [code, findings] = Lint(input);
  if (code != 0 && code != 1) {
    Fail("lint exits with a usage or I/O error", input);
  }
  if (Lint(input) != std::pair<int, std::string>(code, findings)) {
    Fail("linting twice gives different findings", input);
  }
  Result none = Convert(input, "none");
  if (!none.parsed) {
    return 0;
  }
  if (none.printed.text != input) {
    Fail("with no passes the output differs from the input", input);
  }
  static std::mt19937 rng(12345);
  Harvest(input, rng);

  Result first = Convert(input, "default");
  if (!first.parsed) {
    Fail("parsed once but not twice", input);
  }
  const std::string& text = first.printed.text;
  if (first.printed.origin_lines.size() != LineCount(text)) {
    Fail("the source map does not have one entry per output line", input);
  }
  Result again = Convert(input, "default");
  if (again.printed.text != text ||
      again.printed.origin_lines != first.printed.origin_lines) {
    Fail("converting twice gives different bytes", input);
  }
  Result back = Convert(text, "none");
  // Converted code nests deeper than its input (bodies become nested
  // functions), so only a nesting limit may stop it from parsing back.
  if (!back.parsed && !back.deep) {
    Fail("the output does not parse", input);
  }
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data,
                                          size_t size,
                                          size_t max_size,
                                          unsigned int seed) {
  std::mt19937 rng(seed);
  if (rng() % 2 == 0) {
    return LLVMFuzzerMutate(data, size, max_size);
  }
  std::string out = MutateStructured(
      std::string_view(reinterpret_cast<const char*>(data), size), rng);
  if (out.size() > max_size) {
    return LLVMFuzzerMutate(data, size, max_size);
  }
  std::memcpy(data, out.data(), out.size());
  return out.size();
}
