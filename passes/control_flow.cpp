// control_flow: `if`, `while` and `for` inside converted functions become
// calls of the runtime's control-flow operators, with their bodies in nested
// functions and the symbols they carry passed through get_state/set_state:
//
//   if x > 0:                      def get_state():
//       y = x                          return (y,)
//   else:                          def set_state(vars_):
//       y = -x                         nonlocal y
//                                      (y,) = vars_
//                            ->    def if_body():
//                                      nonlocal y
//                                      y = x
//                                  def else_body():
//                                      nonlocal y
//                                      y = -x
//                                  ag__.if_stmt(x > 0, if_body, else_body,
//                                               get_state, set_state, ('y',),
//                                               1)
//
//   while test: body   ->  ag__.while_stmt(loop_test, loop_body, get_state,
//                                          set_state, (...), {})
//   for t in it: body  ->  def loop_body(itr): t = itr; body
//                          ag__.for_stmt(it, None, loop_body, get_state,
//                                        set_state, (...), {'iterate_names':
//                                        't'})
//
// Which symbols are state (as AutoGraph decides): those the statement
// modifies that are live into it or out of it (or are the function's
// nonlocals/globals, or locals a nested function or lambda shares), and
// composite symbols (`self.x`, `d['k']`) it modifies whose base is live into
// it. Names the function neither binds nor declares are not state: a
// nested function changes them through its own `global`/`nonlocal`, which
// reaches them from inside a helper too. For an `if`, the outputs (live
// after it) come first and `nouts` counts them. Plain names are declared
// `nonlocal` (or `global`) in the helpers; composites are read with `ag__.ldu`,
// and so are names that may be unbound when the statement starts or that it
// deletes.
//
// Bindings: a helper's `nonlocal x` needs a binding of `x` in an enclosing
// function. When a converted function's own level does not bind such an `x`
// before the statement that uses it (every binding moved into helpers, or
// comes later), `x = ag__.Undefined('x')` starts the function body; reading
// it before a real assignment still raises Python's UnboundLocalError
// (the variables pass reads it through `ag__.ld`). `global`/`nonlocal`
// statements nested in converted statements move to the top of the function
// body, where Python applies them anyway.
//
// A function that takes snapshots of its locals (`locals()`, rewritten by
// the functions pass: see locals_calls.h) keeps every local a snapshot may
// see in its own frame, not in a helper's: a statement that a snapshot may
// follow (later in the source, or in the same loop) has every listed local
// it modifies as an output, as for a closure's; a statement that holds one
// has them as state.
//
// The functional form (--control-flow functional, PassOptions::control_flow):
// the same state, but each body takes it as parameters and returns it, and
// the statement's own level assigns what the operator returns:
//
//   def if_body(y):  y = x; return (y,)
//   def else_body(y):  y = -x; return (y,)
//   y, = ag__.if_stmt_fn(x > 0, if_body, else_body, (y,), ('y',), 1)
//
// (while_stmt_fn(loop_test, loop_body, state, names, opts), for_stmt_fn(it,
// extra_test or None, loop_body, state, names, opts) with loop_body(itr,
// *state)). No body assigns a variable of the function, which PyTorch's
// higher-order ops require. `if not c:` passes `c` and the bodies the other
// way round (`if_stmt_fn(c, else_body, if_body, ...)`): staged, it needs no
// negation. A loop's opts list the variables it uses only by value
// ('operand_only', see OperandOnly). A statement keeps the nonlocal form, with
// an AGC108 note, where its own copies of the variables would not behave as
// Python's (NonlocalReason): composite or declared state, state a closure or
// generator shares, a while test that binds state, a try/with around it that
// may catch an exception raised midway, snapshots of locals().
//
// A loop's `else` (the function has no `break` left: the functions pass
// guarantees it) runs after the loop. Control flow directly in a class body
// stays as written; methods are converted functions of their own.
//
// Attaches: nothing. Requires: functions; analyses qual_names, activity,
// liveness, reaching_definitions of the original program. The passes before
// this one only wrap bodies and calls, so the original facts of each if,
// while and for (by NodeId) still describe it, and the analyses are computed
// once per file.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/liveness.h"
#include "lib/analysis/manager.h"
#include "lib/analysis/qual_names.h"
#include "lib/analysis/reaching_definitions.h"
#include "lib/analysis/subtree.h"
#include "lib/ast/ast.h"
#include "lib/codegen/namer.h"
#include "lib/codegen/printer.h"
#include "lib/codegen/template.h"
#include "lib/pass/pass.h"
#include "passes/converted_code.h"
#include "passes/locals_calls.h"

namespace agc::passes::control_flow {
namespace {

using analysis::SymbolId;
using analysis::SymbolSet;

// Names a walk collects, then looks up or lists (in no order that shows in
// the output). Collected into a vector, sorted and made unique at the first
// lookup after an insert: cheaper than a hash set for the few names of a
// helper, which are inserted once and looked up a few times.
class NameSet {
 public:
  void insert(std::string_view name) {
    names_.push_back(name);
    sorted_ = false;
  }

  bool contains(std::string_view name) const {
    Sort();
    return std::binary_search(names_.begin(), names_.end(), name);
  }

  std::vector<std::string_view>::const_iterator begin() const {
    Sort();
    return names_.begin();
  }

  std::vector<std::string_view>::const_iterator end() const {
    Sort();
    return names_.end();
  }

  void clear() {
    names_.clear();
    sorted_ = true;
  }

 private:
  void Sort() const {
    if (!sorted_) {
      std::sort(names_.begin(), names_.end());
      names_.erase(std::unique(names_.begin(), names_.end()), names_.end());
      sorted_ = true;
    }
  }

  mutable std::vector<std::string_view> names_;
  mutable bool sorted_ = true;
};

bool IsConvertible(const ast::Stmt& stmt) {
  return stmt.Is<ast::If>() || stmt.Is<ast::While>() || stmt.Is<ast::For>();
}

// Where a node is in the blocks of a statement: the block's number, the
// index of the block's top-level statement it is in, and whether it is that
// statement.
struct BlockPosition {
  int block = 0;
  int index = 0;
  bool top = false;
};

using BlockPositions = std::unordered_map<ast::NodeId, BlockPosition>;

void MarkPositions(ast::Node& node, BlockPosition at, BlockPositions& out) {
  out.emplace(node.node_id, at);
  at.top = false;
  ast::ForEachChild(node,
                    [&](ast::Node* child) { MarkPositions(*child, at, out); });
}

// The positions of every node in `stmt`'s blocks (see BlockPosition).
BlockPositions PositionsIn(ast::Stmt& stmt) {
  BlockPositions out;
  int number = 0;
  ForEachBlock(stmt, [&](std::vector<ast::Stmt*>& block) {
    for (size_t i = 0; i < block.size(); ++i) {
      MarkPositions(*block[i], {number, static_cast<int>(i), true}, out);
    }
    ++number;
  });
  return out;
}

// Whether `stmt` is or contains (in the same scope) a statement to convert.
bool HasConvertible(ast::Stmt& stmt) {
  if (IsConvertible(stmt)) {
    return true;
  }
  bool found = false;
  ForEachBlock(stmt, [&](std::vector<ast::Stmt*>& block) {
    for (ast::Stmt* s : block) {
      found = found || HasConvertible(*s);
    }
  });
  return found;
}

// The names a statement binds at its own function level: assignment
// targets, imports, def/class names, with/except/match names. Nested
// functions, classes and lambdas are other scopes; comprehension targets too.
// Whether `node`'s children run in a scope of their own: a def, class,
// lambda or comprehension.
bool OpensScope(const ast::Node& node) {
  switch (node.kind) {
    case ast::Kind::kFunctionDef:
    case ast::Kind::kAsyncFunctionDef:
    case ast::Kind::kClassDef:
    case ast::Kind::kLambda:
    case ast::Kind::kListComp:
    case ast::Kind::kSetComp:
    case ast::Kind::kDictComp:
    case ast::Kind::kGeneratorExp:
      return true;
    default:
      return false;
  }
}

void CollectBindings(const ast::Node& node, NameSet& out) {
  if (std::string_view bound = ast::BoundName(node); !bound.empty()) {
    out.insert(bound);
  }
  if (node.Is<ast::Name>() || node.Is<ast::Alias>() || OpensScope(node)) {
    return;  // other scopes (the def or class name binds here)
  }
  ast::ForEachChild(
      node, [&](const ast::Node* child) { CollectBindings(*child, out); });
}

// The facts a function is converted with.
struct Facts {
  const analysis::QualNames* qn = nullptr;
  const analysis::Activity* activity = nullptr;
  const analysis::Liveness* liveness = nullptr;
  const analysis::ReachingDefinitions* rd = nullptr;
};

class FunctionConverter {
 public:
  // `snapshots`: the input calls something named `locals` or `vars`, so
  // functions may take snapshots of their locals (FindSnapshots).
  FunctionConverter(ast::Module& module,
                    pass::PassContext& ctx,
                    ast::FunctionDef& fn,
                    std::vector<ast::FunctionDef*>& nested,
                    const Facts& facts,
                    bool snapshots)
      : module_(module),
        ctx_(ctx),
        fn_(fn),
        nested_(nested),
        qn_(*facts.qn),
        activity_(*facts.activity),
        liveness_(*facts.liveness),
        rd_(*facts.rd),
        scope_(activity_.ScopeOf(fn)),
        may_snapshot_(snapshots) {}

  // Returns whether anything changed.
  bool Run() {
    std::vector<ast::Stmt*>* body = ScopeBody();
    if (body == nullptr) {
      return false;
    }
    bool convertible = false;
    for (ast::Stmt* stmt : *body) {
      convertible = convertible || HasConvertible(*stmt);
    }
    if (convertible) {
      // What only a conversion needs: a function without if/while/for (most
      // of them) is walked for its nested functions alone.
      FindConsumedGenerators(*body);
      Capture(scope_);
      if (may_snapshot_) {
        FindSnapshots(*body);
      }
      namer_.emplace(fn_);
      HoistDeclarations(*body);
      ExplicitSuper(*body);
    }
    for (size_t i = 0; i < body->size(); ++i) {
      top_index_ = i;
      std::vector<ast::Stmt*> one = {(*body)[i]};
      Block(one);
      replaced_.push_back(std::move(one));
    }
    if (!changed_) {
      return false;
    }
    ComputeInits();
    SimplifyStateReads();
    std::vector<ast::Stmt*> out;
    out.insert(out.end(), hoisted_.begin(), hoisted_.end());
    for (ast::Stmt* init : Inits()) {
      out.push_back(init);
    }
    for (auto& stmts : replaced_) {
      out.insert(out.end(), stmts.begin(), stmts.end());
    }
    *body = std::move(out);
    return true;
  }

