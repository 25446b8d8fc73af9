// The conversion of a function (Converter, converter.h): the walk that
// finds the functions to convert outside converted code, what a converted
// function's body holds (nested functions, lambdas, locals() calls), the
// lambdas' scopes, and the function scope its body moves into, with the
// mark of a converted function or of an eager original's twin.
#include "passes/functions/converter.h"

#include <string_view>
#include <vector>

#include "lib/ast/ast.h"
#include "lib/codegen/namer.h"
#include "lib/codegen/template.h"
#include "passes/locals_calls.h"

namespace agc::passes::functions {

bool IsDocstring(const ast::Stmt& stmt) {
  const auto* expr = stmt.As<ast::ExprStmt>();
  if (expr == nullptr) {
    return false;
  }
  const auto* constant = expr->value->As<ast::Constant>();
  return constant != nullptr && constant->value_kind == ast::ConstantKind::kStr;
}

// Statements outside converted functions: module level, class bodies and
// blocks of compound statements there.
void Converter::VisitBlock(std::vector<ast::Stmt*>& body) {
  if (ctx_.options().eager_originals) {
    OriginalBlock(body);
    return;
  }
  for (ast::Stmt* stmt : body) {
    VisitStmt(*stmt);
  }
}

void Converter::VisitStmt(ast::Stmt& stmt) {
  if (auto* fn = stmt.As<ast::FunctionDef>()) {
    Function(*fn);
    return;
  }
  if (auto* fn = stmt.As<ast::AsyncFunctionDef>()) {
    Emit(diag::DiagKind::kAsyncNotConverted, *fn, fn->name);
    return;
  }
  // Blocks nested in compound statements (class bodies, if/try/with/for/
  // while/match bodies, handlers, cases).
  ast::ForEachChild(stmt, [&](ast::Node* child) { VisitNested(*child); });
}

void Converter::VisitNested(ast::Node& node) {
  if (node.category() == ast::Category::kStmt) {
    VisitStmt(static_cast<ast::Stmt&>(node));
  } else if (node.Is<ast::ExceptHandler>() || node.Is<ast::MatchCase>()) {
    ast::ForEachChild(node, [&](ast::Node* child) { VisitNested(*child); });
  }
}

void Converter::Function(ast::FunctionDef& fn) {
  if (Convertible(fn)) {
    Convert(fn, {});
  }
}

// Converts `fn` (and what it contains); `twin_of`: the original's name
// when `fn` is an eager original's twin (marked with ag__.twin_of).
void Converter::Convert(ast::FunctionDef& fn, std::string_view twin_of) {
  // The scope's name is chosen before nested functions add theirs: each
  // nested function's own `fscope` shadows this one, which is what its
  // code means.
  std::string_view scope = codegen::Namer(fn).New(module_, "fscope");
  // Then what is inside: nested functions, lambdas anywhere, and calls of
  // locals().
  function_scopes_.push_back(scope);
  for (ast::Stmt*& stmt : fn.body) {
    stmt = static_cast<ast::Stmt*>(Inside(*stmt));
  }
  function_scopes_.pop_back();
  WrapBody(fn, scope, twin_of);
  fn.flags |= ast::kFlagConverted;
  ctx_.MarkChanged(fn);
  converted_any_ = true;
}

// Converts what a converted function contains; returns the node to keep
// in its place (a converted lambda replaces the original).
ast::Node* Converter::Inside(ast::Node& node) {
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
    Emit(diag::DiagKind::kAsyncNotConverted, *fn, fn->name);
    return fn;
  }
  if (node.Is<ast::JoinedStr>()) {
    return &node;  // printed as written: its lambdas stay as they are
  }
  if (auto* lambda = node.As<ast::Lambda>()) {
    // Defaults run in the enclosing scope, the body in the lambda's.
    lambda->args = static_cast<ast::Arguments*>(Inside(*lambda->args));
    lambda_scopes_.emplace_back();
    lambda->body = static_cast<ast::Expr*>(Inside(*lambda->body));
    return Lambda(*lambda);
  }
  ast::TransformChildren(node,
                         [&](ast::Node* child) { return Inside(*child); });
  if (auto* call = node.As<ast::Call>();
      call != nullptr && IsLocalsCall(*call)) {
    return Snapshot(*call);
  }
  return &node;
}

ast::Node* Converter::Lambda(ast::Lambda& lambda) {
  codegen::Namer namer(lambda);
  std::string_view scope = namer.New(module_, "lscope");
  for (ast::Name* name : lambda_scopes_.back()) {
    name->id = scope;
  }
  lambda_scopes_.pop_back();
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

void Converter::WrapBody(ast::FunctionDef& fn,
                         std::string_view scope,
                         std::string_view twin_of) {
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
  if (!twin_of.empty()) {
    fn.decorator_list.push_back(codegen::InstantiateExpr(
        module_, "ag__.twin_of(original, name)",
        {{"original", codegen::Name(twin_of)},
         {"name", codegen::StrConstant(module_, twin_of, fn.origin)}},
        fn.origin));
    return;
  }
  fn.decorator_list.push_back(codegen::InstantiateExpr(
      module_, "ag__.autograph_artifact", {}, fn.origin));
}

}  // namespace agc::passes::functions
