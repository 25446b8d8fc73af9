// Eager originals (Converter, converter.h): each convertible function
// that needs a twin (analysis::NeedsTwin) keeps its own code with the
// guard line first and is followed by its converted twin, `_agc_<name>`,
// and `del _agc_<name>`; a function whose twin would do what it does is
// written once, as written. Here: the blocks that run as written, the
// original and its twin, the twin's name, and the guard.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "lib/analysis/needs_twin.h"
#include "lib/ast/ast.h"
#include "lib/codegen/namer.h"
#include "lib/codegen/template.h"
#include "passes/converted_code.h"
#include "passes/functions/converter.h"

namespace agc::passes::functions {
namespace {

// The name of an eager original's converted twin: `_agc_f` for `f`.
constexpr std::string_view kTwinPrefix = "_agc_";

}  // namespace

// A block of code that runs as written (module level, a class body, the
// body of an eager original, and blocks of compound statements there):
// each convertible function gets its guard and its twin after it.
// `copied`: the block is inside an eager original's copy, whose nodes the
// analyses of the input do not describe.
void Converter::OriginalBlock(std::vector<ast::Stmt*>& body, bool copied) {
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
ast::FunctionDef* Converter::Original(ast::FunctionDef& fn, bool copied) {
  if (!Convertible(fn)) {
    return nullptr;
  }
  if (!analysis::NeedsTwin(fn, TwinRule())) {
    // Its twin would do what it does under every backend: written once,
    // as written, and not marked as converted (see needs_twin.h). No
    // function it defines has a twin either.
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
  // Nor a docstring: the function people see is the original, which keeps
  // it (twin_of gives the twin the original's __doc__ at run time). A body
  // that needs a twin has a statement after it.
  if (twin->body.size() > 1 && IsDocstring(*twin->body[0])) {
    twin->body.erase(twin->body.begin());
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

analysis::TwinRuleOptions Converter::TwinRule() const {
  analysis::TwinRuleOptions rule;
  rule.lists = ctx_.IsSelected("lists");
  rule.slices = ctx_.IsSelected("slices");
  return rule;
}

void Converter::MarkLowered(ast::Node& node) {
  if (auto* fn = node.As<ast::FunctionDef>()) {
    fn->flags |= ast::kFlagLowered;
  }
  ast::ForEachChild(node, [](ast::Node* child) { MarkLowered(*child); });
}

// `_agc_f`, or `_agc_f_1`... when the module uses that name already (a
// property's getter and setter, a function defined twice).
std::string_view Converter::TwinName(std::string_view name) {
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
void Converter::InsertGuard(ast::FunctionDef& fn) {
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
  std::vector<ast::Stmt*> guard =
      codegen::Instantiate(module_,
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
bool Converter::StartsLine(const ast::Stmt& stmt) const {
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

}  // namespace agc::passes::functions
