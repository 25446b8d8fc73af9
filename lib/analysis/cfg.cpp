// Attaches: a Cfg per scope body; a CfgLocation per statement, ExceptHandler
//   and MatchCase (see cfg.h).
// Requires: nothing.
#include "lib/analysis/cfg.h"

#include <algorithm>
#include <utility>

namespace agc::analysis {

std::string_view CfgNodeKindName(CfgNodeKind kind) {
  switch (kind) {
    case CfgNodeKind::kEntry:
      return "entry";
    case CfgNodeKind::kExit:
      return "exit";
    case CfgNodeKind::kRaiseExit:
      return "raise_exit";
    case CfgNodeKind::kStmt:
      return "stmt";
    case CfgNodeKind::kHeader:
      return "header";
    case CfgNodeKind::kBind:
      return "bind";
    case CfgNodeKind::kCaseGuard:
      return "case_guard";
    case CfgNodeKind::kHandlerEnd:
      return "handler_end";
    case CfgNodeKind::kFinallyEnd:
      return "finally_end";
  }
  return "?";
}

namespace {

enum class Jump : uint8_t { kBreak, kContinue, kReturn, kRaise };
constexpr int kJumpKinds = 4;

bool IsScopeStmt(const ast::Node& node) {
  return node.Is<ast::FunctionDef>() || node.Is<ast::AsyncFunctionDef>() ||
         node.Is<ast::ClassDef>();
}

// `while True:` / `while 1:`: the test never fails.
bool AlwaysTrue(const ast::Expr* test) {
  const auto* c = test->As<ast::Constant>();
  if (c == nullptr) {
    return false;
  }
  if (c->value_kind == ast::ConstantKind::kTrue) {
    return true;
  }
  if (c->value_kind != ast::ConstantKind::kInt) {
    return false;
  }
  // Any literal with a non-zero digit (0x10, 1_000, 0o7) is truthy.
  std::string_view t = c->text;
  size_t start = 0;
  if (t.size() > 1 && t[0] == '0' &&
      (t[1] == 'x' || t[1] == 'X' || t[1] == 'o' || t[1] == 'O' ||
       t[1] == 'b' || t[1] == 'B')) {
    start = 2;
  }
  for (size_t i = start; i < t.size(); ++i) {
    char ch = t[i];
    if (ch != '0' && ch != '_') {
      return true;
    }
  }
  return false;
}

// Whether a pattern binds names.
bool HasCaptures(const ast::Pattern* p) {
  switch (p->kind) {
    case ast::Kind::kMatchAs: {
      const auto& as = p->Cast<ast::MatchAs>();
      return !as.name.empty() ||
             (as.pattern != nullptr && HasCaptures(as.pattern));
    }
    case ast::Kind::kMatchStar:
      return !p->Cast<ast::MatchStar>().name.empty();
    case ast::Kind::kMatchMapping: {
      const auto& m = p->Cast<ast::MatchMapping>();
      if (!m.rest.empty()) {
        return true;
      }
      for (const ast::Pattern* q : m.patterns) {
        if (HasCaptures(q)) {
          return true;
        }
      }
      return false;
    }
    case ast::Kind::kMatchSequence:
      for (const ast::Pattern* q : p->Cast<ast::MatchSequence>().patterns) {
        if (HasCaptures(q)) {
          return true;
        }
      }
      return false;
    case ast::Kind::kMatchClass: {
      const auto& c = p->Cast<ast::MatchClass>();
      for (const auto* list : {&c.patterns, &c.kwd_patterns}) {
        for (const ast::Pattern* q : *list) {
          if (HasCaptures(q)) {
            return true;
          }
        }
      }
      return false;
    }
    case ast::Kind::kMatchOr:
      for (const ast::Pattern* q : p->Cast<ast::MatchOr>().patterns) {
        if (HasCaptures(q)) {
          return true;
        }
      }
      return false;
    default:
      return false;
  }
}

// A pattern that matches every subject: `_`, a capture, `(_ as x)`, or an
// alternative with such a branch.
bool Irrefutable(const ast::Pattern* p) {
  if (const auto* as = p->As<ast::MatchAs>()) {
    return as->pattern == nullptr || Irrefutable(as->pattern);
  }
  if (const auto* alt = p->As<ast::MatchOr>()) {
    for (const ast::Pattern* q : alt->patterns) {
      if (Irrefutable(q)) {
        return true;
      }
    }
  }
  return false;
}

}  // namespace

class CfgBuilder {
 public:
  CfgBuilder(Cfgs& out, const ast::Module& module, bool with_swallows_any)
      : out_(out), with_swallows_any_(with_swallows_any) {
    out_.slots_.assign(module.node_count(), Cfgs::Slot{});
    out_.scope_cfg_.assign(module.node_count(), UINT32_MAX);
  }

