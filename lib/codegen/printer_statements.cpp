// The printer's statements (Printer, printer_impl.h): compound statements
// with their blocks and clauses, simple statements one line each, and the
// own-line comments printed above the statement that follows them.
#include <algorithm>
#include <string_view>

#include "lib/base/check.h"
#include "lib/codegen/printer_impl.h"

namespace agc::codegen {

bool IsCompound(const ast::Stmt& s) {
  switch (s.kind) {
    case Kind::kFunctionDef:
    case Kind::kAsyncFunctionDef:
    case Kind::kClassDef:
    case Kind::kFor:
    case Kind::kAsyncFor:
    case Kind::kWhile:
    case Kind::kIf:
    case Kind::kWith:
    case Kind::kAsyncWith:
    case Kind::kMatch:
    case Kind::kTry:
    case Kind::kTryStar:
      return true;
    default:
      return false;
  }
}

const std::vector<ast::Expr*>* DecoratorsOf(const ast::Stmt& s) {
  switch (s.kind) {
    case Kind::kFunctionDef:
      return &s.Cast<ast::FunctionDef>().decorator_list;
    case Kind::kAsyncFunctionDef:
      return &s.Cast<ast::AsyncFunctionDef>().decorator_list;
    case Kind::kClassDef:
      return &s.Cast<ast::ClassDef>().decorator_list;
    default:
      return nullptr;
  }
}

namespace {

// The first input line a statement occupies (its first decorator's line).
int32_t FirstLine(const ast::Stmt& s) {
  int32_t line = s.origin.line;
  if (const auto* decorators = DecoratorsOf(s)) {
    for (const ast::Expr* d : *decorators) {
      line = std::min(line, d->origin.line);
    }
  }
  return line;
}

}  // namespace

// ---- Comments ---------------------------------------------------------------

// Own-line comments in [next_comment_, end_comment_) are printed before the
// first statement printed after them.
void Printer::FlushComments(int32_t before_line) {
  const auto& comments = module_.comments;
  while (next_comment_ < end_comment_ &&
         comments[next_comment_].origin.line < before_line) {
    PrintComment(comments[next_comment_++]);
  }
}

void Printer::FlushAllComments() {
  while (next_comment_ < end_comment_) {
    PrintComment(module_.comments[next_comment_++]);
  }
}

void Printer::PrintComment(const ast::Comment& c) {
  if (!c.own_line || !c.span.valid() || source_ == nullptr) {
    return;
  }
  BeginLine(c.origin.line);
  std::string_view text =
      source_->bytes().substr(c.span.begin, c.span.end - c.span.begin);
  // In a CRLF file tree-sitter's comment token (`#.*`) ends with the '\r'.
  while (!text.empty() && IsLineBreak(text.back())) {
    text.remove_suffix(1);
  }
  out_ += text;
  EndLine();
}

// ---- Statements -------------------------------------------------------------

void Printer::Stmts(const std::vector<ast::Stmt*>& body) {
  for (const ast::Stmt* s : body) {
    Stmt(*s);
  }
}

// An indented block after a header ending in ':'.
void Printer::Block(const std::vector<ast::Stmt*>& body, int32_t header_line) {
  indent_ += kIndentUnit;
  if (body.empty()) {
    BeginLine(header_line);
    out_ += "pass";
    EndLine();
  }
  Stmts(body);
  indent_.resize(indent_.size() - kIndentUnit.size());
}

// "keyword:" and its block, when the block is not empty.
void Printer::Clause(std::string_view keyword,
                     const std::vector<ast::Stmt*>& body,
                     int32_t fallback_line) {
  if (body.empty()) {
    return;
  }
  const int32_t line = FirstLine(*body.front());
  BeginLine(line > 0 ? line : fallback_line);
  out_ += keyword;
  out_ += ':';
  EndLine();
  Block(body, line);
}

void Printer::Decorators(const std::vector<ast::Expr*>& decorators) {
  for (const ast::Expr* d : decorators) {
    BeginLine(d->origin.line);
    out_ += '@';
    Expr(*d, Prec::kTest);
    EndLine();
  }
}

// `[T: bound = default, *Ts, **P]`; nothing for an empty list.
void Printer::TypeParams(const std::vector<ast::TypeParam*>& params) {
  if (params.empty()) {
    return;
  }
  out_ += '[';
  for (size_t i = 0; i < params.size(); ++i) {
    if (i > 0) {
      out_ += ", ";
    }
    TypeParamNode(*params[i]);
  }
  out_ += ']';
}

void Printer::TypeParamNode(const ast::TypeParam& p) {
  const ast::Expr* default_value = nullptr;
  if (const auto* v = p.As<ast::TypeVar>()) {
    out_ += v->name;
    if (v->bound != nullptr) {
      out_ += ": ";
      Expr(*v->bound, Prec::kTest);
    }
    default_value = v->default_value;
  } else if (const auto* ps = p.As<ast::ParamSpec>()) {
    out_ += "**";
    out_ += ps->name;
    default_value = ps->default_value;
  } else {
    const auto& vt = p.Cast<ast::TypeVarTuple>();
    out_ += '*';
    out_ += vt.name;
    default_value = vt.default_value;
  }
  if (default_value != nullptr) {
    out_ += " = ";
    Expr(*default_value, Prec::kTest);
  }
}

template <typename F>
void Printer::Function(const F& f, std::string_view keyword) {
  Decorators(f.decorator_list);
  BeginLine(f.origin.line);
  out_ += keyword;
  out_ += f.name;
  TypeParams(f.type_params);
  out_ += '(';
  Arguments(*f.args);
  out_ += ')';
  if (f.returns != nullptr) {
    out_ += " -> ";
    Expr(*f.returns, Prec::kTest);
  }
  out_ += ':';
  EndLine();
  Block(f.body, f.origin.line);
}

template <typename F>
void Printer::ForLoop(const F& f, std::string_view keyword) {
  BeginLine(f.origin.line);
  out_ += keyword;
  Expr(*f.target, Prec::kTuple);
  out_ += " in ";
  Expr(*f.iter, Prec::kTest);
  out_ += ':';
  EndLine();
  Block(f.body, f.origin.line);
  Clause("else", f.orelse, f.origin.line);
}

template <typename W>
void Printer::WithStmt(const W& w, std::string_view keyword) {
  BeginLine(w.origin.line);
  out_ += keyword;
  for (size_t i = 0; i < w.items.size(); ++i) {
    if (i > 0) {
      out_ += ", ";
    }
    WithItem(*w.items[i]);
  }
  out_ += ':';
  EndLine();
  Block(w.body, w.origin.line);
}

template <typename T>
void Printer::TryStmt(const T& t, bool star) {
  BeginLine(t.origin.line);
  out_ += "try:";
  EndLine();
  Block(t.body, t.origin.line);
  for (const ast::ExceptHandler* h : t.handlers) {
    Handler(*h, star);
  }
  Clause("else", t.orelse, t.origin.line);
  Clause("finally", t.finalbody, t.origin.line);
}

void Printer::Handler(const ast::ExceptHandler& h, bool star) {
  BeginLine(h.origin.line);
  out_ += star ? "except*" : "except";
  if (h.type != nullptr) {
    out_ += ' ';
    Expr(*h.type, Prec::kTest);
  }
  if (!h.name.empty()) {
    out_ += " as ";
    out_ += h.name;
  }
  out_ += ':';
  EndLine();
  Block(h.body, h.origin.line);
}

void Printer::Case(const ast::MatchCase& c) {
  FlushComments(c.origin.line);
  BeginLine(c.origin.line);
  out_ += "case ";
  Pattern(*c.pattern, Prec::kTest);
  if (c.guard != nullptr) {
    out_ += " if ";
    Expr(*c.guard, Prec::kTest);
  }
  out_ += ':';
  EndLine();
  Block(c.body, c.origin.line);
}

void Printer::IfStmt(const ast::If& first) {
  const ast::If* node = &first;
  BeginLine(node->origin.line);
  out_ += "if ";
  Expr(*node->test, Prec::kTest);
  out_ += ':';
  if ((node->flags & ast::kFlagOneLine) != 0 && node->body.size() == 1 &&
      node->orelse.empty() && !IsCompound(*node->body[0])) {
    // `if test: stmt` (the entry guard of an eager original).
    out_ += ' ';
    same_line_ = true;
    Stmt(*node->body[0]);
    return;
  }
  EndLine();
  Block(node->body, node->origin.line);
  // An else block that is exactly one If prints as elif (same tree).
  while (node->orelse.size() == 1 && node->orelse[0]->kind == Kind::kIf) {
    node = &node->orelse[0]->Cast<ast::If>();
    FlushComments(node->origin.line);
    BeginLine(node->origin.line);
    out_ += "elif ";
    Expr(*node->test, Prec::kTest);
    out_ += ':';
    EndLine();
    Block(node->body, node->origin.line);
  }
  Clause("else", node->orelse, node->origin.line);
}

void Printer::Aliases(const std::vector<ast::Alias*>& names) {
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) {
      out_ += ", ";
    }
    Alias(*names[i]);
  }
}

