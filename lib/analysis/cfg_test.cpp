#include "lib/analysis/cfg.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>

#include "lib/analysis/analysis_test_util.h"

namespace agc::analysis {
namespace {

using testing::TestModule;

// A compact label: "in", "out", "raise", the line of a statement or header,
// "<line>b" for a bind node, "<line>g" for a case guard, "<line>e" for the end
// of `except ... as`,
// "<line>f" for the end of a finally.
std::string Label(const Cfg& cfg, CfgNodeId n) {
  const ast::Node* node = cfg.ast(n);
  switch (cfg.kind(n)) {
    case CfgNodeKind::kEntry:
      return "in";
    case CfgNodeKind::kExit:
      return "out";
    case CfgNodeKind::kRaiseExit:
      return "raise";
    case CfgNodeKind::kStmt:
    case CfgNodeKind::kHeader:
      return std::to_string(node->origin.line);
    case CfgNodeKind::kBind:
      return std::to_string(node->origin.line) + "b";
    case CfgNodeKind::kCaseGuard:
      return std::to_string(node->origin.line) + "g";
    case CfgNodeKind::kHandlerEnd:
      return std::to_string(node->origin.line) + "e";
    case CfgNodeKind::kFinallyEnd:
      return std::to_string(node->origin.line) + "f";
  }
  return "?";
}

// "in->1 1->2,3 2->out": every node with successors, in node order.
std::string Edges(const Cfg& cfg) {
  std::string out;
  for (CfgNodeId n = 0; n < cfg.size(); ++n) {
    if (cfg.successors(n).empty()) {
      continue;
    }
    if (!out.empty()) {
      out += ' ';
    }
    out += Label(cfg, n) + "->";
    bool first = true;
    for (CfgNodeId s : cfg.successors(n)) {
      if (!first) {
        out += ',';
      }
      first = false;
      out += Label(cfg, s);
    }
  }
  return out;
}

// The graph of the module (line == 0) or of the def/class on `line`.
std::string EdgesOf(TestModule& t, int line = 0) {
  const Cfgs& cfgs = t.Get<Cfgs>();
  if (line == 0) {
    return Edges(cfgs.Of(nullptr));
  }
  return Edges(cfgs.Of(&t.StmtAt(line)));
}

// Every predecessor list is the mirror of the successor lists.
void CheckMirror(const Cfg& cfg) {
  size_t succ = 0;
  size_t pred = 0;
  for (CfgNodeId n = 0; n < cfg.size(); ++n) {
    succ += cfg.successors(n).size();
    pred += cfg.predecessors(n).size();
    for (CfgNodeId s : cfg.successors(n)) {
      auto p = cfg.predecessors(s);
      CHECK(std::find(p.begin(), p.end(), n) != p.end());
    }
  }
  CHECK(succ == pred);
}

TEST_CASE("cfg: straight line and expression statements", "[cfg]") {
  TestModule t(R"py(
x = 1
y = x + 1
print(y)
)py");
  CHECK(EdgesOf(t) == "in->1 1->2 2->3 3->out");
  CheckMirror(t.Get<Cfgs>().Of(nullptr));
}

TEST_CASE("cfg: empty function body entry reaches exit", "[cfg]") {
  TestModule t(R"py(
class C:
    pass
def f():
    ...
)py");
  CHECK(EdgesOf(t) == "in->1 1->3 3->out");
  CHECK(EdgesOf(t, 1) == "in->2 2->out");
  CHECK(EdgesOf(t, 3) == "in->4 4->out");
}

TEST_CASE("cfg: if, elif, else", "[cfg]") {
  TestModule t(R"py(
if a:
    x = 1
elif b:
    x = 2
else:
    x = 3
y = x
)py");
  CHECK(EdgesOf(t) == "in->1 1->2,3 2->7 3->4,6 4->7 6->7 7->out");
}

TEST_CASE("cfg: if without else", "[cfg]") {
  TestModule t(R"py(
if a:
    x = 1
y = 2
)py");
  CHECK(EdgesOf(t) == "in->1 1->2,3 2->3 3->out");
}

TEST_CASE("cfg: while with else, break and continue", "[cfg]") {
  TestModule t(R"py(
while a:
    if b:
        break
    if c:
        continue
    x = 1
else:
    y = 2
z = 3
)py");
  CHECK(EdgesOf(t) == "in->1 1->2,8 2->3,4 3->9 4->5,6 5->1 6->1 8->9 9->out");
}

TEST_CASE("cfg: while True has no exit through its test", "[cfg]") {
  TestModule t(R"py(
while True:
    if a:
        break
else:
    x = 1
y = 2
)py");
  // The else (line 5) is unreachable.
  CHECK(EdgesOf(t) == "in->1 1->2 2->1,3 3->6 5->6 6->out");
  const Cfg& cfg = t.Get<Cfgs>().Of(nullptr);
  CfgLocation loc = t.Get<Cfgs>().Locate(t.StmtAt(5));
  REQUIRE(loc);
  CHECK_FALSE(cfg.Reachable(loc.first));
  TestModule u("while 1:\n    pass\nx = 1\n");
  CHECK(EdgesOf(u) == "in->1 1->2 2->1 3->out");
  TestModule v("while 0:\n    pass\nx = 1\n");
  CHECK(EdgesOf(v) == "in->1 1->2,3 2->1 3->out");
}

TEST_CASE("cfg: for with else, target node, break", "[cfg]") {
  TestModule t(R"py(
for i in xs:
    if i:
        break
else:
    y = 1
z = 2
)py");
  CHECK(EdgesOf(t) == "in->1 1->1b,5 1b->2 2->1,3 3->6 5->6 6->out");
}

TEST_CASE("cfg: async for and async with", "[cfg]") {
  TestModule t(R"py(
async def f():
    async for i in xs:
        continue
    async with m as g:
        x = 1
    return x
)py");
  CHECK(EdgesOf(t, 1) == "in->2 2->2b,4 2b->3 3->2 4->5 5->6 6->out");
}

TEST_CASE("cfg: return in nested loops", "[cfg]") {
  TestModule t(R"py(
def f():
    for i in a:
        while b:
            return 1
        x = 2
    return 3
)py");
  CHECK(EdgesOf(t, 1) == "in->2 2->2b,6 2b->3 3->4,5 4->out 5->2 6->out");
}

TEST_CASE("cfg: statements after return are unreachable", "[cfg]") {
  TestModule t(R"py(
def f():
    return 1
    x = 2
)py");
  CHECK(EdgesOf(t, 1) == "in->2 2->out 3->out");
  const Cfg& cfg = t.Get<Cfgs>().Of(&t.StmtAt(1));
  CHECK_FALSE(cfg.Reachable(t.Get<Cfgs>().Locate(t.StmtAt(3)).first));
  // Unreachable nodes still appear in the order, after the reachable ones.
  CHECK(cfg.order().size() == cfg.size());
  CHECK(cfg.order().front() == Cfg::kEntry);
}

TEST_CASE("cfg: try/except/else", "[cfg]") {
  TestModule t(R"py(
try:
    x = f()
    y = g()
except ValueError as e:
    h(e)
except:
    pass
else:
    z = 1
w = 2
)py");
  // Every node of the body (and the Try node) may raise into the first
  // handler; ValueError's header falls to the bare handler; `e` is deleted at
  // 4e.
  CHECK(EdgesOf(t) ==
        "in->1 1->2,4 2->3,4 3->4,9 4->4b,6 4b->5 5->4e 4e->10 6->7 7->10 "
        "9->10 10->out");
}

TEST_CASE("cfg: unmatched exception propagates from the last handler",
          "[cfg]") {
  TestModule t(R"py(
try:
    x = f()
except ValueError:
    pass
y = 1
)py");
  CHECK(EdgesOf(t) == "in->1 1->2,3 2->3,5 3->raise,4 4->5 5->out");
}

TEST_CASE("cfg: if inside try/except/else", "[cfg]") {
  TestModule t(R"py(
try:
    if a:
        x = 1
    else:
        x = 2
except E:
    x = 3
else:
    print(x)
)py");
  CHECK(EdgesOf(t) ==
        "in->1 1->2,6 2->3,5,6 3->6,9 5->6,9 6->raise,7 7->out 9->out");
}

TEST_CASE("cfg: try/finally routes every exit through the finally", "[cfg]") {
  TestModule t(R"py(
def f():
    for i in a:
        try:
            if b:
                return 1
            if c:
                break
            if d:
                continue
        finally:
            cleanup()
    return 2
)py");
  // The finally (11) is entered by normal flow, return, break, continue and
  // raise; its end (3f) goes on to the loop header (normal + continue), past
  // the loop (break), the exit (return) and the raise exit.
  CHECK(EdgesOf(t, 1) ==
        "in->2 2->2b,12 2b->3 3->4,11 4->5,6,11 5->11 6->7,8,11 7->11 "
        "8->9,11 9->11 11->3f 3f->out,raise,2,12 12->out");
}

TEST_CASE("cfg: return in finally discards pending jumps", "[cfg]") {
  TestModule t(R"py(
def f():
    try:
        raise E
    finally:
        return 1
)py");
  CHECK(EdgesOf(t, 1) == "in->2 2->3,5 3->5 5->out");
}

TEST_CASE("cfg: try/except/finally", "[cfg]") {
  TestModule t(R"py(
def f():
    try:
        x = g()
    except E:
        return 0
    else:
        x += 1
    finally:
        x = None
    return x
)py");
  // The handler header's unmatched path and the raise from the else go into
  // the finally; its end goes on to the exit (return), the raise exit and
  // line 10.
  CHECK(EdgesOf(t, 1) ==
        "in->2 2->3,4 3->4,7 4->5,9 5->9 7->9 9->2f "
        "2f->out,raise,10 10->out");
}

TEST_CASE("cfg: finally with only normal flow needs no join node", "[cfg]") {
  TestModule t(R"py(
try:
    pass
finally:
    x = 1
y = 2
)py");
  // The Try node and `pass` may raise into the finally, so the join exists.
  CHECK(EdgesOf(t) == "in->1 1->2,4 2->4 4->1f 1f->raise,5 5->out");
}

TEST_CASE("cfg: except* handlers may run one after another", "[cfg]") {
  TestModule t(R"py(
try:
    f()
except* ValueError:
    a()
except* TypeError:
    b()
c()
)py");
  CHECK(EdgesOf(t) ==
        "in->1 1->2,3 2->3,7 3->4,5 4->5,7 5->raise,6 "
        "6->raise,7 7->out");
}

TEST_CASE("cfg: except as name deletes it on every exit", "[cfg]") {
  TestModule t(R"py(
def f():
    while a:
        try:
            g()
        except E as e:
            if e:
                break
            return e
    return 0
)py");
  CHECK(EdgesOf(t, 1) ==
        "in->2 2->3,9 3->4,5 4->2,5 5->raise,5b 5b->6 6->7,8 7->5e 8->5e "
        "5e->out,9 9->out");
}

TEST_CASE("cfg: raise and assert", "[cfg]") {
  TestModule t(R"py(
def f(x):
    assert x, "msg"
    if x > 1:
        raise ValueError(x)
    return x
)py");
  CHECK(EdgesOf(t, 1) == "in->2 2->raise,3 3->4,5 4->raise 5->out");
}

TEST_CASE("cfg: raise inside try goes to the handler", "[cfg]") {
  TestModule t(R"py(
try:
    raise E
except E:
    x = 1
)py");
  CHECK(EdgesOf(t) == "in->1 1->2,3 2->3 3->raise,4 4->out");
}

TEST_CASE("cfg: with", "[cfg]") {
  TestModule t(R"py(
with open(p) as f, lock:
    data = f.read()
print(data)
)py");
  CHECK(EdgesOf(t) == "in->1 1->2 2->3 3->out");
}

TEST_CASE("cfg: match with guards and a wildcard", "[cfg]") {
  TestModule t(R"py(
match cmd:
    case [x, y] if x > y:
        r = 1
    case {"k": v}:
        r = 2
    case _:
        r = 3
print(r)
)py");
  // The last case is irrefutable: nothing falls through past it.
  CHECK(EdgesOf(t) ==
        "in->1 1->2 2->2b,4 2b->2g 2g->3,4 3->8 4->4b,6 4b->5 5->8 6->7 7->8 "
        "8->out");
}

TEST_CASE("cfg: match without irrefutable case falls through", "[cfg]") {
  TestModule t(R"py(
match cmd:
    case 1:
        r = 1
    case x if x:
        r = 2
print(r)
)py");
  // A capture with a guard can fail.
  CHECK(EdgesOf(t) ==
        "in->1 1->2 2->3,4 3->6 4->4b 4b->4g 4g->5,6 5->6 6->out");
  TestModule u(R"py(
match cmd:
    case 1 | _:
        r = 1
print(r)
)py");
  CHECK(EdgesOf(u) == "in->1 1->2 2->3 3->4 4->out");
}

TEST_CASE("cfg: nested defs, classes and lambdas are opaque", "[cfg]") {
  TestModule t(R"py(
def outer(a=lambda: 1):
    def inner():
        return [y for y in a]
    class K:
        z = 1
    f = lambda q: q + 1
    return inner
x = 1
)py");
  CHECK(EdgesOf(t) == "in->1 1->8 8->out");
  CHECK(EdgesOf(t, 1) == "in->2 2->4 4->6 6->7 7->out");
  CHECK(EdgesOf(t, 2) == "in->3 3->out");
  CHECK(EdgesOf(t, 4) == "in->5 5->out");
  const Cfgs& cfgs = t.Get<Cfgs>();
  // Module, outer, inner, K: in pre-order.
  REQUIRE(cfgs.all().size() == 4);
  CHECK(cfgs.all()[1]->scope() == &t.StmtAt(1));
  CHECK(cfgs.all()[2]->scope() == &t.StmtAt(2));
  CHECK(cfgs.all()[3]->scope() == &t.StmtAt(4));
  for (const auto& cfg : cfgs.all()) {
    CHECK(&cfgs.Of(cfg->scope()) == cfg.get());
    CheckMirror(*cfg);
  }
}

TEST_CASE("cfg: Locate gives a statement's node range", "[cfg]") {
  TestModule t(R"py(
x = 1
for i in a:
    y = i
z = 2
)py");
  const Cfgs& cfgs = t.Get<Cfgs>();
  CfgLocation loc = cfgs.Locate(t.StmtAt(2));
  REQUIRE(loc);
  CHECK(loc.cfg == &cfgs.Of(nullptr));
  CHECK(loc.cfg->kind(loc.first) == CfgNodeKind::kHeader);
  CHECK(loc.cfg->ast(loc.first) == &t.StmtAt(2));
  CHECK(loc.end - loc.first == 3);  // header, target, `y = i`
  CfgLocation one = cfgs.Locate(t.StmtAt(4));
  CHECK(one.end - one.first == 1);
  CHECK(one.cfg->kind(one.first) == CfgNodeKind::kStmt);
  // Expressions are not located.
  CHECK_FALSE(cfgs.Locate(t.Find<ast::Name>(2)));
}

TEST_CASE("cfg: dot output", "[cfg]") {
  TestModule t(R"py(
def f(x):
    if x:
        s = "a\"b"
    for i in x:
        pass
    return s
)py");
  const Cfgs& cfgs = t.Get<Cfgs>();
  CHECK(ToDot(cfgs.Of(&t.StmtAt(1)), t.module()) ==
        R"dot(digraph "f" {
  node [shape=box, fontname="monospace"];
  n0 [label="entry", shape=oval];
  n1 [label="exit", shape=oval];
  n2 [label="raise", shape=oval];
  n3 [label="2: if x:"];
  n4 [label="3: s = \"a\\\"b\""];
  n5 [label="4: for i in x:"];
  n6 [label="4: (bind) i", style=dashed];
  n7 [label="5: pass"];
  n8 [label="6: return s"];
  n0 -> n3;
  n3 -> n4;
  n3 -> n5;
  n4 -> n5;
  n5 -> n6;
  n5 -> n8;
  n6 -> n7;
  n7 -> n5;
  n8 -> n1;
}
)dot");
  CHECK(ToDot(cfgs.Of(nullptr), t.module()).find("digraph \"<module>\"") == 0);
}

}  // namespace
}  // namespace agc::analysis
