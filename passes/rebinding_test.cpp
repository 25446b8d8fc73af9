#include "passes/rebinding.h"

#include <catch2/catch.hpp>

#include "lib/analysis/analysis_test_util.h"

namespace agc::passes {
namespace {

using analysis::testing::TestModule;

struct Facts {
  explicit Facts(TestModule& t, int def_line)
      : fn(t.Find<ast::FunctionDef>(def_line)),
        rebinding(fn,
                  t.Get<analysis::QualNames>(),
                  t.Get<analysis::Activity>(),
                  t.Get<analysis::ReachingDefinitions>()) {}

  const ast::FunctionDef& fn;
  Rebinding rebinding;
};

// The value of the expression statement or the assignment on `line`.
const ast::Expr& ValueAt(TestModule& t, int line) {
  const ast::Stmt& stmt = t.StmtAt(line);
  if (const auto* expr = stmt.As<ast::ExprStmt>()) {
    return *expr->value;
  }
  return *stmt.Cast<ast::Assign>().value;
}

TEST_CASE("rebinding: stable locals", "[passes]") {
  TestModule t(R"py(
def f(p, q):
    a = 1
    b = 2
    global g
    g = 3
    def inner():
        nonlocal b
        b = 4
    return p, free
)py");
  Facts facts(t, 1);
  CHECK(facts.rebinding.IsStableLocal("p"));
  CHECK(facts.rebinding.IsStableLocal("a"));
  CHECK_FALSE(facts.rebinding.IsStableLocal("b"));  // rebound by inner()
  CHECK_FALSE(facts.rebinding.IsStableLocal("g"));  // global
  CHECK_FALSE(facts.rebinding.IsStableLocal("free"));
  CHECK_FALSE(facts.rebinding.IsStableLocal("nowhere"));
}

TEST_CASE("rebinding: inert operands", "[passes]") {
  TestModule t(R"py(
def f(p, flag):
    if flag:
        maybe = 1
    sure = 2
    p.append(sure)
    p.append(maybe)
    p.append(-1)
    p.append("s")
    p.append(p + 1)
    p.append(free)
    p.append(-sure)
)py");
  Facts facts(t, 1);
  auto arg = [&](int line) -> const ast::Expr& {
    return *ValueAt(t, line).Cast<ast::Call>().args[0];
  };
  CHECK(facts.rebinding.IsInert(arg(5), t.StmtAt(5)));
  CHECK_FALSE(facts.rebinding.IsInert(arg(6), t.StmtAt(6)));  // maybe unbound
  CHECK(facts.rebinding.IsInert(arg(7), t.StmtAt(7)));
  CHECK(facts.rebinding.IsInert(arg(8), t.StmtAt(8)));
  CHECK_FALSE(facts.rebinding.IsInert(arg(9), t.StmtAt(9)));
  CHECK_FALSE(facts.rebinding.IsInert(arg(10), t.StmtAt(10)));  // a global
  CHECK_FALSE(facts.rebinding.IsInert(arg(11), t.StmtAt(11)));  // __neg__
}

TEST_CASE("rebinding: lists by their reaching bindings", "[passes]") {
  TestModule t(R"py(
def f(p, flag):
    a = []
    b = [x for x in p]
    c, d = [], []
    e = []
    if flag:
        e = p
    a.append(1)
    b.append(1)
    c.append(1)
    e.append(1)
    p.append(1)
    if flag:
        u = [1]
    u.append(1)
)py");
  Facts facts(t, 1);
  CHECK(facts.rebinding.IsList("a", t.StmtAt(8)));
  CHECK(facts.rebinding.IsList("b", t.StmtAt(9)));
  CHECK_FALSE(facts.rebinding.IsList("c", t.StmtAt(10)));  // tuple target
  CHECK_FALSE(facts.rebinding.IsList("e", t.StmtAt(11)));  // may be p
  CHECK_FALSE(facts.rebinding.IsList("p", t.StmtAt(12)));  // a parameter
  CHECK(facts.rebinding.IsList("u", t.StmtAt(15)));        // a list, or unbound
}

TEST_CASE("rebinding: walrus and int literals", "[passes]") {
  TestModule t(R"py(
x = f(a, [y := 1 for _ in b])
x = g(lambda: (z := 2))
x = h(a, b)
x = -3
x = +3
x = 3.0
x = -a
)py");
  CHECK(HasWalrus(ValueAt(t, 1)));
  CHECK(HasWalrus(ValueAt(t, 2)));
  CHECK_FALSE(HasWalrus(ValueAt(t, 3)));
  CHECK(IsIntLiteral(ValueAt(t, 4)));
  CHECK(IsIntLiteral(ValueAt(t, 5)));
  CHECK_FALSE(IsIntLiteral(ValueAt(t, 6)));
  CHECK_FALSE(IsIntLiteral(ValueAt(t, 7)));
}

}  // namespace
}  // namespace agc::passes
