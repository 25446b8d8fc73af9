#include "lib/analysis/reaching_definitions.h"

#include <catch2/catch.hpp>
#include <string>
#include <string_view>

#include "lib/analysis/analysis_test_util.h"
#include "lib/analysis/cfg.h"
#include "lib/analysis/liveness.h"
#include "lib/analysis/reaching_fndefs.h"

namespace agc::analysis {
namespace {

using testing::TestModule;

// "2,4": the lines of the binding definitions of `sym` reaching `at`
// ("arg" for a parameter), in definition order.
std::string DefsAt(TestModule& t, const ast::Node& at, std::string_view sym) {
  const auto& rd = t.Get<ReachingDefinitions>();
  std::string out;
  for (const Definition* d : rd.Reaching(at, t.Sym(sym))) {
    if (!out.empty()) {
      out += ',';
    }
    out += d->kind == DefinitionKind::kParam
               ? "arg"
               : std::to_string(d->node->origin.line);
  }
  return out;
}

// The same at the statement starting on `line`.
std::string Defs(TestModule& t, int line, std::string_view sym) {
  return DefsAt(t, t.StmtAt(line), sym);
}

bool Undef(TestModule& t, int line, std::string_view sym) {
  return t.Get<ReachingDefinitions>().MayBeUndefined(t.StmtAt(line),
                                                     t.Sym(sym));
}

TEST_CASE("reaching definitions: straight line, last write wins",
          "[reaching_definitions]") {
  TestModule t(R"py(
x = 1
x = 2
print(x)
)py");
  CHECK(Defs(t, 3, "x") == "2");
  CHECK_FALSE(Undef(t, 3, "x"));
  CHECK(Defs(t, 1, "x") == "");
  CHECK(Undef(t, 1, "x"));
}

TEST_CASE("reaching definitions: if/else both define",
          "[reaching_definitions]") {
  TestModule t(R"py(
if c:
    x = 1
else:
    x = 2
print(x)
)py");
  CHECK(Defs(t, 5, "x") == "2,4");
  CHECK_FALSE(Undef(t, 5, "x"));
}

TEST_CASE("reaching definitions: if without else may leave it unbound",
          "[reaching_definitions]") {
  TestModule t(R"py(
if c:
    x = 1
print(x)
)py");
  CHECK(Defs(t, 3, "x") == "2");
  CHECK(Undef(t, 3, "x"));
}

TEST_CASE("reaching definitions: elif without a definition",
          "[reaching_definitions]") {
  TestModule t(R"py(
if a:
    x = 1
elif b:
    pass
else:
    x = 3
print(x)
)py");
  CHECK(Defs(t, 7, "x") == "2,6");
  CHECK(Undef(t, 7, "x"));
}

TEST_CASE("reaching definitions: while loop back edge",
          "[reaching_definitions]") {
  TestModule t(R"py(
i = 0
while i < n:
    y = i
    i += 1
print(y, i)
)py");
  CHECK(Defs(t, 2, "i") == "1,4");
  CHECK(Defs(t, 3, "i") == "1,4");
  CHECK(Defs(t, 5, "y") == "3");
  CHECK(Undef(t, 5, "y"));
  CHECK_FALSE(Undef(t, 5, "i"));
}

TEST_CASE("reaching definitions: break skips the loop's else",
          "[reaching_definitions]") {
  TestModule t(R"py(
while c:
    x = 1
    break
else:
    x = 2
print(x)
)py");
  CHECK(Defs(t, 6, "x") == "2,5");
  CHECK_FALSE(Undef(t, 6, "x"));
}

TEST_CASE("reaching definitions: while True exits only by break",
          "[reaching_definitions]") {
  TestModule t(R"py(
while True:
    x = f()
    if x:
        break
print(x)
)py");
  CHECK(Defs(t, 5, "x") == "2");
  CHECK_FALSE(Undef(t, 5, "x"));
}

TEST_CASE("reaching definitions: for target may stay unbound",
          "[reaching_definitions]") {
  TestModule t(R"py(
for i in xs:
    pass
print(i)
)py");
  CHECK(Defs(t, 3, "i") == "1");
  CHECK(Undef(t, 3, "i"));
  CHECK(Defs(t, 2, "i") == "1");
  CHECK_FALSE(Undef(t, 2, "i"));
}

TEST_CASE(
    "reaching definitions: a second loop on the same target that "
    "runs zero times keeps the first value",
    "[reaching_definitions]") {
  TestModule t(R"py(
for i in a:
    pass
for i in b:
    pass
print(i)
)py");
  CHECK(Defs(t, 5, "i") == "1,3");
}

TEST_CASE("reaching definitions: for/else and unpacking targets",
          "[reaching_definitions]") {
  TestModule t(R"py(
for k, (v, w) in items:
    if v:
        found = k
        break
else:
    found = None
print(found, w)
)py");
  CHECK(Defs(t, 7, "found") == "3,6");
  CHECK_FALSE(Undef(t, 7, "found"));
  CHECK(Defs(t, 7, "w") == "1");
  CHECK(Undef(t, 7, "w"));
}

TEST_CASE("reaching definitions: continue", "[reaching_definitions]") {
  TestModule t(R"py(
for i in xs:
    if i:
        y = 1
        continue
    y = 2
    print(y)
print(y)
)py");
  CHECK(Defs(t, 6, "y") == "5");
  CHECK(Defs(t, 7, "y") == "3,5");
  CHECK(Undef(t, 7, "y"));
}

TEST_CASE("reaching definitions: return ends a path",
          "[reaching_definitions]") {
  TestModule t(R"py(
def f(a):
    if a:
        x = 1
        return x
    print(x)
)py");
  CHECK(Defs(t, 5, "x") == "");
  CHECK(Undef(t, 5, "x"));
  CHECK(Defs(t, 5, "a") == "arg");
}

TEST_CASE("reaching definitions: parameters are defined at entry",
          "[reaching_definitions]") {
  TestModule t(R"py(
def f(a, /, b, *c, d=1, **e):
    a = 2
    return a, b, c, d, e
)py");
  CHECK(Defs(t, 3, "a") == "2");
  for (std::string_view p : {"b", "c", "d", "e"}) {
    INFO(p);
    CHECK(Defs(t, 3, p) == "arg");
    CHECK_FALSE(Undef(t, 3, p));
  }
  auto defs = t.Get<ReachingDefinitions>().Reaching(t.StmtAt(3), t.Sym("e"));
  REQUIRE(defs.size() == 1);
  REQUIRE(defs[0]->node->Is<ast::Arg>());
  CHECK(defs[0]->node->Cast<ast::Arg>().arg == "e");
}

TEST_CASE(
    "reaching definitions: default arguments run in the enclosing "
    "scope",
    "[reaching_definitions]") {
  TestModule t(R"py(
y = 1
def f(x=y):
    return x
y = 2
)py");
  CHECK(Defs(t, 2, "y") == "1");
  CHECK(Defs(t, 4, "f") == "2");
  CHECK(Defs(t, 3, "x") == "arg");
}

TEST_CASE(
    "reaching definitions: try/except sees definitions from before "
    "the try",
    "[reaching_definitions]") {
  TestModule t(R"py(
x = 0
try:
    x = f()
except E:
    print(x)
)py");
  CHECK(DefsAt(t, t.Find<ast::ExceptHandler>(4), "x") == "1,3");
  CHECK(Defs(t, 5, "x") == "1,3");
}

TEST_CASE(
    "reaching definitions: a name bound only in the try body may be "
    "unbound after a handler",
    "[reaching_definitions]") {
  TestModule t(R"py(
try:
    y = f()
except E:
    pass
print(y)
)py");
  CHECK(Defs(t, 5, "y") == "2");
  CHECK(Undef(t, 5, "y"));
}

TEST_CASE("reaching definitions: try/else runs only after the body",
          "[reaching_definitions]") {
  TestModule t(R"py(
try:
    a = 1
except E:
    a = 2
else:
    b = a
print(a, b)
)py");
  CHECK(Defs(t, 6, "a") == "2");
  CHECK_FALSE(Undef(t, 6, "a"));
  CHECK(Defs(t, 7, "a") == "2,4");
  CHECK(Undef(t, 7, "b"));
}

TEST_CASE("reaching definitions: try/finally with return",
          "[reaching_definitions]") {
  TestModule t(R"py(
def f():
    try:
        x = 1
        return x
    finally:
        y = x
)py");
  CHECK(Defs(t, 6, "x") == "3");
  CHECK(Undef(t, 6, "x"));
}

TEST_CASE("reaching definitions: return in finally", "[reaching_definitions]") {
  TestModule t(R"py(
def f():
    x = 0
    try:
        x = 1
        raise E
    finally:
        return x
)py");
  CHECK(Defs(t, 7, "x") == "2,4");
  CHECK_FALSE(Undef(t, 7, "x"));
}

TEST_CASE("reaching definitions: except ... as is unbound after the handler",
          "[reaching_definitions]") {
  TestModule t(R"py(
try:
    pass
except E as e:
    print(e)
print(e)
)py");
  CHECK(Defs(t, 4, "e") == "3");
  CHECK_FALSE(Undef(t, 4, "e"));
  CHECK(Defs(t, 5, "e") == "");
  CHECK(Undef(t, 5, "e"));
}

TEST_CASE("reaching definitions: an unmatched handler does not bind its name",
          "[reaching_definitions]") {
  TestModule t(R"py(
e = 0
try:
    f()
except A as e:
    pass
except B:
    print(e)
)py");
  CHECK(Defs(t, 7, "e") == "1");
  CHECK_FALSE(Undef(t, 7, "e"));
}

TEST_CASE("reaching definitions: with ... as", "[reaching_definitions]") {
  TestModule t(R"py(
with open(p) as f, lock as (a, b):
    data = f.read()
print(data, f, b)
)py");
  CHECK(Defs(t, 2, "f") == "1");
  CHECK(Defs(t, 3, "data") == "2");
  CHECK(Defs(t, 3, "b") == "1");
  CHECK_FALSE(Undef(t, 3, "data"));
}

TEST_CASE("reaching definitions: a raise in a with may be swallowed",
          "[reaching_definitions]") {
  TestModule t(R"py(
def f(cm, a):
    with cm:
        raise ValueError(a)
    if a:
        x = 2
    return x
)py");
  // The context manager may swallow the ValueError: the return is reached
  // with x unbound (a call in the body that raises is not followed there).
  CHECK(Defs(t, 6, "x") == "5");
  CHECK(Undef(t, 6, "x"));
}

TEST_CASE("reaching definitions: raise ends a path", "[reaching_definitions]") {
  TestModule t(R"py(
def f(a):
    if a:
        x = 1
    else:
        raise ValueError(a)
    return x
)py");
  CHECK(Defs(t, 6, "x") == "3");
  CHECK_FALSE(Undef(t, 6, "x"));
}

TEST_CASE("reaching definitions: assert with a walrus",
          "[reaching_definitions]") {
  TestModule t(R"py(
assert (x := f()), "no"
print(x)
)py");
  CHECK(Defs(t, 2, "x") == "1");
  CHECK_FALSE(Undef(t, 2, "x"));
}

TEST_CASE(
    "reaching definitions: walrus in a while test is visible after "
    "the loop",
    "[reaching_definitions]") {
  TestModule t(R"py(
while (chunk := read()):
    n = len(chunk)
print(chunk)
)py");
  CHECK(Defs(t, 3, "chunk") == "1");
  CHECK_FALSE(Undef(t, 3, "chunk"));
  CHECK(Defs(t, 2, "chunk") == "1");
}

TEST_CASE(
    "reaching definitions: walrus in a comprehension binds in the "
    "enclosing scope",
    "[reaching_definitions]") {
  TestModule t(R"py(
def f(xs):
    ys = [y := g(x) for x in xs]
    return y, x
)py");
  CHECK(Defs(t, 3, "y") == "2");
  // Comprehension targets do not leak.
  auto& rd = t.Get<ReachingDefinitions>();
  const Cfg& cfg = t.Get<Cfgs>().Of(&t.StmtAt(1));
  CHECK_FALSE(rd.Tracks(cfg, t.Sym("x")));
}

TEST_CASE("reaching definitions: match with guards and a wildcard",
          "[reaching_definitions]") {
  TestModule t(R"py(
match p:
    case [a, b] if a > b:
        r = a
    case {"k": v}:
        r = v
    case _:
        r = 0
print(r, a)
)py");
  CHECK(Defs(t, 3, "a") == "2");
  CHECK_FALSE(Undef(t, 3, "a"));
  CHECK(Defs(t, 5, "v") == "4");
  CHECK(Defs(t, 8, "r") == "3,5,7");
  CHECK_FALSE(Undef(t, 8, "r"));
  // A failed guard leaves the captures bound; a failed pattern does not.
  CHECK(Defs(t, 8, "a") == "2");
  CHECK(Undef(t, 8, "a"));
}

TEST_CASE("reaching definitions: match without an irrefutable case",
          "[reaching_definitions]") {
  TestModule t(R"py(
match p:
    case 1:
        r = 1
    case Point(x=0) as q:
        r = q
print(r)
)py");
  CHECK(Defs(t, 6, "r") == "3,5");
  CHECK(Undef(t, 6, "r"));
  CHECK(Defs(t, 5, "q") == "4");
}

TEST_CASE("reaching definitions: del kills and unbinds",
          "[reaching_definitions]") {
  TestModule t(R"py(
x = 1
if c:
    del x
print(x)
)py");
  CHECK(Defs(t, 4, "x") == "1");
  CHECK(Undef(t, 4, "x"));
  CHECK(Defs(t, 3, "x") == "1");
  CHECK_FALSE(Undef(t, 3, "x"));
}

TEST_CASE(
    "reaching definitions: deleted parameters and composites may be "
    "unbound",
    "[reaching_definitions]") {
  // MayBeUndefined answers from the scope when no unbound definition can
  // exist; these are the ones that can.
  TestModule t(R"py(
def f(p, q, r, s):
    if p:
        del p
    try:
        pass
    except E as q:
        pass
    if r:
        del s.x
    print(p, q, r, s.x, g)
)py");
  CHECK(Undef(t, 10, "p"));
  CHECK(Undef(t, 10, "q"));
  CHECK_FALSE(Undef(t, 10, "r"));
  CHECK(Undef(t, 10, "s.x"));
  CHECK_FALSE(Undef(t, 10, "g"));  // not a local
}

TEST_CASE("reaching definitions: augmented assignment and unpacking",
          "[reaching_definitions]") {
  TestModule t(R"py(
a, *b = f()
a += 1
[c, d] = b
print(a, b, c, d)
)py");
  CHECK(Defs(t, 2, "a") == "1");
  CHECK(Defs(t, 4, "a") == "2");
  CHECK(Defs(t, 4, "b") == "1");
  CHECK(Defs(t, 4, "d") == "3");
}

TEST_CASE("reaching definitions: imports bind names",
          "[reaching_definitions]") {
  TestModule t(R"py(
import os.path
from sys import argv as args
import json as j
print(os, args, j)
)py");
  CHECK(Defs(t, 4, "os") == "1");
  CHECK(Defs(t, 4, "args") == "2");
  CHECK(Defs(t, 4, "j") == "3");
}

TEST_CASE(
    "reaching definitions: globals and nonlocals are not local "
    "definitions",
    "[reaching_definitions]") {
  TestModule t(R"py(
g = 0
def f():
    global g
    g = 1
    n = 0
    def h():
        nonlocal n
        n = 2
        return n
    return g, n
)py");
  const auto& rd = t.Get<ReachingDefinitions>();
  const Cfgs& cfgs = t.Get<Cfgs>();
  CHECK_FALSE(rd.Tracks(cfgs.Of(&t.StmtAt(2)), t.Sym("g")));
  CHECK_FALSE(Undef(t, 10, "g"));
  CHECK(Defs(t, 10, "g") == "");
  CHECK_FALSE(rd.Tracks(cfgs.Of(&t.StmtAt(6)), t.Sym("n")));
  CHECK(Defs(t, 9, "n") == "");
  // Defining h may modify n (when h is called): a definition that kills
  // nothing.
  CHECK(Defs(t, 10, "n") == "5,6");
  // The module's g.
  CHECK(rd.Tracks(cfgs.Of(nullptr), t.Sym("g")));
}

TEST_CASE("reaching definitions: nested defs and lambdas are definitions",
          "[reaching_definitions]") {
  TestModule t(R"py(
def outer():
    def inner():
        return 1
    sq = lambda v: v * v
    class K:
        pass
    return inner, sq, K
)py");
  CHECK(Defs(t, 7, "inner") == "2");
  CHECK(Defs(t, 7, "sq") == "4");
  CHECK(Defs(t, 7, "K") == "5");
}

TEST_CASE("reaching definitions: class bodies have their own graph",
          "[reaching_definitions]") {
  TestModule t(R"py(
x = 1
class C:
    if c:
        x = 2
    y = x
)py");
  CHECK(Defs(t, 5, "x") == "4");
  // In the class body `x` may be unbound (then the global is read).
  CHECK(Undef(t, 5, "x"));
  CHECK(Defs(t, 2, "x") == "1");
}

TEST_CASE("reaching definitions: composite symbols", "[reaching_definitions]") {
  TestModule t(R"py(
def f(a):
    a.b = 1
    a.b.c = 2
    print(a.b)
    a = g()
    print(a.b)
)py");
  CHECK(Defs(t, 4, "a.b") == "2");
  CHECK(Defs(t, 4, "a.b.c") == "3");
  // Rebinding `a` kills `a.b` and `a.b.c`.
  CHECK(Defs(t, 6, "a.b") == "");
  CHECK(Defs(t, 6, "a.b.c") == "");
  CHECK_FALSE(Undef(t, 6, "a.b"));
  CHECK(Defs(t, 6, "a") == "5");
}

TEST_CASE("reaching definitions: per node in and out sets",
          "[reaching_definitions]") {
  TestModule t(R"py(
def f(p):
    x = 1
    y = x
)py");
  const auto& rd = t.Get<ReachingDefinitions>();
  const Cfgs& cfgs = t.Get<Cfgs>();
  const Cfg& cfg = cfgs.Of(&t.StmtAt(1));
  CfgLocation loc = cfgs.Locate(t.StmtAt(2));
  std::string in;
  for (const Definition* d : rd.In(cfg, loc.first)) {
    in += t.Get<QualNames>().Get(d->symbol).text + ":" +
          std::to_string(static_cast<int>(d->kind)) + " ";
  }
  // p (param), x and y unbound.
  CHECK(in == "p:1 x:2 y:2 ");
  std::string out;
  for (const Definition* d : rd.Out(cfg, loc.first)) {
    out += t.Get<QualNames>().Get(d->symbol).text + ":" +
           std::to_string(static_cast<int>(d->kind)) + " ";
  }
  CHECK(out == "p:1 x:0 y:2 ");
  // The definitions of one symbol are contiguous.
  CHECK(rd.DefinitionsOf(cfg, t.Sym("x")).size() == 2);
}

TEST_CASE("reaching fndefs: local functions reaching calls",
          "[reaching_fndefs]") {
  TestModule t(R"py(
def helper():
    return 1
g = lambda: 2
def f(k):
    if k:
        def local():
            return 3
    else:
        local = lambda: 4
    h = [helper() for _ in range(2)]
    return local() + g() + len(h)
)py");
  const auto& fd = t.Get<ReachingFnDefs>();
  auto lines = [&](const ast::Name& name) {
    std::string out;
    for (const ast::Node* d : fd.Of(name)) {
      out += std::to_string(d->origin.line) +
             (d->Is<ast::Lambda>() ? "L" : "") + " ";
    }
    return out;
  };
  CHECK(lines(t.FindText<ast::Name>("local", 1)) == "6 9L ");
  CHECK(lines(t.FindText<ast::Name>("g", 1)) == "3L ");
  CHECK(lines(t.FindText<ast::Name>("helper")) == "1 ");
  CHECK(lines(t.FindText<ast::Name>("len")) == "");
  CHECK(lines(t.FindText<ast::Name>("k", 0)) == "");
}

TEST_CASE("reaching fndefs: shadowing and class scopes", "[reaching_fndefs]") {
  TestModule t(R"py(
def f():
    return 0
class C:
    def f(self):
        return 1
    def m(self):
        return f()
    x = f
lam = lambda f: f()
)py");
  const auto& fd = t.Get<ReachingFnDefs>();
  // Inside a method the class body's f is skipped: the module's f.
  auto in_m = fd.Of(t.Find<ast::Name>(7));
  REQUIRE(in_m.size() == 1);
  CHECK(in_m[0] == &t.StmtAt(1));
  // In the class body, its own f.
  auto in_class = fd.Of(t.Find<ast::Name>(8, 1));
  REQUIRE(in_class.size() == 1);
  CHECK(in_class[0] == &t.StmtAt(4));
  // A lambda parameter shadows.
  CHECK(fd.Of(t.Find<ast::Name>(9, 1)).empty());
}

}  // namespace
}  // namespace agc::analysis

