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
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/manager.h"
#include "lib/analysis/needs_twin.h"
#include "lib/analysis/qual_names.h"
#include "lib/ast/ast.h"
#include "lib/codegen/namer.h"
#include "lib/codegen/printer.h"
#include "lib/codegen/template.h"
#include "lib/pass/pass.h"
#include "passes/converted_code.h"
#include "passes/locals_calls.h"
#include "passes/registry.h"

namespace agc::passes::functions {
namespace {

// The name of an eager original's converted twin: `_agc_f` for `f`.
constexpr std::string_view kTwinPrefix = "_agc_";

// The last name of a decorator: `do_not_convert` for `@do_not_convert`,
// `@ag.do_not_convert` and `@tf.autograph.experimental.do_not_convert()`.
std::string_view LastName(const ast::Expr& decorator) {
  const ast::Expr* expr = &decorator;
  if (const auto* call = expr->As<ast::Call>()) {
    expr = call->func;
  }
  if (const auto* name = expr->As<ast::Name>()) {
    return name->id;
  }
  if (const auto* attr = expr->As<ast::Attribute>()) {
    return attr->attr;
  }
  return {};
}

bool HasDecorator(const ast::FunctionDef& fn, std::string_view last_name) {
  for (const ast::Expr* decorator : fn.decorator_list) {
    if (LastName(*decorator) == last_name) {
      return true;
    }
  }
  return false;
}

// `@ag__.autograph_artifact` (not a call: `@ag__.autograph_artifact(lambda
// f: g(f))` is a converted lambda in a decorator) or `@ag__.twin_of(...)`.
bool IsMarkedConverted(const ast::FunctionDef& fn) {
  for (const ast::Expr* decorator : fn.decorator_list) {
    const std::string_view name = LastName(*decorator);
    if ((name == "autograph_artifact" && !decorator->Is<ast::Call>()) ||
        name == "twin_of") {
      return true;
    }
  }
  return false;
}

// Whether `node` yields in the scope it belongs to: nested functions,
// lambdas and classes are other scopes (their decorators, defaults and bases
// are not, but a yield there is rare enough to be found by the same walk of
// the whole expression).
bool Yields(const ast::Node& node) {
  if (node.Is<ast::Yield>() || node.Is<ast::YieldFrom>()) {
    return true;
  }
  if (node.Is<ast::FunctionDef>() || node.Is<ast::AsyncFunctionDef>() ||
      node.Is<ast::Lambda>() || node.Is<ast::ClassDef>()) {
    return false;
  }
  bool found = false;
  ast::ForEachChild(
      node, [&](const ast::Node* child) { found = found || Yields(*child); });
  return found;
}

// A construct control_flow cannot convert by itself, found in a function's
// own scope: `break`/`continue` in a loop, `return` inside if/while/for.
struct Unlowered {
  std::string_view construct;  // "break"
  std::string_view pass;       // the pass that lowers it
  int32_t line = 0;
};

// Finds the first construct whose lowering pass is not selected (`found`)
// and the first `break`/`continue` whose pass is selected but that sits in
// a `finally` block inside its own loop (`jump_in_finally`): lowering it to
// a flag would stop it from discarding the pending exception. `in_finally`:
// the node is inside a `finally` block of the innermost loop.
struct UnloweredSearch {
  Unlowered found;
  Unlowered jump_in_finally;
  Unlowered return_in_control_flow;  // lowered by return_statements
  Unlowered return_in_finally;       // any `finally` of the function
};

void FindUnlowered(const ast::Node& node,
                   const pass::PassContext& ctx,
                   bool in_loop,
                   bool in_control_flow,
                   bool in_finally,
                   bool in_any_finally,
                   UnloweredSearch& search) {
  Unlowered& found = search.found;
  Unlowered& jump_in_finally = search.jump_in_finally;
  if (node.Is<ast::FunctionDef>() || node.Is<ast::AsyncFunctionDef>() ||
      node.Is<ast::Lambda>() || node.Is<ast::ClassDef>()) {
    return;  // another scope
  }
  Unlowered here;
  if (in_loop && node.Is<ast::Break>()) {
    here = {"break", "break_statements", node.origin.line};
  } else if (in_loop && node.Is<ast::Continue>()) {
    here = {"continue", "continue_statements", node.origin.line};
  } else if (in_control_flow && node.Is<ast::Return>()) {
    here = {"return", "return_statements", node.origin.line};
  }
  if (node.Is<ast::Return>() && in_any_finally &&
      search.return_in_finally.line == 0) {
    search.return_in_finally = {"return", "return_statements",
                                node.origin.line};
  }
  if (here.line != 0) {
    if (here.construct == "return" && search.return_in_control_flow.line == 0) {
      search.return_in_control_flow = here;
    }
    if (!ctx.IsSelected(here.pass)) {
      if (found.line == 0) {
        found = here;
      }
    } else if (in_finally && here.construct != "return" &&
               jump_in_finally.line == 0) {
      jump_in_finally = here;
    }
    return;
  }
  auto visit = [&](const ast::Node& child, bool loop, bool finally,
                   bool any_finally = false) {
    // A lowered match's cases are inside `if`s.
    const bool branches =
        node.Is<ast::If>() ||
        (node.Is<ast::Match>() && ctx.IsSelected("match_statements"));
    FindUnlowered(child, ctx, loop, in_control_flow || loop || branches,
                  finally, in_any_finally || any_finally, search);
  };
  if (const auto* w = node.As<ast::While>()) {
    visit(*w->test, in_loop, in_finally);
    for (const ast::Stmt* s : w->body) {
      visit(*s, true, false);
    }
    for (const ast::Stmt* s : w->orelse) {
      visit(*s, true, in_finally);  // the enclosing loop's jumps
    }
    return;
  }
  if (const auto* f = node.As<ast::For>()) {
    for (const ast::Stmt* s : f->body) {
      visit(*s, true, false);
    }
    for (const ast::Stmt* s : f->orelse) {
      visit(*s, true, in_finally);
    }
    return;
  }
  if (const auto* t = node.As<ast::Try>()) {
    ast::ForEachChild(node, [&](const ast::Node* child) {
      bool final_stmt = false;
      for (const ast::Stmt* s : t->finalbody) {
        final_stmt = final_stmt || s == child;
      }
      visit(*child, in_loop, in_finally || (final_stmt && in_loop), final_stmt);
    });
    return;
  }
  if (const auto* t = node.As<ast::TryStar>()) {
    ast::ForEachChild(node, [&](const ast::Node* child) {
      bool final_stmt = false;
      for (const ast::Stmt* s : t->finalbody) {
        final_stmt = final_stmt || s == child;
      }
      visit(*child, in_loop, in_finally || (final_stmt && in_loop), final_stmt);
    });
    return;
  }
  ast::ForEachChild(node, [&](const ast::Node* child) {
    visit(*child, in_loop, in_finally);
  });
}

bool IsRegistered(std::string_view pass) {
  for (const pass::PassInfo& info : Registry()) {
    if (info.name == pass) {
      return true;
    }
  }
  return false;
}

bool IsDocstring(const ast::Stmt& stmt) {
  const auto* expr = stmt.As<ast::ExprStmt>();
  if (expr == nullptr) {
    return false;
  }
  const auto* constant = expr->value->As<ast::Constant>();
  return constant != nullptr && constant->value_kind == ast::ConstantKind::kStr;
}

// Whether `fn` only declares: its body is a docstring, `pass` and `...`.
bool IsDeclaration(const ast::FunctionDef& fn) {
  for (size_t i = 0; i < fn.body.size(); ++i) {
    const ast::Stmt& stmt = *fn.body[i];
    if (stmt.Is<ast::Pass>() || (i == 0 && IsDocstring(stmt))) {
      continue;
    }
    const auto* expr = stmt.As<ast::ExprStmt>();
    const auto* constant =
        expr != nullptr ? expr->value->As<ast::Constant>() : nullptr;
    if (constant == nullptr ||
        constant->value_kind != ast::ConstantKind::kEllipsis) {
      return false;
    }
  }
  return true;
}

// The calls of the builtin `locals()`/`vars()` in the input's functions and
// lambdas, each with the names its snapshot lists (see locals_calls.h),
// found by the facts of the original program. A call is looked up by its
// origin: an eager original is a copy whose nested functions get twins too,
// copies keep their nodes' origins, and no two such calls start at the same
// place (a call that starts where one of them does calls what it returns).
class LocalsCalls {
 public:
  struct Snapshot {
    analysis::ScopeKind kind;  // function, lambda or comprehension
    const std::vector<std::string_view>* names = nullptr;
    // A list, set or dict comprehension's inlined into its function from
    // Python 3.12: that function's kind (function or lambda) and the names
    // its locals() shows there (InlinedLocalNames); else null.
    analysis::ScopeKind inlined_kind = analysis::ScopeKind::kModule;
    const std::vector<std::string_view>* inlined_names = nullptr;
  };

