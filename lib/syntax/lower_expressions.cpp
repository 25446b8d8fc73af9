// Lowering of expressions: the dispatch by node kind (Expr), where an
// unparenthesized walrus, star or yield is allowed, parentheses, tuples,
// lists, sets, dicts, comprehensions, calls, attributes, subscripts and
// slices, and the types of annotations (generic_type, member_type).
#include "lib/syntax/identifier.h"
#include "lib/syntax/lowerer.h"

namespace agc::syntax {

// Lowers the only (first) named child of the cursor's node as an
// expression.
ast::Expr* Lowerer::OnlyChild(ExprContext ctx, uint8_t allow) {
  ast::Expr* out = nullptr;
  bool seen = false;
  Children([&](TSNode kid, Sym s) {
    if (!IsToken(s) && !seen) {
      seen = true;
      out = ExprA(kid, s, ctx, allow);
    }
  });
  return out;
}

bool Lowerer::IsTargetSym(Sym s) {
  switch (s) {
    case Sym::kIdentifier:
    case Sym::kAttribute:
    case Sym::kSubscript:
    case Sym::kTuple:
    case Sym::kTuplePattern:
    case Sym::kPatternList:
    case Sym::kExpressionList:
    case Sym::kList:
    case Sym::kListPattern:
    case Sym::kListSplat:
    case Sym::kListSplatPattern:
    case Sym::kParenthesizedExpression:
      return true;
    default:
      return false;
  }
}

// Lowers the expression under the cursor with context `ctx`.
ast::Expr* Lowerer::Expr(ExprContext ctx) {
  TSNode n = Cur();
  return Expr(n, CurSym(), ctx);
}

// Lowers `n` in a context where CPython allows what `allow` says
// (Allow flags). tree-sitter accepts an unparenthesized `x := v`, `*x` and
// `yield` as any expression; CPython only in some places.
ast::Expr* Lowerer::ExprA(TSNode n, Sym s, ExprContext ctx, uint8_t allow) {
  allow_ = allow;
  return Expr(n, s, ctx);
}

// Lowers the expression `n` (of category `s`), on which the cursor is.
ast::Expr* Lowerer::Expr(TSNode n, Sym s, ExprContext ctx) {
  const uint8_t allow = allow_;
  allow_ = 0;
  if (failed_) {
    return nullptr;
  }
  DepthScope depth(this, n);
  if (!depth.ok()) {
    return nullptr;
  }
  if (!ts_node_is_null(type_call_) && ts_node_eq(n, type_call_)) {
    return TypeCall(n, s);
  }
  if (ctx != kLoad && !IsTargetSym(s)) {
    return Fail(n);  // cannot assign to / delete this expression
  }
  switch (s) {
    case Sym::kIdentifier:
      return NameOf(n, ctx);
    case Sym::kInteger:
    case Sym::kFloat:
      return Number(n, s);
    case Sym::kTrue:
      return Const(n, ConstantKind::kTrue);
    case Sym::kFalse:
      return Const(n, ConstantKind::kFalse);
    case Sym::kNone:
      return Const(n, ConstantKind::kNone);
    case Sym::kEllipsis:
      return Const(n, ConstantKind::kEllipsis);
    case Sym::kString:
    case Sym::kConcatenatedString:
      return Strings(n, s);
    case Sym::kParenthesizedExpression:
      return Parenthesized(n, ctx);
    case Sym::kTuple:
    case Sym::kTuplePattern:
    case Sym::kExpressionList:
    case Sym::kPatternList:
      return TupleLike(n, s, ctx);
    case Sym::kList:
    case Sym::kListPattern: {
      auto* list = New<ast::List>(n);
      list->ctx = ctx;
      Elements(list->elts, ctx);
      return list;
    }
    case Sym::kSet: {
      auto* set = New<ast::Set>(n);
      Elements(set->elts, kLoad);
      return set;
    }
    case Sym::kDictionary:
      return Dict(n);
    case Sym::kListSplat:
    case Sym::kListSplatPattern: {
      if (ctx == kDel || (allow & kStar) == 0) {
        return Fail(n);  // cannot use starred expression here
      }
      auto* star = New<ast::Starred>(n);
      star->ctx = ctx;
      star->value = OnlyChild(ctx);
      if (star->value != nullptr && star->value->Is<ast::Starred>()) {
        return Fail(n);  // `**x` where `*` is expected, `*(*x)`
      }
      return star;
    }
    case Sym::kListComprehension:
      return Comprehension<ast::ListComp>(n);
    case Sym::kSetComprehension:
      return Comprehension<ast::SetComp>(n);
    case Sym::kGeneratorExpression:
      return Comprehension<ast::GeneratorExp>(n);
    case Sym::kDictionaryComprehension:
      return DictComp(n);
    case Sym::kCall:
      return Call(n, allow & kStar);
    case Sym::kAttribute:
      return Attribute(n, ctx, allow & kStar);
    case Sym::kSubscript:
      return Subscript(n, ctx, allow & kStar);
    case Sym::kBinaryOperator:
      return BinaryOperator(n, allow & kStar);
    case Sym::kUnaryOperator:
      return UnaryOperator(n);
    case Sym::kNotOperator: {
      auto* un = New<ast::UnaryOp>(n);
      un->op = ast::UnaryOpKind::kNot;
      un->operand = OnlyChild(kLoad);
      return un;
    }
    case Sym::kBooleanOperator:
      return BooleanOperator(n);
    case Sym::kComparisonOperator:
      return Compare(n);
    case Sym::kConditionalExpression: {
      auto* ifexp = New<ast::IfExp>(n);
      const TailAs tail = std::exchange(tail_as_, TailAs{});
      int named = 0;
      Children([&](TSNode c, Sym cs) {
        if (IsToken(cs)) {
          return;
        }
        ++named;
        if (named == 1) {
          ifexp->body = Expr(c, cs, kLoad);
        } else if (named == 2) {
          ifexp->test = Expr(c, cs, kLoad);
        } else if (named == 3) {
          ifexp->orelse = TailPart(c, cs, tail);
        } else {
          Fail(c);
        }
      });
      return ifexp;
    }
    case Sym::kLambda:
      return Lambda(n);
    case Sym::kNamedExpression: {
      if ((allow & kWalrus) == 0) {
        return Fail(n);
      }
      auto* named_expr = New<ast::NamedExpr>(n);
      int named = 0;
      Children([&](TSNode c, Sym cs) {
        if (IsToken(cs)) {
          return;
        }
        ++named;
        if (named == 1) {
          named_expr->target = NameOf(c, kStore);
        } else {
          named_expr->value = Expr(c, cs, kLoad);
        }
      });
      return named_expr;
    }
    case Sym::kAwait:
      return Await(n);
    case Sym::kYield:
      if ((allow & kYield) == 0) {
        return Fail(n);  // a yield expression must be parenthesized here
      }
      return Yield(n);
    case Sym::kType:
      return OnlyChild(kLoad, allow & kStar);
    case Sym::kGenericType:
      return GenericType(n);
    case Sym::kUnionType:
      return UnionType(n);
    case Sym::kMemberType:
      return MemberType(n);
    case Sym::kSplatType: {
      auto* star = New<ast::Starred>(n);
      star->value = OnlyChild(kLoad);
      return star;
    }
    case Sym::kConstrainedType:
      return Fail(n);  // `a: b` outside a type parameter list
    default:
      // as_pattern outside with/except/case, keyword arguments out of
      // place, parenthesized starred expressions, ...
      return Fail(n);
  }
}

ast::Expr* Lowerer::Parenthesized(TSNode n, ExprContext ctx) {
  ast::Expr* out = nullptr;
  bool seen = false;
  Children([&](TSNode c, Sym s) {
    if (IsToken(s) || seen) {
      return;
    }
    seen = true;
    if (s == Sym::kListSplat || s == Sym::kAsPattern) {
      Fail(c);  // cannot use starred expression here
      return;
    }
    out = ExprA(c, s, ctx, kWalrus | kYield);  // `(x := v)`, `(yield)`
  });
  return out != nullptr ? out : Fail(n);
}

// tuple, tuple_pattern (parenthesized), expression_list, pattern_list.
ast::Expr* Lowerer::TupleLike(TSNode n, Sym s, ExprContext ctx) {
  auto* tuple = New<ast::Tuple>(n);
  tuple->ctx = ctx;
  Reserve(tuple->elts, n);
  bool comma = false;
  Children([&](TSNode kid, Sym cs) {
    if (cs == Sym::kTokComma) {
      comma = true;
      return;
    }
    if (IsToken(cs)) {
      return;
    }
    if (cs == Sym::kParenthesizedListSplat) {
      Fail(Cur());
      return;
    }
    // `(x := v, w)`, but not `x := v, w`.
    const uint8_t allow = s == Sym::kTuple ? kStar | kWalrus : kStar;
    if (ast::Expr* e = ExprA(kid, cs, ctx, allow)) {
      tuple->elts.push_back(e);
    }
  });
  if ((s == Sym::kTuplePattern || s == Sym::kTuple) && !comma &&
      tuple->elts.size() == 1) {
    const ast::Expr* only = tuple->elts[0];
    if (only->Is<ast::Starred>()) {
      // `(*a)`: cannot use starred expression here
      return FailAt({only->origin.line, only->origin.col},
                    diag::DiagKind::kInvalidSyntax);
    }
    return tuple->elts[0];  // `(x) = ...`: only parentheses
  }
  return tuple;
}

// Elements of a list / set display or list pattern.
void Lowerer::Elements(std::vector<ast::Expr*>& out, ExprContext ctx) {
  Reserve(out, Cur());
  Children([&](TSNode c, Sym s) {
    if (IsToken(s)) {
      return;
    }
    if (s == Sym::kParenthesizedListSplat) {
      Fail(c);
      return;
    }
    if (ast::Expr* e = ExprA(c, s, ctx, kWalrus | kStar)) {
      out.push_back(e);
    }
  });
}

ast::Expr* Lowerer::Dict(TSNode n) {
  auto* dict = New<ast::Dict>(n);
  Children([&](TSNode c, Sym s) {
    if (IsToken(s)) {
      if (s == Sym::kTokComma && dict->keys.empty()) {
        Fail(c);  // {,}, which tree-sitter accepts
      }
      return;
    }
    if (s == Sym::kPair) {
      ast::Expr* key = nullptr;
      ast::Expr* value = nullptr;
      Pair(&key, &value);
      dict->keys.push_back(key);
      dict->values.push_back(value);
    } else if (s == Sym::kDictionarySplat) {
      dict->keys.push_back(nullptr);
      dict->values.push_back(OnlyChild(kLoad));
    } else {
      Fail(c);
    }
  });
  return dict;
}

void Lowerer::Pair(ast::Expr** key, ast::Expr** value) {
  int named = 0;
  Children([&](TSNode kid, Sym s) {
    if (IsToken(s)) {
      return;
    }
    ++named;
    if (named == 1) {
      *key = Expr(kid, s, kLoad);
    } else {
      *value = Expr(kid, s, kLoad);
    }
  });
}

// for_in_clause / if_clause children of a comprehension node.
bool Lowerer::Clause(Sym s, TSNode c, std::vector<ast::Comprehension*>& gens) {
  if (s == Sym::kForInClause) {
    if (ast::Comprehension* gen = ForIn(c)) {
      gens.push_back(gen);
    }
    return true;
  }
  if (s == Sym::kIfClause) {
    ast::Expr* cond = OnlyChild(kLoad);
    if (gens.empty()) {
      Fail(c);
    } else if (cond != nullptr) {
      gens.back()->ifs.push_back(cond);
    }
    return true;
  }
  return false;
}

ast::Comprehension* Lowerer::ForIn(TSNode n) {
  auto* gen = New<ast::Comprehension>(n);
  int named = 0;
  Children([&](TSNode c, Sym s) {
    if (s == Sym::kTokAsync) {
      gen->is_async = true;
      return;
    }
    if (s == Sym::kTokComma && named >= 2) {
      Fail(c);  // Python 2: `for x in 1, 2` in a comprehension
      return;
    }
    if (IsToken(s)) {
      return;
    }
    ++named;
    if (named == 1) {
      gen->target = ExprA(c, s, kStore, kStar);
    } else if (named == 2) {
      gen->iter = Expr(c, s, kLoad);
    } else {
      Fail(c);
    }
  });
  return gen;
}

template <typename T>
ast::Expr* Lowerer::Comprehension(TSNode n) {
  auto* comp = New<T>(n);
  Children([&](TSNode c, Sym s) {
    if (IsToken(s)) {
      return;
    }
    if (Clause(s, c, comp->generators)) {
      return;
    }
    if (comp->elt != nullptr) {
      Fail(c);
      return;
    }
    comp->elt = ExprW(c, s);
  });
  if (comp->generators.empty()) {
    return Fail(n);
  }
  return comp;
}

ast::Expr* Lowerer::DictComp(TSNode n) {
  auto* comp = New<ast::DictComp>(n);
  Children([&](TSNode c, Sym s) {
    if (IsToken(s)) {
      return;
    }
    if (Clause(s, c, comp->generators)) {
      return;
    }
    if (s == Sym::kPair && comp->key == nullptr) {
      Pair(&comp->key, &comp->value);
    } else {
      Fail(c);
    }
  });
  if (comp->generators.empty()) {
    return Fail(n);
  }
  return comp;
}

// `star`: the call may be starred (see HoistStar), so its function may.
ast::Expr* Lowerer::Call(TSNode n, uint8_t star) {
  auto* call = New<ast::Call>(n);
  int named = 0;
  Children([&](TSNode c, Sym s) {
    if (IsToken(s)) {
      return;
    }
    ++named;
    if (named == 1) {
      call->func = ExprA(c, s, kLoad, star);
    } else if (s == Sym::kArgumentList) {
      Arguments(c, call->args, call->keywords);
    } else if (s == Sym::kGeneratorExpression) {
      // f(x for x in y): the generator is the only argument.
      if (ast::Expr* gen = Expr(c, s, kLoad)) {
        call->args.push_back(gen);
      }
    } else {
      Fail(c);
    }
  });
  return HoistStar(call, &call->func, kLoad);
}

// `obj.name`. Only the object is visited: the name is the identifier that
// ends the node (this saves two cursor steps per attribute; attributes are
// among the most common nodes).
ast::Expr* Lowerer::Attribute(TSNode n, ExprContext ctx, uint8_t star) {
  auto* attr = New<ast::Attribute>(n);
  attr->ctx = ctx;
  const uint32_t end = attr->span.end;
  uint32_t name = end;
  while (name > attr->span.begin &&
         IsNameByte(static_cast<unsigned char>(bytes_[name - 1]))) {
    --name;
  }
  if (!Down()) {
    return Fail(n);
  }
  TSNode object = Cur();
  attr->value = ExprA(object, SymOf(object), kLoad, star);
  // Anything but `.` and blanks between the object and the name (a
  // comment in a parenthesized, multi-line chain)? Then visit the rest.
  bool plain = true;
  for (uint32_t i = ts_node_end_byte(object); i < name && plain; ++i) {
    const char ch = bytes_[i];
    plain = ch == '.' || ch == ' ' || ch == '\t' || ch == ')';
  }
  if (!plain) {
    while (Next()) {
      TSNode c = Cur();
      if (CurSym() == Sym::kComment) {
        AddComment(c);
      }
    }
  }
  Up();
  std::string_view text = bytes_.substr(name, end - name);
  if (text.empty() || (text[0] >= '0' && text[0] <= '9')) {
    return Fail(n);
  }
  if (IsHardKeyword(text)) {
    return Fail(n);
  }
  if (HasNonAscii(text) && NormalizeIdentifier(text, ident_buf_)) {
    text = module_.Intern(ident_buf_);
  }
  attr->attr = text;
  return HoistStar(attr, &attr->value, ctx);
}

ast::Expr* Lowerer::Subscript(TSNode n, ExprContext ctx, uint8_t star) {
  auto* sub = New<ast::Subscript>(n);
  sub->ctx = ctx;
  ast::Tuple* tuple = nullptr;
  ast::Expr* single = nullptr;
  bool have_value = false;
  TSNode first{};
  Children([&](TSNode c, Sym s) {
    if (s == Sym::kTokComma && have_value) {
      if (tuple == nullptr && single != nullptr) {
        tuple = NewSliceTuple(first, single);
        single = nullptr;
      }
      return;
    }
    if (IsToken(s)) {
      return;
    }
    if (!have_value) {
      have_value = true;
      sub->value = ExprA(c, s, kLoad, star);
      return;
    }
    ast::Expr* item =
        s == Sym::kSlice ? Slice(c) : ExprA(c, s, kLoad, kWalrus | kStar);
    if (item == nullptr) {
      return;
    }
    if (tuple == nullptr && single == nullptr) {
      first = c;
      single = item;
      return;
    }
    if (tuple == nullptr) {
      tuple = NewSliceTuple(first, single);
      single = nullptr;
    }
    tuple->elts.push_back(item);
    tuple->span.end = ts_node_end_byte(c);
  });
  if (single != nullptr && single->Is<ast::Starred>() && !failed_) {
    // x[*a] is x[(*a,)]
    tuple = NewSliceTuple(first, single);
    single = nullptr;
  }
  sub->slice = tuple != nullptr ? static_cast<ast::Expr*>(tuple) : single;
  if (sub->slice == nullptr && !failed_) {
    return Fail(n);
  }
  return HoistStar(sub, &sub->value, ctx);
}

// The Tuple of `x[a:b, c]` (no parentheses): starts at its first element.
ast::Tuple* Lowerer::NewSliceTuple(TSNode first, ast::Expr* elt) {
  auto* tuple = New<ast::Tuple>(first);
  if (elt != nullptr) {
    tuple->elts.push_back(elt);
  }
  return tuple;
}

ast::Expr* Lowerer::Slice(TSNode n) {
  auto* slice = New<ast::Slice>(n);
  int colons = 0;
  Children([&](TSNode c, Sym s) {
    if (s == Sym::kTokColon) {
      ++colons;
      return;
    }
    if (IsToken(s)) {
      return;
    }
    ast::Expr* e = Expr(c, s, kLoad);
    switch (colons) {
      case 0:
        slice->lower = e;
        break;
      case 1:
        slice->upper = e;
        break;
      case 2:
        slice->step = e;
        break;
      default:
        Fail(c);
        break;
    }
  });
  return slice;
}

// `list[int]` in an annotation: Subscript(Name, slice).
ast::Expr* Lowerer::GenericType(TSNode n) {
  auto* sub = New<ast::Subscript>(n);
  Children([&](TSNode c, Sym s) {
    if (s == Sym::kIdentifier) {
      sub->value = NameOf(c, kLoad);
    } else if (s == Sym::kTypeParameter) {
      ast::Tuple* tuple = nullptr;
      ast::Expr* single = nullptr;
      TSNode first{};
      Children([&](TSNode tc, Sym ts) {
        if (ts == Sym::kTokComma) {
          if (tuple == nullptr && single != nullptr) {
            tuple = NewSliceTuple(first, single);
            single = nullptr;
          }
          return;
        }
        if (IsToken(ts)) {
          return;
        }
        ast::Expr* e = ExprA(tc, ts, kLoad, kWalrus | kStar);
        if (e == nullptr) {
          return;
        }
        if (tuple == nullptr && single == nullptr) {
          first = tc;
          single = e;
          return;
        }
        if (tuple == nullptr) {
          tuple = NewSliceTuple(first, single);
          single = nullptr;
        }
        tuple->elts.push_back(e);
        tuple->span.end = ts_node_end_byte(tc);
      });
      if (single != nullptr && single->Is<ast::Starred>()) {
        tuple = NewSliceTuple(first, single);
        single = nullptr;
      }
      sub->slice = tuple != nullptr ? static_cast<ast::Expr*>(tuple) : single;
    } else if (!IsToken(s)) {
      sub->value = Expr(c, s, kLoad);
    }
  });
  if (sub->value == nullptr || sub->slice == nullptr) {
    return Fail(n);
  }
  return sub;
}

ast::Expr* Lowerer::MemberType(TSNode n) {
  auto* attr = New<ast::Attribute>(n);
  int named = 0;
  Children([&](TSNode c, Sym s) {
    if (IsToken(s)) {
      return;
    }
    ++named;
    if (named == 1) {
      attr->value = Expr(c, s, kLoad);
    } else if (s == Sym::kIdentifier) {
      attr->attr = Ident(c);
    } else {
      Fail(c);
    }
  });
  return attr;
}

// Used by TypeCall (lower_grammar_workarounds.cpp).
template ast::Expr* Lowerer::Comprehension<ast::GeneratorExp>(TSNode n);

}  // namespace agc::syntax
