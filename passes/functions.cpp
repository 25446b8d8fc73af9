// functions: decides which functions are converted and gives each its
// function scope.
//
// Every `def` in the file is converted (module level, methods, defs nested in
// converted functions, defs under module-level `if`/`try`), except generator
// functions (AGC101), `async def` (AGC102), functions with a decorator whose
// last name is `do_not_convert` (AGC103) and functions already marked
// `autograph_artifact` (AGC104), and, when control_flow runs, functions with
// a `break`, `continue` or `return` inside control flow whose lowering pass
// does not run (AGC107), and functions with a `break`/`continue` inside a
// `finally` block of its loop, or a `return` inside `finally` in a function
// whose returns return_statements lowers, which cannot be lowered faithfully
// (AGC201);
// those stay as written, and so does everything inside them.
//
// A converted function keeps its name, signature, decorators and docstring;
// its body moves into the function scope and the function is marked as
// converted:
//
//   @decorator                         @decorator
//   def f(x):                          @ag__.autograph_artifact
//       """Doc."""              ->     def f(x):
//       return g(x)                        """Doc."""
//                                          with ag__.FunctionScope('f',
//                                          'fscope', ag__.STD) as fscope:
//                                              return g(x)
//
// A lambda inside a converted function runs its body in a scope of its own
// and is marked as converted too, so that a runtime handed the lambda
// (`tf.map_fn`, `Dataset.map`, a Keras `Lambda` layer) does not convert it
// again:
//   lambda x: x + 1  ->  ag__.autograph_artifact(lambda x:
//                            ag__.with_function_scope(
//                                lambda lscope: x + 1, 'lscope', ag__.STD))
// The scope names are fresh (`fscope_1` if the function uses `fscope`).
//
// The runtime import goes after the module docstring and any `from
// __future__` imports when at least one function was converted (and the
// module does not have it already).
//
// Attaches: kFlagConverted on converted functions (later passes convert only
// those); kFlagChanged so the printer regenerates them.
// Requires: no analyses.
#include <memory>
#include <string_view>

#include "lib/analysis/manager.h"
#include "lib/ast/ast.h"
#include "lib/codegen/namer.h"
#include "lib/codegen/printer.h"
#include "lib/codegen/template.h"
#include "lib/pass/pass.h"
#include "passes/registry.h"

