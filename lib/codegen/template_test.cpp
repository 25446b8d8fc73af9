// Template and namer tests: a template instantiated with each kind of
// replacement, printed back with PrintNode.
#include "lib/codegen/template.h"

#include <catch2/catch.hpp>
#include <string>
#include <string_view>

#include "lib/ast/ast.h"
#include "lib/base/source_file.h"
#include "lib/codegen/namer.h"
#include "lib/codegen/printer.h"
#include "lib/diag/diagnostic.h"
#include "lib/syntax/parse.h"

namespace agc::codegen {
namespace {

// A parsed input module the templates are instantiated into.
struct Input {
  explicit Input(std::string code)
      : source("t.py", std::move(code)), module(&source) {
    diag::DiagnosticSink sink;
    REQUIRE(syntax::Parse(source, module, sink));
  }

  // The value of the n-th top-level expression statement.
  ast::Expr* ExprAt(size_t n) {
    return module.body.at(n)->Cast<ast::ExprStmt>().value;
  }

  std::string Print(const std::vector<ast::Stmt*>& stmts) {
    std::string out;
    for (const ast::Stmt* stmt : stmts) {
      out += PrintNode(module, *stmt);
    }
    return out;
  }

  base::SourceFile source;
  ast::Module module;
};

constexpr ast::Origin kOrigin{7, 3};

TEST_CASE("template renames identifiers everywhere", "[template]") {
  Input in("pass\n");
  auto stmts = Instantiate(in.module, R"(
      def get_state():
          global x
          return x.attr(key=x)
  )",
                           {{"get_state", Name("get_state_1")},
                            {"x", Name("y")},
                            {"attr", Name("a")},
                            {"key", Name("k")}},
                           kOrigin);
  CHECK(in.Print(stmts) ==
        "def get_state_1():\n    global y\n    return y.a(k=y)\n");
}

TEST_CASE("template substitutes expressions with the placeholder's context",
          "[template]") {
  Input in("a.b\nc[0]\n");
  ast::Expr* attr = in.ExprAt(0);
  ast::Expr* sub = in.ExprAt(1);
  auto stmts = Instantiate(in.module, "target = value\n",
                           {{"target", attr}, {"value", sub}}, kOrigin);
  REQUIRE(stmts.size() == 1);
  CHECK(in.Print(stmts) == "a.b = c[0]\n");
  CHECK(attr->Cast<ast::Attribute>().ctx == ast::ExprContext::kStore);
  CHECK(sub->Cast<ast::Subscript>().ctx == ast::ExprContext::kLoad);
  in.module.body = stmts;  // the expressions moved into the assignment
  CHECK(ast::Verify(in.module).empty());
}

TEST_CASE("template clones an expression used twice", "[template]") {
  Input in("f(x)\n");
  ast::Expr* call = in.ExprAt(0);
  ast::Expr* out = InstantiateExpr(in.module, "(e, e)", {{"e", call}}, kOrigin);
  auto& tuple = out->Cast<ast::Tuple>();
  REQUIRE(tuple.elts.size() == 2);
  CHECK(tuple.elts[0] == call);
  CHECK(tuple.elts[1] != call);
  CHECK(PrintNode(in.module, *out) == "(f(x), f(x))");
}

TEST_CASE("template splices statement lists", "[template]") {
  Input in("x = 1\ny = 2\n");
  std::vector<ast::Stmt*> body = {in.module.body[0], in.module.body[1]};
  auto stmts = Instantiate(in.module, R"(
      def if_body():
          body
          return 0
  )",
                           {{"body", body}}, kOrigin);
  CHECK(in.Print(stmts) ==
        "def if_body():\n    x = 1\n    y = 2\n    return 0\n");
}

TEST_CASE("template leaves pass for an empty body", "[template]") {
  Input in("pass\n");
  auto stmts = Instantiate(in.module, "def else_body():\n    body\n",
                           {{"body", std::vector<ast::Stmt*>{}}}, kOrigin);
  CHECK(in.Print(stmts) == "def else_body():\n    pass\n");
}

TEST_CASE("template splices expression and name lists", "[template]") {
  Input in("a\nb.c\n");
  std::vector<ast::Expr*> args = {in.ExprAt(0), in.ExprAt(1)};
  auto stmts =
      Instantiate(in.module, R"(
      def set_state(vars_):
          nonlocal names
          (names,) = vars_
      f(first, args, last)
  )",
                  {{"names", Names({"p", "q"})}, {"args", args}}, kOrigin);
  CHECK(in.Print(stmts) ==
        "def set_state(vars_):\n    nonlocal p, q\n    p, q = vars_\n"
        "f(first, a, b.c, last)\n");
  CHECK(ast::Verify(in.module).empty());
}

