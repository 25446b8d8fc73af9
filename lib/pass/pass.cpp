#include "lib/pass/pass.h"

namespace agc::pass {

void PassContext::MarkChanged(ast::Node& function) {
  AGC_CHECK(function.kind == ast::Kind::kFunctionDef ||
            function.kind == ast::Kind::kAsyncFunctionDef ||
            function.kind == ast::Kind::kLambda);
  function.flags |= ast::kFlagChanged;
}

}  // namespace agc::pass