  LocalsCalls(const ast::Module& module,
              const analysis::QualNames& qn,
              const analysis::Activity& activity)
      : qn_(qn), activity_(activity) {
    if (qn.Find("locals") == analysis::kNoSymbol &&
        qn.Find("vars") == analysis::kNoSymbol) {
      return;  // most files: no walk
    }
    for (const ast::Stmt* stmt : module.body) {
      Collect(*stmt);
    }
  }

  const Snapshot* Find(const ast::Call& call) const {
    auto it = by_origin_.find({call.origin.line, call.origin.col});
    return it == by_origin_.end() ? nullptr : &it->second;
  }

 private:
  void Collect(const ast::Node& node) {
    ast::ForEachChild(node, [&](const ast::Node* child) { Collect(*child); });
    const auto* call = node.As<ast::Call>();
    if (call == nullptr || !IsLocalsCall(*call)) {
      return;
    }
    const analysis::Scope& scope = activity_.EnclosingScope(*call);
    if (!IsLocalsScope(scope) || !CallsBuiltinLocals(*call, scope, qn_)) {
      return;
    }
    auto [names, added] = names_.try_emplace(&scope);
    if (added) {
      names->second = LocalNames(scope, activity_, qn_);
    }
    Snapshot snapshot{scope.kind, &names->second};
    if (const analysis::Scope* owner = InliningScope(scope)) {
      auto [inlined, new_one] = inlined_names_.try_emplace(&scope);
      if (new_one) {
        inlined->second = InlinedLocalNames(scope, activity_, qn_);
      }
      snapshot.inlined_kind = owner->kind;
      snapshot.inlined_names = &inlined->second;
    }
    by_origin_[{call->origin.line, call->origin.col}] = snapshot;
  }

