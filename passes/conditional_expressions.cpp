// conditional_expressions: ternaries inside converted functions go through
// the runtime, with each branch in a thunk so only the chosen one runs:
//
//   a if c else b  ->  ag__.if_exp(c, lambda: a, lambda: b, 'c')
//
// The last argument is the condition's text (for staging error messages).
// A ternary stays a Python operator, with an AGC105 note, where moving a
// branch into a lambda would change it (see ThunkHazard) and in class
// bodies, whose names lambdas cannot see.
//
// Attaches: nothing. Requires: functions.
#include <memory>
#include <string>
#include <string_view>

#include "lib/analysis/manager.h"
#include "lib/ast/ast.h"
#include "lib/codegen/printer.h"
#include "lib/codegen/template.h"
#include "lib/pass/pass.h"
#include "passes/converted_code.h"

namespace agc::passes::conditional_expressions {
namespace {

class ConditionalExpressionsPass : public pass::Pass {
 public:
  pass::Changed Run(ast::Module& module, pass::PassContext& ctx) override {
    bool changed = false;
    RewriteConvertedCode(
        module, [&](ast::Node& node, const CodeContext& where) -> ast::Node* {
          auto* ifexp = node.As<ast::IfExp>();
          if (ifexp == nullptr) {
            return &node;
          }
          std::string_view hazard =
              where.class_body ? "lambdas in a class body cannot see its names"
                               : ThunkHazard(*ifexp->body);
          if (hazard.empty()) {
            hazard = ThunkHazard(*ifexp->orelse);
          }
          if (!hazard.empty()) {
            ctx.Emit(diag::DiagKind::kOperatorKept, node, "if-else", hazard);
            return &node;
          }
          changed = true;
          std::string test_text = codegen::PrintNode(module, *ifexp->test);
          // The text is for messages only. A test that holds converted
          // conditionals holds their texts, escaped once more at each level:
          // without a cap, nested conditionals grow the output exponentially.
          constexpr size_t kMaxTextBytes = 1000;
          if (test_text.size() > kMaxTextBytes) {
            size_t cut = kMaxTextBytes;
            while (cut > 0 && (static_cast<unsigned char>(test_text[cut]) &
                               0xC0) == 0x80) {
              --cut;  // keep whole UTF-8 characters
            }
            test_text.resize(cut);
            test_text += "...";
          }
          return codegen::InstantiateExpr(
              module, "ag__.if_exp(test, lambda: body, lambda: orelse, text)",
              {{"test", ifexp->test},
               {"body", ifexp->body},
               {"orelse", ifexp->orelse},
               {"text", codegen::StrConstant(module, test_text, node.origin)}},
              node.origin);
        });
    return changed ? pass::Changed::kYes : pass::Changed::kNo;
  }
};

}  // namespace

std::unique_ptr<pass::Pass> Create() {
  return std::make_unique<ConditionalExpressionsPass>();
}

analysis::AnalysisSet Analyses() {
  return {};
}

}  // namespace agc::passes::conditional_expressions
