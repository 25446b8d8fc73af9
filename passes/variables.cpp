// variables: reads of names that may be unbound go through the runtime.
//
//   if c:                          ...
//       y = 1              ->      return ag__.ld(y)
//   return y
//
// After control_flow, such a name holds `ag__.Undefined('y')` instead of
// being unbound; `ag__.ld` turns that back into Python's UnboundLocalError
// (same text) and returns any other value unchanged. Which reads need it is
// decided on the original program (the unbound_reads analysis of the input,
// before any pass): exactly the reads that could raise UnboundLocalError
// there. Every other read stays a plain name, so converted code stays
// readable. Names the passes generated are never wrapped.
//
// A name without any value -- deleted (`del x`, the end of `except ... as
// x`), bound only in a branch of a statement control_flow leaves as it is
// (`try`, `with`), or never bound and read in a thunk (`b = b and c`) -- is
// not an `ag__.Undefined` but an empty cell: read inside a generated
// function (a helper or a thunk), where the name is a free variable, it
// would raise NameError ("cannot access free variable"). So a read that may
// find the name unbound, inside a helper or a thunk, goes through a thunk of
// its own:
//
//   del b                            def if_body():
//   b = b + 1              ->            nonlocal b
//     (inside an if)                     del b
//                                        b = ag__.ld(ag__.ldu(lambda: b, 'b'))
//                                        + 1
//
// ldu turns the NameError into an `ag__.Undefined`, which ld turns into
// Python's UnboundLocalError with its text. Reads in user lambdas and
// generator expressions need no thunk: they are free variables in the
// original too, and an empty cell raises what Python raises there. Reads in
// a list, set or dict comprehension (but its first iterable) inside a
// helper or a thunk, or in a thunk inside one, do: Python 3.12 inlines the
// comprehension (PEP 709), so the original raises UnboundLocalError there
// (NameError before 3.12), and `ag__.ld_comp(ag__.ldu(lambda: b, 'b'))` raises
// what the interpreter running it raises.
//
// What they may find instead is an `ag__.Undefined`, where the original
// had nothing. A read in a list, set or dict comprehension (kComprehension)
// goes through `ag__.ld_comp`, which raises Python's NameError for an
// unbound free variable (UnboundLocalError from Python 3.12, which inlines
// the comprehension); a read in a nested function, lambda, class body or
// generator expression (kFree, which may run at any time) through
// `ag__.ld_free`, which raises the NameError:
//
//   if c:                          def k():
//       y = 1                          with ag__.FunctionScope(...):
//   def k():               ->              return ag__.ld_free(y)
//       return y
//
// A type parameter (PEP 695) of a generic function or class nested in a
// converted function is no read of its locals, even one named alike: in
// `def g[T](x: T) -> T: return T` every T stays a plain name (the
// unbound_reads analysis resolves it in the annotation scope).
//
// A read at the function's own level of a name whose bindings all moved
// into helpers (the original binds it only in a loop or branch, and no one
// reads it after that) would find a global: it is always unbound there, and
// reads `ag__.ld(ag__.Undefined('x'))`.
//
// `del x` and `x += v` read x first: where x may be unbound there, a check
// goes before the statement (`ag__.ld(x)`, or the thunk form in a helper),
// since an `ag__.Undefined` can be deleted or added to without an error.
//
// Attaches: nothing. Requires: functions; the original unbound_reads.
#include <algorithm>
#include <memory>
#include <string_view>
#include <vector>

#include "lib/analysis/manager.h"
#include "lib/analysis/unbound_reads.h"
#include "lib/ast/ast.h"
#include "lib/codegen/template.h"
#include "lib/pass/pass.h"
#include "passes/converted_code.h"

namespace agc::passes::variables {
namespace {

// The runtime's read of `x` for a read of this kind (see unbound_reads.h):
// each raises, for an `ag__.Undefined`, what Python raises there.
std::string_view Load(analysis::UnboundRead kind) {
  switch (kind) {
    case analysis::UnboundRead::kComprehension:
      return "ag__.ld_comp(x)";
    case analysis::UnboundRead::kFree:
      return "ag__.ld_free(x)";
    default:
      return "ag__.ld(x)";
  }
}

// Finds, in every converted function, the reads that need the thunk form
// (see above), and puts the checks before `del x` and `x += v`.
class Reads {
 public:
  Reads(ast::Module& module, const analysis::UnboundReads& unbound)
      : module_(module),
        unbound_(unbound),
        thunk_(module.node_count(), false),
        never_bound_(module.node_count(), false) {
    for (ast::Stmt* stmt : module.body) {
      Find(*stmt);
    }
  }

