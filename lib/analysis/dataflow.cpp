// Attaches: nothing (see dataflow.h).
// Requires: nothing; NodeEffects reads activity and qual_names.
#include "lib/analysis/dataflow.h"

#include <algorithm>

namespace agc::analysis {

namespace {

const SymbolSet kEmpty;

// The name a def/class statement binds; empty for other nodes.
std::string_view DefName(const ast::Node& node) {
  if (const auto* f = node.As<ast::FunctionDef>()) {
    return f->name;
  }
  if (const auto* f = node.As<ast::AsyncFunctionDef>()) {
    return f->name;
  }
  if (const auto* c = node.As<ast::ClassDef>()) {
    return c->name;
  }
  return {};
}

}  // namespace

void NodeEffects::Compute(const Cfg& cfg,
                          const Activity& activity,
                          const QualNames& qn) {
  const CfgNodeId size = cfg.size();
  read_.assign(size, &kEmpty);
  modified_.assign(size, &kEmpty);
  deleted_.assign(size, &kEmpty);
  weak_.assign(size, &kEmpty);
  owned_.clear();
  // Size owned_ first, so that it does not move afterwards.
  size_t owned = 0;
  for (CfgNodeId n = 0; n < size; ++n) {
    owned +=
        cfg.kind(n) == CfgNodeKind::kHandlerEnd ||
        (cfg.kind(n) == CfgNodeKind::kStmt && !DefName(*cfg.ast(n)).empty());
  }
  owned_.reserve(owned);
  for (CfgNodeId n = 0; n < size; ++n) {
    const ast::Node* node = cfg.ast(n);
    switch (cfg.kind(n)) {
      case CfgNodeKind::kStmt:
        if (const NodeActivity* a = activity.Of(*node)) {
          read_[n] = &a->read;
          modified_[n] = &a->modified;
          deleted_[n] = &a->deleted;
          std::string_view name = DefName(*node);
          if (!name.empty()) {
            // A def/class statement binds its name; what the nested scope
            // writes through nonlocal/global may or may not happen.
            weak_[n] = &a->modified;
            SymbolId id = qn.Find(name);
            owned_.push_back(id != kNoSymbol ? SymbolSet{id} : SymbolSet{});
            modified_[n] = &owned_.back();
          }
        }
        break;
      case CfgNodeKind::kHeader: {
        // A MatchCase header tests the pattern; an ExceptHandler header tests
        // the type; a For header fetches the next item. What they bind is on
        // the kBind node after them.
        const NodeActivity& a = activity.HeaderOf(*node);
        if (const auto* c = node->As<ast::MatchCase>()) {
          const NodeActivity* p = activity.Of(*c->pattern);
          read_[n] = p != nullptr ? &p->read : &a.read;
        } else {
          read_[n] = &a.read;
        }
        if (!node->Is<ast::For>() && !node->Is<ast::AsyncFor>() &&
            !node->Is<ast::MatchCase>() && !node->Is<ast::ExceptHandler>()) {
          modified_[n] = &a.modified;
          deleted_[n] = &a.deleted;
        }
        break;
      }
      case CfgNodeKind::kBind:
        if (const auto* c = node->As<ast::MatchCase>()) {
          const NodeActivity* p = activity.Of(*c->pattern);
          modified_[n] =
              p != nullptr ? &p->modified : &activity.HeaderOf(*node).modified;
        } else {
          modified_[n] = &activity.HeaderOf(*node).modified;
        }
        break;
      case CfgNodeKind::kCaseGuard:
        if (const NodeActivity* g =
                activity.Of(*node->Cast<ast::MatchCase>().guard)) {
          read_[n] = &g->read;
          modified_[n] = &g->modified;
        }
        break;
      case CfgNodeKind::kHandlerEnd: {
        SymbolId id = qn.Find(node->Cast<ast::ExceptHandler>().name);
        if (id != kNoSymbol) {
          owned_.push_back(SymbolSet{id});
          deleted_[n] = &owned_.back();
        }
        break;
      }
      case CfgNodeKind::kEntry:
      case CfgNodeKind::kExit:
      case CfgNodeKind::kRaiseExit:
      case CfgNodeKind::kFinallyEnd:
        break;
    }
  }
}

const Scope& ScopeOfCfg(const Cfg& cfg, const Activity& activity) {
  return cfg.scope() == nullptr ? activity.ModuleScope()
                                : activity.ScopeOf(*cfg.scope());
}

std::vector<std::pair<SymbolId, SymbolId>> CompositeKillers(
    const std::vector<SymbolId>& composites, const QualNames& qn) {
  std::vector<std::pair<SymbolId, SymbolId>> out;
  for (SymbolId c : composites) {
    const Symbol& sym = qn.Get(c);
    for (SymbolId p = sym.parent; p != kNoSymbol; p = qn.Get(p).parent) {
      out.emplace_back(p, c);
    }
    for (SymbolId s : sym.support) {
      if (s != c) {
        out.emplace_back(s, c);
      }
    }
    if (sym.index != kNoSymbol) {
      out.emplace_back(sym.index, c);
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace agc::analysis
