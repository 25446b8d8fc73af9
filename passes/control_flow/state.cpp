// Which symbols a statement carries (FunctionConverter::StateOf, declared in
// function_converter.h; control_flow.cpp states the rule), and the facts of
// the function that decide it beyond liveness: the locals nested scopes
// share (Capture), generator expressions consumed where they are made,
// snapshots of locals(), what a loop's extra test reads, and the
// `# agc: loop-vars(...)` hints (ApplyHint).
#include <algorithm>
#include <iterator>
#include <string_view>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/qual_names.h"
#include "lib/ast/ast.h"
#include "passes/control_flow/function_converter.h"
#include "passes/converted_code.h"
#include "passes/locals_calls.h"

namespace agc::passes::control_flow {

// Locals of the function that nested functions, lambdas or classes read or
// assign (through `nonlocal`): they share the function's variable, so a
// statement that modifies one must carry it even where liveness alone
// would keep it local to a helper (a closure may read or write it at any
// time). Comprehensions run in place and do not count themselves.
void FunctionConverter::Capture(const analysis::Scope& scope) {
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
    } else if (child->node != nullptr && child->node->Is<ast::GeneratorExp>()) {
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
void FunctionConverter::FindConsumedGenerators(
    const std::vector<ast::Stmt*>& body) {
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

bool FunctionConverter::ConsumedInPlace(const ast::Node& generator) const {
  return consumed_generators_.count(&generator) != 0;
}

// Snapshots of locals() (`ag__.locals_(fscope, ('x', ...))`, see
// locals_calls.h) read every listed local, which liveness does not see.
// Records the listed names and, for each snapshot, where it starts and the
// statements around it. Nested functions have snapshots of their own;
// their decorators and defaults run here.
void FunctionConverter::FindSnapshots(const std::vector<ast::Stmt*>& body) {
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

bool FunctionConverter::Holds(const Snapshot& snapshot, const ast::Stmt& stmt) {
  return std::binary_search(snapshot.holders.begin(), snapshot.holders.end(),
                            stmt.node_id);
}

bool FunctionConverter::HoldsSnapshot(const ast::Stmt& stmt) const {
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
bool FunctionConverter::SnapshotMayFollow(const ast::Stmt& stmt) const {
  if (snapshot_loops_ > 0 ||
      ((stmt.Is<ast::While>() || stmt.Is<ast::For>()) && HoldsSnapshot(stmt))) {
    return true;
  }
  for (const Snapshot& snapshot : snapshots_) {
    const ast::Origin& at = snapshot.origin;
    const bool later = at.line != stmt.origin.line ? at.line > stmt.origin.line
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
std::vector<SymbolId> FunctionConverter::ExtraTestReads(
    const ast::Stmt& stmt) const {
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

FunctionConverter::State FunctionConverter::StateOf(const ast::Stmt& stmt) {
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
    bool test_binds =
        stmt.Is<ast::While>() && activity_.HeaderOf(stmt).modified.Contains(id);
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
bool FunctionConverter::HeaderWalrusBinds(const ast::Stmt& stmt,
                                          SymbolId id) const {
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
void FunctionConverter::ApplyHint(const ast::Stmt& stmt,
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

}  // namespace agc::passes::control_flow