  bool NeedsThunk(const ast::Name& name) const {
    return name.node_id < thunk_.size() && thunk_[name.node_id];
  }

  // A read of a local of the original that no binding of the converted
  // function's own scope is left for (they all moved into helpers, where
  // no one reads them after): it would find a global.
  bool NeverBound(const ast::Name& name) const {
    return name.node_id < never_bound_.size() && never_bound_[name.node_id];
  }

  bool changed() const { return changed_; }

 private:
  // Looks for converted functions.
  void Find(ast::Node& node) {
    if (auto* fn = node.As<ast::FunctionDef>();
        fn != nullptr && (fn->flags & ast::kFlagConverted) != 0) {
      own_bound_.clear();
      OwnBindings(*fn->args);
      for (ast::Stmt* stmt : fn->body) {
        OwnBindings(*stmt);
      }
      for (ast::Stmt* stmt : fn->body) {
        Mark(*stmt, Where::kOwn, false, false);
      }
      Checks(fn->body, false);
    }
    ast::ForEachChild(node, [&](ast::Node* child) {
      if (child->category() == ast::Category::kStmt ||
          child->Is<ast::ExceptHandler>() || child->Is<ast::MatchCase>()) {
        Find(*child);
      }
    });
  }

  enum class Where { kOwn, kHelper, kThunk, kComprehension };

  // When `node` starts code of another kind -- a helper's body, a thunk, a
  // comprehension (whose first iterable is the function's), or code this
  // pass leaves alone (nested functions, classes) -- calls visit(node, where)
  // on what of it belongs to the function and returns true; false for code
  // of the same kind.
  template <typename Visit>
  static bool Enter(ast::Node& node, Where where, Visit&& visit) {
    if (auto* fn = node.As<ast::FunctionDef>()) {
      if ((fn->flags & ast::kFlagHelper) != 0) {
        for (ast::Stmt* stmt : fn->body) {
          visit(*stmt, Where::kHelper);
        }
      }
      return true;
    }
    if (node.Is<ast::AsyncFunctionDef>() || node.Is<ast::ClassDef>()) {
      return true;
    }
    if (auto* lambda = node.As<ast::Lambda>()) {
      // A user's lambda has no marked reads; a thunk's are the function's.
      visit(*lambda->body, Where::kThunk);
      return true;
    }
    if (const std::vector<ast::Comprehension*>* generators = Generators(node)) {
      // Only the first iterable runs in the function's scope; the rest reads
      // the function's variables as free variables, bound or not.
      const ast::Expr* first = (*generators)[0]->iter;
      visit(*(*generators)[0]->iter, where);
      ast::ForEachChild(node, [&](ast::Node* child) {
        if (!child->Is<ast::Comprehension>()) {
          visit(*child, Where::kComprehension);
          return;
        }
        ast::ForEachChild(*child, [&](ast::Node* part) {
          if (part != first) {
            visit(*part, Where::kComprehension);
          }
        });
      });
      return true;
    }
    return false;
  }

  // `in_thunk`: inside a thunk (at any depth), where the function's
  // variables are free variables.
  void Mark(ast::Node& node, Where where, bool in_helper, bool in_thunk) {
    if (auto* name = node.As<ast::Name>();
        name != nullptr && name->ctx == ast::ExprContext::kLoad) {
      // A free read (kFree) finds the function's variable, bound or not.
      const analysis::UnboundRead kind = unbound_.KindOf(*name);
      if ((kind == analysis::UnboundRead::kLocal ||
           kind == analysis::UnboundRead::kComprehension) &&
          !in_helper && !Contains(own_bound_, name->id)) {
        never_bound_[name->node_id] = true;
      } else if (kind == analysis::UnboundRead::kLocal &&
                 (where == Where::kThunk || in_helper)) {
        thunk_[name->node_id] = true;
      } else if (kind == analysis::UnboundRead::kComprehension &&
                 (in_helper || in_thunk || where == Where::kThunk)) {
        // From Python 3.12 the comprehension runs inlined (PEP 709): the
        // original raises UnboundLocalError for an empty variable, where
        // the free variable of a helper or thunk would raise NameError.
        thunk_[name->node_id] = true;
      }
    }
    if (Enter(node, where, [&](ast::Node& n, Where w) {
          Mark(n, w, in_helper || w == Where::kHelper,
               in_thunk || w == Where::kThunk);
        })) {
      return;
    }
    ast::ForEachChild(node, [&](ast::Node* child) {
      Mark(*child, where, in_helper, in_thunk);
    });
  }

