#include "lib/analysis/activity.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "lib/analysis/analysis_test_util.h"

namespace agc::analysis {
namespace {

using testing::TestModule;

// "bound{..} read{..} modified{..} deleted{..}" of a scope.
std::string DescribeScope(TestModule& t, const Scope& s) {
  return "bound{" + t.Fmt(s.bound) + "} read{" + t.Fmt(s.read) + "} modified{" +
         t.Fmt(s.modified) + "} deleted{" + t.Fmt(s.deleted) + "}";
}

// ---- simple statements ----------------------------------------------------

TEST_CASE("activity: assignment", "[activity]") {
  TestModule t(R"py(
a = b
a.b = c
x[i] = y
a, (b, c) = d, e
x = y = z
)py");
  CHECK(t.StmtActivity(1) == "r{b} m{a} d{}");
  CHECK(t.StmtActivity(2) == "r{a, c} m{a.b} d{}");
  CHECK(t.StmtActivity(3) == "r{i, x, y} m{x[i]} d{}");
  CHECK(t.StmtActivity(4) == "r{d, e} m{a, b, c} d{}");
  CHECK(t.StmtActivity(5) == "r{z} m{x, y} d{}");
}

TEST_CASE("activity: parts of an assignment", "[activity]") {
  TestModule t("a.b, c = f(d)\n");
  const Activity& act = t.Get<Activity>();
  const auto& assign = t.StmtAt(1).Cast<ast::Assign>();
  CHECK(t.Describe(act.Of(*assign.targets[0])) == "r{a} m{a.b, c} d{}");
  CHECK(t.Describe(act.Of(*assign.value)) == "r{d, f} m{} d{}");
  // Nodes below the direct children have no activity of their own.
  CHECK(act.Of(t.FindText<ast::Name>("d")) == nullptr);
  CHECK(act.Of(t.FindText<ast::Attribute>("a.b")) == nullptr);
}

TEST_CASE("activity: reading a qualified name reads its prefixes",
          "[activity]") {
  TestModule t("x = a.b[i].c\n");
  CHECK(t.StmtActivity(1) == "r{a, a.b, a.b[i], a.b[i].c, i} m{x} d{}");
}

TEST_CASE("activity: unnameable targets", "[activity]") {
  TestModule t(R"py(
f().x = 1
a[i + 1] = 2
g(a).b[0] = 3
)py");
  CHECK(t.StmtActivity(1) == "r{f} m{} d{}");
  CHECK(t.StmtActivity(2) == "r{a, i} m{} d{}");
  CHECK(t.StmtActivity(3) == "r{a, g} m{} d{}");
}

TEST_CASE("activity: augmented assignment", "[activity]") {
  TestModule t(R"py(
x += 1
x[i] += 1
a.b -= c
f().y *= 2
)py");
  CHECK(t.StmtActivity(1) == "r{x} m{x} d{}");
  CHECK(t.StmtActivity(2) == "r{i, x, x[i]} m{x[i]} d{}");
  CHECK(t.StmtActivity(3) == "r{a, a.b, c} m{a.b} d{}");
  CHECK(t.StmtActivity(4) == "r{f} m{} d{}");
  const Activity& act = t.Get<Activity>();
  CHECK(act.ModuleScope().bound.Contains(t.Sym("x")));
  CHECK_FALSE(act.ModuleScope().bound.Contains(t.Sym("a")));
}

TEST_CASE("activity: annotated assignment", "[activity]") {
  TestModule t(R"py(
x: int = y
z: str
a.b: T
def f():
    v: Local = w
    u: Other
)py");
  CHECK(t.StmtActivity(1) == "r{int, y} m{x} d{}");
  // Without a value: bound, but not modified.
  CHECK(t.StmtActivity(2) == "r{str} m{} d{}");
  CHECK(t.StmtActivity(3) == "r{T, a} m{} d{}");
  // Inside a function the annotation is not evaluated.
  CHECK(t.StmtActivity(5) == "r{w} m{v} d{}");
  CHECK(t.StmtActivity(6) == "r{} m{} d{}");
  const Activity& act = t.Get<Activity>();
  CHECK(t.Fmt(act.ModuleScope().bound) == "f, x, z");
  const auto& f = t.Find<ast::FunctionDef>(4);
  CHECK(t.Fmt(act.ScopeOf(f).bound) == "u, v");
  const auto& ann = t.StmtAt(5).Cast<ast::AnnAssign>();
  CHECK(t.Describe(act.Of(*ann.annotation)) == "r{} m{} d{}");
}

TEST_CASE("activity: del", "[activity]") {
  TestModule t(R"py(
del a
del a.b, c[i]
del (d, [e])
def f():
    del g
)py");
  CHECK(t.StmtActivity(1) == "r{} m{} d{a}");
  CHECK(t.StmtActivity(2) == "r{a, c, i} m{} d{a.b, c[i]}");
  CHECK(t.StmtActivity(3) == "r{} m{} d{d, e}");
  const Activity& act = t.Get<Activity>();
  // `del` makes a name local, as in CPython's symtable.
  const Scope& f = act.ScopeOf(t.Find<ast::FunctionDef>(4));
  CHECK(t.Fmt(f.bound) == "g");
  CHECK(t.Fmt(f.deleted) == "g");
  CHECK(t.Fmt(act.ModuleScope().deleted) == "a, a.b, c[i], d, e");
}

TEST_CASE("activity: starred and nested unpacking", "[activity]") {
  TestModule t(R"py(
a, *b, (c.d, [e[0], *f]) = g
[h, i] = j
)py");
  CHECK(t.StmtActivity(1) == "r{c, e, g} m{a, b, c.d, e[0], f} d{}");
  CHECK(t.StmtActivity(2) == "r{j} m{h, i} d{}");
  CHECK(t.Fmt(t.Get<Activity>().ModuleScope().bound) == "a, b, f, h, i");
}

TEST_CASE("activity: expression, return, raise, assert statements",
          "[activity]") {
  TestModule t(R"py(
def f(a):
    g(a, k=b, *c, **d)
    raise E(x) from y
    assert p, msg
    return a.r
)py");
  CHECK(t.StmtActivity(2) == "r{a, b, c, d, g} m{} d{}");
  CHECK(t.StmtActivity(3) == "r{E, x, y} m{} d{}");
  CHECK(t.StmtActivity(4) == "r{msg, p} m{} d{}");
  CHECK(t.StmtActivity(5) == "r{a, a.r} m{} d{}");
  const Activity& act = t.Get<Activity>();
  const auto& raise = t.StmtAt(3).Cast<ast::Raise>();
  CHECK(t.Describe(act.Of(*raise.exc)) == "r{E, x} m{} d{}");
  CHECK(t.Describe(act.Of(*raise.cause)) == "r{y} m{} d{}");
  const auto& assert_stmt = t.StmtAt(4).Cast<ast::Assert>();
  CHECK(t.Describe(act.Of(*assert_stmt.msg)) == "r{msg} m{} d{}");
}

TEST_CASE("activity: pass, break, continue, bare return", "[activity]") {
  TestModule t(R"py(
while x:
    pass
    break
    continue
def f():
    return
)py");
  CHECK(t.StmtActivity(2) == "r{} m{} d{}");
  CHECK(t.StmtActivity(3) == "r{} m{} d{}");
  CHECK(t.StmtActivity(4) == "r{} m{} d{}");
  CHECK(t.StmtActivity(6) == "r{} m{} d{}");
}

TEST_CASE("activity: imports", "[activity]") {
  TestModule t(R"py(
import a.b.c
import a.b as d
import e, f as g
from m import h, i as j
from . import k
from n import *
)py");
  CHECK(t.StmtActivity(1) == "r{} m{a} d{}");
  CHECK(t.StmtActivity(2) == "r{} m{d} d{}");
  CHECK(t.StmtActivity(3) == "r{} m{e, g} d{}");
  CHECK(t.StmtActivity(4) == "r{} m{h, j} d{}");
  CHECK(t.StmtActivity(5) == "r{} m{k} d{}");
  CHECK(t.StmtActivity(6) == "r{} m{} d{}");
  const Activity& act = t.Get<Activity>();
  CHECK(t.Fmt(act.ModuleScope().bound) == "a, d, e, g, h, j, k");
  const auto& imp = t.StmtAt(3).Cast<ast::Import>();
  CHECK(t.Describe(act.Of(*imp.names[1])) == "r{} m{g} d{}");
}

// ---- compound statements --------------------------------------------------

TEST_CASE("activity: if covers both branches, and its header is the test",
          "[activity]") {
  TestModule t(R"py(
if a.b > c:
    x = 1
elif d:
    y = e
else:
    del z
)py");
  const Activity& act = t.Get<Activity>();
  const ast::Stmt& s = t.StmtAt(1);
  CHECK(t.StmtActivity(1) == "r{a, a.b, c, d, e} m{x, y} d{z}");
  CHECK(t.Describe(act.HeaderOf(s)) == "r{a, a.b, c} m{} d{}");
  // elif is a nested If with its own header.
  const ast::Stmt& elif = t.StmtAt(3);
  CHECK(t.Describe(act.HeaderOf(elif)) == "r{d} m{} d{}");
  CHECK(t.Describe(act.Of(elif)) == "r{d, e} m{y} d{z}");
  CHECK(t.Describe(act.OfBody(s.Cast<ast::If>().body)) == "r{} m{x} d{}");
}

TEST_CASE("activity: while header and else", "[activity]") {
  TestModule t(R"py(
while (n := f(m)) > 0:
    i += 1
else:
    j = k
)py");
  const Activity& act = t.Get<Activity>();
  CHECK(t.StmtActivity(1) == "r{f, i, k, m} m{i, j, n} d{}");
  CHECK(t.Describe(act.HeaderOf(t.StmtAt(1))) == "r{f, m} m{n} d{}");
}

TEST_CASE("activity: for target and header", "[activity]") {
  TestModule t(R"py(
for a.b, c in d:
    e = c
else:
    f = 1
async def g():
    async for x in y:
        pass
)py");
  const Activity& act = t.Get<Activity>();
  const auto& loop = t.StmtAt(1).Cast<ast::For>();
  CHECK(t.StmtActivity(1) == "r{a, c, d} m{a.b, c, e, f} d{}");
  CHECK(t.Describe(act.HeaderOf(loop)) == "r{a, d} m{a.b, c} d{}");
  CHECK(t.Describe(act.Of(*loop.target)) == "r{a} m{a.b, c} d{}");
  CHECK(t.Describe(act.Of(*loop.iter)) == "r{d} m{} d{}");
  CHECK(t.Describe(act.HeaderOf(t.StmtAt(6))) == "r{y} m{x} d{}");
}

TEST_CASE("activity: with items", "[activity]") {
  TestModule t(R"py(
with open(p) as f, lock, g() as (h, i.j):
    k = f.read()
async def w():
    async with a as b:
        pass
)py");
  const Activity& act = t.Get<Activity>();
  const auto& with = t.StmtAt(1).Cast<ast::With>();
  CHECK(t.Describe(act.HeaderOf(with)) ==
        "r{g, i, lock, open, p} m{f, h, i.j} d{}");
  CHECK(t.StmtActivity(1) ==
        "r{f, f.read, g, i, lock, open, p} m{f, h, i.j, k} d{}");
  CHECK(t.Describe(act.Of(*with.items[0])) == "r{open, p} m{f} d{}");
  CHECK(t.Describe(act.Of(*with.items[1])) == "r{lock} m{} d{}");
  CHECK(t.Describe(act.Of(*with.items[2]->optional_vars)) ==
        "r{i} m{h, i.j} d{}");
  CHECK(t.Describe(act.HeaderOf(t.StmtAt(4))) == "r{a} m{b} d{}");
}

TEST_CASE("activity: except handler binds and unbinds its name", "[activity]") {
  TestModule t(R"py(
try:
    x = f()
except (E, m.F) as err:
    log(err)
except G:
    y = 1
else:
    z = 2
finally:
    w = 3
)py");
  const Activity& act = t.Get<Activity>();
  const auto& tr = t.StmtAt(1).Cast<ast::Try>();
  CHECK(t.StmtActivity(1) ==
        "r{E, G, err, f, log, m, m.F} m{err, w, x, y, z} d{err}");
  CHECK(t.Describe(act.HeaderOf(tr)) == "r{} m{} d{}");
  const ast::ExceptHandler& h = *tr.handlers[0];
  CHECK(t.Describe(act.Of(h)) == "r{E, err, log, m, m.F} m{err} d{err}");
  CHECK(t.Describe(act.HeaderOf(h)) == "r{E, m, m.F} m{err} d{}");
  CHECK(t.Describe(act.Of(*h.type)) == "r{E, m, m.F} m{} d{}");
  CHECK(t.Describe(act.HeaderOf(*tr.handlers[1])) == "r{G} m{} d{}");
  CHECK(t.Describe(act.Of(*tr.handlers[1])) == "r{G} m{y} d{}");
  CHECK(t.Fmt(act.ModuleScope().bound) == "err, w, x, y, z");
}

TEST_CASE("activity: try star", "[activity]") {
  TestModule t(R"py(
try:
    pass
except* ValueError as eg:
    handle(eg)
)py");
  const Activity& act = t.Get<Activity>();
  const auto& tr = t.StmtAt(1).Cast<ast::TryStar>();
  CHECK(t.Describe(act.HeaderOf(tr)) == "r{} m{} d{}");
  CHECK(t.Describe(act.HeaderOf(*tr.handlers[0])) == "r{ValueError} m{eg} d{}");
  CHECK(t.StmtActivity(1) == "r{ValueError, eg, handle} m{eg} d{eg}");
}

TEST_CASE("activity: match captures and headers", "[activity]") {
  TestModule t(R"py(
match cmd.kind:
    case [a, *rest] if a > lim:
        x = rest
    case {'k': v, **others}:
        pass
    case Point(x=px, y=0) | Point(x=px, y=1) as whole:
        pass
    case Color.RED:
        pass
    case [_, *_]:
        pass
    case _:
        y = 2
)py");
  const Activity& act = t.Get<Activity>();
  const auto& m = t.StmtAt(1).Cast<ast::Match>();
  CHECK(t.Describe(act.HeaderOf(m)) == "r{cmd, cmd.kind} m{} d{}");
  CHECK(t.Describe(act.HeaderOf(*m.cases[0])) == "r{a, lim} m{a, rest} d{}");
  CHECK(t.Describe(act.Of(*m.cases[0])) == "r{a, lim, rest} m{a, rest, x} d{}");
  CHECK(t.Describe(act.Of(*m.cases[0]->pattern)) == "r{} m{a, rest} d{}");
  CHECK(t.Describe(act.Of(*m.cases[0]->guard)) == "r{a, lim} m{} d{}");
  CHECK(t.Describe(act.HeaderOf(*m.cases[1])) == "r{} m{others, v} d{}");
  CHECK(t.Describe(act.HeaderOf(*m.cases[2])) == "r{Point} m{px, whole} d{}");
  CHECK(t.Describe(act.HeaderOf(*m.cases[3])) == "r{Color, Color.RED} m{} d{}");
  CHECK(t.Describe(act.HeaderOf(*m.cases[4])) == "r{} m{} d{}");
  CHECK(t.Describe(act.HeaderOf(*m.cases[5])) == "r{} m{} d{}");
  CHECK(t.Fmt(act.ModuleScope().bound) ==
        "a, others, px, rest, v, whole, x, y");
}

TEST_CASE("activity: HeaderOf is only for compound nodes", "[activity]") {
  TestModule t(R"py(
x = 1
def f():
    pass
)py");
  const Activity& act = t.Get<Activity>();
  CHECK(act.Of(t.StmtAt(1)) != nullptr);
  CHECK(act.Of(t.StmtAt(2)) != nullptr);
  // (HeaderOf on x = 1 or on a def is a check failure, not testable here.)
}

TEST_CASE("activity: OfBody unions the statements", "[activity]") {
  TestModule t(R"py(
def f(a):
    b = a
    del c
    d.e = g
)py");
  const Activity& act = t.Get<Activity>();
  const auto& f = t.StmtAt(1).Cast<ast::FunctionDef>();
  CHECK(t.Describe(act.OfBody(f.body)) == "r{a, d, g} m{b, d.e} d{c}");
  CHECK(t.Describe(act.OfBody({})) == "r{} m{} d{}");
}

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

// ---- scope tree and enclosing scopes --------------------------------------

TEST_CASE("activity: scope tree in source order", "[activity]") {
  TestModule t(R"py(
def f():
    g = lambda: [x for x in y]
    class C:
        def m(self):
            pass
async def h():
    pass
z = {k for k in ()}
)py");
  const Activity& act = t.Get<Activity>();
  const Scope& mod = act.ModuleScope();
  CHECK(mod.kind == ScopeKind::kModule);
  CHECK(mod.node == nullptr);
  CHECK(mod.parent == nullptr);
  REQUIRE(mod.children.size() == 3);
  CHECK(mod.children[0]->kind == ScopeKind::kFunction);
  CHECK(mod.children[1]->kind == ScopeKind::kFunction);
  CHECK(mod.children[1]->node->Is<ast::AsyncFunctionDef>());
  CHECK(mod.children[2]->kind == ScopeKind::kComprehension);
  const Scope& f = *mod.children[0];
  REQUIRE(f.children.size() == 2);
  CHECK(f.children[0]->kind == ScopeKind::kLambda);
  CHECK(f.children[1]->kind == ScopeKind::kClass);
  REQUIRE(f.children[0]->children.size() == 1);
  CHECK(f.children[0]->children[0]->kind == ScopeKind::kComprehension);
  REQUIRE(f.children[1]->children.size() == 1);
  CHECK(f.children[1]->children[0]->kind == ScopeKind::kFunction);
  CHECK(f.children[1]->children[0]->parent == f.children[1]);
  CHECK(ScopeKindName(ScopeKind::kFunction) == "function");
  CHECK(ScopeKindName(ScopeKind::kComprehension) == "comprehension");
  CHECK(ScopeKindName(ScopeKind::kModule) == "module");
}

TEST_CASE("activity: children sorted by position, not visit order",
          "[activity]") {
  // The first iterable's lambda is visited before the comprehension's scope
  // opens, but the comprehension starts first.
  TestModule t("r = [lambda: 1 for x in (lambda: 2)()]\n");
  const Activity& act = t.Get<Activity>();
  const Scope& mod = act.ModuleScope();
  REQUIRE(mod.children.size() == 2);
  CHECK(mod.children[0]->kind == ScopeKind::kComprehension);
  CHECK(mod.children[1]->kind == ScopeKind::kLambda);
}

TEST_CASE("activity: every node has an enclosing scope", "[activity]") {
  TestModule t(R"py(
@d
def f(a: int = 1, *b, c, **e) -> None:
    x: int = [y for y in a if (z := y)]
    with g() as h:
        match h:
            case [1, *r] | {'k': r}:
                pass
    try:
        pass
    except E as err:
        del err
    lambda q=1: q
class K(B, m=1):
    import os.path as p
)py");
  const Activity& act = t.Get<Activity>();
  for (const ast::Node* node : t.nodes()) {
    INFO(ast::KindName(node->kind)
         << " at " << node->origin.line << ":" << node->origin.col);
    act.EnclosingScope(*node);  // a check failure when missing
    if (node->category() == ast::Category::kStmt) {
      CHECK(act.Of(*node) != nullptr);
    }
    if (node->Is<ast::ExceptHandler>() || node->Is<ast::MatchCase>() ||
        node->Is<ast::WithItem>()) {
      CHECK(act.Of(*node) != nullptr);
      ast::ForEachChild(*node, [&](const ast::Node* child) {
        CHECK(act.Of(*child) != nullptr);
      });
    }
  }
}

TEST_CASE("activity: direct children of every statement have activities",
          "[activity]") {
  TestModule t(R"py(
import a
from b import c
@d
def f(x=1):
    return x
class C(D, k=v):
    pass
for i in j:
    pass
while w:
    pass
with m as n:
    pass
x = y
x += 1
x: int = 2
del x
assert t, u
raise E from F
g()
)py");
  const Activity& act = t.Get<Activity>();
  size_t checked = 0;
  for (const ast::Node* node : t.nodes()) {
    if (node->category() != ast::Category::kStmt) {
      continue;
    }
    ast::ForEachChild(*node, [&](const ast::Node* child) {
      INFO(ast::KindName(node->kind) << " -> " << ast::KindName(child->kind));
      CHECK(act.Of(*child) != nullptr);
      ++checked;
    });
  }
  CHECK(checked > 25);
}

TEST_CASE("activity: module scope sets", "[activity]") {
  TestModule t(R"py(
import sys
x = sys.argv
print(x, undefined_name)
del x
global g
)py");
  const Activity& act = t.Get<Activity>();
  const Scope& mod = act.ModuleScope();
  CHECK(t.Fmt(mod.bound) == "sys, x");
  CHECK(t.Fmt(mod.read) == "print, sys, sys.argv, undefined_name, x");
  CHECK(t.Fmt(mod.modified) == "sys, x");
  CHECK(t.Fmt(mod.deleted) == "x");
  CHECK(t.Fmt(mod.free) == "print, undefined_name");
  CHECK(t.Fmt(mod.globals) == "g");
  CHECK(DescribeScope(t, mod) ==
        "bound{sys, x} read{print, sys, sys.argv, undefined_name, x} "
        "modified{sys, x} deleted{x}");
}

TEST_CASE("activity: f-strings and keyword arguments read names",
          "[activity]") {
  TestModule t("s = f'{a!r:>{w}}' + g(key=b, **kw)\n");
  CHECK(t.StmtActivity(1) == "r{a, b, g, kw, w} m{s} d{}");
}

TEST_CASE("activity: recomputed after invalidation", "[activity]") {
  TestModule t("a = b\n");
  const Activity& first = t.Get<Activity>();
  CHECK(t.Fmt(first.ModuleScope().bound) == "a");
  uint64_t before = t.analyses().computations();
  t.Get<Activity>();
  CHECK(t.analyses().computations() == before);
  t.analyses().InvalidateAll();
  t.Get<Activity>();
  CHECK(t.analyses().computations() == before + 2);  // qual_names + activity
}

// ---- the whole standard library -------------------------------------------

// Hidden: `agc_tests "[stdlib]"`. Computes qual_names and activity for every
// .py file of the CPython standard library ($AGC_STDLIB, or python3's) and
// checks that every node got its facts; prints counts and times.
TEST_CASE("activity: whole standard library", "[.stdlib]") {
  std::string root;
  if (const char* env = std::getenv("AGC_STDLIB")) {
    root = env;
  } else if (FILE* p = popen("python3 -c \"import sysconfig; "
                             "print(sysconfig.get_paths()['stdlib'])\"",
                             "r")) {
    char buf[4096];
    if (fgets(buf, sizeof buf, p) != nullptr) {
      root = buf;
      while (!root.empty() && (root.back() == '\n' || root.back() == '\r')) {
        root.pop_back();
      }
    }
    pclose(p);
  }
  REQUIRE(!root.empty());
  std::vector<std::string> files;
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(root)) {
    const std::string path = entry.path().string();
    if (entry.is_regular_file() && entry.path().extension() == ".py" &&
        path.find("site-packages") == std::string::npos) {
      files.push_back(path);
    }
  }
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() > 100);

