#include "lib/analysis/unbound_reads.h"

#include <catch2/catch.hpp>
#include <string>
#include <string_view>

#include "lib/analysis/analysis_test_util.h"

namespace agc::analysis {
namespace {

using testing::TestModule;

// For each read of `sym` on `line` (a load, a `del`, an augmented
// assignment's target), in source order: '-' not marked, 'L' kLocal, 'C'
// kComprehension, 'F' kFree.
std::string Kinds(TestModule& t, int line, std::string_view sym) {
  const auto& reads = t.Get<UnboundReads>();
  std::string out;
  for (const ast::Node* node : t.nodes()) {
    const auto* name = node->As<ast::Name>();
    if (name == nullptr || name->origin.line != line || name->id != sym) {
      continue;
    }
    switch (reads.KindOf(*name)) {
      case UnboundRead::kNo:
        out += name->ctx == ast::ExprContext::kStore ? "" : "-";
        break;
      case UnboundRead::kLocal:
        out += 'L';
        break;
      case UnboundRead::kComprehension:
        out += 'C';
        break;
      case UnboundRead::kFree:
        out += 'F';
        break;
    }
  }
  return out;
}

TEST_CASE("unbound reads: the function's own code and its comprehensions",
          "[unbound_reads]") {
  TestModule t(R"py(
def f(c):
    if c:
        y = 1
    print(y)
    a = [y for _ in range(y)]
    b = {k: y for k in [y]}
    return [y for y in range(3)]
)py");
  CHECK(Kinds(t, 4, "y") == "L");
  // The first iterable runs in the function; the rest in the comprehension.
  CHECK(Kinds(t, 5, "y") == "CL");
  CHECK(Kinds(t, 6, "y") == "CL");
  // The comprehension's own target.
  CHECK(Kinds(t, 7, "y") == "-");
}

TEST_CASE(
    "unbound reads: free reads of a variable control flow may leave "
    "undefined",
    "[unbound_reads]") {
  TestModule t(R"py(
def f(c):
    if c:
        y = 1
    g = lambda: y
    h = (y for _ in range(2))
    def inner():
        return y
    class K:
        z = y
    return [[lambda: y for _ in range(1)] for _ in range(1)]
)py");
  CHECK(Kinds(t, 4, "y") == "F");
  CHECK(Kinds(t, 5, "y") == "F");  // a generator expression runs later
  CHECK(Kinds(t, 7, "y") == "F");
  CHECK(Kinds(t, 9, "y") == "F");
  CHECK(Kinds(t, 10, "y") == "F");
}

TEST_CASE("unbound reads: free reads of what is always bound are plain",
          "[unbound_reads]") {
  TestModule t(R"py(
def f(c, p):
    y = 0
    if c:
        y = 1
    g = lambda: y + p
    z = 1
    def inner():
        return z
    return g, inner
)py");
  CHECK(Kinds(t, 5, "y") == "-");
  CHECK(Kinds(t, 5, "p") == "-");
  // Bound before any control flow, never left undefined by it, even though
  // inner may run before `z = 1` (then the cell is empty, as in Python).
  CHECK(Kinds(t, 8, "z") == "-");
}

TEST_CASE("unbound reads: a nested scope's own names are its own",
          "[unbound_reads]") {
  TestModule t(R"py(
def f(c):
    for y in c:
        pass
    g = lambda y=3: y
    class K:
        y = 2
        z = y
        def m(self):
            return y
    def inner(y):
        return y
    def declares():
        global y
        return y
    return g, K, inner, declares
)py");
  CHECK(Kinds(t, 4, "y") == "-");
  CHECK(Kinds(t, 7, "y") == "-");  // the class namespace
  CHECK(Kinds(t, 9, "y") == "F");  // a method skips the class: f's y
  CHECK(Kinds(t, 11, "y") == "-");
  CHECK(Kinds(t, 14, "y") == "-");
}

TEST_CASE("unbound reads: nonlocal writes read first, and deeper functions",
          "[unbound_reads]") {
  TestModule t(R"py(
def f(c):
    while c:
        y = 1
        c = 0
    def inner():
        nonlocal y
        y += 1
        del y
        def deeper():
            return y
        return deeper
    def gen():
        yield y
    return inner, gen
)py");
  CHECK(Kinds(t, 7, "y") == "F");
  CHECK(Kinds(t, 8, "y") == "F");
  CHECK(Kinds(t, 10, "y") == "F");
  CHECK(Kinds(t, 13, "y") == "F");  // a generator, left unconverted
}

TEST_CASE("unbound reads: what follows a lowered jump is converted too",
          "[unbound_reads]") {
  TestModule t(R"py(
def f(xs):
    g = lambda: d
    for v in xs:
        if v:
            return g()
    d = 1
    return g
def h(xs):
    g = lambda: d
    d = 1
    return g
)py");
  // `d = 1` goes under `if not do_return:`, which control_flow converts.
  CHECK(Kinds(t, 2, "d") == "F");
  CHECK(Kinds(t, 9, "d") == "-");
}

TEST_CASE(
    "unbound reads: control_flow's initial values, by top-level "
    "statement",
    "[unbound_reads]") {
  TestModule t(R"py(
def f(x, cm):
    g = lambda: c
    with cm:
        c = x
        if x:
            c += 1
    return g
def h(x):
    g = lambda: a
    return g
    while x:
        a = 1
def k(x, cm):
    g = lambda: c
    c = x
    with cm:
        if x:
            c += 1
    return g
)py");
  // A helper's variable that no earlier top-level statement binds starts as
  // an `ag__.Undefined` (here at `with`, though `c = x` comes first in it);
  // so does one that only unreachable code binds.
  CHECK(Kinds(t, 2, "c") == "F");
  CHECK(Kinds(t, 9, "a") == "F");
  CHECK(Kinds(t, 14, "c") == "-");
}

TEST_CASE("unbound reads: an assert may become an if", "[unbound_reads]") {
  TestModule t(R"py(
def f(xs):
    g = lambda: d
    assert (d := xs)
    return g
)py");
  CHECK(Kinds(t, 2, "d") == "F");
}

}  // namespace
}  // namespace agc::analysis
