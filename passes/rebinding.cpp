#include "passes/rebinding.h"

#include "lib/base/check.h"
#include "lib/codegen/template.h"
#include "passes/converted_code.h"

namespace agc::passes {
namespace {

// Whether a scope below `scope` declares `symbol` nonlocal.
bool ReboundBelow(const analysis::Scope& scope, analysis::SymbolId symbol) {
  for (const analysis::Scope* child : scope.children) {
    if (child->nonlocals.Contains(symbol) || ReboundBelow(*child, symbol)) {
      return true;
    }
  }
  return false;
}

bool IsConstant(const ast::Expr& expr) {
  return expr.Is<ast::Constant>();
}

}  // namespace

bool IsAssignmentTarget(const ast::Node& node) {
  ast::ExprContext ctx = ast::ExprContext::kLoad;
  if (const auto* name = node.As<ast::Name>()) {
    ctx = name->ctx;
  } else if (const auto* attr = node.As<ast::Attribute>()) {
    ctx = attr->ctx;
  } else if (const auto* sub = node.As<ast::Subscript>()) {
    ctx = sub->ctx;
  } else if (const auto* starred = node.As<ast::Starred>()) {
    ctx = starred->ctx;
  } else if (const auto* list = node.As<ast::List>()) {
    ctx = list->ctx;
  } else if (const auto* tuple = node.As<ast::Tuple>()) {
    ctx = tuple->ctx;
  }
  return ctx != ast::ExprContext::kLoad;
}

Rebinding::Rebinding(const ast::FunctionDef& fn,
                     const analysis::QualNames& names,
                     const analysis::Activity& activity,
                     const analysis::ReachingDefinitions& reaching)
    : names_(names), scope_(activity.ScopeOf(fn)), reaching_(reaching) {}

bool Rebinding::IsStableLocal(std::string_view name) const {
  analysis::SymbolId symbol = names_.Find(name);
  return symbol != analysis::kNoSymbol && scope_.bound.Contains(symbol) &&
         !scope_.globals.Contains(symbol) &&
         !scope_.nonlocals.Contains(symbol) && !ReboundBelow(scope_, symbol);
}

bool Rebinding::IsLocal(std::string_view name) const {
  analysis::SymbolId symbol = names_.Find(name);
  return symbol != analysis::kNoSymbol && scope_.bound.Contains(symbol);
}

bool Rebinding::IsInert(const ast::Expr& expr, const ast::Stmt& at) const {
  if (IsConstant(expr)) {
    return true;
  }
  if (const auto* unary = expr.As<ast::UnaryOp>()) {
    const auto* operand = unary->operand->As<ast::Constant>();
    return (unary->op == ast::UnaryOpKind::kUSub ||
            unary->op == ast::UnaryOpKind::kUAdd) &&
           operand != nullptr &&
           (operand->value_kind == ast::ConstantKind::kInt ||
            operand->value_kind == ast::ConstantKind::kFloat ||
            operand->value_kind == ast::ConstantKind::kComplex);
  }
  if (const auto* name = expr.As<ast::Name>()) {
    return IsStableLocal(name->id) &&
           !reaching_.MayBeUndefined(at, names_.Find(name->id));
  }
  return false;
}

bool Rebinding::IsList(std::string_view name, const ast::Stmt& at) const {
  // `ag__.new_list(...)`: a display the lists pass already rewrote.
  return AlwaysBoundTo(name, at, [](const ast::Expr& value) {
    return value.Is<ast::List>() || value.Is<ast::ListComp>() ||
           IsRuntimeCall(value, "new_list");
  });
}

bool Rebinding::AlwaysBoundTo(
    std::string_view name,
    const ast::Stmt& at,
    const std::function<bool(const ast::Expr&)>& is_value) const {
  analysis::SymbolId symbol = names_.Find(name);
  if (symbol == analysis::kNoSymbol) {
    return false;
  }
  for (const analysis::Definition* def : reaching_.Reaching(at, symbol)) {
    const auto* assign =
        def->kind == analysis::DefinitionKind::kBind && def->node != nullptr
            ? def->node->As<ast::Assign>()
            : nullptr;
    if (assign == nullptr || !is_value(*assign->value)) {
      return false;
    }
    bool direct = false;
    for (const ast::Expr* target : assign->targets) {
      const auto* target_name = target->As<ast::Name>();
      direct = direct || (target_name != nullptr && target_name->id == name);
    }
    if (!direct) {
      return false;  // `l, m = [], x`: the value may not be what `l` got
    }
  }
  return true;
}

bool HasWalrus(const ast::Node& node) {
  if (node.Is<ast::NamedExpr>()) {
    return true;
  }
  bool found = false;
  ast::ForEachChild(node, [&](const ast::Node* child) {
    found = found || HasWalrus(*child);
  });
  return found;
}

ast::Expr* ElementTypeOrNone(ast::Module& module,
                             const ast::FunctionDef& fn,
                             std::string_view list,
                             bool shape,
                             ast::Origin origin) {
  const ast::Module::ElementType* type = module.ElementTypeOf(fn, list);
  ast::Expr* known = type == nullptr ? nullptr
                     : shape         ? type->shape
                                     : type->dtype;
  if (known != nullptr) {
    return ast::CloneAs(module, *known);
  }
  return codegen::InstantiateExpr(module, "None", {}, origin);
}

bool IsIntLiteral(const ast::Expr& expr) {
  const ast::Expr* e = &expr;
  if (const auto* unary = e->As<ast::UnaryOp>();
      unary != nullptr && (unary->op == ast::UnaryOpKind::kUSub ||
                           unary->op == ast::UnaryOpKind::kUAdd)) {
    e = unary->operand;
  }
  const auto* constant = e->As<ast::Constant>();
  return constant != nullptr && constant->value_kind == ast::ConstantKind::kInt;
}

}  // namespace agc::passes
