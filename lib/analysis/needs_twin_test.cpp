#include "lib/analysis/needs_twin.h"

#include <catch2/catch.hpp>
#include <string>
#include <string_view>

#include "lib/analysis/analysis_test_util.h"

namespace agc::analysis {
namespace {

using testing::TestModule;

// What NeedsTwin says of the module's first statement, a def: "-" for no
// twin, else "construct@line".
std::string Rule(std::string_view code, TwinRuleOptions options = {}) {
  TestModule t(code);
  const auto& fn = t.module().body[0]->Cast<ast::FunctionDef>();
  std::optional<TwinReason> why = NeedsTwin(fn, options);
  if (!why) {
    return "-";
  }
  return std::string(why->construct) + "@" + std::to_string(why->origin.line);
}

TEST_CASE("NeedsTwin: straight-line code needs none") {
  CHECK(Rule(R"py(
def f(a, b=1, *c, d, **e):
    """Doc."""
    import math
    global g
    x = a + b * math.pi
    x += -a
    y: int = x
    s = f"{x!r}" + str(x)
    del y
    g = obj.attr.call(x, *c, k=d, **e)[0]
    if_ = a < b
    return if_, x is None, [x, (y,)], {1: 2}, {3}, x[1:2]
)py") == "-");
  CHECK(Rule(R"py(
def f(x):
    raise ValueError(x)
)py") == "-");
  CHECK(Rule(R"py(
def f(self):
    pass
)py") == "-");
}

TEST_CASE("NeedsTwin: each statement that needs a twin") {
  CHECK(Rule("def f(x):\n    if x:\n        pass\n") == "if statement@2");
  CHECK(Rule("def f(x):\n    while x:\n        x -= 1\n") == "while loop@2");
  CHECK(Rule("def f(x):\n    for i in x:\n        pass\n") == "for loop@2");
  CHECK(
      Rule("def f(x):\n    try:\n        g()\n    except E:\n        pass\n") ==
      "try statement@2");
  CHECK(Rule("def f(x):\n    with x:\n        pass\n") == "with statement@2");
  CHECK(Rule("def f(x):\n    match x:\n        case 1:\n            pass\n") ==
        "match statement@2");
  CHECK(Rule("def f(x):\n    def g():\n        pass\n") == "nested function@2");
  CHECK(Rule("def f(x):\n    class C:\n        pass\n") ==
        "class definition@2");
  CHECK(Rule("def f(x):\n    assert x\n") == "assert@2");
  // A return anywhere but last is an early return; last, it is not.
  CHECK(Rule("def f(x):\n    return x\n    g()\n") == "early return@2");
  CHECK(Rule("def f(x):\n    g()\n    return x\n") == "-");
}

TEST_CASE("NeedsTwin: each expression that needs a twin") {
  CHECK(Rule("def f(a, b):\n    return a and b\n") == "`and`@2");
  CHECK(Rule("def f(a, b):\n    return a or b\n") == "`or`@2");
  CHECK(Rule("def f(a):\n    return not a\n") == "`not`@2");
  CHECK(Rule("def f(a):\n    return -a\n") == "-");
  CHECK(Rule("def f(a, b):\n    return a if b else 0\n") ==
        "conditional expression@2");
  CHECK(Rule("def f(a, b, c):\n    return a < b < c\n") ==
        "chained comparison@2");
  CHECK(Rule("def f(a, b):\n    return a < b\n") == "-");
  CHECK(Rule("def f(a):\n    return lambda: a\n") == "lambda@2");
  CHECK(Rule("def f(a):\n    return [x for x in a]\n") == "comprehension@2");
  CHECK(Rule("def f(a):\n    return {x for x in a}\n") == "comprehension@2");
  CHECK(Rule("def f(a):\n    return {x: 1 for x in a}\n") == "comprehension@2");
  CHECK(Rule("def f(a):\n    return sum(x for x in a)\n") ==
        "generator expression@2");
  CHECK(Rule("def f(a):\n    g(y := a)\n    return y\n") ==
        "assignment expression@2");
}

TEST_CASE("NeedsTwin: calls of the builtins the runtime overloads") {
  for (std::string_view name :
       {"abs",     "all",   "any",    "enumerate", "filter", "float",
        "int",     "len",   "map",    "max",       "min",    "next",
        "print",   "range", "sorted", "zip",       "locals", "vars",
        "globals", "dir",   "eval",   "exec",      "super"}) {
    INFO(name);
    CHECK(Rule("def f(a):\n    return " + std::string(name) + "(a)\n") ==
          "call of a builtin the runtime overloads@2");
  }
  // Read, not called: it may be called under another name.
  CHECK(Rule("def f(a):\n    p = abs\n    return p(a)\n") ==
        "builtin the runtime overloads, read@2");
  // Other calls run as they are; so does a method of the same name.
  CHECK(Rule("def f(a):\n    return sum(a) + str(a) + a.len()\n") == "-");
  CHECK(Rule("def f(a):\n    tf.autograph.experimental.set_loop_options()\n") ==
        "directive@2");
  // What reads its caller's frames: a twin's call of this function goes
  // through the runtime, whose frames the twin's call_with_original_frames
  // skips.
  CHECK(Rule("def f():\n    return sys._getframe(1).f_code\n") ==
        "call that reads its caller's frames@2");
  CHECK(Rule("def f(m):\n    warnings.warn(m, stacklevel=2)\n") ==
        "call that reads its caller's frames@2");
  CHECK(Rule("def f():\n    return sys.getrecursionlimit()\n") == "-");
}

TEST_CASE("NeedsTwin: the optional passes' constructs when selected") {
  TwinRuleOptions lists;
  lists.lists = true;
  TwinRuleOptions slices;
  slices.slices = true;
  CHECK(Rule("def f(a):\n    a.append(1)\n") == "-");
  CHECK(Rule("def f(a):\n    a.append(1)\n", lists) ==
        "list append or pop (lists)@2");
  CHECK(Rule("def f(a):\n    return [a]\n", lists) == "list display (lists)@2");
  CHECK(Rule("def f(a):\n    return a[0]\n") == "-");
  CHECK(Rule("def f(a):\n    return a[0]\n", slices) == "subscript (slices)@2");
}

}  // namespace
}  // namespace agc::analysis