  const analysis::QualNames& qn_;
  const analysis::Activity& activity_;
  // Looked up, never iterated.
  std::map<const analysis::Scope*, std::vector<std::string_view>> names_;
  std::map<const analysis::Scope*, std::vector<std::string_view>>
      inlined_names_;
  std::map<std::pair<int32_t, int32_t>, Snapshot> by_origin_;
};

class Converter {
 public:
  Converter(ast::Module& module,
            pass::PassContext& ctx,
            const LocalsCalls& locals_calls)
      : module_(module), ctx_(ctx), locals_calls_(locals_calls) {}

  bool converted_any() const { return converted_any_; }

  bool guarded_any() const { return guarded_any_; }

  // Statements outside converted functions: module level, class bodies and
  // blocks of compound statements there.
  void VisitBlock(std::vector<ast::Stmt*>& body) {
    if (ctx_.options().eager_originals) {
      OriginalBlock(body);
      return;
    }
    for (ast::Stmt* stmt : body) {
      VisitStmt(*stmt);
    }
  }

  void VisitStmt(ast::Stmt& stmt) {
    if (auto* fn = stmt.As<ast::FunctionDef>()) {
      Function(*fn);
      return;
    }
    if (auto* fn = stmt.As<ast::AsyncFunctionDef>()) {
      Emit(diag::DiagKind::kAsyncNotConverted, *fn, fn->name);
      return;
    }
    // Blocks nested in compound statements (class bodies, if/try/with/for/
    // while/match bodies, handlers, cases).
    ast::ForEachChild(stmt, [&](ast::Node* child) { VisitNested(*child); });
  }

