// Lowering of operators: binary, unary and boolean operators, comparison
// chains, lambda and yield. (`a & b ^ c` and `await a ** b`, which
// tree-sitter misreads, are in lower_grammar_workarounds.cpp.)
#include "lib/syntax/lowerer.h"

namespace agc::syntax {

bool Lowerer::BinOp(Sym s, BinOpKind* op) {
  for (const BinOpToken& t : kBinOpTokens) {
    if (t.plain == s) {
      *op = t.op;
      return true;
    }
  }
  return false;
}

// The operator token of a binary_operator node: its second child, unless
// an extra (a comment) sits between.
Sym Lowerer::BinOpSym(TSNode n) const {
  const Sym s = SymOf(ts_node_child(n, 1));
  BinOpKind unused;
  if (BinOp(s, &unused)) {
    return s;
  }
  return SymOf(ts_node_child_by_field_id(n, f_.operator_));
}

ast::Expr* Lowerer::BinaryOperator(TSNode n, uint8_t star) {
  if (BinOpSym(n) == Sym::kTokAmp) {
    return BitAndChain(n, star);
  }
  auto* bin = New<ast::BinOp>(n);
  int named = 0;
  Children([&](TSNode c, Sym s) {
    if (IsToken(s)) {
      if (!BinOp(s, &bin->op)) {
        Fail(c);
      }
      return;
    }
    ++named;
    if (named == 1) {
      bin->left = ExprA(c, s, kLoad, star);
    } else {
      bin->right = Expr(c, s, kLoad);
    }
  });
  return HoistStar(bin, &bin->left, kLoad);
}

ast::Expr* Lowerer::UnaryOperator(TSNode n) {
  auto* un = New<ast::UnaryOp>(n);
  Children([&](TSNode c, Sym s) {
    switch (s) {
      case Sym::kTokMinus:
        un->op = ast::UnaryOpKind::kUSub;
        break;
      case Sym::kTokPlus:
        un->op = ast::UnaryOpKind::kUAdd;
        break;
      case Sym::kTokTilde:
        un->op = ast::UnaryOpKind::kInvert;
        break;
      default:
        if (IsToken(s)) {
          Fail(c);
        } else {
          un->operand = Expr(c, s, kLoad);
        }
        break;
    }
  });
  return un;
}

// The operator of a boolean_operator node: its second child, unless an
// extra (a comment) sits between.
Sym Lowerer::BoolOpSym(TSNode n) const {
  const Sym s = SymOf(ts_node_child(n, 1));
  if (s == Sym::kTokAnd || s == Sym::kTokOr) {
    return s;
  }
  return SymOf(ts_node_child_by_field_id(n, f_.operator_));
}

// `a and b and c` is one BoolOp with three values, as in CPython; a
// parenthesized operand stays nested. The left spine is walked without
// recursion.
ast::Expr* Lowerer::BooleanOperator(TSNode n) {
  auto* bop = New<ast::BoolOp>(n);
  const Sym op = BoolOpSym(n);
  bop->op = op == Sym::kTokOr ? ast::BoolOpKind::kOr : ast::BoolOpKind::kAnd;
  int levels = 0;
  // Descend to the innermost same-operator node on the left spine.
  while (true) {
    if (!Down()) {
      return Fail(n);
    }
    // Skip leading extras (comments cannot precede the left operand, but
    // be safe).
    while (SymOf(Cur()) == Sym::kComment ||
           SymOf(Cur()) == Sym::kLineContinuation) {
      if (SymOf(Cur()) == Sym::kComment) {
        AddComment(Cur());
      }
      if (!Next()) {
        Up();
        return Fail(n);
      }
    }
    TSNode left = Cur();
    if (SymOf(left) == Sym::kBooleanOperator && BoolOpSym(left) == op) {
      ++levels;
      continue;
    }
    break;
  }
  // The cursor is on the innermost left operand.
  if (ast::Expr* e = Expr(kLoad)) {
    bop->values.push_back(e);
  }
  for (int level = levels; level >= 0; --level) {
    // Lower the right operand(s) of this level, then go up.
    while (Next()) {
      TSNode c = Cur();
      Sym s = CurSym();
      if (s == Sym::kComment) {
        AddComment(c);
      } else if (!IsToken(s) && s != Sym::kLineContinuation) {
        if (ast::Expr* e = Expr(c, s, kLoad)) {
          bop->values.push_back(e);
        }
      }
    }
    Up();
  }
  // The passes turn each further operand into a nested thunk
  // (ag__.and_(lambda: a, lambda: ag__.and_(...))), so a chain is as deep
  // as that many nested parentheses for the walks after lowering.
  if (depth_ + static_cast<int>(bop->values.size()) > max_depth_) {
    FailAt(PosOf(n), diag::DiagKind::kNestingTooDeep, max_depth_);
    return nullptr;
  }
  return bop;
}

ast::Expr* Lowerer::Compare(TSNode n) {
  auto* cmp = New<ast::Compare>(n);
  int named = 0;
  Children([&](TSNode c, Sym s) {
    if (IsToken(s)) {
      ast::CmpOpKind op;
      switch (s) {
        case Sym::kTokEq:
          op = ast::CmpOpKind::kEq;
          break;
        case Sym::kTokNotEq:
          op = ast::CmpOpKind::kNotEq;
          break;
        case Sym::kTokLt:
          op = ast::CmpOpKind::kLt;
          break;
        case Sym::kTokLtE:
          op = ast::CmpOpKind::kLtE;
          break;
        case Sym::kTokGt:
          op = ast::CmpOpKind::kGt;
          break;
        case Sym::kTokGtE:
          op = ast::CmpOpKind::kGtE;
          break;
        case Sym::kTokIs:
          op = ast::CmpOpKind::kIs;
          break;
        case Sym::kTokIsNot:
          op = ast::CmpOpKind::kIsNot;
          break;
        case Sym::kTokIn:
          op = ast::CmpOpKind::kIn;
          break;
        case Sym::kTokNotIn:
          op = ast::CmpOpKind::kNotIn;
          break;
        default:
          Fail(c);  // `<>` and the like
          return;
      }
      cmp->ops.push_back(op);
      return;
    }
    ++named;
    ast::Expr* e = Expr(c, s, kLoad);
    if (named == 1) {
      cmp->left = e;
    } else if (e != nullptr) {
      cmp->comparators.push_back(e);
    }
  });
  return cmp;
}

ast::Expr* Lowerer::Lambda(TSNode n) {
  auto* lambda = New<ast::Lambda>(n);
  const TailAs tail = std::exchange(tail_as_, TailAs{});
  Children([&](TSNode c, Sym s) {
    if (s == Sym::kLambdaParameters) {
      lambda->args = Params(c);
    } else if (!IsToken(s)) {
      lambda->body = TailPart(c, s, tail);
    }
  });
  if (lambda->args == nullptr) {
    lambda->args = New<ast::Arguments>(n);
  }
  return lambda;
}

ast::Expr* Lowerer::Yield(TSNode n) {
  bool from = false;
  ast::Expr* value = nullptr;
  Children([&](TSNode kid, Sym s) {
    if (s == Sym::kTokFrom) {
      from = true;
    } else if (!IsToken(s)) {
      value = ExprA(kid, s, kLoad, from ? 0 : kStar);
    }
  });
  if (from) {
    auto* yf = New<ast::YieldFrom>(n);
    yf->value = value;
    return value != nullptr ? yf : Fail(n);
  }
  auto* y = New<ast::Yield>(n);
  y->value = value;
  return y;
}

}  // namespace agc::syntax