namespace agc::passes::functions {
namespace {

// The last name of a decorator: `do_not_convert` for `@do_not_convert`,
// `@ag.do_not_convert` and `@tf.autograph.experimental.do_not_convert()`.
std::string_view LastName(const ast::Expr& decorator) {
  const ast::Expr* expr = &decorator;
  if (const auto* call = expr->As<ast::Call>()) {
    expr = call->func;
  }
  if (const auto* name = expr->As<ast::Name>()) {
    return name->id;
  }
  if (const auto* attr = expr->As<ast::Attribute>()) {
    return attr->attr;
  }
  return {};
}

bool HasDecorator(const ast::FunctionDef& fn, std::string_view last_name) {
  for (const ast::Expr* decorator : fn.decorator_list) {
    if (LastName(*decorator) == last_name) {
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
    FindUnlowered(child, ctx, loop,
                  in_control_flow || loop || node.Is<ast::If>(), finally,
                  in_any_finally || any_finally, search);
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
  if (const auto* t = node.As<ast::Try>()) {
    ast::ForEachChild(node, [&](const ast::Node* child) {
      bool final_stmt = false;
      for (const ast::Stmt* s : t->finalbody) {
        final_stmt = final_stmt || s == child;
      }
      visit(*child, in_loop, in_finally || (final_stmt && in_loop), final_stmt);
    });
    return;
  }
  if (const auto* t = node.As<ast::TryStar>()) {
    ast::ForEachChild(node, [&](const ast::Node* child) {
      bool final_stmt = false;
      for (const ast::Stmt* s : t->finalbody) {
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

bool IsDocstring(const ast::Stmt& stmt) {
  const auto* expr = stmt.As<ast::ExprStmt>();
  if (expr == nullptr) {
    return false;
  }
  const auto* constant = expr->value->As<ast::Constant>();
  return constant != nullptr && constant->value_kind == ast::ConstantKind::kStr;
}

class Converter {
 public:
  Converter(ast::Module& module, pass::PassContext& ctx)
      : module_(module), ctx_(ctx) {}

  bool converted_any() const { return converted_any_; }

  // Statements outside converted functions: module level, class bodies and
  // blocks of compound statements there.
  void VisitBlock(std::vector<ast::Stmt*>& body) {
    for (ast::Stmt* stmt : body) {
      VisitStmt(*stmt);
    }
  }

  void VisitStmt(ast::Stmt& stmt) {
    if (auto* fn = stmt.As<ast::FunctionDef>()) {
      Function(*fn);
      return;
    }
    if (auto* fn = stmt.As<ast::AsyncFunctionDef>()) {
      ctx_.Emit(diag::DiagKind::kAsyncNotConverted, *fn, fn->name);
      return;
    }
    // Blocks nested in compound statements (class bodies, if/try/with/for/
    // while/match bodies, handlers, cases).
    ast::ForEachChild(stmt, [&](ast::Node* child) { VisitNested(*child); });
  }

 private:
  void VisitNested(ast::Node& node) {
    if (node.category() == ast::Category::kStmt) {
      VisitStmt(static_cast<ast::Stmt&>(node));
    } else if (node.Is<ast::ExceptHandler>() || node.Is<ast::MatchCase>()) {
      ast::ForEachChild(node, [&](ast::Node* child) { VisitNested(*child); });
    }
  }

  void Function(ast::FunctionDef& fn) {
    if (HasDecorator(fn, "do_not_convert")) {
      ctx_.Emit(diag::DiagKind::kDoNotConvert, fn, fn.name);
      return;
    }
    if (HasDecorator(fn, "autograph_artifact")) {
      ctx_.Emit(diag::DiagKind::kAlreadyConverted, fn, fn.name);
      return;
    }
    bool yields = false;
    for (const ast::Stmt* stmt : fn.body) {
      yields = yields || Yields(*stmt);
    }
    if (yields) {
      ctx_.Emit(diag::DiagKind::kGeneratorNotConverted, fn, fn.name);
      return;
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
        ctx_.Emit(diag::DiagKind::kNeedsLoweringPass, fn, fn.name,
                  found.construct, found.line, found.pass,
                  IsRegistered(found.pass) ? "is not selected"
                                           : "this build does not have yet");
        return;
      }
      if (jump_in_finally.line != 0) {
        ctx_.Emit(diag::DiagKind::kJumpInFinally, fn, fn.name,
                  jump_in_finally.construct, jump_in_finally.line);
        return;
      }
    }
    // The scope's name is chosen before nested functions add theirs: each
    // nested function's own `fscope` shadows this one, which is what its
    // code means.
    std::string_view scope = codegen::Namer(fn).New(module_, "fscope");
    // Then what is inside: nested functions, and lambdas anywhere.
    for (ast::Stmt*& stmt : fn.body) {
      stmt = static_cast<ast::Stmt*>(Inside(*stmt));
    }
    WrapBody(fn, scope);
    fn.flags |= ast::kFlagConverted;
    ctx_.MarkChanged(fn);
    converted_any_ = true;
  }

  // Converts what a converted function contains; returns the node to keep
  // in its place (a converted lambda replaces the original).
  ast::Node* Inside(ast::Node& node) {
    if (auto* fn = node.As<ast::FunctionDef>()) {
      // Decorators and defaults run in the enclosing function: their lambdas
      // are converted; the body is the nested function's own business.
      for (ast::Expr*& decorator : fn->decorator_list) {
        decorator = static_cast<ast::Expr*>(Inside(*decorator));
      }
      ast::TransformChildren(*fn->args,
                             [&](ast::Node* child) { return Inside(*child); });
      Function(*fn);
      return fn;
    }
    if (auto* fn = node.As<ast::AsyncFunctionDef>()) {
      ctx_.Emit(diag::DiagKind::kAsyncNotConverted, *fn, fn->name);
      return fn;
    }
    if (node.Is<ast::JoinedStr>()) {
      return &node;  // printed as written: its lambdas stay as they are
    }
    ast::TransformChildren(node,
                           [&](ast::Node* child) { return Inside(*child); });
    if (auto* lambda = node.As<ast::Lambda>()) {
      return Lambda(*lambda);
    }
    return &node;
  }

  ast::Node* Lambda(ast::Lambda& lambda) {
    codegen::Namer namer(lambda);
    std::string_view scope = namer.New(module_, "lscope");
    lambda.body = codegen::InstantiateExpr(
        module_,
        "ag__.with_function_scope(lambda scope: body, scope_name, ag__.STD)",
        {{"scope", codegen::Name(scope)},
         {"body", lambda.body},
         {"scope_name", codegen::StrConstant(module_, scope, lambda.origin)}},
        lambda.origin);
    return codegen::InstantiateExpr(module_, "ag__.autograph_artifact(fn)",
                                    {{"fn", &lambda}}, lambda.origin);
  }

  void WrapBody(ast::FunctionDef& fn, std::string_view scope) {
    size_t first = !fn.body.empty() && IsDocstring(*fn.body[0]) ? 1 : 0;
    std::vector<ast::Stmt*> body(fn.body.begin() + first, fn.body.end());
    std::vector<ast::Stmt*> with = codegen::Instantiate(
        module_, R"(
            with ag__.FunctionScope(name, scope_name, ag__.STD) as scope:
                body
        )",
        {{"name", codegen::StrConstant(module_, fn.name, fn.origin)},
         {"scope_name", codegen::StrConstant(module_, scope, fn.origin)},
         {"scope", codegen::Name(scope)},
         {"body", body}},
        fn.origin);
    fn.body.erase(fn.body.begin() + first, fn.body.end());
    fn.body.insert(fn.body.end(), with.begin(), with.end());
    fn.decorator_list.push_back(codegen::InstantiateExpr(
        module_, "ag__.autograph_artifact", {}, fn.origin));
  }

  ast::Module& module_;
  pass::PassContext& ctx_;
  bool converted_any_ = false;
};

bool IsFutureImport(const ast::Stmt& stmt) {
  const auto* from = stmt.As<ast::ImportFrom>();
  return from != nullptr && from->module == "__future__" && from->level == 0;
}

// Inserts the runtime import after the docstring and `from __future__`
// imports, unless the module has the same statement there already.
void InsertRuntimeImport(ast::Module& module, pass::PassContext& ctx) {
  size_t at = 0;
  if (at < module.body.size() && IsDocstring(*module.body[at])) {
    ++at;
  }
  while (at < module.body.size() && IsFutureImport(*module.body[at])) {
    ++at;
  }
  ast::Origin origin =
      at < module.body.size() ? module.body[at]->origin : ast::Origin{1, 1};
  std::vector<ast::Stmt*> import =
      codegen::Instantiate(module, ctx.options().runtime_import, {}, origin);
  for (size_t i = 0; i < module.body.size(); ++i) {
    const ast::Stmt& stmt = *module.body[i];
    if (stmt.Is<ast::Import>() || stmt.Is<ast::ImportFrom>()) {
      if (import.size() == 1 && codegen::PrintNode(module, stmt) ==
                                    codegen::PrintNode(module, *import[0])) {
        return;
      }
    }
  }
  module.body.insert(module.body.begin() + at, import.begin(), import.end());
}

class FunctionsPass : public pass::Pass {
 public:
  pass::Changed Run(ast::Module& module, pass::PassContext& ctx) override {
    Converter converter(module, ctx);
    converter.VisitBlock(module.body);
    if (!converter.converted_any()) {
      return pass::Changed::kNo;
    }
    InsertRuntimeImport(module, ctx);
    return pass::Changed::kYes;
  }
};

}  // namespace

std::unique_ptr<pass::Pass> Create() {
  return std::make_unique<FunctionsPass>();
}

analysis::AnalysisSet Analyses() {
  return {};
}

}  // namespace agc::passes::functions
