// logical_expressions: `and`, `or` and `not` inside converted functions go
// through the runtime; operands are thunks, so short-circuiting and the
// order of evaluation stay Python's:
//
//   a and b and c  ->  ag__.and_(lambda: a, lambda: ag__.and_(lambda: b,
//   lambda: c)) a or b         ->  ag__.or_(lambda: a, lambda: b) not a ->
//   ag__.not_(a)
//
// `and`/`or` stay Python operators, with an AGC105 note, where moving an
// operand into a lambda would change it (see ThunkHazard) and in class
// bodies, whose names lambdas cannot see.
//
// Attaches: nothing. Requires: functions.
#include <memory>
#include <string_view>

#include "lib/analysis/manager.h"
#include "lib/ast/ast.h"
#include "lib/codegen/template.h"
#include "lib/pass/pass.h"
#include "passes/converted_code.h"

namespace agc::passes::logical_expressions {
namespace {

// ag__.and_/or_ over values[first:], nested to the right.
ast::Expr* Chain(ast::Module& module,
                 const ast::BoolOp& op,
                 size_t first,
                 ast::Origin origin) {
  if (first + 1 == op.values.size()) {
    return op.values[first];
  }
  return codegen::InstantiateExpr(
      module,
      op.op == ast::BoolOpKind::kAnd ? "ag__.and_(lambda: a, lambda: b)"
                                     : "ag__.or_(lambda: a, lambda: b)",
      {{"a", op.values[first]}, {"b", Chain(module, op, first + 1, origin)}},
      origin);
}

class LogicalExpressionsPass : public pass::Pass {
 public:
  pass::Changed Run(ast::Module& module, pass::PassContext& ctx) override {
    bool changed = false;
    RewriteConvertedCode(
        module, [&](ast::Node& node, const CodeContext& where) -> ast::Node* {
          if (auto* unary = node.As<ast::UnaryOp>()) {
            if (unary->op != ast::UnaryOpKind::kNot) {
              return &node;
            }
            changed = true;
            return codegen::InstantiateExpr(
                module, "ag__.not_(a)", {{"a", unary->operand}}, node.origin);
          }
          auto* op = node.As<ast::BoolOp>();
          if (op == nullptr) {
            return &node;
          }
          std::string_view hazard =
              where.class_body ? "lambdas in a class body cannot see its names"
                               : std::string_view();
          for (size_t i = 0; i < op->values.size() && hazard.empty(); ++i) {
            hazard = ThunkHazard(*op->values[i]);
          }
          if (!hazard.empty()) {
            ctx.Emit(diag::DiagKind::kOperatorKept, node,
                     ast::OperatorText(op->op), hazard);
            return &node;
          }
          changed = true;
          return Chain(module, *op, 0, node.origin);
        });
    return changed ? pass::Changed::kYes : pass::Changed::kNo;
  }
};

}  // namespace

std::unique_ptr<pass::Pass> Create() {
  return std::make_unique<LogicalExpressionsPass>();
}

analysis::AnalysisSet Analyses() {
  return {};
}

}  // namespace agc::passes::logical_expressions
