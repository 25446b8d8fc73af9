// control_flow: `if`, `while` and `for` inside converted functions become
// calls of the runtime's control-flow operators, with their bodies in nested
// functions and the symbols they carry passed through get_state/set_state:
//
//   if x > 0:                      def get_state():
//       y = x                          return (y,)
//   else:                          def set_state(vars_):
//       y = -x                         nonlocal y
//                                      (y,) = vars_
//                            ->    def if_body():
//                                      nonlocal y
//                                      y = x
//                                  def else_body():
//                                      nonlocal y
//                                      y = -x
//                                  ag__.if_stmt(x > 0, if_body, else_body,
//                                               get_state, set_state, ('y',),
//                                               1)
//
//   while test: body   ->  ag__.while_stmt(loop_test, loop_body, get_state,
//                                          set_state, (...), {})
//   for t in it: body  ->  def loop_body(itr): t = itr; body
//                          ag__.for_stmt(it, None, loop_body, get_state,
//                                        set_state, (...), {'iterate_names':
//                                        't'})
//
// Which symbols are state (as AutoGraph decides): those the statement
// modifies that are live into it or out of it (or are the function's
// nonlocals/globals, or locals a nested function or lambda shares), and
// composite symbols (`self.x`, `d['k']`) it modifies whose base is live into
// it. Names the function neither binds nor declares are not state: a
// nested function changes them through its own `global`/`nonlocal`, which
// reaches them from inside a helper too. For an `if`, the outputs (live
// after it) come first and `nouts` counts them. Plain names are declared
// `nonlocal` (or `global`) in the helpers; composites are read with `ag__.ldu`,
// and so are names that may be unbound when the statement starts or that it
// deletes.
//
// Bindings: a helper's `nonlocal x` needs a binding of `x` in an enclosing
// function. When a converted function's own level does not bind such an `x`
// before the statement that uses it (every binding moved into helpers, or
// comes later), `x = ag__.Undefined('x')` starts the function body; reading
// it before a real assignment still raises Python's UnboundLocalError
// (the variables pass reads it through `ag__.ld`). `global`/`nonlocal`
// statements nested in converted statements move to the top of the function
// body, where Python applies them anyway.
//
// A function that takes snapshots of its locals (`locals()`, rewritten by
// the functions pass: see locals_calls.h) keeps every local a snapshot may
// see in its own frame, not in a helper's: a statement that a snapshot may
// follow (later in the source, or in the same loop) has every listed local
// it modifies as an output, as for a closure's; a statement that holds one
// has them as state.
//
// The functional form (--control-flow functional, PassOptions::control_flow):
// the same state, but each body takes it as parameters and returns it, and
// the statement's own level assigns what the operator returns:
//
//   def if_body(y):  y = x; return (y,)
//   def else_body(y):  y = -x; return (y,)
//   y, = ag__.if_stmt_fn(x > 0, if_body, else_body, (y,), ('y',), 1)
//
// (while_stmt_fn(loop_test, loop_body, state, names, opts), for_stmt_fn(it,
// extra_test or None, loop_body, state, names, opts) with loop_body(itr,
// *state)). No body assigns a variable of the function, which PyTorch's
// higher-order ops require. `if not c:` passes `c` and the bodies the other
// way round (`if_stmt_fn(c, else_body, if_body, ...)`): staged, it needs no
// negation. A loop's opts list the variables it uses only by value
// ('operand_only', see OperandOnly). A statement keeps the nonlocal form, with
// an AGC108 note, where its own copies of the variables would not behave as
// Python's (NonlocalReason): composite or declared state, state a closure or
// generator shares, a while test that binds state, a try/with around it that
// may catch an exception raised midway, snapshots of locals().
//
// A loop's `else` (the function has no `break` left: the functions pass
// guarantees it) runs after the loop. Control flow directly in a class body
// stays as written; methods are converted functions of their own.
//
// Attaches: nothing. Requires: functions; analyses qual_names, activity,
// liveness, reaching_definitions of the original program. The passes before
// this one only wrap bodies and calls, so the original facts of each if,
// while and for (by NodeId) still describe it, and the analyses are computed
// once per file.
//
// Files: this one holds the pass (Create, Analyses, and Run, which finds
// the converted functions and the facts each is converted with). The rest
// is FunctionConverter, which converts one function: declared once in
// function_converter.h (with what its files share) and defined by concern:
//
//   function_converter.cpp  the walk: each block's statements, inner ones
//                           first; hoisted declarations; explicit super()
//   state.cpp               which symbols a statement carries (StateOf)
//   nonlocal_reason.cpp     which form a statement takes (NonlocalReason)
//   nonlocal_form.cpp       get_state/set_state and nonlocal bodies
//                           (Convert)
//   functional_form.cpp     bodies that take and return the state
//                           (ConvertFunctional)
//   operand_only.cpp        a functional loop's variables used only by
//                           value (OperandOnly)
//   generated_code.cpp      what both forms generate: helper names, state
//                           reads, a loop's opts
//   bindings.cpp            the locals that start as ag__.Undefined
//                           (ComputeInits)
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/liveness.h"
#include "lib/analysis/manager.h"
#include "lib/analysis/qual_names.h"
#include "lib/analysis/reaching_definitions.h"
#include "lib/analysis/subtree.h"
#include "lib/ast/ast.h"
#include "lib/pass/pass.h"
#include "passes/control_flow/function_converter.h"

