// Activity tests: statements. What each simple statement reads, modifies
// and deletes (assignments and their parts, del, unpacking, return, raise,
// assert, imports), and each compound statement's header and body (if,
// while, for, with, except, try*, match); HeaderOf and OfBody.
#include <catch2/catch.hpp>
#include <string>

#include "lib/analysis/activity.h"
#include "lib/analysis/analysis_test_util.h"

namespace agc::analysis {
namespace {

using testing::TestModule;

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

}  // namespace
}  // namespace agc::analysis
