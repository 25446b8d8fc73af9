#include "lib/analysis/registry.h"

#include "lib/analysis/activity.h"
#include "lib/analysis/cfg.h"
#include "lib/analysis/liveness.h"
#include "lib/analysis/qual_names.h"
#include "lib/analysis/reaching_definitions.h"
#include "lib/analysis/reaching_fndefs.h"
#include "lib/analysis/unbound_reads.h"

namespace agc::analysis {
namespace {

// The list's name is the class's kName.
#define AGC_ANALYSIS(Name, Class, Summary, Needs) \
  static_assert(Class::kName == #Name, "analyses.def: name is not kName");
#include "lib/analysis/analyses.def"

std::vector<std::string_view> SplitNames(std::string_view names) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  while (pos < names.size()) {
    size_t space = names.find(' ', pos);
    if (space == std::string_view::npos) {
      space = names.size();
    }
    if (space > pos) {
      out.push_back(names.substr(pos, space - pos));
    }
    pos = space + 1;
  }
  return out;
}

// An analysis that solves its graphs on demand (ComputeAll): all of them.
template <typename T>
void CompleteIfLazy(const AnalysisManager& analyses) {
  if constexpr (requires(const T& t) { t.ComputeAll(); }) {
    analyses.GetFresh<T>().ComputeAll();
  }
}

std::vector<AnalysisInfo> BuildTable() {
  std::vector<AnalysisInfo> out;
#define AGC_ANALYSIS(Name, Class, Summary, Needs)                  \
  out.push_back(AnalysisInfo{                                      \
      Class::kName, Summary, SplitNames(Needs), Analysis<Class>(), \
      [](const AnalysisManager& am) { return am.IsFresh<Class>(); }});
#include "lib/analysis/analyses.def"
  return out;
}

}  // namespace

std::span<const AnalysisInfo> Analyses() {
  static const std::vector<AnalysisInfo> table = BuildTable();
  return table;
}

const AnalysisInfo* FindAnalysis(std::string_view name) {
  for (const AnalysisInfo& info : Analyses()) {
    if (info.name == name) {
      return &info;
    }
  }
  return nullptr;
}

void EnsureAll(AnalysisManager& analyses) {
  for (const AnalysisInfo& info : Analyses()) {
    info.ref.ensure(analyses);
  }
  // Analyses that solve their graphs on demand solve all of them here.
#define AGC_ANALYSIS(Name, Class, Summary, Needs) \
  CompleteIfLazy<Class>(analyses);
#include "lib/analysis/analyses.def"
}

}  // namespace agc::analysis
