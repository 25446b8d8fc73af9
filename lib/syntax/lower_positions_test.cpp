// Lowering tests: where things are. Origins as CPython has them (line,
// code-point column), spans as byte ranges of the input, comments collected
// in order, and line ends (CRLF, lone CR, form feeds, a byte-order mark).
#include <catch2/catch.hpp>
#include <string>

#include "lib/ast/ast.h"
#include "lib/base/python_version.h"
#include "lib/syntax/lower_test_util.h"
#include "lib/syntax/parse.h"

namespace agc::syntax {
namespace {

using testing::DumpOf;
using testing::ErrorsOf;
using testing::Lowered;

TEST_CASE("syntax: origins are CPython's (line, code-point column)",
          "[syntax]") {
  CHECK(
      DumpOf("s = 'héllo'; t = 1\nx = '€€' + y\n", /*origins=*/true) ==
      R"ast(Module(body=[Assign@1:1(targets=[Name@1:1(id='s', ctx=Store())], value=Constant@1:5(value_kind=str, text='\'héllo\'')), Assign@1:14(targets=[Name@1:14(id='t', ctx=Store())], value=Constant@1:18(value_kind=int, text='1')), Assign@2:1(targets=[Name@2:1(id='x', ctx=Store())], value=BinOp@2:5(left=Constant@2:5(value_kind=str, text='\'€€\''), op=Add(), right=Name@2:12(id='y', ctx=Load())))]))ast");
  CHECK(
      DumpOf("d = {'ключ': [1, 2]}\n", /*origins=*/true) ==
      R"ast(Module(body=[Assign@1:1(targets=[Name@1:1(id='d', ctx=Store())], value=Dict@1:5(keys=[Constant@1:6(value_kind=str, text='\'ключ\'')], values=[List@1:14(elts=[Constant@1:15(value_kind=int, text='1'), Constant@1:18(value_kind=int, text='2')], ctx=Load())]))]))ast");
  CHECK(
      DumpOf("if x:\n    a = 1\nelif y:\n    pass\n", /*origins=*/true) ==
      R"ast(Module(body=[If@1:1(test=Name@1:4(id='x', ctx=Load()), body=[Assign@2:5(targets=[Name@2:5(id='a', ctx=Store())], value=Constant@2:9(value_kind=int, text='1'))], orelse=[If@3:1(test=Name@3:6(id='y', ctx=Load()), body=[Pass@4:5()], orelse=[])])]))ast");
  CHECK(
      DumpOf("@dec\nasync def f(*args, **kw): pass\n", /*origins=*/true) ==
      R"ast(Module(body=[AsyncFunctionDef@2:1(name='f', args=arguments@2:12(posonlyargs=[], args=[], vararg=arg@2:14(arg='args', annotation=None), kwonlyargs=[], kw_defaults=[], kwarg=arg@2:22(arg='kw', annotation=None), defaults=[]), body=[Pass@2:27()], decorator_list=[Name@1:2(id='dec', ctx=Load())], returns=None)]))ast");
  CHECK(
      DumpOf("f(x for x in y)\n", /*origins=*/true) ==
      R"ast(Module(body=[Expr@1:1(value=Call@1:1(func=Name@1:1(id='f', ctx=Load()), args=[GeneratorExp@1:2(elt=Name@1:3(id='x', ctx=Load()), generators=[comprehension@1:5(target=Name@1:9(id='x', ctx=Store()), iter=Name@1:14(id='y', ctx=Load()), ifs=[], is_async=False)])], keywords=[]))]))ast");
  CHECK(
      DumpOf("x[a:b, c]\n", /*origins=*/true) ==
      R"ast(Module(body=[Expr@1:1(value=Subscript@1:1(value=Name@1:1(id='x', ctx=Load()), slice=Tuple@1:3(elts=[Slice@1:3(lower=Name@1:3(id='a', ctx=Load()), upper=Name@1:5(id='b', ctx=Load()), step=None), Name@1:8(id='c', ctx=Load())], ctx=Load()), ctx=Load()))]))ast");
  CHECK(
      DumpOf("x = (  # comment\n  a + b)\n", /*origins=*/true) ==
      R"ast(Module(body=[Assign@1:1(targets=[Name@1:1(id='x', ctx=Store())], value=BinOp@2:3(left=Name@2:3(id='a', ctx=Load()), op=Add(), right=Name@2:7(id='b', ctx=Load())))]))ast");
  // CPython 3.11 starts the tuple at `{`; 3.12 at its first element.
  ParseOptions py311;
  py311.target = base::PythonVersion::kPy311;
  CHECK(
      DumpOf("f'{a, b}'\n", /*origins=*/true, py311) ==
      R"ast(Module(body=[Expr@1:1(value=JoinedStr@1:1(text='f\'{a, b}\'', values=[Tuple@1:3(elts=[Name@1:4(id='a', ctx=Load()), Name@1:7(id='b', ctx=Load())], ctx=Load())]))]))ast");
  CHECK(
      DumpOf("f'{a, b}'\n", /*origins=*/true) ==
      R"ast(Module(body=[Expr@1:1(value=JoinedStr@1:1(text='f\'{a, b}\'', values=[Tuple@1:4(elts=[Name@1:4(id='a', ctx=Load()), Name@1:7(id='b', ctx=Load())], ctx=Load())]))]))ast");
  CHECK(
      DumpOf("a,\nx = 1\n", /*origins=*/true) ==
      R"ast(Module(body=[Expr@1:1(value=Tuple@1:1(elts=[Name@1:1(id='a', ctx=Load())], ctx=Load())), Assign@2:1(targets=[Name@2:1(id='x', ctx=Store())], value=Constant@2:5(value_kind=int, text='1'))]))ast");
  CHECK(
      DumpOf("type(x).y = 1\n", /*origins=*/true) ==
      R"ast(Module(body=[Assign@1:1(targets=[Attribute@1:1(value=Call@1:1(func=Name@1:1(id='type', ctx=Load()), args=[Name@1:6(id='x', ctx=Load())], keywords=[]), attr='y', ctx=Store())], value=Constant@1:13(value_kind=int, text='1'))]))ast");
  CHECK(
      DumpOf("[*a.b()]\n", /*origins=*/true) ==
      R"ast(Module(body=[Expr@1:1(value=List@1:1(elts=[Starred@1:2(value=Call@1:3(func=Attribute@1:3(value=Name@1:3(id='a', ctx=Load()), attr='b', ctx=Load()), args=[], keywords=[]), ctx=Load())], ctx=Load()))]))ast");
  CHECK(
      DumpOf("match x:\n    case (1 | -2) as z: pass\n", /*origins=*/true) ==
      R"ast(Module(body=[Match@1:1(subject=Name@1:7(id='x', ctx=Load()), cases=[match_case@2:5(pattern=MatchAs@2:10(pattern=MatchOr@2:11(patterns=[MatchValue@2:11(value=Constant@2:11(value_kind=int, text='1')), MatchValue@2:15(value=UnaryOp@2:15(op=USub(), operand=Constant@2:16(value_kind=int, text='2')))]), name='z'), guard=None, body=[Pass@2:25()])])]))ast");
  CHECK(
      DumpOf("with (a as b, c): pass\n", /*origins=*/true) ==
      R"ast(Module(body=[With@1:1(items=[withitem@1:7(context_expr=Name@1:7(id='a', ctx=Load()), optional_vars=Name@1:12(id='b', ctx=Store())), withitem@1:15(context_expr=Name@1:15(id='c', ctx=Load()), optional_vars=None)], body=[Pass@1:19()])]))ast");
  CHECK(
      DumpOf("print >>f, 'é'\n", /*origins=*/true) ==
      R"ast(Module(body=[Expr@1:1(value=Tuple@1:1(elts=[BinOp@1:1(left=Name@1:1(id='print', ctx=Load()), op=RShift(), right=Name@1:9(id='f', ctx=Load())), Constant@1:12(value_kind=str, text='\'é\'')], ctx=Load()))]))ast");
  CHECK(
      DumpOf("def f():\n        x = (a +\n    b)  # c\n        return x\n",
             /*origins=*/true) ==
      R"ast(Module(body=[FunctionDef@1:1(name='f', args=arguments@1:6(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]), body=[Assign@2:9(targets=[Name@2:9(id='x', ctx=Store())], value=BinOp@2:14(left=Name@2:14(id='a', ctx=Load()), op=Add(), right=Name@3:5(id='b', ctx=Load()))), Return@4:9(value=Name@4:16(id='x', ctx=Load()))], decorator_list=[], returns=None)]))ast");
  CHECK(
      DumpOf(
          "def f():\n    (bar.\n baz)\n    s = (\"\"\"\n)\"\"\", (1 +\n 2))\n",
          /*origins=*/true) ==
      R"ast(Module(body=[FunctionDef@1:1(name='f', args=arguments@1:6(posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], kwarg=None, defaults=[]), body=[Expr@2:5(value=Attribute@2:6(value=Name@2:6(id='bar', ctx=Load()), attr='baz', ctx=Load())), Assign@4:5(targets=[Name@4:5(id='s', ctx=Store())], value=Tuple@4:9(elts=[Constant@4:10(value_kind=str, text='"""\n)"""'), BinOp@5:8(left=Constant@5:8(value_kind=int, text='1'), op=Add(), right=Constant@6:2(value_kind=int, text='2'))], ctx=Load()))], decorator_list=[], returns=None)]))ast");
}

TEST_CASE("syntax: empty input", "[syntax]") {
  CHECK(DumpOf("") == "Module(body=[])");
  CHECK(DumpOf("\n\n") == "Module(body=[])");
  Lowered l("# only a comment\n");
  REQUIRE(l.ok);
  CHECK(l.module.body.empty());
  CHECK(l.module.comments.size() == 1);
}

TEST_CASE("syntax: a decorated def starts at its decorator", "[syntax]") {
  Lowered l("x = 1\n@dec\n@other(1)\ndef f():\n    pass\n");
  REQUIRE(l.ok);
  REQUIRE(l.module.body.size() == 2);
  const ast::Stmt& def = *l.module.body[1];
  CHECK(def.origin.line == 4);  // the `def` keyword, as in CPython 3.8+
  CHECK(def.origin.col == 1);
  CHECK(l.module.TextOf(def) == "@dec\n@other(1)\ndef f():\n    pass");
}

TEST_CASE("syntax: spans are byte ranges of the input", "[syntax]") {
  Lowered l("y = ('é' +\n     zz)  # c\n");
  REQUIRE(l.ok);
  const auto& assign = l.module.body[0]->Cast<ast::Assign>();
  CHECK(l.module.TextOf(assign) == "y = ('é' +\n     zz)");
  CHECK(l.module.TextOf(*assign.value) == "'é' +\n     zz");
  const auto& bin = assign.value->Cast<ast::BinOp>();
  CHECK(l.module.TextOf(*bin.right) == "zz");
  CHECK(bin.right->origin.line == 2);
  CHECK(bin.right->origin.col == 6);
}

TEST_CASE("syntax: comments are collected in order", "[syntax]") {
  Lowered l(
      "# head\n"
      "x = [1,  # in a list\n"
      "     2]\n"
      "def f():  # after a header\n"
      "    \t# own line, indented\n"
      "    s = ('a'  # between string parts\n"
      "         f'{b}')\n"
      "    return a and \\\n"
      "        b  # after a continuation\n"
      "# é tail\n");
  REQUIRE(l.ok);
  const auto& cs = l.module.comments;
  REQUIRE(cs.size() == 7);
  auto text = [&](size_t i) {
    return l.source.bytes().substr(cs[i].span.begin,
                                   cs[i].span.end - cs[i].span.begin);
  };
  CHECK(text(0) == "# head");
  CHECK(text(1) == "# in a list");
  CHECK(text(2) == "# after a header");
  CHECK(text(3) == "# own line, indented");
  CHECK(text(4) == "# between string parts");
  CHECK(text(5) == "# after a continuation");
  CHECK(text(6) == "# é tail");
  const bool own[] = {true, false, false, true, false, false, true};
  for (size_t i = 0; i < cs.size(); ++i) {
    INFO(i);
    CHECK(cs[i].own_line == own[i]);
  }
  CHECK(cs[1].origin.line == 2);
  CHECK(cs[1].origin.col == 10);
  CHECK(cs[3].origin.line == 5);
  CHECK(cs[3].origin.col == 6);
}

TEST_CASE("syntax: CRLF line endings and a byte-order mark", "[syntax]") {
  CHECK(DumpOf("x = 1\r\nif x:\r\n    y = 2\r\n", /*origins=*/true) ==
        "Module(body=[Assign@1:1(targets=[Name@1:1(id='x', ctx=Store())], "
        "value=Constant@1:5(value_kind=int, text='1')), If@2:1(test=Name@2:4("
        "id='x', ctx=Load()), body=[Assign@3:5(targets=[Name@3:5(id='y', "
        "ctx=Store())], value=Constant@3:9(value_kind=int, text='2'))], "
        "orelse=[])])");
  // A comment after a decorator, and a backslash before CRLF in a string
  // (plain, raw, bytes) read as with LF (their checks stopped at the '\r').
  for (const char* code :
       {"@dec  # c\r\ndef f(): pass\r\n",
        "class C:\r\n    @dec(1)  # c\r\n    def f(self): pass\r\n",
        "s = \"a \\\r\n  b\"\r\n", "s = r'\"a\\\r\n'\r\n",
        "s = b'\\\r\n'  # c\r\n"}) {
    std::string lf = code;
    for (size_t i; (i = lf.find("\r\n")) != std::string::npos;) {
      lf.erase(i, 1);
    }
    INFO(code);
    std::string dump = DumpOf(code, /*origins=*/true);
    std::erase(dump, '\r');  // a literal's text is the input's
    CHECK(dump == DumpOf(lf, /*origins=*/true));
  }
  // CPython does not count the byte-order mark in columns.
  CHECK(DumpOf("\xEF\xBB\xBFx = 1  # c\n", /*origins=*/true) ==
        "Module(body=[Assign@1:1(targets=[Name@1:1(id='x', ctx=Store())], "
        "value=Constant@1:5(value_kind=int, text='1'))])");
  Lowered l("\xEF\xBB\xBF# c\nx = 1\n");
  REQUIRE(l.ok);
  REQUIRE(l.module.comments.size() == 1);
  CHECK(l.module.comments[0].own_line);
  CHECK(l.module.comments[0].origin.col == 1);
}

TEST_CASE(
    "syntax: a form feed in indentation resets the column, as in "
    "CPython",
    "[syntax]") {
  // The def's indentation is the 4 spaces after the form feed; its column
  // counts the form feed (CPython's col_offset is 5).
  const std::string with_ff =
      DumpOf("class C:\n    x = 1\n\f    def f(self): pass\n", true);
  CHECK(with_ff.find("FunctionDef@3:6(") != std::string::npos);
  CHECK(DumpOf("class C:\n    x = 1\n\f    def f(self): pass\n") ==
        DumpOf("class C:\n    x = 1\n    def f(self): pass\n"));
  CHECK(DumpOf("if a:\n  \f    x = 1\n    y = 2\n") ==
        DumpOf("if a:\n    x = 1\n    y = 2\n"));
  CHECK(DumpOf("if a:\n    x = 1\n\f\n\fy = 2\n") ==
        DumpOf("if a:\n    x = 1\n\ny = 2\n"));
  // What follows the form feed must still match the block's indentation.
  CHECK(ErrorsOf("if a:\n    x = 1\n\f  y = 2\n") ==
        "t.py:3:4: error: invalid syntax [AGC001]\n");
  // On a line continued by a backslash-only line too.
  CHECK(DumpOf("if a:\n    x = 1\n\\\n\f    y = 2\n") ==
        DumpOf("if a:\n    x = 1\n    y = 2\n"));
}

TEST_CASE(
    "syntax: comments tree-sitter takes for a block's end are read "
    "as CPython reads them",
    "[syntax]") {
  // A commented-out decorator at column 0 between a decorator and its def.
  const std::string decorated =
      "class Foo:\n    @staticmethod\n#    @cache\n    def bar(): pass\n";
  CHECK(DumpOf(decorated, true) ==
        DumpOf("class Foo:\n    @staticmethod\n\n    def bar(): pass\n", true));
  Lowered l(decorated);
  REQUIRE(l.ok);
  REQUIRE(l.module.comments.size() == 1);
  CHECK(l.module.comments[0].span.begin == 29);
  CHECK(l.module.comments[0].span.end == 40);
  CHECK(l.module.comments[0].own_line);
  CHECK(l.module.comments[0].origin.line == 3);
  CHECK(l.module.comments[0].origin.col == 1);
  // In a tab-indented block, a comment inside brackets before a line
  // indented with fewer columns (tree-sitter counts a tab as 8).
  const std::string tabs =
      "def f():\n\tif (a or  # c\n            b):\n\t\tpass\n";
  Lowered t(tabs);
  INFO(t.Errors());
  REQUIRE(t.ok);
  REQUIRE(t.module.comments.size() == 1);
  CHECK_FALSE(t.module.comments[0].own_line);
  CHECK(t.module.comments[0].origin.line == 2);
  CHECK(t.module.comments[0].origin.col == 12);
  CHECK(DumpOf(tabs) == DumpOf("def f():\n\tif (a or\n b):\n\t\tpass\n"));
}

TEST_CASE("syntax: a lone CR ends a line and a comment, as in CPython",
          "[syntax]") {
  CHECK(DumpOf("x = 1\ry = 2  # c\rz = 3\r") ==
        "Module(body=[Assign(targets=[Name(id='x', ctx=Store())], "
        "value=Constant(value_kind=int, text='1')), Assign(targets=[Name("
        "id='y', ctx=Store())], value=Constant(value_kind=int, text='2')), "
        "Assign(targets=[Name(id='z', ctx=Store())], value=Constant("
        "value_kind=int, text='3'))])");
  CHECK(DumpOf("if x:\r    y = (1,  # c\r 2)\r", true) ==
        DumpOf("if x:\n    y = (1,  # c\n 2)\n", true));
  // Positions count lone CRs as line ends.
  CHECK(ErrorsOf("x = 1\r\ry = (\r") == ErrorsOf("x = 1\n\ny = (\n"));
  CHECK(ErrorsOf("x = 1\r\ry = (\r").find("t.py:3:5: ") == 0);
}

}  // namespace
}  // namespace agc::syntax
