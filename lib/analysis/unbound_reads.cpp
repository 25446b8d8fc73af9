#include "lib/analysis/unbound_reads.h"

#include <unordered_map>

#include "lib/analysis/activity.h"
#include "lib/analysis/qual_names.h"
#include "lib/analysis/reaching_definitions.h"
#include "lib/analysis/walrus_order.h"

namespace agc::analysis {

class UnboundReadsBuilder {
 public:
  UnboundReadsBuilder(const QualNames& qn,
                      const Activity& activity,
                      const ReachingDefinitions& rd,
                      UnboundReads& out)
      : qn_(qn), activity_(activity), rd_(rd), out_(out) {}

  // Every read of a function's local from a nested function, lambda, class
  // body or generator expression, anywhere in `node`: kFree when the
  // function may hold the local as an `ag__.Undefined`.
  void FreeReads(const ast::Node& node) {
    if (const auto* name = node.As<ast::Name>()) {
      FreeRead(*name, name->ctx != ast::ExprContext::kStore);
      return;
    }
    if (const auto* aug = node.As<ast::AugAssign>()) {
      if (const auto* target = aug->target->As<ast::Name>()) {
        FreeRead(*target, true);
      }
    }
    ast::ForEachChild(node, [&](const ast::Node* child) { FreeReads(*child); });
  }

  // Statements outside functions: find the functions.
  void Outside(const ast::Node& node) {
    if (const auto* fn = node.As<ast::FunctionDef>()) {
      Body(*fn, fn->body);
      return;
    }
    if (const auto* fn = node.As<ast::AsyncFunctionDef>()) {
      Body(*fn, fn->body);
      return;
    }
    ast::ForEachChild(node, [&](const ast::Node* child) {
      if (child->category() == ast::Category::kStmt ||
          child->Is<ast::ExceptHandler>() || child->Is<ast::MatchCase>()) {
        Outside(*child);
      }
    });
  }

 private:
  void Body(const ast::Node& fn, const std::vector<ast::Stmt*>& body) {
    const Scope* outer = function_;
    function_ = &activity_.ScopeOf(fn);
    for (const ast::Stmt* stmt : body) {
      Statement(*stmt);
    }
    function_ = outer;
  }

  // A statement (or handler, or case) of a function body: its own
  // expressions are read with its facts; nested blocks are statements of
  // the same function; nested functions are scopes of their own.
  void Statement(const ast::Node& stmt) {
    if (stmt.Is<ast::ClassDef>()) {
      // Bases, keywords and decorators run here; the body is a class scope
      // (its functions are still found).
      ast::ForEachChild(stmt, [&](const ast::Node* child) {
        if (child->category() == ast::Category::kStmt) {
          Outside(*child);
        } else {
          ExpressionReads(stmt, *child);
        }
      });
      return;
    }
    const bool is_function =
        stmt.Is<ast::FunctionDef>() || stmt.Is<ast::AsyncFunctionDef>();
    ast::ForEachChild(stmt, [&](const ast::Node* child) {
      if (child->category() == ast::Category::kStmt) {
        if (is_function) {
          return;  // the nested function's body, below
        }
        Statement(*child);
      } else if (child->Is<ast::ExceptHandler>() ||
                 child->Is<ast::MatchCase>()) {
        Statement(*child);
      } else {
        ExpressionReads(stmt, *child);
      }
    });
    if (const auto* fn = stmt.As<ast::FunctionDef>()) {
      Body(*fn, fn->body);
    } else if (const auto* fn = stmt.As<ast::AsyncFunctionDef>()) {
      Body(*fn, fn->body);
    }
  }

  // One expression of statement `at`: a read that a walrus before it in the
  // expression always binds is not marked (see walrus_order.h).
  void ExpressionReads(const ast::Node& at, const ast::Node& expr) {
    if (!ContainsWalrus(expr)) {
      order_ = nullptr;
      Reads(at, expr);
      return;
    }
    WalrusOrder order(qn_);
    order.WalkExpr(expr);
    order_ = &order;
    Reads(at, expr);
    order_ = nullptr;
  }

