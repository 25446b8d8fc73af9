// continue_statements: `continue` inside the loops of converted functions
// becomes a flag that skips the rest of the iteration, so control_flow can
// turn the loop into ag__.while_stmt / ag__.for_stmt:
//
//   for x in xs:                     for x in xs:
//       if x < 0:                        continue_ = False
//           continue         ->          if x < 0:
//       total += x                           continue_ = True
//                                        if not continue_:
//                                            total += x
//
// Each loop whose own body holds a `continue` gets its own flag
// (`continue_`, `continue__1`, ... unique in the function), set to False as
// the first statement of every iteration; the statements after a possible
// `continue` are guarded (see loop_jumps.h). The flag is local to one
// iteration, so it is no loop state.
//
// Runs only when control_flow runs: without it the loops stay Python loops
// and so does their `continue`. A `continue` inside `finally` is not
// lowered: the functions pass leaves that function as written (AGC201).
//
// Attaches: kFlagLowered on the functions it changed. Requires: functions;
// no analyses.
#include <memory>
#include <string_view>
#include <vector>

#include "lib/analysis/manager.h"
#include "lib/ast/ast.h"
#include "lib/codegen/template.h"
#include "lib/pass/pass.h"
#include "passes/loop_jumps.h"

namespace agc::passes::continue_statements {
namespace {

void Lower(ast::Module& module,
           ast::Stmt& loop,
           std::string_view flag,
           std::vector<ast::Stmt*>& out) {
  std::vector<ast::Stmt*>& body = loop_jumps::BodyOf(loop);
  std::vector<ast::Stmt*> reset = codegen::Instantiate(
      module, "flag = False", {{"flag", codegen::Name(flag)}}, body[0]->origin);
  body.insert(body.begin(), reset.begin(), reset.end());
  out.push_back(&loop);
}

class ContinueStatementsPass : public pass::Pass {
 public:
  pass::Changed Run(ast::Module& module, pass::PassContext& ctx) override {
    if (!ctx.IsSelected("control_flow")) {
      return pass::Changed::kNo;  // Python loops keep Python's continue
    }
    return loop_jumps::LowerLoops(module, ctx, ast::Kind::kContinue,
                                  "continue_", &Lower)
               ? pass::Changed::kYes
               : pass::Changed::kNo;
  }
};

}  // namespace

std::unique_ptr<pass::Pass> Create() {
  return std::make_unique<ContinueStatementsPass>();
}

analysis::AnalysisSet Analyses() {
  return {};
}

}  // namespace agc::passes::continue_statements