 private:
  // ---- Eager originals ------------------------------------------------------

  // A block of code that runs as written (module level, a class body, the
  // body of an eager original, and blocks of compound statements there):
  // each convertible function gets its guard and its twin after it.
  // `copied`: the block is inside an eager original's copy, whose nodes the
  // analyses of the input do not describe.
  void OriginalBlock(std::vector<ast::Stmt*>& body, bool copied = false) {
    for (size_t i = 0; i < body.size(); ++i) {
      ast::Stmt& stmt = *body[i];
      if (auto* fn = stmt.As<ast::FunctionDef>()) {
        if (ast::FunctionDef* original = Original(*fn, copied)) {
          body[i] = original;
          body.insert(body.begin() + static_cast<std::ptrdiff_t>(i) + 1, fn);
          ++i;
          {
            // The twin is kept by the original function (twin_of), not by
            // the module, class or function: vars(), dir(), metaclasses and
            // Protocol see the names as written.
            std::vector<ast::Stmt*> del = codegen::Instantiate(
                module_, "del twin", {{"twin", codegen::Name(fn->name)}},
                fn->origin);
            body.insert(body.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                        del.begin(), del.end());
            i += del.size();
          }
        }
        continue;
      }
      if (auto* fn = stmt.As<ast::AsyncFunctionDef>()) {
        Emit(diag::DiagKind::kAsyncNotConverted, *fn, fn->name);
        continue;
      }
      if (auto* cls = stmt.As<ast::ClassDef>()) {
        OriginalBlock(cls->body, copied);
        continue;
      }
      ForEachBlock(stmt, [&](std::vector<ast::Stmt*>& block) {
        OriginalBlock(block, copied);
      });
    }
  }

  // For a convertible `fn`: returns the eager original to put in its place,
  // a copy with its guard (printed as written: the copy keeps the spans),
  // and turns `fn` itself into the converted twin that follows it (so the
  // analyses of the input, made before any pass, describe the twin). Null
  // when `fn` stays as written.
  ast::FunctionDef* Original(ast::FunctionDef& fn, bool copied) {
    if (!Convertible(fn)) {
      return nullptr;
    }
    if (!analysis::NeedsTwin(fn, TwinRule())) {
      // Its twin would do what it does under every backend: written once,
      // as written, and not marked as converted (see needs_twin.h).
      return nullptr;
    }
    auto* original = ast::CloneAs(module_, fn);
    const std::string_view twin_name = TwinName(fn.name);
    // The original's nested functions get guards and twins of their own
    // (reported once, by the twin's conversion below).
    const bool was_quiet = quiet_;
    quiet_ = true;
    OriginalBlock(original->body, /*copied=*/true);
    quiet_ = was_quiet;
    InsertGuard(*original);
    original->flags |= ast::kFlagOriginal;
    // The twin: an inserted statement, converted as the function would be,
    // then renamed, without decorators, defaults and annotations, and marked
    // as the original's twin.
    ast::FunctionDef* twin = &fn;
    twin->span = ast::Span{};
    twin->decorator_list.clear();
    twin->returns = nullptr;
    ast::Arguments& args = *twin->args;
    args.defaults.clear();
    for (ast::Expr*& d : args.kw_defaults) {
      d = nullptr;
    }
    for (auto* list : {&args.posonlyargs, &args.args, &args.kwonlyargs}) {
      for (ast::Arg* a : *list) {
        a->annotation = nullptr;
      }
    }
    for (ast::Arg* a : {args.vararg, args.kwarg}) {
      if (a != nullptr) {
        a->annotation = nullptr;
      }
    }
    Convert(*twin, /*twin_of=*/original->name);
    if (copied) {
      // A copy: the analyses of the input do not describe it or the
      // functions inside it; control_flow analyses them afresh, as lowered
      // functions.
      MarkLowered(*twin);
    }
    twin->name = twin_name;
    return original;
  }

