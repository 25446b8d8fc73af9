#include "passes/converted_code.h"

namespace agc::passes {
namespace {

void CollectConverted(ast::Node& node, std::vector<ast::FunctionDef*>& out) {
  if (auto* fn = node.As<ast::FunctionDef>();
      fn != nullptr && (fn->flags & ast::kFlagConverted) != 0) {
    out.push_back(fn);
  }
  if (node.Is<ast::AsyncFunctionDef>()) {
    return;
  }
  ast::ForEachChild(node, [&](ast::Node* child) {
    if (child->category() == ast::Category::kStmt ||
        child->Is<ast::ExceptHandler>() || child->Is<ast::MatchCase>()) {
      CollectConverted(*child, out);
    }
  });
}

}  // namespace

std::vector<ast::FunctionDef*> ConvertedFunctions(ast::Module& module) {
  std::vector<ast::FunctionDef*> out;
  for (ast::Stmt* stmt : module.body) {
    CollectConverted(*stmt, out);
  }
  return out;
}

bool IsFrameBuiltin(std::string_view name) {
  static constexpr std::string_view kFrameBuiltins[] = {
      "super", "locals", "vars", "dir", "eval", "exec"};
  for (std::string_view builtin : kFrameBuiltins) {
    if (name == builtin) {
      return true;
    }
  }
  return false;
}

bool IsRuntimeAttr(const ast::Expr& expr, std::string_view name) {
  const auto* attr = expr.As<ast::Attribute>();
  if (attr == nullptr || (!name.empty() && attr->attr != name)) {
    return false;
  }
  const auto* base = attr->value->As<ast::Name>();
  return base != nullptr && base->id == "ag__";
}

bool IsRuntimeCall(const ast::Expr& expr, std::string_view name) {
  const auto* call = expr.As<ast::Call>();
  return call != nullptr && IsRuntimeAttr(*call->func, name);
}

std::string_view ThunkHazard(const ast::Expr& expr) {
  std::string_view why;
  auto visit = [&](auto& self, const ast::Node& node) -> void {
    if (!why.empty()) {
      return;
    }
    if (node.Is<ast::NamedExpr>()) {
      why = "it binds a name with ':='";
    } else if (node.Is<ast::Yield>() || node.Is<ast::YieldFrom>()) {
      why = "it yields";
    } else if (node.Is<ast::Await>()) {
      why = "it awaits";
    } else if (const auto* call = node.As<ast::Call>()) {
      if (const auto* name = call->func->As<ast::Name>();
          name != nullptr && IsFrameBuiltin(name->id)) {
        why = "it calls a builtin that looks at its caller's frame";
      }
    }
    if (node.Is<ast::Lambda>()) {
      return;  // a lambda's body is its own frame already
    }
    ast::ForEachChild(node,
                      [&](const ast::Node* child) { self(self, *child); });
  };
  visit(visit, expr);
  return why;
}

std::string_view FunctionScopeName(const ast::FunctionDef& fn) {
  for (const ast::Stmt* stmt : fn.body) {
    const auto* with = stmt->As<ast::With>();
    if (with == nullptr) {
      continue;
    }
    if (with->items.size() == 1 &&
        IsRuntimeCall(*with->items[0]->context_expr, "FunctionScope") &&
        with->items[0]->optional_vars != nullptr &&
        with->items[0]->optional_vars->Is<ast::Name>()) {
      return with->items[0]->optional_vars->Cast<ast::Name>().id;
    }
    return {};
  }
  return {};
}

}  // namespace agc::passes
