// Diagnostics: what users see. `path:line:col: severity: message [AGCnnn]`,
// sorted by file, line, column, code. Developers' logs go through spdlog, not
// here.
#pragma once

#include <fmt/core.h>

#include <cstdint>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "lib/base/source_file.h"

namespace agc::diag {

// kRemark: how agc converted something, not a change in what the user gets
// (a call or operator kept direct, a statement's control-flow form); shown
// by `agc convert -v`, reported by `agc lint` only when selected or made a
// warning by the configuration (lint::EffectiveSeverity).
enum class Severity : uint8_t { kRemark, kNote, kWarning, kError };

std::string_view SeverityName(Severity severity);

enum class DiagKind : uint16_t {
#define AGC_DIAG(Code, Name, Severity, Format) k##Name,
#include "lib/diag/diag_kinds.def"
};

struct DiagKindInfo {
  int code;
  std::string_view name;
  Severity severity;
  std::string_view format;
};

const DiagKindInfo& InfoOf(DiagKind kind);

// Finds a kind by its code ("AGC001" or "1"); nullptr if there is none.
const DiagKindInfo* FindByCode(std::string_view code);

// All kinds, in code order.
std::vector<const DiagKindInfo*> AllKinds();

// "AGC001".
std::string CodeString(int code);

struct Diagnostic {
  DiagKind kind;
  Severity severity;
  std::string path;   // empty: not about a file
  base::LineCol pos;  // line 0: no position
  std::string message;
  // The text of line pos.line (no line break), shown under the message with
  // a caret by FormatWithSource; empty: the diagnostic is shown on one line.
  std::string source_line = {};

  int code() const { return InfoOf(kind).code; }
};

// Formats one diagnostic as `path:line:col: severity: message [AGCnnn]`.
std::string FormatText(const Diagnostic& d);

// Sort key order: path, line, column, code, message.
bool operator<(const Diagnostic& a, const Diagnostic& b);

// Collects diagnostics; thread-safe so parallel conversions can share one.
// A finding is kept once: one equal to a kept one under the sort key (path,
// position, code, message) is dropped. The same code may be converted in
// several copies (an eager original's nested twin and the enclosing twin's
// copy of the same function), and each copy would report it again.
class DiagnosticSink {
 public:
  template <typename... Args>
  void Emit(DiagKind kind,
            std::string_view path,
            base::LineCol pos,
            Args&&... args) {
    const DiagKindInfo& info = InfoOf(kind);
    Add(Diagnostic{
        kind, info.severity, std::string(path), pos,
        fmt::format(fmt::runtime(info.format), std::forward<Args>(args)...)});
  }

  void Add(Diagnostic d);

  // Sorted copy of everything emitted so far.
  std::vector<Diagnostic> Sorted() const;

  bool has_errors() const;

  size_t size() const;

 private:
  mutable std::mutex mu_;
  std::set<Diagnostic> diags_;
};

}  // namespace agc::diag

namespace agc::diag {

// AGC010-AGC029 are usage and I/O errors (exit code 2).
inline bool IsUsageOrIo(DiagKind kind) {
  int code = InfoOf(kind).code;
  return code >= 10 && code <= 29;
}

// The exit code for a run that reported `diags` (spec §7): 2 for a usage or
// I/O error, 1 for any other error, 0 otherwise.
int ExitCodeFor(const std::vector<Diagnostic>& diags);

}  // namespace agc::diag
