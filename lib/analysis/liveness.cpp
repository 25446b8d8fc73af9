// Attaches: live-in / live-out sets per statement, ExceptHandler and
//   MatchCase (see liveness.h).
// Requires: cfg, activity, qual_names.
#include "lib/analysis/liveness.h"

#include <algorithm>

#include "lib/analysis/activity.h"
#include "lib/analysis/dataflow.h"

namespace agc::analysis {

namespace {
constexpr uint32_t kNone = UINT32_MAX;
}  // namespace

class LivenessBuilder {
 public:
  LivenessBuilder(const ast::Module& module,
                  const Cfgs& cfgs,
                  const Activity& activity,
                  const QualNames& qn,
                  Liveness& out)
      : cfgs_(cfgs), activity_(activity), qn_(qn), out_(out) {
    bit_of_.assign(qn.size(), kNone);
    out_.slot_.assign(module.node_count(), kNone);
  }

  void Build(const Cfg& cfg) {
    effects_.Compute(cfg, activity_, qn_);
    const Scope& scope = ScopeOfCfg(cfg, activity_);
    const CfgNodeId size = cfg.size();

    // 1. The universe: every symbol a node touches, and the supports of the
    // composites read.
    universe_.clear();
    for (CfgNodeId n = 0; n < size; ++n) {
      for (SymbolId s : effects_.read(n)) {
        universe_.push_back(s);
        const Symbol& sym = qn_.Get(s);
        if (sym.is_composite()) {
          universe_.insert(universe_.end(), sym.support.begin(),
                           sym.support.end());
        }
      }
      universe_.insert(universe_.end(), effects_.modified(n).begin(),
                       effects_.modified(n).end());
      universe_.insert(universe_.end(), effects_.deleted(n).begin(),
                       effects_.deleted(n).end());
    }
    std::sort(universe_.begin(), universe_.end());
    universe_.erase(std::unique(universe_.begin(), universe_.end()),
                    universe_.end());
    composites_.clear();
    for (size_t i = 0; i < universe_.size(); ++i) {
      bit_of_[universe_[i]] = static_cast<uint32_t>(i);
      if (qn_.Get(universe_[i]).is_composite()) {
        composites_.push_back(universe_[i]);
      }
    }
    killers_ = CompositeKillers(composites_, qn_);

    if (size_t{size} * universe_.size() > Liveness::kMaxFactBits) {
      Coarse(cfg);
      return;
    }

    // 2. What is live when the scope is left.
    exit_live_.clear();
    for (SymbolId s : composites_) {
      exit_live_.push_back(bit_of_[s]);
    }
    if (scope.kind == ScopeKind::kFunction) {
      AddLive(scope.globals);
      AddLive(scope.nonlocals);
      captured_.clear();
      Captured(scope, scope);
      for (SymbolId s : captured_) {
        AddLive(s);
      }
    } else {
      AddLive(scope.bound);
      AddLive(scope.globals);
    }

    // 3. Gen/kill: in = read | (out - written).
    const size_t words = WordsFor(universe_.size());
    gen_kill_.Reset(words);
    for (CfgNodeId n = 0; n < size; ++n) {
      for (const SymbolSet* set :
           {&effects_.modified(n), &effects_.deleted(n)}) {
        for (SymbolId s : *set) {
          Kill(s);
          auto it = std::lower_bound(killers_.begin(), killers_.end(),
                                     std::make_pair(s, SymbolId{0}));
          for (; it != killers_.end() && it->first == s; ++it) {
            Kill(it->second);
          }
        }
      }
      for (SymbolId s : effects_.read(n)) {
        gen_kill_.Gen(bit_of_[s]);
        const Symbol& sym = qn_.Get(s);
        if (sym.is_composite()) {
          for (SymbolId t : sym.support) {
            gen_kill_.Gen(bit_of_[t]);
          }
        }
      }
      if (n == Cfg::kExit || n == Cfg::kRaiseExit) {
        for (uint32_t b : exit_live_) {
          gen_kill_.Gen(b);
        }
      }
      gen_kill_.EndNode();
    }

    // 4. Solve backwards.
    in_.Reset(size, words);
    out_rows_.Reset(size, words);
    // A with body cut short (the converter's model, see cfg.h): what
    // follows the with may read what the body would have rebound.
    SolveUnion(cfg, Direction::kBackward, in_, out_rows_, gen_kill_,
               /*swallowed=*/true);

    // 5. Facts per statement / handler / case.
    scratch_.resize(words);
    for (CfgNodeId n = 0; n < size; ++n) {
      CfgNodeKind kind = cfg.kind(n);
      if (kind != CfgNodeKind::kStmt && kind != CfgNodeKind::kHeader) {
        continue;
      }
      const ast::Node* node = cfg.ast(n);
      CfgLocation loc = cfgs_.Locate(*node);
      if (!loc || loc.first != n) {
        continue;
      }
      const uint64_t* live_out = out_rows_.Row(n);
      if (loc.end - loc.first > 1) {
        std::fill(scratch_.begin(), scratch_.end(), 0);
        auto leaving = [&](std::span<const CfgNodeId> successors) {
          for (CfgNodeId s : successors) {
            if (s >= loc.first && s < loc.end) {
              continue;
            }
            const uint64_t* row = in_.Row(s);
            for (size_t w = 0; w < words; ++w) {
              scratch_[w] |= row[w];
            }
          }
        };
        for (CfgNodeId m = loc.first; m < loc.end; ++m) {
          leaving(cfg.successors(m));
          leaving(cfg.swallowed_successors(m));
        }
        live_out = scratch_.data();
      }
      out_.slot_[node->node_id] = static_cast<uint32_t>(out_.live_in_.size());
      out_.live_in_.push_back(ToSet(in_.Row(n), words));
      out_.live_out_.push_back(ToSet(live_out, words));
    }

    Reset();
  }

