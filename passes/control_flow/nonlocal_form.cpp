// The nonlocal form (FunctionConverter, declared in function_converter.h):
// Convert turns one if/while/for into get_state/set_state, body functions
// that declare the state `nonlocal` (or `global`), and the call of
// ag__.if_stmt, while_stmt or for_stmt. Under --control-flow functional it
// hands the statement to ConvertFunctional (functional_form.cpp) instead,
// unless NonlocalReason (nonlocal_reason.cpp) finds why it must keep this
// form.
#include <string>
#include <string_view>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/qual_names.h"
#include "lib/ast/ast.h"
#include "lib/codegen/printer.h"
#include "lib/codegen/template.h"
#include "passes/control_flow/function_converter.h"

namespace agc::passes::control_flow {

// `nonlocal a, b` / `global g` for the plain state symbols.
std::vector<ast::Stmt*> FunctionConverter::Declarations(const State& state,
                                                        ast::Origin origin) {
  std::vector<std::string_view> nonlocals;
  std::vector<std::string_view> globals;
  for (SymbolId id : state.symbols) {
    const analysis::Symbol& sym = qn_.Get(id);
    if (sym.is_composite()) {
      continue;
    }
    (scope_.globals.Contains(id) ? globals : nonlocals).push_back(sym.text);
  }
  std::vector<ast::Stmt*> out;
  if (!globals.empty()) {
    auto* g = module_.New<ast::Global>(origin);
    for (std::string_view n : globals) {
      g->names.push_back(module_.Intern(n));
    }
    out.push_back(g);
  }
  if (!nonlocals.empty()) {
    auto* n = module_.New<ast::Nonlocal>(origin);
    for (std::string_view name : nonlocals) {
      n->names.push_back(module_.Intern(name));
    }
    out.push_back(n);
  }
  return out;
}

// get_state and set_state for `state`.
std::vector<ast::Stmt*> FunctionConverter::StateFunctions(const ast::Stmt& stmt,
                                                          const State& state,
                                                          ast::Origin origin) {
  std::vector<ast::Expr*> reads;
  std::vector<ast::Expr*> writes;
  for (SymbolId id : state.symbols) {
    reads.push_back(StateRead(stmt, id, origin));
    writes.push_back(SymbolExpr(id, origin, true));
  }
  std::vector<ast::Stmt*> out = codegen::Instantiate(
      module_, R"(
          def get_state():
              return (reads,)
      )",
      {{"get_state", codegen::Name(Helper("get_state"))}, {"reads", reads}},
      origin);
  // Plain names read through ag__.ldu only because they may be unbound:
  // plain reads if they start as Undefined (decided once the whole
  // function is converted).
  auto& tuple = out[0]
                    ->Cast<ast::FunctionDef>()
                    .body[0]
                    ->Cast<ast::Return>()
                    .value->Cast<ast::Tuple>();
  for (size_t i = 0; i < state.symbols.size(); ++i) {
    SymbolId id = state.symbols[i];
    const analysis::Symbol& sym = qn_.Get(id);
    if (!sym.is_composite() && !deleted_.Contains(id) &&
        tuple.elts[i]->Is<ast::Call>()) {
      ldu_reads_.push_back(
          {sym.text, &tuple.elts, i, SymbolExpr(id, origin, false)});
    }
  }
  std::vector<ast::Stmt*> set_body = Declarations(state, origin);
  if (!state.symbols.empty()) {
    auto assign = codegen::Instantiate(
        module_, "(writes,) = vars_",
        {{"writes", writes}, {"vars_", codegen::Name(Helper("vars_"))}},
        origin);
    set_body.insert(set_body.end(), assign.begin(), assign.end());
  }
  auto set_state =
      codegen::Instantiate(module_, R"(
          def set_state(vars_):
              body
      )",
                           {{"set_state", codegen::Name(Helper("set_state"))},
                            {"vars_", codegen::Name(Helper("vars_"))},
                            {"body", set_body}},
                           origin);
  out.insert(out.end(), set_state.begin(), set_state.end());
  return out;
}

// def <name>(<params>): declarations; body   (no declarations for `pass`)
std::vector<ast::Stmt*> FunctionConverter::BodyFunction(
    std::string_view name,
    std::vector<ast::Stmt*> prologue,
    const std::vector<ast::Stmt*>& body,
    const State& state,
    ast::Origin origin,
    std::string_view param) {
  std::vector<ast::Stmt*> stmts;
  bool trivial =
      prologue.empty() &&
      (body.empty() || (body.size() == 1 && body[0]->Is<ast::Pass>()));
  if (!trivial) {
    stmts = Declarations(state, origin);
  }
  stmts.insert(stmts.end(), prologue.begin(), prologue.end());
  if (prologue.empty() || body.size() != 1 || !body[0]->Is<ast::Pass>()) {
    stmts.insert(stmts.end(), body.begin(), body.end());
  }
  StripAnnotations(stmts);
  if (param.empty()) {
    return codegen::Instantiate(
        module_, "def name():\n    body\n",
        {{"name", codegen::Name(name)}, {"body", stmts}}, origin);
  }
  return codegen::Instantiate(module_, "def name(param):\n    body\n",
                              {{"name", codegen::Name(name)},
                               {"param", codegen::Name(param)},
                               {"body", stmts}},
                              origin);
}

