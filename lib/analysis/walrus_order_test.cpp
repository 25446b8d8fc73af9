#include "lib/analysis/walrus_order.h"

#include <catch2/catch.hpp>
#include <string>
#include <string_view>

#include "lib/analysis/analysis_test_util.h"
#include "lib/analysis/liveness.h"
#include "lib/analysis/reaching_definitions.h"
#include "lib/analysis/unbound_reads.h"

namespace agc::analysis {
namespace {

using testing::TestModule;

// "01": for each load of `sym` on `line`, in source order, whether the
// unbound_reads analysis marks it (1) or not (0).
std::string Marks(TestModule& t, int line, std::string_view sym) {
  const auto& reads = t.Get<UnboundReads>();
  std::string out;
  for (const ast::Node* node : t.nodes()) {
    const auto* name = node->As<ast::Name>();
    if (name != nullptr && name->origin.line == line && name->id == sym &&
        name->ctx == ast::ExprContext::kLoad) {
      out += reads.MayBeUnbound(*name) ? '1' : '0';
    }
  }
  return out;
}

bool Undef(TestModule& t, int line, std::string_view sym) {
  return t.Get<ReachingDefinitions>().MayBeUndefined(t.StmtAt(line),
                                                     t.Sym(sym));
}

TEST_CASE("walrus order: the left operand of and/or always runs",
          "[walrus_order]") {
  TestModule t(R"py(
def f(x):
    if (y := x * 2) > 4 and y < 100:
        return y
    return (z := x) or z
)py");
  CHECK(Marks(t, 2, "y") == "0");
  CHECK(Marks(t, 4, "z") == "0");
  // The test binds y before the branches run.
  CHECK(t.Get<ReachingDefinitions>().MayBeUndefinedAfterFirst(
            t.StmtAt(2), t.Sym("y")) == false);
  CHECK(Undef(t, 2, "y"));  // on entry to the if, before its test
  CHECK_FALSE(Undef(t, 3, "y"));
}

TEST_CASE("walrus order: a walrus in a right operand may not run",
          "[walrus_order]") {
  TestModule t(R"py(
def f(x):
    if x > 4 and (y := x * 2) < 100 or y:
        pass
    print(y)
    if x and (w := 1) and w:
        pass
    v = 1 if x else (v := 2)
    return [u := i for i in x], u, v
)py");
  // `or y` runs when `x > 4` was false: y may be unbound there.
  CHECK(Marks(t, 2, "y") == "1");
  // After the if, y may be unbound (the walrus kills nothing).
  CHECK(Undef(t, 4, "y"));
  CHECK(Marks(t, 4, "y") == "1");
  // The third operand runs only after the second.
  CHECK(Marks(t, 5, "w") == "0");
  // A comprehension may run its body zero times.
  CHECK(Marks(t, 8, "u") == "1");
  CHECK_FALSE(Undef(t, 8, "v"));
}

TEST_CASE("walrus order: an assert's message runs only when it raises",
          "[walrus_order]") {
  TestModule t(R"py(
def f(x):
    if x:
        c = 1
    assert (d := x), (c := 5)
    return c, d
)py");
  CHECK(Undef(t, 5, "c"));  // the message's walrus binds nothing after it
  CHECK_FALSE(Undef(t, 5, "d"));
  CHECK(t.Get<Liveness>().LiveIn(t.StmtAt(4)).Contains(t.Sym("c")));
}

TEST_CASE("walrus order: chained comparisons and conditional expressions",
          "[walrus_order]") {
  TestModule t(R"py(
def f(x):
    a = 0 < (b := x) < (c := 2) < c + b
    d = (e := x) if e else e
    g = x if (h := x) else h
    return a, b, c, d, g
)py");
  CHECK(Marks(t, 2, "c") == "0");  // after its walrus in the chain
  CHECK(Marks(t, 2, "b") == "0");
  CHECK_FALSE(Undef(t, 3, "b"));
  CHECK(Undef(t, 3, "c"));  // the second comparison may not run
  // The body of `x if c else y` runs after its test, not before.
  CHECK(Marks(t, 3, "e") == "11");
  CHECK(Marks(t, 4, "h") == "0");
}

TEST_CASE("walrus order: a read bound by the walrus before it is not live",
          "[walrus_order]") {
  TestModule t(R"py(
def f(x):
    while x > 0:
        if (y := x * 2) > 4 and y < 100:
            x = x - y
        x = x - 1
    return x
)py");
  const auto& live = t.Get<Liveness>();
  CHECK(t.Fmt(live.LiveIn(t.StmtAt(2))) == "x");
  CHECK(t.Fmt(live.LiveIn(t.StmtAt(3))) == "x");
}

TEST_CASE("walrus order: unordered children do not count", "[walrus_order]") {
  // A dict display evaluates k1, v1, k2, v2: the walrus in the second key
  // runs after the first value.
  TestModule t(R"py(
def f(x):
    d = {1: y, (y := x): 2}
    return f(z, (z := 1)), d, y
)py");
  CHECK(Marks(t, 2, "y") == "1");
  CHECK(Marks(t, 3, "z") == "1");
  CHECK(Marks(t, 3, "y") == "0");  // the key's walrus ran
}

}  // namespace
}  // namespace agc::analysis
