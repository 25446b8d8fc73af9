// Internal to lib/analysis: ActivityBuilder, the one walk behind
// Activity::Compute and ComputeFor (activity.h), and what its files share
// (Frame, Append, Escapes). The class is declared here once; its members are
// defined in the file named in each group of declarations below
// (activity.cpp, which says how the walk works, maps the files). Only Top
// and the templates that run a callable in a frame or an annotation scope
// (Part, InAnnotationScope) are defined here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/qual_names.h"
#include "lib/analysis/subtree.h"
#include "lib/ast/ast.h"

namespace agc::analysis {

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

inline void Append(std::vector<SymbolId>& to,
                   const std::vector<SymbolId>& from) {
  to.insert(to.end(), from.begin(), from.end());
}

// What a closed scope hands to the scope it is defined in.
struct Escapes {
  std::vector<SymbolId> reads;            // resolved further out
  std::vector<SymbolId> reads_to_module;  // through `global`
  std::vector<SymbolId> mods;             // through nonlocal / walrus
  std::vector<SymbolId> mods_to_module;   // through `global`
};

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

  void Run();                                  // activity_builder.cpp
  void RunOn(std::span<const Subtree> roots);  // activity_builder.cpp

 private:
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

  // ---- The walk's state: activity_builder.cpp -------------------------------

  void Finish(bool free);

  // events

  Frame& Top() { return frames_[top_ - 1]; }

  void Read(SymbolId id);
  bool InTypeParamScope(SymbolId id) const;
  bool IsTypeParam(SymbolId id) const;

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
      const std::vector<ast::TypeParam*>& params) const;
  static std::string_view TypeParamName(const ast::TypeParam& p);
  void TypeParamParts(const std::vector<ast::TypeParam*>& params);
  void Modify(SymbolId id);
  void Delete(SymbolId id);
  void Bind(SymbolId id);
  void BindWalrus(SymbolId id);
  SymbolId Ident(std::string_view name) const;
  void SetEnclosing(const ast::Node& node);

  // frames

  void PushFrame(ast::NodeId node, bool discard = false);
  int32_t AddActivity(NodeActivity activity);
  void PopFrame();

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

  void ExprPart(const ast::Node* node);
  const NodeActivity& ActivityOf(const ast::Node& node) const;
  void SetHeader(const ast::Node& node,
                 std::initializer_list<const ast::Node*> parts,
                 SymbolId modified = kNoSymbol);

  // scopes

  void EnterScope(ScopeKind kind, const ast::Node* node);
  Escapes ExitScope();
  void RecordEscapes(const Escapes& e);
  bool Resolves(SymbolId id, const Scope& scope) const;
  void ComputeFree(Scope& scope);

  // ---- Statements: activity_statements.cpp ----------------------------------

  void Stmts(const std::vector<ast::Stmt*>& body);
  void ArgumentsOutside(const ast::Arguments& args,
                        bool leaves_annotation_scope = false);
  void BindParams(const ast::Arguments& args);
  template <typename F>
  void Function(const F& f);
  void Class(const ast::ClassDef& c);
  void TypeAlias(const ast::TypeAlias& a);
  void AnnAssign(const ast::AnnAssign& a);
  void Handler(const ast::ExceptHandler& h);
  void Try(const std::vector<ast::Stmt*>& body,
           const std::vector<ast::ExceptHandler*>& handlers,
           const std::vector<ast::Stmt*>& orelse,
           const std::vector<ast::Stmt*>& finalbody);
  void WithItems(const std::vector<ast::WithItem*>& items);
  void Alias(const ast::Alias& alias, bool from);
  void Stmt(const ast::Stmt& s);
  void WithHeader(const ast::Stmt& s, const std::vector<ast::WithItem*>& items);

  // ---- Expressions and patterns: activity_expressions.cpp -------------------

  template <typename Comp>
  void Comprehension(const Comp& comp);
  void Visit(const ast::Node& node);
  void VisitChildren(const ast::Node& node);
  void Capture(std::string_view name);
  void Composite(const ast::Node& node, ast::ExprContext ctx);

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

}  // namespace agc::analysis
