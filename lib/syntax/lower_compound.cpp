// Lowering of compound statements and definitions: if, for, while, try
// (and except handlers), with (and its items), def, class, decorators.
#include <functional>
#include <utility>

#include "lib/syntax/lowerer.h"

namespace agc::syntax {

ast::Stmt* Lowerer::If(TSNode n) {
  CheckHeader(n);
  auto* top = New<ast::If>(n);
  ast::If* last = top;
  int named = 0;
  int elifs = 0;
  const int64_t indent = LogicalLineIndent(n);
  Children([&](TSNode c, Sym s) {
    if (IsToken(s)) {
      return;
    }
    if (s == Sym::kElifClause || s == Sym::kElseClause) {
      CheckClauseIndent(indent, c);
    }
    ++named;
    if (named == 1) {
      top->test = ExprW(c, s);
    } else if (s == Sym::kBlock && named == 2) {
      Block(top->body, c, false);
    } else if (s == Sym::kElifClause) {
      // elif is a nested If in the previous orelse, as in CPython: each
      // one is a level of nesting for later recursive walks.
      ++depth_;
      ++elifs;
      if (depth_ > max_depth_) {
        FailAt(PosOf(c), diag::DiagKind::kNestingTooDeep, max_depth_);
        return;
      }
      CheckHeader(c);
      auto* elif = New<ast::If>(c);
      int en = 0;
      Children([&](TSNode ec, Sym es) {
        if (IsToken(es)) {
          return;
        }
        ++en;
        if (en == 1) {
          elif->test = ExprW(ec, es);
        } else if (es == Sym::kBlock) {
          Block(elif->body, ec, false);
        }
      });
      last->orelse.push_back(elif);
      last = elif;
    } else if (s == Sym::kElseClause) {
      BlockChild(last->orelse);
    } else {
      Fail(c);
    }
  });
  depth_ -= elifs;
  return top;
}

template <typename T>
ast::Stmt* Lowerer::For(TSNode n) {
  CheckHeader(n);
  auto* loop = New<T>(n);
  int named = 0;
  Children([&](TSNode c, Sym s) {
    if (IsToken(s)) {
      return;
    }
    ++named;
    if (s == Sym::kBlock) {
      Block(loop->body, c, false);
    } else if (s == Sym::kElseClause) {
      CheckClauseIndent(LogicalLineIndent(n), c);
      BlockChild(loop->orelse);
    } else if (named == 1) {
      loop->target = ExprA(c, s, kStore, kStar);
    } else {
      loop->iter = ExprA(c, s, kLoad, kStar);
    }
  });
  return loop;
}

ast::Stmt* Lowerer::While(TSNode n) {
  CheckHeader(n);
  auto* loop = New<ast::While>(n);
  int named = 0;
  Children([&](TSNode c, Sym s) {
    if (IsToken(s)) {
      return;
    }
    ++named;
    if (s == Sym::kBlock) {
      Block(loop->body, c, false);
    } else if (s == Sym::kElseClause) {
      CheckClauseIndent(LogicalLineIndent(n), c);
      BlockChild(loop->orelse);
    } else if (named == 1) {
      loop->test = ExprW(c, s);
    } else {
      Fail(c);
    }
  });
  return loop;
}

ast::Stmt* Lowerer::Try(TSNode n) {
  std::vector<ast::Stmt*> body;
  std::vector<ast::ExceptHandler*> handlers;
  std::vector<ast::Stmt*> orelse;
  std::vector<ast::Stmt*> finalbody;
  bool plain = false;
  bool star = false;
  CheckHeader(n);
  const int64_t indent = LogicalLineIndent(n);
  Children([&](TSNode c, Sym s) {
    switch (s) {
      case Sym::kExceptClause:
      case Sym::kExceptGroupClause:
      case Sym::kElseClause:
      case Sym::kFinallyClause:
        CheckClauseIndent(indent, c);
        break;
      default:
        break;
    }
    switch (s) {
      case Sym::kBlock:
        Block(body, c, false);
        break;
      case Sym::kExceptClause:
      case Sym::kExceptGroupClause: {
        bool starred = s == Sym::kExceptGroupClause;
        if (ast::ExceptHandler* h = Handler(c, &starred)) {
          handlers.push_back(h);
        }
        (starred ? star : plain) = true;
        break;
      }
      case Sym::kElseClause:
        BlockChild(orelse);
        break;
      case Sym::kFinallyClause:
        BlockChild(finalbody);
        break;
      default:
        if (!IsToken(s)) {
          Fail(c);
        }
        break;
    }
  });
  if (plain && star) {
    return Fail(n);  // cannot have both 'except' and 'except*'
  }
  if (star) {
    auto* t = New<ast::TryStar>(n);
    t->body = std::move(body);
    t->handlers = std::move(handlers);
    t->orelse = std::move(orelse);
    t->finalbody = std::move(finalbody);
    return t;
  }
  auto* t = New<ast::Try>(n);
  t->body = std::move(body);
  t->handlers = std::move(handlers);
  t->orelse = std::move(orelse);
  t->finalbody = std::move(finalbody);
  return t;
}

// The `as` target of except clause `h` (cursor on it): an identifier.
void Lowerer::HandlerName(TSNode target, Sym s, ast::ExceptHandler& h) {
  // as_pattern_target > identifier
  if (s == Sym::kAsPatternTarget && ts_node_named_child_count(target) == 1) {
    target = ts_node_named_child(target, 0);
  }
  if (SymOf(target) != Sym::kIdentifier) {
    Fail(target);
    return;
  }
  h.name = Ident(target);
}

// An except clause's `E as name` (cursor on the as_pattern): sets `h`'s
// name, returns E. `allow`: kStar for `except *E as e`.
ast::Expr* Lowerer::HandlerAs(ast::ExceptHandler& h, uint8_t allow) {
  ast::Expr* type = nullptr;
  int an = 0;
  Children([&](TSNode ac, Sym as) {
    if (IsToken(as)) {
      return;
    }
    ++an;
    if (an == 1) {
      type = ExprA(ac, as, kLoad, allow);
    } else {
      HandlerName(ac, as, h);
    }
  });
  return type;
}

// `*starred` is set for `except *E` (tree-sitter: an except clause whose
// type is starred).
ast::ExceptHandler* Lowerer::Handler(TSNode n, bool* starred) {
  CheckHeader(n);
  auto* h = New<ast::ExceptHandler>(n);
  Children([&](TSNode c, Sym s) {
    if (s == Sym::kTokComma) {
      // `except A, B:` (tree-sitter: Python 2's `except E, e`) is PEP 758's
      // exception types without parentheses (Python 3.14); `except A, B as
      // e:` is an error there too.
      bool as = false;
      for (uint32_t i = 0; i < ts_node_named_child_count(n); ++i) {
        as = as || SymOf(ts_node_named_child(n, i)) == Sym::kAsPattern;
      }
      if (!as) {
        FailAt(PosOf(FirstNamedChild(n)), diag::DiagKind::kUnsupportedSyntax,
               "exception types without parentheses need",
               base::kPython314Number, base::PythonVersionNumber(target_));
      } else {
        Fail(c);
      }
      return;
    }
    if (IsToken(s)) {
      return;
    }
    if (s == Sym::kBlock) {
      Block(h->body, c, false);
      return;
    }
    if (h->type != nullptr) {
      Fail(c);
      return;
    }
    if (s == Sym::kAsPattern) {
      h->type = HandlerAs(*h, kStar);  // `E as name`, `except *E as e`
      return;
    }
    if (EndsInAsPattern(c)) {
      h->type =
          TailValue(c, s, TailAs{nullptr, h});  // `except A if c else B as e`
      return;
    }
    h->type = ExprA(c, s, kLoad, kStar);  // `except *E`
  });
  if (h->type != nullptr && h->type->Is<ast::Starred>()) {
    if (*starred) {
      return Fail(n);
    }
    *starred = true;
    h->type = h->type->Cast<ast::Starred>().value;
  }
  return h;
}

template <typename T>
ast::Stmt* Lowerer::With(TSNode n) {
  CheckHeader(n);
  auto* with = New<T>(n);
  bool parenthesized_as = false;
  Children([&](TSNode c, Sym s) {
    if (s == Sym::kWithClause) {
      const bool sole = CountChildren(Sym::kWithItem) == 1;
      Children([&](TSNode ic, Sym is) {
        if (is == Sym::kWithItem) {
          WithItem(ic, sole, with->items, &parenthesized_as);
        } else if (!IsToken(is)) {
          Fail(ic);
        }
      });
    } else if (s == Sym::kBlock) {
      Block(with->body, c, false);
    } else if (!IsToken(s)) {
      Fail(c);
    }
  });
  if (parenthesized_as && with->items.size() > 1) {
    return Fail(n);  // `with (a as b), c:`
  }
  return with;
}

// Cursor on an as_pattern: fills `expr` and `target`.
void Lowerer::AsPattern(ast::Expr** expr, ast::Expr** target) {
  int an = 0;
  Children([&](TSNode kid, Sym as) {
    if (IsToken(as)) {
      return;
    }
    ++an;
    if (an == 1) {
      *expr = Expr(kid, as, kLoad);
    } else if (as == Sym::kAsPatternTarget) {
      *target = OnlyChild(kStore, kStar);
    } else {
      *target = ExprA(kid, as, kStore, kStar);
    }
  });
}

// Appends the item(s) of with_item `n` to `items`. `sole`: the only item
// of its statement, where CPython reads `with (a, b as c,):` as the
// parenthesized items a and `b as c` (tree-sitter: a tuple).
void Lowerer::WithItem(TSNode n,
                       bool sole,
                       std::vector<ast::WithItem*>& items,
                       bool* parenthesized_as) {
  auto* item = New<ast::WithItem>(n);
  Children([&](TSNode c, Sym s) {
    if (IsToken(s)) {
      return;
    }
    if (s == Sym::kTuple && sole) {
      item = nullptr;
      Children([&](TSNode tc, Sym ts) {
        if (IsToken(ts)) {
          return;
        }
        auto* part = New<ast::WithItem>(tc);
        if (ts == Sym::kAsPattern) {
          AsPattern(&part->context_expr, &part->optional_vars);
        } else {
          part->context_expr = Expr(tc, ts, kLoad);
        }
        if (part->context_expr != nullptr) {
          items.push_back(part);
        }
      });
      return;
    }
    if (s == Sym::kAsPattern) {
      AsPattern(&item->context_expr, &item->optional_vars);
      return;
    }
    if (EndsInAsPattern(c)) {
      // `with a if b else c as t:`
      item->context_expr =
          TailValue(c, s, TailAs{&item->optional_vars, nullptr});
      return;
    }
    if (s == Sym::kParenthesizedExpression) {
      // `with (a as b):`, `with (a if b else c as t):`
      TSNode inner = FirstNamedChild(c);
      if (!ts_node_is_null(inner) && EndsInAsPattern(inner)) {
        *parenthesized_as = true;
        Children([&](TSNode pc, Sym ps) {
          if (ps == Sym::kAsPattern) {
            AsPattern(&item->context_expr, &item->optional_vars);
          } else if (ps == Sym::kConditionalExpression || ps == Sym::kLambda) {
            item->context_expr =
                TailValue(pc, ps, TailAs{&item->optional_vars, nullptr});
          }
        });
        return;
      }
    }
    item->context_expr = Expr(c, s, kLoad);
  });
  if (item == nullptr) {
    return;  // expanded
  }
  if (item->context_expr == nullptr) {
    Fail(n);
    return;
  }
  items.push_back(item);
}

ast::Stmt* Lowerer::FunctionDef(TSNode n) {
  if (FirstChildIs(n, Sym::kTokAsync)) {
    return Function<ast::AsyncFunctionDef>(n);
  }
  return Function<ast::FunctionDef>(n);
}

template <typename T>
ast::Stmt* Lowerer::Function(TSNode n) {
  CheckHeader(n);
  auto* def = New<T>(n);
  Children([&](TSNode c, Sym s) {
    switch (s) {
      case Sym::kIdentifier:
        def->name = Ident(c);
        break;
      case Sym::kTypeParameter:
        TypeParams(c, def->type_params);
        break;
      case Sym::kParameters:
        def->args = Params(c);
        break;
      case Sym::kType:
        def->returns = Expr(c, s, kLoad);
        break;
      case Sym::kBlock:
        Block(def->body, c, false);
        break;
      default:
        if (!IsToken(s)) {
          Fail(c);
        }
        break;
    }
  });
  if (def->args == nullptr) {
    return Fail(n);
  }
  return def;
}

ast::Stmt* Lowerer::ClassDef(TSNode n) {
  CheckHeader(n);
  auto* cls = New<ast::ClassDef>(n);
  Children([&](TSNode c, Sym s) {
    switch (s) {
      case Sym::kIdentifier:
        cls->name = Ident(c);
        break;
      case Sym::kTypeParameter:
        TypeParams(c, cls->type_params);
        break;
      case Sym::kArgumentList:
        Arguments(c, cls->bases, cls->keywords);
        break;
      case Sym::kBlock:
        Block(cls->body, c, false);
        break;
      default:
        if (!IsToken(s)) {
          Fail(c);
        }
        break;
    }
  });
  return cls;
}

// The cursor's node `n` is a type_parameter list `[T, U: int, *Ts, **P]` of
// a def, class or type statement (Python 3.12, PEP 695).
void Lowerer::TypeParams(TSNode n, std::vector<ast::TypeParam*>& out) {
  if (!Needs(n, base::PythonVersion::kPy312, "type parameter lists need")) {
    return;
  }
  Children([&](TSNode c, Sym s) {
    if (IsToken(s)) {
      return;
    }
    if (s != Sym::kType) {
      Fail(c);
      return;
    }
    ast::TypeParam* p = TypeParam(c);
    if (p == nullptr) {
      return;
    }
    // CPython: "non-default type parameter follows default type parameter".
    const bool has_default = HasDefault(*p);
    if (!out.empty() && HasDefault(*out.back()) && !has_default) {
      Fail(c);
      return;
    }
    out.push_back(p);
  });
}

bool Lowerer::HasDefault(const ast::TypeParam& p) {
  if (const auto* v = p.As<ast::TypeVar>()) {
    return v->default_value != nullptr;
  }
  if (const auto* s = p.As<ast::ParamSpec>()) {
    return s->default_value != nullptr;
  }
  return p.Cast<ast::TypeVarTuple>().default_value != nullptr;
}

// The cursor's node `n` is one `type` of a type parameter list: a name
// (TypeVar), `name: bound` (constrained_type; a parenthesized tuple of
// constraints is the bound), `*name` (TypeVarTuple) or `**name`
// (ParamSpec), each with an optional PEP 696 default `= value`, which the
// tree has as one more `: value` (see TypeParamDefaultsText in parse.cpp;
// the source still has the `=`, and the `*` of a starred default).
ast::TypeParam* Lowerer::TypeParam(TSNode n) {
  TSNode head{};                   // the name, or the splat_type
  std::vector<TSNode> seps;        // the `:` (or `=`) tokens
  std::vector<ast::Expr*> values;  // the bound and default, as written
  bool ok = true;
  // Walks the chain of constrained_types under the cursor's `type` node.
  std::function<void(TSNode)> walk = [&](TSNode t) {
    TSNode only = FirstNamedChild(t);
    if (ts_node_is_null(only) || ts_node_named_child_count(t) != 1) {
      ok = false;
      return;
    }
    if (SymOf(only) != Sym::kConstrainedType) {
      if (ts_node_is_null(head)) {
        head = only;
      } else {
        ast::Expr* e = Expr(t, Sym::kType, kLoad);
        ok = ok && e != nullptr;
        values.push_back(e);
      }
      return;
    }
    Down();  // from the type to its constrained_type
    Children([&](TSNode c, Sym s) {
      if (s == Sym::kType) {
        walk(c);
      } else if (s == Sym::kTokColon) {
        seps.push_back(c);
      } else {
        ok = false;
      }
    });
    Up();
  };
  walk(n);
  if (!ok || ts_node_is_null(head) || seps.size() != values.size()) {
    return Fail(n);
  }
  const Sym hs = SymOf(head);
  ast::TypeParam* param = nullptr;
  if (hs == Sym::kIdentifier) {
    param = New<ast::TypeVar>(n);
    param->Cast<ast::TypeVar>().name = Ident(head);
  } else if (hs == Sym::kSplatType) {
    TSNode id = FirstNamedChild(head);
    if (ts_node_is_null(id) || SymOf(id) != Sym::kIdentifier) {
      return Fail(head);
    }
    if (FirstChildIs(head, Sym::kTokStarStar)) {
      param = New<ast::ParamSpec>(n);
      param->Cast<ast::ParamSpec>().name = Ident(id);
    } else {
      param = New<ast::TypeVarTuple>(n);
      param->Cast<ast::TypeVarTuple>().name = Ident(id);
    }
  } else {
    return Fail(head);
  }
  for (size_t i = 0; i < seps.size(); ++i) {
    const bool is_default = bytes_[StartByte(seps[i])] == '=';
    if (!is_default) {
      // A bound: only a TypeVar's, first, once.
      auto* v = param->As<ast::TypeVar>();
      if (v == nullptr || i != 0) {
        return Fail(seps[i]);
      }
      v->bound = values[i];
      continue;
    }
    if (i + 1 != seps.size()) {
      return Fail(seps[i + 1]);
    }
    if (!Needs(seps[i], base::PythonVersion::kPy313,
               "type parameter defaults need")) {
      return nullptr;
    }
    ast::Expr* value = values[i];
    // A starred default (`*Ts = *tuple[int]`): the `*` before the value.
    uint32_t star = value->span.begin;
    while (star > 0 && (bytes_[star - 1] == ' ' || bytes_[star - 1] == '\t')) {
      --star;
    }
    if (star > 0 && bytes_[star - 1] == '*') {
      if (!param->Is<ast::TypeVarTuple>()) {
        return Fail(seps[i]);
      }
      auto* starred = module_.New<ast::Starred>(OriginOfByte(star - 1));
      starred->span = {star - 1, value->span.end};
      starred->value = value;
      value = starred;
    }
    if (auto* v = param->As<ast::TypeVar>()) {
      v->default_value = value;
    } else if (auto* p = param->As<ast::ParamSpec>()) {
      p->default_value = value;
    } else {
      param->Cast<ast::TypeVarTuple>().default_value = value;
    }
  }
  // CPython's node starts at the name, or at the `*` / `**`.
  param->origin = OriginOf(head);
  param->span.begin = StartByte(head);
  return param;
}

ast::Stmt* Lowerer::Decorated(TSNode n) {
  std::vector<ast::Expr*> decorators;
  ast::Stmt* def = nullptr;
  // Each decorator and the def start a line at the same indentation.
  const int64_t indent = LogicalLineIndent(n);
  Children([&](TSNode c, Sym s) {
    if (!IsToken(s)) {
      CheckClauseIndent(indent, c);
    }
    if (s == Sym::kDecorator) {
      CheckLogicalLine(ts_node_start_byte(c), ts_node_end_byte(c), false);
      if (ast::Expr* d = OnlyChild(kLoad, kWalrus)) {
        decorators.push_back(d);
      }
    } else if (s == Sym::kFunctionDefinition) {
      def = FunctionDef(c);
    } else if (s == Sym::kClassDefinition) {
      def = ClassDef(c);
    } else if (!IsToken(s)) {
      Fail(c);
    }
  });
  if (def == nullptr) {
    return Fail(n);
  }
  // The def keeps its own origin (CPython 3.8+); its span starts at the
  // first decorator.
  def->span.begin = ts_node_start_byte(n);
  if (auto* f = def->As<ast::FunctionDef>()) {
    f->decorator_list = std::move(decorators);
  } else if (auto* af = def->As<ast::AsyncFunctionDef>()) {
    af->decorator_list = std::move(decorators);
  } else if (auto* cls = def->As<ast::ClassDef>()) {
    cls->decorator_list = std::move(decorators);
  }
  return def;
}

// Used by Stmt (lower_statements.cpp).
template ast::Stmt* Lowerer::For<ast::For>(TSNode n);
template ast::Stmt* Lowerer::For<ast::AsyncFor>(TSNode n);
template ast::Stmt* Lowerer::With<ast::With>(TSNode n);
template ast::Stmt* Lowerer::With<ast::AsyncWith>(TSNode n);

}  // namespace agc::syntax
