// Attaches: nothing (see walrus_order.h).
// Requires: qual_names.
#include "lib/analysis/walrus_order.h"

#include <algorithm>

namespace agc::analysis {

bool ContainsWalrus(const ast::Node& node) {
  if (node.Is<ast::NamedExpr>()) {
    return true;
  }
  bool found = false;
  ast::ForEachChild(node, [&](const ast::Node* child) {
    found = found || (child->category() != ast::Category::kStmt &&
                      ContainsWalrus(*child));
  });
  return found;
}

void WalrusOrder::WalkStatement(const ast::Node& stmt) {
  if (const auto* a = stmt.As<ast::Assert>(); a != nullptr && a->msg) {
    // The message runs only when the test fails, and then the statement
    // raises: what it binds never reaches the next statement.
    WalkExpr(*a->test);
    Walk(*a->msg, certain_, true);
    conditional_.Subtract(certain_);
    return;
  }
  ast::ForEachChild(stmt, [&](const ast::Node* child) {
    if (child->category() == ast::Category::kStmt ||
        child->Is<ast::ExceptHandler>() || child->Is<ast::MatchCase>()) {
      return;
    }
    WalkExpr(*child);
  });
}

void WalrusOrder::WalkExpr(const ast::Node& expr) {
  certain_.UnionWith(Walk(expr, SymbolSet{}, false));
  conditional_.Subtract(certain_);
}

bool WalrusOrder::CertainRead(const ast::Name& name) const {
  return std::find(certain_reads_.begin(), certain_reads_.end(),
                   name.node_id) != certain_reads_.end();
}

SymbolSet WalrusOrder::Walk(const ast::Node& node,
                            const SymbolSet& bound,
                            bool cond) {
  switch (node.kind) {
    case ast::Kind::kName: {
      const auto& n = node.Cast<ast::Name>();
      // By text: the node may be newer than the qualified names.
      SymbolId id = qn_.Find(n.id);
      if (id == kNoSymbol) {
        return bound;
      }
      if (n.ctx == ast::ExprContext::kLoad) {
        if (bound.Contains(id)) {
          certain_reads_.push_back(n.node_id);
          certain_read_symbols_.Insert(id);
        } else {
          uncertain_reads_.Insert(id);
        }
      } else if (n.ctx == ast::ExprContext::kStore && !cond) {
        // An assignment target: bound when the statement completes.
        SymbolSet out = bound;
        out.Insert(id);
        return out;
      }
      return bound;
    }
    case ast::Kind::kNamedExpr: {
      const auto& n = node.Cast<ast::NamedExpr>();
      SymbolSet out = Walk(*n.value, bound, cond);
      const auto* target = n.target->As<ast::Name>();
      SymbolId id = target != nullptr ? qn_.Find(target->id) : kNoSymbol;
      if (id == kNoSymbol) {
        return out;
      }
      any_ = true;
      if (!cond) {
        certain_.Insert(id);
      } else {
        conditional_.Insert(id);
      }
      out.Insert(id);
      return out;
    }
    case ast::Kind::kBoolOp: {
      // The first operand always runs; each later one only when the ones
      // before it ran (and did not decide the result).
      const auto& b = node.Cast<ast::BoolOp>();
      SymbolSet first;
      SymbolSet cur = bound;
      for (size_t i = 0; i < b.values.size(); ++i) {
        cur = Walk(*b.values[i], cur, cond || i > 0);
        if (i == 0) {
          first = cur;
        }
      }
      return b.values.empty() ? bound : first;
    }
    case ast::Kind::kCompare: {
      // `a < b < c`: c runs only when a < b.
      const auto& c = node.Cast<ast::Compare>();
      SymbolSet cur = Walk(*c.left, bound, cond);
      SymbolSet after;
      for (size_t i = 0; i < c.comparators.size(); ++i) {
        cur = Walk(*c.comparators[i], cur, cond || i > 0);
        if (i == 0) {
          after = cur;
        }
      }
      return c.comparators.empty() ? cur : after;
    }
    case ast::Kind::kBinOp: {
      const auto& b = node.Cast<ast::BinOp>();
      return Walk(*b.right, Walk(*b.left, bound, cond), cond);
    }
    case ast::Kind::kIfExp: {
      const auto& e = node.Cast<ast::IfExp>();
      SymbolSet after_test = Walk(*e.test, bound, cond);
      Walk(*e.body, after_test, true);
      Walk(*e.orelse, after_test, true);
      return after_test;
    }
    case ast::Kind::kLambda: {
      // Defaults run here; the body is its own scope and runs later.
      const auto& l = node.Cast<ast::Lambda>();
      Walk(*l.args, bound, cond);
      skipped_lambda_ = true;
      return bound;
    }
    case ast::Kind::kListComp:
    case ast::Kind::kSetComp:
    case ast::Kind::kDictComp:
    case ast::Kind::kGeneratorExp: {
      // The first iterable runs here; the rest may run zero times.
      SymbolSet out = bound;
      bool first = true;
      ast::ForEachChild(node, [&](const ast::Node* child) {
        if (const auto* g = child->As<ast::Comprehension>(); g && first) {
          first = false;
          out = Walk(*g->iter, bound, cond);
          Walk(*g->target, out, true);
          for (const ast::Expr* e : g->ifs) {
            Walk(*e, out, true);
          }
          return;
        }
        Walk(*child, out, true);
      });
      return out;
    }
    default:
      break;
  }
  if (node.category() == ast::Category::kStmt) {
    return bound;
  }
  // Children in an order this walk does not rely on: each starts from
  // `bound`; what any of them binds for certain is bound after the node.
  SymbolSet out = bound;
  ast::ForEachChild(node, [&](const ast::Node* child) {
    out.UnionWith(Walk(*child, bound, cond));
  });
  return out;
}

}  // namespace agc::analysis
