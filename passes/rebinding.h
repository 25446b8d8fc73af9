// What the lists and slices passes share: deciding where a mutation of a
// local can be rewritten into a rebinding of it,
//
//   l.append(x)   ->   l = ag__.list_append(l, x)
//   x[i] = y      ->   x = ag__.set_item(x, i, y)
//
// without changing what the function does. The operator returns the object
// it was given (on plain values), so the rebinding keeps aliasing; what can
// differ is scope (assigning a name makes it local) and evaluation order (the
// operator's arguments are evaluated left to right, where Python looks up
// `l.append` before evaluating `x`, and evaluates `y` before `x` and `i`).
// These helpers answer the questions the passes ask to rule both out.
//
// Requires the fresh qual_names, activity and reaching_definitions analyses
// of the tree the pass rewrites (queried on statements before they are
// replaced).
#pragma once

#include <functional>
#include <string_view>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/qual_names.h"
#include "lib/analysis/reaching_definitions.h"
#include "lib/ast/ast.h"

namespace agc::passes {

class Rebinding {
 public:
  Rebinding(const ast::FunctionDef& fn,
            const analysis::QualNames& names,
            const analysis::Activity& activity,
            const analysis::ReachingDefinitions& reaching);

  // Whether `name` is a local of the function (bound in it, not declared
  // global or nonlocal) that no nested scope rebinds through `nonlocal`: an
  // assignment to it in the function's own code keeps its scope, and only
  // that code (and walrus expressions in it) can rebind it.
  bool IsStableLocal(std::string_view name) const;

  // Whether `name` is bound in the function (a local, not global/nonlocal).
  bool IsLocal(std::string_view name) const;

  // Whether evaluating `expr` just before statement `at` can neither raise
  // nor have an effect nor change value while other operands are evaluated:
  // a number, string, bytes, True/False/None or Ellipsis constant, a signed
  // number, or a stable local bound on every path to `at`.
  bool IsInert(const ast::Expr& expr, const ast::Stmt& at) const;

  // Whether every binding of local `name` that may reach `at` assigns a list
  // display, a list comprehension or `ag__.new_list(...)` to it (vacuously
  // true when none does: the read then raises before anything else happens).
  bool IsList(std::string_view name, const ast::Stmt& at) const;

  // Whether every binding of local `name` that may reach `at` is a plain
  // `name = value` whose value satisfies `is_value` (vacuously true when
  // none does).
  bool AlwaysBoundTo(
      std::string_view name,
      const ast::Stmt& at,
      const std::function<bool(const ast::Expr&)>& is_value) const;

 private:
  const analysis::QualNames& names_;
  const analysis::Scope& scope_;
  const analysis::ReachingDefinitions& reaching_;
};

// Whether `node` is an assignment or `del` target (or a part of one): a
// Name, Attribute, Subscript, Starred, List or Tuple not in Load context.
bool IsAssignmentTarget(const ast::Node& node);

// Whether `expr` (or anything inside it, lambdas and comprehensions
// included) is a walrus `:=`, which may rebind a local in mid-statement.
bool HasWalrus(const ast::Node& expr);

// What `set_element_type(list, dtype, shape)` recorded for the name `list` in
// `fn` (its dtype, or its shape when `shape`), cloned; else `None`. The
// directives pass records it (ast::Module::ElementTypeOf).
ast::Expr* ElementTypeOrNone(ast::Module& module,
                             const ast::FunctionDef& fn,
                             std::string_view list,
                             bool shape,
                             ast::Origin origin);

// Whether `expr` is an int literal, possibly signed (`0`, `-1`).
bool IsIntLiteral(const ast::Expr& expr);

}  // namespace agc::passes
