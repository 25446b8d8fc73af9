// Activity tests: scopes. Functions, classes and lambdas (what a def
// evaluates outside, free reads at the def, locals that do not leak, class
// bodies), comprehensions and walrus, global and nonlocal, scopes inside
// decorators and defaults, await and yield.
#include <catch2/catch.hpp>
#include <string>

#include "lib/analysis/activity.h"
#include "lib/analysis/analysis_test_util.h"

namespace agc::analysis {
namespace {

using testing::TestModule;

// ---- functions, classes, lambdas ------------------------------------------

TEST_CASE("activity: def evaluates decorators, defaults, annotations outside",
          "[activity]") {
  TestModule t(R"py(
@deco(k)
def f(p: P, q=dq, *args: A, r=dr, s: S = ds, **kw) -> R:
    return p + local
)py");
  const Activity& act = t.Get<Activity>();
  const auto& f = t.StmtAt(2).Cast<ast::FunctionDef>();
  // `local` is free in f: read where f is defined.
  CHECK(t.Describe(act.Of(f)) ==
        "r{A, P, R, S, deco, dq, dr, ds, k, local} m{f} d{}");
  CHECK(t.Describe(act.Of(*f.args)) == "r{A, P, S, dq, dr, ds} m{} d{}");
  CHECK(t.Describe(act.Of(*f.decorator_list[0])) == "r{deco, k} m{} d{}");
  CHECK(t.Describe(act.Of(*f.returns)) == "r{R} m{} d{}");
  const Scope& fs = act.ScopeOf(f);
  CHECK(fs.kind == ScopeKind::kFunction);
  CHECK(fs.node == &f);
  CHECK(fs.parent == &act.ModuleScope());
  CHECK(t.Fmt(fs.params) == "args, kw, p, q, r, s");
  CHECK(t.Fmt(fs.bound) == "args, kw, p, q, r, s");
  CHECK(t.Fmt(fs.read) == "local, p");
  CHECK(t.Fmt(fs.modified) == "args, kw, p, q, r, s");
  CHECK(t.Fmt(act.ModuleScope().bound) == "f");
  CHECK(&act.EnclosingScope(f) == &act.ModuleScope());
  CHECK(&act.EnclosingScope(*f.decorator_list[0]) == &act.ModuleScope());
  CHECK(&act.EnclosingScope(*f.args->defaults[0]) == &act.ModuleScope());
  CHECK(&act.EnclosingScope(*f.args->args[0]) == &fs);
  CHECK(&act.EnclosingScope(*f.body[0]) == &fs);
}

TEST_CASE("activity: default arguments are evaluated in the enclosing scope",
          "[activity]") {
  TestModule t(R"py(
def outer():
    x = 1
    def inner(a=x, *, b=y):
        x = 2
        return a
)py");
  const Activity& act = t.Get<Activity>();
  const auto& inner = t.Find<ast::FunctionDef>(3);
  CHECK(t.StmtActivity(3) == "r{x, y} m{inner} d{}");
  CHECK(t.Fmt(act.ScopeOf(inner).read) == "a");
  CHECK(t.Fmt(act.ScopeOf(inner).bound) == "a, b, x");
  const Scope& outer = act.ScopeOf(t.Find<ast::FunctionDef>(1));
  CHECK(t.Fmt(outer.read) == "x, y");
  CHECK(t.Fmt(outer.bound) == "inner, x");
  CHECK(t.Fmt(outer.free) == "y");
}

TEST_CASE("activity: free reads of nested functions at the def", "[activity]") {
  TestModule t(R"py(
def f(a):
    def g(b):
        c = 1
        return a.x + b + c + d + len(b)
    return g
)py");
  const Activity& act = t.Get<Activity>();
  CHECK(t.StmtActivity(2) == "r{a, a.x, d, len} m{g} d{}");
  const Scope& g = act.ScopeOf(t.Find<ast::FunctionDef>(2));
  CHECK(t.Fmt(g.read) == "a, a.x, b, c, d, len");
  CHECK(t.Fmt(g.free) == "d, len");
  const Scope& f = act.ScopeOf(t.Find<ast::FunctionDef>(1));
  CHECK(t.Fmt(f.read) == "a, a.x, d, g, len");
  CHECK(t.Fmt(f.free) == "d, len");
  CHECK(t.Fmt(act.ModuleScope().read) == "d, len");
  CHECK(t.Fmt(act.ModuleScope().free) == "d, len");
}

TEST_CASE("activity: a function's locals do not leak", "[activity]") {
  TestModule t(R"py(
def f():
    x = 1
    y.z = 2
    del w
)py");
  const Activity& act = t.Get<Activity>();
  CHECK(t.StmtActivity(1) == "r{y} m{f} d{}");
  CHECK(t.Fmt(act.ModuleScope().bound) == "f");
  CHECK(t.Fmt(act.ModuleScope().modified) == "f");
  CHECK(act.ModuleScope().deleted.empty());
}

TEST_CASE("activity: lambda scope", "[activity]") {
  TestModule t(R"py(
h = lambda a, b=d: a + c + (e := 1)
)py");
  const Activity& act = t.Get<Activity>();
  const auto& lam = t.Find<ast::Lambda>(1);
  const Scope& ls = act.ScopeOf(lam);
  CHECK(ls.kind == ScopeKind::kLambda);
  CHECK(t.Fmt(ls.params) == "a, b");
  CHECK(t.Fmt(ls.bound) == "a, b, e");
  CHECK(t.Fmt(ls.read) == "a, c");
  CHECK(t.Fmt(ls.free) == "c");
  // The default is read outside; `c` is read at the lambda; `e` stays local.
  CHECK(t.StmtActivity(1) == "r{c, d} m{h} d{}");
  CHECK(&act.EnclosingScope(lam) == &act.ModuleScope());
  CHECK(&act.EnclosingScope(*lam.args->defaults[0]) == &act.ModuleScope());
  CHECK(&act.EnclosingScope(*lam.body) == &ls);
  // The lambda is the assignment's value; its body has no activity.
  CHECK(t.Describe(act.Of(lam)) == "r{c, d} m{} d{}");
  CHECK(act.Of(*lam.body) == nullptr);
}

TEST_CASE("activity: class body names do not leak", "[activity]") {
  TestModule t(R"py(
@register
class C(Base, metaclass=Meta):
    attr = value
    def method(self):
        return attr
    other = attr
)py");
  const Activity& act = t.Get<Activity>();
  const auto& c = t.Find<ast::ClassDef>(2);
  CHECK(t.StmtActivity(2) == "r{Base, Meta, attr, register, value} m{C} d{}");
  CHECK(t.Describe(act.Of(*c.keywords[0])) == "r{Meta} m{} d{}");
  CHECK(t.Describe(act.Of(*c.bases[0])) == "r{Base} m{} d{}");
  const Scope& cs = act.ScopeOf(c);
  CHECK(cs.kind == ScopeKind::kClass);
  CHECK(t.Fmt(cs.bound) == "attr, method, other");
  CHECK(t.Fmt(act.ModuleScope().bound) == "C");
  // The method's read of `attr` is not the class attribute: a global.
  CHECK(t.StmtActivity(4) == "r{attr} m{method} d{}");
  const Scope& ms = act.ScopeOf(t.Find<ast::FunctionDef>(4));
  CHECK(t.Fmt(ms.free) == "attr");
  CHECK(t.Fmt(act.ModuleScope().free) == "Base, Meta, attr, register, value");
}

TEST_CASE("activity: a method's free read passes through the class",
          "[activity]") {
  TestModule t(R"py(
def outer():
    x = 1
    class A:
        x = 2
        def f(self):
            return x
    return A
)py");
  const Activity& act = t.Get<Activity>();
  // f's `x` is outer's x, not A's: the class statement reads it.
  CHECK(t.StmtActivity(3) == "r{x} m{A} d{}");
  const Scope& outer = act.ScopeOf(t.Find<ast::FunctionDef>(1));
  CHECK(outer.free.empty());
  CHECK(t.Fmt(outer.read) == "A, x");
}

TEST_CASE("activity: class body reads resolve in the class", "[activity]") {
  TestModule t(R"py(
def outer():
    class A:
        y = 1
        z = y
    return A
)py");
  // y is the class's own: nothing read outside.
  CHECK(t.StmtActivity(2) == "r{} m{A} d{}");
}

// ---- comprehensions -------------------------------------------------------

TEST_CASE("activity: comprehension variables do not leak", "[activity]") {
  TestModule t(R"py(
r = [x * k for x in xs if x > lo for y in x.items]
)py");
  const Activity& act = t.Get<Activity>();
  CHECK(t.StmtActivity(1) == "r{k, lo, xs} m{r} d{}");
  const auto& comp = t.Find<ast::ListComp>(1);
  const Scope& cs = act.ScopeOf(comp);
  CHECK(cs.kind == ScopeKind::kComprehension);
  CHECK(t.Fmt(cs.bound) == "x, y");
  CHECK(t.Fmt(cs.read) == "k, lo, x, x.items");
  CHECK(t.Fmt(cs.modified) == "x, y");
  CHECK(t.Fmt(act.ModuleScope().bound) == "r");
  // The first iterable runs outside the comprehension.
  CHECK(&act.EnclosingScope(t.FindText<ast::Name>("xs")) == &act.ModuleScope());
  CHECK(&act.EnclosingScope(t.FindText<ast::Name>("lo")) == &cs);
  CHECK(&act.EnclosingScope(comp) == &act.ModuleScope());
}

TEST_CASE("activity: every comprehension kind is a scope", "[activity]") {
  TestModule t(R"py(
a = {k: v for k, v in d}
b = {e for e in s}
c = (g for g in h)
)py");
  const Activity& act = t.Get<Activity>();
  CHECK(t.StmtActivity(1) == "r{d} m{a} d{}");
  CHECK(t.StmtActivity(2) == "r{s} m{b} d{}");
  CHECK(t.StmtActivity(3) == "r{h} m{c} d{}");
  CHECK(t.Fmt(act.ScopeOf(t.Find<ast::DictComp>(1)).bound) == "k, v");
  CHECK(t.Fmt(act.ScopeOf(t.Find<ast::SetComp>(2)).bound) == "e");
  CHECK(t.Fmt(act.ScopeOf(t.Find<ast::GeneratorExp>(3)).bound) == "g");
  CHECK(t.Fmt(act.ModuleScope().bound) == "a, b, c");
  CHECK(act.ModuleScope().children.size() == 3);
}

TEST_CASE("activity: walrus in a comprehension binds outside", "[activity]") {
  TestModule t(R"py(
def f(data):
    ok = [last := v for v in data if (hit := v.ok)]
    return last, hit
)py");
  const Activity& act = t.Get<Activity>();
  CHECK(t.StmtActivity(2) == "r{data} m{hit, last, ok} d{}");
  const Scope& f = act.ScopeOf(t.Find<ast::FunctionDef>(1));
  CHECK(t.Fmt(f.bound) == "data, hit, last, ok");
  const Scope& comp = act.ScopeOf(t.Find<ast::ListComp>(2));
  CHECK(t.Fmt(comp.bound) == "v");
  CHECK(t.Fmt(comp.modified) == "hit, last, v");
}

TEST_CASE("activity: walrus in nested comprehensions", "[activity]") {
  TestModule t(R"py(
res = [[(y := a) for a in row] for row in grid]
)py");
  const Activity& act = t.Get<Activity>();
  CHECK(t.StmtActivity(1) == "r{grid} m{res, y} d{}");
  CHECK(t.Fmt(act.ModuleScope().bound) == "res, y");
  const auto& outer =
      t.FindText<ast::ListComp>("[[(y := a) for a in row] for row in grid]");
  CHECK(t.Fmt(act.ScopeOf(outer).bound) == "row");
  CHECK(act.ScopeOf(outer).children.size() == 1);
}

TEST_CASE("activity: walrus outside comprehensions", "[activity]") {
  TestModule t(R"py(
if (n := len(a)) > 10:
    pass
)py");
  const Activity& act = t.Get<Activity>();
  CHECK(t.Describe(act.HeaderOf(t.StmtAt(1))) == "r{a, len} m{n} d{}");
  CHECK(t.Fmt(act.ModuleScope().bound) == "n");
}

TEST_CASE("activity: comprehension in a class body skips the class",
          "[activity]") {
  TestModule t(R"py(
def outer():
    k = 1
    class A:
        k = 2
        xs = [1]
        ys = [x + k for x in xs]
    return A
)py");
  const Activity& act = t.Get<Activity>();
  // The comprehension's `k` is outer's k; `xs` is the class's.
  CHECK(t.StmtActivity(6) == "r{k, xs} m{ys} d{}");
  CHECK(t.StmtActivity(3) == "r{k} m{A} d{}");
  const Scope& outer = act.ScopeOf(t.Find<ast::FunctionDef>(1));
  CHECK(t.Fmt(outer.read) == "A, k");
}

// ---- global / nonlocal ----------------------------------------------------

TEST_CASE("activity: nonlocal writes count at the nested def", "[activity]") {
  TestModule t(R"py(
def f():
    n = 0
    def inc():
        nonlocal n
        n += 1
    inc()
    return n
)py");
  const Activity& act = t.Get<Activity>();
  const Scope& inc = act.ScopeOf(t.Find<ast::FunctionDef>(3));
  CHECK(t.Fmt(inc.nonlocals) == "n");
  CHECK(inc.bound.empty());
  CHECK(t.Fmt(inc.modified) == "n");
  CHECK(t.StmtActivity(4) == "r{} m{} d{}");
  CHECK(t.StmtActivity(5) == "r{n} m{n} d{}");
  CHECK(t.StmtActivity(3) == "r{n} m{inc, n} d{}");
  const Scope& f = act.ScopeOf(t.Find<ast::FunctionDef>(1));
  CHECK(t.Fmt(f.bound) == "inc, n");
  // The write does not reach the module: f's n is f's own.
  CHECK(t.StmtActivity(1) == "r{} m{f} d{}");
}

TEST_CASE("activity: global writes count at each enclosing def", "[activity]") {
  TestModule t(R"py(
counter = 0
def f():
    counter = 'local'
    def g():
        global counter
        counter += 1
        counter.attr = 2
    return g
)py");
  const Activity& act = t.Get<Activity>();
  const Scope& g = act.ScopeOf(t.Find<ast::FunctionDef>(4));
  CHECK(t.Fmt(g.globals) == "counter");
  CHECK(g.bound.empty());
  CHECK(t.StmtActivity(4) == "r{counter} m{counter, counter.attr, g} d{}");
  // f binds its own `counter`, but g's write goes to the module's.
  CHECK(t.StmtActivity(2) == "r{counter} m{counter, counter.attr, f} d{}");
  CHECK(t.Fmt(act.ModuleScope().bound) == "counter, f");
  CHECK(act.ModuleScope().free.empty());
}

TEST_CASE("activity: global and nonlocal are not bound locally", "[activity]") {
  TestModule t(R"py(
def f():
    x = 1
    def g():
        global y
        nonlocal x
        y = x = 2
        del y
)py");
  const Activity& act = t.Get<Activity>();
  const Scope& g = act.ScopeOf(t.Find<ast::FunctionDef>(3));
  CHECK(t.Fmt(g.globals) == "y");
  CHECK(t.Fmt(g.nonlocals) == "x");
  CHECK(g.bound.empty());
  CHECK(t.Fmt(g.deleted) == "y");
  CHECK(t.StmtActivity(4) == "r{} m{} d{}");
  CHECK(t.StmtActivity(6) == "r{} m{x, y} d{}");
  CHECK(t.StmtActivity(3) == "r{} m{g, x, y} d{}");
}

TEST_CASE("activity: a free read of a global-declared name goes to the module",
          "[activity]") {
  TestModule t(R"py(
def f():
    v = 1
    def g():
        global v
        return v
    return g
)py");
  const Activity& act = t.Get<Activity>();
  CHECK(t.StmtActivity(3) == "r{v} m{g} d{}");
  CHECK(t.StmtActivity(1) == "r{v} m{f} d{}");
  CHECK(t.Fmt(act.ScopeOf(t.Find<ast::FunctionDef>(3)).free) == "v");
}

TEST_CASE("activity: nested function free reads pass through functions",
          "[activity]") {
  TestModule t(R"py(
def a():
    z = 0
    def b():
        def c():
            return z + w
        return c
    return b
)py");
  const Activity& act = t.Get<Activity>();
  CHECK(t.StmtActivity(4) == "r{w, z} m{c} d{}");
  CHECK(t.StmtActivity(3) == "r{w, z} m{b} d{}");
  // z stops at a, which binds it; w reaches the module.
  CHECK(t.StmtActivity(1) == "r{w} m{a} d{}");
  const Scope& c = act.ScopeOf(t.Find<ast::FunctionDef>(4));
  CHECK(t.Fmt(c.free) == "w");
  CHECK(c.parent == &act.ScopeOf(t.Find<ast::FunctionDef>(3)));
}

TEST_CASE("activity: nonlocal writes pass through a class", "[activity]") {
  TestModule t(R"py(
def f():
    x = 1
    class A:
        x = 'attr'
        def g(self):
            nonlocal x
            x = 2
    return A
)py");
  const Activity& act = t.Get<Activity>();
  CHECK(t.StmtActivity(5) == "r{} m{g, x} d{}");
  // g's x is f's, so the class statement writes it in f.
  CHECK(t.StmtActivity(3) == "r{} m{A, x} d{}");
  CHECK(t.Fmt(act.ScopeOf(t.Find<ast::ClassDef>(3)).bound) == "g, x");
  CHECK(t.StmtActivity(1) == "r{} m{f} d{}");
}

TEST_CASE("activity: scopes inside decorators and defaults", "[activity]") {
  TestModule t(R"py(
@wrap(lambda v: v + k)
def f(cb=lambda: dflt, n=[i for i in seq]):
    pass
)py");
  const Activity& act = t.Get<Activity>();
  const auto& f = t.Find<ast::FunctionDef>(2);
  CHECK(t.Describe(act.Of(f)) == "r{dflt, k, seq, wrap} m{f} d{}");
  CHECK(t.Describe(act.Of(*f.args)) == "r{dflt, seq} m{} d{}");
  const Scope& mod = act.ModuleScope();
  REQUIRE(mod.children.size() == 4);
  CHECK(mod.children[0]->kind == ScopeKind::kLambda);
  CHECK(mod.children[1]->kind == ScopeKind::kFunction);
  CHECK(mod.children[2]->kind == ScopeKind::kLambda);
  CHECK(mod.children[3]->kind == ScopeKind::kComprehension);
  CHECK(act.ScopeOf(f).children.empty());
}

TEST_CASE("activity: await, yield and async comprehensions", "[activity]") {
  TestModule t(R"py(
async def f(src):
    got = [x async for x in src if await ok(x)]
    y = yield await g(got)
    yield from h
)py");
  CHECK(t.StmtActivity(2) == "r{ok, src} m{got} d{}");
  CHECK(t.StmtActivity(3) == "r{g, got} m{y} d{}");
  CHECK(t.StmtActivity(4) == "r{h} m{} d{}");
}

}  // namespace
}  // namespace agc::analysis
