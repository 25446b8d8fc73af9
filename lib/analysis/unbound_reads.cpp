#include "lib/analysis/unbound_reads.h"

#include "lib/analysis/qual_names.h"
#include "lib/analysis/reaching_definitions.h"
#include "lib/analysis/walrus_order.h"

namespace agc::analysis {

class UnboundReadsBuilder {
 public:
  UnboundReadsBuilder(const QualNames& qn,
                      const ReachingDefinitions& rd,
                      UnboundReads& out)
      : qn_(qn), rd_(rd), out_(out) {}

  // Statements outside functions: find the functions.
  void Outside(const ast::Node& node) {
    if (const auto* fn = node.As<ast::FunctionDef>()) {
      Body(fn->body);
      return;
    }
    if (const auto* fn = node.As<ast::AsyncFunctionDef>()) {
      Body(fn->body);
      return;
    }
    ast::ForEachChild(node, [&](const ast::Node* child) {
      if (child->category() == ast::Category::kStmt ||
          child->Is<ast::ExceptHandler>() || child->Is<ast::MatchCase>()) {
        Outside(*child);
      }
    });
  }

 private:
  void Body(const std::vector<ast::Stmt*>& body) {
    for (const ast::Stmt* stmt : body) {
      Statement(*stmt);
    }
  }

  // A statement (or handler, or case) of a function body: its own
  // expressions are read with its facts; nested blocks are statements of
  // the same function; nested functions are scopes of their own.
  void Statement(const ast::Node& stmt) {
    if (stmt.Is<ast::ClassDef>()) {
      // Bases, keywords and decorators run here; the body is a class scope
      // (its functions are still found).
      ast::ForEachChild(stmt, [&](const ast::Node* child) {
        if (child->category() == ast::Category::kStmt) {
          Outside(*child);
        } else {
          ExpressionReads(stmt, *child);
        }
      });
      return;
    }
    const bool is_function =
        stmt.Is<ast::FunctionDef>() || stmt.Is<ast::AsyncFunctionDef>();
    ast::ForEachChild(stmt, [&](const ast::Node* child) {
      if (child->category() == ast::Category::kStmt) {
        if (is_function) {
          return;  // the nested function's body, below
        }
        Statement(*child);
      } else if (child->Is<ast::ExceptHandler>() ||
                 child->Is<ast::MatchCase>()) {
        Statement(*child);
      } else {
        ExpressionReads(stmt, *child);
      }
    });
    if (const auto* fn = stmt.As<ast::FunctionDef>()) {
      Body(fn->body);
    } else if (const auto* fn = stmt.As<ast::AsyncFunctionDef>()) {
      Body(fn->body);
    }
  }

  // One expression of statement `at`: a read that a walrus before it in the
  // expression always binds is not marked (see walrus_order.h).
  void ExpressionReads(const ast::Node& at, const ast::Node& expr) {
    if (!ContainsWalrus(expr)) {
      order_ = nullptr;
      Reads(at, expr);
      return;
    }
    WalrusOrder order(qn_);
    order.WalkExpr(expr);
    order_ = &order;
    Reads(at, expr);
    order_ = nullptr;
  }

  // Marks the Name loads in `expr` (not in lambda bodies) with the facts at
  // statement `at`.
  void Reads(const ast::Node& at, const ast::Node& expr) {
    if (const auto* name = expr.As<ast::Name>()) {
      // `del x` and `x += v` read x first, too.
      const auto* aug = at.As<ast::AugAssign>();
      const bool reads = name->ctx == ast::ExprContext::kLoad ||
                         name->ctx == ast::ExprContext::kDel ||
                         (aug != nullptr && aug->target == name);
      if (reads && (order_ == nullptr || !order_->CertainRead(*name))) {
        SymbolId id = qn_.Of(*name);
        if (id != kNoSymbol && rd_.MayBeUndefined(at, id)) {
          out_.bits_[name->node_id] = true;
          ++out_.count_;
        }
      }
      return;
    }
    if (const auto* lambda = expr.As<ast::Lambda>()) {
      Reads(at, *lambda->args);  // defaults run here; the body runs later
      return;
    }
    if (expr.category() == ast::Category::kStmt) {
      return;
    }
    ast::ForEachChild(expr, [&](const ast::Node* child) { Reads(at, *child); });
  }

  const QualNames& qn_;
  const ReachingDefinitions& rd_;
  UnboundReads& out_;
  const WalrusOrder* order_ = nullptr;
};

std::unique_ptr<UnboundReads> UnboundReads::Compute(const ast::Module& module,
                                                    AnalysisManager& analyses) {
  auto out = std::make_unique<UnboundReads>();
  out->bits_.assign(module.node_count(), false);
  UnboundReadsBuilder builder(analyses.Get<QualNames>(),
                              analyses.Get<ReachingDefinitions>(), *out);
  for (const ast::Stmt* stmt : module.body) {
    builder.Outside(*stmt);
  }
  return out;
}

}  // namespace agc::analysis
