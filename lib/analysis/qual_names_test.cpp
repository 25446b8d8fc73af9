#include "lib/analysis/qual_names.h"

#include <catch2/catch.hpp>
#include <string>

#include "lib/analysis/analysis_test_util.h"

namespace agc::analysis {
namespace {

using testing::TestModule;

// The text of the symbol of the first node of kind T with source `text`, or
// "<none>".
template <typename T>
std::string SymText(TestModule& t, std::string_view text, int nth = 0) {
  const QualNames& qn = t.Get<QualNames>();
  SymbolId id = qn.Of(t.FindText<T>(text, nth));
  return id == kNoSymbol ? "<none>" : qn.Get(id).text;
}

TEST_CASE("qual_names: plain name", "[qual_names]") {
  TestModule t("a = b\n");
  const QualNames& qn = t.Get<QualNames>();
  SymbolId a = qn.Of(t.FindText<ast::Name>("a"));
  REQUIRE(a != kNoSymbol);
  const Symbol& s = qn.Get(a);
  CHECK(s.text == "a");
  CHECK(s.kind == SymbolKind::kName);
  CHECK_FALSE(s.is_composite());
  CHECK(s.parent == kNoSymbol);
  CHECK(s.root == a);
  CHECK(s.index == kNoSymbol);
  CHECK(s.support == std::vector<SymbolId>{a});
  CHECK(qn.Find("a") == a);
  CHECK(qn.Find("b") == qn.Of(t.FindText<ast::Name>("b")));
}

TEST_CASE("qual_names: attribute chain", "[qual_names]") {
  TestModule t("x = a.b.c\n");
  const QualNames& qn = t.Get<QualNames>();
  CHECK(SymText<ast::Attribute>(t, "a.b.c") == "a.b.c");
  CHECK(SymText<ast::Attribute>(t, "a.b") == "a.b");
  SymbolId abc = qn.Find("a.b.c");
  SymbolId ab = qn.Find("a.b");
  SymbolId a = qn.Find("a");
  REQUIRE(abc != kNoSymbol);
  const Symbol& s = qn.Get(abc);
  CHECK(s.kind == SymbolKind::kAttribute);
  CHECK(s.is_composite());
  CHECK(s.parent == ab);
  CHECK(qn.Get(ab).parent == a);
  CHECK(s.root == a);
  CHECK(qn.Get(ab).root == a);
  CHECK(s.support == std::vector<SymbolId>{a});
  CHECK_FALSE(s.constant_subscript);
}

TEST_CASE("qual_names: constant subscripts", "[qual_names]") {
  TestModule t(R"py(
x = a.b[0]
y = a['k']
z = a[-1]
w = a[None]
)py");
  const QualNames& qn = t.Get<QualNames>();
  CHECK(SymText<ast::Subscript>(t, "a.b[0]") == "a.b[0]");
  CHECK(SymText<ast::Subscript>(t, "a['k']") == "a['k']");
  CHECK(SymText<ast::Subscript>(t, "a[-1]") == "a[-1]");
  CHECK(SymText<ast::Subscript>(t, "a[None]") == "a[None]");
  const Symbol& s = qn.Get(qn.Find("a.b[0]"));
  CHECK(s.kind == SymbolKind::kSubscript);
  CHECK(s.constant_subscript);
  CHECK(s.index == kNoSymbol);
  CHECK(s.parent == qn.Find("a.b"));
  CHECK(s.root == qn.Find("a"));
  CHECK(s.support == std::vector<SymbolId>{qn.Find("a")});
  CHECK(qn.Get(qn.Find("a['k']")).constant_subscript);
}

TEST_CASE("qual_names: string index kept as written", "[qual_names]") {
  TestModule t(R"py(
x = a["k"]
y = a['k']
)py");
  const QualNames& qn = t.Get<QualNames>();
  CHECK(qn.Find("a[\"k\"]") != kNoSymbol);
  CHECK(qn.Find("a['k']") != kNoSymbol);
  CHECK(qn.Find("a[\"k\"]") != qn.Find("a['k']"));
}

TEST_CASE("qual_names: non-constant subscript", "[qual_names]") {
  TestModule t("x = a[i]\ny = a.b[c.d]\n");
  const QualNames& qn = t.Get<QualNames>();
  CHECK(SymText<ast::Subscript>(t, "a[i]") == "a[i]");
  CHECK(SymText<ast::Subscript>(t, "a.b[c.d]") == "a.b[c.d]");
  const Symbol& s = qn.Get(qn.Find("a[i]"));
  CHECK(s.kind == SymbolKind::kSubscript);
  CHECK_FALSE(s.constant_subscript);
  CHECK(s.index == qn.Find("i"));
  CHECK(s.parent == qn.Find("a"));
  CHECK(t.Fmt(SymbolSet::FromIds(s.support)) == "a, i");
  const Symbol& s2 = qn.Get(qn.Find("a.b[c.d]"));
  CHECK(s2.index == qn.Find("c.d"));
  CHECK(t.Fmt(SymbolSet::FromIds(s2.support)) == "a, c");
}

TEST_CASE("qual_names: nested subscripts", "[qual_names]") {
  TestModule t("x = a[b[0]][i].c\n");
  const QualNames& qn = t.Get<QualNames>();
  CHECK(SymText<ast::Attribute>(t, "a[b[0]][i].c") == "a[b[0]][i].c");
  const Symbol& s = qn.Get(qn.Find("a[b[0]][i].c"));
  CHECK(t.Fmt(SymbolSet::FromIds(s.support)) == "a, b, i");
  CHECK(qn.Get(s.parent).text == "a[b[0]][i]");
  CHECK(qn.Get(qn.Get(s.parent).parent).text == "a[b[0]]");
  CHECK(qn.Get(qn.Get(qn.Get(s.parent).parent).index).text == "b[0]");
}

TEST_CASE("qual_names: expressions that are not qualified names",
          "[qual_names]") {
  TestModule t(R"py(
x = a[i + 1]
y = f().x
z = a[1:2]
w = a[0, 1]
v = (a + b).c
u = a[f'{k}']
)py");
  CHECK(SymText<ast::Subscript>(t, "a[i + 1]") == "<none>");
  CHECK(SymText<ast::Attribute>(t, "f().x") == "<none>");
  CHECK(SymText<ast::Subscript>(t, "a[1:2]") == "<none>");
  CHECK(SymText<ast::Subscript>(t, "a[0, 1]") == "<none>");
  CHECK(SymText<ast::Attribute>(t, "(a + b).c") == "<none>");
  CHECK(SymText<ast::Subscript>(t, "a[f'{k}']") == "<none>");
  const QualNames& qn = t.Get<QualNames>();
  // The parts that are names still are.
  CHECK(qn.Find("a") != kNoSymbol);
  CHECK(qn.Find("i") != kNoSymbol);
  CHECK(qn.Find("f") != kNoSymbol);
  CHECK(qn.Find("f.x") == kNoSymbol);
  // Other kinds of nodes have no symbol.
  CHECK(qn.Of(t.FindText<ast::BinOp>("i + 1")) == kNoSymbol);
  CHECK(qn.Of(t.FindText<ast::Call>("f()")) == kNoSymbol);
  CHECK(qn.Of(t.FindText<ast::Constant>("1", 0)) == kNoSymbol);
}

TEST_CASE("qual_names: ids in alphabetical order of text", "[qual_names]") {
  TestModule t(R"py(
zeta = b.a
alpha = b
b[0] = ab
)py");
  const QualNames& qn = t.Get<QualNames>();
  std::vector<std::string> texts;
  for (SymbolId id = 0; id < qn.size(); ++id) {
    texts.push_back(qn.Get(id).text);
  }
  CHECK(texts ==
        std::vector<std::string>{"ab", "alpha", "b", "b.a", "b[0]", "zeta"});
  CHECK(qn.Find("nothing") == kNoSymbol);
  CHECK(qn.Find("") == kNoSymbol);
  CHECK(qn.Find("zz") == kNoSymbol);
}

TEST_CASE("qual_names: same text, same symbol", "[qual_names]") {
  TestModule t("a.b = 1\nx = a.b\n");
  const QualNames& qn = t.Get<QualNames>();
  SymbolId first = qn.Of(t.FindText<ast::Attribute>("a.b", 0));
  SymbolId second = qn.Of(t.FindText<ast::Attribute>("a.b", 1));
  CHECK(first != kNoSymbol);
  CHECK(first == second);
  CHECK(qn.size() == 3);  // a, a.b, x
}

TEST_CASE("qual_names: identifiers bound without expressions", "[qual_names]") {
  TestModule t(R"py(
import os.path
import numpy as np
from m import x, y as z
from n import *
@deco
def f(p, /, q, *args, r, **kw):
    global g
    def h():
        nonlocal q
class C:
    pass
try:
    pass
except E as err:
    pass
match s:
    case [cap, *rest]:
        pass
    case {'k': v, **others}:
        pass
    case Point(x=px) as whole:
        pass
)py");
  const QualNames& qn = t.Get<QualNames>();
  for (std::string_view name :
       {"os",   "np",  "x",    "z", "deco",   "f",     "p",  "q",
        "args", "r",   "kw",   "g", "h",      "C",     "E",  "err",
        "s",    "cap", "rest", "v", "others", "Point", "px", "whole"}) {
    INFO(name);
    CHECK(qn.Find(name) != kNoSymbol);
  }
  // Not bound: module names, the imported name behind an alias, keyword
  // attribute names of class patterns.
  CHECK(qn.Find("os.path") == kNoSymbol);
  CHECK(qn.Find("numpy") == kNoSymbol);
  CHECK(qn.Find("y") == kNoSymbol);
  CHECK(qn.Find("m") == kNoSymbol);
  CHECK(qn.Find("*") == kNoSymbol);
}

TEST_CASE("qual_names: Format", "[qual_names]") {
  TestModule t("d[0] = b.c + a\n");
  const QualNames& qn = t.Get<QualNames>();
  SymbolSet set{qn.Find("d[0]"), qn.Find("a"), qn.Find("b.c")};
  CHECK(qn.Format(set) == "a, b.c, d[0]");
  CHECK(qn.Format(SymbolSet{}) == "");
  CHECK(qn.Format(SymbolSet{qn.Find("b")}) == "b");
}

TEST_CASE("qual_names: symbol set algebra", "[qual_names]") {
  SymbolSet a{3, 1, 2, 2};
  CHECK(a.size() == 3);
  CHECK(std::vector<SymbolId>(a.begin(), a.end()) ==
        std::vector<SymbolId>{1, 2, 3});
  CHECK(a.Contains(2));
  CHECK_FALSE(a.Contains(4));
  CHECK(a.Insert(0));
  CHECK_FALSE(a.Insert(0));
  CHECK(a.Erase(0));
  CHECK_FALSE(a.Erase(0));

  SymbolSet b{2, 5};
  CHECK((a | b) == SymbolSet{1, 2, 3, 5});
  CHECK((a - b) == SymbolSet{1, 3});
  CHECK((a & b) == SymbolSet{2});
  CHECK(a.Intersects(b));
  CHECK_FALSE(a.Intersects(SymbolSet{4, 6}));
  CHECK_FALSE(SymbolSet{}.Intersects(a));

  SymbolSet c = a;
  CHECK_FALSE(c.UnionWith(SymbolSet{1, 3}));
  CHECK(c.UnionWith(SymbolSet{7}));
  CHECK(c == SymbolSet{1, 2, 3, 7});
  CHECK_FALSE(c.Subtract(SymbolSet{4}));
  CHECK(c.Subtract(SymbolSet{1, 7}));
  CHECK(c == SymbolSet{2, 3});
  c.IntersectWith(SymbolSet{3, 9});
  CHECK(c == SymbolSet{3});
  c.clear();
  CHECK(c.empty());
  CHECK(SymbolSet::FromIds({4, 1, 4, 2}) == SymbolSet{1, 2, 4});
}

TEST_CASE("qual_names: recomputed fresh by the manager", "[qual_names]") {
  TestModule t("a = 1\n");
  const QualNames& first = t.Get<QualNames>();
  CHECK(first.size() == 1);
  uint64_t computed = t.analyses().computations();
  t.Get<QualNames>();
  CHECK(t.analyses().computations() == computed);
}

}  // namespace
}  // namespace agc::analysis
