// Which functions are converted (Converter::Convertible, converter.h), and
// why not the others: declarations, `do_not_convert`, functions already
// converted, generators, and, when control_flow runs, a `break`,
// `continue` or `return` whose lowering pass does not run or cannot lower
// faithfully (FindUnlowered).
#include <cstdint>
#include <string_view>

#include "lib/ast/ast.h"
#include "lib/pass/pass.h"
#include "passes/functions/converter.h"
#include "passes/registry.h"

namespace agc::passes::functions {
namespace {

bool HasDecorator(const ast::FunctionDef& fn, std::string_view last_name) {
  for (const ast::Expr* decorator : fn.decorator_list) {
    if (ast::LastName(decorator) == last_name) {
      return true;
    }
  }
  return false;
}

// `@ag__.autograph_artifact` (not a call: `@ag__.autograph_artifact(lambda
// f: g(f))` is a converted lambda in a decorator) or `@ag__.twin_of(...)`.
bool IsMarkedConverted(const ast::FunctionDef& fn) {
  for (const ast::Expr* decorator : fn.decorator_list) {
    const std::string_view name = ast::LastName(decorator);
    if ((name == "autograph_artifact" && !decorator->Is<ast::Call>()) ||
        name == "twin_of") {
      return true;
    }
  }
  return false;
}

// Whether `node` yields in the scope it belongs to: nested functions,
// lambdas and classes are other scopes (their decorators, defaults and bases
// are not, but a yield there is rare enough to be found by the same walk of
// the whole expression).
bool Yields(const ast::Node& node) {
  if (node.Is<ast::Yield>() || node.Is<ast::YieldFrom>()) {
    return true;
  }
  if (node.Is<ast::FunctionDef>() || node.Is<ast::AsyncFunctionDef>() ||
      node.Is<ast::Lambda>() || node.Is<ast::ClassDef>()) {
    return false;
  }
  bool found = false;
  ast::ForEachChild(
      node, [&](const ast::Node* child) { found = found || Yields(*child); });
  return found;
}

// A construct control_flow cannot convert by itself, found in a function's
// own scope: `break`/`continue` in a loop, `return` inside if/while/for.
struct Unlowered {
  std::string_view construct;  // "break"
  std::string_view pass;       // the pass that lowers it
  int32_t line = 0;
};

// Finds the first construct whose lowering pass is not selected (`found`)
// and the first `break`/`continue` whose pass is selected but that sits in
// a `finally` block inside its own loop (`jump_in_finally`): lowering it to
// a flag would stop it from discarding the pending exception. `in_finally`:
// the node is inside a `finally` block of the innermost loop.
struct UnloweredSearch {
  Unlowered found;
  Unlowered jump_in_finally;
  Unlowered return_in_control_flow;  // lowered by return_statements
  Unlowered return_in_finally;       // any `finally` of the function
};

void FindUnlowered(const ast::Node& node,
                   const pass::PassContext& ctx,
                   bool in_loop,
                   bool in_control_flow,
                   bool in_finally,
                   bool in_any_finally,
                   UnloweredSearch& search) {
  Unlowered& found = search.found;
  Unlowered& jump_in_finally = search.jump_in_finally;
  if (node.Is<ast::FunctionDef>() || node.Is<ast::AsyncFunctionDef>() ||
      node.Is<ast::Lambda>() || node.Is<ast::ClassDef>()) {
    return;  // another scope
  }
  Unlowered here;
  if (in_loop && node.Is<ast::Break>()) {
    here = {"break", "break_statements", node.origin.line};
  } else if (in_loop && node.Is<ast::Continue>()) {
    here = {"continue", "continue_statements", node.origin.line};
  } else if (in_control_flow && node.Is<ast::Return>()) {
    here = {"return", "return_statements", node.origin.line};
  }
  if (node.Is<ast::Return>() && in_any_finally &&
      search.return_in_finally.line == 0) {
    search.return_in_finally = {"return", "return_statements",
                                node.origin.line};
  }
  if (here.line != 0) {
    if (here.construct == "return" && search.return_in_control_flow.line == 0) {
      search.return_in_control_flow = here;
    }
    if (!ctx.IsSelected(here.pass)) {
      if (found.line == 0) {
        found = here;
      }
    } else if (in_finally && here.construct != "return" &&
               jump_in_finally.line == 0) {
      jump_in_finally = here;
    }
    return;
  }
  auto visit = [&](const ast::Node& child, bool loop, bool finally,
                   bool any_finally = false) {
    // A lowered match's cases are inside `if`s.
    const bool branches =
        node.Is<ast::If>() ||
        (node.Is<ast::Match>() && ctx.IsSelected("match_statements"));
    FindUnlowered(child, ctx, loop, in_control_flow || loop || branches,
                  finally, in_any_finally || any_finally, search);
  };
  if (const auto* w = node.As<ast::While>()) {
    visit(*w->test, in_loop, in_finally);
    for (const ast::Stmt* s : w->body) {
      visit(*s, true, false);
    }
    for (const ast::Stmt* s : w->orelse) {
      visit(*s, true, in_finally);  // the enclosing loop's jumps
    }
    return;
  }
  if (const auto* f = node.As<ast::For>()) {
    for (const ast::Stmt* s : f->body) {
      visit(*s, true, false);
    }
    for (const ast::Stmt* s : f->orelse) {
      visit(*s, true, in_finally);
    }
    return;
  }
  // try and try/except*: a statement of the finally block counts as one.
  const std::vector<ast::Stmt*>* finalbody = nullptr;
  if (const auto* t = node.As<ast::Try>()) {
    finalbody = &t->finalbody;
  } else if (const auto* t = node.As<ast::TryStar>()) {
    finalbody = &t->finalbody;
  }
  if (finalbody != nullptr) {
    ast::ForEachChild(node, [&](const ast::Node* child) {
      bool final_stmt = false;
      for (const ast::Stmt* s : *finalbody) {
        final_stmt = final_stmt || s == child;
      }
      visit(*child, in_loop, in_finally || (final_stmt && in_loop), final_stmt);
    });
    return;
  }
  ast::ForEachChild(node, [&](const ast::Node* child) {
    visit(*child, in_loop, in_finally);
  });
}

bool IsRegistered(std::string_view pass) {
  for (const pass::PassInfo& info : Registry()) {
    if (info.name == pass) {
      return true;
    }
  }
  return false;
}

// Whether `fn` only declares: its body is a docstring, `pass` and `...`.
bool IsDeclaration(const ast::FunctionDef& fn) {
  for (size_t i = 0; i < fn.body.size(); ++i) {
    const ast::Stmt& stmt = *fn.body[i];
    if (stmt.Is<ast::Pass>() || (i == 0 && IsDocstring(stmt))) {
      continue;
    }
    const auto* expr = stmt.As<ast::ExprStmt>();
    const auto* constant =
        expr != nullptr ? expr->value->As<ast::Constant>() : nullptr;
    if (constant == nullptr ||
        constant->value_kind != ast::ConstantKind::kEllipsis) {
      return false;
    }
  }
  return true;
}

}  // namespace

// Whether `fn` is converted; reports why not otherwise.
bool Converter::Convertible(const ast::FunctionDef& fn) {
  if (IsDeclaration(fn)) {
    return false;  // nothing to run; some readers check the body
  }
  if (HasDecorator(fn, "do_not_convert")) {
    Emit(diag::DiagKind::kDoNotConvert, fn, fn.name);
    return false;
  }
  if (IsMarkedConverted(fn)) {
    Emit(diag::DiagKind::kAlreadyConverted, fn, fn.name);
    return false;
  }
  bool yields = false;
  for (const ast::Stmt* stmt : fn.body) {
    yields = yields || Yields(*stmt);
  }
  if (yields) {
    Emit(diag::DiagKind::kGeneratorNotConverted, fn, fn.name);
    return false;
  }
  if (ctx_.IsSelected("control_flow")) {
    // Constructs only a lowering pass can turn into control-flow operators:
    // without it, the function stays as written.
    UnloweredSearch search;
    for (const ast::Stmt* stmt : fn.body) {
      FindUnlowered(*stmt, ctx_, false, false, false, false, search);
    }
    const Unlowered& found = search.found;
    Unlowered jump_in_finally = search.jump_in_finally;
    if (search.return_in_control_flow.line != 0 &&
        search.return_in_finally.line != 0 &&
        ctx_.IsSelected("return_statements") &&
        (jump_in_finally.line == 0 ||
         search.return_in_finally.line < jump_in_finally.line)) {
      // Every return of the function is lowered, that one too.
      jump_in_finally = search.return_in_finally;
    }
    if (found.line != 0) {
      Emit(diag::DiagKind::kNeedsLoweringPass, fn, fn.name, found.construct,
           found.line, found.pass,
           IsRegistered(found.pass) ? "is not selected"
                                    : "this build does not have yet");
      return false;
    }
    if (jump_in_finally.line != 0) {
      Emit(diag::DiagKind::kJumpInFinally, fn, fn.name,
           jump_in_finally.construct, jump_in_finally.line);
      return false;
    }
  }
  return true;
}

}  // namespace agc::passes::functions