void FunctionConverter::Convert(ast::Stmt& stmt,
                                const State& state,
                                std::vector<ast::Stmt*>& out) {
  changed_ = true;
  deleted_ = activity_.Of(stmt)->deleted;
  const ast::Origin origin = stmt.origin;
  ast::Expr* kept_reason = nullptr;
  if (Functional()) {
    std::string reason = NonlocalReason(stmt, state);
    if (reason.empty()) {
      ConvertFunctional(stmt, state, out);
      return;
    }
    ctx_.Emit(diag::DiagKind::kNonlocalFormKept, stmt, Keyword(stmt), reason);
    // The runtime names the reason where PyTorch would stage the
    // statement (torch.cond and while_loop refuse the nonlocal form).
    kept_reason = codegen::StrConstant(module_, reason, origin);
  }
  // `, nonlocal_reason=reason)` closing a call template, and its binding.
  auto close = [&](std::string_view text, codegen::TemplateArgs args) {
    std::string full(text);
    if (kept_reason != nullptr) {
      full += ", nonlocal_reason=reason_text";
      args.push_back({"reason_text", kept_reason});
    }
    return codegen::Instantiate(module_, full + ")\n", args, origin);
  };
  Emit(out, StateFunctions(stmt, state, origin));
  if (auto* s = stmt.As<ast::If>()) {
    Emit(out, BodyFunction(Helper("if_body"), {}, s->body, state, origin));
    Emit(out, BodyFunction(Helper("else_body"), {}, s->orelse, state, origin));
    Emit(out, close("ag__.if_stmt(test, if_body, else_body, get_state, "
                    "set_state, (names,), nouts",
                    {{"test", s->test},
                     {"if_body", codegen::Name(Helper("if_body"))},
                     {"else_body", codegen::Name(Helper("else_body"))},
                     {"get_state", codegen::Name(Helper("get_state"))},
                     {"set_state", codegen::Name(Helper("set_state"))},
                     {"names", SymbolNames(state, origin)},
                     {"nouts", codegen::IntConstant(
                                   module_, static_cast<int64_t>(state.nouts),
                                   origin)}}));
    return;
  }
  if (auto* s = stmt.As<ast::While>()) {
    // The test runs in its own function; a walrus in it binds state.
    std::vector<ast::Stmt*> test_body = codegen::Instantiate(
        module_, "return test\n", {{"test", s->test}}, origin);
    const analysis::NodeActivity& header = activity_.HeaderOf(stmt);
    std::vector<ast::Stmt*> test_fn;
    if (header.modified.empty()) {
      test_fn = codegen::Instantiate(
          module_, "def loop_test():\n    body\n",
          {{"loop_test", codegen::Name(Helper("loop_test"))},
           {"body", test_body}},
          origin);
    } else {
      test_fn = BodyFunction(Helper("loop_test"), {}, test_body, state, origin);
    }
    Emit(out, test_fn);
    Emit(out, BodyFunction(Helper("loop_body"), {}, s->body, state, origin));
    Emit(out, close("ag__.while_stmt(loop_test, loop_body, get_state, "
                    "set_state, (names,), opts",
                    {{"opts", LoopOpts(stmt, state, nullptr, origin)},
                     {"loop_test", codegen::Name(Helper("loop_test"))},
                     {"loop_body", codegen::Name(Helper("loop_body"))},
                     {"get_state", codegen::Name(Helper("get_state"))},
                     {"set_state", codegen::Name(Helper("set_state"))},
                     {"names", SymbolNames(state, origin)}}));
    out.insert(out.end(), s->orelse.begin(), s->orelse.end());
    return;
  }
  auto& s = stmt.Cast<ast::For>();
  std::string target_text = codegen::PrintNode(module_, *s.target);
  std::string_view itr = Helper("itr");
  std::vector<ast::Stmt*> prologue = codegen::Instantiate(
      module_, "target = itr\n",
      {{"target", s.target}, {"itr", codegen::Name(itr)}}, origin);
  Emit(out,
       BodyFunction(Helper("loop_body"), prologue, s.body, state, origin, itr));
  ast::Expr* extra_test = codegen::InstantiateExpr(module_, "None", {}, origin);
  if (ast::Expr* extra = module_.LoopExtraTest(s)) {
    extra_test = codegen::InstantiateExpr(module_, "lambda: extra",
                                          {{"extra", extra}}, extra->origin);
  }
  Emit(
      out,
      close(
          "ag__.for_stmt(iter_, extra_test, loop_body, get_state, set_state, "
          "(names,), opts",
          {{"opts", LoopOpts(stmt, state,
                             codegen::StrConstant(module_, target_text, origin),
                             origin)},
           {"iter_", s.iter},
           {"extra_test", extra_test},
           {"loop_body", codegen::Name(Helper("loop_body"))},
           {"get_state", codegen::Name(Helper("get_state"))},
           {"set_state", codegen::Name(Helper("set_state"))},
           {"names", SymbolNames(state, origin)}}));
  out.insert(out.end(), s.orelse.begin(), s.orelse.end());
}

}  // namespace agc::passes::control_flow
