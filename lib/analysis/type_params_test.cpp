// Scopes of PEP 695 type parameters and `type` statements in the analyses:
// type parameters live in an annotation scope around their def, class or
// alias; a body's reads of them are free reads, never locals of anyone; a
// `type X = ...` binds X where it runs, like an assignment.
#include <catch2/catch.hpp>
#include <string>

#include "lib/analysis/activity.h"
#include "lib/analysis/analysis_test_util.h"
#include "lib/analysis/liveness.h"
#include "lib/analysis/reaching_definitions.h"
#include "lib/analysis/unbound_reads.h"

namespace agc::analysis {
namespace {

using testing::TestModule;

TEST_CASE(
    "type params: reads of a type parameter are not the enclosing "
    "scope's",
    "[activity][type_params]") {
  TestModule t(R"py(
def outer(n):
    def f[T: int, *Ts, **P](x: T) -> T:
        y: T = x
        for i in range(n):
            y = T(y)
        return y
    class C[U](list[U]):
        def m(self) -> U:
            return U
    return f, C
)py");
  const Activity& act = t.Get<Activity>();
  // The def reads its bound where it is (a closure's read); not T.
  CHECK(t.StmtActivity(2) == "r{int, n, range} m{f} d{}");
  CHECK(t.StmtActivity(7) == "r{list, list[U]} m{C} d{}");
  const Scope& f = act.ScopeOf(t.StmtAt(2));
  CHECK(t.Fmt(f.bound) == "i, x, y");
  // Free: not bound in any scope it sees (T resolves in no def's scope).
  CHECK(t.Fmt(f.free) == "T, range");
  const Scope& outer = act.ScopeOf(t.StmtAt(1));
  CHECK(t.Fmt(outer.bound) == "C, f, n");
  CHECK(t.Fmt(outer.read) == "C, f, int, list, list[U], n, range");
  // The loop's state: y (and i); never T.
  CHECK(t.StmtActivity(4) == "r{T, n, range, y} m{i, y} d{}");
}

TEST_CASE("type params: a type statement binds its name where it runs",
          "[activity][liveness][type_params]") {
  TestModule t(R"py(
def g(c, k):
    if c:
        type A[T] = list[T | k]
    else:
        A = None
    return A
)py");
  CHECK(t.StmtActivity(3) == "r{k, list} m{A} d{}");
  CHECK(t.StmtActivity(2) == "r{c, k, list} m{A} d{}");
  const Scope& g = t.Get<Activity>().ScopeOf(t.StmtAt(1));
  CHECK(t.Fmt(g.bound) == "A, c, k");
  const Liveness& live = t.Get<Liveness>();
  CHECK(t.Fmt(live.LiveIn(t.StmtAt(6))) == "A");
  CHECK(t.Fmt(live.LiveOut(t.StmtAt(2))) == "A");
  // The alias's value reads k lazily, as a closure does: k is live at the
  // type statement.
  CHECK(t.Fmt(live.LiveIn(t.StmtAt(3))) == "k, list");
}

TEST_CASE(
    "type params: a default of a generic function's parameter reads "
    "the enclosing scope's name",
    "[activity][type_params]") {
  TestModule t(R"py(
def outer(T):
    def f[T](x: T = T): return x
    return f
)py");
  CHECK(t.StmtActivity(2) == "r{T} m{f} d{}");
}

TEST_CASE("type params: a bound reads the enclosing variable at the def",
          "[liveness][type_params]") {
  TestModule t(R"py(
def h(k):
    b = k
    def f[T: b, U = b](x: T): return x
    return f
)py");
  const Liveness& live = t.Get<Liveness>();
  CHECK(t.Fmt(live.LiveIn(t.StmtAt(3))) == "b");
  CHECK(t.Fmt(live.LiveOut(t.StmtAt(2))) == "b");
}

TEST_CASE(
    "type params: a lambda in a bound or default reads the type parameter, "
    "not the enclosing variable",
    "[activity][liveness][type_params]") {
  TestModule t(R"py(
def outer(n):
    T = n
    U = n
    def f[T: (lambda: T), U = (lambda: U)](x): return x
    def g[T: (lambda y=T: y)](x): return x
    type A[T] = (lambda: [T for _ in ()])
    class C[T]((lambda: T)()): pass
    return f
)py");
  const Activity& act = t.Get<Activity>();
  CHECK(t.StmtActivity(4) == "r{} m{f} d{}");
  // The lambda's default runs in the annotation scope too.
  CHECK(t.StmtActivity(5) == "r{} m{g} d{}");
  CHECK(t.StmtActivity(6) == "r{} m{A} d{}");
  CHECK(t.StmtActivity(7) == "r{} m{C} d{}");
  const Scope& outer = act.ScopeOf(t.StmtAt(1));
  CHECK(t.Fmt(outer.read) == "f, n");
  // The lambda reads T as its own free read, resolved in the annotation
  // scope between it and outer.
  const Scope& bound = act.ScopeOf(t.Find<ast::Lambda>(4, 0));
  CHECK(t.Fmt(bound.read) == "T");
  CHECK(t.Fmt(bound.type_params) == "T, U");
  CHECK(ResolvesToTypeParam(bound, t.Sym("T"), outer));
  // A comprehension in a lambda: the lambda is the scope that sees T.
  const Scope& alias = act.ScopeOf(t.Find<ast::Lambda>(6));
  CHECK(t.Fmt(alias.read) == "T");
  CHECK(t.Fmt(alias.type_params) == "T");
  CHECK(t.Fmt(alias.children.front()->type_params).empty());
  // Neither T nor U of outer is read again.
  const Liveness& live = t.Get<Liveness>();
  CHECK(t.Fmt(live.LiveOut(t.StmtAt(2))) == "n");
  CHECK(t.Fmt(live.LiveOut(t.StmtAt(3))).empty());
}

TEST_CASE(
    "type params: reads of a type parameter named like a local that may be "
    "unbound are not the local's",
    "[unbound_reads][liveness][type_params]") {
  TestModule t(R"py(
def outer(c):
    if c:
        T = 1
    def g[T](x: T) -> T:
        return T
    def h[T: (lambda: T)](x: T): return x
    class C[T](list[T]):
        def m(self) -> T:
            return T
    return T
)py");
  const auto& reads = t.Get<UnboundReads>();
  const Activity& act = t.Get<Activity>();
  for (const ast::Node* node : t.nodes()) {
    const auto* name = node->As<ast::Name>();
    if (name == nullptr || name->id != "T" ||
        name->ctx != ast::ExprContext::kLoad) {
      continue;
    }
    INFO("T on line " << name->origin.line << ":" << name->origin.col);
    // Only outer's own `return T` reads the local.
    CHECK(reads.MayBeUnbound(*name) == (name->origin.line == 10));
    const bool in_annotation_scope =
        name->origin.line <= 9 &&
        !act.EnclosingScope(*name).node->Is<ast::Lambda>() &&
        &act.EnclosingScope(*name) == &act.ScopeOf(t.StmtAt(1));
    CHECK(act.ReadsTypeParam(*name) == in_annotation_scope);
  }
  // The nested scopes read T, but none of them outer's.
  const Scope& outer = act.ScopeOf(t.StmtAt(1));
  const SymbolId T = t.Sym("T");
  CHECK(ResolvesToTypeParam(act.ScopeOf(t.StmtAt(4)), T, outer));
  CHECK(ResolvesToTypeParam(act.ScopeOf(t.Find<ast::Lambda>(6)), T, outer));
  CHECK(ResolvesToTypeParam(act.ScopeOf(t.StmtAt(8)), T, outer));
  CHECK(t.StmtActivity(4) == "r{} m{g} d{}");
  CHECK(t.StmtActivity(6) == "r{} m{h} d{}");
  CHECK(t.StmtActivity(7) == "r{list, list[T]} m{C} d{}");
}

}  // namespace
}  // namespace agc::analysis
