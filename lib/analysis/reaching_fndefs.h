// Reaching function definitions: for each name read, the local function
// definitions its value may come from, so that later passes know that a
// called name is a function defined in the file.
//
// Attaches: to every Name read (ctx Load) that a function definition may
//   reach, the list of those definitions.
// Requires: cfg, activity, qual_names, reaching_definitions.
//
// A function definition is a FunctionDef / AsyncFunctionDef statement, or an
// assignment of a lambda to a plain name (`f = lambda x: ...`, also
// annotated); the list holds the def statement, or the Lambda expression.
// A name is resolved as Python does: in the scope that binds it (lambda
// parameters and comprehension targets shadow; class bodies are skipped from
// nested functions, lambdas and comprehensions), at the point where the code
// reading it is defined when the binding scope is an enclosing one (a nested
// function's free names: the definitions reaching the nested `def`). Names
// declared `global`, and names only the module binds when read from a scope
// that declares them global, are not resolved.
#pragma once

#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "lib/analysis/manager.h"
#include "lib/ast/ast.h"

namespace agc::analysis {

class ReachingFnDefs {
 public:
  static constexpr std::string_view kName = "reaching_fndefs";
  static std::unique_ptr<ReachingFnDefs> Compute(const ast::Module& module,
                                                 AnalysisManager& analyses);

  // The function definitions that may reach this Name read, in source order;
  // empty for other nodes and for names no function definition reaches.
  std::span<const ast::Node* const> Of(const ast::Node& name) const;

 private:
  friend class ReachingFnDefsBuilder;
  std::vector<ast::NodeId> keys_;       // sorted
  std::vector<const ast::Node*> defs_;  // parallel to keys_
};

}  // namespace agc::analysis
