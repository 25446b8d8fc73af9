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
#include "lib/analysis/activity.h"

#include <algorithm>
#include <type_traits>
#include <utility>

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

namespace {

// An open node (or scope root) collecting events.
struct Frame {
  ast::NodeId node = 0;
  // The node's activity is not evaluated (an annotation inside a function):
  // record it empty and merge nothing into the frame below.
  bool discard = false;
  std::vector<SymbolId> read;
  std::vector<SymbolId> modified;
  std::vector<SymbolId> deleted;
};

void SortUnique(std::vector<SymbolId>& ids) {
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
}

void Append(std::vector<SymbolId>& to, const std::vector<SymbolId>& from) {
  to.insert(to.end(), from.begin(), from.end());
}

// What a closed scope hands to the scope it is defined in.
struct Escapes {
  std::vector<SymbolId> reads;            // resolved further out
  std::vector<SymbolId> reads_to_module;  // through `global`
  std::vector<SymbolId> mods;             // through nonlocal / walrus
  std::vector<SymbolId> mods_to_module;   // through `global`
};

}  // namespace

class ActivityBuilder {
 public:
  ActivityBuilder(const ast::Module& module, const QualNames& qn, Activity& out)
      : module_(module), qn_(qn), out_(out) {
    const size_t n = module.node_count();
    out_.scope_by_node_.assign(n, nullptr);
    out_.enclosing_by_node_.assign(n, nullptr);
    out_.activity_index_.assign(n, -1);
    out_.header_index_.assign(n, -1);
    out_.type_param_reads_.assign(n, false);
  }

  void Run() {
    EnterScope(ScopeKind::kModule, nullptr);
    Stmts(module_.body);
    ExitScope();
    Finish(/*free=*/true);
  }

