#include "lib/analysis/subtree.h"

#include <catch2/catch.hpp>

#include "lib/analysis/activity.h"
#include "lib/analysis/analysis_test_util.h"
#include "lib/analysis/cfg.h"
#include "lib/analysis/liveness.h"
#include "lib/analysis/reaching_definitions.h"

namespace agc::analysis {
namespace {

using testing::TestModule;

const char* const kSource = R"py(
import os
G = 1

def top(a, b=G):
    global G
    x = a
    if x:
        del x
    try:
        y = os.sep
    except OSError as e:
        y = e
    for i in range(b):
        x = i + G
        G = x
    def inner(c):
        nonlocal y
        y = c + x
        return [z for z in y if (w := z)]
    return inner, w

class C:
    k = 2

    def method(self, n):
        while n > 0:
            self.n = n
            n -= self.k
        with open(n) as f:
            data = f.read()
        return data, self.n[0]

    def other(self):
        return self
)py";

std::string Names(const QualNames& qn, const SymbolSet& set) {
  return qn.Format(set);
}

// Every fact the subtree analyses attach inside `fn` equals the
// whole-module fact, compared by symbol text.
void CheckSame(TestModule& t,
               const SubtreeAnalyses& sub,
               const ast::FunctionDef& fn) {
  const QualNames& qn = t.Get<QualNames>();
  const Activity& act = t.Get<Activity>();
  const Liveness& live = t.Get<Liveness>();
  const ReachingDefinitions& rd = t.Get<ReachingDefinitions>();
  const QualNames& sqn = sub.qual_names();
  const Scope& scope = act.ScopeOf(fn);
  const Scope& sscope = sub.activity().ScopeOf(fn);
  CHECK(Names(qn, scope.read) == Names(sqn, sscope.read));
  CHECK(Names(qn, scope.modified) == Names(sqn, sscope.modified));
  CHECK(Names(qn, scope.bound) == Names(sqn, sscope.bound));
  CHECK(Names(qn, scope.params) == Names(sqn, sscope.params));
  CHECK(Names(qn, scope.globals) == Names(sqn, sscope.globals));
  CHECK(Names(qn, scope.nonlocals) == Names(sqn, sscope.nonlocals));
  CHECK(scope.children.size() == sscope.children.size());
  CHECK(act.EnclosingScope(fn).kind == sub.activity().EnclosingScope(fn).kind);
  size_t compared = 0;
  auto visit = [&](auto& self, const ast::Node& node) -> void {
    if (const NodeActivity* a = act.Of(node)) {
      const NodeActivity* b = sub.activity().Of(node);
      REQUIRE(b != nullptr);
      CHECK(Names(qn, a->read) == Names(sqn, b->read));
      CHECK(Names(qn, a->modified) == Names(sqn, b->modified));
      CHECK(Names(qn, a->deleted) == Names(sqn, b->deleted));
    }
    if (live.HasFacts(node)) {
      REQUIRE(sub.liveness().HasFacts(node));
      CHECK(Names(qn, live.LiveIn(node)) ==
            Names(sqn, sub.liveness().LiveIn(node)));
      CHECK(Names(qn, live.LiveOut(node)) ==
            Names(sqn, sub.liveness().LiveOut(node)));
      for (const Symbol& sym : {qn.Get(qn.Find("x")), qn.Get(qn.Find("y")),
                                qn.Get(qn.Find("data"))}) {
        SymbolId id = sqn.Find(sym.text);
        CHECK(rd.MayBeUndefined(node, qn.Find(sym.text)) ==
              (id != kNoSymbol &&
               sub.reaching_definitions().MayBeUndefined(node, id)));
      }
      ++compared;
    }
    ast::ForEachChild(node,
                      [&](const ast::Node* child) { self(self, *child); });
  };
  for (const ast::Stmt* stmt : fn.body) {
    visit(visit, *stmt);
  }
  CHECK(compared >= 3);
}

TEST_CASE("subtree analyses equal the module's inside their roots",
          "[analysis][subtree]") {
  TestModule t(kSource);
  const auto& top = t.Find<ast::FunctionDef>(4);
  const auto& cls = t.Find<ast::ClassDef>(22);
  const auto& method = t.Find<ast::FunctionDef>(25);
  SubtreeAnalyses sub(t.module(), {{&top, nullptr}, {&method, &cls}});
  CheckSame(t, sub, top);
  CheckSame(t, sub, t.Find<ast::FunctionDef>(16));  // inner
  CheckSame(t, sub, method);
  // Nothing outside the roots: no facts for `other` or the module body.
  const auto& other = t.Find<ast::FunctionDef>(33);
  CHECK(sub.activity().Of(*other.body[0]) == nullptr);
  CHECK_FALSE(sub.liveness().HasFacts(*other.body[0]));
  CHECK_FALSE(sub.liveness().HasFacts(t.StmtAt(2)));
  CHECK(sub.qual_names().Find("k") == kNoSymbol);
  CHECK(sub.activity().EnclosingScope(method).kind == ScopeKind::kClass);
}

TEST_CASE("liveness and reaching definitions solve graphs on demand",
          "[analysis][subtree]") {
  TestModule t(kSource);
  const Liveness& live = t.Get<Liveness>();
  const ReachingDefinitions& rd = t.Get<ReachingDefinitions>();
  const QualNames& qn = t.Get<QualNames>();
  // A query in one function, then every graph: the same answers.
  const ast::Stmt& del = t.StmtAt(8);
  std::string before = qn.Format(live.LiveIn(del));
  bool undefined = rd.MayBeUndefined(t.StmtAt(10), qn.Find("x"));
  live.ComputeAll();
  rd.ComputeAll();
  CHECK(qn.Format(live.LiveIn(del)) == before);
  CHECK(rd.MayBeUndefined(t.StmtAt(10), qn.Find("x")) == undefined);
  CHECK(undefined);
  CHECK(before == "G, OSError, b, os, os.sep, range, w, y");
}

}  // namespace
}  // namespace agc::analysis
