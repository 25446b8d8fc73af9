#include "passes/loop_jumps.h"

#include <optional>
#include <utility>

#include "lib/codegen/namer.h"
#include "lib/codegen/template.h"
#include "passes/converted_code.h"

namespace agc::passes::loop_jumps {
namespace {

bool IsLoop(const ast::Stmt& stmt) {
  return stmt.Is<ast::While>() || stmt.Is<ast::For>();
}

// Whether `stmt` holds a `jump` of the loop whose body it is in: not those
// in nested loop bodies (a nested loop's `else` is this loop's), functions
// or classes.
bool HasJump(ast::Stmt& stmt, ast::Kind jump) {
  if (stmt.kind == jump) {
    return true;
  }
  bool found = false;
  auto search = [&](std::vector<ast::Stmt*>& block) {
    for (ast::Stmt* s : block) {
      found = found || HasJump(*s, jump);
    }
  };
  if (IsLoop(stmt)) {
    search(OrElseOf(stmt));
  } else {
    ForEachBlock(stmt, search);
  }
  return found;
}

bool HasJump(std::vector<ast::Stmt*>& block, ast::Kind jump) {
  for (ast::Stmt* s : block) {
    if (HasJump(*s, jump)) {
      return true;
    }
  }
  return false;
}

// Lowers the jumps of this loop level inside compound statement `stmt`;
// `caught` as for LowerBody.
void LowerInside(ast::Module& module,
                 ast::Stmt& stmt,
                 ast::Kind jump,
                 std::string_view flag,
                 bool caught) {
  if (IsLoop(stmt)) {
    // Its body's jumps are its own (lowered already); its else is ours.
    OrElseOf(stmt) = LowerBody(module, OrElseOf(stmt), jump, flag, caught);
    return;
  }
  if (auto* t = stmt.As<ast::Try>()) {
    AGC_CHECK_MSG(!HasJump(t->finalbody, jump),
                  "jump in finally: the functions pass keeps it unconverted");
    bool body_jumps = HasJump(t->body, jump);
    t->body = LowerBody(module, std::move(t->body), jump, flag,
                        caught || CatchesIn(stmt, t->body));
    for (ast::ExceptHandler* h : t->handlers) {
      h->body = LowerBody(module, std::move(h->body), jump, flag, caught);
    }
    t->orelse = LowerBody(module, std::move(t->orelse), jump, flag, caught);
    if (body_jumps && !t->orelse.empty()) {
      // Python skips the else clause when the body jumps out.
      t->orelse = {Guard(module, flag, std::move(t->orelse))};
    }
    return;
  }
  AGC_CHECK_MSG(!stmt.Is<ast::TryStar>() || !HasJump(stmt, jump),
                "jump in try/except*: Python rejects it");
  ForEachBlock(stmt, [&](std::vector<ast::Stmt*>& block) {
    block = LowerBody(module, std::move(block), jump, flag,
                      caught || CatchesIn(stmt, block));
  });
}

class Lowerer {
 public:
  Lowerer(ast::Module& module,
          ast::FunctionDef& fn,
          ast::Kind jump,
          std::string_view base,
          LowerLoop lower)
      : module_(module), fn_(fn), jump_(jump), base_(base), lower_(lower) {}

  bool changed() const { return changed_; }

  // Lowers the loops in `block` (and in blocks nested in it), innermost
  // first.
  void Block(std::vector<ast::Stmt*>& block) {
    std::vector<ast::Stmt*> out;
    out.reserve(block.size());
    for (ast::Stmt* stmt : block) {
      // Outer loops take their flag names first (`break_` before
      // `break__1`); nested loops' jumps are theirs, so whether this loop
      // has one does not change when they are lowered.
      std::string_view flag;
      if (IsLoop(*stmt) && HasJump(BodyOf(*stmt), jump_)) {
        if (!namer_) {
          namer_.emplace(fn_);  // only for functions with jumps: it walks fn
        }
        flag = namer_->New(module_, base_);
      }
      ForEachBlock(*stmt,
                   [&](std::vector<ast::Stmt*>& inner) { Block(inner); });
      if (!flag.empty()) {
        BodyOf(*stmt) = LowerBody(module_, BodyOf(*stmt), jump_, flag);
        lower_(module_, *stmt, flag, out);
        changed_ = true;
      } else {
        out.push_back(stmt);
      }
    }
    block = std::move(out);
  }