  using Clock = std::chrono::steady_clock;
  Clock::duration parse_time{};
  Clock::duration analysis_time{};
  size_t parsed = 0;
  size_t rejected = 0;
  size_t lines = 0;
  size_t nodes = 0;
  size_t scopes = 0;
  size_t symbols = 0;
  for (const std::string& path : files) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream buf;
    buf << in.rdbuf();
    base::SourceFile source(path, buf.str());
    ast::Module module(&source);
    diag::DiagnosticSink sink;
    Clock::time_point t0 = Clock::now();
    bool ok = syntax::Parse(source, module, sink);
    Clock::time_point t1 = Clock::now();
    if (!ok) {
      ++rejected;
      continue;
    }
    ++parsed;
    lines += source.line_count();
    AnalysisManager am(module);
    const Activity& act = am.Get<Activity>();
    Clock::time_point t2 = Clock::now();
    parse_time += t1 - t0;
    analysis_time += t2 - t1;
    symbols += am.Get<QualNames>().size();

    // Every node reachable from the body has an enclosing scope; statements
    // and their direct children have activities; compound nodes have
    // headers; scope nodes have scopes.
    std::vector<const ast::Node*> stack(module.body.rbegin(),
                                        module.body.rend());
    bool all_ok = true;
    while (!stack.empty()) {
      const ast::Node* node = stack.back();
      stack.pop_back();
      ++nodes;
      act.EnclosingScope(*node);
      const bool stmt = node->category() == ast::Category::kStmt;
      if (stmt || node->Is<ast::ExceptHandler>() ||
          node->Is<ast::MatchCase>() || node->Is<ast::WithItem>()) {
        all_ok &= act.Of(*node) != nullptr;
        ast::ForEachChild(*node, [&](const ast::Node* child) {
          all_ok &= act.Of(*child) != nullptr;
        });
      }
      switch (node->kind) {
        case ast::Kind::kIf:
        case ast::Kind::kWhile:
        case ast::Kind::kFor:
        case ast::Kind::kAsyncFor:
        case ast::Kind::kWith:
        case ast::Kind::kAsyncWith:
        case ast::Kind::kMatch:
        case ast::Kind::kTry:
        case ast::Kind::kTryStar:
        case ast::Kind::kExceptHandler:
        case ast::Kind::kMatchCase:
          act.HeaderOf(*node);
          break;
        case ast::Kind::kFunctionDef:
        case ast::Kind::kAsyncFunctionDef:
        case ast::Kind::kLambda:
        case ast::Kind::kClassDef:
        case ast::Kind::kListComp:
        case ast::Kind::kSetComp:
        case ast::Kind::kDictComp:
        case ast::Kind::kGeneratorExp:
          act.ScopeOf(*node);
          ++scopes;
          break;
        default:
          break;
      }
      size_t mark = stack.size();
      ast::ForEachChild(
          *node, [&](const ast::Node* child) { stack.push_back(child); });
      std::reverse(stack.begin() + mark, stack.end());
    }
    INFO(path);
    CHECK(all_ok);
  }
  auto ms = [](Clock::duration d) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(d).count();
  };
  WARN("stdlib: " << parsed << " files analyzed (" << rejected
                  << " rejected by the parser), " << lines << " lines, "
                  << nodes << " nodes, " << scopes << " scopes, " << symbols
                  << " symbols; parse+lower " << ms(parse_time)
                  << " ms, qual_names+activity " << ms(analysis_time) << " ms");
  CHECK(parsed > 0);
}

}  // namespace
}  // namespace agc::analysis
