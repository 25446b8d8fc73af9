// Control-flow graphs: one per scope body (the module, every FunctionDef /
// AsyncFunctionDef body, every class body). Lambdas and comprehensions are
// parts of the expressions of their parent; nested defs and classes are single
// opaque nodes of their parent's graph.
//
// Attaches: a Cfg to the module and to every FunctionDef, AsyncFunctionDef and
//   ClassDef; to every statement, ExceptHandler and MatchCase the graph and
//   the range of graph nodes built for it (Locate).
// Requires: nothing.
//
// Nodes. Every graph has an entry (0), a normal exit (1) and a raise exit (2:
// an exception leaves the scope). A simple statement is one node (kStmt). A
// compound statement is a header node (kHeader: the If/While test, the For
// iteration, the With items, the Match subject, each MatchCase's pattern
// test, each ExceptHandler's type test, an empty node where a Try starts)
// followed by the nodes of its bodies. Synthetic nodes: kBind binds, on the
// way into the body only, a For target, a MatchCase's captures or an
// `except ... as` name (so a loop that runs zero times, a failed pattern or an
// unmatched handler leaves them as they were); kCaseGuard evaluates a case's
// guard (after the captures); kHandlerEnd is the end of `except ... as e`,
// where `e` is deleted (every jump out of the handler body passes through
// it); kFinallyEnd is the end of a finally block, continuing to every jump
// target that was pending when it started.
//
// Edges, as Python runs:
// - if: header -> body, header -> else (or past the if).
// - while/for: header -> (for: bind ->) body -> header; header -> else ->
//   after; break ->
//   after (skipping else); continue -> header. `while True:` (or any
//   non-zero int literal) has no exit through its test.
// - match: subject -> case 1 -> case 2 ...: each case header goes to its
//   captures (bind), guard and body and, when the pattern or the guard fails,
//   to the next case (past the last: after the match). An irrefutable pattern
//   (`_`, a capture) without guard does not fail.
// - try: the Try node, every node of the try body and the Try node itself may
//   raise into the first handler header; handler i's header goes to its body
//   and to handler i+1 (no match); an unmatched exception propagates from the
//   last typed handler; a handler's `as` name is bound after its header
//   (bind). try-body end -> else. With a finally block, every
//   exit of the try body, handlers and else (normal, break, continue, return,
//   raise) enters the finally; its end (a kFinallyEnd node) goes on to every
//   target that was pending. A return/break/continue inside the finally
//   itself discards what was pending, as in Python. except* handlers may run
//   one after another: each handler's end also goes to the next header, and
//   the last one's end may re-raise the unmatched rest.
// - raise: to the innermost handlers / finally, else the raise exit. assert:
//   falls through and may raise. Outside a try, no other statement gets a
//   raise edge; inside a try every node does.
// - with: header -> body -> after. A context manager may suppress the
//   exception of a `raise` or `assert` in the body: that node -> after. For
//   the converter (ModelOptions::with_swallows_any) any statement of the
//   body may be cut short so: a separate kind of edge, from the header and
//   from every node of the body to after (swallowed_successors), which
//   reaching definitions and liveness follow
//   (a name the body binds may be unbound after it, or hold the value it
//   had before the with). Lint does not model it.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lib/analysis/manager.h"
#include "lib/ast/ast.h"

namespace agc::analysis {

using CfgNodeId = uint32_t;
inline constexpr CfgNodeId kNoCfgNode = UINT32_MAX;

enum class CfgNodeKind : uint8_t {
  kEntry,       // ast: the scope node (null for the module)
  kExit,        // normal end of the scope; ast: the scope node
  kRaiseExit,   // an exception leaves the scope; ast: the scope node
  kStmt,        // a simple statement, or a nested def / class (opaque)
  kHeader,      // the part of a compound statement before its body
  kBind,        // binds a For target (ast: the For), a MatchCase's captures
                // (the MatchCase) or an `except ... as` name (the handler)
  kCaseGuard,   // a MatchCase's guard; ast: the MatchCase
  kHandlerEnd,  // end of `except ... as name`; ast: the ExceptHandler
  kFinallyEnd,  // end of a finally block; ast: the Try/TryStar
};

std::string_view CfgNodeKindName(CfgNodeKind kind);  // "header"

class Cfg {
 public:
  static constexpr CfgNodeId kEntry = 0;
  static constexpr CfgNodeId kExit = 1;
  static constexpr CfgNodeId kRaiseExit = 2;

  // The scope whose body this is: a FunctionDef, AsyncFunctionDef or
  // ClassDef; null for the module.
  const ast::Node* scope() const { return scope_; }

  // Position of this graph in Cfgs::all().
  uint32_t index() const { return index_; }

  CfgNodeId size() const { return static_cast<CfgNodeId>(kinds_.size()); }

  CfgNodeKind kind(CfgNodeId n) const { return kinds_[n]; }

  const ast::Node* ast(CfgNodeId n) const { return asts_[n]; }