  // What may bind a name in the converted function's own scope: its
  // parameters and the bindings of its own code (helpers' bodies, nested
  // functions, classes and lambdas left out; comprehensions, whose walrus
  // binds here, kept whole).
  void OwnBindings(ast::Node& node) {
    if (auto* name = node.As<ast::Name>()) {
      if (name->ctx != ast::ExprContext::kLoad) {
        own_bound_.push_back(name->id);
      }
    } else if (auto* arg = node.As<ast::Arg>()) {
      own_bound_.push_back(arg->arg);
    } else if (auto* fn = node.As<ast::FunctionDef>()) {
      own_bound_.push_back(fn->name);
      NonlocalsOf(fn->body);
      return;
    } else if (auto* fn = node.As<ast::AsyncFunctionDef>()) {
      own_bound_.push_back(fn->name);
      NonlocalsOf(fn->body);
      return;
    } else if (auto* c = node.As<ast::ClassDef>()) {
      own_bound_.push_back(c->name);
      NonlocalsOf(c->body);
      return;
    } else if (node.Is<ast::Lambda>()) {
      return;
    } else if (auto* a = node.As<ast::Alias>()) {
      own_bound_.push_back(a->asname);
      own_bound_.push_back(a->name.substr(0, a->name.find('.')));
    } else if (auto* h = node.As<ast::ExceptHandler>()) {
      own_bound_.push_back(h->name);
    } else if (auto* m = node.As<ast::MatchAs>()) {
      own_bound_.push_back(m->name);
    } else if (auto* m = node.As<ast::MatchStar>()) {
      own_bound_.push_back(m->name);
    } else if (auto* m = node.As<ast::MatchMapping>()) {
      own_bound_.push_back(m->rest);
    } else if (auto* g = node.As<ast::Global>()) {
      own_bound_.insert(own_bound_.end(), g->names.begin(), g->names.end());
    }
    ast::ForEachChild(node, [&](ast::Node* child) { OwnBindings(*child); });
  }

  // A `nonlocal` of a function nested in this one (a helper's, through which
  // a binding moved into it, or a user's) names one of its variables; those
  // of functions nested deeper name theirs (or, through theirs, this one's).
  void NonlocalsOf(std::vector<ast::Stmt*>& body) {
    for (ast::Stmt* stmt : body) {
      Nonlocals(*stmt);
    }
  }

  void Nonlocals(ast::Node& node) {
    if (auto* n = node.As<ast::Nonlocal>()) {
      own_bound_.insert(own_bound_.end(), n->names.begin(), n->names.end());
    }
    if (node.Is<ast::FunctionDef>() || node.Is<ast::AsyncFunctionDef>() ||
        node.Is<ast::Lambda>()) {
      return;
    }
    if (auto* c = node.As<ast::ClassDef>()) {
      for (ast::Stmt* stmt : c->body) {
        if (auto* fn = stmt->As<ast::FunctionDef>()) {
          NonlocalsOf(fn->body);  // a method's nonlocal skips the class
        }
      }
      return;
    }
    ast::ForEachChild(node, [&](ast::Node* child) { Nonlocals(*child); });
  }

  static bool Contains(const std::vector<std::string_view>& names,
                       std::string_view id) {
    return std::find(names.begin(), names.end(), id) != names.end();
  }

