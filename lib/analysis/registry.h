// The table of analyses, built from lib/analysis/analyses.def: what `agc
// passes` lists and what `agc convert --analyze` computes.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "lib/analysis/manager.h"

namespace agc::analysis {

struct AnalysisInfo {
  std::string_view name;                // the class's kName
  std::string_view summary;             // one line, shown by `agc passes`
  std::vector<std::string_view> needs;  // analyses its Compute reads
  AnalysisRef ref;                      // ref.ensure computes it if stale
  bool (*is_fresh)(const AnalysisManager&);
};

// Every analysis, in the order of analyses.def (required ones first).
std::span<const AnalysisInfo> Analyses();

// The analysis called `name`, or null.
const AnalysisInfo* FindAnalysis(std::string_view name);

// Makes every analysis of the table fresh for the manager's module, every
// graph of those that solve graphs on demand included.
void EnsureAll(AnalysisManager& analyses);

}  // namespace agc::analysis
