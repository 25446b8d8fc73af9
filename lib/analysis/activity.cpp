// Attaches: a Scope to the module and every scope node; a NodeActivity to
//   statements and their parts; header activities to compound statements.
// Requires: qual_names.
//
// One walk over the tree. Events (read, modified, deleted) go into the frame
// on top of a stack of frames, one per node that gets an activity; a frame
// that closes is sorted, recorded, and merged into the frame below it. Each
// scope opens a root frame, which collects the scope's own sets; frames never
// merge across a scope boundary. When a nested scope closes, what it does
// that is visible where it is defined (free reads, writes through
// nonlocal/global, walrus targets of comprehensions) is recorded in the frame
// on top of the enclosing scope.
//
// Files: this one holds Compute, ComputeFor and the queries of activity.h.
// The walk is ActivityBuilder, declared once in activity_builder.h (with
// Frame, Append and Escapes) and defined by concern:
//
//   activity_builder.cpp      where a walk starts and ends; events, frames
//                             and scopes: what escapes a nested scope,
//                             free names
//   activity_statements.cpp   what each statement records, and the header
//                             activities (HeaderOf)
//   activity_expressions.cpp  expressions and patterns: names, composite
//                             symbols, walrus targets, lambdas,
//                             comprehensions, match captures
#include "lib/analysis/activity.h"

#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "lib/analysis/activity_builder.h"

namespace agc::analysis {

std::string_view ScopeKindName(ScopeKind kind) {
  switch (kind) {
    case ScopeKind::kModule:
      return "module";
    case ScopeKind::kFunction:
      return "function";
    case ScopeKind::kLambda:
      return "lambda";
    case ScopeKind::kClass:
      return "class";
    case ScopeKind::kComprehension:
      return "comprehension";
  }
  return "?";
}

bool ResolvesToTypeParam(const Scope& scope,
                         SymbolId id,
                         const Scope& ancestor) {
  for (const Scope* s = &scope; s != nullptr && s != &ancestor; s = s->parent) {
    if (s->type_params.Contains(id)) {
      return true;
    }
  }
  return false;
}

std::unique_ptr<Activity> Activity::Compute(const ast::Module& module,
                                            AnalysisManager& analyses) {
  const QualNames& qn = analyses.Get<QualNames>();
  auto out = std::make_unique<Activity>();
  ActivityBuilder(module, qn, *out).Run();
  return out;
}

std::unique_ptr<Activity> Activity::ComputeFor(const ast::Module& module,
                                               const QualNames& qn,
                                               std::span<const Subtree> roots) {
  auto out = std::make_unique<Activity>();
  ActivityBuilder(module, qn, *out).RunOn(roots);
  return out;
}

const Scope& Activity::ModuleScope() const {
  AGC_CHECK(!scopes_.empty());
  return *scopes_.front();
}

const Scope& Activity::ScopeOf(const ast::Node& scope_node) const {
  AGC_CHECK(scope_node.node_id < scope_by_node_.size());
  const Scope* scope = scope_by_node_[scope_node.node_id];
  AGC_CHECK_MSG(scope != nullptr, "not a scope node");
  return *scope;
}

const Scope& Activity::EnclosingScope(const ast::Node& node) const {
  AGC_CHECK(node.node_id < enclosing_by_node_.size());
  const Scope* scope = enclosing_by_node_[node.node_id];
  AGC_CHECK_MSG(scope != nullptr, "node not in the analyzed tree");
  return *scope;
}

const NodeActivity* Activity::Of(const ast::Node& node) const {
  if (node.node_id >= activity_index_.size()) {
    return nullptr;
  }
  int32_t index = activity_index_[node.node_id];
  return index < 0 ? nullptr : &activities_[index];
}

const NodeActivity& Activity::HeaderOf(const ast::Node& compound) const {
  AGC_CHECK(compound.node_id < header_index_.size());
  int32_t index = header_index_[compound.node_id];
  AGC_CHECK_MSG(index >= 0, "HeaderOf: not a compound statement");
  return activities_[index];
}

bool Activity::ReadsTypeParam(const ast::Name& name) const {
  return name.node_id < type_param_reads_.size() &&
         type_param_reads_[name.node_id];
}

NodeActivity Activity::OfBody(const std::vector<ast::Stmt*>& body) const {
  NodeActivity out;
  for (const ast::Stmt* stmt : body) {
    const NodeActivity* a = Of(*stmt);
    AGC_CHECK(a != nullptr);
    out.read.UnionWith(a->read);
    out.modified.UnionWith(a->modified);
    out.deleted.UnionWith(a->deleted);
  }
  return out;
}

}  // namespace agc::analysis
