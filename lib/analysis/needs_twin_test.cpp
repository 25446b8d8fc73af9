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
  CHECK(Rule("def f(x):\n    assert x\n") == "assert@2");
  // A return anywhere but last is an early return; last, it is not.
  CHECK(Rule("def f(x):\n    return x\n    g()\n") == "early return@2");
  CHECK(Rule("def f(x):\n    g()\n    return x\n") == "-");
}

TEST_CASE("NeedsTwin: a nested def or class, by what the function runs of it") {
  // What the function runs of a nested def is its header; the def needs a
  // twin of the function when it needs one itself (TensorFlow converts a
  // function that is not marked as converted from its source).
  CHECK(Rule(R"py(
def f(x):
    def g(y):
        return y + x
    return g
)py") == "-");
  CHECK(Rule(R"py(
def f(x):
    def g(y):
        if y:
            return x
        return y
    return g
)py") == "nested function with a twin@2");
  CHECK(Rule("def f(x):\n    @d(lambda: x)\n    def g():\n        pass\n") ==
        "lambda@2");
  CHECK(Rule("def f(x):\n    def g(y=len(x)):\n        pass\n") ==
        "call of a builtin the runtime overloads@2");
  CHECK(Rule("def f(x):\n    def g(*, y=x or 1):\n        pass\n") == "`or`@2");
  CHECK(Rule("def f(x):\n    def g(y: int(x)) -> x[0]:\n        pass\n") ==
        "call of a builtin the runtime overloads@2");
  CHECK(Rule("def f(x):\n    def g() -> x if x else 0:\n        pass\n") ==
        "conditional expression@2");
  // An async def is never converted: its body is not asked.
  CHECK(Rule("def f(x):\n    async def g():\n        if x:\n            await "
             "x\n") == "-");
  // A class body runs when the function defines the class: its statements
  // are the function's; its methods count as nested defs.
  CHECK(Rule(R"py(
def f(x):
    class C(Base, metaclass=M):
        scale = x
        def m(self):
            self.scale -= 1
        class D:
            pass
    return C
)py") == "-");
  CHECK(Rule(R"py(
def f(x):
    class C:
        def m(self):
            while self.scale:
                self.scale -= 1
    return C
)py") == "nested function with a twin@3");
  CHECK(Rule("def f(x):\n    class C:\n        if x:\n            y = 1\n") ==
        "if statement@3");
  CHECK(Rule("def f(x):\n    class C:\n        n = len(x)\n") ==
        "call of a builtin the runtime overloads@3");
  CHECK(Rule("def f(x):\n    class C(x or B):\n        pass\n") == "`or`@2");
  CHECK(Rule("def f(x):\n    class C(B, k=not x):\n        pass\n") ==
        "`not`@2");
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
       {"abs", "all", "any", "enumerate", "filter", "float", "int", "len",
        "map", "max", "min", "next", "print", "range", "sorted", "zip"}) {
    INFO(name);
    CHECK(Rule("def f(a):\n    return " + std::string(name) + "(a)\n") ==
          "call of a builtin the runtime overloads@2");
  }
  // Those a twin calls in the original's context do there what they do in
  // the original: no twin for them.
  for (std::string_view name :
       {"locals", "vars", "globals", "dir", "eval", "exec", "super"}) {
    INFO(name);
    CHECK(Rule("def f(a):\n    return " + std::string(name) + "(a)\n") == "-");
  }
  CHECK(Rule("def f(self):\n    super().__init__()\n    self.x = 1\n") == "-");
  // Nor one no backend overloads.
  CHECK(Rule("def f(a):\n    return __import__(a)\n") == "-");
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
