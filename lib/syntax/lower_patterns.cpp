// Lowering of match statements and their patterns: value, singleton,
// capture and wildcard, sequence, mapping, class, or- and as-patterns.
#include "lib/syntax/lowerer.h"

namespace agc::syntax {

ast::Stmt* Lowerer::Match(TSNode n) {
  CheckHeader(n);
  auto* match = New<ast::Match>(n);
  ast::Tuple* tuple = nullptr;
  TSNode first{};
  Children([&](TSNode c, Sym s) {
    if (s == Sym::kBlock) {
      int64_t indent = -1;
      Children([&](TSNode bc, Sym bs) {
        if (bs == Sym::kCaseClause) {
          if (indent < 0) {
            indent = LogicalLineIndent(bc);
          }
          CheckClauseIndent(indent, bc);
          CheckHeader(bc);
          if (ast::MatchCase* mc = Case(bc)) {
            match->cases.push_back(mc);
          }
        } else if (!IsToken(bs)) {
          Fail(bc);
        }
      });
      return;
    }
    if (s == Sym::kTokComma && match->subject != nullptr) {
      if (tuple == nullptr) {
        tuple = NewSliceTuple(first, match->subject);
        tuple->span.end = ts_node_end_byte(c);
        match->subject = tuple;
      }
      return;
    }
    if (IsToken(s)) {
      return;
    }
    ast::Expr* e = ExprA(c, s, kLoad, kWalrus | kStar);
    if (match->subject == nullptr) {
      first = c;
      match->subject = e;
      return;
    }
    if (tuple == nullptr) {
      tuple = NewSliceTuple(first, match->subject);
      match->subject = tuple;
    }
    if (e != nullptr) {
      tuple->elts.push_back(e);
    }
    tuple->span.end = ts_node_end_byte(c);
  });
  if (match->subject != nullptr && match->subject->Is<ast::Starred>()) {
    return Fail(n);
  }
  if (match->cases.empty()) {
    return Fail(n);
  }
  return match;
}

ast::MatchCase* Lowerer::Case(TSNode n) {
  auto* mc = New<ast::MatchCase>(n);
  ast::MatchSequence* seq = nullptr;
  TSNode first{};
  Children([&](TSNode c, Sym s) {
    switch (s) {
      case Sym::kCasePattern: {
        ast::Pattern* p = Pattern(c, s);
        if (mc->pattern == nullptr && seq == nullptr) {
          first = c;
          mc->pattern = p;
          return;
        }
        if (seq == nullptr) {
          seq = NewOpenSequence(first, mc->pattern);
          mc->pattern = seq;
        }
        if (p != nullptr) {
          seq->patterns.push_back(p);
        }
        seq->span.end = ts_node_end_byte(c);
        return;
      }
      case Sym::kTokComma:
        // `case a, b:` / `case a,:` is a sequence pattern.
        if (seq == nullptr && mc->pattern != nullptr) {
          seq = NewOpenSequence(first, mc->pattern);
          mc->pattern = seq;
        }
        return;
      case Sym::kIfClause:
        mc->guard = OnlyChild(kLoad, kWalrus);
        return;
      case Sym::kBlock:
        Block(mc->body, c, false);
        return;
      default:
        if (!IsToken(s)) {
          Fail(c);
        }
        return;
    }
  });
  if (mc->pattern == nullptr) {
    return Fail(n);
  }
  return mc;
}

ast::MatchSequence* Lowerer::NewOpenSequence(TSNode first, ast::Pattern* p) {
  auto* seq = New<ast::MatchSequence>(first);
  if (p != nullptr) {
    seq->patterns.push_back(p);
  }
  return seq;
}

// A number constant, or UnaryOp(USub, number) when `minus` is set.
ast::Expr* Lowerer::SignedNumber(TSNode minus, TSNode number) {
  ast::Expr* num = Number(number, SymOf(number));
  if (ts_node_is_null(minus) || num == nullptr) {
    return num;
  }
  auto* neg = New<ast::UnaryOp>(minus);
  neg->op = ast::UnaryOpKind::kUSub;
  neg->operand = num;
  neg->span.end = ts_node_end_byte(number);
  return neg;
}

ast::Pattern* Lowerer::MatchValue(TSNode at, ast::Expr* value) {
  if (value == nullptr) {
    return nullptr;
  }
  auto* mv = New<ast::MatchValue>(at);
  mv->span = value->span;
  mv->value = value;
  return mv;
}

// Calls `emit(pattern, node)` for each pattern among the children of the
// cursor's node, where a pattern is one named child, `_`, or `-` followed
// by a number (tree-sitter has no node for a negative number).
template <typename Fn>
void Lowerer::PatternChildren(Fn&& emit) {
  TSNode minus{};
  Children([&](TSNode c, Sym s) {
    if (s == Sym::kTokMinus) {
      minus = c;
      return;
    }
    if (s == Sym::kTokUnderscore) {
      emit(static_cast<ast::Pattern*>(New<ast::MatchAs>(c)), c);
      return;
    }
    if (IsToken(s)) {
      return;
    }
    if (!ts_node_is_null(minus)) {
      if (s != Sym::kInteger && s != Sym::kFloat) {
        Fail(c);
        return;
      }
      TSNode m = minus;
      minus = TSNode{};
      emit(MatchValue(m, SignedNumber(m, c)), c);
      return;
    }
    emit(Pattern(c, s), c);
  });
}

// Lowers the pattern under the cursor.
ast::Pattern* Lowerer::Pattern() {
  TSNode n = Cur();
  return Pattern(n, CurSym());
}

// Lowers the pattern `n` (of category `s`), on which the cursor is.
ast::Pattern* Lowerer::Pattern(TSNode n, Sym s) {
  if (failed_) {
    return nullptr;
  }
  DepthScope depth(this, n);
  if (!depth.ok()) {
    return nullptr;
  }
  switch (s) {
    case Sym::kCasePattern: {
      ast::Pattern* out = nullptr;
      int count = 0;
      PatternChildren([&](ast::Pattern* p, TSNode) {
        out = p;
        ++count;
      });
      if (count != 1) {
        return Fail(n);
      }
      return out;
    }
    case Sym::kDottedName: {
      if (ts_node_named_child_count(n) == 1) {
        // A capture pattern.
        auto* as = New<ast::MatchAs>(n);
        as->name = Ident(FirstNamedChild(n));
        return as;
      }
      return MatchValue(n, DottedExpr(n));
    }
    case Sym::kIdentifier: {
      auto* as = New<ast::MatchAs>(n);
      as->name = Ident(n);
      return as;
    }
    case Sym::kInteger:
    case Sym::kFloat:
    case Sym::kString:
    case Sym::kConcatenatedString:
      return MatchValue(n, Expr(n, s, kLoad));
    case Sym::kTrue:
    case Sym::kFalse:
    case Sym::kNone: {
      auto* single = New<ast::MatchSingleton>(n);
      single->value = Expr(n, s, kLoad);
      return single;
    }
    case Sym::kComplexPattern:
      return MatchValue(n, ComplexExpr(n));
    case Sym::kUnionPattern: {
      auto* alt = New<ast::MatchOr>(n);
      UnionInto(alt);
      return alt;
    }
    case Sym::kAsPattern: {
      auto* as = New<ast::MatchAs>(n);
      int named = 0;
      Children([&](TSNode c, Sym cs) {
        if (cs == Sym::kTokUnderscore && named == 1) {
          Fail(c);  // cannot use '_' as a target
          return;
        }
        if (IsToken(cs)) {
          return;
        }
        ++named;
        if (named == 1) {
          as->pattern = Pattern(c, cs);
        } else if (cs == Sym::kIdentifier) {
          as->name = Ident(c);
        } else {
          Fail(c);
        }
      });
      if (as->name.empty()) {
        return Fail(n);
      }
      return as;
    }
    case Sym::kListPattern:
    case Sym::kTuplePattern: {
      auto* seq = New<ast::MatchSequence>(n);
      bool comma = false;
      Children([&](TSNode kid, Sym cs) {
        if (cs == Sym::kTokComma) {
          comma = true;
        } else if (!IsToken(cs)) {
          if (ast::Pattern* p = Pattern(kid, cs)) {
            seq->patterns.push_back(p);
          }
        }
      });
      if (s == Sym::kTuplePattern && !comma && seq->patterns.size() == 1) {
        return seq->patterns[0];  // a group pattern: `(p)`
      }
      return seq;
    }
    case Sym::kSplatPattern: {
      auto* star = New<ast::MatchStar>(n);
      Children([&](TSNode c, Sym cs) {
        if (cs == Sym::kIdentifier) {
          star->name = Ident(c);
        } else if (cs == Sym::kTokStarStar) {
          Fail(c);
        }
      });
      return star;
    }
    case Sym::kDictPattern:
      return MappingPattern(n);
    case Sym::kClassPattern:
      return ClassPattern(n);
    default:
      return Fail(n);
  }
}

// Flattens the alternatives of a union_pattern into `alt`.
void Lowerer::UnionInto(ast::MatchOr* alt) {
  PatternChildren([&](ast::Pattern* p, TSNode c) {
    if (p == nullptr) {
      return;
    }
    // tree-sitter may nest `a | b | c` without parentheses.
    if (SymOf(c) == Sym::kUnionPattern && p->Is<ast::MatchOr>()) {
      for (ast::Pattern* inner : p->Cast<ast::MatchOr>().patterns) {
        alt->patterns.push_back(inner);
      }
      return;
    }
    alt->patterns.push_back(p);
  });
}

// `-1+2j`, `1-2j`: BinOp of (possibly negated) real and an imaginary part.
ast::Expr* Lowerer::ComplexExpr(TSNode n) {
  TSNode minus{};
  ast::Expr* left = nullptr;
  auto* bin = New<ast::BinOp>(n);
  bool have_op = false;
  Children([&](TSNode c, Sym s) {
    if (s == Sym::kTokMinus || s == Sym::kTokPlus) {
      if (left == nullptr) {
        if (s == Sym::kTokPlus) {
          Fail(c);
        }
        minus = c;
      } else {
        bin->op = s == Sym::kTokPlus ? BinOpKind::kAdd : BinOpKind::kSub;
        have_op = true;
      }
      return;
    }
    if (IsToken(s)) {
      return;
    }
    if (s != Sym::kInteger && s != Sym::kFloat) {
      Fail(c);
      return;
    }
    if (left == nullptr) {
      left = SignedNumber(minus, c);
      if (left == nullptr) {
        left = Fail(c);
      }
    } else {
      bin->right = Number(c, s);
    }
  });
  bin->left = left;
  if (!have_op || bin->left == nullptr || bin->right == nullptr) {
    return Fail(n);
  }
  if (!bin->right->Is<ast::Constant>() ||
      bin->right->Cast<ast::Constant>().value_kind != ConstantKind::kComplex) {
    return Fail(n);  // the right part must be imaginary
  }
  return bin;
}

ast::Pattern* Lowerer::MappingPattern(TSNode n) {
  auto* map = New<ast::MatchMapping>(n);
  TSNode minus{};
  Children([&](TSNode c, Sym s) {
    if (failed_) {
      return;
    }
    if (s == Sym::kSplatPattern) {
      Children([&](TSNode sc, Sym ss) {
        if (ss == Sym::kIdentifier) {
          map->rest = Ident(sc);
        } else if (ss == Sym::kTokUnderscore || ss == Sym::kTokStar) {
          Fail(sc);
        }
      });
      return;
    }
    if (s == Sym::kTokMinus) {
      minus = c;
      return;
    }
    if (s == Sym::kTokUnderscore) {
      Fail(c);
      return;
    }
    if (IsToken(s)) {
      return;
    }
    if (FieldId() == f_.value) {
      if (ast::Pattern* p = Pattern(c, s)) {
        map->patterns.push_back(p);
      }
      return;
    }
    // A key: a literal or a dotted value.
    ast::Expr* key = nullptr;
    if (!ts_node_is_null(minus)) {
      if (s != Sym::kInteger && s != Sym::kFloat) {
        Fail(c);
        return;
      }
      key = SignedNumber(minus, c);
      minus = TSNode{};
    } else {
      switch (s) {
        case Sym::kInteger:
        case Sym::kFloat:
        case Sym::kString:
        case Sym::kConcatenatedString:
        case Sym::kTrue:
        case Sym::kFalse:
        case Sym::kNone:
          key = Expr(c, s, kLoad);
          break;
        case Sym::kComplexPattern:
          key = ComplexExpr(c);
          break;
        case Sym::kDottedName:
          if (ts_node_named_child_count(c) < 2) {
            Fail(c);  // keys may only be literals and attribute lookups
            return;
          }
          key = DottedExpr(c);
          break;
        default:
          Fail(c);
          return;
      }
    }
    if (key != nullptr) {
      map->keys.push_back(key);
    }
  });
  if (map->keys.size() != map->patterns.size()) {
    return Fail(n);
  }
  return map;
}

ast::Pattern* Lowerer::ClassPattern(TSNode n) {
  auto* cls = New<ast::MatchClass>(n);
  Children([&](TSNode c, Sym s) {
    if (failed_) {
      return;
    }
    if (s == Sym::kDottedName && cls->cls == nullptr) {
      cls->cls = DottedExpr(c);
      return;
    }
    if (s != Sym::kCasePattern) {
      if (!IsToken(s)) {
        Fail(c);
      }
      return;
    }
    TSNode inner = FirstNamedChild(c);
    const Sym is = ts_node_is_null(inner) ? Sym::kOther : SymOf(inner);
    if (is == Sym::kKeywordPattern) {
      Down();
      while (SymOf(Cur()) != Sym::kKeywordPattern && Next()) {
      }
      KeywordPattern(cls, nullptr);
      Up();
      return;
    }
    if (is == Sym::kAsPattern) {
      // tree-sitter parses `C(x=p as y)` as `C((x=p) as y)`.
      TSNode as_inner = FirstNamedChild(inner);
      TSNode kw =
          ts_node_is_null(as_inner) ? TSNode{} : FirstNamedChild(as_inner);
      if (!ts_node_is_null(kw) && SymOf(kw) == Sym::kKeywordPattern) {
        AsKeywordPattern(cls, inner);
        return;
      }
    }
    if (!cls->kwd_attrs.empty()) {
      Fail(c);  // positional patterns follow keyword patterns
      return;
    }
    if (ast::Pattern* p = Pattern(c, s)) {
      cls->patterns.push_back(p);
    }
  });
  if (cls->cls == nullptr) {
    return Fail(n);
  }
  return cls;
}

// Cursor on a keyword_pattern: appends `name=pattern` to `cls`; with `as`,
// wraps the pattern in MatchAs(pattern, as->name).
void Lowerer::KeywordPattern(ast::MatchClass* cls, ast::MatchAs* as) {
  TSNode n = Cur();
  std::string_view name;
  ast::Pattern* value = nullptr;
  bool seen_eq = false;
  TSNode minus{};
  Children([&](TSNode c, Sym s) {
    if (s == Sym::kTokAssign) {
      seen_eq = true;
      return;
    }
    if (!seen_eq) {
      if (s == Sym::kIdentifier) {
        name = Ident(c);
      } else if (!IsToken(s)) {
        Fail(c);
      }
      return;
    }
    if (s == Sym::kTokMinus) {
      minus = c;
      return;
    }
    if (s == Sym::kTokUnderscore) {
      value = New<ast::MatchAs>(c);
      return;
    }
    if (IsToken(s)) {
      return;
    }
    if (!ts_node_is_null(minus)) {
      value = MatchValue(minus, SignedNumber(minus, c));
      return;
    }
    value = Pattern(c, s);
  });
  if (name.empty() || value == nullptr) {
    Fail(n);
    return;
  }
  if (as != nullptr) {
    as->pattern = value;
    as->origin = value->origin;
    as->span.begin = value->span.begin;
    value = as;
  }
  cls->kwd_attrs.push_back(name);
  cls->kwd_patterns.push_back(value);
}

}  // namespace agc::syntax
