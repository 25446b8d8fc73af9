#include "lib/diag/diagnostic.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "lib/diag/emitter.h"

namespace agc::diag {
namespace {

TEST_CASE("Diagnostics format as path:line:col: severity: message [code]",
          "[diag]") {
  DiagnosticSink sink;
  sink.Emit(DiagKind::kInvalidSyntax, "m.py", base::LineCol{3, 7});
  auto all = sink.Sorted();
  REQUIRE(all.size() == 1);
  CHECK(FormatText(all[0]) == "m.py:3:7: error: invalid syntax [AGC001]");
}

TEST_CASE("A finding reported twice is kept once", "[diag]") {
  DiagnosticSink sink;
  // The same remark from two copies of one converted function, and one at
  // another column, another code and another file.
  sink.Emit(DiagKind::kCallKept, "m.py", base::LineCol{3, 16}, "why");
  sink.Emit(DiagKind::kCallKept, "m.py", base::LineCol{3, 16}, "why");
  sink.Emit(DiagKind::kCallKept, "m.py", base::LineCol{3, 17}, "why");
  sink.Emit(DiagKind::kCallKept, "m.py", base::LineCol{3, 16}, "other");
  sink.Emit(DiagKind::kCallKept, "n.py", base::LineCol{3, 16}, "why");
  sink.Emit(DiagKind::kInvalidSyntax, "m.py", base::LineCol{3, 16});
  sink.Emit(DiagKind::kCallKept, "m.py", base::LineCol{3, 16}, "why");
  CHECK(sink.size() == 5);
  std::vector<std::string> lines;
  for (const Diagnostic& d : sink.Sorted()) {
    lines.push_back(FormatText(d));
  }
  CHECK(lines == std::vector<std::string>{
                     "m.py:3:16: error: invalid syntax [AGC001]",
                     "m.py:3:16: remark: call stays direct: other [AGC106]",
                     "m.py:3:16: remark: call stays direct: why [AGC106]",
                     "m.py:3:17: remark: call stays direct: why [AGC106]",
                     "n.py:3:16: remark: call stays direct: why [AGC106]",
                 });
}

TEST_CASE("A diagnostic with its source line shows it with a caret", "[diag]") {
  Diagnostic d{DiagKind::kMissingToken, Severity::kError, "m.py",
               base::LineCol{2, 9}, "invalid syntax: expected ':'"};
  CHECK(FormatWithSource(d) ==
        "m.py:2:9: error: invalid syntax: expected ':' [AGC006]\n");
  d.source_line = "    if x";
  CHECK(FormatWithSource(d) ==
        "m.py:2:9: error: invalid syntax: expected ':' [AGC006]\n"
        "    if x\n"
        "        ^\n");
  // The text format of `agc lint` is the same renderer.
  CHECK(Render(OutputFormat::kText, {d}) ==
        FormatWithSource(d) + "Found 1 finding (1 error).\n");
  CHECK(Render(OutputFormat::kConcise, {d}) == FormatText(d) + "\n");
  // Without a position, or with a line too long to show: one line.
  d.source_line = std::string(kMaxSourceLineBytes + 1, 'x');
  CHECK(FormatWithSource(d) == FormatText(d) + "\n");
  d.source_line = "    if x";
  d.pos = {};
  CHECK(FormatWithSource(d) == FormatText(d) + "\n");
}

TEST_CASE("Diagnostics without position or file", "[diag]") {
  DiagnosticSink sink;
  sink.Emit(DiagKind::kCannotRead, "x.py", base::LineCol{},
            "No such file or directory");
  sink.Emit(DiagKind::kBadOption, "", base::LineCol{}, "bad flag");
  auto all = sink.Sorted();
  REQUIRE(all.size() == 2);
  CHECK(FormatText(all[0]) == "agc: error: bad flag [AGC016]");
  CHECK(FormatText(all[1]) ==
        "x.py: error: cannot read input: No such file or directory [AGC010]");
}

TEST_CASE("Diagnostics sort by file, line, column, code", "[diag]") {
  DiagnosticSink sink;
  sink.Emit(DiagKind::kInvalidSyntax, "b.py", base::LineCol{1, 1});
  sink.Emit(DiagKind::kNulByte, "a.py", base::LineCol{2, 1});
  sink.Emit(DiagKind::kInvalidSyntax, "a.py", base::LineCol{2, 1});
  sink.Emit(DiagKind::kInvalidSyntax, "a.py", base::LineCol{1, 9});
  auto all = sink.Sorted();
  REQUIRE(all.size() == 4);
  CHECK(FormatText(all[0]).rfind("a.py:1:9:", 0) == 0);
  CHECK(all[1].code() == 1);
  CHECK(all[2].code() == 3);
  CHECK(FormatText(all[3]).rfind("b.py:1:1:", 0) == 0);
}

TEST_CASE("Exit codes: usage and I/O are 2, other errors 1", "[diag]") {
  DiagnosticSink ok;
  CHECK(ExitCodeFor(ok.Sorted()) == 0);
  DiagnosticSink syntax;
  syntax.Emit(DiagKind::kInvalidSyntax, "a.py", base::LineCol{1, 1});
  CHECK(ExitCodeFor(syntax.Sorted()) == 1);
  syntax.Emit(DiagKind::kCannotWrite, "a.py", base::LineCol{}, "denied");
  CHECK(ExitCodeFor(syntax.Sorted()) == 2);
}

TEST_CASE("Codes are unique and found by name", "[diag]") {
  auto kinds = AllKinds();
  for (size_t i = 1; i < kinds.size(); ++i) {
    CHECK(kinds[i - 1]->code < kinds[i]->code);
  }
  REQUIRE(FindByCode("AGC001") != nullptr);
  CHECK(FindByCode("AGC001")->name == "InvalidSyntax");
  CHECK(FindByCode("1") == FindByCode("AGC001"));
  CHECK(FindByCode("AGC999") == nullptr);
  CHECK(FindByCode("AGCx") == nullptr);
  CHECK(CodeString(5) == "AGC005");
}

}  // namespace
}  // namespace agc::diag
