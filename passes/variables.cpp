// variables: reads of names that may be unbound go through the runtime.
//
//   if c:                          ...
//       y = 1              ->      return ag__.ld(y)
//   return y
//
// After control_flow, such a name holds `ag__.Undefined('y')` instead of
// being unbound; `ag__.ld` turns that back into Python's UnboundLocalError
// (same text) and returns any other value unchanged. Which reads need it is
// decided on the original program (the unbound_reads analysis of the input,
// before any pass): exactly the reads that could raise UnboundLocalError
// there. Every other read stays a plain name, so converted code stays
// readable. Names the passes generated are never wrapped.
//
// `del x` stays as written: a later read raises Python's own error, and
// get_state reads names that may be deleted through `ag__.ldu`.
//
// Attaches: nothing. Requires: functions; the original unbound_reads.
#include <memory>
#include <string_view>

#include "lib/analysis/manager.h"
#include "lib/analysis/unbound_reads.h"
#include "lib/ast/ast.h"
#include "lib/codegen/template.h"
#include "lib/pass/pass.h"
#include "passes/converted_code.h"

namespace agc::passes::variables {
namespace {

class VariablesPass : public pass::Pass {
 public:
  pass::Changed Run(ast::Module& module, pass::PassContext& ctx) override {
    const auto& unbound = ctx.analyses().GetOriginal<analysis::UnboundReads>();
    bool changed = false;
    RewriteConvertedCode(
        module, [&](ast::Node& node, const CodeContext&) -> ast::Node* {
          auto* name = node.As<ast::Name>();
          if (name == nullptr || name->ctx != ast::ExprContext::kLoad ||
              !unbound.MayBeUnbound(*name)) {
            return &node;
          }
          changed = true;
          return codegen::InstantiateExpr(module, "ag__.ld(x)", {{"x", name}},
                                          name->origin);
        });
    return changed ? pass::Changed::kYes : pass::Changed::kNo;
  }
};

}  // namespace

std::unique_ptr<pass::Pass> Create() {
  return std::make_unique<VariablesPass>();
}

analysis::AnalysisSet Analyses() {
  return {analysis::Original<analysis::UnboundReads>()};
}

}  // namespace agc::passes::variables