  // Marks the Name loads in `expr` (not in lambda bodies) with the facts at
  // statement `at`.
  void Reads(const ast::Node& at, const ast::Node& expr) {
    if (const auto* name = expr.As<ast::Name>()) {
      // `del x` and `x += v` read x first, too.
      const auto* aug = at.As<ast::AugAssign>();
      const bool reads = name->ctx == ast::ExprContext::kLoad ||
                         name->ctx == ast::ExprContext::kDel ||
                         (aug != nullptr && aug->target == name);
      // A type parameter read in its annotation scope (`x: T` of a generic
      // def) is no variable of the function's.
      if (reads && !activity_.ReadsTypeParam(*name) &&
          (order_ == nullptr || !order_->CertainRead(*name))) {
        SymbolId id = qn_.Of(*name);
        if (id == kNoSymbol) {
          return;
        }
        // The function's own code, or a list/set/dict comprehension there
        // (which runs now); generator expressions are left to FreeReads.
        const Scope& scope = activity_.EnclosingScope(*name);
        const Owner owner = Resolve(scope, id);
        if (owner.scope != function_ || owner.deferred ||
            !rd_.MayBeUndefined(at, id)) {
          return;
        }
        Mark(*name, owner.scope == &scope ? UnboundRead::kLocal
                                          : UnboundRead::kComprehension);
      }
      return;
    }
    if (const auto* lambda = expr.As<ast::Lambda>()) {
      Reads(at, *lambda->args);  // defaults run here; the body runs later
      return;
    }
    if (expr.category() == ast::Category::kStmt) {
      return;
    }
    ast::ForEachChild(expr, [&](const ast::Node* child) { Reads(at, *child); });
  }

  void Mark(const ast::Name& name, UnboundRead kind) {
    if (out_.kinds_[name.node_id] == UnboundRead::kNo) {
      ++out_.count_;
    }
    out_.kinds_[name.node_id] = kind;
  }

  // The scope whose variable a read of `id` in `scope` finds (null for a
  // global, a builtin or a class attribute) and whether the way there
  // crosses a scope that runs later or apart (a function, lambda, generator
  // expression or class body: anything but a list, set or dict
  // comprehension).
  struct Owner {
    const Scope* scope = nullptr;
    bool deferred = false;
  };

  static Owner Resolve(const Scope& from, SymbolId id) {
    Owner out;
    for (const Scope* s = &from; s != nullptr; s = s->parent) {
      if (s->kind == ScopeKind::kModule) {
        return {};
      }
      // A class's names are not visible to its nested scopes.
      const bool hidden = s->kind == ScopeKind::kClass && s != &from;
      if (!hidden && s->globals.Contains(id)) {
        return {};
      }
      if (!hidden && s->bound.Contains(id)) {
        if (s->kind == ScopeKind::kClass) {
          return {};  // read from the class namespace
        }
        out.scope = s;
        return out;
      }
      if (s->type_params.Contains(id)) {
        return {};  // a type parameter of the annotation scope around s
      }
      if (!hidden && !IsInlinedComprehension(*s)) {
        out.deferred = true;
      }
    }
    return {};
  }

  // A list, set or dict comprehension: code that runs where it is written.
  static bool IsInlinedComprehension(const Scope& scope) {
    return scope.kind == ScopeKind::kComprehension &&
           !scope.node->Is<ast::GeneratorExp>();
  }

  void FreeRead(const ast::Name& name, bool reads) {
    if (!reads) {
      return;
    }
    SymbolId id = qn_.Of(name);
    if (id == kNoSymbol || activity_.ReadsTypeParam(name)) {
      return;
    }
    const Owner owner = Resolve(activity_.EnclosingScope(name), id);
    if (owner.scope != nullptr && owner.deferred &&
        owner.scope->kind == ScopeKind::kFunction &&
        Undefinable(*owner.scope).Contains(id)) {
      Mark(name, UnboundRead::kFree);
    }
  }

  // The locals of `function` it may hold as an `ag__.Undefined` (see the
  // header), computed once per function.
  const SymbolSet& Undefinable(const Scope& function) {
    const auto [it, added] = undefinable_.try_emplace(&function);
    SymbolSet& undefinable = it->second;
    if (!added) {
      return undefinable;
    }
    // What the function's own level binds before the top-level statement at
    // hand (control_flow's granularity: a helper's variable with no binding
    // in an earlier top-level statement starts as an `ag__.Undefined`).
    SymbolSet own = function.params;
    bool guarded = false;
    ast::ForEachChild(*function.node, [&](const ast::Node* top) {
      if (top->category() != ast::Category::kStmt) {
        return;
      }
      const bool jumps = Candidates(*top, guarded, own, undefinable);
      if (!guarded) {
        bool inner_guarded = false;
        OwnBindings(*top, inner_guarded, own);
      }
      guarded = guarded || jumps;
    });
    return undefinable;
  }

