#include "lib/analysis/subtree.h"

#include "lib/analysis/activity.h"
#include "lib/analysis/cfg.h"
#include "lib/analysis/liveness.h"
#include "lib/analysis/qual_names.h"
#include "lib/analysis/reaching_definitions.h"

namespace agc::analysis {
namespace {

void FindLowered(const ast::Node& node,
                 const ast::ClassDef* in_class,
                 std::vector<Subtree>& out) {
  if (const auto* fn = node.As<ast::FunctionDef>()) {
    if ((fn->flags & ast::kFlagLowered) != 0) {
      out.push_back({fn, in_class});
      return;
    }
    in_class = nullptr;
  } else if (node.Is<ast::AsyncFunctionDef>()) {
    in_class = nullptr;
  } else if (const auto* cls = node.As<ast::ClassDef>()) {
    in_class = cls;
  }
  ast::ForEachChild(node, [&](const ast::Node* child) {
    if (child->category() == ast::Category::kStmt ||
        child->Is<ast::ExceptHandler>() || child->Is<ast::MatchCase>()) {
      FindLowered(*child, in_class, out);
    }
  });
}

}  // namespace

std::vector<Subtree> LoweredSubtrees(const ast::Module& module) {
  std::vector<Subtree> out;
  for (const ast::Stmt* stmt : module.body) {
    FindLowered(*stmt, nullptr, out);
  }
  return out;
}

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