 private:
  // The statements inside `with ag__.FunctionScope(...) as fscope:`.
  std::vector<ast::Stmt*>* ScopeBody() {
    for (ast::Stmt* stmt : fn_.body) {
      if (auto* with = stmt->As<ast::With>()) {
        if (with->items.size() == 1 &&
            IsRuntimeCall(*with->items[0]->context_expr, "FunctionScope")) {
          return &with->body;
        }
        return nullptr;
      }
    }
    return nullptr;
  }

  // Zero-argument `super()` finds its class and instance in the frame of the
  // method that calls it; moved into a helper function it would fail
  // ("super(): no arguments"). In a method with a positional parameter,
  // `super()` means `super(__class__, <that parameter's current value>)`,
  // which works from any nested function.
  void ExplicitSuper(std::vector<ast::Stmt*>& body) {
    if (activity_.EnclosingScope(fn_).kind != analysis::ScopeKind::kClass) {
      return;
    }
    const ast::Arg* first = ast::FirstPositional(*fn_.args);
    if (first == nullptr) {
      return;
    }
    auto visit = [&](auto& self, ast::Node& node) -> void {
      if (node.Is<ast::FunctionDef>() || node.Is<ast::AsyncFunctionDef>() ||
          node.Is<ast::ClassDef>() || node.Is<ast::Lambda>() ||
          node.Is<ast::ListComp>() || node.Is<ast::SetComp>() ||
          node.Is<ast::DictComp>() || node.Is<ast::GeneratorExp>()) {
        return;  // other scopes: super() there behaves as it always did
      }
      if (auto* call = node.As<ast::Call>()) {
        const auto* name = call->func->As<ast::Name>();
        if (name != nullptr && name->id == "super" && call->args.empty() &&
            call->keywords.empty()) {
          call->args = {
              codegen::InstantiateExpr(module_, "__class__", {}, call->origin),
              codegen::InstantiateExpr(module_, "self",
                                       {{"self", codegen::Name(first->arg)}},
                                       call->origin)};
        }
      }
      ast::ForEachChild(node, [&](ast::Node* child) { self(self, *child); });
    };
    for (ast::Stmt* stmt : body) {
      visit(visit, *stmt);
    }
  }

  // Moves `global`/`nonlocal` statements that sit inside compound statements
  // of the function's own scope to the top of its body.
  void HoistDeclarations(std::vector<ast::Stmt*>& body) {
    for (ast::Stmt* stmt : body) {
      ForEachBlock(*stmt,
                   [&](std::vector<ast::Stmt*>& block) { HoistFrom(block); });
    }
  }

  void HoistFrom(std::vector<ast::Stmt*>& block) {
    bool removed = false;
    for (size_t i = 0; i < block.size();) {
      if (block[i]->Is<ast::Global>() || block[i]->Is<ast::Nonlocal>()) {
        hoisted_.push_back(block[i]);
        block.erase(block.begin() + i);
        removed = true;
        continue;
      }
      ForEachBlock(*block[i],
                   [&](std::vector<ast::Stmt*>& inner) { HoistFrom(inner); });
      ++i;
    }
    if (removed && block.empty()) {
      block.push_back(module_.New<ast::Pass>(fn_.origin));
    }
  }

  // Converts the statements of a block (inner statements first).
  void Block(std::vector<ast::Stmt*>& block) {
    std::vector<ast::Stmt*> out;
    out.reserve(block.size());
    for (ast::Stmt* stmt : block) {
      if (auto* fn = stmt->As<ast::FunctionDef>()) {
        if ((fn->flags & ast::kFlagConverted) != 0) {
          nested_.push_back(fn);
        }
        out.push_back(stmt);
        continue;
      }
      if (auto* cls = stmt->As<ast::ClassDef>()) {
        CollectMethods(*cls);
        out.push_back(stmt);
        continue;
      }
      std::vector<SymbolId> extra = ExtraTestReads(*stmt);
      extra_reads_.insert(extra_reads_.end(), extra.begin(), extra.end());
      // The state is decided before the statement's inner ones convert
      // (the facts are the same then): a functional statement's inner
      // statements read its parameters. catching_depth_ counts the try/with
      // statements around `stmt` here, as NonlocalReason needs.
      std::optional<State> state;
      bool functional = false;
      if (IsConvertible(*stmt)) {
        state = StateOf(*stmt);
        functional = Functional() && NonlocalReason(*stmt, *state).empty();
        if (functional && !stmt->Is<ast::If>()) {
          state->operand_only = OperandOnly(*stmt, *state);
        }
        functional_params_.push_back(functional ? &state->symbols : nullptr);
        enclosing_state_.push_back(&state->symbols);
        enclosing_blocks_.push_back(PositionsIn(*stmt));
      }
      const bool snapshot_loop =
          (stmt->Is<ast::While>() || stmt->Is<ast::For>()) &&
          HoldsSnapshot(*stmt);
      snapshot_loops_ += snapshot_loop ? 1 : 0;
      const int depth = IsConvertible(*stmt) ? 1 : 0;
      const int catches = Catches(*stmt) ? 1 : 0;
      helper_depth_ += depth;
      catching_depth_ += catches;
      ForEachBlock(*stmt,
                   [&](std::vector<ast::Stmt*>& inner) { Block(inner); });
      catching_depth_ -= catches;
      helper_depth_ -= depth;
      snapshot_loops_ -= snapshot_loop ? 1 : 0;
      if (IsConvertible(*stmt)) {
        functional_params_.pop_back();
        enclosing_state_.pop_back();
        enclosing_blocks_.pop_back();
        Convert(*stmt, *state, out);
      } else {
        out.push_back(stmt);
      }
      extra_reads_.resize(extra_reads_.size() - extra.size());
    }
    block = std::move(out);
  }

  void CollectMethods(ast::ClassDef& cls) {
    for (ast::Stmt* stmt : cls.body) {
      if (auto* fn = stmt->As<ast::FunctionDef>()) {
        if ((fn->flags & ast::kFlagConverted) != 0) {
          nested_.push_back(fn);
        }
      } else if (auto* inner = stmt->As<ast::ClassDef>()) {
        CollectMethods(*inner);
      } else {
        ForEachBlock(*stmt, [&](std::vector<ast::Stmt*>& block) {
          for (ast::Stmt* s : block) {
            if (auto* f = s->As<ast::FunctionDef>();
                f != nullptr && (f->flags & ast::kFlagConverted) != 0) {
              nested_.push_back(f);
            }
          }
        });
      }
    }
  }

  // ---- State ---------------------------------------------------------------

  // Locals of the function that nested functions, lambdas or classes read or
  // assign (through `nonlocal`): they share the function's variable, so a
  // statement that modifies one must carry it even where liveness alone
  // would keep it local to a helper (a closure may read or write it at any
  // time). Comprehensions run in place and do not count themselves.
  void Capture(const analysis::Scope& scope) {
    for (const analysis::Scope* child : scope.children) {
      if (child->kind != analysis::ScopeKind::kComprehension) {
        for (SymbolId id : child->nonlocals) {
          if (scope_.bound.Contains(id)) {
            captured_.Insert(id);
          }
        }
        for (SymbolId id : child->read) {
          if (!child->bound.Contains(id) && scope_.bound.Contains(id) &&
              !analysis::ResolvesToTypeParam(*child, id, scope_)) {
            captured_.Insert(id);
          }
        }
      } else if (child->node != nullptr &&
                 child->node->Is<ast::GeneratorExp>()) {
        // A generator runs when it is consumed, maybe after the statement
        // that made it (after the iteration or the loop): it must see the
        // variable, as a closure does, unless it is consumed where it is
        // made (ConsumedInPlace). The functional form falls back for any
        // (NonlocalReason).
        const bool escapes = !ConsumedInPlace(*child->node);
        for (SymbolId id : child->read) {
          if (!child->bound.Contains(id) && scope_.bound.Contains(id)) {
            generator_reads_.Insert(id);
            if (escapes) {
              captured_.Insert(id);
            }
          }
        }
      }
      Capture(*child);
    }
  }

  // Generator expressions that run out before the expression holding them
  // is done, so that nothing can consume them later: the sole argument of a
  // builtin that exhausts its iterable or takes one item (`sum(g)`,
  // `any(g)`, `list(g)`, `next(g)`, ...; also as ag__.converted_call's
  // callee) or of a string literal's `join`, and the iterable of a
  // comprehension. The builtin's name must be free in the function (bound
  // nowhere up to the module).
  void FindConsumedGenerators(const std::vector<ast::Stmt*>& body) {
    static constexpr std::string_view kConsumers[] = {
        "sum",       "any",  "all", "list", "tuple",  "set",
        "frozenset", "dict", "min", "max",  "sorted", "next"};
    auto is_consumer = [&](const ast::Expr& func) {
      if (const auto* name = func.As<ast::Name>()) {
        if (std::find(std::begin(kConsumers), std::end(kConsumers), name->id) ==
            std::end(kConsumers)) {
          return false;
        }
        const SymbolId id = qn_.Find(name->id);
        return id != analysis::kNoSymbol && scope_.free.Contains(id);
      }
      const auto* attr = func.As<ast::Attribute>();
      const auto* text =
          attr == nullptr ? nullptr : attr->value->As<ast::Constant>();
      return text != nullptr && attr->attr == "join" &&
             text->value_kind == ast::ConstantKind::kStr;
    };
    auto note = [&](const ast::Expr* arg) {
      if (arg != nullptr && arg->Is<ast::GeneratorExp>()) {
        consumed_generators_.insert(arg);
      }
    };
    auto visit = [&](auto& self, const ast::Node& node) -> void {
      if (const auto* call = node.As<ast::Call>()) {
        if (call->keywords.empty() && call->args.size() == 1 &&
            is_consumer(*call->func)) {
          note(call->args[0]);
        } else if (IsRuntimeCall(*call, "converted_call") &&
                   call->args.size() >= 3 && is_consumer(*call->args[0])) {
          const auto* args = call->args[1]->As<ast::Tuple>();
          const auto* none = call->args[2]->As<ast::Constant>();
          if (args != nullptr && args->elts.size() == 1 && none != nullptr &&
              none->value_kind == ast::ConstantKind::kNone) {
            note(args->elts[0]);
          }
        }
      } else if (const auto* comp = node.As<ast::Comprehension>()) {
        note(comp->iter);
      }
      ast::ForEachChild(node,
                        [&](const ast::Node* child) { self(self, *child); });
    };
    for (const ast::Stmt* stmt : body) {
      visit(visit, *stmt);
    }
  }

