#include "lib/diag/diagnostic.h"

#include <algorithm>
#include <charconv>
#include <tuple>

#include "lib/base/check.h"

namespace agc::diag {
namespace {

constexpr DiagKindInfo kKinds[] = {
#define AGC_DIAG(Code, Name, Sev, Format) \
  {Code, #Name, Severity::k##Sev, Format},
#include "lib/diag/diag_kinds.def"
};

}  // namespace

std::string_view SeverityName(Severity severity) {
  switch (severity) {
    case Severity::kRemark:
      return "remark";
    case Severity::kNote:
      return "note";
    case Severity::kWarning:
      return "warning";
    case Severity::kError:
      return "error";
  }
  return "error";
}

const DiagKindInfo& InfoOf(DiagKind kind) {
  size_t i = static_cast<size_t>(kind);
  AGC_CHECK(i < std::size(kKinds));
  return kKinds[i];
}

const DiagKindInfo* FindByCode(std::string_view code) {
  if (code.size() > 3 &&
      (code.substr(0, 3) == "AGC" || code.substr(0, 3) == "agc")) {
    code.remove_prefix(3);
  }
  int value = 0;
  auto [ptr, ec] =
      std::from_chars(code.data(), code.data() + code.size(), value);
  if (ec != std::errc() || ptr != code.data() + code.size() || code.empty()) {
    return nullptr;
  }
  for (const DiagKindInfo& info : kKinds) {
    if (info.code == value) {
      return &info;
    }
  }
  return nullptr;
}

std::vector<const DiagKindInfo*> AllKinds() {
  std::vector<const DiagKindInfo*> out;
  for (const DiagKindInfo& info : kKinds) {
    out.push_back(&info);
  }
  std::sort(out.begin(), out.end(),
            [](auto* a, auto* b) { return a->code < b->code; });
  return out;
}

std::string CodeString(int code) {
  return fmt::format("AGC{:03d}", code);
}

std::string FormatText(const Diagnostic& d) {
  std::string out;
  if (d.path.empty()) {
    out = "agc";
  } else {
    out = d.path;
    if (d.pos.line > 0) {
      out += fmt::format(":{}:{}", d.pos.line, d.pos.col);
    }
  }
  out += fmt::format(": {}: {} [{}]", SeverityName(d.severity), d.message,
                     CodeString(d.code()));
  return out;
}

bool operator<(const Diagnostic& a, const Diagnostic& b) {
  return std::tie(a.path, a.pos.line, a.pos.col, InfoOf(a.kind).code,
                  a.message) < std::tie(b.path, b.pos.line, b.pos.col,
                                        InfoOf(b.kind).code, b.message);
}

void DiagnosticSink::Add(Diagnostic d) {
  std::lock_guard<std::mutex> lock(mu_);
  diags_.insert(std::move(d));
}

std::vector<Diagnostic> DiagnosticSink::Sorted() const {
  std::lock_guard<std::mutex> lock(mu_);
  return std::vector<Diagnostic>(diags_.begin(), diags_.end());
}

bool DiagnosticSink::has_errors() const {
  std::lock_guard<std::mutex> lock(mu_);
  for (const Diagnostic& d : diags_) {
    if (d.severity == Severity::kError) {
      return true;
    }
  }
  return false;
}

size_t DiagnosticSink::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return diags_.size();
}

}  // namespace agc::diag

namespace agc::diag {

int ExitCodeFor(const std::vector<Diagnostic>& diags) {
  int code = 0;
  for (const Diagnostic& d : diags) {
    if (d.severity != Severity::kError) {
      continue;
    }
    if (IsUsageOrIo(d.kind)) {
      return 2;
    }
    code = 1;
  }
  return code;
}

}  // namespace agc::diag