  // Adds the undefinable locals of `stmt` and of the statements in it (its
  // blocks, one after the other, handlers and cases included; not nested
  // scopes). A statement is a candidate when control_flow turns it into an
  // operator: an `if`, `while`, `for` or `match`, or any statement after a
  // `return`, `break` or `continue` that the lowering passes turn into a
  // flag, guarding what follows with an `if` (`guarded`, for the rest of the
  // block and of the blocks around it). A candidate's variable is
  // undefinable when it may be unbound there, or when no earlier top-level
  // statement binds it at the function's own level (`own`). True when
  // `stmt` holds such a jump.
  bool Candidates(const ast::Node& stmt,
                  bool guarded,
                  const SymbolSet& own,
                  SymbolSet& out) {
    if (stmt.Is<ast::FunctionDef>() || stmt.Is<ast::AsyncFunctionDef>() ||
        stmt.Is<ast::ClassDef>()) {
      return false;
    }
    if (guarded || IsOperatorStatement(stmt)) {
      const NodeActivity* activity = activity_.Of(stmt);
      for (const SymbolSet* set :
           {&activity->read, &activity->modified, &activity->deleted}) {
        for (SymbolId id : *set) {
          if (!qn_.Get(id).is_composite() &&
              (!own.Contains(id) || rd_.MayBeUndefined(stmt, id))) {
            out.Insert(id);
          }
        }
      }
    }
    bool jumps = stmt.Is<ast::Return>() || stmt.Is<ast::Break>() ||
                 stmt.Is<ast::Continue>();
    ast::ForEachChild(stmt, [&](const ast::Node* child) {
      if (child->category() == ast::Category::kStmt ||
          child->Is<ast::ExceptHandler>() || child->Is<ast::MatchCase>()) {
        if (Candidates(*child, guarded, own, out)) {
          guarded = jumps = true;
        }
      }
    });
    return jumps;
  }

  // An if, while, for or match, or an assert (which the asserts pass turns
  // into an `if __debug__:`).
  static bool IsOperatorStatement(const ast::Node& stmt) {
    return stmt.Is<ast::If>() || stmt.Is<ast::While>() || stmt.Is<ast::For>() ||
           stmt.Is<ast::Match>() || stmt.Is<ast::Assert>();
  }

  // Adds the plain names `node` binds at the function's own level: not in
  // the bodies of statements control_flow turns into helpers, nor after a
  // jump (`guarded`, set when `node` holds one), nor in nested scopes.
  void OwnBindings(const ast::Node& node, bool& guarded, SymbolSet& out) {
    if (guarded || IsOperatorStatement(node)) {
      return;
    }
    if (const auto* fn = node.As<ast::FunctionDef>()) {
      out.Insert(qn_.Find(fn->name));
      return;
    }
    if (const auto* fn = node.As<ast::AsyncFunctionDef>()) {
      out.Insert(qn_.Find(fn->name));
      return;
    }
    if (const auto* c = node.As<ast::ClassDef>()) {
      out.Insert(qn_.Find(c->name));
      return;
    }
    if (node.Is<ast::Return>() || node.Is<ast::Break>() ||
        node.Is<ast::Continue>()) {
      guarded = true;
      return;
    }
    bool compound = false;
    ast::ForEachChild(node, [&](const ast::Node* child) {
      compound = compound || child->category() == ast::Category::kStmt ||
                 child->Is<ast::ExceptHandler>();
    });
    const NodeActivity* activity =
        compound ? &activity_.HeaderOf(node) : activity_.Of(node);
    if (activity != nullptr) {
      for (SymbolId id : activity->modified) {
        if (!qn_.Get(id).is_composite()) {
          out.Insert(id);
        }
      }
    }
    if (compound) {
      ast::ForEachChild(node, [&](const ast::Node* child) {
        if (child->category() == ast::Category::kStmt ||
            child->Is<ast::ExceptHandler>()) {
          OwnBindings(*child, guarded, out);
        }
      });
    }
  }

  const QualNames& qn_;
  const Activity& activity_;
  const ReachingDefinitions& rd_;
  UnboundReads& out_;
  const WalrusOrder* order_ = nullptr;
  const Scope* function_ = nullptr;  // whose body Statement is in
  std::unordered_map<const Scope*, SymbolSet> undefinable_;
};

std::unique_ptr<UnboundReads> UnboundReads::Compute(const ast::Module& module,
                                                    AnalysisManager& analyses) {
  auto out = std::make_unique<UnboundReads>();
  out->kinds_.assign(module.node_count(), UnboundRead::kNo);
  UnboundReadsBuilder builder(analyses.Get<QualNames>(),
                              analyses.Get<Activity>(),
                              analyses.Get<ReachingDefinitions>(), *out);
  for (const ast::Stmt* stmt : module.body) {
    builder.Outside(*stmt);
  }
  for (const ast::Stmt* stmt : module.body) {
    builder.FreeReads(*stmt);
  }
  return out;
}

}  // namespace agc::analysis
