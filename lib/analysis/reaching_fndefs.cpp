// Attaches: function definitions reaching each Name read (see
//   reaching_fndefs.h).
// Requires: cfg, activity, qual_names, reaching_definitions.
#include "lib/analysis/reaching_fndefs.h"

#include <algorithm>
#include <utility>

#include "lib/analysis/activity.h"
#include "lib/analysis/cfg.h"
#include "lib/analysis/dataflow.h"
#include "lib/analysis/qual_names.h"
#include "lib/analysis/reaching_definitions.h"

namespace agc::analysis {

class ReachingFnDefsBuilder {
 public:
  ReachingFnDefsBuilder(const Cfgs& cfgs,
                        const Activity& activity,
                        const QualNames& qn,
                        const ReachingDefinitions& rd)
      : cfgs_(cfgs), activity_(activity), qn_(qn), rd_(rd) {}

  void Build(const Cfg& cfg) {
    cfg_ = &cfg;
    for (CfgNodeId n = 0; n < cfg.size(); ++n) {
      node_ = n;
      const ast::Node* node = cfg.ast(n);
      if (cfg.kind(n) == CfgNodeKind::kStmt) {
        Stmt(*node);
      } else if (cfg.kind(n) == CfgNodeKind::kHeader) {
        Header(*node);
      }
    }
  }

  void Finish(ReachingFnDefs& out) {
    std::stable_sort(
        found_.begin(), found_.end(),
        [](const auto& a, const auto& b) { return a.first < b.first; });
    out.keys_.reserve(found_.size());
    out.defs_.reserve(found_.size());
    for (const auto& [id, def] : found_) {
      out.keys_.push_back(id);
      out.defs_.push_back(def);
    }
  }

 private:
  void Stmt(const ast::Node& s) {
    if (const auto* f = s.As<ast::FunctionDef>()) {
      Walk(f->decorator_list);
      Walk(f->args);
      Walk(f->returns);
    } else if (const auto* f = s.As<ast::AsyncFunctionDef>()) {
      Walk(f->decorator_list);
      Walk(f->args);
      Walk(f->returns);
    } else if (const auto* c = s.As<ast::ClassDef>()) {
      Walk(c->decorator_list);
      Walk(c->bases);
      Walk(c->keywords);
    } else {
      Walk(&s);
    }
  }

  void Header(const ast::Node& h) {
    switch (h.kind) {
      case ast::Kind::kIf:
        Walk(h.Cast<ast::If>().test);
        break;
      case ast::Kind::kWhile:
        Walk(h.Cast<ast::While>().test);
        break;
      case ast::Kind::kFor:
        Walk(h.Cast<ast::For>().iter);
        Walk(h.Cast<ast::For>().target);
        break;
      case ast::Kind::kAsyncFor:
        Walk(h.Cast<ast::AsyncFor>().iter);
        Walk(h.Cast<ast::AsyncFor>().target);
        break;
      case ast::Kind::kWith:
        Walk(h.Cast<ast::With>().items);
        break;
      case ast::Kind::kAsyncWith:
        Walk(h.Cast<ast::AsyncWith>().items);
        break;
      case ast::Kind::kMatch:
        Walk(h.Cast<ast::Match>().subject);
        break;
      case ast::Kind::kMatchCase:
        Walk(h.Cast<ast::MatchCase>().pattern);
        Walk(h.Cast<ast::MatchCase>().guard);
        break;
      case ast::Kind::kExceptHandler:
        Walk(h.Cast<ast::ExceptHandler>().type);
        break;
      default:
        break;
    }
  }

  template <typename T>
  void Walk(const std::vector<T*>& nodes) {
    for (const T* n : nodes) {
      Walk(n);
    }
  }

  void Walk(const ast::Node* node) {
    if (node == nullptr) {
      return;
    }
    if (const auto* name = node->As<ast::Name>()) {
      if (name->ctx == ast::ExprContext::kLoad) {
        Resolve(*name);
      }
      return;
    }
    ast::ForEachChild(*node, [&](const ast::Node* child) { Walk(child); });
  }

