// Activity tests: the analysis as a whole. The scope tree and every node's
// enclosing scope, the activities of every statement's children, the module
// scope, what f-strings and keyword arguments read, recomputation after
// invalidation, and a hidden check over the standard library. Statements are
// tested in activity_statements_test.cpp; functions, classes, comprehensions,
// global and nonlocal in activity_scopes_test.cpp.
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
