#include "passes/locals_calls.h"

#include <catch2/catch.hpp>
#include <string>

#include "lib/analysis/analysis_test_util.h"

namespace agc::passes {
namespace {

using analysis::testing::TestModule;

// The names a snapshot of the scope of the `nth` locals()/vars() call on
// `line` lists, joined with spaces; "user's" when the call is not the
// builtin's.
std::string NamesAt(TestModule& t, int line, int nth = 0) {
  const auto& call = t.Find<ast::Call>(line, nth);
  REQUIRE(IsLocalsCall(call));
  const auto& activity = t.Get<analysis::Activity>();
  const auto& qn = t.Get<analysis::QualNames>();
  const analysis::Scope& scope = activity.EnclosingScope(call);
  if (!CallsBuiltinLocals(call, scope, qn)) {
    return "user's";
  }
  REQUIRE(IsLocalsScope(scope));
  std::string out;
  for (std::string_view name : LocalNames(scope, activity, qn)) {
    out += out.empty() ? "" : " ";
    out += name;
  }
  return out;
}

TEST_CASE("locals_calls: parameters, then locals by first use", "[passes]") {
  TestModule t(R"py(
def f(p, /, b, a, *rest, k, **named):
    z = 1
    y = z
    for i in range(2):
        m = i
    try:
        pass
    except E as e:
        h = 1
    else:
        o = 1
    import os.path
    return locals()
)py");
  // As CPython's co_varnames: a try's else before its handlers.
  CHECK(NamesAt(t, 13) == "p b a k rest named z y i m o e h os");
}

TEST_CASE("locals_calls: cells and free variables come last", "[passes]") {
  TestModule t(R"py(
def outer(a):
    b = 1
    unread = 2
    shared = 3
    g = 4
    def f(c):
        nonlocal b
        global gl
        gl = shared
        q = 1
        def inner():
            return q, a
        return vars()
    return f
)py");
  CHECK(NamesAt(t, 13) == "c inner q a b shared");
}

TEST_CASE("locals_calls: class bodies hide their names; __class__",
          "[passes]") {
  TestModule t(R"py(
def outer(x):
    class C:
        hidden = 1
        def m(self):
            return hidden, x, locals()
        def s(self):
            super()
            return locals()
        def t(self):
            def inner():
                return __class__
            return locals()
    return C
)py");
  CHECK(NamesAt(t, 5) == "self x");
  CHECK(NamesAt(t, 8) == "self __class__");
  CHECK(NamesAt(t, 12) == "self inner __class__");
}

TEST_CASE("locals_calls: lambdas and comprehensions", "[passes]") {
  TestModule t(R"py(
def f(a, b):
    g = lambda x, y=locals(): (x, a, locals(), (w := 1))
    return [locals() for z, (v, u) in b for s in z], g
)py");
  CHECK(NamesAt(t, 2) == "a b g");
  CHECK(NamesAt(t, 2, 1) == "x y w a");
  CHECK(NamesAt(t, 3) == ".0 z v u s");
}

// The names a comprehension's snapshot shows from Python 3.12 (inlined),
// or "own frame" when it keeps its frame there.
std::string InlinedAt(TestModule& t, int line, int nth = 0) {
  const auto& call = t.Find<ast::Call>(line, nth);
  const auto& activity = t.Get<analysis::Activity>();
  const analysis::Scope& scope = activity.EnclosingScope(call);
  if (InliningScope(scope) == nullptr) {
    return "own frame";
  }
  std::string out;
  for (std::string_view name :
       InlinedLocalNames(scope, activity, t.Get<analysis::QualNames>())) {
    out += out.empty() ? "" : " ";
    out += name;
  }
  return out;
}

TEST_CASE("locals_calls: comprehensions inlined from 3.12", "[passes]") {
  TestModule t(R"py(
def f(a, b):
    c = [[locals() for j in b] for k, m in b]
    g = (locals() for q in b)
    h = lambda y: {n: locals() for n in y}
    return [locals() for r in (locals() for s in b)], c, g, h
)py");
  CHECK(InlinedAt(t, 2) == "a b c g h k m j");
  CHECK(InlinedAt(t, 3) == "own frame");
  CHECK(InlinedAt(t, 4) == "y n");
  CHECK(InlinedAt(t, 5) == "a b c g h r");
  CHECK(InlinedAt(t, 5, 1) == "own frame");
}

TEST_CASE("locals_calls: only the builtin", "[passes]") {
  TestModule t(R"py(
from m import vars
def f(locals):
    return locals(), vars()
def g():
    return locals()
def h():
    locals = dict
    return locals()
)py");
  CHECK(NamesAt(t, 3) == "user's");
  CHECK(NamesAt(t, 3, 1) == "user's");
  CHECK(NamesAt(t, 5) == "");
  CHECK(NamesAt(t, 8) == "user's");
}

TEST_CASE("locals_calls: snapshot calls and their names", "[passes]") {
  TestModule t(R"py(
x = 1
)py");
  ast::Module& module = t.module();
  auto* scope = module.New<ast::Name>(ast::Origin{1, 1});
  scope->id = "fscope";
  ast::Expr* call = SnapshotCall(module, scope, {"a", "b"}, {1, 1});
  bool is_snapshot = false;
  CHECK(SnapshotNames(*call, "fscope", &is_snapshot) ==
        std::vector<std::string_view>{"a", "b"});
  CHECK(is_snapshot);
  CHECK(SnapshotNames(*call, "fscope_1", &is_snapshot).empty());
  CHECK_FALSE(is_snapshot);
  ast::Expr* none = SnapshotCall(module, scope, {}, {1, 1});
  CHECK(SnapshotNames(*none, "fscope", &is_snapshot).empty());
  CHECK(is_snapshot);
  // A comprehension's: its own names second, its function's fourth.
  auto* no_scope = module.New<ast::Constant>(ast::Origin{1, 1});
  no_scope->value_kind = ast::ConstantKind::kNone;
  no_scope->text = "None";
  const std::vector<std::string_view> function_names{"a", "k"};
  ast::Expr* comprehension = SnapshotCall(module, no_scope, {".0", "k"}, {1, 1},
                                          scope, &function_names);
  CHECK(SnapshotNames(*comprehension, "fscope", &is_snapshot) ==
        function_names);
  CHECK(is_snapshot);
}

}  // namespace
}  // namespace agc::passes
