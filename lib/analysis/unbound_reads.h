// Unbound reads: which reads of a name inside a function may find it unbound.
//
// Attaches: to every Name expression in Load context that runs in a function
//   body (its statements, and comprehensions and default values there), and
//   to the names a `del` deletes and the Name target of an augmented
//   assignment (both read the name first), a bit: the name is a local of the
//   function and, on some path from the function's entry (or from a `del`),
//   nothing binds it before the statement that reads it. Reads inside lambda
//   bodies and nested functions belong to their own scopes and are not marked.
// Requires: qual_names, reaching_definitions.
//
// The variables pass reads this analysis of the original program (see
// AnalysisManager::GetOriginal): it wraps exactly these reads in `ag__.ld`,
// so a read that Python would reject with UnboundLocalError still is, with
// Python's text, after control flow moved the bindings into helper
// functions. Facts are per statement, except that a read which a walrus
// before it in the same expression always binds is not marked (`(x := 1) +
// x`, `(y := f()) and y`; see walrus_order.h); in `a and (y := 1)`, then a
// later statement, `y` still may be unbound.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "lib/analysis/manager.h"
#include "lib/ast/ast.h"

namespace agc::analysis {

class UnboundReads {
 public:
  static constexpr std::string_view kName = "unbound_reads";
  static std::unique_ptr<UnboundReads> Compute(const ast::Module& module,
                                               AnalysisManager& analyses);

  // False for nodes created after the analysis ran.
  bool MayBeUnbound(const ast::Name& name) const {
    return name.node_id < bits_.size() && bits_[name.node_id];
  }

  size_t count() const { return count_; }

 private:
  friend class UnboundReadsBuilder;
  std::vector<bool> bits_;  // by NodeId
  size_t count_ = 0;
};

}  // namespace agc::analysis
