// Analyses of some functions of a module, apart from the analysis manager.
//
// A pass that needs facts about a few functions the tree changed in (e.g.
// control_flow, for the functions a lowering pass rewrote) computes
// qual_names, activity, cfg, liveness and reaching definitions for those
// functions' subtrees only, instead of for the whole module. Inside the
// roots the facts equal those of the whole-module analyses, except that
// symbol ids are numbered among the roots' symbols (still in alphabetical
// order, so sets iterate in the same order) and Scope::free is not
// computed; outside the roots there are no facts.
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "lib/ast/ast.h"

namespace agc::analysis {

// A function analysed on its own, and the class whose body it is directly
// in (null when it is not a method), which decides how its decorators and
// defaults see names.
struct Subtree {
  const ast::FunctionDef* function = nullptr;
  const ast::ClassDef* in_class = nullptr;
};

// The outermost functions flagged kFlagLowered (a lowering pass added
// statements to them, so facts of the input do not describe them) in the
// module, in source order, each with the class whose body it is directly
// in: the roots to analyse afresh. Their nested functions are in their
// subtrees.
std::vector<Subtree> LoweredSubtrees(const ast::Module& module);

class Activity;
class Cfgs;
class Liveness;
class QualNames;
class ReachingDefinitions;

class SubtreeAnalyses {
 public:
  SubtreeAnalyses(const ast::Module& module, std::vector<Subtree> roots);
  ~SubtreeAnalyses();

  const QualNames& qual_names() const { return *qual_names_; }

  const Activity& activity() const { return *activity_; }

  const Cfgs& cfgs() const { return *cfgs_; }

  // Solved on demand, graph by graph (see liveness.h).
  const Liveness& liveness() const { return *liveness_; }

  const ReachingDefinitions& reaching_definitions() const { return *rd_; }

 private:
  std::vector<Subtree> roots_;
  std::unique_ptr<QualNames> qual_names_;
  std::unique_ptr<Activity> activity_;
  std::unique_ptr<Cfgs> cfgs_;
  std::unique_ptr<Liveness> liveness_;
  std::unique_ptr<ReachingDefinitions> rd_;
};

}  // namespace agc::analysis