  void Run(const ast::Module& module) {
    // Pre-order over the scope tree with an explicit stack.
    std::vector<const ast::Node*> children;
    Build(nullptr, module.body, children);
    Nested(children);
  }

  // The graphs of `roots` and their nested scopes, without the module's.
  void RunOn(std::span<const ast::Node* const> roots) {
    out_.has_module_graph_ = false;
    Nested(std::vector<const ast::Node*>(roots.begin(), roots.end()));
  }

 private:
  // Pre-order over the scope trees of `children` with an explicit stack.
  void Nested(std::vector<const ast::Node*> children) {
    std::vector<const ast::Node*> stack(children.rbegin(), children.rend());
    while (!stack.empty()) {
      const ast::Node* scope = stack.back();
      stack.pop_back();
      children.clear();
      Build(scope, BodyOf(*scope), children);
      stack.insert(stack.end(), children.rbegin(), children.rend());
    }
  }

  struct Frame {
    enum class Kind : uint8_t { kLoop, kExcept, kFinally, kWith } kind;
    CfgNodeId continue_target = kNoCfgNode;
    // kLoop: break sources; kExcept: raise sources; kWith: `raise`
    // statements (and asserts) whose exception the context manager's
    // __exit__ may swallow.
    std::vector<CfgNodeId> sources;
    // kFinally: jumps waiting for the finally block.
    std::vector<std::pair<CfgNodeId, Jump>> pending;
  };

  static const std::vector<ast::Stmt*>& BodyOf(const ast::Node& scope) {
    if (const auto* f = scope.As<ast::FunctionDef>()) {
      return f->body;
    }
    if (const auto* f = scope.As<ast::AsyncFunctionDef>()) {
      return f->body;
    }
    return scope.Cast<ast::ClassDef>().body;
  }

  void Build(const ast::Node* scope,
             const std::vector<ast::Stmt*>& body,
             std::vector<const ast::Node*>& children) {
    auto owned = std::make_unique<Cfg>();
    g_ = owned.get();
    g_->scope_ = scope;
    g_->index_ = static_cast<uint32_t>(out_.cfgs_.size());
    if (scope != nullptr) {
      out_.scope_cfg_[scope->node_id] = g_->index_;
    }
    out_.cfgs_.push_back(std::move(owned));
    children_ = &children;
    edges_.clear();
    swallowed_.clear();
    frames_.clear();
    try_depth_ = 0;

    frontier_.clear();
    AddNode(CfgNodeKind::kEntry, scope);
    frontier_.clear();
    AddNode(CfgNodeKind::kExit, scope);
    frontier_.clear();
    AddNode(CfgNodeKind::kRaiseExit, scope);
    frontier_.assign(1, Cfg::kEntry);
    Block(body);
    for (CfgNodeId n : frontier_) {
      AddEdge(n, Cfg::kExit);
    }
    Finish();
  }

  // --- nodes and edges -----------------------------------------------------

  // A new node, entered from every node of the frontier; it becomes the
  // frontier.
  CfgNodeId AddNode(CfgNodeKind kind, const ast::Node* node) {
    CfgNodeId id = g_->size();
    g_->kinds_.push_back(kind);
    g_->asts_.push_back(node);
    for (CfgNodeId from : frontier_) {
      AddEdge(from, id);
    }
    frontier_.assign(1, id);
    return id;
  }

  // A frontier entry with this bit is a `with` header whose body an
  // exception may cut short: its edge is a swallowed one.
  static constexpr CfgNodeId kSwallowed = CfgNodeId{1} << 31;

  void AddEdge(CfgNodeId from, CfgNodeId to) {
    if ((from & kSwallowed) != 0) {
      swallowed_.emplace_back(from & ~kSwallowed, to);
    } else {
      edges_.emplace_back(from, to);
    }
  }

