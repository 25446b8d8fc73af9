// Templates: generated code is written as Python text that reads like its
// output, with placeholder names that Instantiate replaces:
//
//   auto stmts = codegen::Instantiate(module, R"(
//       def get_state():
//           return (state,)
//       def set_state(vars_):
//           nonlocal state
//           (state,) = vars_
//       ag__.if_stmt(test, if_body, else_body, get_state, set_state,
//                    (symbol_names,), nouts)
//   )", {{"state", codegen::Names(state)}, {"test", test_expr}, ...}, origin);
//
// A placeholder is an identifier of the template: a Name expression, a def or
// parameter name, a global/nonlocal name, an attribute or keyword name. What
// replaces it:
// - a name (Name("x")): the identifier is renamed, wherever it appears;
// - an expression: substituted for a Name placeholder, taking the
//   placeholder's context (Load/Store/Del); the second and later uses get a
//   clone;
// - a list of statements: substituted for a placeholder standing alone as a
//   statement (`body`); an empty list in a block that would become empty
//   leaves `pass`;
// - a list of expressions: spliced where the placeholder is an element of a
//   list (call arguments, tuple/list/set elements);
// - a list of names (Names(...)): spliced into global/nonlocal lists, as
//   Name elements where the placeholder is an element of an expression list,
//   or as parameters where the placeholder is a parameter.
//
// The template text is dedented, parsed once per thread and cached; a template
// that does not parse is a check failure (a bug in agc, not in the user's
// input). Every node created takes `origin` and has no span, so the printer
// prints it from the AST. Substituted nodes keep their own origins.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "lib/ast/ast.h"

namespace agc::codegen {

struct NameRepl {
  std::string_view name;
};

struct NamesRepl {
  std::vector<std::string_view> names;
};

using Replacement = std::variant<NameRepl,
                                 NamesRepl,
                                 ast::Expr*,
                                 std::vector<ast::Expr*>,
                                 std::vector<ast::Stmt*>>;

inline Replacement Name(std::string_view name) {
  return NameRepl{name};
}

inline Replacement Names(std::vector<std::string_view> names) {
  return NamesRepl{std::move(names)};
}

struct TemplateArg {
  std::string_view placeholder;
  Replacement replacement;
};

using TemplateArgs = std::vector<TemplateArg>;

// Instantiates a template of statements into `module`.
std::vector<ast::Stmt*> Instantiate(ast::Module& module,
                                    std::string_view text,
                                    const TemplateArgs& args,
                                    ast::Origin origin);

// Instantiates a template that is one expression.
ast::Expr* InstantiateExpr(ast::Module& module,
                           std::string_view text,
                           const TemplateArgs& args,
                           ast::Origin origin);

// A string constant holding `value`, written with single quotes; quotes,
// backslashes and control characters are escaped.
ast::Constant* StrConstant(ast::Module& module,
                           std::string_view value,
                           ast::Origin origin);

// An int constant.
ast::Constant* IntConstant(ast::Module& module,
                           int64_t value,
                           ast::Origin origin);

// Sets the context of an assignable expression (Name, Attribute, Subscript,
// Starred, and Tuple/List with their elements) to `ctx`.
void SetContext(ast::Expr& expr, ast::ExprContext ctx);

}  // namespace agc::codegen