  // Puts a check before each `del x` and `x += v` of `block` (and of the
  // blocks and helpers inside it) whose x may be unbound.
  void Checks(std::vector<ast::Stmt*>& block, bool in_helper) {
    std::vector<ast::Stmt*> out;
    out.reserve(block.size());
    for (ast::Stmt* stmt : block) {
      std::vector<ast::Name*> read;
      if (auto* d = stmt->As<ast::Delete>()) {
        for (ast::Expr* target : d->targets) {
          MarkedNames(*target, read);
        }
      } else if (auto* a = stmt->As<ast::AugAssign>()) {
        MarkedNames(*a->target, read);
      }
      for (ast::Name* name : read) {
        out.push_back(Check(*name, in_helper));
      }
      if (auto* fn = stmt->As<ast::FunctionDef>()) {
        if ((fn->flags & ast::kFlagHelper) != 0) {
          Checks(fn->body, true);
        }
      } else if (!stmt->Is<ast::ClassDef>() &&
                 !stmt->Is<ast::AsyncFunctionDef>()) {
        ForEachBlock(*stmt, [&](std::vector<ast::Stmt*>& inner) {
          Checks(inner, in_helper);
        });
      }
      out.push_back(stmt);
    }
    block = std::move(out);
  }

  ast::Stmt* Check(const ast::Name& name, bool in_helper) {
    changed_ = true;
    const analysis::UnboundRead kind = unbound_.KindOf(name);
    if (!in_helper || kind != analysis::UnboundRead::kLocal) {
      return codegen::Instantiate(
          module_, Load(kind), {{"x", codegen::Name(name.id)}}, name.origin)[0];
    }
    return codegen::Instantiate(
        module_, "ag__.ld(ag__.ldu(lambda: x, name))",
        {{"x", codegen::Name(name.id)},
         {"name", codegen::StrConstant(module_, name.id, name.origin)}},
        name.origin)[0];
  }

  void MarkedNames(ast::Node& target, std::vector<ast::Name*>& out) {
    if (auto* name = target.As<ast::Name>()) {
      if (unbound_.MayBeUnbound(*name)) {
        out.push_back(name);
      }
      return;
    }
    if (target.Is<ast::Tuple>() || target.Is<ast::List>()) {
      ast::ForEachChild(target, [&](ast::Node* c) { MarkedNames(*c, out); });
    }
  }

  static const std::vector<ast::Comprehension*>* Generators(ast::Node& node) {
    if (auto* c = node.As<ast::ListComp>()) {
      return &c->generators;
    }
    if (auto* c = node.As<ast::SetComp>()) {
      return &c->generators;
    }
    if (auto* c = node.As<ast::DictComp>()) {
      return &c->generators;
    }
    if (auto* c = node.As<ast::GeneratorExp>()) {
      return &c->generators;
    }
    return nullptr;
  }

  ast::Module& module_;
  const analysis::UnboundReads& unbound_;
  std::vector<bool> thunk_;        // by NodeId
  std::vector<bool> never_bound_;  // by NodeId
  std::vector<std::string_view> own_bound_;
  bool changed_ = false;
};

// Code left unconverted inside a converted function (a generator, an async
// or do_not_convert function, and what is nested in it) stays as written
// but for its reads of the converted function's variables, which may hold
// an `ag__.Undefined` there: `ag__.ld_free(y)`, and `ag__.ld_free(y)` before
// `del y` and `y += v` of a `nonlocal y`.
class UnconvertedReads {
 public:
  UnconvertedReads(ast::Module& module, const analysis::UnboundReads& unbound)
      : module_(module), unbound_(unbound) {}

  // `fn`, a function left unconverted; true if something changed.
  bool Rewrite(ast::Node& fn) {
    changed_ = false;
    ast::TransformChildren(fn, [&](ast::Node* child) { return Wrap(*child); });
    if (auto* def = fn.As<ast::FunctionDef>()) {
      Checks(def->body);
      def->flags |= changed_ ? ast::kFlagChanged : 0;
    } else if (auto* def = fn.As<ast::AsyncFunctionDef>()) {
      Checks(def->body);
      def->flags |= changed_ ? ast::kFlagChanged : 0;
    }
    return changed_;
  }

 private:
  bool IsFree(const ast::Name& name) const {
    return unbound_.KindOf(name) == analysis::UnboundRead::kFree;
  }

  ast::Node* Wrap(ast::Node& node) {
    if (auto* name = node.As<ast::Name>()) {
      if (name->ctx != ast::ExprContext::kLoad || !IsFree(*name)) {
        return &node;
      }
      changed_ = true;
      return codegen::InstantiateExpr(module_,
                                      Load(analysis::UnboundRead::kFree),
                                      {{"x", name}}, name->origin);
    }
    if (node.Is<ast::JoinedStr>()) {
      return &node;  // printed as written (see converted_code.h)
    }
    ast::TransformChildren(node,
                           [&](ast::Node* child) { return Wrap(*child); });
    return &node;
  }