 private:
  void Reset() {
    for (SymbolId s : universe_) {
      bit_of_[s] = kNone;
    }
  }

  // Too large to solve: every symbol is live everywhere (one shared set).
  void Coarse(const Cfg& cfg) {
    auto slot = static_cast<uint32_t>(out_.live_in_.size());
    out_.live_in_.push_back(SymbolSet::FromIds(universe_));
    out_.live_out_.push_back(out_.live_in_.back());
    for (CfgNodeId n = 0; n < cfg.size(); ++n) {
      CfgNodeKind kind = cfg.kind(n);
      if (kind == CfgNodeKind::kStmt || kind == CfgNodeKind::kHeader) {
        CfgLocation loc = cfgs_.Locate(*cfg.ast(n));
        if (loc && loc.first == n) {
          out_.slot_[cfg.ast(n)->node_id] = slot;
        }
      }
    }
    Reset();
  }

  void Kill(SymbolId s) {
    uint32_t b = bit_of_[s];
    if (b != kNone) {
      gen_kill_.Kill(b, b + 1);
    }
  }

  void AddLive(SymbolId s) {
    if (bit_of_[s] != kNone) {
      exit_live_.push_back(bit_of_[s]);
    }
  }

  void AddLive(const SymbolSet& set) {
    for (SymbolId s : set) {
      AddLive(s);
    }
  }

  // The locals of `owner` that functions and lambdas nested in `scope` read
  // (looking through classes and comprehensions, which run at once).
  void Captured(const Scope& owner, const Scope& scope) {
    for (const Scope* child : scope.children) {
      if (child->kind == ScopeKind::kClass ||
          child->kind == ScopeKind::kComprehension) {
        Captured(owner, *child);
        continue;
      }
      for (SymbolId id : child->read) {
        SymbolId root = qn_.Get(id).root;
        if (owner.bound.Contains(root) && !child->bound.Contains(root) &&
            !child->globals.Contains(root) &&
            !ResolvesToTypeParam(*child, root, owner)) {
          captured_.push_back(root);
        }
      }
    }
  }

  SymbolSet ToSet(const uint64_t* row, size_t words) {
    ids_.clear();
    ForEachBit(row, words, [&](uint32_t b) { ids_.push_back(universe_[b]); });
    return SymbolSet::FromIds(ids_);
  }

  const Cfgs& cfgs_;
  const Activity& activity_;
  const QualNames& qn_;
  Liveness& out_;
  NodeEffects effects_;
  std::vector<uint32_t> bit_of_;  // SymbolId -> bit in this graph's rows
  std::vector<SymbolId> universe_;
  std::vector<SymbolId> composites_;
  std::vector<std::pair<SymbolId, SymbolId>> killers_;
  std::vector<uint32_t> exit_live_;
  std::vector<SymbolId> captured_;
  std::vector<SymbolId> ids_;
  GenKill gen_kill_;
  BitRows in_;
  BitRows out_rows_;
  std::vector<uint64_t> scratch_;
};

Liveness::Liveness() = default;

Liveness::~Liveness() = default;

std::unique_ptr<Liveness> Liveness::Compute(const ast::Module& module,
                                            AnalysisManager& analyses) {
  const Cfgs& cfgs = analyses.Get<Cfgs>();
  const Activity& activity = analyses.Get<Activity>();
  const QualNames& qn = analyses.Get<QualNames>();
  return ComputeFrom(module, cfgs, activity, qn);
}

std::unique_ptr<Liveness> Liveness::ComputeFrom(const ast::Module& module,
                                                const Cfgs& cfgs,
                                                const Activity& activity,
                                                const QualNames& qn) {
  auto out = std::make_unique<Liveness>();
  out->cfgs_ = &cfgs;
  out->solved_.assign(cfgs.all().size(), false);
  out->builder_ =
      std::make_unique<LivenessBuilder>(module, cfgs, activity, qn, *out);
  return out;
}

void Liveness::Ensure(const ast::Node& node) const {
  CfgLocation loc = cfgs_->Locate(node);
  if (!loc) {
    return;
  }
  const uint32_t index = loc.cfg->index();
  if (!solved_[index]) {
    solved_[index] = true;
    builder_->Build(*loc.cfg);
  }
}

void Liveness::ComputeAll() const {
  for (const auto& cfg : cfgs_->all()) {
    if (!solved_[cfg->index()]) {
      solved_[cfg->index()] = true;
      builder_->Build(*cfg);
    }
  }
}

bool Liveness::HasFacts(const ast::Node& node) const {
  if (node.node_id >= slot_.size()) {
    return false;
  }
  Ensure(node);
  return slot_[node.node_id] != kNone;
}

const SymbolSet& Liveness::LiveIn(const ast::Node& node) const {
  AGC_CHECK_MSG(HasFacts(node), "no liveness facts for this node");
  return live_in_[slot_[node.node_id]];
}

const SymbolSet& Liveness::LiveOut(const ast::Node& node) const {
  AGC_CHECK_MSG(HasFacts(node), "no liveness facts for this node");
  return live_out_[slot_[node.node_id]];
}

}  // namespace agc::analysis
