// What the passes after `functions` share: finding the code that runs inside
// converted functions, and the name of the function scope it runs in.
//
// The `functions` pass gives each converted function the shape
//
//   def f(...):
//       """Doc."""
//       with ag__.FunctionScope('f', 'fscope', ag__.STD) as fscope:
//           ...
//
// and each lambda inside one the shape
//
//   lambda x: ag__.with_function_scope(lambda lscope: ..., 'lscope', ag__.STD)
//
// The expression passes (call_trees, conditional_expressions,
// logical_expressions, variables) rewrite every expression inside those
// bodies, bottom-up, knowing which scope name (`fscope`, `lscope`, ...) the
// code sees. Decorators and default values of a nested function run in the
// enclosing function, so they are visited with the enclosing scope. An
// f-string is printed as written, so what it interpolates is not visited. The
// bodies of functions left unconverted (generators, async, do_not_convert)
// are not visited; neither is anything outside converted functions. The
// helpers control_flow generates (kFlagHelper) are visited as the code of
// the function they sit in.
#pragma once

#include <string_view>
#include <vector>

#include "lib/ast/ast.h"

namespace agc::passes {

// The scope name of a converted function (`fscope`); empty when `fn` does
// not have the functions pass's shape.
std::string_view FunctionScopeName(const ast::FunctionDef& fn);

// Every converted function of the module (kFlagConverted; nested ones and
// methods included), outer ones before the functions nested in them, in
// source order.
std::vector<ast::FunctionDef*> ConvertedFunctions(ast::Module& module);

// Whether `expr` is `ag__.<name>` (any name when `name` is empty).
bool IsRuntimeAttr(const ast::Expr& expr, std::string_view name = {});

// Whether `call` calls the runtime (`ag__.anything(...)`).
bool IsRuntimeCall(const ast::Expr& expr, std::string_view name = {});

// Whether `name` is a builtin that looks at its caller's frame (`super`,
// `locals`, `vars`, `dir`, `eval`, `exec`): moved into another function
// (a thunk, a helper) its call would see that function instead. (Calls of
// the builtin `locals()`/`vars()` in converted code are snapshots by the
// time the expression passes run, see locals_calls.h; one still spelled so
// calls the user's own `locals`, or runs in a class body or comprehension.)
bool IsFrameBuiltin(std::string_view name);

// Calls fn(std::vector<ast::Stmt*>&) for every statement list directly inside
// `stmt` (bodies, else branches, handlers, cases), but not those of nested
// functions and classes.
template <typename Fn>
void ForEachBlock(ast::Stmt& stmt, Fn&& fn) {
  switch (stmt.kind) {
    case ast::Kind::kIf: {
      auto& s = stmt.Cast<ast::If>();
      fn(s.body);
      fn(s.orelse);
      break;
    }
    case ast::Kind::kWhile: {
      auto& s = stmt.Cast<ast::While>();
      fn(s.body);
      fn(s.orelse);
      break;
    }
    case ast::Kind::kFor: {
      auto& s = stmt.Cast<ast::For>();
      fn(s.body);
      fn(s.orelse);
      break;
    }
    case ast::Kind::kAsyncFor: {
      auto& s = stmt.Cast<ast::AsyncFor>();
      fn(s.body);
      fn(s.orelse);
      break;
    }
    case ast::Kind::kWith:
      fn(stmt.Cast<ast::With>().body);
      break;
    case ast::Kind::kAsyncWith:
      fn(stmt.Cast<ast::AsyncWith>().body);
      break;
    case ast::Kind::kTry: {
      auto& s = stmt.Cast<ast::Try>();
      fn(s.body);
      for (ast::ExceptHandler* h : s.handlers) {
        fn(h->body);
      }
      fn(s.orelse);
      fn(s.finalbody);
      break;
    }
    case ast::Kind::kTryStar: {
      auto& s = stmt.Cast<ast::TryStar>();
      fn(s.body);
      for (ast::ExceptHandler* h : s.handlers) {
        fn(h->body);
      }
      fn(s.orelse);
      fn(s.finalbody);
      break;
    }
    case ast::Kind::kMatch:
      for (ast::MatchCase* c : stmt.Cast<ast::Match>().cases) {
        fn(c->body);
      }
      break;
    default:
      break;
  }
}

// Where a node inside a converted function runs.
struct CodeContext {
  std::string_view scope;   // the function scope's name (`fscope`, `lscope`)
  bool class_body = false;  // directly in a class body (lambdas created there
                            // cannot see the class's names)
};

// Whether moving `expr` into a lambda (a thunk) would change what it does: it
// binds a name with `:=`, yields or awaits, or calls a builtin that looks at
// its caller's frame (`super`, `locals`, `vars`, `dir`, `eval`, `exec`). The
// reason in words, or empty. A snapshot of locals
// (`ag__.locals_(fscope, names)`, see locals_calls.h) is no hazard: the
// runtime finds the function's frame from inside any thunk.
std::string_view ThunkHazard(const ast::Expr& expr);

// Calls `rewrite(ast::Node& node, const CodeContext& where) -> ast::Node*` on
// every node inside converted functions (children before parents) and puts
// what it returns in the node's place. Statement lists keep their length:
// `rewrite` returns one node for one node.
template <typename Rewrite>
void RewriteConvertedCode(ast::Module& module, Rewrite&& rewrite);

// --- implementation ---------------------------------------------------------

namespace internal {

template <typename Rewrite>
class ConvertedCodeWalker {
 public:
  explicit ConvertedCodeWalker(Rewrite& rewrite) : rewrite_(rewrite) {}

