#include "lib/lint/registry.h"

#include "lib/lint/checker.h"

#define AGC_RULE(Code, Name, File, Severity, Format)                \
  namespace agc::lint::rules::File {                                \
  extern const std::string_view kExplain;                           \
  void Check(const ast::Node& node, ::agc::lint::Checker& checker); \
  }
#include "lib/lint/rules.def"

namespace agc::lint {
namespace {

const Rule kRules[] = {
#define AGC_RULE(Code, Name, File, Severity, Format) \
  {Code,  diag::DiagKind::k##Name, #Name,            \
   #File, rules::File::kExplain,   &rules::File::Check},
#include "lib/lint/rules.def"
};

}  // namespace

std::span<const Rule> Rules() {
  return kRules;
}

const Rule* FindRule(int code) {
  for (const Rule& rule : kRules) {
    if (rule.code == code) {
      return &rule;
    }
  }
  return nullptr;
}

}  // namespace agc::lint
