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
// A chained comparison is the `and` of its links, Python's own definition,
// so that it stages on tensors as under TensorFlow's AutoGraph:
//
//   lo < x <= hi  ->  ag__.and_(lambda: lo < x, lambda: x <= hi)
//
// A middle operand is then evaluated once per link, so only chains whose
// middle operands are names or constants are rewritten (TensorFlow's
// converter also duplicates calls, evaluating `f()` in `a < f() < b`
// twice); the others stay Python operators with an AGC105 note.
//
// Attaches: nothing. Requires: functions.
#include <memory>
#include <string>
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

// Why `compare`, a chain of two or more comparisons, cannot become the `and`
// of its links; empty if it can.
std::string_view ChainHazard(const ast::Compare& compare) {
  // Each link nests one `ag__.and_` call deeper; a chain that long (only
  // generated or hostile code has one) stays flat.
  constexpr size_t kMaxLinks = 100;
  if (compare.ops.size() > kMaxLinks) {
    return "a chain of more than 100 comparisons would nest too deeply as "
           "ag__.and_ calls";
  }
  for (size_t i = 0; i + 1 < compare.comparators.size(); ++i) {
    const ast::Expr& middle = *compare.comparators[i];
    if (!middle.Is<ast::Name>() && !middle.Is<ast::Constant>()) {
      return "a middle operand other than a name or a constant would be "
             "evaluated twice";
    }
  }
  std::string_view hazard = ThunkHazard(*compare.left);
  for (size_t i = 0; i < compare.comparators.size() && hazard.empty(); ++i) {
    hazard = ThunkHazard(*compare.comparators[i]);
  }
  return hazard;
}

// ag__.and_ over the links of `compare` from link `first` on, nested to the
// right; each link gets its own copy of a shared middle operand.
ast::Expr* Links(ast::Module& module,
                 ast::Compare& compare,
                 size_t first,
                 ast::Origin origin) {
  ast::Expr* left = first == 0
                        ? compare.left
                        : ast::CloneAs(module, *compare.comparators[first - 1]);
  std::string text = "left ";
  text += ast::OperatorText(compare.ops[first]);
  text += " right";
  ast::Expr* link = codegen::InstantiateExpr(
      module, text, {{"left", left}, {"right", compare.comparators[first]}},
      origin);
  if (first + 1 == compare.ops.size()) {
    return link;
  }
  return codegen::InstantiateExpr(
      module, "ag__.and_(lambda: a, lambda: b)",
      {{"a", link}, {"b", Links(module, compare, first + 1, origin)}}, origin);
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
          if (auto* compare = node.As<ast::Compare>()) {
            if (compare->ops.size() < 2) {
              return &node;
            }
            std::string_view hazard =
                where.class_body
                    ? "lambdas in a class body cannot see its names"
                    : ChainHazard(*compare);
            if (!hazard.empty()) {
              ctx.Emit(diag::DiagKind::kOperatorKept, node,
                       ast::OperatorText(compare->ops[0]), hazard);
              return &node;
            }
            changed = true;
            return Links(module, *compare, 0, node.origin);
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
