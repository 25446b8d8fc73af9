// break_statements: `break` inside the loops of converted functions becomes
// a flag the loop tests, so control_flow can turn the loop into
// ag__.while_stmt / ag__.for_stmt:
//
//   while i < n:                     break_ = False
//       if f(i):                     while not break_ and i < n:
//           break                        if f(i):
//       i += 1               ->              break_ = True
//   else:                                if not break_:
//       g()                                  i += 1
//                                    if not break_:
//                                        g()
//
// Each loop whose own body holds a `break` gets its own flag (`break_`,
// `break__1`, ... unique in the function), set to False before the loop;
// the statements after a possible `break` are guarded (see loop_jumps.h). A
// `while` test becomes `not break_ and test` (`while True:` becomes `while
// not break_:`); a `for` loop gets the extra test `not break_`, which
// control_flow passes to ag__.for_stmt: the loop stops before it fetches the
// next element, as Python's does. A loop's `else` runs after the loop under
// `if not break_:`: exactly when the loop ended without `break`.
//
// Runs only when control_flow runs: without it the loops stay Python loops
// and so does their `break`. A `break` inside `finally` is not lowered: the
// functions pass leaves that function as written (AGC201).
//
// Attaches: the loop extra tests of ast::Module (SetLoopExtraTest);
// kFlagLowered on the functions it changed. Requires: functions; no
// analyses.
#include <memory>
#include <string_view>
#include <vector>

#include "lib/analysis/manager.h"
#include "lib/ast/ast.h"
#include "lib/codegen/template.h"
#include "lib/pass/pass.h"
#include "passes/loop_jumps.h"

namespace agc::passes::break_statements {
namespace {

bool IsTrue(const ast::Expr& expr) {
  const auto* constant = expr.As<ast::Constant>();
  return constant != nullptr &&
         constant->value_kind == ast::ConstantKind::kTrue;
}

void Lower(ast::Module& module,
           ast::Stmt& loop,
           std::string_view flag,
           std::vector<ast::Stmt*>& out) {
  std::vector<ast::Stmt*> init = codegen::Instantiate(
      module, "flag = False", {{"flag", codegen::Name(flag)}}, loop.origin);
  out.insert(out.end(), init.begin(), init.end());
  if (auto* w = loop.As<ast::While>()) {
    w->test = IsTrue(*w->test)
                  ? codegen::InstantiateExpr(module, "not flag",
                                             {{"flag", codegen::Name(flag)}},
                                             w->test->origin)
                  : codegen::InstantiateExpr(
                        module, "not flag and test",
                        {{"flag", codegen::Name(flag)}, {"test", w->test}},
                        w->test->origin);
  } else {
    auto& f = loop.Cast<ast::For>();
    module.SetLoopExtraTest(
        f, codegen::InstantiateExpr(module, "not flag",
                                    {{"flag", codegen::Name(flag)}}, f.origin));
  }
  out.push_back(&loop);
  std::vector<ast::Stmt*>& orelse = loop_jumps::OrElseOf(loop);
  if (!orelse.empty()) {
    std::vector<ast::Stmt*> guarded = codegen::Instantiate(
        module, R"(
            if not flag:
                orelse
        )",
        {{"flag", codegen::Name(flag)}, {"orelse", orelse}}, orelse[0]->origin);
    orelse.clear();
    out.insert(out.end(), guarded.begin(), guarded.end());
  }
}

class BreakStatementsPass : public pass::Pass {
 public:
  pass::Changed Run(ast::Module& module, pass::PassContext& ctx) override {
    if (!ctx.IsSelected("control_flow")) {
      return pass::Changed::kNo;  // Python loops keep Python's break
    }
    return loop_jumps::LowerLoops(module, ctx, ast::Kind::kBreak, "break_",
                                  &Lower)
               ? pass::Changed::kYes
               : pass::Changed::kNo;
  }
};

}  // namespace

std::unique_ptr<pass::Pass> Create() {
  return std::make_unique<BreakStatementsPass>();
}

analysis::AnalysisSet Analyses() {
  return {};
}

}  // namespace agc::passes::break_statements