TEST_CASE("template splices an empty name list into a tuple", "[template]") {
  Input in("pass\n");
  ast::Expr* out =
      InstantiateExpr(in.module, "(names,)", {{"names", Names({})}}, kOrigin);
  CHECK(PrintNode(in.module, *out) == "()");
}

TEST_CASE("template splices a name list as parameters", "[template]") {
  Input in("pass\n");
  auto stmts = Instantiate(in.module, R"(
      def loop_body(itr, state):
          return (state,)
  )",
                           {{"state", Names({"i", "x"})}}, kOrigin);
  CHECK(in.Print(stmts) == "def loop_body(itr, i, x):\n    return (i, x)\n");
  auto none =
      Instantiate(in.module, "def if_body(state):\n    return (state,)\n",
                  {{"state", Names({})}}, kOrigin);
  CHECK(in.Print(none) == "def if_body():\n    return ()\n");
}

TEST_CASE("template nodes take the origin and have no span", "[template]") {
  Input in("x\n");
  ast::Expr* x = in.ExprAt(0);
  auto stmts = Instantiate(in.module, "if t:\n    pass\n", {{"t", x}}, kOrigin);
  REQUIRE(stmts.size() == 1);
  const ast::Node& stmt = *stmts[0];
  CHECK(stmt.origin.line == 7);
  CHECK(stmt.origin.col == 3);
  CHECK_FALSE(stmt.span.valid());
  // The substituted expression keeps its own origin and span.
  CHECK(x->origin.line == 1);
  CHECK(x->span.valid());
}

TEST_CASE("template constants", "[template]") {
  Input in("pass\n");
  ast::Expr* out =
      InstantiateExpr(in.module, "f(names, n)",
                      {{"names", StrConstant(in.module, "it's", kOrigin)},
                       {"n", IntConstant(in.module, 3, kOrigin)}},
                      kOrigin);
  CHECK(PrintNode(in.module, *out) == "f('it\\'s', 3)");
  CHECK(PrintNode(in.module, *StrConstant(in.module, "a\nb\\\t", kOrigin)) ==
        "'a\\nb\\\\\\x09'");
}

TEST_CASE("template Store context reaches tuple and starred elements",
          "[template]") {
  Input in("(a, *b)\n");
  ast::Expr* tuple = in.ExprAt(0);
  auto stmts = Instantiate(in.module, "t = vars_\n", {{"t", tuple}}, kOrigin);
  const auto& t = tuple->Cast<ast::Tuple>();
  CHECK(t.ctx == ast::ExprContext::kStore);
  CHECK(t.elts[0]->Cast<ast::Name>().ctx == ast::ExprContext::kStore);
  CHECK(t.elts[1]->Cast<ast::Starred>().ctx == ast::ExprContext::kStore);
  CHECK(t.elts[1]->Cast<ast::Starred>().value->Cast<ast::Name>().ctx ==
        ast::ExprContext::kStore);
  in.module.body = stmts;  // the expression moved into the assignment
  CHECK(ast::Verify(in.module).empty());
  CHECK(in.Print(stmts) == "a, *b = vars_\n");
}

TEST_CASE("namer avoids every identifier the module uses", "[namer]") {
  Input in(
      "import os.path\n"
      "def f(get_state, *, k=1):\n"
      "    global set_state\n"
      "    loop_body = get_state_1.attr\n"
      "    class C: pass\n");
  Namer namer(in.module);
  CHECK(namer.IsUsed("os"));
  CHECK(namer.IsUsed("attr"));
  CHECK(namer.IsUsed("C"));
  CHECK(namer.New(in.module, "get_state") == "get_state_2");
  CHECK(namer.New(in.module, "set_state") == "set_state_1");
  CHECK(namer.New(in.module, "loop_body") == "loop_body_1");
  CHECK(namer.New(in.module, "loop_body") == "loop_body_2");
  CHECK(namer.New(in.module, "if_body") == "if_body");
  CHECK(namer.New(in.module, "if_body") == "if_body_1");
  CHECK(namer.New(in.module, "k") == "k_1");
}

}  // namespace
}  // namespace agc::codegen