namespace agc::analysis {
namespace {

TEST_CASE(
    "reaching definitions and liveness: a huge scope is solved "
    "coarsely",
    "[reaching_definitions][liveness]") {
  // 12,000 assignments at module level: 12,000 nodes x 12,000 definitions is
  // beyond kMaxFactBits; the function body stays precise.
  std::string code = "def f(a):\n    b = a\n    return b\n";
  for (int i = 0; i < 12000; ++i) {
    // Appended piece by piece: `"v" + std::to_string(i)` makes GCC 12 at -O3
    // report a false -Wrestrict (GCC bug 105651).
    const std::string n = std::to_string(i);
    code.append("v").append(n).append(" = ").append(n).append("\n");
  }
  TestModule t(code);
  const auto& rd = t.Get<ReachingDefinitions>();
  // Coarse: v0 may be unbound even after its assignment.
  CHECK(rd.MayBeUndefined(t.StmtAt(5), t.Sym("v0")));
  CHECK(rd.Reaching(t.StmtAt(5), t.Sym("v0")).size() == 1);
  // Precise inside f.
  CHECK_FALSE(rd.MayBeUndefined(t.StmtAt(3), t.Sym("b")));
  const Liveness& lv = t.Get<Liveness>();
  CHECK(lv.LiveIn(t.StmtAt(4)).size() == 12001);  // v0..v11999 and f
  CHECK(t.Fmt(lv.LiveIn(t.StmtAt(3))) == "b");
}

TEST_CASE("reaching definitions: a with body an exception cuts short",
          "[reaching_definitions]") {
  constexpr std::string_view kCode = R"py(
def f(cm, x):
    with cm:
        a = 1 // x
        b = 2
    print(a, b)
    return a
)py";
  // Lint's model: only a raise or an assert in the body may be swallowed.
  TestModule lint(kCode);
  CHECK_FALSE(lint.Get<ReachingDefinitions>().MayBeUndefined(lint.StmtAt(5),
                                                             lint.Sym("a")));
  // The converter's: any statement may raise and __exit__ swallow it.
  TestModule convert(kCode, ModelOptions{.with_swallows_any = true});
  const auto& rd = convert.Get<ReachingDefinitions>();
  CHECK(rd.MayBeUndefined(convert.StmtAt(5), convert.Sym("a")));
  CHECK(rd.MayBeUndefined(convert.StmtAt(5), convert.Sym("b")));
  // Liveness follows it too: what follows the with may read the value `a`
  // had before it.
  CHECK(convert.Get<Liveness>()
            .LiveIn(convert.StmtAt(2))
            .Contains(convert.Sym("a")));
  CHECK_FALSE(
      lint.Get<Liveness>().LiveIn(lint.StmtAt(2)).Contains(lint.Sym("a")));
  // Cut short after `a = 1 // x` bound a (its node, not only the header):
  // `b = 2` never ran, and what follows reads the a it left.
  CHECK(convert.Get<Liveness>()
            .LiveOut(convert.StmtAt(3))
            .Contains(convert.Sym("b")));
  const Cfg& cfg = convert.Get<Cfgs>().Of(&convert.Find<ast::FunctionDef>(1));
  CHECK(cfg.has_swallowed_edges());
  CHECK_FALSE(lint.Get<Cfgs>()
                  .Of(&lint.Find<ast::FunctionDef>(1))
                  .has_swallowed_edges());
}

TEST_CASE("reaching definitions: a variable a nested function deletes",
          "[reaching_definitions]") {
  TestModule t(R"py(
def f(x):
    d = 1
    def kill():
        nonlocal d
        del d
    kill()
    d = 2
    return d
)py");
  // `kill()` may run again after any binding: d may be unbound anywhere.
  CHECK(t.Get<ReachingDefinitions>().MayBeUndefined(t.StmtAt(8), t.Sym("d")));
}

TEST_CASE("reaching definitions: a for's iterable runs once",
          "[reaching_definitions]") {
  TestModule t(R"py(
def f(xs):
    for a in range((c := len(xs))):
        del c
    return a
)py");
  // The second iteration's `del c` finds what the first one deleted.
  CHECK(t.Get<ReachingDefinitions>().MayBeUndefined(t.StmtAt(3), t.Sym("c")));
  // The target is bound every iteration.
  CHECK_FALSE(
      t.Get<ReachingDefinitions>().MayBeUndefined(t.StmtAt(3), t.Sym("a")));
}

}  // namespace
}  // namespace agc::analysis
