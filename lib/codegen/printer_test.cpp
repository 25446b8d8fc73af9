// Printer tests on trees built by hand: the printer's own rules
// (parentheses by precedence, tuples, slices, literals, where lambda,
// ifexp, yield, walrus and starred go) and what only passes produce
// (regenerated and inserted statements, nodes without text). Printing
// parsed source is tested in printer_parsed_test.cpp.
#include "lib/codegen/printer.h"

#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "lib/ast/ast.h"
#include "lib/base/source_file.h"
#include "lib/codegen/printer_test_util.h"

namespace agc::codegen {
namespace {

using ast::BinOpKind;
using ast::ConstantKind;
using ast::ExprContext;
using testing::CountLines;
using testing::Iota;

// Builds nodes over one source text. Spans and origins are found by
// searching the text, so a test reads like the source it describes.
class Builder {
 public:
  explicit Builder(std::string text)
      : source_("t.py", std::move(text)), module_(&source_) {}

  ast::Module& module() { return module_; }

  const base::SourceFile& source() { return source_; }

  // Span of the n-th occurrence of `needle`, extended to `until` (the end of
  // the first occurrence of `until` at or after it).
  ast::Span SpanOf(std::string_view needle,
                   std::string_view until = {},
                   int nth = 0) {
    std::string_view bytes = source_.bytes();
    size_t at = bytes.find(needle);
    for (int i = 0; i < nth; ++i) {
      at = bytes.find(needle, at + 1);
    }
    REQUIRE(at != std::string_view::npos);
    size_t end = at + needle.size();
    if (!until.empty()) {
      size_t u = bytes.find(until, at);
      REQUIRE(u != std::string_view::npos);
      end = u + until.size();
    }
    return {static_cast<uint32_t>(at), static_cast<uint32_t>(end)};
  }

  ast::Origin OriginOf(ast::Span span) {
    base::LineCol pos = source_.PositionOf(span.begin);
    return {pos.line, pos.col};
  }

  template <typename T>
  T* At(ast::Span span) {
    T* node = module_.New<T>(OriginOf(span));
    node->span = span;
    return node;
  }

  // A node without a span (as a pass creates), at `line`.
  template <typename T>
  T* Made(int32_t line) {
    return module_.New<T>({line, 1});
  }

  ast::Name* Name(std::string_view id,
                  ExprContext ctx = ExprContext::kLoad,
                  int32_t line = 1) {
    auto* n = Made<ast::Name>(line);
    n->id = module_.Intern(id);
    n->ctx = ctx;
    return n;
  }

  ast::Constant* Const(std::string_view text,
                       ConstantKind kind = ConstantKind::kInt,
                       int32_t line = 1) {
    auto* c = Made<ast::Constant>(line);
    c->text = module_.Intern(text);
    c->value_kind = kind;
    return c;
  }

  ast::BinOp* Bin(ast::Expr* l, BinOpKind op, ast::Expr* r) {
    auto* b = Made<ast::BinOp>(l->origin.line);
    b->left = l;
    b->op = op;
    b->right = r;
    return b;
  }

  ast::UnaryOp* Unary(ast::UnaryOpKind op, ast::Expr* operand) {
    auto* u = Made<ast::UnaryOp>(operand->origin.line);
    u->op = op;
    u->operand = operand;
    return u;
  }

  ast::Compare* Cmp(ast::Expr* l, ast::CmpOpKind op, ast::Expr* r) {
    auto* c = Made<ast::Compare>(l->origin.line);
    c->left = l;
    c->ops = {op};
    c->comparators = {r};
    return c;
  }

  ast::Tuple* Tuple(std::vector<ast::Expr*> elts,
                    ExprContext ctx = ExprContext::kLoad) {
    auto* t = Made<ast::Tuple>(1);
    t->elts = std::move(elts);
    t->ctx = ctx;
    return t;
  }

  ast::Arguments* NoArgs() { return Made<ast::Arguments>(1); }

  ast::Arg* Arg(std::string_view name) {
    auto* a = Made<ast::Arg>(1);
    a->arg = module_.Intern(name);
    return a;
  }