  analysis::TwinRuleOptions TwinRule() const {
    analysis::TwinRuleOptions rule;
    rule.lists = ctx_.IsSelected("lists");
    rule.slices = ctx_.IsSelected("slices");
    return rule;
  }

  static void MarkLowered(ast::Node& node) {
    if (auto* fn = node.As<ast::FunctionDef>()) {
      fn->flags |= ast::kFlagLowered;
    }
    ast::ForEachChild(node, [](ast::Node* child) { MarkLowered(*child); });
  }

  // `_agc_f`, or `_agc_f_1`... when the module uses that name already (a
  // property's getter and setter, a function defined twice).
  std::string_view TwinName(std::string_view name) {
    std::string base = std::string(kTwinPrefix) + std::string(name);
    if (base.back() == '_' && base[base.size() - 2] != '_') {
      base += '_';  // not a _sunder_ name, which enum.Enum's body refuses
    }
    if (!input_uses_prefix_) {
      const base::SourceFile* source = module_.source();
      input_uses_prefix_ =
          source == nullptr ||
          source->bytes().find(kTwinPrefix) != std::string_view::npos;
    }
    if (*input_uses_prefix_) {
      // The input itself uses the prefix: ask the namer (one walk of the
      // module, then a scan of its identifiers per name).
      if (!twin_namer_) {
        twin_namer_.emplace(module_);
      }
      return twin_namer_->New(module_, base);
    }
    // Otherwise only the names handed out here can collide.
    std::string name_i = base;
    for (int i = 1; !twin_names_.insert(name_i).second; ++i) {
      name_i = base + "_" + std::to_string(i);
    }
    return module_.Intern(name_i);
  }

  // `if _ag__guard__ and _ag__guard__.tracing(): return
  // _ag__guard__.call_own_twin(...)`, first after the docstring. `_ag__guard__`
  // is a module global (kGuardBinding), not `ag__`: TensorFlow's AutoGraph
  // rebinds `ag__` in the code it generates from the original, and a plain
  // global costs one read per eager call.
  void InsertGuard(ast::FunctionDef& fn) {
    guarded_any_ = true;
    const ast::Arguments& args = *fn.args;
    const size_t first = !fn.body.empty() && IsDocstring(*fn.body[0]) ? 1 : 0;
    const ast::Origin origin =
        first < fn.body.size() ? fn.body[first]->origin : fn.origin;
    auto name = [&](std::string_view id) {
      auto* n = module_.New<ast::Name>(origin);
      n->id = id;
      return n;
    };
    // The call's arguments are made here and put into one fixed template:
    // a template text per argument list would be parsed (tree-sitter, then
    // lowering) and cached once per function.
    std::vector<ast::Expr*> positional;
    for (const ast::Arg* a : args.posonlyargs) {
      positional.push_back(name(a->arg));
    }
    for (const ast::Arg* a : args.args) {
      positional.push_back(name(a->arg));
    }
    if (args.vararg != nullptr) {
      auto* star = module_.New<ast::Starred>(origin);
      star->value = name(args.vararg->arg);
      positional.push_back(star);
    }
    // The twin of the function whose code is the caller's (the runtime
    // finds it by the caller's code): the guard names nothing of the
    // function's own, so the original keeps its free variables and cells.
    std::vector<ast::Stmt*> guard = codegen::Instantiate(
        module_,
        "if _ag__guard__ and _ag__guard__.tracing(): return "
        "_ag__guard__.call_own_twin(args_)\n",
        {{"args_", positional}}, origin);
    AGC_CHECK(guard.size() == 1);
    auto& call = *guard[0]
                      ->Cast<ast::If>()
                      .body[0]
                      ->Cast<ast::Return>()
                      .value->As<ast::Call>();
    for (const ast::Arg* a : args.kwonlyargs) {
      auto* kw = module_.New<ast::Keyword>(origin);
      kw->arg = a->arg;
      kw->value = name(a->arg);
      call.keywords.push_back(kw);
    }
    if (args.kwarg != nullptr) {
      auto* kw = module_.New<ast::Keyword>(origin);
      kw->value = name(args.kwarg->arg);
      call.keywords.push_back(kw);
    }
    for (ast::Stmt* g : guard) {
      g->flags |= ast::kFlagOneLine;
    }
    fn.body.insert(fn.body.begin() + static_cast<std::ptrdiff_t>(first),
                   guard.begin(), guard.end());
    // The printer inserts a line before the statement that follows; one on
    // the `def` line (`def f(x): return x`) has no line of its own, so the
    // original is printed from the AST instead.
    // After a docstring on the `def` line, with nothing else, it would get
    // the line's indentation: printed from the AST too.
    const size_t next = first + guard.size();
    if (next < fn.body.size() ? !StartsLine(*fn.body[next])
                              : first > 0 && !StartsLine(*fn.body[0])) {
      ctx_.MarkChanged(fn);
    }
  }

