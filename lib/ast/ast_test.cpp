#include "lib/ast/ast.h"

#include <catch2/catch.hpp>

namespace agc::ast {
namespace {

// x = a + 1
Assign* BuildAssign(Module& m) {
  auto* target = m.New<Name>({1, 1});
  target->id = "x";
  target->ctx = ExprContext::kStore;
  auto* a = m.New<Name>({1, 5});
  a->id = "a";
  auto* one = m.New<Constant>({1, 9});
  one->value_kind = ConstantKind::kInt;
  one->text = "1";
  auto* sum = m.New<BinOp>({1, 5});
  sum->left = a;
  sum->op = BinOpKind::kAdd;
  sum->right = one;
  auto* assign = m.New<Assign>({1, 1});
  assign->targets.push_back(target);
  assign->value = sum;
  return assign;
}

TEST_CASE("Nodes get dense ids and keep their origin", "[ast]") {
  Module m(nullptr);
  Assign* assign = BuildAssign(m);
  CHECK(m.node_count() == 5);
  CHECK(assign->node_id == 4);
  CHECK(m.Get(0)->Is<Name>());
  CHECK(assign->value->origin.col == 5);
  CHECK(assign->As<If>() == nullptr);
  CHECK(assign->category() == Category::kStmt);
}

TEST_CASE("Dump shows CPython-like names and fields", "[ast]") {
  Module m(nullptr);
  m.body.push_back(BuildAssign(m));
  CHECK(Dump(*m.body[0]) ==
        "Assign(\n"
        "  targets=[\n"
        "    Name(\n"
        "      id='x',\n"
        "      ctx=Store())],\n"
        "  value=BinOp(\n"
        "    left=Name(\n"
        "      id='a',\n"
        "      ctx=Load()),\n"
        "    op=Add(),\n"
        "    right=Constant(\n"
        "      value_kind=int,\n"
        "      text='1')))");
  auto* s = m.New<ExprStmt>({2, 1});
  auto* p = m.New<Pass>({2, 1});
  (void)s;
  CHECK(Dump(*p, true) == "Pass@2:1()");
}

TEST_CASE("Clone copies the subtree into another module", "[ast]") {
  Module src(nullptr);
  Assign* assign = BuildAssign(src);
  Module dst(nullptr);
  auto* copy = CloneAs(dst, *assign);
  CHECK(copy != assign);
  CHECK(dst.node_count() == 5);
  CHECK(Dump(*copy, true) == Dump(*assign, true));
  // Identifiers are owned by the destination.
  CHECK(copy->targets[0]->Cast<Name>().id.data() !=
        assign->targets[0]->Cast<Name>().id.data());
}

TEST_CASE("ForEachChild visits children in field order", "[ast]") {
  Module m(nullptr);
  Assign* assign = BuildAssign(m);
  std::vector<Kind> kinds;
  ForEachChild(*assign, [&](Node* child) { kinds.push_back(child->kind); });
  CHECK(kinds == std::vector<Kind>{Kind::kName, Kind::kBinOp});
}

TEST_CASE("ForEachStmtList gives each statement list to replace", "[ast]") {
  Module m(nullptr);
  auto* loop = m.New<While>({1, 1});
  loop->test = m.New<Name>({1, 7});
  loop->body.push_back(BuildAssign(m));
  loop->orelse.push_back(m.New<Pass>({3, 5}));
  std::vector<size_t> sizes;
  ForEachStmtList(*loop, [&](std::vector<Stmt*>& body) {
    sizes.push_back(body.size());
    body.push_back(m.New<Pass>({4, 5}));  // a list the caller may rewrite
  });
  CHECK(sizes == std::vector<size_t>{1, 1});
  CHECK(loop->body.size() == 2);
  CHECK(loop->orelse.size() == 2);
  // An expression statement has no statement list.
  Assign* assign = BuildAssign(m);
  ForEachStmtList(*assign, [&](std::vector<Stmt*>&) { FAIL("no list"); });
}

TEST_CASE("Verify accepts a good tree and reports bad ones", "[ast]") {
  Module m(nullptr);
  m.body.push_back(BuildAssign(m));
  CHECK(Verify(m) == "");

  SECTION("wrong context on a target") {
    m.body[0]->Cast<Assign>().targets[0]->Cast<Name>().ctx = ExprContext::kLoad;
    CHECK(Verify(m).find("context is Load, expected Store") !=
          std::string::npos);
  }
  SECTION("missing required child") {
    m.body[0]->Cast<Assign>().value = nullptr;
    CHECK(Verify(m).find("missing required field 'value'") !=
          std::string::npos);
  }
  SECTION("node without origin") {
    auto* p = m.New<Pass>({});
    m.body.push_back(p);
    CHECK(Verify(m).find("no origin") != std::string::npos);
  }
  SECTION("tuple target elements must be Store too") {
    auto* t = m.New<Tuple>({3, 1});
    t->ctx = ExprContext::kStore;
    auto* n = m.New<Name>({3, 1});
    n->id = "q";
    t->elts.push_back(n);  // ctx Load: wrong
    auto* v = m.New<Name>({3, 5});
    v->id = "r";
    auto* a = m.New<Assign>({3, 1});
    a->targets.push_back(t);
    a->value = v;
    m.body.push_back(a);
    CHECK(Verify(m).find("Name") != std::string::npos);
    n->ctx = ExprContext::kStore;
    CHECK(Verify(m) == "");
  }
}

TEST_CASE("Intern copies text into the arena", "[ast]") {
  Module m(nullptr);
  std::string s = "hello";
  std::string_view v = m.Intern(s);
  s[0] = 'j';
  CHECK(v == "hello");
  CHECK(m.Intern("").empty());
}

}  // namespace
}  // namespace agc::ast
