// The walk of one converted function (FunctionConverter, declared in
// function_converter.h): Run finds the body inside its function scope
// (loop_jumps::ScopeBody), hoists `global`/`nonlocal`, makes zero-argument
// `super()` explicit and converts each block's statements, inner ones
// first. Block decides a statement's state (state.cpp) and form
// (nonlocal_reason.cpp) before its inner statements convert, then hands it
// to Convert (nonlocal_form.cpp); it collects the converted functions
// nested in the body for the pass to convert next. Last, Run starts the
// locals the helpers refer to as ag__.Undefined (bindings.cpp).
#include "passes/control_flow/function_converter.h"

#include <cstddef>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/ast/ast.h"
#include "lib/codegen/template.h"
#include "passes/converted_code.h"
#include "passes/loop_jumps.h"

namespace agc::passes::control_flow {
namespace {

bool IsConvertible(const ast::Stmt& stmt) {
  return stmt.Is<ast::If>() || stmt.Is<ast::While>() || stmt.Is<ast::For>();
}

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

}  // namespace

bool FunctionConverter::Run() {
  std::vector<ast::Stmt*>* body = loop_jumps::ScopeBody(fn_);
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

// Zero-argument `super()` finds its class and instance in the frame of the
// method that calls it; moved into a helper function it would fail
// ("super(): no arguments"). In a method with a positional parameter,
// `super()` means `super(__class__, <that parameter's current value>)`,
// which works from any nested function.
void FunctionConverter::ExplicitSuper(std::vector<ast::Stmt*>& body) {
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
void FunctionConverter::HoistDeclarations(std::vector<ast::Stmt*>& body) {
  for (ast::Stmt* stmt : body) {
    ForEachBlock(*stmt,
                 [&](std::vector<ast::Stmt*>& block) { HoistFrom(block); });
  }
}

void FunctionConverter::HoistFrom(std::vector<ast::Stmt*>& block) {
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
void FunctionConverter::Block(std::vector<ast::Stmt*>& block) {
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
    ForEachBlock(*stmt, [&](std::vector<ast::Stmt*>& inner) { Block(inner); });
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

void FunctionConverter::CollectMethods(ast::ClassDef& cls) {
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

}  // namespace agc::passes::control_flow