  // Statements outside converted functions: look for converted functions.
  void Outside(ast::Node& node) {
    if (auto* fn = node.As<ast::FunctionDef>()) {
      if ((fn->flags & ast::kFlagConverted) != 0) {
        Body(*fn);
      }
      if ((fn->flags & ast::kFlagOriginal) == 0) {
        return;  // an eager original's body holds its nested twins
      }
    }
    if (node.Is<ast::AsyncFunctionDef>() || node.Is<ast::Lambda>()) {
      return;
    }
    ast::ForEachChild(node, [&](ast::Node* child) {
      if (child->category() == ast::Category::kStmt ||
          child->Is<ast::ExceptHandler>() || child->Is<ast::MatchCase>()) {
        Outside(*child);
      }
    });
  }

 private:
  void Body(ast::FunctionDef& fn) {
    CodeContext where{FunctionScopeName(fn), false};
    AGC_CHECK_MSG(!where.scope.empty(), "converted function without its scope");
    for (ast::Stmt*& stmt : fn.body) {
      stmt = static_cast<ast::Stmt*>(Inside(*stmt, where));
    }
  }

  ast::Node* Inside(ast::Node& node, const CodeContext& scope) {
    if (auto* fn = node.As<ast::FunctionDef>();
        fn != nullptr && (fn->flags & ast::kFlagHelper) != 0) {
      // control_flow's helpers: the enclosing function's own code.
      CodeContext body{scope.scope, false};
      for (ast::Stmt*& stmt : fn->body) {
        stmt = static_cast<ast::Stmt*>(Inside(*stmt, body));
      }
      return rewrite_(node, scope);
    }
    if (auto* fn = node.As<ast::FunctionDef>()) {
      EnclosingParts(*fn, scope);
      if ((fn->flags & ast::kFlagConverted) != 0) {
        Body(*fn);
      }
      return rewrite_(node, scope);
    }
    if (auto* fn = node.As<ast::AsyncFunctionDef>()) {
      EnclosingParts(*fn, scope);
      return rewrite_(node, scope);
    }
    if (node.Is<ast::JoinedStr>()) {
      // An f-string prints as written: rewriting what it interpolates would
      // change the tree but not the output.
      return rewrite_(node, scope);
    }
    if (auto* call = node.As<ast::Call>()) {
      if (IsRuntimeCall(*call, "with_function_scope") && !call->args.empty() &&
          call->args[0]->Is<ast::Lambda>()) {
        // A converted lambda's body runs in the lambda's own scope.
        auto& thunk = call->args[0]->Cast<ast::Lambda>();
        AGC_CHECK(thunk.args->args.size() == 1);
        thunk.body = static_cast<ast::Expr*>(
            Inside(*thunk.body, CodeContext{thunk.args->args[0]->arg, false}));
        return rewrite_(node, scope);
      }
    }
    if (auto* cls = node.As<ast::ClassDef>()) {
      CodeContext body{scope.scope, true};
      ast::TransformChildren(node, [&](ast::Node* child) {
        bool in_body = child->category() == ast::Category::kStmt;
        return Inside(*child, in_body ? body : scope);
      });
      return rewrite_(*cls, scope);
    }
    ast::TransformChildren(
        node, [&](ast::Node* child) { return Inside(*child, scope); });
    return rewrite_(node, scope);
  }

  // Decorators, defaults and annotations run in the enclosing scope.
  template <typename Fn>
  void EnclosingParts(Fn& fn, const CodeContext& scope) {
    for (ast::Expr*& decorator : fn.decorator_list) {
      decorator = static_cast<ast::Expr*>(Inside(*decorator, scope));
    }
    fn.args = static_cast<ast::Arguments*>(Inside(*fn.args, scope));
    if (fn.returns != nullptr) {
      fn.returns = static_cast<ast::Expr*>(Inside(*fn.returns, scope));
    }
  }

  Rewrite& rewrite_;
};

}  // namespace internal

template <typename Rewrite>
void RewriteConvertedCode(ast::Module& module, Rewrite&& rewrite) {
  internal::ConvertedCodeWalker<std::remove_reference_t<Rewrite>> walker(
      rewrite);
  for (ast::Stmt* stmt : module.body) {
    walker.Outside(*stmt);
  }
}

}  // namespace agc::passes
