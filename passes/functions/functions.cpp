// functions: decides which functions are converted and gives each its
// function scope.
//
// Every `def` in the file is converted (module level, methods, defs nested in
// converted functions, defs under module-level `if`/`try`), except generator
// functions (AGC101), `async def` (AGC102), functions with a decorator whose
// last name is `do_not_convert` (AGC103) and functions already marked
// `autograph_artifact` (AGC104), and, when control_flow runs, functions with
// a `break`, `continue` or `return` inside control flow whose lowering pass
// does not run (AGC107), and functions with a `break`/`continue` inside a
// `finally` block of its loop, or a `return` inside `finally` in a function
// whose returns return_statements lowers, which cannot be lowered faithfully
// (AGC201);
// those stay as written, and so does everything inside them. Declarations,
// whose body is only `pass`, `...` and a docstring (overloads, stubs,
// abstract methods, protocol members), stay as written without a note:
// there is nothing to run, and some readers require that body exactly
// (TorchScript's `@torch.jit._overload_method` checks it on import).
//
// A converted function keeps its name, signature, decorators and docstring;
// its body moves into the function scope and the function is marked as
// converted:
//
//   @decorator                         @decorator
//   def f(x):                          @ag__.autograph_artifact
//       """Doc."""              ->     def f(x):
//       return g(x)                        """Doc."""
//                                          with ag__.FunctionScope('f',
//                                          'fscope', ag__.STD) as fscope:
//                                              return g(x)
//
// Eager originals (the default; PassOptions::eager_originals): the function
// keeps its own code, with one guard line first (after its docstring), and
// the converted function follows it as a twin, undecorated, without defaults
// or annotations, named `_agc_<name>` (unique in the module), kept by the
// original function (`twin_of`), not by the module or class:
//
//   def f(x, *a, k=1):     def f(x, *a, k=1):
//       """Doc."""             """Doc."""
//       return g(x)   ->       if ag__.frameworks_loaded and ag__.tracing():
//                                  return ag__.call_own_twin(x, *a, k=k)
//                              return g(x)
//
//                          @ag__.twin_of(f, 'f')
//                          def _agc_f(x, *a, k):
//                              with ag__.FunctionScope('f', ...
//                          del _agc_f
//
// A generic function's twin keeps its type parameters (`def _agc_f[T](x):`,
// bounds and defaults included: they are evaluated lazily), so that its body
// sees them as the original's does; a method's twin, defined in the class
// body beside it, sees the class's.
//
// A function whose twin would do what the original does under every
// backend (straight-line code: no control flow, no `and`/`or`/`not`, no
// lambda or comprehension, no call of a builtin the runtime overloads...;
// analysis::NeedsTwin decides, conservatively, and `agc inspect` tells) is
// written once, as written: no guard, no twin, not marked as converted.
//
// So an eager call runs the original code (same frames, locals, speed), and a
// call while a framework traces runs the twin. The guard names nothing of
// the function's own (the runtime finds the twin by the calling code, and by
// the closure when one `def` made several functions), so the original keeps
// its free variables, cells and locals(). A nested function's twin is
// defined beside it in the enclosing function's original code. The original
// keeps its span and is printed as written; the guard is an inserted line (the
// original is regenerated when its first statement shares the `def` line).
// `twin_of(f, 'f')` marks f (and what its decorators wrap) as converted, so no
// runtime converts it again. A function whose body declares `global ag__` is
// converted in place instead.
//
// A lambda inside a converted function runs its body in a scope of its own
// and is marked as converted too, so that a runtime handed the lambda
// (`tf.map_fn`, `Dataset.map`, a Keras `Lambda` layer) does not convert it
// again:
//   lambda x: x + 1  ->  ag__.autograph_artifact(lambda x:
//                            ag__.with_function_scope(
//                                lambda lscope: x + 1, 'lscope', ag__.STD))
// The scope names are fresh (`fscope_1` if the function uses `fscope`).
//
// `locals()` and `vars()` (the builtins, with no argument) inside a
// converted function or lambda become snapshots of the original function's
// variables (see locals_calls.h), here, before any pass adds a name or moves
// code into a helper, so that every pipeline that converts a function has
// them (`--passes functions` too, whose function scope alone would show
// `fscope`), and the twins of eager originals as well as `--converted-only`
// output:
//
//   def f(w):                def f(w):  # the twin, or in place
//       return locals()  ->      with ... as fscope:
//                                    return ag__.locals_(fscope, ('w',))
//
// A comprehension's `locals()` is its own frame's, without agc's names
// (`ag__.locals_(None, ('.0', 'x'))`), and a list, set or dict
// comprehension's also names its function's scope and variables, which
// Python 3.12 shows there (`ag__.locals_(None, ('.0', 'x'), fscope, ('w',
// 'x'))`, locals_calls.h); a class body's (its namespace, as in
// the original), calls of a `locals` or `vars` the user binds, and calls
// inside f-strings (printed as written) stay as written.
//
// The runtime import goes after the module docstring and any `from
// __future__` imports when at least one function was converted (and the
// module does not have it already).
//
// Attaches: kFlagConverted on converted functions (later passes convert only
// those); kFlagChanged so the printer regenerates them; kFlagOriginal on eager
// originals (later passes look inside them for nested twins only).
// Requires: qual_names and activity of the original program (for the
// snapshots' names).
//
// Files: this one holds the pass (Create, Analyses, and Run, which converts
// through a Converter and adds the runtime import). The rest is Converter,
// which converts the module's functions, and LocalsCalls, the locals()
// calls it rewrites: declared once in converter.h and defined by concern:
//
//   converter.cpp        the walk outside converted code; a converted
//                        function's body (nested functions, lambdas) and
//                        its function scope (Convert)
//   convertible.cpp      which functions are converted, and the notes for
//                        the others (Convertible)
//   eager_originals.cpp  the original with its guard, its twin, or neither
//                        (NeedsTwin) (OriginalBlock, Original, InsertGuard)
//   snapshots.cpp        locals() and vars() calls and their snapshots
//                        (LocalsCalls, Snapshot)
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/manager.h"
#include "lib/analysis/qual_names.h"
#include "lib/ast/ast.h"
#include "lib/codegen/printer.h"
#include "lib/codegen/template.h"
#include "lib/pass/pass.h"
#include "passes/functions/converter.h"