  // Sends a jump from `source` to its target, looking at the frames below
  // index `below`.
  void SendJump(CfgNodeId source,
                Jump jump,
                size_t below,
                bool explicit_raise = false) {
    for (size_t i = below; i-- > 0;) {
      Frame& f = frames_[i];
      switch (f.kind) {
        case Frame::Kind::kWith:
          // Swallowed, the statement after the `with` runs; not, the
          // exception goes on.
          if (jump == Jump::kRaise && explicit_raise) {
            f.sources.push_back(source);
          }
          break;
        case Frame::Kind::kFinally:
          f.pending.emplace_back(source, jump);
          return;
        case Frame::Kind::kLoop:
          if (jump == Jump::kBreak) {
            f.sources.push_back(source);
            return;
          }
          if (jump == Jump::kContinue) {
            AddEdge(source, f.continue_target);
            return;
          }
          break;
        case Frame::Kind::kExcept:
          if (jump == Jump::kRaise) {
            f.sources.push_back(source);
            return;
          }
          break;
      }
    }
    if (jump == Jump::kReturn) {
      AddEdge(source, Cfg::kExit);
    } else if (jump == Jump::kRaise) {
      AddEdge(source, Cfg::kRaiseExit);
    }
    // break/continue outside a loop (a compile-time error in Python): no
    // edge.
  }

  void SendJump(CfgNodeId source, Jump jump, bool explicit_raise = false) {
    SendJump(source, jump, frames_.size(), explicit_raise);
  }

  // Inside a try (or a finally-protected region) every node may raise.
  void MayRaise(CfgNodeId n) {
    if (try_depth_ > 0) {
      SendJump(n, Jump::kRaise);
    }
  }

  // Successor and predecessor lists of `edges` (sorted, unique) over `n`
  // nodes.
  void Adjacency(const std::vector<std::pair<CfgNodeId, CfgNodeId>>& edges,
                 CfgNodeId n,
                 std::vector<uint32_t>& succ_begin,
                 std::vector<CfgNodeId>& succ,
                 std::vector<uint32_t>& pred_begin,
                 std::vector<CfgNodeId>& pred) {
    succ_begin.assign(n + 1, 0);
    pred_begin.assign(n + 1, 0);
    for (const auto& [from, to] : edges) {
      ++succ_begin[from + 1];
      ++pred_begin[to + 1];
    }
    for (CfgNodeId i = 0; i < n; ++i) {
      succ_begin[i + 1] += succ_begin[i];
      pred_begin[i + 1] += pred_begin[i];
    }
    succ.resize(edges.size());
    pred.resize(edges.size());
    // Edges are sorted by (from, to): filling in order keeps both lists
    // sorted.
    cursor_.assign(pred_begin.begin(), pred_begin.end() - 1);
    for (size_t i = 0; i < edges.size(); ++i) {
      succ[i] = edges[i].second;
      pred[cursor_[edges[i].second]++] = edges[i].first;
    }
  }

  void Finish() {
    Cfg& g = *g_;
    CfgNodeId n = g.size();
    std::sort(edges_.begin(), edges_.end());
    edges_.erase(std::unique(edges_.begin(), edges_.end()), edges_.end());
    Adjacency(edges_, n, g.succ_begin_, g.succ_, g.pred_begin_, g.pred_);
    if (!swallowed_.empty()) {
      std::sort(swallowed_.begin(), swallowed_.end());
      swallowed_.erase(std::unique(swallowed_.begin(), swallowed_.end()),
                       swallowed_.end());
      Adjacency(swallowed_, n, g.swallowed_succ_begin_, g.swallowed_succ_,
                g.swallowed_pred_begin_, g.swallowed_pred_);
    }
    // Reverse postorder from the entry, then the unreachable nodes.
    g.reachable_.assign(n, false);
    g.order_.clear();
    g.order_.reserve(n);
    dfs_.clear();
    dfs_.emplace_back(Cfg::kEntry, 0);
    g.reachable_[Cfg::kEntry] = true;
    while (!dfs_.empty()) {
      auto& [node, next] = dfs_.back();
      std::span<const CfgNodeId> succ = g.successors(node);
      if (next < succ.size()) {
        CfgNodeId s = succ[next++];
        if (!g.reachable_[s]) {
          g.reachable_[s] = true;
          dfs_.emplace_back(s, 0);
        }
        continue;
      }
      g.order_.push_back(node);
      dfs_.pop_back();
    }
    std::reverse(g.order_.begin(), g.order_.end());
    for (CfgNodeId i = 0; i < n; ++i) {
      if (!g.reachable_[i]) {
        g.order_.push_back(i);
      }
    }
  }

  // --- statements ----------------------------------------------------------

  void Block(const std::vector<ast::Stmt*>& body) {
    for (const ast::Stmt* s : body) {
      Stmt(*s);
    }
  }