  void Resolve(const ast::Name& name) {
    SymbolId s = qn_.Of(name);
    if (s == kNoSymbol) {
      return;
    }
    const Cfg* g = cfg_;
    CfgNodeId at = node_;
    const Scope* graph_scope = &ScopeOfCfg(*g, activity_);
    const Scope* sc = &activity_.EnclosingScope(name);
    bool from_nested = false;
    while (sc != nullptr) {
      if (sc != graph_scope) {
        // A lambda or comprehension evaluated at this node.
        if (sc->bound.Contains(s) || sc->globals.Contains(s)) {
          return;
        }
        sc = sc->parent;
        from_nested = true;
        continue;
      }
      if (sc->globals.Contains(s)) {
        return;
      }
      const bool skip_class = sc->kind == ScopeKind::kClass && from_nested;
      if (!skip_class && sc->bound.Contains(s)) {
        Collect(name, *g, at, s);
        return;
      }
      if (sc->kind == ScopeKind::kModule || sc->node == nullptr) {
        return;
      }
      // Free here: look where this scope is defined.
      CfgLocation loc = cfgs_.Locate(*sc->node);
      if (!loc) {
        return;
      }
      g = loc.cfg;
      at = loc.first;
      sc = sc->parent;
      if (sc == nullptr) {
        return;
      }
      graph_scope = &ScopeOfCfg(*g, activity_);
      from_nested = true;
    }
  }

  void Collect(const ast::Name& name, const Cfg& g, CfgNodeId at, SymbolId s) {
    for (const Definition* d : rd_.Reaching(g, at, s)) {
      if (d->kind != DefinitionKind::kBind ||
          g.kind(d->cfg_node) != CfgNodeKind::kStmt) {
        continue;
      }
      const ast::Node* def = d->node;
      if (def->Is<ast::FunctionDef>() || def->Is<ast::AsyncFunctionDef>()) {
        found_.emplace_back(name.node_id, def);
      } else if (const auto* a = def->As<ast::Assign>()) {
        if (a->value->Is<ast::Lambda>() && TargetsName(a->targets, s)) {
          found_.emplace_back(name.node_id, a->value);
        }
      } else if (const auto* a = def->As<ast::AnnAssign>()) {
        if (a->value != nullptr && a->value->Is<ast::Lambda>() &&
            qn_.Of(*a->target) == s) {
          found_.emplace_back(name.node_id, a->value);
        }
      }
    }
  }

  bool TargetsName(const std::vector<ast::Expr*>& targets, SymbolId s) const {
    for (const ast::Expr* t : targets) {
      if (t->Is<ast::Name>() && qn_.Of(*t) == s) {
        return true;
      }
    }
    return false;
  }

  const Cfgs& cfgs_;
  const Activity& activity_;
  const QualNames& qn_;
  const ReachingDefinitions& rd_;
  const Cfg* cfg_ = nullptr;
  CfgNodeId node_ = 0;
  std::vector<std::pair<ast::NodeId, const ast::Node*>> found_;
};

std::unique_ptr<ReachingFnDefs> ReachingFnDefs::Compute(
    const ast::Module& /*module*/, AnalysisManager& analyses) {
  const Cfgs& cfgs = analyses.Get<Cfgs>();
  const Activity& activity = analyses.Get<Activity>();
  const QualNames& qn = analyses.Get<QualNames>();
  const ReachingDefinitions& rd = analyses.Get<ReachingDefinitions>();
  ReachingFnDefsBuilder builder(cfgs, activity, qn, rd);
  for (const auto& cfg : cfgs.all()) {
    builder.Build(*cfg);
  }
  auto out = std::make_unique<ReachingFnDefs>();
  builder.Finish(*out);
  return out;
}

std::span<const ast::Node* const> ReachingFnDefs::Of(
    const ast::Node& name) const {
  auto [lo, hi] = std::equal_range(keys_.begin(), keys_.end(), name.node_id);
  size_t begin = static_cast<size_t>(lo - keys_.begin());
  return std::span<const ast::Node* const>(defs_.data() + begin,
                                           static_cast<size_t>(hi - lo));
}

}  // namespace agc::analysis
