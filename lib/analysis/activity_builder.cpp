// ActivityBuilder's state as it walks (activity_builder.h): where a walk
// starts and ends (Run, RunOn, Finish), the events a node records (reads,
// writes, deletions, bindings, type parameters), the stack of frames that
// collect them, and the scopes they close into (what escapes a nested
// scope, free names). What each statement and expression records is in
// activity_statements.cpp and activity_expressions.cpp.
#include "lib/analysis/activity_builder.h"

#include <algorithm>
#include <memory>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "lib/analysis/activity.h"

namespace agc::analysis {

namespace {

void SortUnique(std::vector<SymbolId>& ids) {
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
}

}  // namespace

void ActivityBuilder::Run() {
  EnterScope(ScopeKind::kModule, nullptr);
  Stmts(module_.body);
  ExitScope();
  Finish(/*free=*/true);
}

// Each root function as a statement of an empty module (or of a stand-in
// for its class): what the function's own scopes and statements do does
// not depend on the scopes around it, except for `free` (not computed).
void ActivityBuilder::RunOn(std::span<const Subtree> roots) {
  EnterScope(ScopeKind::kModule, nullptr);
  for (const Subtree& root : roots) {
    if (root.in_class != nullptr) {
      EnterScope(ScopeKind::kClass, root.in_class);
      Stmt(*root.function);
      ExitScope();
    } else {
      Stmt(*root.function);
    }
  }
  ExitScope();
  Finish(/*free=*/false);
}

void ActivityBuilder::Finish(bool free) {
  AGC_CHECK(scopes_.empty() && top_ == 0);
  for (const std::unique_ptr<Scope>& scope : out_.scopes_) {
    if (free) {
      ComputeFree(*scope);
    }
    std::stable_sort(scope->children.begin(), scope->children.end(),
                     [](const Scope* a, const Scope* b) {
                       const ast::Origin& x = a->node->origin;
                       const ast::Origin& y = b->node->origin;
                       return x.line != y.line ? x.line < y.line
                                               : x.col < y.col;
                     });
  }
}

// ---- events -----------------------------------------------------------------

void ActivityBuilder::Read(SymbolId id) {
  if (id != kNoSymbol && !InTypeParamScope(id)) {
    Top().read.push_back(id);
  }
}

// Whether a read of `id` here reads a type parameter of the annotation
// scope being visited, directly (not in a lambda or comprehension nested
// in it, which records the read as its own free read: see
// ScopeWork::type_params).
bool ActivityBuilder::InTypeParamScope(SymbolId id) const {
  return in_annotation_scope_ && scopes_.size() == annotation_depth_ &&
         IsTypeParam(id);
}

// Whether `id` (or the name it is rooted at) is a type parameter of the
// def, class or type statement being visited (see type_params_).
bool ActivityBuilder::IsTypeParam(SymbolId id) const {
  if (type_params_.empty()) {
    return false;
  }
  const SymbolId root = qn_.Get(id).root;
  return std::find(type_params_.begin(), type_params_.end(), root) !=
         type_params_.end();
}

std::vector<SymbolId> ActivityBuilder::TypeParamIds(
    const std::vector<ast::TypeParam*>& params) const {
  std::vector<SymbolId> ids;
  for (const ast::TypeParam* p : params) {
    SymbolId id = qn_.Find(TypeParamName(*p));
    if (id != kNoSymbol) {
      ids.push_back(id);
    }
  }
  return ids;
}

std::string_view ActivityBuilder::TypeParamName(const ast::TypeParam& p) {
  if (const auto* v = p.As<ast::TypeVar>()) {
    return v->name;
  }
  if (const auto* s = p.As<ast::ParamSpec>()) {
    return s->name;
  }
  return p.Cast<ast::TypeVarTuple>().name;
}

// Bounds, constraints and defaults of type parameters.
void ActivityBuilder::TypeParamParts(
    const std::vector<ast::TypeParam*>& params) {
  for (const ast::TypeParam* p : params) {
    Part(p, [&] { VisitChildren(*p); });
  }
}

void ActivityBuilder::Modify(SymbolId id) {
  if (id != kNoSymbol) {
    Top().modified.push_back(id);
  }
}

void ActivityBuilder::Delete(SymbolId id) {
  if (id != kNoSymbol) {
    Top().deleted.push_back(id);
  }
}

void ActivityBuilder::Bind(SymbolId id) {
  if (id != kNoSymbol) {
    scopes_.back().bound.push_back(id);
  }
}

// A walrus target: bound in the nearest enclosing scope that is not a
// comprehension; the comprehensions in between pass the write out.
void ActivityBuilder::BindWalrus(SymbolId id) {
  size_t i = scopes_.size() - 1;
  while (i > 0 && scopes_[i].scope->kind == ScopeKind::kComprehension) {
    scopes_[i].walrus_out.push_back(id);
    --i;
  }
  scopes_[i].bound.push_back(id);
}

SymbolId ActivityBuilder::Ident(std::string_view name) const {
  if (name.empty()) {
    return kNoSymbol;
  }
  SymbolId id = qn_.Find(name);
  AGC_CHECK_MSG(id != kNoSymbol, "identifier not interned by qual_names");
  return id;
}

void ActivityBuilder::SetEnclosing(const ast::Node& node) {
  out_.enclosing_by_node_[node.node_id] = scopes_.back().scope;
}

// ---- frames -----------------------------------------------------------------

void ActivityBuilder::PushFrame(ast::NodeId node, bool discard) {
  if (top_ == frames_.size()) {
    frames_.emplace_back();
  }
  Frame& f = frames_[top_++];
  f.node = node;
  f.discard = discard;
  f.read.clear();
  f.modified.clear();
  f.deleted.clear();
}

int32_t ActivityBuilder::AddActivity(NodeActivity activity) {
  out_.activities_.push_back(std::move(activity));
  return static_cast<int32_t>(out_.activities_.size() - 1);
}

// Closes the top frame (not a scope's root frame): records its activity
// and merges it into the frame below.
void ActivityBuilder::PopFrame() {
  AGC_CHECK(top_ > scopes_.back().root_frame + 1);
  Frame& f = frames_[top_ - 1];
  NodeActivity activity;
  if (!f.discard) {
    SortUnique(f.read);
    SortUnique(f.modified);
    SortUnique(f.deleted);
    activity.read = SymbolSet::FromIds(f.read);
    activity.modified = SymbolSet::FromIds(f.modified);
    activity.deleted = SymbolSet::FromIds(f.deleted);
    Frame& below = frames_[top_ - 2];
    Append(below.read, f.read);
    Append(below.modified, f.modified);
    Append(below.deleted, f.deleted);
  }
  out_.activity_index_[f.node] = AddActivity(std::move(activity));
  --top_;
}

void ActivityBuilder::ExprPart(const ast::Node* node) {
  Part(node, [&] { Visit(*node); });
}

const NodeActivity& ActivityBuilder::ActivityOf(const ast::Node& node) const {
  int32_t index = out_.activity_index_[node.node_id];
  AGC_CHECK(index >= 0);
  return out_.activities_[index];
}

// The header of `node`: the union of the activities of `parts` (nulls
// skipped), plus `modified`.
void ActivityBuilder::SetHeader(const ast::Node& node,
                                std::initializer_list<const ast::Node*> parts,
                                SymbolId modified) {
  NodeActivity header;
  for (const ast::Node* part : parts) {
    if (part == nullptr) {
      continue;
    }
    const NodeActivity& a = ActivityOf(*part);
    header.read.UnionWith(a.read);
    header.modified.UnionWith(a.modified);
    header.deleted.UnionWith(a.deleted);
  }
  if (modified != kNoSymbol) {
    header.modified.Insert(modified);
  }
  out_.header_index_[node.node_id] = AddActivity(std::move(header));
}

// ---- scopes -----------------------------------------------------------------

void ActivityBuilder::EnterScope(ScopeKind kind, const ast::Node* node) {
  auto scope = std::make_unique<Scope>();
  scope->kind = kind;
  scope->node = node;
  if (!scopes_.empty()) {
    scope->parent = scopes_.back().scope;
    scopes_.back().scope->children.push_back(scope.get());
  }
  if (node != nullptr) {
    out_.scope_by_node_[node->node_id] = scope.get();
  }
  // A lambda or comprehension directly in an annotation scope sees its
  // type parameters.
  std::vector<SymbolId> type_params;
  if (in_annotation_scope_ && scopes_.size() == annotation_depth_) {
    type_params = type_params_;
  }
  ScopeWork& work = scopes_.emplace_back();
  work.scope = scope.get();
  work.root_frame = top_;
  work.type_params = std::move(type_params);
  out_.scopes_.push_back(std::move(scope));
  PushFrame(node == nullptr ? 0 : node->node_id);
}

// Closes the innermost scope: fills its sets and returns what escapes it.
Escapes ActivityBuilder::ExitScope() {
  ScopeWork& work = scopes_.back();
  AGC_CHECK(top_ == work.root_frame + 1);
  Frame& root = frames_[top_ - 1];
  Scope& s = *work.scope;
  s.read = SymbolSet::FromIds(std::move(root.read));
  s.modified = SymbolSet::FromIds(std::move(root.modified));
  s.deleted = SymbolSet::FromIds(std::move(root.deleted));
  s.params = SymbolSet::FromIds(std::move(work.params));
  s.globals = SymbolSet::FromIds(std::move(work.globals));
  s.nonlocals = SymbolSet::FromIds(std::move(work.nonlocals));
  s.bound = SymbolSet::FromIds(std::move(work.bound));
  s.bound.Subtract(s.globals);
  s.bound.Subtract(s.nonlocals);
  s.type_params = SymbolSet::FromIds(std::move(work.type_params));

  Escapes e;
  if (s.kind != ScopeKind::kModule) {
    SymbolSet walrus_out = SymbolSet::FromIds(std::move(work.walrus_out));
    for (SymbolId id : s.read) {
      SymbolId root_id = qn_.Get(id).root;
      if (s.globals.Contains(root_id)) {
        e.reads_to_module.push_back(id);
      } else if (!s.bound.Contains(root_id) &&
                 !s.type_params.Contains(root_id)) {
        e.reads.push_back(id);
      }
    }
    for (SymbolId id : s.modified) {
      SymbolId root_id = qn_.Get(id).root;
      if (s.globals.Contains(root_id)) {
        e.mods_to_module.push_back(id);
      } else if (s.nonlocals.Contains(root_id) ||
                 walrus_out.Contains(root_id)) {
        e.mods.push_back(id);
      }
    }
    for (SymbolId id : work.passthrough_reads) {
      if (!s.type_params.Contains(qn_.Get(id).root)) {
        e.reads.push_back(id);
      }
    }
    Append(e.mods, work.passthrough_mods);
    Append(e.reads_to_module, work.reads_to_module);
    Append(e.mods_to_module, work.mods_to_module);
  }
  root.read.clear();
  root.modified.clear();
  root.deleted.clear();
  --top_;
  scopes_.pop_back();
  return e;
}

// Records what a nested scope that just closed does where it is defined.
void ActivityBuilder::RecordEscapes(const Escapes& e) {
  ScopeWork& work = scopes_.back();
  const bool is_class = work.scope->kind == ScopeKind::kClass;
  const bool is_module = work.scope->kind == ScopeKind::kModule;
  Frame& top = Top();
  Append(top.read, e.reads);
  Append(top.read, e.reads_to_module);
  Append(top.modified, e.mods);
  Append(top.modified, e.mods_to_module);
  if (is_class) {
    Append(work.passthrough_reads, e.reads);
    Append(work.passthrough_mods, e.mods);
  }
  if (!is_module) {
    Append(work.reads_to_module, e.reads_to_module);
    Append(work.mods_to_module, e.mods_to_module);
  }
}

// Whether plain name `id`, read in `scope`, is bound in it or in a scope
// whose names it sees.
bool ActivityBuilder::Resolves(SymbolId id, const Scope& scope) const {
  const Scope* module = out_.scopes_.front().get();
  const Scope* s = &scope;
  bool first = true;
  while (s != nullptr) {
    if (s->globals.Contains(id)) {
      return module->bound.Contains(id);
    }
    if ((first || s->kind != ScopeKind::kClass) && s->bound.Contains(id)) {
      return true;
    }
    s = s->parent;
    first = false;
  }
  return false;
}

void ActivityBuilder::ComputeFree(Scope& scope) {
  std::vector<SymbolId> free;
  for (SymbolId id : scope.read) {
    if (!qn_.Get(id).is_composite() && !Resolves(id, scope)) {
      free.push_back(id);
    }
  }
  scope.free = SymbolSet::FromIds(std::move(free));
}

}  // namespace agc::analysis