  bool ConsumedInPlace(const ast::Node& generator) const {
    return consumed_generators_.count(&generator) != 0;
  }

  // Snapshots of locals() (`ag__.locals_(fscope, ('x', ...))`, see
  // locals_calls.h) read every listed local, which liveness does not see.
  // Records the listed names and, for each snapshot, where it starts and the
  // statements around it. Nested functions have snapshots of their own;
  // their decorators and defaults run here.
  void FindSnapshots(const std::vector<ast::Stmt*>& body) {
    const std::string_view scope = FunctionScopeName(fn_);
    std::vector<ast::NodeId> open;
    auto visit = [&](auto& self, const ast::Node& node) -> void {
      if (const auto* fn = node.As<ast::FunctionDef>()) {
        for (const ast::Expr* decorator : fn->decorator_list) {
          self(self, *decorator);
        }
        self(self, *fn->args);
        return;
      }
      const bool is_stmt = node.category() == ast::Category::kStmt;
      if (is_stmt) {
        open.push_back(node.node_id);
      }
      bool is_snapshot = false;
      std::vector<std::string_view> names =
          node.category() == ast::Category::kExpr
              ? SnapshotNames(static_cast<const ast::Expr&>(node), scope,
                              &is_snapshot)
              : std::vector<std::string_view>();
      if (is_snapshot) {
        for (std::string_view name : names) {
          if (SymbolId id = qn_.Find(name); id != analysis::kNoSymbol) {
            snapshot_names_.Insert(id);
          }
        }
        std::vector<ast::NodeId> holders = open;
        std::sort(holders.begin(), holders.end());
        snapshots_.push_back({node.origin, std::move(holders)});
      } else {
        ast::ForEachChild(node,
                          [&](const ast::Node* child) { self(self, *child); });
      }
      if (is_stmt) {
        open.pop_back();
      }
    };
    for (const ast::Stmt* stmt : body) {
      visit(visit, *stmt);
    }
  }

  struct Snapshot {
    ast::Origin origin;
    std::vector<ast::NodeId> holders;  // the statements around it, sorted
  };

  static bool Holds(const Snapshot& snapshot, const ast::Stmt& stmt) {
    return std::binary_search(snapshot.holders.begin(), snapshot.holders.end(),
                              stmt.node_id);
  }

  bool HoldsSnapshot(const ast::Stmt& stmt) const {
    for (const Snapshot& snapshot : snapshots_) {
      if (Holds(snapshot, stmt)) {
        return true;
      }
    }
    return false;
  }

  // Whether a snapshot may run after `stmt` has run: one starts after it in
  // the source (outside it), or it is a loop that holds one or sits in one
  // (the snapshot sees what an earlier iteration left).
  bool SnapshotMayFollow(const ast::Stmt& stmt) const {
    if (snapshot_loops_ > 0 ||
        ((stmt.Is<ast::While>() || stmt.Is<ast::For>()) &&
         HoldsSnapshot(stmt))) {
      return true;
    }
    for (const Snapshot& snapshot : snapshots_) {
      const ast::Origin& at = snapshot.origin;
      const bool later = at.line != stmt.origin.line
                             ? at.line > stmt.origin.line
                             : at.col >= stmt.origin.col;
      if (later && !Holds(snapshot, stmt)) {
        return true;
      }
    }
    return false;
  }

  // What the extra test of a for loop reads (`break_`): liveness does not
  // see those reads (the test is no part of the tree until the loop is
  // converted), so the loop and every statement inside it that modifies one
  // carries it (extra_reads_ holds those of the loops being converted).
  std::vector<SymbolId> ExtraTestReads(const ast::Stmt& stmt) const {
    std::vector<SymbolId> out;
    const auto* loop = stmt.As<ast::For>();
    const ast::Expr* extra =
        loop != nullptr ? module_.LoopExtraTest(*loop) : nullptr;
    if (extra != nullptr) {
      NameSet reads;
      CollectReads(*extra, reads);
      for (std::string_view name : reads) {
        if (SymbolId id = qn_.Find(name); id != analysis::kNoSymbol) {
          out.push_back(id);
        }
      }
    }
    return out;
  }

  struct State {
    std::vector<SymbolId> symbols;  // outputs first, then inputs only
    size_t nouts = 0;
    // A functional loop's variables it uses only by value (OperandOnly).
    std::vector<std::string_view> operand_only;
  };

  State StateOf(const ast::Stmt& stmt) {
    const analysis::NodeActivity* act = activity_.Of(stmt);
    AGC_CHECK(act != nullptr);
    const SymbolSet& live_in = liveness_.LiveIn(stmt);
    const SymbolSet& live_out = liveness_.LiveOut(stmt);
    std::vector<SymbolId> outputs;
    std::vector<SymbolId> inputs;
    // A `del` inside the statement changes the symbol too.
    for (SymbolId id : act->modified | act->deleted) {
      const analysis::Symbol& sym = qn_.Get(id);
      if (sym.is_composite()) {
        bool base_live = false;
        for (SymbolId s : sym.support) {
          base_live = base_live || live_in.Contains(s);
        }
        if (base_live) {
          outputs.push_back(id);
        }
        continue;
      }
      bool declared =
          scope_.globals.Contains(id) || scope_.nonlocals.Contains(id);
      if (!declared && !scope_.bound.Contains(id)) {
        // Not a variable of this function: a nested function changes it
        // through its own `global`/`nonlocal`, which reaches the same
        // variable from inside a helper (a helper's `nonlocal` of a global
        // would not compile).
        continue;
      }
      // What a while test binds (`while (x := f()):`) is shared by the test
      // and body functions.
      bool test_binds = stmt.Is<ast::While>() &&
                        activity_.HeaderOf(stmt).modified.Contains(id);
      // A snapshot that may run after the statement sees what it leaves
      // (an output, as for a live name); one that runs inside it sees the
      // helpers' frames on the stack, but the variable must be the
      // function's, not a helper's local (state, not an output).
      const bool snapshot = snapshot_names_.Contains(id);
      // A name the function deletes: `del x` reads x (it raises when x is
      // unbound), which liveness does not count, and a `del` in a helper
      // must reach the function's variable, not a local of the helper.
      if (declared || live_out.Contains(id) || captured_.Contains(id) ||
          scope_.deleted.Contains(id) ||
          std::find(extra_reads_.begin(), extra_reads_.end(), id) !=
              extra_reads_.end() ||
          test_binds || (snapshot && SnapshotMayFollow(stmt))) {
        outputs.push_back(id);
      } else if (live_in.Contains(id) || (snapshot && HoldsSnapshot(stmt)) ||
                 HeaderWalrusBinds(stmt, id)) {
        // What an if test or a for's iterable binds (`if (c := f()):`, `for
        // x in g(d := 3):`, evaluated here) is live at the body's entry
        // however the statement's own liveness reads: a body that reads and
        // rebinds it needs the function's variable.
        inputs.push_back(id);
      }
    }
    if (const ast::Module::StateHint* hint = module_.StateHintOf(stmt)) {
      ApplyHint(stmt, *hint, *act, outputs, inputs);
    }
    State state;
    state.nouts = outputs.size();
    state.symbols = std::move(outputs);
    state.symbols.insert(state.symbols.end(), inputs.begin(), inputs.end());
    return state;
  }

  // Whether the test of `if` or the iterable of `for` binds `id` (a walrus).
  bool HeaderWalrusBinds(const ast::Stmt& stmt, SymbolId id) const {
    if (stmt.Is<ast::If>()) {
      return activity_.HeaderOf(stmt).modified.Contains(id);
    }
    if (const auto* loop = stmt.As<ast::For>()) {
      // The header binds the target too (in loop_body, from the iterate).
      if (!activity_.HeaderOf(stmt).modified.Contains(id)) {
        return false;
      }
      NameSet target;
      CollectBindings(*loop->target, target);
      return !target.contains(qn_.Get(id).text);
    }
    return false;
  }

  // `# agc: loop-vars(x, -tmp, +z)`: names without a sign replace the
  // inferred state, `+` adds outputs, `-` removes. A name the statement
  // never reads or writes is reported and skipped.
  void ApplyHint(const ast::Stmt& stmt,
                 const ast::Module::StateHint& hint,
                 const analysis::NodeActivity& act,
                 std::vector<SymbolId>& outputs,
                 std::vector<SymbolId>& inputs) {
    std::string_view key = stmt.Is<ast::If>() ? "if-vars" : "loop-vars";
    std::string_view what = stmt.Is<ast::If>()      ? "if"
                            : stmt.Is<ast::While>() ? "while"
                                                    : "for";
    auto resolve = [&](std::string_view name) {
      SymbolId id = qn_.Find(name);
      const analysis::NodeActivity& header = activity_.HeaderOf(stmt);
      bool touched = id != analysis::kNoSymbol &&
                     (act.read.Contains(id) || act.modified.Contains(id) ||
                      act.deleted.Contains(id) || header.read.Contains(id) ||
                      header.modified.Contains(id));
      if (!touched) {
        ctx_.EmitAt(diag::DiagKind::kHintUnknownSymbol,
                    ast::Origin{hint.line, stmt.origin.col}, key, name, what);
        return analysis::kNoSymbol;
      }
      return id;
    };
    auto drop = [](std::vector<SymbolId>& list, SymbolId id) {
      list.erase(std::remove(list.begin(), list.end(), id), list.end());
    };
    auto add = [&](SymbolId id) {
      if (id != analysis::kNoSymbol &&
          std::find(outputs.begin(), outputs.end(), id) == outputs.end()) {
        drop(inputs, id);
        outputs.push_back(id);
      }
    };
    if (!hint.exact.empty() || (hint.add.empty() && hint.remove.empty())) {
      outputs.clear();
      inputs.clear();
      for (std::string_view name : hint.exact) {
        add(resolve(name));
      }
    }
    for (std::string_view name : hint.add) {
      add(resolve(name));
    }
    for (std::string_view name : hint.remove) {
      if (SymbolId id = resolve(name); id != analysis::kNoSymbol) {
        drop(outputs, id);
        drop(inputs, id);
      }
    }
  }

