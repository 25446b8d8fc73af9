// Attaches: nothing (see dataflow.h).
// Requires: nothing; NodeEffects reads activity and qual_names.
#include "lib/analysis/dataflow.h"

#include <algorithm>

#include "lib/analysis/walrus_order.h"

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

// The activity of a for loop's target; null for other nodes.
const NodeActivity* ForTarget(const ast::Node& node, const Activity& activity) {
  if (const auto* f = node.As<ast::For>()) {
    return activity.Of(*f->target);
  }
  if (const auto* f = node.As<ast::AsyncFor>()) {
    return activity.Of(*f->target);
  }
  return nullptr;
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
  for (CfgNodeId n = 0; n < size; ++n) {
    const ast::Node* node = cfg.ast(n);
    switch (cfg.kind(n)) {
      case CfgNodeKind::kStmt:
        if (const NodeActivity* a = activity.Of(*node)) {
          read_[n] = &a->read;
          modified_[n] = &a->modified;
          deleted_[n] = &a->deleted;
          std::string_view name = DefName(*node);
          if (name.empty()) {
            OrderWalruses(n, *node, true, qn);
          } else {
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
          OrderWalruses(n, *node, true, qn);
        }
        break;
      }
      case CfgNodeKind::kBind:
        if (const auto* c = node->As<ast::MatchCase>()) {
          const NodeActivity* p = activity.Of(*c->pattern);
          modified_[n] =
              p != nullptr ? &p->modified : &activity.HeaderOf(*node).modified;
        } else if (const NodeActivity* t = ForTarget(*node, activity)) {
          // Each iteration binds the target; a walrus in the iterable
          // (evaluated once, before the first) may or may not have bound
          // what it binds by then: weak, so a `del` in the body still
          // reaches the next iteration.
          const SymbolSet& header = activity.HeaderOf(*node).modified;
          modified_[n] = &t->modified;
          if (!(header - t->modified).empty()) {
            owned_.push_back(header - t->modified);
            weak_[n] = &owned_.back();
          }
        } else {
          modified_[n] = &activity.HeaderOf(*node).modified;
        }
        break;
      case CfgNodeKind::kCaseGuard:
        if (const NodeActivity* g =
                activity.Of(*node->Cast<ast::MatchCase>().guard)) {
          read_[n] = &g->read;
          modified_[n] = &g->modified;
          OrderWalruses(n, *node->Cast<ast::MatchCase>().guard, false, qn);
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

void NodeEffects::OrderWalruses(CfgNodeId n,
                                const ast::Node& node,
                                bool statement,
                                const QualNames& qn) {
  bool has_walrus = false;
  if (statement) {
    ast::ForEachChild(node, [&](const ast::Node* child) {
      has_walrus = has_walrus ||
                   (child->category() != ast::Category::kStmt &&
                    !child->Is<ast::ExceptHandler>() &&
                    !child->Is<ast::MatchCase>() && ContainsWalrus(*child));
    });
  } else {
    has_walrus = ContainsWalrus(node);
  }
  if (!has_walrus) {
    return;
  }
  WalrusOrder order(qn);
  if (statement) {
    order.WalkStatement(node);
  } else {
    order.WalkExpr(node);
  }
  if (!order.skipped_lambda()) {
    SymbolSet read = *read_[n];
    bool changed = false;
    for (SymbolId s : *read_[n]) {
      if (order.certain_read_symbols().Contains(s) &&
          !order.uncertain_reads().Contains(s)) {
        read.Erase(s);
        changed = true;
      }
    }
    if (changed) {
      owned_.push_back(std::move(read));
      read_[n] = &owned_.back();
    }
  }
  SymbolSet weak;
  for (SymbolId s : order.conditional()) {
    if (modified_[n]->Contains(s)) {
      weak.Insert(s);
    }
  }
  if (!weak.empty()) {
    owned_.push_back(*modified_[n] - weak);
    modified_[n] = &owned_.back();
    owned_.push_back(*weak_[n] | weak);
    weak_[n] = &owned_.back();
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
