#include "passes/registry.h"

#include <string_view>
#include <vector>

namespace agc::passes {

#define AGC_PASS(Name, InDefault, Summary, Needs) \
  namespace Name {                                \
  std::unique_ptr<pass::Pass> Create();           \
  analysis::AnalysisSet Analyses();               \
  }
#include "passes/passes.def"

namespace {

[[maybe_unused]] std::vector<std::string_view> SplitNeeds(
    std::string_view needs) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  while (pos < needs.size()) {
    size_t space = needs.find(' ', pos);
    if (space == std::string_view::npos) {
      space = needs.size();
    }
    if (space > pos) {
      out.push_back(needs.substr(pos, space - pos));
    }
    pos = space + 1;
  }
  return out;
}

[[maybe_unused]] constexpr bool kDefault = true;
[[maybe_unused]] constexpr bool kOptional = false;

std::vector<pass::PassInfo> BuildRegistry() {
  std::vector<pass::PassInfo> out;  // stays empty until a pass is listed
#define AGC_PASS(Name, InDefault, Summary, Needs)                              \
  out.push_back(pass::PassInfo{#Name, Summary, k##InDefault, Name::Analyses(), \
                               SplitNeeds(Needs), &Name::Create});
#include "passes/passes.def"
  return out;
}

}  // namespace

std::span<const pass::PassInfo> Registry() {
  static const std::vector<pass::PassInfo> registry = BuildRegistry();
  return registry;
}

}  // namespace agc::passes