  // For each name a statement of the function's own level binds (what
  // helpers bind does not count), the first top-level statement that does.
  std::map<std::string_view, size_t> FirstBindings() const {
    std::map<std::string_view, size_t> first;
    NameSet bound;
    for (size_t i = 0; i < replaced_.size(); ++i) {
      for (ast::Stmt* stmt : replaced_[i]) {
        if (!IsHelperOrCall(*stmt)) {
          CollectBindings(*stmt, bound);
        }
      }
      for (std::string_view name : bound) {
        first.emplace(name, i);  // keeps the first
      }
      bound.clear();
    }
    return first;
  }

  // ---- Bindings for the helpers' references --------------------------------

  // What one generated helper binds and declares at its own level.
  struct Frame {
    NameSet bound;
    NameSet declared;  // nonlocal or global
  };

  // A plain local of the converted function that a helper refers to.
  bool IsFunctionLocal(std::string_view name) const {
    SymbolId id = qn_.Find(name);
    return id != analysis::kNoSymbol && scope_.bound.Contains(id) &&
           !scope_.params.Contains(id) && name != FunctionScopeName(fn_);
  }

  // Names a helper's own statements read (lambda and comprehension bodies
  // included; nested functions are frames or user scopes of their own).
  static void CollectReads(const ast::Node& node, NameSet& out) {
    if (const auto* name = node.As<ast::Name>()) {
      if (name->ctx == ast::ExprContext::kLoad) {
        out.insert(name->id);
      }
      return;
    }
    if (node.Is<ast::FunctionDef>() || node.Is<ast::AsyncFunctionDef>() ||
        node.Is<ast::ClassDef>()) {
      return;
    }
    ast::ForEachChild(
        node, [&](const ast::Node* child) { CollectReads(*child, out); });
  }

  // Finds, for each helper reference to a function local, whether some
  // enclosing helper binds it; those that reach the function's own level
  // need a binding there (needed_: name -> first top-level statement).
  void Resolve(const ast::Node& node, std::vector<Frame>& frames, size_t top) {
    const auto* fn = node.As<ast::FunctionDef>();
    if (fn != nullptr && generated_helpers_.count(fn) > 0) {
      Frame frame;
      for (const ast::Arg* arg : fn->args->args) {
        frame.bound.insert(arg->arg);
      }
      NameSet refs;
      for (const ast::Stmt* stmt : fn->body) {
        OwnLevel(*stmt, frame, refs);
      }
      for (std::string_view name : refs) {
        if (frame.bound.contains(name) && !frame.declared.contains(name)) {
          continue;  // local to this helper
        }
        if (!IsFunctionLocal(name)) {
          continue;
        }
        bool resolved = false;
        for (auto it = frames.rbegin(); it != frames.rend() && !resolved;
             ++it) {
          resolved = it->bound.contains(name) && !it->declared.contains(name);
        }
        if (!resolved) {
          needed_.emplace(name, top);  // keeps the first
        }
      }
      frames.push_back(std::move(frame));
      for (const ast::Stmt* stmt : fn->body) {
        Resolve(*stmt, frames, top);
      }
      frames.pop_back();
      return;
    }
    if (fn != nullptr || node.Is<ast::AsyncFunctionDef>() ||
        node.Is<ast::ClassDef>()) {
      return;  // a user scope: its references are the original program's
    }
    ast::ForEachChild(node, [&](const ast::Node* child) {
      if (child->category() == ast::Category::kStmt ||
          child->Is<ast::ExceptHandler>() || child->Is<ast::MatchCase>()) {
        Resolve(*child, frames, top);
      }
    });
  }

  // A helper's own-level statement: its bindings, declarations and the
  // names it refers to.
  void OwnLevel(const ast::Stmt& stmt, Frame& frame, NameSet& refs) {
    if (const auto* decl = stmt.As<ast::Nonlocal>()) {
      for (std::string_view n : decl->names) {
        frame.declared.insert(n);
        refs.insert(n);
      }
      return;
    }
    if (const auto* decl = stmt.As<ast::Global>()) {
      for (std::string_view n : decl->names) {
        frame.declared.insert(n);
      }
      return;
    }
    CollectBindings(stmt, frame.bound);
    if (stmt.Is<ast::FunctionDef>()) {
      // Decorators and defaults run here.
      const auto& fn = stmt.Cast<ast::FunctionDef>();
      for (const ast::Expr* d : fn.decorator_list) {
        CollectReads(*d, refs);
      }
      CollectReads(*fn.args, refs);
      return;
    }
    CollectReads(stmt, refs);
    ForEachBlock(const_cast<ast::Stmt&>(stmt),
                 [&](std::vector<ast::Stmt*>& block) {
                   for (const ast::Stmt* s : block) {
                     OwnLevel(*s, frame, refs);
                   }
                 });
  }

  // Which locals start as `ag__.Undefined`: those a helper refers to with no
  // binding at the function's own level before the statement that uses it.
  void ComputeInits() {
    for (size_t i = 0; i < replaced_.size(); ++i) {
      std::vector<Frame> frames;
      for (const ast::Stmt* stmt : replaced_[i]) {
        Resolve(*stmt, frames, i);
      }
    }
    if (needed_.empty()) {
      return;
    }
    const std::map<std::string_view, size_t> first_binding = FirstBindings();
    for (const auto& [name, first_use] : needed_) {
      auto it = first_binding.find(name);
      if (it == first_binding.end() || it->second >= first_use) {
        initialized_.insert(name);
      }
    }
  }

  // `x = ag__.Undefined('x')`, one per initialized local.
  std::vector<ast::Stmt*> Inits() {
    std::vector<ast::Stmt*> out;
    for (std::string_view name : initialized_) {
      auto stmts = codegen::Instantiate(
          module_, "x = ag__.Undefined(name)",
          {{"x", codegen::Name(name)},
           {"name", codegen::StrConstant(module_, name, fn_.origin)}},
          fn_.origin);
      out.insert(out.end(), stmts.begin(), stmts.end());
    }
    return out;
  }

  // A name that starts as Undefined is always bound: get_state can read it
  // directly instead of through ag__.ldu.
  void SimplifyStateReads() {
    for (const LduRead& read : ldu_reads_) {
      if (initialized_.count(read.name) > 0) {
        (*read.elts)[read.index] = read.plain;
      }
    }
  }

  bool IsHelperOrCall(const ast::Stmt& stmt) const {
    return generated_.count(&stmt) > 0;
  }

  // ---- Generated code ------------------------------------------------------

  std::string_view Helper(std::string_view base) {
    auto it = helper_names_.find(base);
    if (it != helper_names_.end()) {
      return it->second;
    }
    AGC_CHECK_MSG(namer_.has_value(), "a helper in a function not converted");
    std::string_view name = namer_->New(module_, base);
    helper_names_.emplace(base, name);
    return name;
  }

  // `nonlocal a, b` / `global g` for the plain state symbols.
  // `x: T = v` becomes `x = v` in a helper, and `x: T` becomes `pass`: a
  // name declared nonlocal cannot be annotated, and Python never evaluates
  // the annotation of a local name, so dropping it changes nothing.
  void StripAnnotations(std::vector<ast::Stmt*>& block) {
    for (ast::Stmt*& stmt : block) {
      auto* ann = stmt->As<ast::AnnAssign>();
      if (ann == nullptr) {
        ForEachBlock(*stmt, [&](std::vector<ast::Stmt*>& inner) {
          StripAnnotations(inner);
        });
        continue;
      }
      if (!ann->target->Is<ast::Name>()) {
        continue;  // `self.x: T = v` evaluates T: keep it
      }
      stmt = ann->value == nullptr
                 ? codegen::Instantiate(module_, "pass", {}, ann->origin)[0]
                 : codegen::Instantiate(
                       module_, "target = value",
                       {{"target", ann->target}, {"value", ann->value}},
                       ann->origin)[0];
    }
  }

  std::vector<ast::Stmt*> Declarations(const State& state, ast::Origin origin) {
    std::vector<std::string_view> nonlocals;
    std::vector<std::string_view> globals;
    for (SymbolId id : state.symbols) {
      const analysis::Symbol& sym = qn_.Get(id);
      if (sym.is_composite()) {
        continue;
      }
      (scope_.globals.Contains(id) ? globals : nonlocals).push_back(sym.text);
    }
    std::vector<ast::Stmt*> out;
    if (!globals.empty()) {
      auto* g = module_.New<ast::Global>(origin);
      for (std::string_view n : globals) {
        g->names.push_back(module_.Intern(n));
      }
      out.push_back(g);
    }
    if (!nonlocals.empty()) {
      auto* n = module_.New<ast::Nonlocal>(origin);
      for (std::string_view name : nonlocals) {
        n->names.push_back(module_.Intern(name));
      }
      out.push_back(n);
    }
    return out;
  }

  // An expression reading a state symbol (Store context when `store`).
  ast::Expr* SymbolExpr(SymbolId id, ast::Origin origin, bool store) {
    ast::Expr* expr = CompositeExpr(qn_.Get(id), origin);
    codegen::SetContext(
        *expr, store ? ast::ExprContext::kStore : ast::ExprContext::kLoad);
    return expr;
  }

