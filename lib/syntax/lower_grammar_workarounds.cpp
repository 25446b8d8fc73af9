// The valid forms tree-sitter-python 0.23.6 misreads, and how the lowering
// rebuilds the tree CPython reads. Each names the misparse and the test that
// pins it, in lower_expressions_test.cpp (those of with, except, annotations
// and patterns in lower_statements_test.cpp):
//
//   `type(x).attr = v` read as a type alias statement: TypeAlias, TypeCall
//       ("lowers soft keywords and misread forms like CPython")
//   `print >> f, x` read as a Python 2 print statement: PrintChevron
//       ("lowers soft keywords and misread forms like CPython")
//   `a,` NEWLINE `b = 1` glued into `a, b = 1`: SplitTargets,
//       LineBreakBetween ("lowers soft keywords and misread forms like
//       CPython")
//   `with a if b else c as t` read as `a if b else (c as t)` (also after a
//       lambda, and in except clauses): EndsInAsPattern, TailValue,
//       ExprTakingTail, TailPart ("an `as` after a conditional or lambda
//       names the whole value")
//   `[*f(x)]`, `[*a.b]`, `[*a + b]` read with `*a` as the primary: HoistStar
//       ("lowers starred like CPython")
//   `a & b ^ c` with `^` binding tighter than `&`: BitAndChain,
//       FlattenBitChain, MakeBin ("lowers operators like CPython")
//   `await a ** b` read as `await (a ** b)`: Await ("lowers operators like
//       CPython")
//   `A[b] | None | bool` in an annotation nested to the right: UnionType,
//       UnionOperands ("lowers functions and classes like CPython")
//   `C(x=p as y)` in a pattern read as `C((x=p) as y)`: AsKeywordPattern
//       (found in ClassPattern, lower_patterns.cpp; "a keyword pattern with
//       `as` in a class pattern")
//
// Forms tree-sitter only shapes differently from CPython's grammar (`except
// *E` as a starred type, a with statement's parenthesized items as a tuple,
// `a | b | c` patterns nested, negative numbers in patterns) are read where
// they are lowered.
#include "lib/syntax/lowerer.h"

