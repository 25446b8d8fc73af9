// Unbound reads: which reads of a function's local may find it unbound, and
// what Python raises there.
//
// Attaches: to every Name read (a load, the names a `del` deletes and the
//   Name target of an augmented assignment, which read the name first) of a
//   local of a function that may find it unbound, how it is read:
//   - kLocal: in the function's own code (its statements, default values and
//     the first iterable of a comprehension there), where on some path from
//     the function's entry (or from a `del`) nothing binds the name before
//     the statement that reads it. Python raises UnboundLocalError.
//   - kComprehension: in a list, set or dict comprehension of the function's
//     own code (but its first iterable), on the same facts: the
//     comprehension runs where it is written. Python raises NameError for an
//     unbound free variable before 3.12, UnboundLocalError since (PEP 709
//     inlined the comprehension).
//   - kFree: in a nested function, lambda, class body or generator
//     expression (or a comprehension inside one) that reads the local as a
//     free variable, when the converted function may hold it as an
//     `ag__.Undefined` (see Undefinable below). Such code may run at any
//     time, so the facts of one statement do not apply. Python raises
//     NameError for an unbound free variable.
//   A name a nested scope binds itself (a parameter, a comprehension target,
//   a class attribute) is that scope's, not the function's; so is a type
//   parameter (PEP 695) of a generic def, class or type statement, read in
//   its annotation scope (bounds, defaults, annotations, bases, and the
//   lambdas in them: Activity::ReadsTypeParam) or in the body (see
//   Scope::type_params), whatever local of the function it is named like.
// Requires: qual_names, activity, reaching_definitions.
//
// The variables pass reads this analysis of the original program (see
// AnalysisManager::GetOriginal): it wraps exactly these reads in `ag__.ld`,
// `ag__.ld_comp` or `ag__.ld_free`, so a read that Python would reject still
// is, with Python's exception and text, after control flow moved the
// bindings into helper functions and left `ag__.Undefined` where the
// original had none. Facts are per statement, except that a read which a
// walrus before it in the same expression always binds is not marked
// (`(x := 1) + x`, `(y := f()) and y`; see walrus_order.h); in `a and (y :=
// 1)`, then a later statement, `y` still may be unbound.
//
// Undefinable: a function's local that control flow may leave holding an
// `ag__.Undefined` -- one that a statement control_flow turns into an
// operator reads, binds or deletes (an `if`, `while`, `for` or `match` of
// the function's own code at any depth of its blocks, or any statement
// after a `return`, `break` or `continue` there, which the lowering passes
// guard with an `if` on the jump's flag) where it may be unbound, or where
// no earlier top-level statement of the function binds it at the
// function's own level (then control_flow gives it an initial
// `ag__.Undefined`; unreachable code counts). Only those get one (an
// initial value, or get_state reading an unbound name); an
// over-approximation only adds checks that pass.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "lib/analysis/manager.h"
#include "lib/ast/ast.h"

namespace agc::analysis {

// How a read that may find its name unbound is read (see above).
enum class UnboundRead : uint8_t { kNo, kLocal, kComprehension, kFree };

class UnboundReads {
 public:
  static constexpr std::string_view kName = "unbound_reads";
  static std::unique_ptr<UnboundReads> Compute(const ast::Module& module,
                                               AnalysisManager& analyses);

  // kNo for nodes created after the analysis ran.
  UnboundRead KindOf(const ast::Name& name) const {
    return name.node_id < kinds_.size() ? kinds_[name.node_id]
                                        : UnboundRead::kNo;
  }

  bool MayBeUnbound(const ast::Name& name) const {
    return KindOf(name) != UnboundRead::kNo;
  }

  size_t count() const { return count_; }

 private:
  friend class UnboundReadsBuilder;
  std::vector<UnboundRead> kinds_;  // by NodeId
  size_t count_ = 0;
};

}  // namespace agc::analysis