  // `self.x`, `d['k']`, `a[i]` rebuilt from the symbol's structure.
  ast::Expr* CompositeExpr(const analysis::Symbol& sym, ast::Origin origin) {
    if (!sym.is_composite()) {
      auto* name = module_.New<ast::Name>(origin);
      name->id = module_.Intern(sym.text);
      return name;
    }
    const analysis::Symbol& parent = qn_.Get(sym.parent);
    ast::Expr* base = CompositeExpr(parent, origin);
    if (sym.kind == analysis::SymbolKind::kAttribute) {
      auto* attr = module_.New<ast::Attribute>(origin);
      attr->value = base;
      attr->attr = module_.Intern(
          std::string_view(sym.text).substr(parent.text.size() + 1));
      return attr;
    }
    // Subscript: the index text is what follows the parent, in brackets.
    std::string_view index = std::string_view(sym.text).substr(
        parent.text.size() + 1, sym.text.size() - parent.text.size() - 2);
    auto* sub = module_.New<ast::Subscript>(origin);
    sub->value = base;
    sub->slice = codegen::InstantiateExpr(module_, index, {}, origin);
    return sub;
  }

  // get_state's tuple entry for a symbol: the symbol, or ag__.ldu(...) when
  // it may be unbound or is composite. `helper_local`: the functional
  // form's read, which may be inside a helper that binds the name itself
  // (HelperMayNotBind), or of a name no binding reaches: then
  // ag__.Undefined(...), no read at all.
  ast::Expr* StateRead(const ast::Stmt& stmt,
                       SymbolId id,
                       ast::Origin origin,
                       bool helper_local = false) {
    const analysis::Symbol& sym = qn_.Get(id);
    const bool plain = !sym.is_composite() && !deleted_.Contains(id);
    if (plain && helper_local && helper_depth_ > 0 &&
        rd_.MayBeUndefined(stmt, id) && rd_.Reaching(stmt, id).empty() &&
        !IsEnclosingParam(id)) {
      // No binding reaches it: nothing to read (a closure over the
      // helper's unset variable is also what Dynamo cannot trace).
      return codegen::InstantiateExpr(
          module_, "ag__.Undefined(name)",
          {{"name", codegen::StrConstant(module_, sym.text, origin)}}, origin);
    }
    const bool helper_may_not_bind =
        plain && helper_local && HelperMayNotBind(stmt, id);
    if (helper_may_not_bind && !IsEnclosingParam(id) &&
        HelperNeverBinds(stmt, id)) {
      // Unbound in the helper's frame whatever the function did: no
      // binding of this run of the helper comes before `stmt`.
      return codegen::InstantiateExpr(
          module_, "ag__.Undefined(name)",
          {{"name", codegen::StrConstant(module_, sym.text, origin)}}, origin);
    }
    if (plain && !rd_.MayBeUndefined(stmt, id) && !helper_may_not_bind) {
      return SymbolExpr(id, origin, false);
    }
    return codegen::InstantiateExpr(
        module_, "ag__.ldu(lambda: x, name)",
        {{"x", SymbolExpr(id, origin, false)},
         {"name", codegen::StrConstant(module_, sym.text, origin)}},
        origin);
  }

  // Whether `id`, state of `stmt` in a helper of the functional form, may
  // be unbound in that helper although the function has bound it: the
  // helper assigns it (the statement's call does) without taking it in
  // (it is not state of the enclosing statement), so the function's value
  // is not the helper's. Then it is not live into `stmt` either (it would
  // be live into the enclosing statement, and so its state), and only its
  // binding matters: read through ag__.ldu.
  //
  //   if c:                def else_body(r):      # `a` not state here
  //       return 1             if d: a = 1 ...
  //   if d: a = 1              a, = if_stmt_fn(d, ..., (a,), ...)
  //   else: a = 2          ->  `(a,)` would raise UnboundLocalError
  bool HelperMayNotBind(const ast::Stmt& stmt, SymbolId id) const {
    if (helper_depth_ == 0 || enclosing_state_.empty()) {
      return false;
    }
    const std::vector<SymbolId>& outer = *enclosing_state_.back();
    return std::find(outer.begin(), outer.end(), id) == outer.end() &&
           !liveness_.LiveIn(stmt).Contains(id);
  }

  // Whether no binding of `id` in the innermost helper around `stmt` comes
  // before `stmt` in one run of it (HelperMayNotBind's case): a binding
  // there reaches `stmt` only from the helper's own earlier statements;
  // those after it, or inside `stmt` itself, reach it through a loop's back
  // edge, from an earlier run whose frame is gone; those outside the helper
  // are the function's (or another helper's) variable, not this one.
  //
  //   while i < n:            def loop_body(x, i):
  //       if c: y = x             y, = if_stmt_fn(c, ...,
  //       (ag__.Undefined('y'),), ...) else: y = -x    ->      x = y + 1 x = y
  //       + 1
  //
  // (A closure over the helper's unset `y`, ag__.ldu(lambda: y, 'y'), is
  // what Dynamo cannot trace: "Read uninitialized cell".)
  bool HelperNeverBinds(const ast::Stmt& stmt, SymbolId id) const {
    if (enclosing_blocks_.empty()) {
      return false;
    }
    const BlockPositions& positions = enclosing_blocks_.back();
    auto at = positions.find(stmt.node_id);
    if (at == positions.end()) {
      return false;
    }
    for (const analysis::Definition* def : rd_.Reaching(stmt, id)) {
      if (def->node == nullptr) {
        return false;
      }
      auto where = positions.find(def->node->node_id);
      if (where == positions.end() || where->second.block != at->second.block ||
          where->second.index > at->second.index ||
          (where->second.index == at->second.index && at->second.top &&
           def->node != &stmt)) {  // (a binding of stmt's header: a walrus)
        continue;
      }
      return false;
    }
    return true;
  }

  // get_state and set_state for `state`.
  std::vector<ast::Stmt*> StateFunctions(const ast::Stmt& stmt,
                                         const State& state,
                                         ast::Origin origin) {
    std::vector<ast::Expr*> reads;
    std::vector<ast::Expr*> writes;
    for (SymbolId id : state.symbols) {
      reads.push_back(StateRead(stmt, id, origin));
      writes.push_back(SymbolExpr(id, origin, true));
    }
    std::vector<ast::Stmt*> out = codegen::Instantiate(
        module_, R"(
            def get_state():
                return (reads,)
        )",
        {{"get_state", codegen::Name(Helper("get_state"))}, {"reads", reads}},
        origin);
    // Plain names read through ag__.ldu only because they may be unbound:
    // plain reads if they start as Undefined (decided once the whole
    // function is converted).
    auto& tuple = out[0]
                      ->Cast<ast::FunctionDef>()
                      .body[0]
                      ->Cast<ast::Return>()
                      .value->Cast<ast::Tuple>();
    for (size_t i = 0; i < state.symbols.size(); ++i) {
      SymbolId id = state.symbols[i];
      const analysis::Symbol& sym = qn_.Get(id);
      if (!sym.is_composite() && !deleted_.Contains(id) &&
          tuple.elts[i]->Is<ast::Call>()) {
        ldu_reads_.push_back(
            {sym.text, &tuple.elts, i, SymbolExpr(id, origin, false)});
      }
    }
    std::vector<ast::Stmt*> set_body = Declarations(state, origin);
    if (!state.symbols.empty()) {
      auto assign = codegen::Instantiate(
          module_, "(writes,) = vars_",
          {{"writes", writes}, {"vars_", codegen::Name(Helper("vars_"))}},
          origin);
      set_body.insert(set_body.end(), assign.begin(), assign.end());
    }
    auto set_state =
        codegen::Instantiate(module_, R"(
            def set_state(vars_):
                body
        )",
                             {{"set_state", codegen::Name(Helper("set_state"))},
                              {"vars_", codegen::Name(Helper("vars_"))},
                              {"body", set_body}},
                             origin);
    out.insert(out.end(), set_state.begin(), set_state.end());
    return out;
  }

  // def <name>(<params>): declarations; body   (no declarations for `pass`)
  std::vector<ast::Stmt*> BodyFunction(std::string_view name,
                                       std::vector<ast::Stmt*> prologue,
                                       const std::vector<ast::Stmt*>& body,
                                       const State& state,
                                       ast::Origin origin,
                                       std::string_view param = {}) {
    std::vector<ast::Stmt*> stmts;
    bool trivial =
        prologue.empty() &&
        (body.empty() || (body.size() == 1 && body[0]->Is<ast::Pass>()));
    if (!trivial) {
      stmts = Declarations(state, origin);
    }
    stmts.insert(stmts.end(), prologue.begin(), prologue.end());
    if (prologue.empty() || body.size() != 1 || !body[0]->Is<ast::Pass>()) {
      stmts.insert(stmts.end(), body.begin(), body.end());
    }
    StripAnnotations(stmts);
    if (param.empty()) {
      return codegen::Instantiate(
          module_, "def name():\n    body\n",
          {{"name", codegen::Name(name)}, {"body", stmts}}, origin);
    }
    return codegen::Instantiate(module_, "def name(param):\n    body\n",
                                {{"name", codegen::Name(name)},
                                 {"param", codegen::Name(param)},
                                 {"body", stmts}},
                                origin);
  }

  // The loop's opts dict: `{'iterate_names': 'i'}` for a for loop,
  // `'operand_only': ('x', 'i')` for the functional form's variables it
  // uses only by value (OperandOnly), then the set_loop_options arguments
  // the directives pass took out of its body.
  ast::Expr* LoopOpts(const ast::Stmt& loop,
                      const State& state,
                      ast::Expr* iterate_names,
                      ast::Origin origin) {
    std::string text = "{";
    codegen::TemplateArgs args;
    if (iterate_names != nullptr) {
      text += "'iterate_names': iterate_names";
      args.push_back({"iterate_names", iterate_names});
    }
    if (!state.operand_only.empty()) {
      std::vector<ast::Expr*> names;
      names.reserve(state.operand_only.size());
      for (std::string_view name : state.operand_only) {
        names.push_back(codegen::StrConstant(module_, name, origin));
      }
      text += text.size() > 1 ? ", " : "";
      text += "'operand_only': (operand_only,)";
      args.push_back({"operand_only", names});
    }
    std::vector<std::string> holders;
    if (const ast::Module::LoopOptionList* options =
            module_.LoopOptions(loop)) {
      holders.reserve(options->size());  // the args keep views of them
      for (const auto& [name, value] : *options) {
        holders.push_back("option_" + std::to_string(holders.size()));
        // `name` is one of set_loop_options' parameter names.
        text += (text.size() > 1 ? ", '" : "'") + std::string(name) +
                "': " + holders.back();
        args.push_back({holders.back(), value});
      }
    }
    text += "}";
    return codegen::InstantiateExpr(module_, text, args, origin);
  }