  // Whether only indentation precedes `stmt` on its line in the input.
  bool StartsLine(const ast::Stmt& stmt) const {
    const base::SourceFile* source = module_.source();
    if (source == nullptr || !stmt.span.valid()) {
      return true;
    }
    uint32_t at = stmt.span.begin;
    if (const auto* fn = stmt.As<ast::FunctionDef>();
        fn != nullptr && !fn->decorator_list.empty() &&
        fn->decorator_list[0]->span.valid()) {
      at = fn->decorator_list[0]->span.begin;  // the '@' is just before
      at = at > 0 ? at - 1 : at;
    }
    std::string_view bytes = source->bytes();
    uint32_t i = at;
    while (i > 0 && bytes[i - 1] != '\n' && bytes[i - 1] != '\r') {
      --i;
      if (bytes[i] != ' ' && bytes[i] != '\t' && bytes[i] != '\f') {
        return false;
      }
    }
    return true;
  }

  void VisitNested(ast::Node& node) {
    if (node.category() == ast::Category::kStmt) {
      VisitStmt(static_cast<ast::Stmt&>(node));
    } else if (node.Is<ast::ExceptHandler>() || node.Is<ast::MatchCase>()) {
      ast::ForEachChild(node, [&](ast::Node* child) { VisitNested(*child); });
    }
  }

  void Function(ast::FunctionDef& fn) {
    if (Convertible(fn)) {
      Convert(fn, {});
    }
  }

  // Whether `fn` is converted; reports why not otherwise.
  bool Convertible(const ast::FunctionDef& fn) {
    if (IsDeclaration(fn)) {
      return false;  // nothing to run; some readers check the body
    }
    if (HasDecorator(fn, "do_not_convert")) {
      Emit(diag::DiagKind::kDoNotConvert, fn, fn.name);
      return false;
    }
    if (IsMarkedConverted(fn)) {
      Emit(diag::DiagKind::kAlreadyConverted, fn, fn.name);
      return false;
    }
    bool yields = false;
    for (const ast::Stmt* stmt : fn.body) {
      yields = yields || Yields(*stmt);
    }
    if (yields) {
      Emit(diag::DiagKind::kGeneratorNotConverted, fn, fn.name);
      return false;
    }
    if (ctx_.IsSelected("control_flow")) {
      // Constructs only a lowering pass can turn into control-flow operators:
      // without it, the function stays as written.
      UnloweredSearch search;
      for (const ast::Stmt* stmt : fn.body) {
        FindUnlowered(*stmt, ctx_, false, false, false, false, search);
      }
      const Unlowered& found = search.found;
      Unlowered jump_in_finally = search.jump_in_finally;
      if (search.return_in_control_flow.line != 0 &&
          search.return_in_finally.line != 0 &&
          ctx_.IsSelected("return_statements") &&
          (jump_in_finally.line == 0 ||
           search.return_in_finally.line < jump_in_finally.line)) {
        // Every return of the function is lowered, that one too.
        jump_in_finally = search.return_in_finally;
      }
      if (found.line != 0) {
        Emit(diag::DiagKind::kNeedsLoweringPass, fn, fn.name, found.construct,
             found.line, found.pass,
             IsRegistered(found.pass) ? "is not selected"
                                      : "this build does not have yet");
        return false;
      }
      if (jump_in_finally.line != 0) {
        Emit(diag::DiagKind::kJumpInFinally, fn, fn.name,
             jump_in_finally.construct, jump_in_finally.line);
        return false;
      }
    }
    return true;
  }

