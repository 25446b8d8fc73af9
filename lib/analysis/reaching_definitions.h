// Reaching definitions: which bindings of each symbol may reach each CFG
// node, and whether a local may be unbound there.
//
// Attaches: per graph, its definitions and, for every CFG node, the set of
//   definitions reaching its entry and its exit; queries by statement.
// Requires: cfg, activity, qual_names.
//
// The model:
// - Tracked symbols of a scope: its local plain names (Scope::bound, which
//   includes parameters and excludes global/nonlocal names) and every
//   composite symbol (`a.b`, `a[0]`) the scope modifies or deletes. Globals,
//   nonlocals and free names have no local definitions.
// - Every node that modifies a tracked symbol defines it (kBind); parameters
//   are defined at the entry (kParam); every other local starts unbound at the
//   entry (kUnbound); `del x` and the end of `except ... as x` make it unbound
//   again (kDeleted). Composites have no kUnbound definition.
// - A nested def/class statement binds its name, and may bind (a definition
//   that kills nothing) what its body writes through nonlocal/global.
// - A definition of `s` kills every other definition of `s` and of the
//   composites whose meaning depends on `s` (`a = 1` kills `a.b`, `x[a]`).
// - A graph whose table would exceed kMaxFactBits (nodes x definitions; the
//   largest in the standard library is about 1% of it) is solved coarsely:
//   every definition of a symbol reaches every reachable node (sound, so
//   queries stay safe; only pathological generated scopes hit it).
// - Edges into exception handlers carry the facts of the node that may raise,
//   and the Try node itself may raise, so what held before the try reaches
//   the handlers too (see cfg.h).
// - Graphs are solved on demand: the first query about a graph solves it;
//   ComputeAll solves every graph. The analyses it was computed from must
//   outlive it (the manager keeps them while it is fresh or kept as an
//   original).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "lib/analysis/cfg.h"
#include "lib/analysis/dataflow.h"
#include "lib/analysis/manager.h"
#include "lib/analysis/qual_names.h"
#include "lib/ast/ast.h"

namespace agc::analysis {

class Activity;
class ReachingDefinitionsBuilder;

enum class DefinitionKind : uint8_t {
  kBind,     // node: the statement, compound statement (For, With, If/While
             // with a walrus), ExceptHandler or MatchCase that binds
  kParam,    // node: the parameter's Arg
  kUnbound,  // at the entry; node: the scope node (null for the module)
  kDeleted,  // node: the Delete statement or the ExceptHandler (`as` name)
};

struct Definition {
  SymbolId symbol = kNoSymbol;
  DefinitionKind kind = DefinitionKind::kBind;
  CfgNodeId cfg_node = kNoCfgNode;  // where it happens
  const ast::Node* node = nullptr;

  // Whether it gives the symbol a value (kBind, kParam).
  bool binds() const {
    return kind == DefinitionKind::kBind || kind == DefinitionKind::kParam;
  }
};

// Index of a definition in its graph's Definitions().
using DefinitionId = uint32_t;

class ReachingDefinitions {
 public:
  static constexpr size_t kMaxFactBits = size_t{1} << 27;

  static constexpr std::string_view kName = "reaching_definitions";
  static std::unique_ptr<ReachingDefinitions> Compute(
      const ast::Module& module, AnalysisManager& analyses);
  // The same from given analyses (see subtree.h), which must outlive it.
  static std::unique_ptr<ReachingDefinitions> ComputeFrom(
      const Cfgs& cfgs, const Activity& activity, const QualNames& qn);

  // The definitions of one graph. Those of one symbol are contiguous, ordered
  // by symbol id, then entry definitions first, then by node.
  std::span<const Definition> Definitions(const Cfg& cfg) const;

  // The definitions of `symbol` in `cfg` (empty when it is not tracked there).
  std::span<const Definition> DefinitionsOf(const Cfg& cfg,
                                            SymbolId symbol) const;

  bool Tracks(const Cfg& cfg, SymbolId symbol) const {
    return !DefinitionsOf(cfg, symbol).empty();
  }

  // Whether definition `d` reaches the entry / the exit of node `n`.
  bool ReachesIn(const Cfg& cfg, CfgNodeId n, DefinitionId d) const;
  bool ReachesOut(const Cfg& cfg, CfgNodeId n, DefinitionId d) const;

  // Every definition reaching the entry / exit of node `n`, in id order.
  std::vector<const Definition*> In(const Cfg& cfg, CfgNodeId n) const;
  std::vector<const Definition*> Out(const Cfg& cfg, CfgNodeId n) const;

  // The binding definitions (kBind, kParam) of `symbol` that reach the entry
  // of node `n`, in id order.
  std::vector<const Definition*> Reaching(const Cfg& cfg,
                                          CfgNodeId n,
                                          SymbolId symbol) const;

  // The same at a statement, ExceptHandler or MatchCase (its first node: a
  // compound statement's header). Empty for other nodes.
  std::vector<const Definition*> Reaching(const ast::Node& at,
                                          SymbolId symbol) const;

  // Whether `symbol`, a local of the scope, may be unbound on entry to node
  // `n` / to `at`: on some path from the scope's entry it was never bound or
  // was deleted. False for symbols that are not tracked locals and for nodes
  // the entry does not reach.
  bool MayBeUndefined(const Cfg& cfg, CfgNodeId n, SymbolId symbol) const;
  bool MayBeUndefined(const ast::Node& at, SymbolId symbol) const;

  // The same on exit from node `n` / from the first node of `at` (an `if`
  // after its test ran: a walrus in the test may have bound it).
  bool MayBeUndefinedAfter(const Cfg& cfg, CfgNodeId n, SymbolId symbol) const;
  bool MayBeUndefinedAfterFirst(const ast::Node& at, SymbolId symbol) const;

  // Solves every graph now (`--analyze`, tests).
  void ComputeAll() const;

  ReachingDefinitions();
  ~ReachingDefinitions();

 private:
  struct SymbolRange {
    SymbolId symbol;
    DefinitionId begin;
    DefinitionId end;
  };

  struct Graph {
    std::vector<Definition> defs;
    std::vector<SymbolRange> ranges;  // sorted by symbol
    BitRows in;
    BitRows out;
    // Too large for per-node bit sets (nodes x definitions beyond
    // kMaxFactBits): every definition is taken to reach every reachable node.
    bool coarse = false;
  };

  const Graph& GraphOf(const Cfg& cfg) const;
  static bool InBit(const Cfg& cfg,
                    const Graph& g,
                    CfgNodeId n,
                    DefinitionId d);
  static bool OutBit(const Cfg& cfg,
                     const Graph& g,
                     CfgNodeId n,
                     DefinitionId d);

  // Whether `symbol` can have an unbound definition (kUnbound, kDeleted) in
  // `cfg` at all, from its scope alone: answers most queries without
  // solving the graph.
  bool MayHaveUnboundDefinition(const Cfg& cfg, SymbolId symbol) const;

  friend class ReachingDefinitionsBuilder;
  const Cfgs* cfgs_ = nullptr;
  const Activity* activity_ = nullptr;
  // Indexed by Cfg::index(); solved on first use by the builder.
  mutable std::vector<Graph> graphs_;
  mutable std::vector<bool> solved_;
  mutable std::unique_ptr<ReachingDefinitionsBuilder> builder_;
};

}  // namespace agc::analysis