  void Begin(const ast::Node& node) {
    Cfgs::Slot& slot = out_.slots_[node.node_id];
    slot.cfg = g_->index_;
    slot.first = g_->size();
  }

  void End(const ast::Node& node) {
    out_.slots_[node.node_id].end = g_->size();
  }

  void Stmt(const ast::Stmt& s) {
    Begin(s);
    switch (s.kind) {
      case ast::Kind::kIf: {
        const auto& n = s.Cast<ast::If>();
        CfgNodeId h = AddNode(CfgNodeKind::kHeader, &s);
        MayRaise(h);
        Block(n.body);
        std::vector<CfgNodeId> body_end = std::move(frontier_);
        frontier_.assign(1, h);
        Block(n.orelse);
        frontier_.insert(frontier_.end(), body_end.begin(), body_end.end());
        break;
      }
      case ast::Kind::kWhile: {
        const auto& n = s.Cast<ast::While>();
        Loop(s, n.body, n.orelse, /*is_for=*/false, AlwaysTrue(n.test));
        break;
      }
      case ast::Kind::kFor: {
        const auto& n = s.Cast<ast::For>();
        Loop(s, n.body, n.orelse, /*is_for=*/true, false);
        break;
      }
      case ast::Kind::kAsyncFor: {
        const auto& n = s.Cast<ast::AsyncFor>();
        Loop(s, n.body, n.orelse, /*is_for=*/true, false);
        break;
      }
      case ast::Kind::kWith: {
        CfgNodeId h = AddNode(CfgNodeKind::kHeader, &s);
        MayRaise(h);
        WithBody(h, s.Cast<ast::With>().body);
        break;
      }
      case ast::Kind::kAsyncWith: {
        CfgNodeId h = AddNode(CfgNodeKind::kHeader, &s);
        MayRaise(h);
        WithBody(h, s.Cast<ast::AsyncWith>().body);
        break;
      }
      case ast::Kind::kMatch:
        MatchStmt(s.Cast<ast::Match>());
        break;
      case ast::Kind::kTry: {
        const auto& n = s.Cast<ast::Try>();
        TryStmt(s, n.body, n.handlers, n.orelse, n.finalbody, false);
        break;
      }
      case ast::Kind::kTryStar: {
        const auto& n = s.Cast<ast::TryStar>();
        TryStmt(s, n.body, n.handlers, n.orelse, n.finalbody, true);
        break;
      }
      default:
        Simple(s);
        break;
    }
    End(s);
  }

  void Simple(const ast::Stmt& s) {
    CfgNodeId n = AddNode(CfgNodeKind::kStmt, &s);
    MayRaise(n);
    switch (s.kind) {
      case ast::Kind::kReturn:
        SendJump(n, Jump::kReturn);
        frontier_.clear();
        break;
      case ast::Kind::kBreak:
        SendJump(n, Jump::kBreak);
        frontier_.clear();
        break;
      case ast::Kind::kContinue:
        SendJump(n, Jump::kContinue);
        frontier_.clear();
        break;
      case ast::Kind::kRaise:
        SendJump(n, Jump::kRaise, /*explicit_raise=*/true);
        frontier_.clear();
        break;
      case ast::Kind::kAssert:
        SendJump(n, Jump::kRaise, /*explicit_raise=*/true);
        break;
      default:
        if (IsScopeStmt(s)) {
          children_->push_back(&s);
        }
        break;
    }
  }

  void Loop(const ast::Stmt& s,
            const std::vector<ast::Stmt*>& body,
            const std::vector<ast::Stmt*>& orelse,
            bool is_for,
            bool always_true) {
    CfgNodeId h = AddNode(CfgNodeKind::kHeader, &s);
    MayRaise(h);
    frames_.push_back(Frame{Frame::Kind::kLoop, h, {}, {}});
    if (is_for) {
      CfgNodeId t = AddNode(CfgNodeKind::kBind, &s);
      MayRaise(t);
    }
    Block(body);
    for (CfgNodeId n : frontier_) {
      AddEdge(n, h);
    }
    std::vector<CfgNodeId> breaks = std::move(frames_.back().sources);
    frames_.pop_back();
    frontier_.clear();
    if (!always_true) {
      frontier_.push_back(h);
    }
    Block(orelse);
    frontier_.insert(frontier_.end(), breaks.begin(), breaks.end());
  }