  // Converts `fn` (and what it contains); `twin_of`: the original's name
  // when `fn` is an eager original's twin (marked with ag__.twin_of).
  void Convert(ast::FunctionDef& fn, std::string_view twin_of) {
    // The scope's name is chosen before nested functions add theirs: each
    // nested function's own `fscope` shadows this one, which is what its
    // code means.
    std::string_view scope = codegen::Namer(fn).New(module_, "fscope");
    // Then what is inside: nested functions, lambdas anywhere, and calls of
    // locals().
    function_scopes_.push_back(scope);
    for (ast::Stmt*& stmt : fn.body) {
      stmt = static_cast<ast::Stmt*>(Inside(*stmt));
    }
    function_scopes_.pop_back();
    WrapBody(fn, scope, twin_of);
    fn.flags |= ast::kFlagConverted;
    ctx_.MarkChanged(fn);
    converted_any_ = true;
  }

  // Converts what a converted function contains; returns the node to keep
  // in its place (a converted lambda replaces the original).
  ast::Node* Inside(ast::Node& node) {
    if (auto* fn = node.As<ast::FunctionDef>()) {
      // Decorators and defaults run in the enclosing function: their lambdas
      // are converted; the body is the nested function's own business.
      for (ast::Expr*& decorator : fn->decorator_list) {
        decorator = static_cast<ast::Expr*>(Inside(*decorator));
      }
      ast::TransformChildren(*fn->args,
                             [&](ast::Node* child) { return Inside(*child); });
      Function(*fn);
      return fn;
    }
    if (auto* fn = node.As<ast::AsyncFunctionDef>()) {
      Emit(diag::DiagKind::kAsyncNotConverted, *fn, fn->name);
      return fn;
    }
    if (node.Is<ast::JoinedStr>()) {
      return &node;  // printed as written: its lambdas stay as they are
    }
    if (auto* lambda = node.As<ast::Lambda>()) {
      // Defaults run in the enclosing scope, the body in the lambda's.
      lambda->args = static_cast<ast::Arguments*>(Inside(*lambda->args));
      lambda_scopes_.emplace_back();
      lambda->body = static_cast<ast::Expr*>(Inside(*lambda->body));
      return Lambda(*lambda);
    }
    ast::TransformChildren(node,
                           [&](ast::Node* child) { return Inside(*child); });
    if (auto* call = node.As<ast::Call>();
        call != nullptr && IsLocalsCall(*call)) {
      return Snapshot(*call);
    }
    return &node;
  }

  // `locals()` -> `ag__.locals_(fscope, ('x', ...))` (locals_calls.h).
  ast::Node* Snapshot(ast::Call& call) {
    const LocalsCalls::Snapshot* snapshot = locals_calls_.Find(call);
    if (snapshot == nullptr) {
      return &call;  // the user's own locals, or not in a function's scope
    }
    if (snapshot->kind == analysis::ScopeKind::kComprehension) {
      // No scope object: the comprehension's own frame calls it (before
      // 3.12; from 3.12 its function's frame, whose scope comes third).
      ast::Expr* none =
          codegen::InstantiateExpr(module_, "None", {}, call.origin);
      if (snapshot->inlined_names == nullptr) {
        return SnapshotCall(module_, none, *snapshot->names, call.origin);
      }
      return SnapshotCall(module_, none, *snapshot->names, call.origin,
                          ScopeName(snapshot->inlined_kind, call.origin),
                          snapshot->inlined_names);
    }
    return SnapshotCall(module_, ScopeName(snapshot->kind, call.origin),
                        *snapshot->names, call.origin);
  }

