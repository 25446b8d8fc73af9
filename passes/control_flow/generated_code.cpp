// What both forms generate (FunctionConverter, declared in
// function_converter.h): fresh helper names, helper bodies without
// annotations, a state symbol read or written (StateRead: plainly, through
// ag__.ldu, or as ag__.Undefined where a functional helper cannot have
// bound it), a loop's opts dict, and Emit, which marks what it emits as
// generated (kFlagHelper). nonlocal_form.cpp and functional_form.cpp
// assemble the statements from these.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "lib/analysis/qual_names.h"
#include "lib/analysis/reaching_definitions.h"
#include "lib/ast/ast.h"
#include "lib/codegen/template.h"
#include "passes/control_flow/function_converter.h"
#include "passes/converted_code.h"

namespace agc::passes::control_flow {

std::string_view FunctionConverter::Helper(std::string_view base) {
  auto it = helper_names_.find(base);
  if (it != helper_names_.end()) {
    return it->second;
  }
  AGC_CHECK_MSG(namer_.has_value(), "a helper in a function not converted");
  std::string_view name = namer_->New(module_, base);
  helper_names_.emplace(base, name);
  return name;
}

// `x: T = v` becomes `x = v` in a helper, and `x: T` becomes `pass`: a
// name declared nonlocal cannot be annotated, and Python never evaluates
// the annotation of a local name, so dropping it changes nothing.
void FunctionConverter::StripAnnotations(std::vector<ast::Stmt*>& block) {
  for (ast::Stmt*& stmt : block) {
    auto* ann = stmt->As<ast::AnnAssign>();
    if (ann == nullptr) {
      ForEachBlock(*stmt, [&](std::vector<ast::Stmt*>& inner) {
        StripAnnotations(inner);
      });
      continue;
    }
    if (!ann->target->Is<ast::Name>()) {
      continue;  // `self.x: T = v` evaluates T: keep it
    }
    stmt = ann->value == nullptr
               ? codegen::Instantiate(module_, "pass", {}, ann->origin)[0]
               : codegen::Instantiate(
                     module_, "target = value",
                     {{"target", ann->target}, {"value", ann->value}},
                     ann->origin)[0];
  }
}

// An expression reading a state symbol (Store context when `store`).
ast::Expr* FunctionConverter::SymbolExpr(SymbolId id,
                                         ast::Origin origin,
                                         bool store) {
  ast::Expr* expr = CompositeExpr(qn_.Get(id), origin);
  codegen::SetContext(
      *expr, store ? ast::ExprContext::kStore : ast::ExprContext::kLoad);
  return expr;
}

// `self.x`, `d['k']`, `a[i]` rebuilt from the symbol's structure.
ast::Expr* FunctionConverter::CompositeExpr(const analysis::Symbol& sym,
                                            ast::Origin origin) {
  if (!sym.is_composite()) {
    auto* name = module_.New<ast::Name>(origin);
    name->id = module_.Intern(sym.text);
    return name;
  }
  const analysis::Symbol& parent = qn_.Get(sym.parent);
  ast::Expr* base = CompositeExpr(parent, origin);
  if (sym.kind == analysis::SymbolKind::kAttribute) {
    auto* attr = module_.New<ast::Attribute>(origin);
    attr->value = base;
    attr->attr = module_.Intern(
        std::string_view(sym.text).substr(parent.text.size() + 1));
    return attr;
  }
  // Subscript: the index text is what follows the parent, in brackets.
  std::string_view index = std::string_view(sym.text).substr(
      parent.text.size() + 1, sym.text.size() - parent.text.size() - 2);
  auto* sub = module_.New<ast::Subscript>(origin);
  sub->value = base;
  sub->slice = codegen::InstantiateExpr(module_, index, {}, origin);
  return sub;
}

// get_state's tuple entry for a symbol: the symbol, or ag__.ldu(...) when
// it may be unbound or is composite. `helper_local`: the functional
// form's read, which may be inside a helper that binds the name itself
// (HelperMayNotBind), or of a name no binding reaches: then
// ag__.Undefined(...), no read at all.
ast::Expr* FunctionConverter::StateRead(const ast::Stmt& stmt,
                                        SymbolId id,
                                        ast::Origin origin,
                                        bool helper_local) {
  const analysis::Symbol& sym = qn_.Get(id);
  const bool plain = !sym.is_composite() && !deleted_.Contains(id);
  if (plain && helper_local && helper_depth_ > 0 &&
      rd_.MayBeUndefined(stmt, id) && rd_.Reaching(stmt, id).empty() &&
      !IsEnclosingParam(id)) {
    // No binding reaches it: nothing to read (a closure over the
    // helper's unset variable is also what Dynamo cannot trace).
    return codegen::InstantiateExpr(
        module_, "ag__.Undefined(name)",
        {{"name", codegen::StrConstant(module_, sym.text, origin)}}, origin);
  }
  const bool helper_may_not_bind =
      plain && helper_local && HelperMayNotBind(stmt, id);
  if (helper_may_not_bind && !IsEnclosingParam(id) &&
      HelperNeverBinds(stmt, id)) {
    // Unbound in the helper's frame whatever the function did: no
    // binding of this run of the helper comes before `stmt`.
    return codegen::InstantiateExpr(
        module_, "ag__.Undefined(name)",
        {{"name", codegen::StrConstant(module_, sym.text, origin)}}, origin);
  }
  if (plain && !rd_.MayBeUndefined(stmt, id) && !helper_may_not_bind) {
    return SymbolExpr(id, origin, false);
  }
  return codegen::InstantiateExpr(
      module_, "ag__.ldu(lambda: x, name)",
      {{"x", SymbolExpr(id, origin, false)},
       {"name", codegen::StrConstant(module_, sym.text, origin)}},
      origin);
}

// Whether `id`, state of `stmt` in a helper of the functional form, may
// be unbound in that helper although the function has bound it: the
// helper assigns it (the statement's call does) without taking it in
// (it is not state of the enclosing statement), so the function's value
// is not the helper's. Then it is not live into `stmt` either (it would
// be live into the enclosing statement, and so its state), and only its
// binding matters: read through ag__.ldu.
//
//   if c:                def else_body(r):      # `a` not state here
//       return 1             if d: a = 1 ...
//   if d: a = 1              a, = if_stmt_fn(d, ..., (a,), ...)
//   else: a = 2          ->  `(a,)` would raise UnboundLocalError
bool FunctionConverter::HelperMayNotBind(const ast::Stmt& stmt,
                                         SymbolId id) const {
  if (helper_depth_ == 0 || enclosing_state_.empty()) {
    return false;
  }
  const std::vector<SymbolId>& outer = *enclosing_state_.back();
  return std::find(outer.begin(), outer.end(), id) == outer.end() &&
         !liveness_.LiveIn(stmt).Contains(id);
}

// Whether no binding of `id` in the innermost helper around `stmt` comes
// before `stmt` in one run of it (HelperMayNotBind's case): a binding
// there reaches `stmt` only from the helper's own earlier statements;
// those after it, or inside `stmt` itself, reach it through a loop's back
// edge, from an earlier run whose frame is gone; those outside the helper
// are the function's (or another helper's) variable, not this one.
//
//   while i < n:            def loop_body(x, i):
//       if c: y = x             y, = if_stmt_fn(c, ...,
//       (ag__.Undefined('y'),), ...) else: y = -x    ->      x = y + 1 x = y
//       + 1
//
// (A closure over the helper's unset `y`, ag__.ldu(lambda: y, 'y'), is
// what Dynamo cannot trace: "Read uninitialized cell".)
bool FunctionConverter::HelperNeverBinds(const ast::Stmt& stmt,
                                         SymbolId id) const {
  if (enclosing_blocks_.empty()) {
    return false;
  }
  const BlockPositions& positions = enclosing_blocks_.back();
  auto at = positions.find(stmt.node_id);
  if (at == positions.end()) {
    return false;
  }
  for (const analysis::Definition* def : rd_.Reaching(stmt, id)) {
    if (def->node == nullptr) {
      return false;
    }
    auto where = positions.find(def->node->node_id);
    if (where == positions.end() || where->second.block != at->second.block ||
        where->second.index > at->second.index ||
        (where->second.index == at->second.index && at->second.top &&
         def->node != &stmt)) {  // (a binding of stmt's header: a walrus)
      continue;
    }
    return false;
  }
  return true;
}

// The loop's opts dict: `{'iterate_names': 'i'}` for a for loop,
// `'operand_only': ('x', 'i')` for the functional form's variables it
// uses only by value (OperandOnly), then the set_loop_options arguments
// the directives pass took out of its body.
ast::Expr* FunctionConverter::LoopOpts(const ast::Stmt& loop,
                                       const State& state,
                                       ast::Expr* iterate_names,
                                       ast::Origin origin) {
  std::string text = "{";
  codegen::TemplateArgs args;
  if (iterate_names != nullptr) {
    text += "'iterate_names': iterate_names";
    args.push_back({"iterate_names", iterate_names});
  }
  if (!state.operand_only.empty()) {
    std::vector<ast::Expr*> names;
    names.reserve(state.operand_only.size());
    for (std::string_view name : state.operand_only) {
      names.push_back(codegen::StrConstant(module_, name, origin));
    }
    text += text.size() > 1 ? ", " : "";
    text += "'operand_only': (operand_only,)";
    args.push_back({"operand_only", names});
  }
  std::vector<std::string> holders;
  if (const ast::Module::LoopOptionList* options = module_.LoopOptions(loop)) {
    holders.reserve(options->size());  // the args keep views of them
    for (const auto& [name, value] : *options) {
      holders.push_back("option_" + std::to_string(holders.size()));
      // `name` is one of set_loop_options' parameter names.
      text += (text.size() > 1 ? ", '" : "'") + std::string(name) +
              "': " + holders.back();
      args.push_back({holders.back(), value});
    }
  }
  text += "}";
  return codegen::InstantiateExpr(module_, text, args, origin);
}

std::vector<ast::Expr*> FunctionConverter::SymbolNames(const State& state,
                                                       ast::Origin origin) {
  std::vector<ast::Expr*> out;
  for (SymbolId id : state.symbols) {
    out.push_back(codegen::StrConstant(module_, qn_.Get(id).text, origin));
  }
  return out;
}

void FunctionConverter::Emit(std::vector<ast::Stmt*>& out,
                             std::vector<ast::Stmt*> stmts) {
  for (ast::Stmt* s : stmts) {
    generated_.insert(s);
    if (auto* fn = s->As<ast::FunctionDef>()) {
      fn->flags |= ast::kFlagHelper;
      generated_helpers_.insert(fn);
    }
    out.push_back(s);
  }
}

}  // namespace agc::passes::control_flow
