// The functional form (--control-flow functional; FunctionConverter,
// declared in function_converter.h): ConvertFunctional turns one
// if/while/for into body functions that take the state as parameters and
// return it, and the statement's own level assigns what ag__.if_stmt_fn,
// while_stmt_fn or for_stmt_fn returns. Convert (nonlocal_form.cpp) calls
// it for the statements NonlocalReason (nonlocal_reason.cpp) lets through;
// a loop's variables used only by value come from OperandOnly
// (operand_only.cpp).
#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lib/analysis/qual_names.h"
#include "lib/ast/ast.h"
#include "lib/codegen/printer.h"
#include "lib/codegen/template.h"
#include "passes/control_flow/function_converter.h"

namespace agc::passes::control_flow {

std::vector<std::string_view> FunctionConverter::StateNames(
    const State& state) const {
  std::vector<std::string_view> out;
  out.reserve(state.symbols.size());
  for (SymbolId id : state.symbols) {
    out.push_back(qn_.Get(id).text);
  }
  return out;
}

// `(y, ag__.ldu(lambda: x, 'x'))`: the state read as get_state reads it.
// `simplify`: its ag__.ldu reads of names that start as Undefined become
// plain reads (SimplifyStateReads), as get_state's do; only where the
// read reaches the function's own variable (or a helper's parameter).
// `at_entry`: the state the statement's call passes in (read where the
// statement is), not what one of its bodies returns.
ast::Expr* FunctionConverter::StateTuple(const ast::Stmt& stmt,
                                         const State& state,
                                         ast::Origin origin,
                                         bool simplify,
                                         bool at_entry) {
  std::vector<ast::Expr*> reads;
  for (SymbolId id : state.symbols) {
    reads.push_back(StateRead(stmt, id, origin, at_entry));
  }
  ast::Expr* tuple_expr =
      codegen::InstantiateExpr(module_, "(reads,)", {{"reads", reads}}, origin);
  auto& tuple = tuple_expr->Cast<ast::Tuple>();
  for (size_t i = 0; i < state.symbols.size(); ++i) {
    SymbolId id = state.symbols[i];
    const analysis::Symbol& sym = qn_.Get(id);
    if (sym.is_composite() || deleted_.Contains(id) ||
        !tuple.elts[i]->Is<ast::Call>()) {
      continue;
    }
    if (!at_entry && !scope_.deleted.Contains(id)) {
      // What a body returns is its own parameter: always bound (maybe to
      // Undefined), unless the function deletes the name somewhere.
      tuple.elts[i] = SymbolExpr(id, origin, false);
    } else if (simplify) {
      ldu_reads_.push_back(
          {sym.text, &tuple.elts, i, SymbolExpr(id, origin, false)});
    } else if (IsEnclosingParam(id)) {
      // Always bound: the parameter holds a value (maybe Undefined).
      tuple.elts[i] = SymbolExpr(id, origin, false);
    }
  }
  return tuple_expr;
}

// Whether `id` is a parameter of the innermost helper around the
// statement being converted (a functional statement's body), and the
// function deletes it nowhere (a `del` could unbind the parameter).
bool FunctionConverter::IsEnclosingParam(SymbolId id) const {
  if (functional_params_.empty() || functional_params_.back() == nullptr ||
      scope_.deleted.Contains(id)) {
    return false;
  }
  const std::vector<SymbolId>& params = *functional_params_.back();
  return std::find(params.begin(), params.end(), id) != params.end();
}

// def <name>([param, ]<state>): prologue; body; return (<state>,)
std::vector<ast::Stmt*> FunctionConverter::FunctionalBody(
    std::string_view name,
    std::vector<ast::Stmt*> prologue,
    const std::vector<ast::Stmt*>& body,
    const ast::Stmt& stmt,
    const State& state,
    bool simplify,
    ast::Origin origin,
    std::string_view param) {
  std::vector<ast::Stmt*> stmts = std::move(prologue);
  if (body.size() != 1 || !body[0]->Is<ast::Pass>()) {
    stmts.insert(stmts.end(), body.begin(), body.end());
  }
  StripAnnotations(stmts);
  auto ret = codegen::Instantiate(
      module_, "return state\n",
      {{"state", StateTuple(stmt, state, origin, simplify)}}, origin);
  stmts.insert(stmts.end(), ret.begin(), ret.end());
  codegen::TemplateArgs args = {{"name", codegen::Name(name)},
                                {"state", codegen::Names(StateNames(state))},
                                {"body", stmts}};
  if (param.empty()) {
    return codegen::Instantiate(module_, "def name(state):\n    body\n", args,
                                origin);
  }
  args.push_back({"param", codegen::Name(param)});
  return codegen::Instantiate(module_, "def name(param, state):\n    body\n",
                              args, origin);
}

// `call` as a statement: `y, x = call`, `x, = call`, or `call` alone when
// there is no state.
std::vector<ast::Stmt*> FunctionConverter::FunctionalCall(const State& state,
                                                          ast::Expr* call,
                                                          ast::Origin origin) {
  if (state.symbols.empty()) {
    return codegen::Instantiate(module_, "call\n", {{"call", call}}, origin);
  }
  return codegen::Instantiate(
      module_, "(targets,) = call\n",
      {{"targets", codegen::Names(StateNames(state))}, {"call", call}}, origin);
}

// The functional form: bodies take the state as parameters and return
// it; the operator returns the state after the statement, which the
// statement's own level assigns.
//
//   def if_body(y, x):               def loop_test(i, x):
//       y = x * 2                        return i < n
//       return (y, x)                def loop_body(i, x):
//   def else_body(y, x):                 ...
//       return (y, x)                    return (i, x)
//   y, x = ag__.if_stmt_fn(          i, x = ag__.while_stmt_fn(
//       x > 0, if_body, else_body,       loop_test, loop_body, (i, x),
//       (y, x), ('y', 'x'), 1)           ('i', 'x'), {})
void FunctionConverter::ConvertFunctional(ast::Stmt& stmt,
                                          const State& state,
                                          std::vector<ast::Stmt*>& out) {
  const ast::Origin origin = stmt.origin;
  // At the function's own level the reads are get_state's: the names
  // need a binding there (ComputeInits), and those that start as
  // Undefined are read plainly. Inside a helper the call's assignment
  // makes them the helper's own variables.
  const bool top = helper_depth_ == 0;
  if (top) {
    for (SymbolId id : state.symbols) {
      std::string_view name = qn_.Get(id).text;
      if (IsFunctionLocal(name)) {
        needed_.emplace(name, top_index_);  // keeps the first
      }
    }
  }
  ast::Expr* names = codegen::InstantiateExpr(
      module_, "(names,)", {{"names", SymbolNames(state, origin)}}, origin);
  if (auto* s = stmt.As<ast::If>()) {
    Emit(out, FunctionalBody(Helper("if_body"), {}, s->body, stmt, state, top,
                             origin));
    Emit(out, FunctionalBody(Helper("else_body"), {}, s->orelse, stmt, state,
                             top, origin));
    // `if not c:` runs else_body when c holds: no negation to stage (the
    // guards of lowered break, continue and return are such ifs).
    ast::Expr* test = s->test;
    std::string_view first = Helper("if_body");
    std::string_view second = Helper("else_body");
    if (const auto* op = test->As<ast::UnaryOp>();
        op != nullptr && op->op == ast::UnaryOpKind::kNot) {
      test = op->operand;
      std::swap(first, second);
    }
    ast::Expr* call = codegen::InstantiateExpr(
        module_,
        "ag__.if_stmt_fn(test, if_body, else_body, state, names, nouts)",
        {{"test", test},
         {"if_body", codegen::Name(first)},
         {"else_body", codegen::Name(second)},
         {"state", StateTuple(stmt, state, origin, top, true)},
         {"names", names},
         {"nouts", codegen::IntConstant(
                       module_, static_cast<int64_t>(state.nouts), origin)}},
        origin);
    Emit(out, FunctionalCall(state, call, origin));
    return;
  }
  if (auto* s = stmt.As<ast::While>()) {
    Emit(out, codegen::Instantiate(
                  module_, "def loop_test(state):\n    return test\n",
                  {{"loop_test", codegen::Name(Helper("loop_test"))},
                   {"state", codegen::Names(StateNames(state))},
                   {"test", s->test}},
                  origin));
    Emit(out, FunctionalBody(Helper("loop_body"), {}, s->body, stmt, state, top,
                             origin));
    ast::Expr* call = codegen::InstantiateExpr(
        module_, "ag__.while_stmt_fn(loop_test, loop_body, state, names, opts)",
        {{"loop_test", codegen::Name(Helper("loop_test"))},
         {"loop_body", codegen::Name(Helper("loop_body"))},
         {"state", StateTuple(stmt, state, origin, top, true)},
         {"names", names},
         {"opts", LoopOpts(stmt, state, nullptr, origin)}},
        origin);
    Emit(out, FunctionalCall(state, call, origin));
    out.insert(out.end(), s->orelse.begin(), s->orelse.end());
    return;
  }
  auto& s = stmt.Cast<ast::For>();
  std::string target_text = codegen::PrintNode(module_, *s.target);
  ast::Expr* extra_test = codegen::InstantiateExpr(module_, "None", {}, origin);
  if (ast::Expr* extra = module_.LoopExtraTest(s)) {
    Emit(out, codegen::Instantiate(
                  module_, "def extra_test(state):\n    return extra\n",
                  {{"extra_test", codegen::Name(Helper("extra_test"))},
                   {"state", codegen::Names(StateNames(state))},
                   {"extra", extra}},
                  extra->origin));
    extra_test = codegen::InstantiateExpr(
        module_, "extra_test",
        {{"extra_test", codegen::Name(Helper("extra_test"))}}, origin);
  }
  std::string_view itr = Helper("itr");
  std::vector<ast::Stmt*> prologue = codegen::Instantiate(
      module_, "target = itr\n",
      {{"target", s.target}, {"itr", codegen::Name(itr)}}, origin);
  Emit(out, FunctionalBody(Helper("loop_body"), prologue, s.body, stmt, state,
                           top, origin, itr));
  ast::Expr* call = codegen::InstantiateExpr(
      module_,
      "ag__.for_stmt_fn(iter_, extra_test, loop_body, state, names, opts)",
      {{"iter_", s.iter},
       {"extra_test", extra_test},
       {"loop_body", codegen::Name(Helper("loop_body"))},
       {"state", StateTuple(stmt, state, origin, top, true)},
       {"names", names},
       {"opts",
        LoopOpts(stmt, state,
                 codegen::StrConstant(module_, target_text, origin), origin)}},
      origin);
  Emit(out, FunctionalCall(state, call, origin));
  out.insert(out.end(), s.orelse.begin(), s.orelse.end());
}

}  // namespace agc::passes::control_flow