  // Each root function as a statement of an empty module (or of a stand-in
  // for its class): what the function's own scopes and statements do does
  // not depend on the scopes around it, except for `free` (not computed).
  void RunOn(std::span<const Subtree> roots) {
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

 private:
  void Finish(bool free) {
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

  struct ScopeWork {
    Scope* scope = nullptr;
    size_t root_frame = 0;
    std::vector<SymbolId> bound;
    std::vector<SymbolId> params;
    std::vector<SymbolId> globals;
    std::vector<SymbolId> nonlocals;
    // Walrus targets bound in an enclosing scope (comprehensions only).
    std::vector<SymbolId> walrus_out;
    // Escapes of nested scopes that go to the module whatever this scope
    // binds.
    std::vector<SymbolId> reads_to_module;
    std::vector<SymbolId> mods_to_module;
    // Classes only: escapes of nested scopes, which do not see the class's
    // names, so they pass through it.
    std::vector<SymbolId> passthrough_reads;
    std::vector<SymbolId> passthrough_mods;
    // The type parameters of an annotation scope between this scope and its
    // parent (see Scope::type_params): reads of them do not escape.
    std::vector<SymbolId> type_params;
  };

  // ---- events ---------------------------------------------------------------

  Frame& Top() { return frames_[top_ - 1]; }

  void Read(SymbolId id) {
    if (id != kNoSymbol && !InTypeParamScope(id)) {
      Top().read.push_back(id);
    }
  }

  // Whether a read of `id` here reads a type parameter of the annotation
  // scope being visited, directly (not in a lambda or comprehension nested
  // in it, which records the read as its own free read: see
  // ScopeWork::type_params).
  bool InTypeParamScope(SymbolId id) const {
    return in_annotation_scope_ && scopes_.size() == annotation_depth_ &&
           IsTypeParam(id);
  }

  // Whether `id` (or the name it is rooted at) is a type parameter of the
  // def, class or type statement being visited (see type_params_).
  bool IsTypeParam(SymbolId id) const {
    if (type_params_.empty()) {
      return false;
    }
    const SymbolId root = qn_.Get(id).root;
    return std::find(type_params_.begin(), type_params_.end(), root) !=
           type_params_.end();
  }

  // Visits what runs in the annotation scope of a def, class or type
  // statement with type parameters (PEP 695) while `fn` runs: its reads of
  // the parameters are not reads of the enclosing scope, nor are those of
  // the lambdas and comprehensions in it. The scope's other reads count
  // where the statement is, as a closure's do (bounds, defaults and alias
  // values are evaluated lazily, annotations and bases at once).
  template <typename Fn>
  void InAnnotationScope(const std::vector<ast::TypeParam*>& params, Fn&& fn) {
    if (params.empty()) {
      fn();
      return;
    }
    std::vector<SymbolId> saved = type_params_;
    const bool saved_in = in_annotation_scope_;
    const size_t saved_depth = annotation_depth_;
    Append(type_params_, TypeParamIds(params));
    in_annotation_scope_ = true;
    annotation_depth_ = scopes_.size();
    fn();
    in_annotation_scope_ = saved_in;
    annotation_depth_ = saved_depth;
    type_params_ = std::move(saved);
  }

  std::vector<SymbolId> TypeParamIds(
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

  static std::string_view TypeParamName(const ast::TypeParam& p) {
    if (const auto* v = p.As<ast::TypeVar>()) {
      return v->name;
    }
    if (const auto* s = p.As<ast::ParamSpec>()) {
      return s->name;
    }
    return p.Cast<ast::TypeVarTuple>().name;
  }

  // Bounds, constraints and defaults of type parameters.
  void TypeParamParts(const std::vector<ast::TypeParam*>& params) {
    for (const ast::TypeParam* p : params) {
      Part(p, [&] { VisitChildren(*p); });
    }
  }

  void Modify(SymbolId id) {
    if (id != kNoSymbol) {
      Top().modified.push_back(id);
    }
  }

  void Delete(SymbolId id) {
    if (id != kNoSymbol) {
      Top().deleted.push_back(id);
    }
  }

  void Bind(SymbolId id) {
    if (id != kNoSymbol) {
      scopes_.back().bound.push_back(id);
    }
  }

  // A walrus target: bound in the nearest enclosing scope that is not a
  // comprehension; the comprehensions in between pass the write out.
  void BindWalrus(SymbolId id) {
    size_t i = scopes_.size() - 1;
    while (i > 0 && scopes_[i].scope->kind == ScopeKind::kComprehension) {
      scopes_[i].walrus_out.push_back(id);
      --i;
    }
    scopes_[i].bound.push_back(id);
  }

  SymbolId Ident(std::string_view name) const {
    if (name.empty()) {
      return kNoSymbol;
    }
    SymbolId id = qn_.Find(name);
    AGC_CHECK_MSG(id != kNoSymbol, "identifier not interned by qual_names");
    return id;
  }

  void SetEnclosing(const ast::Node& node) {
    out_.enclosing_by_node_[node.node_id] = scopes_.back().scope;
  }

  // ---- frames ---------------------------------------------------------------

  void PushFrame(ast::NodeId node, bool discard = false) {
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

  int32_t AddActivity(NodeActivity activity) {
    out_.activities_.push_back(std::move(activity));
    return static_cast<int32_t>(out_.activities_.size() - 1);
  }

  // Closes the top frame (not a scope's root frame): records its activity
  // and merges it into the frame below.
  void PopFrame() {
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

  // Runs `fn` inside a frame for `node` (a part of a statement).
  template <typename Fn>
  void Part(const ast::Node* node, Fn&& fn, bool discard = false) {
    if (node == nullptr) {
      return;
    }
    SetEnclosing(*node);
    PushFrame(node->node_id, discard);
    fn();
    PopFrame();
  }

  void ExprPart(const ast::Node* node) {
    Part(node, [&] { Visit(*node); });
  }

  const NodeActivity& ActivityOf(const ast::Node& node) const {
    int32_t index = out_.activity_index_[node.node_id];
    AGC_CHECK(index >= 0);
    return out_.activities_[index];
  }

  // The header of `node`: the union of the activities of `parts` (nulls
  // skipped), plus `modified`.
  void SetHeader(const ast::Node& node,
                 std::initializer_list<const ast::Node*> parts,
                 SymbolId modified = kNoSymbol) {
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

  // ---- scopes ---------------------------------------------------------------

  void EnterScope(ScopeKind kind, const ast::Node* node) {
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
  Escapes ExitScope() {
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
  void RecordEscapes(const Escapes& e) {
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
  bool Resolves(SymbolId id, const Scope& scope) const {
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

  void ComputeFree(Scope& scope) {
    std::vector<SymbolId> free;
    for (SymbolId id : scope.read) {
      if (!qn_.Get(id).is_composite() && !Resolves(id, scope)) {
        free.push_back(id);
      }
    }
    scope.free = SymbolSet::FromIds(std::move(free));
  }

  // ---- statements -----------------------------------------------------------

  void Stmts(const std::vector<ast::Stmt*>& body) {
    for (const ast::Stmt* stmt : body) {
      Stmt(*stmt);
    }
  }

  // Defaults, keyword defaults and (for functions) annotations: evaluated
  // where the function is defined. `leaves_annotation_scope`: a generic
  // function's own arguments, whose defaults run outside its annotation
  // scope (a lambda's in a bound or default run in it).
  void ArgumentsOutside(const ast::Arguments& args,
                        bool leaves_annotation_scope = false) {
    SetEnclosing(args);
    auto annotation = [&](const ast::Arg* arg) {
      if (arg != nullptr && arg->annotation != nullptr) {
        Visit(*arg->annotation);
      }
    };
    for (const ast::Arg* arg : args.posonlyargs) {
      annotation(arg);
    }
    for (const ast::Arg* arg : args.args) {
      annotation(arg);
    }
    annotation(args.vararg);
    for (const ast::Arg* arg : args.kwonlyargs) {
      annotation(arg);
    }
    annotation(args.kwarg);
    // Defaults run outside a generic function's annotation scope: they see
    // the enclosing scope's names, not its type parameters.
    const bool in_annotation_scope = in_annotation_scope_;
    in_annotation_scope_ = in_annotation_scope_ && !leaves_annotation_scope;
    for (const ast::Expr* d : args.defaults) {
      Visit(*d);
    }
    for (const ast::Expr* d : args.kw_defaults) {
      if (d != nullptr) {
        Visit(*d);
      }
    }
    in_annotation_scope_ = in_annotation_scope;
  }

  // Parameters: bound (and modified) in the scope just entered.
  void BindParams(const ast::Arguments& args) {
    auto param = [&](const ast::Arg* arg) {
      if (arg == nullptr) {
        return;
      }
      SetEnclosing(*arg);
      SymbolId id = Ident(arg->arg);
      Modify(id);
      Bind(id);
      scopes_.back().params.push_back(id);
    };
    for (const ast::Arg* arg : args.posonlyargs) {
      param(arg);
    }
    for (const ast::Arg* arg : args.args) {
      param(arg);
    }
    param(args.vararg);
    for (const ast::Arg* arg : args.kwonlyargs) {
      param(arg);
    }
    param(args.kwarg);
  }

  template <typename F>
  void Function(const F& f) {
    for (const ast::Expr* d : f.decorator_list) {
      ExprPart(d);
    }
    InAnnotationScope(f.type_params, [&] {
      TypeParamParts(f.type_params);
      Part(f.args, [&] {
        ArgumentsOutside(*f.args, /*leaves_annotation_scope=*/true);
      });
      ExprPart(f.returns);
    });
    SymbolId id = Ident(f.name);
    Modify(id);
    Bind(id);
    EnterScope(ScopeKind::kFunction, &f);
    scopes_.back().type_params = TypeParamIds(f.type_params);
    BindParams(*f.args);
    Stmts(f.body);
    RecordEscapes(ExitScope());
  }

  void Class(const ast::ClassDef& c) {
    for (const ast::Expr* d : c.decorator_list) {
      ExprPart(d);
    }
    InAnnotationScope(c.type_params, [&] {
      TypeParamParts(c.type_params);
      for (const ast::Expr* base : c.bases) {
        ExprPart(base);
      }
      for (const ast::Keyword* k : c.keywords) {
        Part(k, [&] { Visit(*k->value); });
      }
    });
    SymbolId id = Ident(c.name);
    Modify(id);
    Bind(id);
    EnterScope(ScopeKind::kClass, &c);
    scopes_.back().type_params = TypeParamIds(c.type_params);
    Stmts(c.body);
    RecordEscapes(ExitScope());
  }

  // `type X[T] = value` binds X where it runs, as an assignment does; the
  // value is evaluated lazily, in the alias's annotation scope.
  void TypeAlias(const ast::TypeAlias& a) {
    ExprPart(a.name);
    InAnnotationScope(a.type_params, [&] {
      TypeParamParts(a.type_params);
      ExprPart(a.value);
    });
  }

  void AnnAssign(const ast::AnnAssign& a) {
    const ScopeKind kind = scopes_.back().scope->kind;
    const bool evaluated =
        kind == ScopeKind::kModule || kind == ScopeKind::kClass;
    if (a.value != nullptr) {
      ExprPart(a.target);
    } else {
      // Declares without assigning: a simple name becomes local; the base of
      // an attribute or subscript is still evaluated.
      Part(a.target, [&] {
        if (const auto* name = a.target->As<ast::Name>()) {
          if (a.simple) {
            Bind(qn_.Of(*name));
          }
        } else {
          ast::ForEachChild(*a.target,
                            [&](const ast::Node* child) { Visit(*child); });
        }
      });
    }
    Part(
        a.annotation, [&] { Visit(*a.annotation); }, !evaluated);
    ExprPart(a.value);
  }

  void Handler(const ast::ExceptHandler& h) {
    SymbolId id = Ident(h.name);
    Part(&h, [&] {
      ExprPart(h.type);
      Modify(id);
      Bind(id);
      Stmts(h.body);
      Delete(id);
    });
    SetHeader(h, {h.type}, id);
  }

  void Try(const std::vector<ast::Stmt*>& body,
           const std::vector<ast::ExceptHandler*>& handlers,
           const std::vector<ast::Stmt*>& orelse,
           const std::vector<ast::Stmt*>& finalbody) {
    Stmts(body);
    for (const ast::ExceptHandler* h : handlers) {
      Handler(*h);
    }
    Stmts(orelse);
    Stmts(finalbody);
  }

  void WithItems(const std::vector<ast::WithItem*>& items) {
    for (const ast::WithItem* item : items) {
      Part(item, [&] {
        ExprPart(item->context_expr);
        ExprPart(item->optional_vars);
      });
    }
  }

  void Alias(const ast::Alias& alias, bool from) {
    Part(&alias, [&] {
      std::string_view name = alias.asname;
      if (name.empty()) {
        name = alias.name;
        if (!from) {
          name = name.substr(0, name.find('.'));
        } else if (name == "*") {
          return;
        }
      }
      SymbolId id = Ident(name);
      Modify(id);
      Bind(id);
    });
  }

  void Stmt(const ast::Stmt& s) {
    SetEnclosing(s);
    PushFrame(s.node_id);
    switch (s.kind) {
      case ast::Kind::kFunctionDef:
        Function(s.Cast<ast::FunctionDef>());
        break;
      case ast::Kind::kAsyncFunctionDef:
        Function(s.Cast<ast::AsyncFunctionDef>());
        break;
      case ast::Kind::kTypeAlias:
        TypeAlias(s.Cast<ast::TypeAlias>());
        break;
      case ast::Kind::kClassDef:
        Class(s.Cast<ast::ClassDef>());
        break;
      case ast::Kind::kReturn:
        ExprPart(s.Cast<ast::Return>().value);
        break;
      case ast::Kind::kDelete:
        for (const ast::Expr* t : s.Cast<ast::Delete>().targets) {
          ExprPart(t);
        }
        break;
      case ast::Kind::kAssign: {
        const auto& a = s.Cast<ast::Assign>();
        for (const ast::Expr* t : a.targets) {
          ExprPart(t);
        }
        ExprPart(a.value);
        break;
      }
      case ast::Kind::kAugAssign: {
        const auto& a = s.Cast<ast::AugAssign>();
        Part(a.target, [&] {
          Read(qn_.Of(*a.target));
          Visit(*a.target);
        });
        ExprPart(a.value);
        break;
      }
      case ast::Kind::kAnnAssign:
        AnnAssign(s.Cast<ast::AnnAssign>());
        break;
      case ast::Kind::kFor: {
        const auto& f = s.Cast<ast::For>();
        ExprPart(f.target);
        ExprPart(f.iter);
        Stmts(f.body);
        Stmts(f.orelse);
        break;
      }
      case ast::Kind::kAsyncFor: {
        const auto& f = s.Cast<ast::AsyncFor>();
        ExprPart(f.target);
        ExprPart(f.iter);
        Stmts(f.body);
        Stmts(f.orelse);
        break;
      }
      case ast::Kind::kWhile: {
        const auto& w = s.Cast<ast::While>();
        ExprPart(w.test);
        Stmts(w.body);
        Stmts(w.orelse);
        break;
      }
      case ast::Kind::kIf: {
        const auto& i = s.Cast<ast::If>();
        ExprPart(i.test);
        Stmts(i.body);
        Stmts(i.orelse);
        break;
      }
      case ast::Kind::kWith: {
        const auto& w = s.Cast<ast::With>();
        WithItems(w.items);
        Stmts(w.body);
        break;
      }
      case ast::Kind::kAsyncWith: {
        const auto& w = s.Cast<ast::AsyncWith>();
        WithItems(w.items);
        Stmts(w.body);
        break;
      }
      case ast::Kind::kMatch: {
        const auto& m = s.Cast<ast::Match>();
        ExprPart(m.subject);
        for (const ast::MatchCase* c : m.cases) {
          Part(c, [&] {
            ExprPart(c->pattern);
            ExprPart(c->guard);
            Stmts(c->body);
          });
          SetHeader(*c, {c->pattern, c->guard});
        }
        break;
      }
      case ast::Kind::kRaise: {
        const auto& r = s.Cast<ast::Raise>();
        ExprPart(r.exc);
        ExprPart(r.cause);
        break;
      }
      case ast::Kind::kTry: {
        const auto& t = s.Cast<ast::Try>();
        Try(t.body, t.handlers, t.orelse, t.finalbody);
        break;
      }
      case ast::Kind::kTryStar: {
        const auto& t = s.Cast<ast::TryStar>();
        Try(t.body, t.handlers, t.orelse, t.finalbody);
        break;
      }
      case ast::Kind::kAssert: {
        const auto& a = s.Cast<ast::Assert>();
        ExprPart(a.test);
        ExprPart(a.msg);
        break;
      }
      case ast::Kind::kImport:
        for (const ast::Alias* alias : s.Cast<ast::Import>().names) {
          Alias(*alias, /*from=*/false);
        }
        break;
      case ast::Kind::kImportFrom:
        for (const ast::Alias* alias : s.Cast<ast::ImportFrom>().names) {
          Alias(*alias, /*from=*/true);
        }
        break;
      case ast::Kind::kGlobal:
        for (std::string_view name : s.Cast<ast::Global>().names) {
          scopes_.back().globals.push_back(Ident(name));
        }
        break;
      case ast::Kind::kNonlocal:
        for (std::string_view name : s.Cast<ast::Nonlocal>().names) {
          scopes_.back().nonlocals.push_back(Ident(name));
        }
        break;
      case ast::Kind::kExprStmt:
        ExprPart(s.Cast<ast::ExprStmt>().value);
        break;
      case ast::Kind::kPass:
      case ast::Kind::kBreak:
      case ast::Kind::kContinue:
        break;
      default:
        AGC_CHECK_MSG(false, "not a statement");
    }
    PopFrame();
    switch (s.kind) {
      case ast::Kind::kIf:
        SetHeader(s, {s.Cast<ast::If>().test});
        break;
      case ast::Kind::kWhile:
        SetHeader(s, {s.Cast<ast::While>().test});
        break;
      case ast::Kind::kFor:
        SetHeader(s, {s.Cast<ast::For>().iter, s.Cast<ast::For>().target});
        break;
      case ast::Kind::kAsyncFor:
        SetHeader(
            s, {s.Cast<ast::AsyncFor>().iter, s.Cast<ast::AsyncFor>().target});
        break;
      case ast::Kind::kWith:
        WithHeader(s, s.Cast<ast::With>().items);
        break;
      case ast::Kind::kAsyncWith:
        WithHeader(s, s.Cast<ast::AsyncWith>().items);
        break;
      case ast::Kind::kMatch:
        SetHeader(s, {s.Cast<ast::Match>().subject});
        break;
      case ast::Kind::kTry:
      case ast::Kind::kTryStar:
        SetHeader(s, {});
        break;
      default:
        break;
    }
  }

  void WithHeader(const ast::Stmt& s,
                  const std::vector<ast::WithItem*>& items) {
    NodeActivity header;
    for (const ast::WithItem* item : items) {
      const NodeActivity& a = ActivityOf(*item);
      header.read.UnionWith(a.read);
      header.modified.UnionWith(a.modified);
      header.deleted.UnionWith(a.deleted);
    }
    out_.header_index_[s.node_id] = AddActivity(std::move(header));
  }

  // ---- expressions and patterns ---------------------------------------------

  template <typename Comp>
  void Comprehension(const Comp& comp) {
    const std::vector<ast::Comprehension*>& gens = comp.generators;
    AGC_CHECK(!gens.empty());
    // The first iterable is evaluated where the comprehension is.
    Visit(*gens[0]->iter);
    EnterScope(ScopeKind::kComprehension, &comp);
    for (size_t i = 0; i < gens.size(); ++i) {
      const ast::Comprehension& g = *gens[i];
      SetEnclosing(g);
      Visit(*g.target);
      if (i > 0) {
        Visit(*g.iter);
      }
      for (const ast::Expr* cond : g.ifs) {
        Visit(*cond);
      }
    }
    if constexpr (std::is_same_v<Comp, ast::DictComp>) {
      Visit(*comp.key);
      Visit(*comp.value);
    } else {
      Visit(*comp.elt);
    }
    RecordEscapes(ExitScope());
  }

  void Visit(const ast::Node& node) {
    SetEnclosing(node);
    switch (node.kind) {
      case ast::Kind::kName: {
        const auto& n = node.Cast<ast::Name>();
        SymbolId id = qn_.Of(n);
        switch (n.ctx) {
          case ast::ExprContext::kLoad:
            out_.type_param_reads_[n.node_id] =
                id != kNoSymbol && InTypeParamScope(id);
            Read(id);
            break;
          case ast::ExprContext::kStore:
            Modify(id);
            Bind(id);
            break;
          case ast::ExprContext::kDel:
            Delete(id);
            Bind(id);
            break;
        }
        return;
      }
      case ast::Kind::kAttribute:
        Composite(node, node.Cast<ast::Attribute>().ctx);
        return;
      case ast::Kind::kSubscript:
        Composite(node, node.Cast<ast::Subscript>().ctx);
        return;
      case ast::Kind::kNamedExpr: {
        const auto& n = node.Cast<ast::NamedExpr>();
        Visit(*n.value);
        SymbolId id = qn_.Of(*n.target);
        if (id == kNoSymbol || !n.target->Is<ast::Name>()) {
          Visit(*n.target);
          return;
        }
        SetEnclosing(*n.target);
        Modify(id);
        BindWalrus(id);
        return;
      }
      case ast::Kind::kLambda: {
        const auto& l = node.Cast<ast::Lambda>();
        ArgumentsOutside(*l.args);
        EnterScope(ScopeKind::kLambda, &l);
        BindParams(*l.args);
        Visit(*l.body);
        RecordEscapes(ExitScope());
        return;
      }
      case ast::Kind::kListComp:
        Comprehension(node.Cast<ast::ListComp>());
        return;
      case ast::Kind::kSetComp:
        Comprehension(node.Cast<ast::SetComp>());
        return;
      case ast::Kind::kGeneratorExp:
        Comprehension(node.Cast<ast::GeneratorExp>());
        return;
      case ast::Kind::kDictComp:
        Comprehension(node.Cast<ast::DictComp>());
        return;
      case ast::Kind::kMatchAs:
        VisitChildren(node);
        Capture(node.Cast<ast::MatchAs>().name);
        return;
      case ast::Kind::kMatchStar:
        Capture(node.Cast<ast::MatchStar>().name);
        return;
      case ast::Kind::kMatchMapping:
        VisitChildren(node);
        Capture(node.Cast<ast::MatchMapping>().rest);
        return;
      default:
        AGC_CHECK_MSG(node.category() != ast::Category::kStmt,
                      "statement visited as an expression");
        VisitChildren(node);
        return;
    }
  }

  void VisitChildren(const ast::Node& node) {
    ast::ForEachChild(node, [&](const ast::Node* child) { Visit(*child); });
  }

  void Capture(std::string_view name) {
    SymbolId id = Ident(name);
    Modify(id);
    Bind(id);
  }

  // Attribute or subscript: the qualified name itself (if it is one) in the
  // node's context; its base and index are read.
  void Composite(const ast::Node& node, ast::ExprContext ctx) {
    SymbolId id = qn_.Of(node);
    switch (ctx) {
      case ast::ExprContext::kLoad:
        Read(id);
        break;
      case ast::ExprContext::kStore:
        Modify(id);
        break;
      case ast::ExprContext::kDel:
        Delete(id);
        break;
    }
    VisitChildren(node);
  }

  const ast::Module& module_;
  const QualNames& qn_;
  Activity& out_;
  std::vector<Frame> frames_;  // frames_[0, top_) are open
  size_t top_ = 0;
  std::vector<ScopeWork> scopes_;
  // The type parameters in effect in an annotation scope being visited (see
  // InAnnotationScope).
  std::vector<SymbolId> type_params_;
  bool in_annotation_scope_ = false;
  // The depth of scopes_ where that annotation scope is.
  size_t annotation_depth_ = 0;
};

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
