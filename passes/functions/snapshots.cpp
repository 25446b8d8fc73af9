// Snapshots of locals() (see locals_calls.h): the calls of the builtin
// `locals()`/`vars()` in the input, found once by the facts of the
// original program (LocalsCalls, converter.h), and each one's
// `ag__.locals_(...)` in a converted function or lambda
// (Converter::Snapshot).
#include <string_view>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/qual_names.h"
#include "lib/ast/ast.h"
#include "lib/codegen/template.h"
#include "passes/functions/converter.h"
#include "passes/locals_calls.h"

namespace agc::passes::functions {

LocalsCalls::LocalsCalls(const ast::Module& module,
                         const analysis::QualNames& qn,
                         const analysis::Activity& activity)
    : qn_(qn), activity_(activity) {
  if (qn.Find("locals") == analysis::kNoSymbol &&
      qn.Find("vars") == analysis::kNoSymbol) {
    return;  // most files: no walk
  }
  for (const ast::Stmt* stmt : module.body) {
    Collect(*stmt);
  }
}

void LocalsCalls::Collect(const ast::Node& node) {
  ast::ForEachChild(node, [&](const ast::Node* child) { Collect(*child); });
  const auto* call = node.As<ast::Call>();
  if (call == nullptr || !IsLocalsCall(*call)) {
    return;
  }
  const analysis::Scope& scope = activity_.EnclosingScope(*call);
  if (!IsLocalsScope(scope) || !CallsBuiltinLocals(*call, scope, qn_)) {
    return;
  }
  auto [names, added] = names_.try_emplace(&scope);
  if (added) {
    names->second = LocalNames(scope, activity_, qn_);
  }
  Snapshot snapshot{scope.kind, &names->second};
  if (const analysis::Scope* owner = InliningScope(scope)) {
    auto [inlined, new_one] = inlined_names_.try_emplace(&scope);
    if (new_one) {
      inlined->second = InlinedLocalNames(scope, activity_, qn_);
    }
    snapshot.inlined_kind = owner->kind;
    snapshot.inlined_names = &inlined->second;
  }
  by_origin_[{call->origin.line, call->origin.col}] = snapshot;
}

// `locals()` -> `ag__.locals_(fscope, ('x', ...))` (locals_calls.h).
ast::Node* Converter::Snapshot(ast::Call& call) {
  const LocalsCalls::Snapshot* snapshot = locals_calls_.Find(call);
  if (snapshot == nullptr) {
    return &call;  // the user's own locals, or not in a function's scope
  }
  if (snapshot->kind == analysis::ScopeKind::kComprehension) {
    // No scope object: the comprehension's own frame calls it (before
    // 3.12; from 3.12 its function's frame, whose scope comes third).
    ast::Expr* none =
        codegen::InstantiateExpr(module_, "None", {}, call.origin);
    if (snapshot->inlined_names == nullptr) {
      return SnapshotCall(module_, none, *snapshot->names, call.origin);
    }
    return SnapshotCall(module_, none, *snapshot->names, call.origin,
                        ScopeName(snapshot->inlined_kind, call.origin),
                        snapshot->inlined_names);
  }
  return SnapshotCall(module_, ScopeName(snapshot->kind, call.origin),
                      *snapshot->names, call.origin);
}

// The name of the scope object of the function or lambda being converted
// (a lambda's is named once its body is converted: Lambda).
ast::Expr* Converter::ScopeName(analysis::ScopeKind kind, ast::Origin origin) {
  auto* name = module_.New<ast::Name>(origin);
  if (kind == analysis::ScopeKind::kLambda) {
    AGC_CHECK(!lambda_scopes_.empty());
    lambda_scopes_.back().push_back(name);
  } else {
    AGC_CHECK(!function_scopes_.empty());
    name->id = function_scopes_.back();
  }
  return name;
}

}  // namespace agc::passes::functions
