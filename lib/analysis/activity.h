// Activity: which symbols each scope and each statement reads, modifies,
// deletes and binds, and the tree of scopes.
//
// Attaches: a Scope to the module and to every scope node (FunctionDef,
//   AsyncFunctionDef, Lambda, ClassDef, ListComp, SetComp, DictComp,
//   GeneratorExp); a NodeActivity to every statement and to every direct child
//   of a statement (its test, iter, target, value and other expressions, its
//   withitems, except handlers, match cases, arguments), to every
//   ExceptHandler, MatchCase and WithItem, and to every direct child of those;
//   a header activity (HeaderOf) to every compound statement, ExceptHandler
//   and MatchCase.
// Requires: qual_names.
//
// The rules, as Python evaluates them:
// - A statement's activity covers its whole subtree (an `if` includes its
//   branches) but not the bodies of nested scopes, except that a nested
//   function, lambda or comprehension contributes the free symbols it reads
//   (read at the point of its definition) and the symbols it modifies through
//   `nonlocal`/`global` declarations. Decorators, default values, annotations
//   (when evaluated), base classes and the first iterable of a comprehension
//   are evaluated in the enclosing scope.
// - Comprehension targets and class-body names do not leak into the enclosing
//   scope; a walrus inside a comprehension binds in the nearest enclosing
//   function (or module) scope.
// - `a.b = c` modifies `a.b` and reads `a` (and `c`); `x[i] += 1` reads and
//   modifies `x[i]` and reads `x` and `i`; `del a.b` deletes `a.b` and reads
//   `a`. Composite symbols are recorded only when the expression is a
//   qualified name; `f().x = 1` reads `f` and modifies nothing nameable.
// - Binding forms: assignment/augmented/annotated targets (an annotated
//   assignment without a value binds but does not modify), `for` and
//   comprehension targets, `with ... as`, `except ... as` (modified, and
//   deleted again at the end of the handler), imports (the alias, or the first
//   component of a dotted `import a.b`), def/class names, parameters, walrus,
//   match captures (`case x`, `case [*rest]`, `case {**rest}`, `as` names).
// - `global`/`nonlocal` names are recorded on the scope and are not bound
//   locally.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "lib/analysis/manager.h"
#include "lib/analysis/qual_names.h"
#include "lib/analysis/subtree.h"
#include "lib/ast/ast.h"

namespace agc::analysis {

enum class ScopeKind : uint8_t {
  kModule,
  kFunction,  // FunctionDef, AsyncFunctionDef
  kLambda,
  kClass,
  kComprehension,  // ListComp, SetComp, DictComp, GeneratorExp
};

std::string_view ScopeKindName(ScopeKind kind);  // "function"

struct Scope {
  ScopeKind kind = ScopeKind::kModule;
  const ast::Node* node = nullptr;  // the scope node; null for the module
  const Scope* parent = nullptr;
  std::vector<const Scope*> children;  // in source order

  SymbolSet read;      // read anywhere in the scope (free symbols included)
  SymbolSet modified;  // assigned (plain and composite symbols)
  SymbolSet deleted;
  SymbolSet bound;   // plain names local to the scope (params included)
  SymbolSet params;  // parameter names, in the set's order
  SymbolSet globals;
  SymbolSet nonlocals;
  // Plain names read here but bound in no enclosing scope up to the module:
  // builtins or names defined at run time.
  SymbolSet free;
  // The type parameters (PEP 695) an annotation scope between this scope
  // and its parent binds: those of the def or class this scope is, or of
  // the def, class or type statement in whose bounds, defaults, annotations
  // or bases this scope (a lambda, a comprehension) is. A read of one here
  // resolves in that annotation scope: it is in `read` (and in `free` when
  // no enclosing scope binds the name either), but it is no read of the
  // parent's variable.
  SymbolSet type_params;
};

// Whether a free read of plain name `id` in `scope` finds a type parameter
// (PEP 695) of an annotation scope between `scope` and `ancestor`, one of
// the scopes enclosing it (see Scope::type_params), rather than a variable
// of `ancestor` or of a scope around it.
bool ResolvesToTypeParam(const Scope& scope,
                         SymbolId id,
                         const Scope& ancestor);

// What one statement (or one part of a statement) does to symbols.
struct NodeActivity {
  SymbolSet read;
  SymbolSet modified;
  SymbolSet deleted;
};

class Activity {
 public:
  static constexpr std::string_view kName = "activity";
  static std::unique_ptr<Activity> Compute(const ast::Module& module,
                                           AnalysisManager& analyses);
  // The same, for the functions of `roots` only (see subtree.h). The scopes
  // outside them are stand-ins: the module scope (empty) and, for a method,
  // its class; `free` sets inside the roots are not computed.
  static std::unique_ptr<Activity> ComputeFor(const ast::Module& module,
                                              const QualNames& qn,
                                              std::span<const Subtree> roots);

  const Scope& ModuleScope() const;

  // The scope a scope node opens; a check failure for other nodes.
  const Scope& ScopeOf(const ast::Node& scope_node) const;

  // The innermost scope a node belongs to (for a scope node: the scope it is
  // defined in, where its decorators and defaults run).
  const Scope& EnclosingScope(const ast::Node& node) const;

  // The activity of a node listed in "Attaches"; null for other nodes.
  const NodeActivity* Of(const ast::Node& node) const;

  // The part of a compound node that runs before its body, for the CFG:
  // If/While: the test; For/AsyncFor: the iter (read) and the target
  // (modified); With/AsyncWith: all items; Match: the subject; MatchCase: the
  // pattern's captures (modified) and the guard; ExceptHandler: the type
  // (read) and the name (modified); Try/TryStar: nothing. A check failure for
  // other nodes.
  const NodeActivity& HeaderOf(const ast::Node& compound) const;

  // Activity of a statement list (e.g. a loop body): the union of its
  // statements' activities.
  NodeActivity OfBody(const std::vector<ast::Stmt*>& body) const;

  // Whether `name` loads a type parameter of the annotation scope it is
  // directly in (`T` in `def f[T, U: T](x: T) -> T`, in a bound, default,
  // annotation or base; not in a nested lambda, see Scope::type_params): no
  // read of the enclosing scope's variable.
  bool ReadsTypeParam(const ast::Name& name) const;

 private:
  friend class ActivityBuilder;
  std::vector<std::unique_ptr<Scope>> scopes_;
  std::vector<const Scope*> scope_by_node_;      // indexed by NodeId
  std::vector<const Scope*> enclosing_by_node_;  // indexed by NodeId
  std::vector<int32_t> activity_index_;          // NodeId -> activities_
  std::vector<NodeActivity> activities_;
  std::vector<int32_t> header_index_;   // NodeId -> activities_
  std::vector<bool> type_param_reads_;  // by NodeId (see ReadsTypeParam)
};

}  // namespace agc::analysis