  std::vector<ast::Expr*> SymbolNames(const State& state, ast::Origin origin) {
    std::vector<ast::Expr*> out;
    for (SymbolId id : state.symbols) {
      out.push_back(codegen::StrConstant(module_, qn_.Get(id).text, origin));
    }
    return out;
  }

  void Emit(std::vector<ast::Stmt*>& out, std::vector<ast::Stmt*> stmts) {
    for (ast::Stmt* s : stmts) {
      generated_.insert(s);
      if (auto* fn = s->As<ast::FunctionDef>()) {
        fn->flags |= ast::kFlagHelper;
        generated_helpers_.insert(fn);
      }
      out.push_back(s);
    }
  }

  bool Functional() const {
    return ctx_.options().control_flow == pass::ControlFlowForm::kFunctional;
  }

  void Convert(ast::Stmt& stmt,
               const State& state,
               std::vector<ast::Stmt*>& out) {
    changed_ = true;
    deleted_ = activity_.Of(stmt)->deleted;
    const ast::Origin origin = stmt.origin;
    ast::Expr* kept_reason = nullptr;
    if (Functional()) {
      std::string reason = NonlocalReason(stmt, state);
      if (reason.empty()) {
        ConvertFunctional(stmt, state, out);
        return;
      }
      ctx_.Emit(diag::DiagKind::kNonlocalFormKept, stmt, Keyword(stmt), reason);
      // The runtime names the reason where PyTorch would stage the
      // statement (torch.cond and while_loop refuse the nonlocal form).
      kept_reason = codegen::StrConstant(module_, reason, origin);
    }
    // `, nonlocal_reason=reason)` closing a call template, and its binding.
    auto close = [&](std::string_view text, codegen::TemplateArgs args) {
      std::string full(text);
      if (kept_reason != nullptr) {
        full += ", nonlocal_reason=reason_text";
        args.push_back({"reason_text", kept_reason});
      }
      return codegen::Instantiate(module_, full + ")\n", args, origin);
    };
    Emit(out, StateFunctions(stmt, state, origin));
    if (auto* s = stmt.As<ast::If>()) {
      Emit(out, BodyFunction(Helper("if_body"), {}, s->body, state, origin));
      Emit(out,
           BodyFunction(Helper("else_body"), {}, s->orelse, state, origin));
      Emit(out, close("ag__.if_stmt(test, if_body, else_body, get_state, "
                      "set_state, (names,), nouts",
                      {{"test", s->test},
                       {"if_body", codegen::Name(Helper("if_body"))},
                       {"else_body", codegen::Name(Helper("else_body"))},
                       {"get_state", codegen::Name(Helper("get_state"))},
                       {"set_state", codegen::Name(Helper("set_state"))},
                       {"names", SymbolNames(state, origin)},
                       {"nouts", codegen::IntConstant(
                                     module_, static_cast<int64_t>(state.nouts),
                                     origin)}}));
      return;
    }
    if (auto* s = stmt.As<ast::While>()) {
      // The test runs in its own function; a walrus in it binds state.
      std::vector<ast::Stmt*> test_body = codegen::Instantiate(
          module_, "return test\n", {{"test", s->test}}, origin);
      const analysis::NodeActivity& header = activity_.HeaderOf(stmt);
      std::vector<ast::Stmt*> test_fn;
      if (header.modified.empty()) {
        test_fn = codegen::Instantiate(
            module_, "def loop_test():\n    body\n",
            {{"loop_test", codegen::Name(Helper("loop_test"))},
             {"body", test_body}},
            origin);
      } else {
        test_fn =
            BodyFunction(Helper("loop_test"), {}, test_body, state, origin);
      }
      Emit(out, test_fn);
      Emit(out, BodyFunction(Helper("loop_body"), {}, s->body, state, origin));
      Emit(out, close("ag__.while_stmt(loop_test, loop_body, get_state, "
                      "set_state, (names,), opts",
                      {{"opts", LoopOpts(stmt, state, nullptr, origin)},
                       {"loop_test", codegen::Name(Helper("loop_test"))},
                       {"loop_body", codegen::Name(Helper("loop_body"))},
                       {"get_state", codegen::Name(Helper("get_state"))},
                       {"set_state", codegen::Name(Helper("set_state"))},
                       {"names", SymbolNames(state, origin)}}));
      out.insert(out.end(), s->orelse.begin(), s->orelse.end());
      return;
    }
    auto& s = stmt.Cast<ast::For>();
    std::string target_text = codegen::PrintNode(module_, *s.target);
    std::string_view itr = Helper("itr");
    std::vector<ast::Stmt*> prologue = codegen::Instantiate(
        module_, "target = itr\n",
        {{"target", s.target}, {"itr", codegen::Name(itr)}}, origin);
    Emit(out, BodyFunction(Helper("loop_body"), prologue, s.body, state, origin,
                           itr));
    ast::Expr* extra_test =
        codegen::InstantiateExpr(module_, "None", {}, origin);
    if (ast::Expr* extra = module_.LoopExtraTest(s)) {
      extra_test = codegen::InstantiateExpr(module_, "lambda: extra",
                                            {{"extra", extra}}, extra->origin);
    }
    Emit(
        out,
        close(
            "ag__.for_stmt(iter_, extra_test, loop_body, get_state, set_state, "
            "(names,), opts",
            {{"opts",
              LoopOpts(stmt, state,
                       codegen::StrConstant(module_, target_text, origin),
                       origin)},
             {"iter_", s.iter},
             {"extra_test", extra_test},
             {"loop_body", codegen::Name(Helper("loop_body"))},
             {"get_state", codegen::Name(Helper("get_state"))},
             {"set_state", codegen::Name(Helper("set_state"))},
             {"names", SymbolNames(state, origin)}}));
    out.insert(out.end(), s.orelse.begin(), s.orelse.end());
  }

  // ---- The functional form (--control-flow functional) ----------------

  // A statement that may catch an exception raised inside it (a `with`'s
  // context manager may swallow one).
  static bool Catches(const ast::Stmt& stmt) {
    return stmt.Is<ast::Try>() || stmt.Is<ast::TryStar>() ||
           stmt.Is<ast::With>() || stmt.Is<ast::AsyncWith>();
  }

  static std::string_view Keyword(const ast::Stmt& stmt) {
    return stmt.Is<ast::If>() ? "if" : stmt.Is<ast::While>() ? "while" : "for";
  }

  // The variables of a functional loop (its state, and a `for`'s target
  // name) that it uses only by value: it rebinds them, and reads them only
  // as operands of arithmetic, comparisons and unary operators other than
  // `+`, or as tests (maybe through `and`, `or` and `if`-`else` whose value
  // is used so in turn). It never updates one in place (`x += 1`), passes
  // one to a call, stores one in another name or a container, takes an
  // attribute or item of one, or lets a nested scope see one; so no object
  // the loop holds in such a variable is ever changed in place. Python
  // numbers a runtime carries as tensors (torch) need no copy for the body
  // then: the loop's opts list these names as 'operand_only'. Read before
  // the loop's inner statements convert: the body is as the source has it.
  std::vector<std::string_view> OperandOnly(const ast::Stmt& loop,
                                            const State& state) const {
    NameSet escaping;
    auto everything = [&](auto& self, const ast::Node& node) -> void {
      if (const auto* name = node.As<ast::Name>()) {
        escaping.insert(name->id);
      }
      ast::ForEachChild(node,
                        [&](const ast::Node* child) { self(self, *child); });
    };
    // `by_value`: an operator or a test consumes the value of `node`.
    auto visit = [&](auto& self, const ast::Node& node, bool by_value) -> void {
      if (OpensScope(node)) {
        everything(everything, node);
        return;
      }
      auto operand = [&](const ast::Node* child) { self(self, *child, true); };
      auto other = [&](const ast::Node* child) { self(self, *child, false); };
      switch (node.kind) {
        case ast::Kind::kName: {
          const auto& name = *node.As<ast::Name>();
          if (name.ctx != ast::ExprContext::kStore && !by_value) {
            escaping.insert(name.id);
          }
          return;
        }
        case ast::Kind::kAugAssign: {
          const auto& aug = *node.As<ast::AugAssign>();
          if (const auto* target = aug.target->As<ast::Name>()) {
            escaping.insert(target->id);
          } else {
            other(aug.target);
          }
          operand(aug.value);
          return;
        }
        case ast::Kind::kBinOp:
        case ast::Kind::kCompare:
          ast::ForEachChild(node, operand);
          return;
        case ast::Kind::kUnaryOp: {
          const auto& op = *node.As<ast::UnaryOp>();
          self(self, *op.operand, op.op != ast::UnaryOpKind::kUAdd);
          return;
        }
        case ast::Kind::kBoolOp:
          for (const ast::Expr* value : node.As<ast::BoolOp>()->values) {
            self(self, *value, by_value);
          }
          return;
        case ast::Kind::kIfExp: {
          const auto& e = *node.As<ast::IfExp>();
          operand(e.test);
          self(self, *e.body, by_value);
          self(self, *e.orelse, by_value);
          return;
        }
        case ast::Kind::kIf:
        case ast::Kind::kWhile:
        case ast::Kind::kAssert:
          ast::ForEachChild(node, [&](const ast::Node* child) {
            self(self, *child, child == TestOf(node));
          });
          return;
        default:
          ast::ForEachChild(node, other);
          return;
      }
    };
    const ast::Expr* target = nullptr;
    if (const auto* w = loop.As<ast::While>()) {
      visit(visit, *w->test, true);
      for (const ast::Stmt* stmt : w->body) {
        visit(visit, *stmt, false);
      }
    } else {
      const auto& f = loop.Cast<ast::For>();
      target = f.target;
      visit(visit, *f.target, false);
      for (const ast::Stmt* stmt : f.body) {
        visit(visit, *stmt, false);
      }
      if (const ast::Expr* extra = module_.LoopExtraTest(f)) {
        visit(visit, *extra, true);
      }
    }
    std::vector<std::string_view> out;
    for (SymbolId id : state.symbols) {
      std::string_view name = qn_.Get(id).text;
      if (!escaping.contains(name)) {
        out.push_back(name);
      }
    }
    if (const auto* name =
            target != nullptr ? target->As<ast::Name>() : nullptr;
        name != nullptr && !escaping.contains(name->id) &&
        std::find(out.begin(), out.end(), name->id) == out.end()) {
      out.push_back(name->id);
    }
    return out;
  }

