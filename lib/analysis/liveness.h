// Liveness: which symbols may be read later, before being written again.
//
// Attaches: live-in and live-out symbol sets to every statement (simple and
//   compound), ExceptHandler and MatchCase of every graph.
// Requires: cfg, activity, qual_names.
//
// The model:
// - A node reads, then writes (`x = x + 1` keeps `x` live before it). Reads
//   come from the activity: a nested def/lambda/comprehension reads its free
//   symbols at its definition; a For header reads the iterable and its target
//   node writes the target (see dataflow.h).
// - Composite symbols: a read of `a.b` keeps `a.b` and its support (`a`) live;
//   a write or `del` of `a` kills `a` and every composite whose meaning
//   depends on `a` (`a.b`, `a.b.c`, `x[a]`); a write of `a.b` kills `a.b` and
//   its extensions (`a.b.c`). `del x` kills but does not read `x`.
// - What is live when the scope is left (normal or raise exit): in a function,
//   its global and nonlocal names, every composite symbol (the object it
//   belongs to may outlive the call) and the locals that nested functions,
//   lambdas or classes read (closures see the last value, however late they
//   run); in a class body or the module, every symbol the body binds and
//   every composite.
// - Compound statements: live-in is the live-in of the header (of the Try
//   node for a try); live-out is the union of the live-in of every node a
//   jump out of the statement's nodes leads to (normal completion, break,
//   return, raise). A simple statement's live-out is the union of its
//   successors' live-in.
// - A graph whose nodes x symbols exceed kMaxFactBits (pathological
//   generated code; the standard library stays far below) is not solved:
//   every symbol it touches is live at every statement (sound).
// - Graphs are solved on demand: the first query about a node of a graph
//   solves that graph (a pass that reads a few functions pays for those
//   only); ComputeAll solves every graph. The analyses it was computed from
//   must outlive it (the manager keeps them while it is fresh or kept as an
//   original).
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "lib/analysis/cfg.h"
#include "lib/analysis/manager.h"
#include "lib/analysis/qual_names.h"
#include "lib/ast/ast.h"

namespace agc::analysis {

class Activity;
class LivenessBuilder;

class Liveness {
 public:
  static constexpr size_t kMaxFactBits = size_t{1} << 27;

  static constexpr std::string_view kName = "liveness";
  static std::unique_ptr<Liveness> Compute(const ast::Module& module,
                                           AnalysisManager& analyses);
  // The same from given analyses (see subtree.h), which must outlive it.
  static std::unique_ptr<Liveness> ComputeFrom(const ast::Module& module,
                                               const Cfgs& cfgs,
                                               const Activity& activity,
                                               const QualNames& qn);

  // Live on entry to / after a statement, ExceptHandler or MatchCase. A check
  // failure for other nodes (HasFacts tells).
  const SymbolSet& LiveIn(const ast::Node& node) const;
  const SymbolSet& LiveOut(const ast::Node& node) const;

  bool HasFacts(const ast::Node& node) const;

  // Solves every graph now (`--analyze`, tests).
  void ComputeAll() const;

  Liveness();
  ~Liveness();

 private:
  friend class LivenessBuilder;
  // Solves the graph of `node` (a statement, handler or case) if it was not
  // solved yet.
  void Ensure(const ast::Node& node) const;

  const Cfgs* cfgs_ = nullptr;
  // Solved graphs, by Cfg::index(); the builder keeps its scratch space.
  mutable std::vector<bool> solved_;
  mutable std::unique_ptr<LivenessBuilder> builder_;
  mutable std::vector<uint32_t> slot_;  // ast::NodeId -> live_in_/out_
  mutable std::vector<SymbolSet> live_in_;
  mutable std::vector<SymbolSet> live_out_;
};

}  // namespace agc::analysis