  void Checks(std::vector<ast::Stmt*>& block) {
    std::vector<ast::Stmt*> out;
    out.reserve(block.size());
    for (ast::Stmt* stmt : block) {
      std::vector<const ast::Name*> read;
      if (auto* d = stmt->As<ast::Delete>()) {
        for (ast::Expr* target : d->targets) {
          FreeTargets(*target, read);
        }
      } else if (auto* a = stmt->As<ast::AugAssign>()) {
        FreeTargets(*a->target, read);
      }
      for (const ast::Name* name : read) {
        changed_ = true;
        out.push_back(codegen::Instantiate(
            module_, Load(analysis::UnboundRead::kFree),
            {{"x", codegen::Name(name->id)}}, name->origin)[0]);
      }
      if (auto* fn = stmt->As<ast::FunctionDef>()) {
        Checks(fn->body);
      } else if (auto* fn = stmt->As<ast::AsyncFunctionDef>()) {
        Checks(fn->body);
      } else if (auto* c = stmt->As<ast::ClassDef>()) {
        Checks(c->body);
      } else {
        ForEachBlock(*stmt,
                     [&](std::vector<ast::Stmt*>& inner) { Checks(inner); });
      }
      out.push_back(stmt);
    }
    block = std::move(out);
  }

  void FreeTargets(const ast::Node& target,
                   std::vector<const ast::Name*>& out) const {
    if (const auto* name = target.As<ast::Name>()) {
      if (IsFree(*name)) {
        out.push_back(name);
      }
    } else if (target.Is<ast::Tuple>() || target.Is<ast::List>()) {
      ast::ForEachChild(target,
                        [&](const ast::Node* c) { FreeTargets(*c, out); });
    }
  }

  ast::Module& module_;
  const analysis::UnboundReads& unbound_;
  bool changed_ = false;
};

class VariablesPass : public pass::Pass {
 public:
  // A function inside converted code whose body the walk does not visit.
  static bool IsUnconverted(const ast::Node& node) {
    if (node.Is<ast::AsyncFunctionDef>()) {
      return true;
    }
    const auto* fn = node.As<ast::FunctionDef>();
    return fn != nullptr &&
           (fn->flags & (ast::kFlagConverted | ast::kFlagHelper)) == 0;
  }

  pass::Changed Run(ast::Module& module, pass::PassContext& ctx) override {
    const auto& unbound = ctx.analyses().GetOriginal<analysis::UnboundReads>();
    const Reads reads(module, unbound);
    bool changed = reads.changed();
    UnconvertedReads unconverted(module, unbound);
    RewriteConvertedCode(
        module, [&](ast::Node& node, const CodeContext&) -> ast::Node* {
          if (IsUnconverted(node)) {
            changed = unconverted.Rewrite(node) || changed;
            return &node;
          }
          auto* name = node.As<ast::Name>();
          if (name == nullptr || name->ctx != ast::ExprContext::kLoad ||
              !unbound.MayBeUnbound(*name)) {
            return &node;
          }
          changed = true;
          const std::string_view load = Load(unbound.KindOf(*name));
          if (reads.NeverBound(*name)) {
            return codegen::InstantiateExpr(
                module, load,
                {{"x", codegen::InstantiateExpr(
                           module, "ag__.Undefined(name)",
                           {{"name", codegen::StrConstant(module, name->id,
                                                          name->origin)}},
                           name->origin)}},
                name->origin);
          }
          if (reads.NeedsThunk(*name)) {
            return codegen::InstantiateExpr(
                module,
                unbound.KindOf(*name) == analysis::UnboundRead::kComprehension
                    ? "ag__.ld_comp(ag__.ldu(lambda: x, name))"
                    : "ag__.ld(ag__.ldu(lambda: x, name))",
                {{"x", name},
                 {"name",
                  codegen::StrConstant(module, name->id, name->origin)}},
                name->origin);
          }
          return codegen::InstantiateExpr(module, load, {{"x", name}},
                                          name->origin);
        });
    return changed ? pass::Changed::kYes : pass::Changed::kNo;
  }
};

}  // namespace

std::unique_ptr<pass::Pass> Create() {
  return std::make_unique<VariablesPass>();
}

analysis::AnalysisSet Analyses() {
  return {analysis::Original<analysis::UnboundReads>()};
}

}  // namespace agc::passes::variables