namespace agc::passes::control_flow {
namespace {

class ControlFlowPass : public pass::Pass {
 public:
  pass::Changed Run(ast::Module& module, pass::PassContext& ctx) override {
    // Converted functions at module level and in classes there; nested ones
    // are found while converting their parents.
    std::vector<ast::FunctionDef*> todo;
    auto visit = [&](auto& self, ast::Node& node) -> void {
      if (auto* fn = node.As<ast::FunctionDef>()) {
        if ((fn->flags & ast::kFlagConverted) != 0) {
          todo.push_back(fn);
        }
        if ((fn->flags & ast::kFlagOriginal) == 0) {
          return;  // an eager original's body holds its nested twins
        }
      }
      if (node.Is<ast::AsyncFunctionDef>()) {
        return;
      }
      ast::ForEachChild(node, [&](ast::Node* child) {
        if (child->category() == ast::Category::kStmt ||
            child->Is<ast::ExceptHandler>() || child->Is<ast::MatchCase>()) {
          self(self, *child);
        }
      });
    };
    for (ast::Stmt* stmt : module.body) {
      visit(visit, *stmt);
    }
    // Facts of the original program describe every function the passes
    // before only wrapped; a function a lowering pass added statements to
    // (kFlagLowered) is analysed afresh, before anything here changes.
    Facts original{
        &ctx.analyses().GetOriginal<analysis::QualNames>(),
        &ctx.analyses().GetOriginal<analysis::Activity>(),
        &ctx.analyses().GetOriginal<analysis::Liveness>(),
        &ctx.analyses().GetOriginal<analysis::ReachingDefinitions>()};
    // Only those functions' subtrees are analysed (not the whole module).
    std::vector<analysis::Subtree> lowered_roots =
        analysis::LoweredSubtrees(module);
    Facts fresh;
    std::unique_ptr<analysis::SubtreeAnalyses> lowered_facts;
    if (!lowered_roots.empty()) {
      lowered_facts = std::make_unique<analysis::SubtreeAnalyses>(
          module, std::move(lowered_roots));
      fresh = {&lowered_facts->qual_names(), &lowered_facts->activity(),
               &lowered_facts->liveness(),
               &lowered_facts->reaching_definitions()};
    }
    // Snapshots of locals() come from calls of `locals()` or `vars()` in
    // the input: most files have none, and their functions are not searched.
    const bool snapshots = original.qn->Find("locals") != analysis::kNoSymbol ||
                           original.qn->Find("vars") != analysis::kNoSymbol;
    bool changed = false;
    for (size_t i = 0; i < todo.size(); ++i) {
      bool lowered = (todo[i]->flags & ast::kFlagLowered) != 0;
      FunctionConverter converter(module, ctx, *todo[i], todo,
                                  lowered ? fresh : original, snapshots);
      changed = converter.Run() || changed;
    }
    return changed ? pass::Changed::kYes : pass::Changed::kNo;
  }
};

}  // namespace

std::unique_ptr<pass::Pass> Create() {
  return std::make_unique<ControlFlowPass>();
}

analysis::AnalysisSet Analyses() {
  return {analysis::Original<analysis::QualNames>(),
          analysis::Original<analysis::Activity>(),
          analysis::Original<analysis::Liveness>(),
          analysis::Original<analysis::ReachingDefinitions>()};
}

}  // namespace agc::passes::control_flow
