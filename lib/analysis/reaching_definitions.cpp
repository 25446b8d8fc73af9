// Attaches: definitions per graph and reaching sets per CFG node (see
//   reaching_definitions.h).
// Requires: cfg, activity, qual_names.
#include "lib/analysis/reaching_definitions.h"

#include <algorithm>

#include "lib/analysis/activity.h"

namespace agc::analysis {

namespace {

const ast::Arguments* ArgumentsOf(const ast::Node* scope) {
  if (scope == nullptr) {
    return nullptr;
  }
  if (const auto* f = scope->As<ast::FunctionDef>()) {
    return f->args;
  }
  if (const auto* f = scope->As<ast::AsyncFunctionDef>()) {
    return f->args;
  }
  return nullptr;
}

// The Arg node naming parameter `name`, or null.
const ast::Node* FindParam(const ast::Arguments* args, std::string_view name) {
  if (args == nullptr) {
    return nullptr;
  }
  for (const auto* list :
       {&args->posonlyargs, &args->args, &args->kwonlyargs}) {
    for (const ast::Arg* a : *list) {
      if (a->arg == name) {
        return a;
      }
    }
  }
  if (args->vararg != nullptr && args->vararg->arg == name) {
    return args->vararg;
  }
  if (args->kwarg != nullptr && args->kwarg->arg == name) {
    return args->kwarg;
  }
  return nullptr;
}

}  // namespace

class ReachingDefinitionsBuilder {
 public:
  ReachingDefinitionsBuilder(const Activity& activity, const QualNames& qn)
      : activity_(activity), qn_(qn) {
    range_of_.assign(qn.size(), kNone);
  }

  void Build(const Cfg& cfg, ReachingDefinitions::Graph& g) {
    effects_.Compute(cfg, activity_, qn_);
    const Scope& scope = ScopeOfCfg(cfg, activity_);
    const CfgNodeId size = cfg.size();

    // A variable a nested function deletes (`nonlocal x; del x`) may be
    // unbound after any call, wherever it is: no binding kills what reaches.
    deleted_elsewhere_.clear();
    DeletedBelow(scope, scope);

    // 1. The tracked symbols and how many definitions each has.
    tracked_.clear();
    composites_.clear();
    for (SymbolId s : scope.bound) {
      Track(s, 1);  // its parameter or unbound definition at the entry
    }
    for (CfgNodeId n = 0; n < size; ++n) {
      const SymbolSet& modified = effects_.modified(n);
      for (const SymbolSet* set :
           {&modified, &effects_.deleted(n), &effects_.weak(n)}) {
        for (SymbolId s : *set) {
          if (set == &effects_.weak(n) && modified.Contains(s)) {
            continue;  // already counted as a strong definition
          }
          if (qn_.Get(s).is_composite()) {
            Track(s, 1);
          } else if (range_of_[s] != kNone) {
            count_[range_of_[s]] += 1;
          }
        }
      }
    }
    // 2. Ranges, by symbol id.
    std::vector<size_t> perm(tracked_.size());
    for (size_t i = 0; i < perm.size(); ++i) {
      perm[i] = i;
    }
    std::sort(perm.begin(), perm.end(),
              [&](size_t a, size_t b) { return tracked_[a] < tracked_[b]; });
    g.ranges.clear();
    g.ranges.reserve(tracked_.size());
    DefinitionId next = 0;
    fill_.assign(tracked_.size(), 0);
    for (size_t i : perm) {
      g.ranges.push_back({tracked_[i], next, next + count_[i]});
      fill_[i] = next;
      next += count_[i];
    }
    g.defs.assign(next, Definition{});
    auto add = [&](SymbolId s, DefinitionKind kind, CfgNodeId n,
                   const ast::Node* node) -> DefinitionId {
      uint32_t slot = range_of_[s];
      DefinitionId id = fill_[slot]++;
      g.defs[id] = Definition{s, kind, n, node};
      return id;
    };

    // 3. Definitions and the gen/kill transfer, node by node.
    killers_ = CompositeKillers(composites_, qn_);
    const size_t words = WordsFor(next);
    gen_kill_.Reset(words);
    const ast::Arguments* args = ArgumentsOf(cfg.scope());
    for (CfgNodeId n = 0; n < size; ++n) {
      if (n == Cfg::kEntry) {
        for (SymbolId s : scope.bound) {
          if (scope.params.Contains(s)) {
            const ast::Node* arg = FindParam(args, qn_.Get(s).text);
            gen_kill_.Gen(add(s, DefinitionKind::kParam, n,
                              arg != nullptr ? arg : cfg.scope()));
          } else {
            gen_kill_.Gen(add(s, DefinitionKind::kUnbound, n, cfg.scope()));
          }
        }
      }
      const SymbolSet& modified = effects_.modified(n);
      const SymbolSet& deleted = effects_.deleted(n);
      for (const SymbolSet* set : {&modified, &deleted}) {
        for (SymbolId s : *set) {
          if (!deleted_elsewhere_.Contains(s)) {
            KillAll(g, s);
          }
        }
      }
      for (SymbolId s : modified) {
        if (range_of_[s] != kNone) {
          gen_kill_.Gen(add(s, DefinitionKind::kBind, n, cfg.ast(n)));
        }
      }
      for (SymbolId s : deleted) {
        if (range_of_[s] != kNone) {
          gen_kill_.Gen(add(s, DefinitionKind::kDeleted, n, cfg.ast(n)));
        }
      }
      for (SymbolId s : effects_.weak(n)) {
        if (range_of_[s] != kNone && !modified.Contains(s)) {
          gen_kill_.Gen(add(s, DefinitionKind::kBind, n, cfg.ast(n)));
        }
      }
      gen_kill_.EndNode();
    }

    // 4. Solve.
    g.coarse = size_t{size} * next > ReachingDefinitions::kMaxFactBits;
    if (g.coarse) {
      g.in.Reset(0, 0);
      g.out.Reset(0, 0);
    } else {
      g.in.Reset(size, words);
      g.out.Reset(size, words);
      // A with body cut short (the converter's model, see cfg.h) leaves
      // its bindings undone.
      SolveUnion(cfg, Direction::kForward, g.in, g.out, gen_kill_,
                 /*swallowed=*/true);
    }

    for (SymbolId s : tracked_) {
      range_of_[s] = kNone;
    }
  }