 private:
  ast::Module& module_;
  ast::FunctionDef& fn_;
  std::optional<codegen::Namer> namer_;
  ast::Kind jump_;
  std::string_view base_;
  LowerLoop lower_;
  bool changed_ = false;
};

}  // namespace

ast::Stmt* Guard(ast::Module& module,
                 std::string_view flag,
                 std::vector<ast::Stmt*> body) {
  ast::Origin origin = body[0]->origin;
  return codegen::Instantiate(module, R"(
      if not flag:
          body
  )",
                              {{"flag", codegen::Name(flag)}, {"body", body}},
                              origin)[0];
}

bool MayDiscardJump(const ast::Stmt& stmt) {
  if (const auto* t = stmt.As<ast::Try>()) {
    return !t->finalbody.empty();
  }
  if (const auto* t = stmt.As<ast::TryStar>()) {
    return !t->finalbody.empty();
  }
  return stmt.Is<ast::With>();
}

bool CatchesIn(const ast::Stmt& stmt, const std::vector<ast::Stmt*>& block) {
  if (const auto* t = stmt.As<ast::Try>()) {
    return &block == &t->body && !t->handlers.empty();
  }
  if (const auto* t = stmt.As<ast::TryStar>()) {
    return &block == &t->body && !t->handlers.empty();
  }
  if (const auto* w = stmt.As<ast::With>()) {
    return &block == &w->body;
  }
  return false;
}

ast::Stmt* ResetOnRaise(ast::Module& module,
                        std::string_view flag,
                        ast::Stmt* stmt) {
  return codegen::Instantiate(
      module, R"(
      try:
          stmt
      except BaseException:
          flag = False
          raise
  )",
      {{"flag", codegen::Name(flag)}, {"stmt", std::vector<ast::Stmt*>{stmt}}},
      stmt->origin)[0];
}

std::vector<ast::Stmt*>* ScopeBody(ast::FunctionDef& fn) {
  for (ast::Stmt* stmt : fn.body) {
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

std::vector<ast::Stmt*>& BodyOf(ast::Stmt& loop) {
  if (auto* w = loop.As<ast::While>()) {
    return w->body;
  }
  return loop.Cast<ast::For>().body;
}

std::vector<ast::Stmt*>& OrElseOf(ast::Stmt& loop) {
  if (auto* w = loop.As<ast::While>()) {
    return w->orelse;
  }
  return loop.Cast<ast::For>().orelse;
}

std::vector<ast::Stmt*> LowerBody(ast::Module& module,
                                  std::vector<ast::Stmt*> body,
                                  ast::Kind jump,
                                  std::string_view flag,
                                  bool caught) {
  std::vector<ast::Stmt*> out;
  for (size_t i = 0; i < body.size(); ++i) {
    ast::Stmt* stmt = body[i];
    if (stmt->kind == jump) {
      std::vector<ast::Stmt*> set = codegen::Instantiate(
          module, "flag = True", {{"flag", codegen::Name(flag)}}, stmt->origin);
      out.insert(out.end(), set.begin(), set.end());
    } else if (HasJump(*stmt, jump)) {
      LowerInside(module, *stmt, jump, flag, caught);
      out.push_back(caught && MayDiscardJump(*stmt)
                        ? ResetOnRaise(module, flag, stmt)
                        : stmt);
    } else {
      out.push_back(stmt);
      continue;
    }
    // The rest runs only if the flag is still unset (after a jump itself it
    // never runs; it stays, guarded, because its bindings still make names
    // local).
    if (i + 1 < body.size()) {
      std::vector<ast::Stmt*> rest(body.begin() + static_cast<long>(i) + 1,
                                   body.end());
      out.push_back(
          Guard(module, flag,
                LowerBody(module, std::move(rest), jump, flag, caught)));
    }
    break;
  }
  return out;
}

bool LowerLoops(ast::Module& module,
                pass::PassContext& ctx,
                ast::Kind jump,
                std::string_view base,
                LowerLoop lower) {
  bool changed = false;
  for (ast::FunctionDef* fn : ConvertedFunctions(module)) {
    std::vector<ast::Stmt*>* body = ScopeBody(*fn);
    if (body == nullptr) {
      continue;
    }
    Lowerer lowerer(module, *fn, jump, base, lower);
    lowerer.Block(*body);
    if (lowerer.changed()) {
      fn->flags |= ast::kFlagLowered;
      ctx.MarkChanged(*fn);
      changed = true;
    }
  }
  return changed;
}

}  // namespace agc::passes::loop_jumps
