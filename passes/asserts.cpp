// asserts: `assert` statements inside converted functions go through the
// runtime, so a staging runtime can turn them into graph assertions:
//
//   assert x > 0, f"bad {x}"   ->   if __debug__:
//                                       ag__.assert_stmt(x > 0, lambda: f"bad
//                                       {x}")
//   assert ok                  ->   if __debug__:
//                                       ag__.assert_stmt(ok, None)
//
// The message stays a thunk: it is evaluated only when the test fails, as
// Python does. An assert whose message a thunk would change (it binds a name
// with `:=`, or calls `locals()`, `super()`, ...: see ThunkHazard) stays as
// written. `if __debug__:` keeps what `python -O` does to an assert
// statement: neither the test nor the message runs (Python itself compiles
// the statement away; converted code checks `__debug__` when it runs).
// Optional, as in TensorFlow: enabled with `--passes default,asserts`.
//
// Attaches: kFlagLowered on the functions it changed (the `if` is new code
// control_flow analyses afresh). Requires: functions; no analyses.
#include <memory>
#include <vector>

#include "lib/analysis/manager.h"
#include "lib/ast/ast.h"
#include "lib/codegen/template.h"
#include "lib/pass/pass.h"
#include "passes/converted_code.h"

namespace agc::passes::asserts {
namespace {

class Rewriter {
 public:
  explicit Rewriter(ast::Module& module) : module_(module) {}

  // Rewrites the asserts of one converted function's own code; returns
  // whether it found any.
  bool Function(ast::FunctionDef& fn) {
    found_ = false;
    for (ast::Stmt*& stmt : fn.body) {
      stmt = static_cast<ast::Stmt*>(Visit(*stmt));
    }
    return found_;
  }

 private:
  // The node to keep in `node`'s place: asserts are lowered, compound
  // statements (and their handlers and match cases) searched.
  ast::Node* Visit(ast::Node& node) {
    if (auto* assert = node.As<ast::Assert>()) {
      if (assert->msg != nullptr && !ThunkHazard(*assert->msg).empty()) {
        // A message that binds a name (`:=`) or looks at its frame would do
        // something else in a thunk: the assert stays as written.
        return &node;
      }
      found_ = true;
      return Lower(*assert);
    }
    if (node.Is<ast::FunctionDef>() || node.Is<ast::AsyncFunctionDef>() ||
        node.Is<ast::ClassDef>()) {
      return &node;  // another scope: converted on its own, or not at all
    }
    ast::TransformChildren(node, [&](ast::Node* child) -> ast::Node* {
      bool block_part = child->category() == ast::Category::kStmt ||
                        child->Is<ast::ExceptHandler>() ||
                        child->Is<ast::MatchCase>();
      return block_part ? Visit(*child) : child;
    });
    return &node;
  }

  ast::Stmt* Lower(ast::Assert& assert) {
    if (assert.msg == nullptr) {
      return codegen::Instantiate(module_, R"(
          if __debug__:
              ag__.assert_stmt(test, None)
      )",
                                  {{"test", assert.test}}, assert.origin)[0];
    }
    return codegen::Instantiate(module_, R"(
        if __debug__:
            ag__.assert_stmt(test, lambda: msg)
    )",
                                {{"test", assert.test}, {"msg", assert.msg}},
                                assert.origin)[0];
  }

  ast::Module& module_;
  bool found_ = false;
};

class AssertsPass : public pass::Pass {
 public:
  pass::Changed Run(ast::Module& module, pass::PassContext& ctx) override {
    Rewriter rewriter(module);
    bool changed = false;
    for (ast::FunctionDef* fn : ConvertedFunctions(module)) {
      if (rewriter.Function(*fn)) {
        fn->flags |= ast::kFlagLowered;
        ctx.MarkChanged(*fn);
        changed = true;
      }
    }
    return changed ? pass::Changed::kYes : pass::Changed::kNo;
  }
};

}  // namespace

std::unique_ptr<pass::Pass> Create() {
  return std::make_unique<AssertsPass>();
}

analysis::AnalysisSet Analyses() {
  return {};
}

}  // namespace agc::passes::asserts