  void MatchStmt(const ast::Match& m) {
    CfgNodeId h = AddNode(CfgNodeKind::kHeader, &m);
    MayRaise(h);
    std::vector<CfgNodeId> ends;
    for (const ast::MatchCase* c : m.cases) {
      Begin(*c);
      CfgNodeId ch = AddNode(CfgNodeKind::kHeader, c);
      MayRaise(ch);
      if (HasCaptures(c->pattern)) {
        CfgNodeId b = AddNode(CfgNodeKind::kBind, c);
        MayRaise(b);
      }
      CfgNodeId guard = kNoCfgNode;
      if (c->guard != nullptr) {
        guard = AddNode(CfgNodeKind::kCaseGuard, c);
        MayRaise(guard);
      }
      Block(c->body);
      ends.insert(ends.end(), frontier_.begin(), frontier_.end());
      // A failed pattern or guard goes on to the next case (or past the
      // match).
      frontier_.clear();
      if (!Irrefutable(c->pattern)) {
        frontier_.push_back(ch);
      }
      if (guard != kNoCfgNode) {
        frontier_.push_back(guard);
      }
      End(*c);
    }
    frontier_.insert(frontier_.end(), ends.begin(), ends.end());
  }

  // A `with` body: a `raise` in it (or an assert) may be swallowed by the
  // context manager's __exit__, and then the statement after the `with`
  // runs (`with suppress(E): raise E` does not end the block). Other
  // statements that may raise are followed there by swallowed edges from
  // the header and from every node of the body, for the converter only
  // (with_swallows_any_): for lint, every name the body binds would be
  // "maybe unbound" after every `with`.
  void WithBody(CfgNodeId header, const std::vector<ast::Stmt*>& body) {
    frames_.push_back(Frame{Frame::Kind::kWith, kNoCfgNode, {}, {}});
    Block(body);
    std::vector<CfgNodeId> swallowed = std::move(frames_.back().sources);
    frames_.pop_back();
    frontier_.insert(frontier_.end(), swallowed.begin(), swallowed.end());
    if (with_swallows_any_) {
      // Cut short before the body's first node, or after any of its nodes
      // (a statement may have bound something, a walrus say, before it
      // raised).
      for (CfgNodeId n = header; n < g_->size(); ++n) {
        frontier_.push_back(n | kSwallowed);
      }
    }
  }

  void TryStmt(const ast::Stmt& s,
               const std::vector<ast::Stmt*>& body,
               const std::vector<ast::ExceptHandler*>& handlers,
               const std::vector<ast::Stmt*>& orelse,
               const std::vector<ast::Stmt*>& finalbody,
               bool star) {
    const bool has_finally = !finalbody.empty();
    const bool has_handlers = !handlers.empty();
    const size_t finally_frame = frames_.size();
    if (has_finally) {
      frames_.push_back(Frame{Frame::Kind::kFinally, kNoCfgNode, {}, {}});
      ++try_depth_;
    }
    if (has_handlers) {
      frames_.push_back(Frame{Frame::Kind::kExcept, kNoCfgNode, {}, {}});
      ++try_depth_;
    }
    // The Try node may raise too: the definitions from before the try reach
    // the handlers even when the first statement of the body rebinds them.
    CfgNodeId t = AddNode(CfgNodeKind::kHeader, &s);
    MayRaise(t);
    Block(body);
    if (has_handlers) {
      std::vector<CfgNodeId> raises = std::move(frames_.back().sources);
      frames_.pop_back();
      --try_depth_;
      std::vector<CfgNodeId> body_end = std::move(frontier_);
      std::vector<CfgNodeId> ends;
      frontier_ = std::move(raises);
      for (size_t i = 0; i < handlers.size(); ++i) {
        const ast::ExceptHandler& h = *handlers[i];
        const bool last = i + 1 == handlers.size();
        const bool bare = h.type == nullptr;
        Begin(h);
        CfgNodeId hh = AddNode(CfgNodeKind::kHeader, &h);
        if (!bare && last) {
          // No handler matched: the exception goes on.
          SendJump(hh, Jump::kRaise);
        } else if (!bare) {
          MayRaise(hh);
        }
        if (!h.name.empty()) {
          CfgNodeId b = AddNode(CfgNodeKind::kBind, &h);
          MayRaise(b);
        }
        HandlerBody(h);
        std::vector<CfgNodeId> next;
        if (!bare && !last) {
          next.push_back(hh);
        }
        if (star) {
          // except*: the next handler may run too, and whatever no handler
          // matched is raised again after the last one.
          if (last) {
            for (CfgNodeId n : frontier_) {
              SendJump(n, Jump::kRaise);
            }
          } else {
            next.insert(next.end(), frontier_.begin(), frontier_.end());
          }
        }
        ends.insert(ends.end(), frontier_.begin(), frontier_.end());
        frontier_ = std::move(next);
        End(h);
      }
      frontier_ = std::move(body_end);
      Block(orelse);
      frontier_.insert(frontier_.end(), ends.begin(), ends.end());
    } else {
      Block(orelse);
    }
    if (has_finally) {
      std::vector<std::pair<CfgNodeId, Jump>> pending =
          std::move(frames_[finally_frame].pending);
      frames_.pop_back();
      --try_depth_;
      Finally(s, CfgNodeKind::kFinallyEnd, pending, [&] { Block(finalbody); });
    }
  }