void Printer::Alias(const ast::Alias& a) {
  out_ += a.name;
  if (!a.asname.empty()) {
    out_ += " as ";
    out_ += a.asname;
  }
}

void Printer::Names(std::string_view keyword,
                    const std::vector<std::string_view>& names) {
  out_ += keyword;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) {
      out_ += ", ";
    }
    out_ += names[i];
  }
}

void Printer::Stmt(const ast::Stmt& s) {
  FlushComments(FirstLine(s));
  const int32_t line = s.origin.line;
  switch (s.kind) {
    case Kind::kFunctionDef:
      Function(s.Cast<ast::FunctionDef>(), "def ");
      return;
    case Kind::kAsyncFunctionDef:
      Function(s.Cast<ast::AsyncFunctionDef>(), "async def ");
      return;
    case Kind::kClassDef: {
      const auto& c = s.Cast<ast::ClassDef>();
      Decorators(c.decorator_list);
      BeginLine(line);
      out_ += "class ";
      out_ += c.name;
      TypeParams(c.type_params);
      if (!c.bases.empty() || !c.keywords.empty()) {
        out_ += '(';
        CallArgs(c.bases, c.keywords);
        out_ += ')';
      }
      out_ += ':';
      EndLine();
      Block(c.body, line);
      return;
    }
    case Kind::kFor:
      ForLoop(s.Cast<ast::For>(), "for ");
      return;
    case Kind::kAsyncFor:
      ForLoop(s.Cast<ast::AsyncFor>(), "async for ");
      return;
    case Kind::kWhile: {
      const auto& w = s.Cast<ast::While>();
      BeginLine(line);
      out_ += "while ";
      Expr(*w.test, Prec::kTest);
      out_ += ':';
      EndLine();
      Block(w.body, line);
      Clause("else", w.orelse, line);
      return;
    }
    case Kind::kIf:
      IfStmt(s.Cast<ast::If>());
      return;
    case Kind::kWith:
      WithStmt(s.Cast<ast::With>(), "with ");
      return;
    case Kind::kAsyncWith:
      WithStmt(s.Cast<ast::AsyncWith>(), "async with ");
      return;
    case Kind::kMatch: {
      const auto& m = s.Cast<ast::Match>();
      BeginLine(line);
      out_ += "match ";
      Expr(*m.subject, Prec::kTest);
      out_ += ':';
      EndLine();
      indent_ += kIndentUnit;
      for (const ast::MatchCase* c : m.cases) {
        Case(*c);
      }
      indent_.resize(indent_.size() - kIndentUnit.size());
      return;
    }
    case Kind::kTry:
      TryStmt(s.Cast<ast::Try>(), false);
      return;
    case Kind::kTryStar:
      TryStmt(s.Cast<ast::TryStar>(), true);
      return;
    default:
      break;
  }

  // Simple statements: one line each.
  BeginLine(line);
  switch (s.kind) {
    case Kind::kReturn: {
      const auto& r = s.Cast<ast::Return>();
      out_ += "return";
      if (r.value != nullptr) {
        out_ += ' ';
        Expr(*r.value, Prec::kTest);
      }
      break;
    }
    case Kind::kDelete:
      out_ += "del ";
      ExprList(s.Cast<ast::Delete>().targets, Prec::kTest);
      break;
    case Kind::kAssign: {
      const auto& a = s.Cast<ast::Assign>();
      for (const ast::Expr* target : a.targets) {
        Expr(*target, Prec::kTuple);
        out_ += " = ";
      }
      Expr(*a.value, Prec::kTest);
      break;
    }
    case Kind::kTypeAlias: {
      const auto& a = s.Cast<ast::TypeAlias>();
      out_ += "type ";
      Expr(*a.name, Prec::kAtom);
      TypeParams(a.type_params);
      out_ += " = ";
      Expr(*a.value, Prec::kTest);
      break;
    }
    case Kind::kAugAssign: {
      const auto& a = s.Cast<ast::AugAssign>();
      Expr(*a.target, Prec::kTest);
      out_ += ' ';
      out_ += ast::OperatorText(a.op);
      out_ += "= ";
      Expr(*a.value, Prec::kTest);
      break;
    }
    case Kind::kAnnAssign: {
      const auto& a = s.Cast<ast::AnnAssign>();
      const bool paren = !a.simple && a.target->kind == Kind::kName;
      Open(paren);
      Expr(*a.target, Prec::kTest);
      Close(paren);
      out_ += ": ";
      Expr(*a.annotation, Prec::kTest);
      if (a.value != nullptr) {
        out_ += " = ";
        Expr(*a.value, Prec::kTest);
      }
      break;
    }
    case Kind::kRaise: {
      const auto& r = s.Cast<ast::Raise>();
      out_ += "raise";
      if (r.exc != nullptr) {
        out_ += ' ';
        Expr(*r.exc, Prec::kTest);
        if (r.cause != nullptr) {
          out_ += " from ";
          Expr(*r.cause, Prec::kTest);
        }
      }
      break;
    }
    case Kind::kAssert: {
      const auto& a = s.Cast<ast::Assert>();
      out_ += "assert ";
      Expr(*a.test, Prec::kTest);
      if (a.msg != nullptr) {
        out_ += ", ";
        Expr(*a.msg, Prec::kTest);
      }
      break;
    }
    case Kind::kImport:
      out_ += "import ";
      Aliases(s.Cast<ast::Import>().names);
      break;
    case Kind::kImportFrom: {
      const auto& i = s.Cast<ast::ImportFrom>();
      out_ += "from ";
      out_.append(static_cast<size_t>(std::max(i.level, 0)), '.');
      out_ += i.module;
      out_ += " import ";
      Aliases(i.names);
      break;
    }
    case Kind::kGlobal:
      Names("global ", s.Cast<ast::Global>().names);
      break;
    case Kind::kNonlocal:
      Names("nonlocal ", s.Cast<ast::Nonlocal>().names);
      break;
    case Kind::kExprStmt:
      Expr(*s.Cast<ast::ExprStmt>().value, Prec::kYield);
      break;
    case Kind::kPass:
      out_ += "pass";
      break;
    case Kind::kBreak:
      out_ += "break";
      break;
    case Kind::kContinue:
      out_ += "continue";
      break;
    default:
      AGC_CHECK_MSG(false, "not a statement kind");
  }
  EndLine();
}

}  // namespace agc::codegen