  // Sorted by node id, no duplicates.
  std::span<const CfgNodeId> successors(CfgNodeId n) const {
    return {succ_.data() + succ_begin_[n], succ_.data() + succ_begin_[n + 1]};
  }

  std::span<const CfgNodeId> predecessors(CfgNodeId n) const {
    return {pred_.data() + pred_begin_[n], pred_.data() + pred_begin_[n + 1]};
  }

  // The edges from a `with` header to what follows the statement, for a
  // body cut short by an exception the context manager swallows (only with
  // ModelOptions::with_swallows_any; see above). Sorted, no duplicates; not
  // in successors()/predecessors(), order() or Reachable().
  std::span<const CfgNodeId> swallowed_successors(CfgNodeId n) const {
    if (swallowed_succ_.empty()) {
      return {};
    }
    return {swallowed_succ_.data() + swallowed_succ_begin_[n],
            swallowed_succ_.data() + swallowed_succ_begin_[n + 1]};
  }

  std::span<const CfgNodeId> swallowed_predecessors(CfgNodeId n) const {
    if (swallowed_pred_.empty()) {
      return {};
    }
    return {swallowed_pred_.data() + swallowed_pred_begin_[n],
            swallowed_pred_.data() + swallowed_pred_begin_[n + 1]};
  }

  bool has_swallowed_edges() const { return !swallowed_succ_.empty(); }

  // Every node once: reverse postorder from the entry (successors visited in
  // id order), then the nodes the entry cannot reach, by id. Forward dataflow
  // walks it front to back, backward dataflow back to front.
  std::span<const CfgNodeId> order() const { return order_; }

  // Whether the entry reaches `n`.
  bool Reachable(CfgNodeId n) const { return reachable_[n]; }

 private:
  friend class CfgBuilder;
  const ast::Node* scope_ = nullptr;
  uint32_t index_ = 0;
  std::vector<CfgNodeKind> kinds_;
  std::vector<const ast::Node*> asts_;
  std::vector<uint32_t> succ_begin_;  // size() + 1 entries
  std::vector<CfgNodeId> succ_;
  std::vector<uint32_t> pred_begin_;
  std::vector<CfgNodeId> pred_;
  std::vector<CfgNodeId> order_;
  std::vector<bool> reachable_;
  // Empty when the graph has no swallowed edges.
  std::vector<uint32_t> swallowed_succ_begin_;
  std::vector<CfgNodeId> swallowed_succ_;
  std::vector<uint32_t> swallowed_pred_begin_;
  std::vector<CfgNodeId> swallowed_pred_;
};

// Where a statement (or ExceptHandler / MatchCase) is in its graph: the nodes
// built for it are [first, end), and `first` is its own node (a simple
// statement's node, or a compound statement's header).
struct CfgLocation {
  const Cfg* cfg = nullptr;
  CfgNodeId first = kNoCfgNode;
  CfgNodeId end = kNoCfgNode;

  explicit operator bool() const { return cfg != nullptr; }
};

class Cfgs {
 public:
  static constexpr std::string_view kName = "cfg";
  static std::unique_ptr<Cfgs> Compute(const ast::Module& module,
                                       AnalysisManager& analyses);
  // The graphs of the functions `roots` and of the scopes nested in them
  // only (see subtree.h); there is no module graph.
  static std::unique_ptr<Cfgs> ComputeFor(
      const ast::Module& module, std::span<const ast::Node* const> roots);

  // The graph of a scope body: null for the module, else a FunctionDef,
  // AsyncFunctionDef or ClassDef (a check failure for other nodes and for
  // the module in ComputeFor's graphs).
  const Cfg& Of(const ast::Node* scope_node) const;

  // Every graph: the module's first, then the nested scopes in source order
  // (a pre-order walk of the scope tree).
  const std::vector<std::unique_ptr<Cfg>>& all() const { return cfgs_; }

  // The graph and nodes of a statement, ExceptHandler or MatchCase (every
  // one of the module is in a graph); an empty location for other nodes.
  CfgLocation Locate(const ast::Node& node) const;

 private:
  friend class CfgBuilder;

  struct Slot {
    uint32_t cfg = UINT32_MAX;
    CfgNodeId first = kNoCfgNode;
    CfgNodeId end = kNoCfgNode;
  };

  std::vector<std::unique_ptr<Cfg>> cfgs_;
  bool has_module_graph_ = true;     // cfgs_[0] is the module's
  std::vector<Slot> slots_;          // indexed by ast::NodeId
  std::vector<uint32_t> scope_cfg_;  // ast::NodeId -> index in cfgs_
};

// Graphviz dot for one graph: a node per CFG node labelled `line: first line
// of the statement text` (synthetic nodes say what they are), edges in node
// order. Deterministic.
std::string ToDot(const Cfg& cfg, const ast::Module& module);

// A short label of a CFG node: "entry", "exit", "raise", "3: x = 1",
// "5: (bind) i", "7: (guard) x > 0", "9: (end of except) del e",
// "12: (end of finally)".
std::string NodeLabel(const Cfg& cfg, CfgNodeId n, const ast::Module& module);

}  // namespace agc::analysis