namespace agc::syntax {

// tree-sitter reads `type(x).attr = v` as a type alias statement
// `type (x).attr = v`; CPython reads an assignment to an attribute of the
// call `type(x)`. A real alias names an identifier after `type`.
ast::Stmt* Lowerer::TypeAlias(TSNode n) {
  TSNode left = ts_node_child_by_field_id(n, f_.left);
  if (ts_node_is_null(left)) {
    return Fail(n);
  }
  if (bytes_[ts_node_start_byte(left)] != '(') {
    return TypeAliasStatement(n);
  }
  // The leftmost primary of the target is the call's parenthesized
  // argument list.
  TSNode primary = FirstNamedChild(left);
  while (!ts_node_is_null(primary)) {
    const Sym ps = SymOf(primary);
    if (ps != Sym::kAttribute && ps != Sym::kSubscript && ps != Sym::kCall) {
      break;
    }
    primary = FirstNamedChild(primary);
  }
  if (ts_node_is_null(primary)) {
    return Fail(n);
  }
  const Sym ps = SymOf(primary);
  if (ps != Sym::kParenthesizedExpression && ps != Sym::kTuple &&
      ps != Sym::kGeneratorExpression) {
    return Fail(n);
  }
  type_call_ = primary;
  type_keyword_ = ts_node_child(n, 0);
  auto* assign = New<ast::Assign>(n);
  int named = 0;
  Children([&](TSNode kid, Sym s) {
    if (IsToken(s)) {
      return;
    }
    ++named;
    if (named == 1) {
      // type > target expression
      Children([&](TSNode kid, Sym ts) {
        if (!IsToken(ts)) {
          if (ast::Expr* t = Expr(kid, ts, kStore)) {
            assign->targets.push_back(t);
          }
        }
      });
    } else {
      assign->value = Expr(kid, s, kLoad);
    }
  });
  type_call_ = TSNode{};
  if (assign->targets.empty() || assign->value == nullptr) {
    return Fail(n);
  }
  // The target's left spine starts at `type`, not at its `(`.
  const ast::Origin origin = OriginOf(type_keyword_);
  const uint32_t begin = ts_node_start_byte(type_keyword_);
  for (ast::Expr* e = assign->targets[0]; e != nullptr;) {
    if (e->Is<ast::Call>() && e->span.begin == begin) {
      break;  // the type(...) call itself
    }
    e->origin = origin;
    e->span.begin = begin;
    if (auto* a = e->As<ast::Attribute>()) {
      e = a->value;
    } else if (auto* sub = e->As<ast::Subscript>()) {
      e = sub->value;
    } else if (auto* call = e->As<ast::Call>()) {
      e = call->func;
    } else {
      break;
    }
  }
  return assign;
}

// A real `type X[T] = value` statement (Python 3.12, PEP 695); the cursor
// is on it.
ast::Stmt* Lowerer::TypeAliasStatement(TSNode n) {
  if (!Needs(n, base::PythonVersion::kPy312, "the 'type' statement needs")) {
    return nullptr;
  }
  auto* alias = New<ast::TypeAlias>(n);
  Children([&](TSNode c, Sym s) {
    if (IsToken(s)) {
      return;
    }
    if (alias->name == nullptr) {
      // type > identifier, or type > generic_type > identifier, type_parameter
      TSNode t = FirstNamedChild(c);
      if (s != Sym::kType || ts_node_is_null(t)) {
        Fail(c);
        return;
      }
      if (SymOf(t) == Sym::kIdentifier) {
        alias->name = NameOf(t, kStore);
        return;
      }
      if (SymOf(t) != Sym::kGenericType) {
        Fail(t);
        return;
      }
      Down();  // from the type to its generic_type
      Children([&](TSNode g, Sym gs) {
        if (gs == Sym::kIdentifier && alias->name == nullptr) {
          alias->name = NameOf(g, kStore);
        } else if (gs == Sym::kTypeParameter && alias->name != nullptr &&
                   alias->type_params.empty()) {
          TypeParams(g, alias->type_params);
        } else if (!IsToken(gs)) {
          Fail(g);
        }
      });
      Up();
      return;
    }
    if (alias->value != nullptr) {
      Fail(c);
      return;
    }
    alias->value = Expr(c, s, kLoad);
  });
  if (alias->name == nullptr || alias->value == nullptr) {
    return Fail(n);
  }
  return alias;
}

// The call `type(...)` of a misread type alias (see TypeAlias); the cursor
// is on its parenthesized argument list `n`.
ast::Expr* Lowerer::TypeCall(TSNode n, Sym s) {
  type_call_ = TSNode{};
  auto* call = New<ast::Call>(type_keyword_);
  call->span.end = ts_node_end_byte(n);
  call->func = NameOf(type_keyword_, kLoad);
  if (s == Sym::kParenthesizedExpression) {
    if (ast::Expr* arg = Parenthesized(n, kLoad)) {
      call->args.push_back(arg);
    }
  } else if (s == Sym::kTuple) {
    Elements(call->args, kLoad);
  } else {
    if (ast::Expr* gen = Comprehension<ast::GeneratorExp>(n)) {
      call->args.push_back(gen);
    }
  }
  return call;
}

// tree-sitter reads `print >> f, x` as a Python 2 print statement; for
// CPython it is the tuple `(print >> f), x`. Without `>>` it is Python 2.
ast::Stmt* Lowerer::PrintChevron(TSNode n) {
  auto* stmt = New<ast::ExprStmt>(n);
  ast::Tuple* tuple = nullptr;
  ast::Expr* shift = nullptr;
  Children([&](TSNode c, Sym s) {
    if (s == Sym::kChevron) {
      auto* bin = New<ast::BinOp>(ts_node_child(n, 0));
      bin->span.end = ts_node_end_byte(c);
      bin->left = NameOf(ts_node_child(n, 0), kLoad);
      bin->op = BinOpKind::kRShift;
      bin->right = OnlyChild(kLoad);
      shift = bin;
      return;
    }
    if (s == Sym::kTokComma) {
      if (shift != nullptr && tuple == nullptr) {
        tuple = New<ast::Tuple>(ts_node_child(n, 0));
        tuple->elts.push_back(shift);
      }
      if (tuple != nullptr) {
        tuple->span.end = ts_node_end_byte(c);
      }
      return;
    }
    if (IsToken(s)) {
      return;
    }
    if (shift == nullptr || tuple == nullptr) {
      Fail(n);  // `print x`: Python 2
      return;
    }
    if (ast::Expr* e = Expr(c, s, kLoad)) {
      tuple->elts.push_back(e);
    }
    tuple->span.end = ts_node_end_byte(c);
  });
  if (shift == nullptr) {
    return Fail(n);
  }
  stmt->value = tuple != nullptr ? static_cast<ast::Expr*>(tuple) : shift;
  return stmt;
}

// Whether a line break that ends a logical line lies in [from, to): one
// not escaped by a backslash (the range is outside any brackets).
bool Lowerer::LineBreakBetween(uint32_t from, uint32_t to) const {
  for (uint32_t i = from; i < to; ++i) {
    const char ch = bytes_[i];
    if (ch == '#') {
      return true;  // a comment runs to the end of the line
    }
    if ((ch == '\n' || ch == '\r') &&
        !(i > from &&
          (bytes_[i - 1] == '\\' || (ch == '\n' && bytes_[i - 1] == '\r' &&
                                     i > from + 1 && bytes_[i - 2] == '\\')))) {
      return true;
    }
  }
  return false;
}

// The target list of `a, b = ...` (cursor on the pattern_list `n`).
// tree-sitter glues a statement that ends in a comma to the next line's
// assignment: `a,` NEWLINE `b = 1` comes as `a, b = 1`. CPython reads the
// expression statement `a,` and then `b = 1`: the glued statements go to
// split_ (Block inserts them before this one) and the rest is the target.
ast::Expr* Lowerer::SplitTargets(TSNode n) {
  const std::string_view text = Text(n);
  if (text.find('\n') == std::string_view::npos &&
      text.find('\r') == std::string_view::npos) {
    return Expr(n, Sym::kPatternList, kStore);
  }
  // Find the last comma followed by a logical line break.
  uint32_t split_end = 0;  // byte offset where the kept targets start
  uint32_t comma_end = 0;
  bool after_comma = false;
  if (Down()) {  // (comments are collected by the second pass)
    do {
      TSNode c = Cur();
      const Sym s = CurSym();
      if (s == Sym::kTokComma) {
        comma_end = ts_node_end_byte(c);
        after_comma = true;
      } else if (!IsToken(s) && s != Sym::kComment &&
                 s != Sym::kLineContinuation) {
        if (after_comma && LineBreakBetween(comma_end, ts_node_start_byte(c))) {
          split_end = ts_node_start_byte(c);
        }
        after_comma = false;
      }
    } while (Next());
    Up();
  }
  if (split_end == 0) {
    return Expr(n, Sym::kPatternList, kStore);
  }
  // Lower: glued statements (Load) before split_end, targets after.
  ast::ExprStmt* stmt = nullptr;
  ast::Tuple* group = nullptr;
  ast::Tuple* targets = nullptr;
  bool target_comma = false;
  after_comma = false;
  Children([&](TSNode c, Sym s) {
    const uint32_t begin = ts_node_start_byte(c);
    if (s == Sym::kTokComma) {
      comma_end = ts_node_end_byte(c);
      after_comma = true;
      if (group != nullptr) {
        group->span.end = comma_end;
        stmt->span.end = comma_end;
      }
      if (targets != nullptr) {
        target_comma = true;
        targets->span.end = comma_end;
      }
      return;
    }
    if (IsToken(s)) {
      return;
    }
    if (begin >= split_end) {
      if (targets == nullptr) {
        targets = New<ast::Tuple>(c);
        targets->ctx = kStore;
      }
      if (ast::Expr* e = ExprA(c, s, kStore, kStar)) {
        targets->elts.push_back(e);
      }
      targets->span.end = ts_node_end_byte(c);
      return;
    }
    if (group == nullptr ||
        (after_comma && LineBreakBetween(comma_end, begin))) {
      stmt = New<ast::ExprStmt>(c);
      group = New<ast::Tuple>(c);
      stmt->value = group;
      split_.push_back(stmt);
    }
    after_comma = false;
    if (ast::Expr* e = ExprA(c, s, kLoad, kStar)) {
      group->elts.push_back(e);
    }
  });
  if (targets == nullptr) {
    return Fail(n);
  }
  if (!target_comma && targets->elts.size() == 1) {
    return targets->elts[0];
  }
  return targets;
}

// `with a if b else c as t:`, `except A if c else B as e:` (and the same
// with a lambda): tree-sitter reads the `as` into the conditional's last
// branch or the lambda's body; CPython applies it to the whole expression.
// Whether `n`'s last branch (through nested conditionals and lambdas) is
// such an as_pattern.
bool Lowerer::EndsInAsPattern(TSNode n) const {
  for (;;) {
    const Sym s = SymOf(n);
    if (s == Sym::kAsPattern) {
      return true;
    }
    if (s != Sym::kConditionalExpression && s != Sym::kLambda) {
      return false;
    }
    n = LastNamedChild(n);
    if (ts_node_is_null(n)) {
      return false;
    }
  }
}

// Lowers value `n` (cursor on it; EndsInAsPattern) of a with item or an
// except clause: the conditional or lambda that holds the as_pattern takes
// its expression as its last branch and hands its target to `tail`. The
// spans of the conditionals and lambdas then end where that branch ends.
ast::Expr* Lowerer::TailValue(TSNode n, Sym s, TailAs tail) {
  ast::Expr* value = ExprTakingTail(n, s, tail);
  std::vector<ast::Expr*> chain;
  ast::Expr* last = value;
  while (last != nullptr) {
    if (auto* ifexp = last->As<ast::IfExp>()) {
      chain.push_back(last);
      last = ifexp->orelse;
    } else if (auto* lambda = last->As<ast::Lambda>()) {
      chain.push_back(last);
      last = lambda->body;
    } else {
      break;
    }
  }
  if (last != nullptr) {
    for (ast::Expr* e : chain) {
      e->span.end = last->span.end;
    }
  }
  return value;
}

// Expression `n` (cursor on it), a conditional or lambda that takes `tail`
// when it starts.
ast::Expr* Lowerer::ExprTakingTail(TSNode n, Sym s, TailAs tail) {
  tail_as_ = tail;
  ast::Expr* expr = Expr(n, s, kLoad);
  tail_as_ = {};
  return expr;
}

// The last branch `n` (cursor on it) of a conditional or the body of a
// lambda, which took `tail` (see TailValue) when it started.
ast::Expr* Lowerer::TailPart(TSNode n, Sym s, TailAs tail) {
  if (!tail.active()) {
    return Expr(n, s, kLoad);
  }
  if (s != Sym::kAsPattern) {
    return ExprTakingTail(n, s, tail);  // a nested conditional or lambda
  }
  if (tail.target != nullptr) {
    ast::Expr* expr = nullptr;
    AsPattern(&expr, tail.target);
    return expr;
  }
  return HandlerAs(*tail.handler, 0);
}

// tree-sitter counts `*a` as a primary expression, so `[*f(x)]` comes as
// a call of `*f`, `[*a.b]` as an attribute of `*a`, `[*a + b]` as a sum
// whose left operand is `*a`. CPython reads a starred call, attribute,
// sum. When the leftmost operand `*slot` of `node` is a Starred, move the
// star out: Starred(node with the starred value in `slot`).
ast::Expr* Lowerer::HoistStar(ast::Expr* node,
                              ast::Expr** slot,
                              ExprContext ctx) {
  if (*slot == nullptr || !(*slot)->Is<ast::Starred>()) {
    return node;
  }
  auto* star = &(*slot)->Cast<ast::Starred>();
  *slot = star->value;
  // The node now starts after the `*`.
  uint32_t begin = star->span.begin + 1;
  while (begin < bytes_.size() &&
         (bytes_[begin] == ' ' || bytes_[begin] == '\t' ||
          bytes_[begin] == '\\' || bytes_[begin] == '\n' ||
          bytes_[begin] == '\r' || bytes_[begin] == '\f')) {
    ++begin;
  }
  node->span.begin = begin;
  node->origin = OriginOfByte(begin);
  star->value = node;
  star->ctx = ctx;
  star->span.end = node->span.end;
  return star;
}

// Collects the operands and operators of the unparenthesized `&`/`^`
// subtree under the cursor, left to right.
// `star`: the first operand may be starred (see HoistStar).
void Lowerer::FlattenBitChain(std::vector<ChainItem>& operands,
                              std::vector<BinOpKind>& ops,
                              uint8_t star) {
  Children([&](TSNode c, Sym s) {
    if (s == Sym::kTokAmp || s == Sym::kTokCaret) {
      ops.push_back(s == Sym::kTokAmp ? BinOpKind::kBitAnd
                                      : BinOpKind::kBitXor);
      return;
    }
    if (IsToken(s)) {
      return;
    }
    if (s == Sym::kBinaryOperator) {
      const Sym op = BinOpSym(c);
      if (op == Sym::kTokAmp || op == Sym::kTokCaret) {
        DepthScope depth(this, c);
        if (depth.ok()) {
          FlattenBitChain(operands, ops, operands.empty() ? star : 0);
        }
        return;
      }
    }
    const uint8_t allow = operands.empty() ? star : 0;
    operands.push_back(ChainItem{ExprA(c, s, kLoad, allow), OriginOf(c),
                                 ts_node_start_byte(c), ts_node_end_byte(c)});
  });
}

Lowerer::ChainItem Lowerer::MakeBin(const ChainItem& left,
                                    BinOpKind op,
                                    const ChainItem& right) {
  auto* bin = module_.New<ast::BinOp>(left.origin);
  bin->span = {left.begin, right.end};
  bin->left = left.expr;
  bin->op = op;
  bin->right = right.expr;
  return ChainItem{bin, left.origin, left.begin, right.end};
}

// tree-sitter-python gives `^` a higher precedence than `&`; Python gives
// `&` the higher one. A tree rooted at `&` may hold `^` nodes that bind the
// wrong way: rebuild it with Python's precedence (both left-associative).
ast::Expr* Lowerer::BitAndChain(TSNode n, uint8_t star) {
  std::vector<ChainItem> operands;
  std::vector<BinOpKind> ops;
  FlattenBitChain(operands, ops, star);
  if (failed_ || operands.size() != ops.size() + 1) {
    return failed_ ? nullptr : Fail(n);
  }
  size_t next = 0;  // next operand
  size_t op = 0;    // next operator
  auto and_expr = [&]() {
    ChainItem left = operands[next++];
    while (op < ops.size() && ops[op] == BinOpKind::kBitAnd) {
      ++op;
      left = MakeBin(left, BinOpKind::kBitAnd, operands[next++]);
    }
    return left;
  };
  ChainItem left = and_expr();
  while (op < ops.size()) {
    ++op;  // `^`
    ChainItem right = and_expr();
    left = MakeBin(left, BinOpKind::kBitXor, right);
  }
  // A starred first operand (`[*a & b]`) stars the whole chain.
  ast::Expr* out = left.expr;
  ast::Expr* bin = out;
  while (bin->Is<ast::BinOp>()) {
    auto& b = bin->Cast<ast::BinOp>();
    if (b.left != nullptr && b.left->Is<ast::Starred>()) {
      // Move the star to the top: the leftmost BinOps now start after it.
      auto* star = &b.left->Cast<ast::Starred>();
      b.left = star->value;
      ast::Expr* walk = out;
      while (walk != nullptr && walk->Is<ast::BinOp>()) {
        walk->span.begin = b.left->span.begin;
        walk->origin = b.left->origin;
        walk = walk->Cast<ast::BinOp>().left;
      }
      star->value = out;
      star->span.end = out->span.end;
      return star;
    }
    bin = b.left;
  }
  return out;
}

ast::Expr* Lowerer::Await(TSNode n) {
  auto* await = New<ast::Await>(n);
  await->value = OnlyChild(kLoad);
  // tree-sitter binds `await a ** b` as await (a ** b); CPython (and the
  // language reference) as (await a) ** b.
  if (await->value != nullptr && await->value->Is<ast::BinOp>()) {
    auto& pow = await->value->Cast<ast::BinOp>();
    TSNode child = FirstNamedChild(n);
    if (pow.op == BinOpKind::kPow && !ts_node_is_null(child) &&
        SymOf(child) == Sym::kBinaryOperator && pow.left != nullptr) {
      await->value = pow.left;
      await->span.end = pow.left->span.end;
      pow.left = await;
      pow.origin = await->origin;
      pow.span.begin = await->span.begin;
      return &pow;
    }
  }
  return await;
}

// `A[b] | None | bool` in an annotation. tree-sitter nests the operands
// after a generic type to the right (union_type(A[b], None | bool));
// CPython's `|` is left-associative: ((A[b] | None) | bool).
ast::Expr* Lowerer::UnionType(TSNode) {
  std::vector<ChainItem> operands;
  UnionOperands(operands);
  if (failed_ || operands.empty()) {
    return nullptr;
  }
  ChainItem left = operands[0];
  for (size_t i = 1; i < operands.size(); ++i) {
    left = MakeBin(left, BinOpKind::kBitOr, operands[i]);
  }
  return left.expr;
}

// The operands, left to right, of the unparenthesized `|` chain under the
// cursor (a union_type, a `type`, or a binary_operator `|`).
void Lowerer::UnionOperands(std::vector<ChainItem>& operands) {
  Children([&](TSNode c, Sym s) {
    if (IsToken(s)) {
      return;
    }
    bool chain = s == Sym::kUnionType ||
                 (s == Sym::kBinaryOperator && BinOpSym(c) == Sym::kTokPipe);
    if (s == Sym::kType) {
      TSNode inner = FirstNamedChild(c);
      const Sym is = ts_node_is_null(inner) ? Sym::kOther : SymOf(inner);
      chain = is == Sym::kUnionType ||
              (is == Sym::kBinaryOperator && BinOpSym(inner) == Sym::kTokPipe);
    }
    if (chain) {
      DepthScope depth(this, c);
      if (depth.ok()) {
        UnionOperands(operands);
      }
      return;
    }
    operands.push_back(ChainItem{Expr(c, s, kLoad), OriginOf(c),
                                 ts_node_start_byte(c), ts_node_end_byte(c)});
  });
}

// Cursor on the case_pattern holding `as_node` (an as_pattern whose first
// operand is a keyword pattern).
void Lowerer::AsKeywordPattern(ast::MatchClass* cls, TSNode as_node) {
  auto* as = New<ast::MatchAs>(as_node);
  // Find the name after `as`.
  Children([&](TSNode c, Sym s) {
    if (s != Sym::kAsPattern) {
      return;
    }
    int named = 0;
    Children([&](TSNode ac, Sym as_sym) {
      if (IsToken(as_sym)) {
        return;
      }
      ++named;
      if (named == 1) {
        // case_pattern > keyword_pattern
        Children([&](TSNode, Sym ks) {
          if (ks == Sym::kKeywordPattern) {
            KeywordPattern(cls, as);
          }
        });
      } else if (as_sym == Sym::kIdentifier) {
        as->name = Ident(ac);
      } else {
        Fail(ac);
      }
    });
    (void)c;
  });
  if (as->name.empty()) {
    Fail(as_node);
  }
}

}  // namespace agc::syntax