  // The name of the scope object of the function or lambda being converted
  // (a lambda's is named once its body is converted: Lambda).
  ast::Expr* ScopeName(analysis::ScopeKind kind, ast::Origin origin) {
    auto* name = module_.New<ast::Name>(origin);
    if (kind == analysis::ScopeKind::kLambda) {
      AGC_CHECK(!lambda_scopes_.empty());
      lambda_scopes_.back().push_back(name);
    } else {
      AGC_CHECK(!function_scopes_.empty());
      name->id = function_scopes_.back();
    }
    return name;
  }

  ast::Node* Lambda(ast::Lambda& lambda) {
    codegen::Namer namer(lambda);
    std::string_view scope = namer.New(module_, "lscope");
    for (ast::Name* name : lambda_scopes_.back()) {
      name->id = scope;
    }
    lambda_scopes_.pop_back();
    lambda.body = codegen::InstantiateExpr(
        module_,
        "ag__.with_function_scope(lambda scope: body, scope_name, ag__.STD)",
        {{"scope", codegen::Name(scope)},
         {"body", lambda.body},
         {"scope_name", codegen::StrConstant(module_, scope, lambda.origin)}},
        lambda.origin);
    return codegen::InstantiateExpr(module_, "ag__.autograph_artifact(fn)",
                                    {{"fn", &lambda}}, lambda.origin);
  }

  void WrapBody(ast::FunctionDef& fn,
                std::string_view scope,
                std::string_view twin_of) {
    size_t first = !fn.body.empty() && IsDocstring(*fn.body[0]) ? 1 : 0;
    std::vector<ast::Stmt*> body(fn.body.begin() + first, fn.body.end());
    std::vector<ast::Stmt*> with = codegen::Instantiate(
        module_, R"(
            with ag__.FunctionScope(name, scope_name, ag__.STD) as scope:
                body
        )",
        {{"name", codegen::StrConstant(module_, fn.name, fn.origin)},
         {"scope_name", codegen::StrConstant(module_, scope, fn.origin)},
         {"scope", codegen::Name(scope)},
         {"body", body}},
        fn.origin);
    fn.body.erase(fn.body.begin() + first, fn.body.end());
    fn.body.insert(fn.body.end(), with.begin(), with.end());
    if (!twin_of.empty()) {
      fn.decorator_list.push_back(codegen::InstantiateExpr(
          module_, "ag__.twin_of(original, name)",
          {{"original", codegen::Name(twin_of)},
           {"name", codegen::StrConstant(module_, twin_of, fn.origin)}},
          fn.origin));
      return;
    }
    fn.decorator_list.push_back(codegen::InstantiateExpr(
        module_, "ag__.autograph_artifact", {}, fn.origin));
  }

  // Diagnostics, except while quiet_: an eager original's copy holds the
  // same nested functions as its twin, whose conversion reports them.
  template <typename... Args>
  void Emit(diag::DiagKind kind, const ast::Node& at, Args&&... args) {
    if (!quiet_) {
      ctx_.Emit(kind, at, std::forward<Args>(args)...);
    }
  }

  ast::Module& module_;
  pass::PassContext& ctx_;
  const LocalsCalls& locals_calls_;
  // The scope names of the converted functions being converted, innermost
  // last; for the lambdas being converted, the scope names their snapshots
  // wait for.
  std::vector<std::string_view> function_scopes_;
  std::vector<std::vector<ast::Name*>> lambda_scopes_;
  bool converted_any_ = false;
  bool guarded_any_ = false;
  bool quiet_ = false;
  std::optional<codegen::Namer> twin_namer_;
  std::unordered_set<std::string> twin_names_;
  std::optional<bool> input_uses_prefix_;  // found once, in the input
};

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