namespace agc::passes::functions {
namespace {

bool IsFutureImport(const ast::Stmt& stmt) {
  const auto* from = stmt.As<ast::ImportFrom>();
  return from != nullptr && from->module == "__future__" && from->level == 0;
}

// The global the eager guards read, bound after the runtime import in a
// module with eager originals (see agc_runtime.guard).
constexpr std::string_view kGuardBinding =
    "_ag__guard__ = ag__.guard.bind(globals())\n";

// Whether the module has a statement printed as `stmt` (an import or an
// assignment) at its top level.
bool HasTopLevel(ast::Module& module, const ast::Stmt& stmt) {
  const std::string text = codegen::PrintNode(module, stmt);
  for (const ast::Stmt* s : module.body) {
    const bool same_kind =
        stmt.Is<ast::Assign>()
            ? s->Is<ast::Assign>()
            : s->Is<ast::Import>() || s->Is<ast::ImportFrom>();
    if (s != &stmt && same_kind && codegen::PrintNode(module, *s) == text) {
      return true;
    }
  }
  return false;
}

// Inserts the runtime import after the docstring and `from __future__`
// imports (and the guards' global after it when `guarded`), unless the
// module has the same statements already.
void InsertRuntimeImport(ast::Module& module,
                         pass::PassContext& ctx,
                         bool guarded) {
  size_t at = 0;
  if (at < module.body.size() && IsDocstring(*module.body[at])) {
    ++at;
  }
  while (at < module.body.size() && IsFutureImport(*module.body[at])) {
    ++at;
  }
  ast::Origin origin =
      at < module.body.size() ? module.body[at]->origin : ast::Origin{1, 1};
  std::vector<ast::Stmt*> import =
      codegen::Instantiate(module, ctx.options().runtime_import, {}, origin);
  AGC_CHECK(import.size() == 1);
  if (guarded) {
    std::vector<ast::Stmt*> binding =
        codegen::Instantiate(module, kGuardBinding, {}, origin);
    if (!HasTopLevel(module, *binding[0])) {
      import.insert(import.end(), binding.begin(), binding.end());
    }
  }
  if (HasTopLevel(module, *import[0])) {
    import.erase(import.begin());
  }
  module.body.insert(module.body.begin() + at, import.begin(), import.end());
}

class FunctionsPass : public pass::Pass {
 public:
  pass::Changed Run(ast::Module& module, pass::PassContext& ctx) override {
    LocalsCalls locals_calls(module,
                             ctx.analyses().GetOriginal<analysis::QualNames>(),
                             ctx.analyses().GetOriginal<analysis::Activity>());
    Converter converter(module, ctx, locals_calls);
    converter.VisitBlock(module.body);
    if (!converter.converted_any()) {
      return pass::Changed::kNo;
    }
    InsertRuntimeImport(module, ctx, converter.guarded_any());
    return pass::Changed::kYes;
  }
};

}  // namespace

std::unique_ptr<pass::Pass> Create() {
  return std::make_unique<FunctionsPass>();
}

analysis::AnalysisSet Analyses() {
  return {analysis::Original<analysis::QualNames>(),
          analysis::Original<analysis::Activity>()};
}

}  // namespace agc::passes::functions