  // The test of an if, while or assert statement.
  static const ast::Node* TestOf(const ast::Node& stmt) {
    if (const auto* s = stmt.As<ast::If>()) {
      return s->test;
    }
    if (const auto* s = stmt.As<ast::While>()) {
      return s->test;
    }
    return stmt.As<ast::Assert>()->test;
  }

  // Why `stmt` keeps the nonlocal form ("" when the functional form is
  // exact): a body that takes the state as parameters has its own copies of
  // the variables, which is what Python does only when nothing else sees
  // them while the statement runs.
  std::string NonlocalReason(const ast::Stmt& stmt, const State& state) const {
    for (SymbolId id : state.symbols) {
      const analysis::Symbol& sym = qn_.Get(id);
      if (sym.is_composite()) {
        return fmt::format(
            "its state `{}` is an attribute or item, not a local name",
            sym.text);
      }
    }
    for (SymbolId id : state.symbols) {
      if (scope_.globals.Contains(id) || scope_.nonlocals.Contains(id)) {
        return fmt::format("its state `{}` is declared {} in the function",
                           qn_.Get(id).text,
                           scope_.globals.Contains(id) ? "global" : "nonlocal");
      }
    }
    for (SymbolId id : state.symbols) {
      if (generator_reads_.Contains(id)) {
        return fmt::format(
            "its state `{}` is read by a generator expression, which may run "
            "after the statement",
            qn_.Get(id).text);
      }
    }
    for (SymbolId id : state.symbols) {
      if (captured_.Contains(id)) {
        return fmt::format(
            "its state `{}` is shared with a nested function or lambda",
            qn_.Get(id).text);
      }
    }
    if (catching_depth_ > 0 && !state.symbols.empty()) {
      // An exception raised midway leaves a functional body with the
      // changes made so far in its own frame; code after the `try`/`with`
      // that catches it must see them in the function's variables.
      return "it runs inside a `try` or `with` that may catch an exception "
             "raised midway, which must find the changes made so far";
    }
    if (!snapshots_.empty() && !state.symbols.empty()) {
      return "the function takes snapshots of its locals (locals() or "
             "vars())";
    }
    if (stmt.Is<ast::While>()) {
      const analysis::NodeActivity& header = activity_.HeaderOf(stmt);
      for (SymbolId id : state.symbols) {
        if (header.modified.Contains(id)) {
          return fmt::format("its test binds its state `{}` (`:=`)",
                             qn_.Get(id).text);
        }
      }
    }
    return "";
  }

  std::vector<std::string_view> StateNames(const State& state) const {
    std::vector<std::string_view> out;
    out.reserve(state.symbols.size());
    for (SymbolId id : state.symbols) {
      out.push_back(qn_.Get(id).text);
    }
    return out;
  }

  // `(y, ag__.ldu(lambda: x, 'x'))`: the state read as get_state reads it.
  // `simplify`: its ag__.ldu reads of names that start as Undefined become
  // plain reads (SimplifyStateReads), as get_state's do; only where the
  // read reaches the function's own variable (or a helper's parameter).
  // `at_entry`: the state the statement's call passes in (read where the
  // statement is), not what one of its bodies returns.
  ast::Expr* StateTuple(const ast::Stmt& stmt,
                        const State& state,
                        ast::Origin origin,
                        bool simplify,
                        bool at_entry = false) {
    std::vector<ast::Expr*> reads;
    for (SymbolId id : state.symbols) {
      reads.push_back(StateRead(stmt, id, origin, at_entry));
    }
    ast::Expr* tuple_expr = codegen::InstantiateExpr(
        module_, "(reads,)", {{"reads", reads}}, origin);
    auto& tuple = tuple_expr->Cast<ast::Tuple>();
    for (size_t i = 0; i < state.symbols.size(); ++i) {
      SymbolId id = state.symbols[i];
      const analysis::Symbol& sym = qn_.Get(id);
      if (sym.is_composite() || deleted_.Contains(id) ||
          !tuple.elts[i]->Is<ast::Call>()) {
        continue;
      }
      if (!at_entry && !scope_.deleted.Contains(id)) {
        // What a body returns is its own parameter: always bound (maybe to
        // Undefined), unless the function deletes the name somewhere.
        tuple.elts[i] = SymbolExpr(id, origin, false);
      } else if (simplify) {
        ldu_reads_.push_back(
            {sym.text, &tuple.elts, i, SymbolExpr(id, origin, false)});
      } else if (IsEnclosingParam(id)) {
        // Always bound: the parameter holds a value (maybe Undefined).
        tuple.elts[i] = SymbolExpr(id, origin, false);
      }
    }
    return tuple_expr;
  }

  // Whether `id` is a parameter of the innermost helper around the
  // statement being converted (a functional statement's body), and the
  // function deletes it nowhere (a `del` could unbind the parameter).
  bool IsEnclosingParam(SymbolId id) const {
    if (functional_params_.empty() || functional_params_.back() == nullptr ||
        scope_.deleted.Contains(id)) {
      return false;
    }
    const std::vector<SymbolId>& params = *functional_params_.back();
    return std::find(params.begin(), params.end(), id) != params.end();
  }

  // def <name>([param, ]<state>): prologue; body; return (<state>,)
  std::vector<ast::Stmt*> FunctionalBody(std::string_view name,
                                         std::vector<ast::Stmt*> prologue,
                                         const std::vector<ast::Stmt*>& body,
                                         const ast::Stmt& stmt,
                                         const State& state,
                                         bool simplify,
                                         ast::Origin origin,
                                         std::string_view param = {}) {
    std::vector<ast::Stmt*> stmts = std::move(prologue);
    if (body.size() != 1 || !body[0]->Is<ast::Pass>()) {
      stmts.insert(stmts.end(), body.begin(), body.end());
    }
    StripAnnotations(stmts);
    auto ret = codegen::Instantiate(
        module_, "return state\n",
        {{"state", StateTuple(stmt, state, origin, simplify)}}, origin);
    stmts.insert(stmts.end(), ret.begin(), ret.end());
    codegen::TemplateArgs args = {{"name", codegen::Name(name)},
                                  {"state", codegen::Names(StateNames(state))},
                                  {"body", stmts}};
    if (param.empty()) {
      return codegen::Instantiate(module_, "def name(state):\n    body\n", args,
                                  origin);
    }
    args.push_back({"param", codegen::Name(param)});
    return codegen::Instantiate(module_, "def name(param, state):\n    body\n",
                                args, origin);
  }

  // `call` as a statement: `y, x = call`, `x, = call`, or `call` alone when
  // there is no state.
  std::vector<ast::Stmt*> FunctionalCall(const State& state,
                                         ast::Expr* call,
                                         ast::Origin origin) {
    if (state.symbols.empty()) {
      return codegen::Instantiate(module_, "call\n", {{"call", call}}, origin);
    }
    return codegen::Instantiate(
        module_, "(targets,) = call\n",
        {{"targets", codegen::Names(StateNames(state))}, {"call", call}},
        origin);
  }

