// Which form a statement takes (FunctionConverter, declared in
// function_converter.h): the functional form when --control-flow
// functional asks for it (Functional), unless NonlocalReason finds why its
// bodies' own copies of the variables would not behave as Python's; then
// the statement keeps the nonlocal form, with an AGC108 note naming the
// reason (Convert, nonlocal_form.cpp).
#include <fmt/format.h>

#include <string>
#include <string_view>

#include "lib/analysis/activity.h"
#include "lib/analysis/qual_names.h"
#include "lib/ast/ast.h"
#include "passes/control_flow/function_converter.h"

namespace agc::passes::control_flow {

bool FunctionConverter::Functional() const {
  return ctx_.options().control_flow == pass::ControlFlowForm::kFunctional;
}

// A statement that may catch an exception raised inside it (a `with`'s
// context manager may swallow one).
bool FunctionConverter::Catches(const ast::Stmt& stmt) {
  return stmt.Is<ast::Try>() || stmt.Is<ast::TryStar>() ||
         stmt.Is<ast::With>() || stmt.Is<ast::AsyncWith>();
}

std::string_view FunctionConverter::Keyword(const ast::Stmt& stmt) {
  return stmt.Is<ast::If>() ? "if" : stmt.Is<ast::While>() ? "while" : "for";
}

// Why `stmt` keeps the nonlocal form ("" when the functional form is
// exact): a body that takes the state as parameters has its own copies of
// the variables, which is what Python does only when nothing else sees
// them while the statement runs.
std::string FunctionConverter::NonlocalReason(const ast::Stmt& stmt,
                                              const State& state) const {
  for (SymbolId id : state.symbols) {
    const analysis::Symbol& sym = qn_.Get(id);
    if (sym.is_composite()) {
      return fmt::format(
          "its state `{}` is an attribute or item, not a local name", sym.text);
    }
  }
  for (SymbolId id : state.symbols) {
    if (scope_.globals.Contains(id) || scope_.nonlocals.Contains(id)) {
      return fmt::format("its state `{}` is declared {} in the function",
                         qn_.Get(id).text,
                         scope_.globals.Contains(id) ? "global" : "nonlocal");
    }
  }
  for (SymbolId id : state.symbols) {
    if (generator_reads_.Contains(id)) {
      return fmt::format(
          "its state `{}` is read by a generator expression, which may run "
          "after the statement",
          qn_.Get(id).text);
    }
  }
  for (SymbolId id : state.symbols) {
    if (captured_.Contains(id)) {
      return fmt::format(
          "its state `{}` is shared with a nested function or lambda",
          qn_.Get(id).text);
    }
  }
  if (catching_depth_ > 0 && !state.symbols.empty()) {
    // An exception raised midway leaves a functional body with the
    // changes made so far in its own frame; code after the `try`/`with`
    // that catches it must see them in the function's variables.
    return "it runs inside a `try` or `with` that may catch an exception "
           "raised midway, which must find the changes made so far";
  }
  if (!snapshots_.empty() && !state.symbols.empty()) {
    return "the function takes snapshots of its locals (locals() or "
           "vars())";
  }
  if (stmt.Is<ast::While>()) {
    const analysis::NodeActivity& header = activity_.HeaderOf(stmt);
    for (SymbolId id : state.symbols) {
      if (header.modified.Contains(id)) {
        return fmt::format("its test binds its state `{}` (`:=`)",
                           qn_.Get(id).text);
      }
    }
  }
  return "";
}

}  // namespace agc::passes::control_flow
