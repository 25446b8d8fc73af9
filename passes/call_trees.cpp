// call_trees: routes calls inside converted functions through the runtime.
//
//   g(x)      ->  ag__.converted_call(g, (x,), None, fscope)
//   f(a, *b)  ->  ag__.converted_call(f, (a, *b), None, fscope)
//   h(k=1)    ->  ag__.converted_call(h, (), {'k': 1}, fscope)
//   h(**d)    ->  ag__.converted_call(h, (), {**d}, fscope)
//
// The runtime calls the function exactly as the original call did (a backend
// may substitute overloads for builtins such as `print`, `len`, `range`).
// Arguments are evaluated in the original order: CPython evaluates the
// callee, then the positional arguments (starred included), then the
// keywords, and so do the tuple and the dict. `fscope` is the scope of the
// function (or lambda) the call runs in.
//
// Left as direct calls: calls to the runtime itself (`ag__.ld(x)`, ...,
// and the snapshots `ag__.locals_(fscope, names)` the functions pass made of
// `locals()` and `vars()`), zero-argument-sensitive builtins that look at
// their caller's frame (`super`, `locals`, `globals`, `vars`, `dir`,
// `eval`, `exec`) and debugger calls (`breakpoint()`, `*.set_trace()`),
// which must run in the converted function's own frame.
//
// A call whose keywords come from more than one source (explicit keywords
// and `**mapping`, or several `**mappings`) stays direct, with an AGC106
// note: merging them into one dict first would change the TypeError a
// repeated keyword raises (it would name `dict()` instead of the callee).
//
// Attaches: nothing. Requires: functions (the scopes it names).
#include <memory>
#include <string_view>

#include "lib/analysis/manager.h"
#include "lib/ast/ast.h"
#include "lib/codegen/template.h"
#include "lib/pass/pass.h"
#include "passes/converted_code.h"

namespace agc::passes::call_trees {
namespace {

bool StaysDirect(const ast::Call& call, std::string_view scope) {
  if (IsRuntimeAttr(*call.func)) {
    return true;
  }
  if (const auto* name = call.func->As<ast::Name>()) {
    // `globals()` and `breakpoint()` too: both are about the caller.
    return IsFrameBuiltin(name->id) || name->id == "globals" ||
           name->id == "breakpoint";
  }
  if (const auto* attr = call.func->As<ast::Attribute>()) {
    // The function scope's own methods (`fscope.ret(...)`) are runtime
    // calls too; the scope's name is fresh, so no user object has it.
    const auto* owner = attr->value->As<ast::Name>();
    return attr->attr == "set_trace" ||
           (owner != nullptr && owner->id == scope);
  }
  return false;
}

// Whether the keywords come from more than one source.
bool MergesKeywords(const ast::Call& call) {
  size_t unpackings = 0;
  for (const ast::Keyword* kw : call.keywords) {
    unpackings += kw->arg.empty() ? 1 : 0;
  }
  return unpackings > 1 || (unpackings == 1 && call.keywords.size() > 1);
}

// The keywords argument: None, a dict display, or `dict(...)` of several.
ast::Expr* Keywords(ast::Module& module, ast::Call& call) {
  const ast::Origin origin = call.origin;
  if (call.keywords.empty()) {
    return codegen::InstantiateExpr(module, "None", {}, origin);
  }
  if (!call.keywords[0]->arg.empty()) {
    auto* dict = module.New<ast::Dict>(origin);
    for (ast::Keyword* kw : call.keywords) {
      dict->keys.push_back(codegen::StrConstant(module, kw->arg, kw->origin));
      dict->values.push_back(kw->value);
    }
    return dict;
  }
  if (call.keywords.size() == 1) {
    // f(**d): a dict display `{**d}`, never `d` itself. None already means
    // "no keywords" to converted_call, so passing d would turn `f(**None)`
    // into a call that succeeds; the display raises the TypeError.
    auto* dict = module.New<ast::Dict>(origin);
    dict->keys.push_back(nullptr);
    dict->values.push_back(call.keywords[0]->value);
    return dict;
  }
  auto* dict_call =
      codegen::InstantiateExpr(module, "dict()", {}, origin)->As<ast::Call>();
  dict_call->keywords = call.keywords;
  return dict_call;
}

ast::Node* Rewrite(ast::Module& module,
                   pass::PassContext& ctx,
                   ast::Node& node,
                   const CodeContext& where) {
  auto* call = node.As<ast::Call>();
  if (call == nullptr || StaysDirect(*call, where.scope)) {
    return &node;
  }
  if (MergesKeywords(*call)) {
    ctx.Emit(diag::DiagKind::kCallKept, node,
             "its keywords come from several sources; merging them would "
             "change the error for a repeated keyword");
    return &node;
  }
  return codegen::InstantiateExpr(
      module, "ag__.converted_call(func, (args,), kwargs, scope)",
      {{"func", call->func},
       {"args", call->args},
       {"kwargs", Keywords(module, *call)},
       {"scope", codegen::Name(where.scope)}},
      call->origin);
}

class CallTreesPass : public pass::Pass {
 public:
  pass::Changed Run(ast::Module& module, pass::PassContext& ctx) override {
    bool changed = false;
    RewriteConvertedCode(module,
                         [&](ast::Node& node, const CodeContext& where) {
                           ast::Node* out = Rewrite(module, ctx, node, where);
                           changed = changed || out != &node;
                           return out;
                         });
    return changed ? pass::Changed::kYes : pass::Changed::kNo;
  }
};

}  // namespace

std::unique_ptr<pass::Pass> Create() {
  return std::make_unique<CallTreesPass>();
}

analysis::AnalysisSet Analyses() {
  return {};
}

}  // namespace agc::passes::call_trees
