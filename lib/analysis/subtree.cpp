#include "lib/analysis/subtree.h"

#include "lib/analysis/activity.h"
#include "lib/analysis/cfg.h"
#include "lib/analysis/liveness.h"
#include "lib/analysis/qual_names.h"
#include "lib/analysis/reaching_definitions.h"

namespace agc::analysis {

SubtreeAnalyses::SubtreeAnalyses(const ast::Module& module,
                                 std::vector<Subtree> roots)
    : roots_(std::move(roots)) {
  std::vector<const ast::Node*> nodes;
  nodes.reserve(roots_.size());
  for (const Subtree& root : roots_) {
    nodes.push_back(root.function);
  }
  qual_names_ = QualNames::ComputeFor(module, nodes);
  activity_ = Activity::ComputeFor(module, *qual_names_, roots_);
  cfgs_ = Cfgs::ComputeFor(module, nodes);
  liveness_ = Liveness::ComputeFrom(module, *cfgs_, *activity_, *qual_names_);
  rd_ = ReachingDefinitions::ComputeFrom(*cfgs_, *activity_, *qual_names_);
}

SubtreeAnalyses::~SubtreeAnalyses() = default;

}  // namespace agc::analysis