  // The functional form: bodies take the state as parameters and return
  // it; the operator returns the state after the statement, which the
  // statement's own level assigns.
  //
  //   def if_body(y, x):               def loop_test(i, x):
  //       y = x * 2                        return i < n
  //       return (y, x)                def loop_body(i, x):
  //   def else_body(y, x):                 ...
  //       return (y, x)                    return (i, x)
  //   y, x = ag__.if_stmt_fn(          i, x = ag__.while_stmt_fn(
  //       x > 0, if_body, else_body,       loop_test, loop_body, (i, x),
  //       (y, x), ('y', 'x'), 1)           ('i', 'x'), {})
  void ConvertFunctional(ast::Stmt& stmt,
                         const State& state,
                         std::vector<ast::Stmt*>& out) {
    const ast::Origin origin = stmt.origin;
    // At the function's own level the reads are get_state's: the names
    // need a binding there (ComputeInits), and those that start as
    // Undefined are read plainly. Inside a helper the call's assignment
    // makes them the helper's own variables.
    const bool top = helper_depth_ == 0;
    if (top) {
      for (SymbolId id : state.symbols) {
        std::string_view name = qn_.Get(id).text;
        if (IsFunctionLocal(name)) {
          needed_.emplace(name, top_index_);  // keeps the first
        }
      }
    }
    ast::Expr* names = codegen::InstantiateExpr(
        module_, "(names,)", {{"names", SymbolNames(state, origin)}}, origin);
    if (auto* s = stmt.As<ast::If>()) {
      Emit(out, FunctionalBody(Helper("if_body"), {}, s->body, stmt, state, top,
                               origin));
      Emit(out, FunctionalBody(Helper("else_body"), {}, s->orelse, stmt, state,
                               top, origin));
      // `if not c:` runs else_body when c holds: no negation to stage (the
      // guards of lowered break, continue and return are such ifs).
      ast::Expr* test = s->test;
      std::string_view first = Helper("if_body");
      std::string_view second = Helper("else_body");
      if (const auto* op = test->As<ast::UnaryOp>();
          op != nullptr && op->op == ast::UnaryOpKind::kNot) {
        test = op->operand;
        std::swap(first, second);
      }
      ast::Expr* call = codegen::InstantiateExpr(
          module_,
          "ag__.if_stmt_fn(test, if_body, else_body, state, names, nouts)",
          {{"test", test},
           {"if_body", codegen::Name(first)},
           {"else_body", codegen::Name(second)},
           {"state", StateTuple(stmt, state, origin, top, true)},
           {"names", names},
           {"nouts", codegen::IntConstant(
                         module_, static_cast<int64_t>(state.nouts), origin)}},
          origin);
      Emit(out, FunctionalCall(state, call, origin));
      return;
    }
    if (auto* s = stmt.As<ast::While>()) {
      Emit(out, codegen::Instantiate(
                    module_, "def loop_test(state):\n    return test\n",
                    {{"loop_test", codegen::Name(Helper("loop_test"))},
                     {"state", codegen::Names(StateNames(state))},
                     {"test", s->test}},
                    origin));
      Emit(out, FunctionalBody(Helper("loop_body"), {}, s->body, stmt, state,
                               top, origin));
      ast::Expr* call = codegen::InstantiateExpr(
          module_,
          "ag__.while_stmt_fn(loop_test, loop_body, state, names, opts)",
          {{"loop_test", codegen::Name(Helper("loop_test"))},
           {"loop_body", codegen::Name(Helper("loop_body"))},
           {"state", StateTuple(stmt, state, origin, top, true)},
           {"names", names},
           {"opts", LoopOpts(stmt, state, nullptr, origin)}},
          origin);
      Emit(out, FunctionalCall(state, call, origin));
      out.insert(out.end(), s->orelse.begin(), s->orelse.end());
      return;
    }
    auto& s = stmt.Cast<ast::For>();
    std::string target_text = codegen::PrintNode(module_, *s.target);
    ast::Expr* extra_test =
        codegen::InstantiateExpr(module_, "None", {}, origin);
    if (ast::Expr* extra = module_.LoopExtraTest(s)) {
      Emit(out, codegen::Instantiate(
                    module_, "def extra_test(state):\n    return extra\n",
                    {{"extra_test", codegen::Name(Helper("extra_test"))},
                     {"state", codegen::Names(StateNames(state))},
                     {"extra", extra}},
                    extra->origin));
      extra_test = codegen::InstantiateExpr(
          module_, "extra_test",
          {{"extra_test", codegen::Name(Helper("extra_test"))}}, origin);
    }
    std::string_view itr = Helper("itr");
    std::vector<ast::Stmt*> prologue = codegen::Instantiate(
        module_, "target = itr\n",
        {{"target", s.target}, {"itr", codegen::Name(itr)}}, origin);
    Emit(out, FunctionalBody(Helper("loop_body"), prologue, s.body, stmt, state,
                             top, origin, itr));
    ast::Expr* call = codegen::InstantiateExpr(
        module_,
        "ag__.for_stmt_fn(iter_, extra_test, loop_body, state, names, opts)",
        {{"iter_", s.iter},
         {"extra_test", extra_test},
         {"loop_body", codegen::Name(Helper("loop_body"))},
         {"state", StateTuple(stmt, state, origin, top, true)},
         {"names", names},
         {"opts", LoopOpts(stmt, state,
                           codegen::StrConstant(module_, target_text, origin),
                           origin)}},
        origin);
    Emit(out, FunctionalCall(state, call, origin));
    out.insert(out.end(), s.orelse.begin(), s.orelse.end());
  }

  ast::Module& module_;
  pass::PassContext& ctx_;
  ast::FunctionDef& fn_;
  std::vector<ast::FunctionDef*>& nested_;
  const analysis::QualNames& qn_;
  const analysis::Activity& activity_;
  const analysis::Liveness& liveness_;
  const analysis::ReachingDefinitions& rd_;
  const analysis::Scope& scope_;
  std::optional<codegen::Namer> namer_;  // made when the function converts
  std::map<std::string_view, std::string_view> helper_names_;
  std::vector<ast::Stmt*> hoisted_;
  // Per top-level statement of the body: what replaces it.
  std::vector<std::vector<ast::Stmt*>> replaced_;
  size_t top_index_ = 0;
  std::map<std::string_view, size_t> needed_;  // local -> first top-level use
  std::set<std::string_view> initialized_;     // start as ag__.Undefined
  std::set<const ast::FunctionDef*> generated_helpers_;

  // get_state entries `ag__.ldu(lambda: x, 'x')` for plain names that may
  // become plain reads (SimplifyStateReads).
  struct LduRead {
    std::string_view name;
    std::vector<ast::Expr*>* elts;
    size_t index;
    ast::Expr* plain;
  };

  std::vector<LduRead> ldu_reads_;
  std::set<const ast::Stmt*> generated_;
  SymbolSet deleted_;          // deleted inside the statement being converted
  SymbolSet captured_;         // locals nested scopes share (see Capture)
  SymbolSet generator_reads_;  // locals generator expressions read
  // Generator expressions consumed where they are made (see
  // FindConsumedGenerators).
  std::set<const ast::Node*> consumed_generators_;
  // Snapshots of locals() in the function (FindSnapshots).
  bool may_snapshot_;
  SymbolSet snapshot_names_;
  std::vector<Snapshot> snapshots_;
  int snapshot_loops_ = 0;  // loops being converted that hold one
  // if/while/for statements being converted around the current block: 0
  // at the function's own level, more inside what becomes a helper.
  int helper_depth_ = 0;
  // try/with statements around the current block, in the function's scope.
  int catching_depth_ = 0;
  // Per statement being converted around the current block: its state when
  // it takes the functional form (its bodies' parameters), else null.
  std::vector<const std::vector<SymbolId>*> functional_params_;
  // The state of each if/while/for being converted around the current
  // block, innermost last, whatever its form (HelperMayNotBind).
  std::vector<const std::vector<SymbolId>*> enclosing_state_;
  // Where each node of those statements' blocks is, taken before their
  // inner statements convert (HelperNeverBinds), innermost last.
  std::vector<BlockPositions> enclosing_blocks_;
  // Read by the extra tests of the loops being converted (ExtraTestReads).
  std::vector<SymbolId> extra_reads_;
  bool changed_ = false;
};

// The outermost functions with kFlagLowered under `node` (their nested
// functions are in their subtrees), each with the class whose body it is
// directly in.
void FindLowered(const ast::Node& node,
                 const ast::ClassDef* in_class,
                 std::vector<analysis::Subtree>& out) {
  if (const auto* fn = node.As<ast::FunctionDef>()) {
    if ((fn->flags & ast::kFlagLowered) != 0) {
      out.push_back({fn, in_class});
      return;
    }
    in_class = nullptr;
  } else if (node.Is<ast::AsyncFunctionDef>()) {
    in_class = nullptr;
  } else if (const auto* cls = node.As<ast::ClassDef>()) {
    in_class = cls;
  }
  ast::ForEachChild(node, [&](const ast::Node* child) {
    if (child->category() == ast::Category::kStmt ||
        child->Is<ast::ExceptHandler>() || child->Is<ast::MatchCase>()) {
      FindLowered(*child, in_class, out);
    }
  });
}

class ControlFlowPass : public pass::Pass {
 public:
  pass::Changed Run(ast::Module& module, pass::PassContext& ctx) override {
    // Converted functions at module level and in classes there; nested ones
    // are found while converting their parents.
    std::vector<ast::FunctionDef*> todo;
    auto visit = [&](auto& self, ast::Node& node) -> void {
      if (auto* fn = node.As<ast::FunctionDef>()) {
        if ((fn->flags & ast::kFlagConverted) != 0) {
          todo.push_back(fn);
        }
        if ((fn->flags & ast::kFlagOriginal) == 0) {
          return;  // an eager original's body holds its nested twins
        }
      }
      if (node.Is<ast::AsyncFunctionDef>()) {
        return;
      }
      ast::ForEachChild(node, [&](ast::Node* child) {
        if (child->category() == ast::Category::kStmt ||
            child->Is<ast::ExceptHandler>() || child->Is<ast::MatchCase>()) {
          self(self, *child);
        }
      });
    };
    for (ast::Stmt* stmt : module.body) {
      visit(visit, *stmt);
    }
    // Facts of the original program describe every function the passes
    // before only wrapped; a function a lowering pass added statements to
    // (kFlagLowered) is analysed afresh, before anything here changes.
    Facts original{
        &ctx.analyses().GetOriginal<analysis::QualNames>(),
        &ctx.analyses().GetOriginal<analysis::Activity>(),
        &ctx.analyses().GetOriginal<analysis::Liveness>(),
        &ctx.analyses().GetOriginal<analysis::ReachingDefinitions>()};
    // Only those functions' subtrees are analysed (not the whole module).
    std::vector<analysis::Subtree> lowered_roots;
    for (const ast::Stmt* stmt : module.body) {
      FindLowered(*stmt, nullptr, lowered_roots);
    }
    Facts fresh;
    std::unique_ptr<analysis::SubtreeAnalyses> lowered_facts;
    if (!lowered_roots.empty()) {
      lowered_facts = std::make_unique<analysis::SubtreeAnalyses>(
          module, std::move(lowered_roots));
      fresh = {&lowered_facts->qual_names(), &lowered_facts->activity(),
               &lowered_facts->liveness(),
               &lowered_facts->reaching_definitions()};
    }
    // Snapshots of locals() come from calls of `locals()` or `vars()` in
    // the input: most files have none, and their functions are not searched.
    const bool snapshots = original.qn->Find("locals") != analysis::kNoSymbol ||
                           original.qn->Find("vars") != analysis::kNoSymbol;
    bool changed = false;
    for (size_t i = 0; i < todo.size(); ++i) {
      bool lowered = (todo[i]->flags & ast::kFlagLowered) != 0;
      FunctionConverter converter(module, ctx, *todo[i], todo,
                                  lowered ? fresh : original, snapshots);
      changed = converter.Run() || changed;
    }
    return changed ? pass::Changed::kYes : pass::Changed::kNo;
  }
};

}  // namespace

std::unique_ptr<pass::Pass> Create() {
  return std::make_unique<ControlFlowPass>();
}

analysis::AnalysisSet Analyses() {
  return {analysis::Original<analysis::QualNames>(),
          analysis::Original<analysis::Activity>(),
          analysis::Original<analysis::Liveness>(),
          analysis::Original<analysis::ReachingDefinitions>()};
}

}  // namespace agc::passes::control_flow