  // `except ... as name`: the name is deleted at the end of the handler,
  // however the body is left.
  void HandlerBody(const ast::ExceptHandler& h) {
    if (h.name.empty()) {
      Block(h.body);
      return;
    }
    const size_t frame = frames_.size();
    frames_.push_back(Frame{Frame::Kind::kFinally, kNoCfgNode, {}, {}});
    Block(h.body);
    std::vector<std::pair<CfgNodeId, Jump>> pending =
        std::move(frames_[frame].pending);
    frames_.pop_back();
    Finally(h, CfgNodeKind::kHandlerEnd, pending, [] {});
  }

  // The end of a finally-like region: the frontier (normal flow) and the
  // pending jumps enter `body`; after it, one `end_kind` node continues to
  // the normal successor (if normal flow entered) and to every pending jump's
  // target.
  template <typename BuildBody>
  void Finally(const ast::Node& owner,
               CfgNodeKind end_kind,
               const std::vector<std::pair<CfgNodeId, Jump>>& pending,
               BuildBody&& body) {
    const bool normal = !frontier_.empty();
    for (const auto& p : pending) {
      frontier_.push_back(p.first);
    }
    body();
    if (frontier_.empty()) {
      return;  // the finally itself returned/raised: pending jumps are lost
    }
    if (pending.empty() && end_kind == CfgNodeKind::kFinallyEnd) {
      return;  // only normal flow: no join node needed
    }
    CfgNodeId e = AddNode(end_kind, &owner);
    bool sent[kJumpKinds] = {};
    for (const auto& p : pending) {
      auto k = static_cast<int>(p.second);
      if (!sent[k]) {
        sent[k] = true;
        SendJump(e, p.second);
      }
    }
    if (!normal) {
      frontier_.clear();
    }
  }

  Cfgs& out_;
  Cfg* g_ = nullptr;
  std::vector<const ast::Node*>* children_ = nullptr;
  std::vector<std::pair<CfgNodeId, CfgNodeId>> edges_;
  std::vector<CfgNodeId> frontier_;
  const bool with_swallows_any_;
  std::vector<std::pair<CfgNodeId, CfgNodeId>> swallowed_;
  std::vector<Frame> frames_;
  int try_depth_ = 0;
  std::vector<uint32_t> cursor_;
  std::vector<std::pair<CfgNodeId, size_t>> dfs_;
};

std::unique_ptr<Cfgs> Cfgs::Compute(const ast::Module& module,
                                    AnalysisManager& analyses) {
  auto out = std::make_unique<Cfgs>();
  CfgBuilder builder(*out, module, analyses.model().with_swallows_any);
  builder.Run(module);
  return out;
}

std::unique_ptr<Cfgs> Cfgs::ComputeFor(
    const ast::Module& module, std::span<const ast::Node* const> roots) {
  auto out = std::make_unique<Cfgs>();
  CfgBuilder builder(*out, module, /*with_swallows_any=*/false);
  builder.RunOn(roots);
  return out;
}

const Cfg& Cfgs::Of(const ast::Node* scope_node) const {
  if (scope_node == nullptr) {
    AGC_CHECK_MSG(has_module_graph_, "no module graph in these graphs");
    return *cfgs_.front();
  }
  AGC_CHECK(scope_node->node_id < scope_cfg_.size());
  uint32_t index = scope_cfg_[scope_node->node_id];
  AGC_CHECK_MSG(index != UINT32_MAX, "not a def/class with a graph");
  return *cfgs_[index];
}

CfgLocation Cfgs::Locate(const ast::Node& node) const {
  if (node.node_id >= slots_.size()) {
    return {};
  }
  const Slot& slot = slots_[node.node_id];
  if (slot.cfg == UINT32_MAX) {
    return {};
  }
  return CfgLocation{cfgs_[slot.cfg].get(), slot.first, slot.end};
}

}  // namespace agc::analysis
