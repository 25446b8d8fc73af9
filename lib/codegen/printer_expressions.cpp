// The printer's expressions and patterns (Printer, printer_impl.h):
// parentheses from the precedence table (precedence.h), call arguments and
// parameter lists, comprehensions, with items, and match patterns.
#include <string_view>

#include "lib/base/check.h"
#include "lib/codegen/precedence.h"
#include "lib/codegen/printer_impl.h"

namespace agc::codegen {

// ---- Expressions ------------------------------------------------------------

void Printer::ExprList(const std::vector<ast::Expr*>& exprs, Prec p) {
  for (size_t i = 0; i < exprs.size(); ++i) {
    if (i > 0) {
      out_ += ", ";
    }
    Expr(*exprs[i], p);
  }
}

// `items_view` of ast.unparse: a single item gets a trailing comma.
void Printer::TupleItems(const std::vector<ast::Expr*>& elts) {
  ExprList(elts, Prec::kTest);
  if (elts.size() == 1) {
    out_ += ',';
  }
}

void Printer::Constant(const ast::Constant& c) {
  if (!c.text.empty()) {
    WriteLiteral(c.text, c.origin.line);
    return;
  }
  // A constant a pass built without text.
  switch (c.value_kind) {
    case ast::ConstantKind::kNone:
      out_ += "None";
      break;
    case ast::ConstantKind::kTrue:
      out_ += "True";
      break;
    case ast::ConstantKind::kFalse:
      out_ += "False";
      break;
    case ast::ConstantKind::kEllipsis:
      out_ += "...";
      break;
    case ast::ConstantKind::kInt:
      out_ += '0';
      break;
    case ast::ConstantKind::kFloat:
      out_ += "0.0";
      break;
    case ast::ConstantKind::kComplex:
      out_ += "0j";
      break;
    case ast::ConstantKind::kStr:
      out_ += "''";
      break;
    case ast::ConstantKind::kBytes:
      out_ += "b''";
      break;
  }
}

void Printer::Comprehensions(
    const std::vector<ast::Comprehension*>& generators) {
  for (const ast::Comprehension* g : generators) {
    Comprehension(*g);
  }
}

void Printer::Comprehension(const ast::Comprehension& g) {
  out_ += g.is_async ? " async for " : " for ";
  Expr(*g.target, Prec::kTuple);
  out_ += " in ";
  Expr(*g.iter, Next(Prec::kTest));
  for (const ast::Expr* cond : g.ifs) {
    out_ += " if ";
    Expr(*cond, Next(Prec::kTest));
  }
}

void Printer::Keyword(const ast::Keyword& k) {
  if (k.arg.empty()) {
    out_ += "**";
  } else {
    out_ += k.arg;
    out_ += '=';
  }
  Expr(*k.value, Prec::kTest);
}

// Call arguments and class bases: positional, then keywords.
void Printer::CallArgs(const std::vector<ast::Expr*>& args,
                       const std::vector<ast::Keyword*>& keywords) {
  ExprList(args, Prec::kTest);
  for (size_t i = 0; i < keywords.size(); ++i) {
    if (i > 0 || !args.empty()) {
      out_ += ", ";
    }
    Keyword(*keywords[i]);
  }
}

void Printer::Arg(const ast::Arg& a) {
  out_ += a.arg;
  if (a.annotation != nullptr) {
    out_ += ": ";
    Expr(*a.annotation, Prec::kTest);
  }
}

// A default value: `x=1`, or `x: int = 1` when annotated (PEP 8).
void Printer::Default(const ast::Arg& a, const ast::Expr& value) {
  out_ += a.annotation != nullptr ? " = " : "=";
  Expr(value, Prec::kTest);
}

bool Printer::HasArguments(const ast::Arguments& a) {
  return !a.posonlyargs.empty() || !a.args.empty() || a.vararg != nullptr ||
         !a.kwonlyargs.empty() || a.kwarg != nullptr;
}

void Printer::Arguments(const ast::Arguments& a) {
  bool first = true;
  auto separator = [&] {
    if (!first) {
      out_ += ", ";
    }
    first = false;
  };
  const size_t positional = a.posonlyargs.size() + a.args.size();
  AGC_CHECK(a.defaults.size() <= positional);
  const size_t no_default = positional - a.defaults.size();
  for (size_t i = 0; i < positional; ++i) {
    const ast::Arg& arg = i < a.posonlyargs.size()
                              ? *a.posonlyargs[i]
                              : *a.args[i - a.posonlyargs.size()];
    separator();
    Arg(arg);
    if (i >= no_default) {
      Default(arg, *a.defaults[i - no_default]);
    }
    if (i + 1 == a.posonlyargs.size()) {
      out_ += ", /";
    }
  }
  if (a.vararg != nullptr || !a.kwonlyargs.empty()) {
    separator();
    out_ += '*';
    if (a.vararg != nullptr) {
      Arg(*a.vararg);
    }
  }
  for (size_t i = 0; i < a.kwonlyargs.size(); ++i) {
    out_ += ", ";
    Arg(*a.kwonlyargs[i]);
    if (i < a.kw_defaults.size() && a.kw_defaults[i] != nullptr) {
      Default(*a.kwonlyargs[i], *a.kw_defaults[i]);
    }
  }
  if (a.kwarg != nullptr) {
    separator();
    out_ += "**";
    Arg(*a.kwarg);
  }
}

void Printer::WithItem(const ast::WithItem& w) {
  // ast.unparse prints `with a if b else c as f:`, valid Python that
  // tree-sitter-python (so agc itself) cannot parse: parenthesize a
  // conditional or lambda before `as`.
  Expr(*w.context_expr,
       w.optional_vars != nullptr ? Next(Prec::kTest) : Prec::kTest);
  if (w.optional_vars != nullptr) {
    out_ += " as ";
    Expr(*w.optional_vars, Prec::kTest);
  }
}

void Printer::Expr(const ast::Expr& e, Prec p) {
  switch (e.kind) {
    case Kind::kBoolOp: {
      const auto& b = e.Cast<ast::BoolOp>();
      const Prec prec = PrecOf(b.op);
      const bool paren = p > prec;
      Open(paren);
      // ast.unparse raises the level by one more for each further operand
      // (`a or b or (not c)`); one level above the operator is enough.
      for (size_t i = 0; i < b.values.size(); ++i) {
        if (i > 0) {
          out_ += ' ';
          out_ += ast::OperatorText(b.op);
          out_ += ' ';
        }
        Expr(*b.values[i], Next(prec));
      }
      Close(paren);
      return;
    }
    case Kind::kNamedExpr: {
      const auto& n = e.Cast<ast::NamedExpr>();
      const bool paren = p > Prec::kNamedExpr;
      Open(paren);
      Expr(*n.target, Prec::kAtom);
      out_ += " := ";
      // ast.unparse uses kAtom; the grammar takes any `expression` here.
      Expr(*n.value, Prec::kTest);
      Close(paren);
      return;
    }
    case Kind::kBinOp: {
      const auto& b = e.Cast<ast::BinOp>();
      const Prec prec = PrecOf(b.op);
      const bool paren = p > prec;
      const bool right_assoc = b.op == ast::BinOpKind::kPow;
      Open(paren);
      Expr(*b.left, right_assoc ? Next(prec) : prec);
      out_ += ' ';
      out_ += ast::OperatorText(b.op);
      out_ += ' ';
      Expr(*b.right, right_assoc ? prec : Next(prec));
      Close(paren);
      return;
    }
    case Kind::kUnaryOp: {
      const auto& u = e.Cast<ast::UnaryOp>();
      const Prec prec = PrecOf(u.op);
      const bool paren = p > prec;
      Open(paren);
      out_ += ast::OperatorText(u.op);
      if (prec != Prec::kFactor) {
        out_ += ' ';
      }
      Expr(*u.operand, prec);
      Close(paren);
      return;
    }
    case Kind::kLambda: {
      const auto& l = e.Cast<ast::Lambda>();
      const bool paren = p > Prec::kTest;
      Open(paren);
      out_ += "lambda";
      if (HasArguments(*l.args)) {
        out_ += ' ';
        Arguments(*l.args);
      }
      out_ += ": ";
      Expr(*l.body, Prec::kTest);
      Close(paren);
      return;
    }
    case Kind::kIfExp: {
      const auto& i = e.Cast<ast::IfExp>();
      const bool paren = p > Prec::kTest;
      Open(paren);
      Expr(*i.body, Next(Prec::kTest));
      out_ += " if ";
      Expr(*i.test, Next(Prec::kTest));
      out_ += " else ";
      Expr(*i.orelse, Prec::kTest);
      Close(paren);
      return;
    }
    case Kind::kDict: {
      const auto& d = e.Cast<ast::Dict>();
      out_ += '{';
      for (size_t i = 0; i < d.values.size(); ++i) {
        if (i > 0) {
          out_ += ", ";
        }
        const ast::Expr* key = i < d.keys.size() ? d.keys[i] : nullptr;
        if (key == nullptr) {
          out_ += "**";
          Expr(*d.values[i], Prec::kExpr);
        } else {
          Expr(*key, Prec::kTest);
          out_ += ": ";
          Expr(*d.values[i], Prec::kTest);
        }
      }
      out_ += '}';
      return;
    }
    case Kind::kSet: {
      const auto& s = e.Cast<ast::Set>();
      if (s.elts.empty()) {
        out_ += "{*()}";  // `{}` is a dict
        return;
      }
      out_ += '{';
      ExprList(s.elts, Prec::kTest);
      out_ += '}';
      return;
    }
    case Kind::kListComp: {
      const auto& c = e.Cast<ast::ListComp>();
      out_ += '[';
      Expr(*c.elt, Prec::kTest);
      Comprehensions(c.generators);
      out_ += ']';
      return;
    }
    case Kind::kSetComp: {
      const auto& c = e.Cast<ast::SetComp>();
      out_ += '{';
      Expr(*c.elt, Prec::kTest);
      Comprehensions(c.generators);
      out_ += '}';
      return;
    }
    case Kind::kDictComp: {
      const auto& c = e.Cast<ast::DictComp>();
      out_ += '{';
      Expr(*c.key, Prec::kTest);
      out_ += ": ";
      Expr(*c.value, Prec::kTest);
      Comprehensions(c.generators);
      out_ += '}';
      return;
    }
    case Kind::kGeneratorExp: {
      const auto& c = e.Cast<ast::GeneratorExp>();
      out_ += '(';
      Expr(*c.elt, Prec::kTest);
      Comprehensions(c.generators);
      out_ += ')';
      return;
    }
    case Kind::kAwait: {
      const bool paren = p > Prec::kAwait;
      Open(paren);
      out_ += "await ";
      Expr(*e.Cast<ast::Await>().value, Prec::kAtom);
      Close(paren);
      return;
    }
    case Kind::kYield: {
      const auto& y = e.Cast<ast::Yield>();
      const bool paren = p > Prec::kYield;
      Open(paren);
      out_ += "yield";
      if (y.value != nullptr) {
        out_ += ' ';
        // ast.unparse uses kAtom; the grammar takes `star_expressions`, and
        // kTest still parenthesizes tuples, walruses and nested yields.
        Expr(*y.value, Prec::kTest);
      }
      Close(paren);
      return;
    }
    case Kind::kYieldFrom: {
      const bool paren = p > Prec::kYield;
      Open(paren);
      out_ += "yield from ";
      Expr(*e.Cast<ast::YieldFrom>().value, Prec::kTest);  // see kYield
      Close(paren);
      return;
    }
    case Kind::kCompare: {
      const auto& c = e.Cast<ast::Compare>();
      const bool paren = p > Prec::kCmp;
      Open(paren);
      Expr(*c.left, Next(Prec::kCmp));
      for (size_t i = 0; i < c.comparators.size(); ++i) {
        out_ += ' ';
        out_ += ast::OperatorText(c.ops[i]);
        out_ += ' ';
        Expr(*c.comparators[i], Next(Prec::kCmp));
      }
      Close(paren);
      return;
    }
    case Kind::kCall: {
      const auto& c = e.Cast<ast::Call>();
      Expr(*c.func, Prec::kAtom);
      if (c.args.size() == 1 && c.keywords.empty() &&
          c.args[0]->kind == Kind::kGeneratorExp) {
        // A generator expression as the sole argument needs no parentheses
        // of its own: f(x for x in y).
        const auto& g = c.args[0]->Cast<ast::GeneratorExp>();
        out_ += '(';
        Expr(*g.elt, Prec::kTest);
        Comprehensions(g.generators);
        out_ += ')';
        return;
      }
      out_ += '(';
      CallArgs(c.args, c.keywords);
      out_ += ')';
      return;
    }
    case Kind::kJoinedStr:
      WriteLiteral(e.Cast<ast::JoinedStr>().text, e.origin.line);
      return;
    case Kind::kConstant:
      Constant(e.Cast<ast::Constant>());
      return;
    case Kind::kAttribute: {
      const auto& a = e.Cast<ast::Attribute>();
      Expr(*a.value, Prec::kAtom);
      // `1.real` would lex as the float `1.` followed by `real`.
      if (a.value->kind == Kind::kConstant &&
          a.value->Cast<ast::Constant>().value_kind ==
              ast::ConstantKind::kInt) {
        out_ += ' ';
      }
      out_ += '.';
      out_ += a.attr;
      return;
    }
    case Kind::kSubscript: {
      const auto& s = e.Cast<ast::Subscript>();
      Expr(*s.value, Prec::kAtom);
      out_ += '[';
      if (s.slice->kind == Kind::kTuple &&
          !s.slice->Cast<ast::Tuple>().elts.empty()) {
        TupleItems(s.slice->Cast<ast::Tuple>().elts);  // x[a:b, c]
      } else {
        Expr(*s.slice, Prec::kTest);
      }
      out_ += ']';
      return;
    }
    case Kind::kStarred:
      out_ += '*';
      Expr(*e.Cast<ast::Starred>().value, Prec::kExpr);
      return;
    case Kind::kName:
      out_ += e.Cast<ast::Name>().id;
      return;
    case Kind::kList:
      out_ += '[';
      ExprList(e.Cast<ast::List>().elts, Prec::kTest);
      out_ += ']';
      return;
    case Kind::kTuple: {
      const auto& t = e.Cast<ast::Tuple>();
      const bool paren = t.elts.empty() || p > Prec::kTuple;
      Open(paren);
      TupleItems(t.elts);
      Close(paren);
      return;
    }
    case Kind::kSlice: {
      const auto& s = e.Cast<ast::Slice>();
      if (s.lower != nullptr) {
        Expr(*s.lower, Prec::kTest);
      }
      out_ += ':';
      if (s.upper != nullptr) {
        Expr(*s.upper, Prec::kTest);
      }
      if (s.step != nullptr) {
        out_ += ':';
        Expr(*s.step, Prec::kTest);
      }
      return;
    }
    default:
      AGC_CHECK_MSG(false, "not an expression kind");
  }
}

// ---- Patterns ---------------------------------------------------------------

void Printer::Patterns(const std::vector<ast::Pattern*>& patterns) {
  for (size_t i = 0; i < patterns.size(); ++i) {
    if (i > 0) {
      out_ += ", ";
    }
    Pattern(*patterns[i], Prec::kTest);
  }
}

void Printer::Pattern(const ast::Pattern& pattern, Prec p) {
  switch (pattern.kind) {
    case Kind::kMatchValue:
      Expr(*pattern.Cast<ast::MatchValue>().value, Prec::kTest);
      return;
    case Kind::kMatchSingleton:
      Expr(*pattern.Cast<ast::MatchSingleton>().value, Prec::kTest);
      return;
    case Kind::kMatchSequence:
      out_ += '[';
      Patterns(pattern.Cast<ast::MatchSequence>().patterns);
      out_ += ']';
      return;
    case Kind::kMatchMapping: {
      const auto& m = pattern.Cast<ast::MatchMapping>();
      AGC_CHECK(m.keys.size() == m.patterns.size());
      out_ += '{';
      for (size_t i = 0; i < m.keys.size(); ++i) {
        if (i > 0) {
          out_ += ", ";
        }
        Expr(*m.keys[i], Prec::kTest);
        out_ += ": ";
        Pattern(*m.patterns[i], Prec::kTest);
      }
      if (!m.rest.empty()) {
        if (!m.keys.empty()) {
          out_ += ", ";
        }
        out_ += "**";
        out_ += m.rest;
      }
      out_ += '}';
      return;
    }
    case Kind::kMatchClass: {
      const auto& m = pattern.Cast<ast::MatchClass>();
      AGC_CHECK(m.kwd_attrs.size() == m.kwd_patterns.size());
      Expr(*m.cls, Prec::kAtom);
      out_ += '(';
      Patterns(m.patterns);
      for (size_t i = 0; i < m.kwd_attrs.size(); ++i) {
        if (i > 0 || !m.patterns.empty()) {
          out_ += ", ";
        }
        out_ += m.kwd_attrs[i];
        out_ += '=';
        Pattern(*m.kwd_patterns[i], Prec::kTest);
      }
      out_ += ')';
      return;
    }
    case Kind::kMatchStar: {
      const auto& m = pattern.Cast<ast::MatchStar>();
      out_ += '*';
      out_ += m.name.empty() ? std::string_view("_") : m.name;
      return;
    }
    case Kind::kMatchAs: {
      const auto& m = pattern.Cast<ast::MatchAs>();
      if (m.name.empty()) {
        out_ += '_';
        return;
      }
      if (m.pattern == nullptr) {
        out_ += m.name;
        return;
      }
      const bool paren = p > Prec::kTest;
      Open(paren);
      Pattern(*m.pattern, Prec::kBor);
      out_ += " as ";
      out_ += m.name;
      Close(paren);
      return;
    }
    case Kind::kMatchOr: {
      const auto& m = pattern.Cast<ast::MatchOr>();
      const bool paren = p > Prec::kBor;
      Open(paren);
      for (size_t i = 0; i < m.patterns.size(); ++i) {
        if (i > 0) {
          out_ += " | ";
        }
        Pattern(*m.patterns[i], Next(Prec::kBor));
      }
      Close(paren);
      return;
    }
    default:
      AGC_CHECK_MSG(false, "not a pattern kind");
  }
}

}  // namespace agc::codegen