 private:
  // Adds to deleted_elsewhere_ the variables of `owner` that scopes nested
  // in `scope` delete through `nonlocal`.
  void DeletedBelow(const Scope& owner, const Scope& scope) {
    for (const Scope* child : scope.children) {
      for (SymbolId s : child->deleted) {
        if (child->nonlocals.Contains(s) && owner.bound.Contains(s) &&
            ResolvesTo(*child, owner, s)) {
          deleted_elsewhere_.Insert(s);
        }
      }
      DeletedBelow(owner, *child);
    }
  }

  // Whether a `nonlocal s` of `from` names `owner`'s variable: no function
  // between them binds s itself.
  static bool ResolvesTo(const Scope& from, const Scope& owner, SymbolId s) {
    for (const Scope* p = from.parent; p != nullptr && p != &owner;
         p = p->parent) {
      if (p->kind != ScopeKind::kClass && p->bound.Contains(s)) {
        return false;
      }
    }
    return true;
  }

  SymbolSet deleted_elsewhere_;
  static constexpr uint32_t kNone = UINT32_MAX;

  void Track(SymbolId s, uint32_t defs) {
    if (range_of_[s] == kNone) {
      range_of_[s] = static_cast<uint32_t>(tracked_.size());
      tracked_.push_back(s);
      count_.resize(tracked_.size());
      count_.back() = 0;
      if (qn_.Get(s).is_composite()) {
        composites_.push_back(s);
      }
    }
    count_[range_of_[s]] += defs;
  }

  // A write of `s` kills its definitions and those of the composites that
  // depend on it.
  void KillAll(const ReachingDefinitions::Graph& g, SymbolId s) {
    KillRange(g, s);
    auto it = std::lower_bound(killers_.begin(), killers_.end(),
                               std::make_pair(s, SymbolId{0}));
    for (; it != killers_.end() && it->first == s; ++it) {
      KillRange(g, it->second);
    }
  }