  std::string Print(const ast::Node& n) { return PrintNode(module_, n); }

 private:
  base::SourceFile source_;
  ast::Module module_;
};

TEST_CASE("PrintNode parenthesizes by precedence", "[printer]") {
  Builder b("");
  auto name = [&](std::string_view id) { return b.Name(id); };
  // (a + b) * c and a + b * c
  CHECK(b.Print(*b.Bin(b.Bin(name("a"), BinOpKind::kAdd, name("b")),
                       BinOpKind::kMult, name("c"))) == "(a + b) * c");
  CHECK(b.Print(*b.Bin(name("a"), BinOpKind::kAdd,
                       b.Bin(name("b"), BinOpKind::kMult, name("c")))) ==
        "a + b * c");
  // Left associativity: a - (b - c) keeps its parentheses, (a - b) - c not.
  CHECK(b.Print(*b.Bin(name("a"), BinOpKind::kSub,
                       b.Bin(name("b"), BinOpKind::kSub, name("c")))) ==
        "a - (b - c)");
  CHECK(b.Print(*b.Bin(b.Bin(name("a"), BinOpKind::kSub, name("b")),
                       BinOpKind::kSub, name("c"))) == "a - b - c");
  // ** is right-associative.
  CHECK(b.Print(*b.Bin(b.Bin(name("a"), BinOpKind::kPow, name("b")),
                       BinOpKind::kPow, name("c"))) == "(a ** b) ** c");
  CHECK(b.Print(*b.Bin(name("a"), BinOpKind::kPow,
                       b.Bin(name("b"), BinOpKind::kPow, name("c")))) ==
        "a ** b ** c");
  // -(x ** 2) needs no parentheses; (-x) ** 2 does.
  CHECK(b.Print(*b.Unary(ast::UnaryOpKind::kUSub,
                         b.Bin(name("x"), BinOpKind::kPow, b.Const("2")))) ==
        "-x ** 2");
  CHECK(b.Print(*b.Bin(b.Unary(ast::UnaryOpKind::kUSub, name("x")),
                       BinOpKind::kPow, b.Const("2"))) == "(-x) ** 2");
  // not binds looser than comparisons.
  CHECK(b.Print(*b.Unary(ast::UnaryOpKind::kNot,
                         b.Cmp(name("a"), ast::CmpOpKind::kEq, name("b")))) ==
        "not a == b");
  CHECK(b.Print(*b.Cmp(b.Unary(ast::UnaryOpKind::kNot, name("a")),
                       ast::CmpOpKind::kEq, name("b"))) == "(not a) == b");
  CHECK(b.Print(*b.Cmp(b.Cmp(name("a"), ast::CmpOpKind::kLt, name("b")),
                       ast::CmpOpKind::kLt, name("c"))) == "(a < b) < c");
}

TEST_CASE("PrintNode prints tuples, slices and literals", "[printer]") {
  Builder b("");
  CHECK(b.Print(*b.Tuple({})) == "()");
  CHECK(b.Print(*b.Tuple({b.Name("a")})) == "(a,)");
  CHECK(b.Print(*b.Tuple({b.Name("a"), b.Name("b")})) == "(a, b)");

  // x[a:b, c]
  auto* slice = b.Made<ast::Slice>(1);
  slice->lower = b.Name("a");
  slice->upper = b.Name("b");
  auto* sub = b.Made<ast::Subscript>(1);
  sub->value = b.Name("x");
  sub->slice = b.Tuple({slice, b.Name("c")});
  CHECK(b.Print(*sub) == "x[a:b, c]");
  sub->slice = b.Tuple({b.Name("c")});
  CHECK(b.Print(*sub) == "x[c,]");
  sub->slice = b.Tuple({});
  CHECK(b.Print(*sub) == "x[()]");

  // An int literal as an attribute's value must not lex as a float.
  auto* attr = b.Made<ast::Attribute>(1);
  attr->value = b.Const("1");
  attr->attr = "real";
  CHECK(b.Print(*attr) == "1 .real");
  attr->value = b.Const("1.5", ConstantKind::kFloat);
  CHECK(b.Print(*attr) == "1.5.real");

  // Literal text is printed as written; constants built without text get a
  // canonical spelling.
  CHECK(b.Print(*b.Const("0x_FF")) == "0x_FF");
  CHECK(b.Print(*b.Const("'a' \"b\"", ConstantKind::kStr)) == "'a' \"b\"");
  CHECK(b.Print(*b.Const("", ConstantKind::kNone)) == "None");
  CHECK(b.Print(*b.Const("", ConstantKind::kEllipsis)) == "...");
}

TEST_CASE("PrintNode places lambda, ifexp, yield, walrus, starred",
          "[printer]") {
  Builder b("");
  auto* lambda = b.Made<ast::Lambda>(1);
  lambda->args = b.NoArgs();
  lambda->body = b.Name("a");
  auto* ifexp = b.Made<ast::IfExp>(1);
  ifexp->test = b.Name("t");
  ifexp->body = lambda;
  ifexp->orelse = lambda;
  CHECK(b.Print(*ifexp) == "(lambda: a) if t else lambda: a");

  auto* args = b.NoArgs();
  args->args = {b.Arg("x")};
  args->defaults = {b.Const("1")};
  args->kwonlyargs = {b.Arg("k")};
  args->kw_defaults = {nullptr};
  args->kwarg = b.Arg("kw");
  lambda->args = args;
  CHECK(b.Print(*lambda) == "lambda x=1, *, k, **kw: a");

  // x = yield y   ->   x = (yield y)   (as ast.unparse)
  auto* yield = b.Made<ast::Yield>(1);
  yield->value = b.Name("y");
  auto* assign = b.Made<ast::Assign>(1);
  assign->targets = {b.Name("x", ExprContext::kStore)};
  assign->value = yield;
  CHECK(b.Print(*assign) == "x = (yield y)\n");
  auto* stmt = b.Made<ast::ExprStmt>(1);
  stmt->value = yield;
  CHECK(b.Print(*stmt) == "yield y\n");
  yield->value = b.Tuple({b.Name("a"), b.Name("b")});
  CHECK(b.Print(*stmt) == "yield (a, b)\n");

  // [y for x in data if (y := f(x))]
  auto* walrus = b.Made<ast::NamedExpr>(1);
  walrus->target = b.Name("y", ExprContext::kStore);
  auto* call = b.Made<ast::Call>(1);
  call->func = b.Name("f");
  call->args = {b.Name("x")};
  walrus->value = call;
  auto* gen = b.Made<ast::Comprehension>(1);
  gen->target = b.Name("x", ExprContext::kStore);
  gen->iter = b.Name("data");
  gen->ifs = {walrus};
  auto* comp = b.Made<ast::ListComp>(1);
  comp->elt = b.Name("y");
  comp->generators = {gen};
  CHECK(b.Print(*comp) == "[y for x in data if (y := f(x))]");

  // A generator expression as the sole argument keeps one pair of parens.
  auto* genexp = b.Made<ast::GeneratorExp>(1);
  genexp->elt = b.Name("y");
  genexp->generators = {gen};
  auto* sum = b.Made<ast::Call>(1);
  sum->func = b.Name("sum");
  sum->args = {genexp};
  CHECK(b.Print(*sum) == "sum(y for x in data if (y := f(x)))");
  sum->args = {genexp, b.Name("z")};
  CHECK(b.Print(*sum) == "sum((y for x in data if (y := f(x))), z)");

  // *a, b = c and f(*(a or b))
  auto* starred = b.Made<ast::Starred>(1);
  starred->value = b.Name("a", ExprContext::kStore);
  starred->ctx = ExprContext::kStore;
  assign->targets = {b.Tuple({starred, b.Name("b", ExprContext::kStore)},
                             ExprContext::kStore)};
  assign->value = b.Name("c");
  CHECK(b.Print(*assign) == "*a, b = c\n");
  auto* boolop = b.Made<ast::BoolOp>(1);
  boolop->op = ast::BoolOpKind::kOr;
  boolop->values = {b.Name("a"), b.Name("b")};
  auto* star_arg = b.Made<ast::Starred>(1);
  star_arg->value = boolop;
  call->args = {star_arg};
  CHECK(b.Print(*call) == "f(*(a or b))");
}

TEST_CASE("Print copies untouched input byte for byte", "[printer]") {
  const char* inputs[] = {
      "",
      "x = 1\n",
      "x = 1",                               // no final newline
      "x = 1\r\ny = 2\r\n",                  // CRLF
      "if x:\n\ty = 2\n\f\nz = 3  # c\n",    // tab, form feed
      "\xEF\xBB\xBFx = 1\n# comment\n\n\n",  // BOM, blank lines
      "\xEF\xBB\xBF",                        // only a BOM
      "a = '''\r\nmulti\rline'''\n",         // CRLF and CR
  };
  for (const char* input : inputs) {
    Builder b(input);
    PrintResult r = Print(b.module());
    CHECK(r.text == input);
    CHECK(r.origin_lines == Iota(b.source().line_count()));
    CHECK(r.origin_lines.size() == CountLines(r.text));
  }
}

// class A:                      <- 1
//     x = 1
//     # keep
//     @dec
//     def f(self,  a):   # trailing
//         # inside
//         return a+1
//     y = 2
constexpr std::string_view kClassSource =
    "class A:\n"
    "    x = 1\n"
    "    # keep\n"
    "    @dec\n"
    "    def f(self,  a):   # trailing\n"
    "        # inside\n"
    "        return a+1\n"
    "    y = 2\n";

// Builds the tree of kClassSource; returns the function.
ast::FunctionDef* BuildClass(Builder& b) {
  auto* cls = b.At<ast::ClassDef>(b.SpanOf("class A", "y = 2"));
  cls->name = "A";
  auto* x = b.At<ast::Assign>(b.SpanOf("x = 1"));
  x->targets = {b.Name("x", ExprContext::kStore, 2)};
  x->value = b.Const("1", ConstantKind::kInt, 2);
  auto* f = b.At<ast::FunctionDef>(b.SpanOf("def f", "a+1"));
  f->name = "f";
  auto* dec = b.At<ast::Name>(b.SpanOf("dec"));
  dec->id = "dec";
  f->decorator_list = {dec};
  f->args = b.NoArgs();
  f->args->args = {b.Arg("self"), b.Arg("a")};
  auto* ret = b.At<ast::Return>(b.SpanOf("return", "a+1"));
  ret->value = b.Bin(b.Name("a", ExprContext::kLoad, 7), BinOpKind::kAdd,
                     b.Const("1", ConstantKind::kInt, 7));
  f->body = {ret};
  auto* y = b.At<ast::Assign>(b.SpanOf("y = 2"));
  y->targets = {b.Name("y", ExprContext::kStore, 8)};
  y->value = b.Const("2", ConstantKind::kInt, 8);
  cls->body = {x, f, y};
  b.module().body = {cls};
  for (std::string_view c : {"# keep", "# trailing", "# inside"}) {
    ast::Comment comment;
    comment.span = b.SpanOf(c);
    comment.origin = b.OriginOf(comment.span);
    comment.own_line = c != "# trailing";
    b.module().comments.push_back(comment);
  }
  return f;
}

TEST_CASE("Print regenerates a changed method at its indent", "[printer]") {
  Builder b{std::string(kClassSource)};
  ast::FunctionDef* f = BuildClass(b);

  PrintResult same = Print(b.module());
  CHECK(same.text == kClassSource);

  f->flags |= ast::kFlagChanged;
  PrintResult r = Print(b.module());
  CHECK(r.text ==
        "class A:\n"
        "    x = 1\n"
        "    # keep\n"
        "    @dec\n"
        "    def f(self, a):\n"
        "        # inside\n"
        "        return a + 1\n"
        "    y = 2\n");
  CHECK(r.origin_lines == Iota(8));

  // A new statement at the start of the body maps to its origin line; a
  // comment after the last statement goes to the end of the function.
  auto* pass = b.Made<ast::Pass>(5);
  f->body.insert(f->body.begin(), pass);
  r = Print(b.module());
  CHECK(r.text ==
        "class A:\n"
        "    x = 1\n"
        "    # keep\n"
        "    @dec\n"
        "    def f(self, a):\n"
        "        pass\n"
        "        # inside\n"
        "        return a + 1\n"
        "    y = 2\n");
  CHECK(r.origin_lines == std::vector<int32_t>{1, 2, 3, 4, 5, 5, 6, 7, 8});
}

TEST_CASE("Print inserts statements without a span", "[printer]") {
  Builder b("'''doc'''\r\nx = 1; y = 2");
  auto* doc = b.At<ast::ExprStmt>(b.SpanOf("'''doc'''"));
  doc->value = b.Const("'''doc'''", ConstantKind::kStr);
  auto* x = b.At<ast::Assign>(b.SpanOf("x = 1"));
  x->targets = {b.Name("x", ExprContext::kStore, 2)};
  x->value = b.Const("1");
  auto* y = b.At<ast::Assign>(b.SpanOf("y = 2"));
  y->targets = {b.Name("y", ExprContext::kStore, 2)};
  y->value = b.Const("2");
  auto import = [&] {
    auto* i = b.Made<ast::Import>(1);
    auto* alias = b.Made<ast::Alias>(1);
    alias->name = "agc_runtime";
    alias->asname = "ag__";
    i->names = {alias};
    return i;
  };

  SECTION("before a statement at the start of its line") {
    b.module().body = {doc, import(), x, y};
    PrintResult r = Print(b.module());
    CHECK(r.text == "'''doc'''\r\nimport agc_runtime as ag__\r\nx = 1; y = 2");
    CHECK(r.origin_lines == std::vector<int32_t>{1, 2, 2});
  }
  SECTION("before a statement after a semicolon") {
    b.module().body = {doc, x, import(), y};
    PrintResult r = Print(b.module());
    CHECK(r.text == "'''doc'''\r\nx = 1; import agc_runtime as ag__; y = 2");
    CHECK(r.origin_lines == std::vector<int32_t>{1, 2});
  }
  SECTION("at the end of a file without a final newline") {
    b.module().body = {doc, x, y, import()};
    PrintResult r = Print(b.module());
    CHECK(r.text ==
          "'''doc'''\r\nx = 1; y = 2\r\nimport agc_runtime as ag__\r\n");
    CHECK(r.origin_lines == std::vector<int32_t>{1, 2, 2});
    CHECK(r.origin_lines.size() == CountLines(r.text));
  }
}

TEST_CASE("Print keeps multi-line literals unaltered", "[printer]") {
  // def f():
  //   s = '''a
  // b'''
  Builder b("if c:\n  def f():\n    s = '''a\n  b'''\n");
  auto* iff = b.At<ast::If>(b.SpanOf("if c", "b'''"));
  iff->test = b.Name("c");
  auto* f = b.At<ast::FunctionDef>(b.SpanOf("def f", "b'''"));
  f->name = "f";
  f->args = b.NoArgs();
  f->flags |= ast::kFlagChanged;
  auto* s = b.At<ast::Assign>(b.SpanOf("s = ", "b'''"));
  s->targets = {b.Name("s", ExprContext::kStore, 3)};
  s->value = b.At<ast::Constant>(b.SpanOf("'''a", "b'''"));
  s->value->Cast<ast::Constant>().text = b.module().TextOf(*s->value);
  s->value->Cast<ast::Constant>().value_kind = ConstantKind::kStr;
  f->body = {s};
  iff->body = {f};
  b.module().body = {iff};
  PrintResult r = Print(b.module());
  CHECK(r.text == "if c:\n  def f():\n      s = '''a\n  b'''\n");
  CHECK(r.origin_lines == Iota(4));
}

TEST_CASE("regenerate_all prints every statement", "[printer]") {
  Builder b{std::string(kClassSource)};
  BuildClass(b);
  PrintResult r = Print(b.module(), {.regenerate_all = true});
  CHECK(r.text ==
        "class A:\n"
        "    x = 1\n"
        "    # keep\n"
        "    @dec\n"
        "    def f(self, a):\n"
        "        # inside\n"
        "        return a + 1\n"
        "    y = 2\n");
  CHECK(r.origin_lines == Iota(8));
}

}  // namespace
}  // namespace agc::codegen
