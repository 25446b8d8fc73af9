// Walrus bindings in evaluation order, inside one statement's expressions.
//
// Attaches: nothing (a helper of unbound_reads and of the node effects that
//   reaching definitions and liveness read).
// Requires: qual_names.
//
// Facts about statements are per CFG node, and a node holds a whole
// expression: in `if (y := x * 2) > 4 and y < 100:` the test both binds `y`
// and reads it. Python evaluates the left operand of `and`/`or` always, so
// that read finds `y` bound; the same read after a walrus in a right operand
// (`a and (y := 1)`, then `or y`) may not. WalrusOrder walks an expression
// as Python evaluates it and tells:
// - for each Name load (outside lambda bodies), whether a walrus that runs
//   before it on every path binds it (`certain_read`);
// - which walrus targets are bound whenever the expression completes
//   (`certain`) and which only on some paths (`conditional`: a right operand
//   of `and`/`or`, a branch of `x if c else y`, a comparison after the first
//   of a chain, a comprehension's body).
// Operands are threaded in order only where Python's order is fixed and
// simple (BoolOp, Compare, BinOp, IfExp, NamedExpr); the children of other
// expressions are taken as unordered: a walrus in one does not count for a
// read in another, which is safe (the read stays maybe-unbound).
#pragma once

#include <vector>

#include "lib/analysis/qual_names.h"
#include "lib/ast/ast.h"

namespace agc::analysis {

// Whether `node` or an expression under it (not a nested statement) is a
// walrus: a cheap test before a walk.
bool ContainsWalrus(const ast::Node& node);

class WalrusOrder {
 public:
  explicit WalrusOrder(const QualNames& qn) : qn_(qn) {}

  // Walks the expressions of `stmt` that run at its CFG node: a simple
  // statement's expressions, a compound statement's header expressions
  // (not its body, handlers or cases). Each expression child is walked on
  // its own (unordered).
  void WalkStatement(const ast::Node& stmt);

  // Walks one expression.
  void WalkExpr(const ast::Node& expr);

  // Whether a walrus run before `name` (a load seen by a walk) binds it.
  bool CertainRead(const ast::Name& name) const;

  const SymbolSet& certain() const { return certain_; }

  const SymbolSet& conditional() const { return conditional_; }

  // Symbols some load reads after a walrus that binds them for certain.
  const SymbolSet& certain_read_symbols() const {
    return certain_read_symbols_;
  }

  // Symbols some load reads without a certain walrus before it.
  const SymbolSet& uncertain_reads() const { return uncertain_reads_; }

  // Whether the walk saw a walrus at all (nothing else changes otherwise).
  bool any() const { return any_; }

  // Whether it skipped a lambda body (whose reads it does not see).
  bool skipped_lambda() const { return skipped_lambda_; }

 private:
  // Walks `node` with `bound` certainly bound before it, `cond` when the
  // node may not run although the statement completes; returns what is
  // certainly bound after it.
  SymbolSet Walk(const ast::Node& node, const SymbolSet& bound, bool cond);

  const QualNames& qn_;
  SymbolSet certain_;
  SymbolSet conditional_;
  SymbolSet uncertain_reads_;
  SymbolSet certain_read_symbols_;
  std::vector<ast::NodeId> certain_reads_;
  bool any_ = false;
  bool skipped_lambda_ = false;
};

}  // namespace agc::analysis