  void KillRange(const ReachingDefinitions::Graph& g, SymbolId s) {
    if (range_of_[s] == kNone) {
      return;
    }
    auto it = std::lower_bound(
        g.ranges.begin(), g.ranges.end(), s,
        [](const auto& r, SymbolId id) { return r.symbol < id; });
    gen_kill_.Kill(it->begin, it->end);
  }

  const Activity& activity_;
  const QualNames& qn_;
  NodeEffects effects_;
  std::vector<uint32_t> range_of_;  // SymbolId -> index in tracked_
  std::vector<SymbolId> tracked_;
  std::vector<uint32_t> count_;
  std::vector<DefinitionId> fill_;
  std::vector<SymbolId> composites_;
  std::vector<std::pair<SymbolId, SymbolId>> killers_;
  GenKill gen_kill_;
};

ReachingDefinitions::ReachingDefinitions() = default;

ReachingDefinitions::~ReachingDefinitions() = default;

std::unique_ptr<ReachingDefinitions> ReachingDefinitions::Compute(
    const ast::Module& /*module*/, AnalysisManager& analyses) {
  const Cfgs& cfgs = analyses.Get<Cfgs>();
  const Activity& activity = analyses.Get<Activity>();
  const QualNames& qn = analyses.Get<QualNames>();
  return ComputeFrom(cfgs, activity, qn);
}

std::unique_ptr<ReachingDefinitions> ReachingDefinitions::ComputeFrom(
    const Cfgs& cfgs, const Activity& activity, const QualNames& qn) {
  auto out = std::make_unique<ReachingDefinitions>();
  out->cfgs_ = &cfgs;
  out->activity_ = &activity;
  out->graphs_.resize(cfgs.all().size());
  out->solved_.assign(cfgs.all().size(), false);
  out->builder_ = std::make_unique<ReachingDefinitionsBuilder>(activity, qn);
  return out;
}

void ReachingDefinitions::ComputeAll() const {
  for (const auto& cfg : cfgs_->all()) {
    GraphOf(*cfg);
  }
}

const ReachingDefinitions::Graph& ReachingDefinitions::GraphOf(
    const Cfg& cfg) const {
  AGC_CHECK(cfg.index() < graphs_.size());
  AGC_CHECK(&cfgs_->Of(cfg.scope()) == &cfg);
  Graph& g = graphs_[cfg.index()];
  if (!solved_[cfg.index()]) {
    solved_[cfg.index()] = true;
    builder_->Build(cfg, g);
  }
  return g;
}

bool ReachingDefinitions::InBit(const Cfg& cfg,
                                const Graph& g,
                                CfgNodeId n,
                                DefinitionId d) {
  return g.coarse ? cfg.Reachable(n) : g.in.Test(n, d);
}

bool ReachingDefinitions::OutBit(const Cfg& cfg,
                                 const Graph& g,
                                 CfgNodeId n,
                                 DefinitionId d) {
  return g.coarse ? cfg.Reachable(n) : g.out.Test(n, d);
}

std::span<const Definition> ReachingDefinitions::Definitions(
    const Cfg& cfg) const {
  return GraphOf(cfg).defs;
}

std::span<const Definition> ReachingDefinitions::DefinitionsOf(
    const Cfg& cfg, SymbolId symbol) const {
  const Graph& g = GraphOf(cfg);
  auto it = std::lower_bound(
      g.ranges.begin(), g.ranges.end(), symbol,
      [](const SymbolRange& r, SymbolId id) { return r.symbol < id; });
  if (it == g.ranges.end() || it->symbol != symbol) {
    return {};
  }
  return std::span<const Definition>(g.defs).subspan(it->begin,
                                                     it->end - it->begin);
}

bool ReachingDefinitions::ReachesIn(const Cfg& cfg,
                                    CfgNodeId n,
                                    DefinitionId d) const {
  const Graph& g = GraphOf(cfg);
  AGC_CHECK(n < cfg.size() && d < g.defs.size());
  return InBit(cfg, g, n, d);
}

bool ReachingDefinitions::ReachesOut(const Cfg& cfg,
                                     CfgNodeId n,
                                     DefinitionId d) const {
  const Graph& g = GraphOf(cfg);
  AGC_CHECK(n < cfg.size() && d < g.defs.size());
  return OutBit(cfg, g, n, d);
}

std::vector<const Definition*> ReachingDefinitions::In(const Cfg& cfg,
                                                       CfgNodeId n) const {
  const Graph& g = GraphOf(cfg);
  std::vector<const Definition*> out;
  for (DefinitionId d = 0; d < g.defs.size(); ++d) {
    if (InBit(cfg, g, n, d)) {
      out.push_back(&g.defs[d]);
    }
  }
  return out;
}

std::vector<const Definition*> ReachingDefinitions::Out(const Cfg& cfg,
                                                        CfgNodeId n) const {
  const Graph& g = GraphOf(cfg);
  std::vector<const Definition*> out;
  for (DefinitionId d = 0; d < g.defs.size(); ++d) {
    if (OutBit(cfg, g, n, d)) {
      out.push_back(&g.defs[d]);
    }
  }
  return out;
}

std::vector<const Definition*> ReachingDefinitions::Reaching(
    const Cfg& cfg, CfgNodeId n, SymbolId symbol) const {
  const Graph& g = GraphOf(cfg);
  std::span<const Definition> defs = DefinitionsOf(cfg, symbol);
  std::vector<const Definition*> out;
  for (const Definition& d : defs) {
    auto id = static_cast<DefinitionId>(&d - g.defs.data());
    if (d.binds() && InBit(cfg, g, n, id)) {
      out.push_back(&d);
    }
  }
  return out;
}

std::vector<const Definition*> ReachingDefinitions::Reaching(
    const ast::Node& at, SymbolId symbol) const {
  CfgLocation loc = cfgs_->Locate(at);
  if (!loc) {
    return {};
  }
  return Reaching(*loc.cfg, loc.first, symbol);
}

bool ReachingDefinitions::MayHaveUnboundDefinition(const Cfg& cfg,
                                                   SymbolId symbol) const {
  // Only a local that is not a parameter starts unbound (kUnbound), and only
  // a deleted symbol (`del`, the end of `except ... as`) becomes unbound
  // again (kDeleted); the scope's sets hold every such symbol. Most reads
  // are of parameters, globals and builtins, whose graphs then stay
  // unsolved.
  const Scope& scope = ScopeOfCfg(cfg, *activity_);
  return (scope.bound.Contains(symbol) && !scope.params.Contains(symbol)) ||
         scope.deleted.Contains(symbol);
}

bool ReachingDefinitions::MayBeUndefined(const Cfg& cfg,
                                         CfgNodeId n,
                                         SymbolId symbol) const {
  if (!MayHaveUnboundDefinition(cfg, symbol)) {
    return false;
  }
  const Graph& g = GraphOf(cfg);
  for (const Definition& d : DefinitionsOf(cfg, symbol)) {
    auto id = static_cast<DefinitionId>(&d - g.defs.data());
    if (!d.binds() && InBit(cfg, g, n, id)) {
      return true;
    }
  }
  return false;
}

bool ReachingDefinitions::MayBeUndefined(const ast::Node& at,
                                         SymbolId symbol) const {
  CfgLocation loc = cfgs_->Locate(at);
  if (!loc) {
    return false;
  }
  return MayBeUndefined(*loc.cfg, loc.first, symbol);
}

bool ReachingDefinitions::MayBeUndefinedAfter(const Cfg& cfg,
                                              CfgNodeId n,
                                              SymbolId symbol) const {
  if (!MayHaveUnboundDefinition(cfg, symbol)) {
    return false;
  }
  const Graph& g = GraphOf(cfg);
  for (const Definition& d : DefinitionsOf(cfg, symbol)) {
    auto id = static_cast<DefinitionId>(&d - g.defs.data());
    if (!d.binds() && OutBit(cfg, g, n, id)) {
      return true;
    }
  }
  return false;
}

bool ReachingDefinitions::MayBeUndefinedAfterFirst(const ast::Node& at,
                                                   SymbolId symbol) const {
  CfgLocation loc = cfgs_->Locate(at);
  if (!loc) {
    return false;
  }
  return MayBeUndefinedAfter(*loc.cfg, loc.first, symbol);
}

}  // namespace agc::analysis
