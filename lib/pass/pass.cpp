#include "lib/pass/pass.h"

#include <fmt/format.h>

namespace agc::pass {

std::optional<ControlFlowForm> ParseControlFlowForm(std::string_view name) {
  if (name == "nonlocal") {
    return ControlFlowForm::kNonlocal;
  }
  if (name == "functional") {
    return ControlFlowForm::kFunctional;
  }
  return std::nullopt;
}

std::string_view ControlFlowFormName(ControlFlowForm form) {
  return form == ControlFlowForm::kFunctional ? "functional" : "nonlocal";
}

std::string BadControlFlowForm(std::string_view value) {
  return fmt::format(
      "'{}' is not a control-flow form (use nonlocal or functional)", value);
}

void PassContext::MarkChanged(ast::Node& function) {
  AGC_CHECK(function.kind == ast::Kind::kFunctionDef ||
            function.kind == ast::Kind::kAsyncFunctionDef ||
            function.kind == ast::Kind::kLambda);
  function.flags |= ast::kFlagChanged;
}

}  // namespace agc::pass
