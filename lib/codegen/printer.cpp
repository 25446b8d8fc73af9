// The printer. Two layers:
// - Printer: prints statements, expressions and patterns from the AST in
//   agc's fixed style, and owns the output text and its line map. Every
//   output line is recorded through RecordLine().
// - Print(): walks the module's statements (not expressions) to find the
//   functions a pass changed and the statements a pass inserted, and copies
//   everything between them from the input verbatim.
#include "lib/codegen/printer.h"

#include <algorithm>
#include <string_view>

#include "lib/base/check.h"
#include "lib/base/source_file.h"
#include "lib/codegen/precedence.h"

namespace agc::codegen {
namespace {

using ast::Kind;

constexpr std::string_view kBom = "\xEF\xBB\xBF";
constexpr std::string_view kIndentUnit = "    ";
constexpr size_t kNotAtLineStart = static_cast<size_t>(-1);

bool IsIndentChar(char c) {
  return c == ' ' || c == '\t' || c == '\f';
}

bool IsLineBreak(char c) {
  return c == '\n' || c == '\r';
}

bool IsFunction(const ast::Node& n) {
  return n.kind == Kind::kFunctionDef || n.kind == Kind::kAsyncFunctionDef;
}

// Compound statements always start their own line; simple statements may
// follow a ';' or a block header on the same line.
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

// Calls fn(body) for each statement list directly inside `s`, in source
// order.
template <typename Fn>
void ForEachBlock(const ast::Stmt& s, Fn&& fn) {
  switch (s.kind) {
    case Kind::kFunctionDef:
      fn(s.Cast<ast::FunctionDef>().body);
      break;
    case Kind::kAsyncFunctionDef:
      fn(s.Cast<ast::AsyncFunctionDef>().body);
      break;
    case Kind::kClassDef:
      fn(s.Cast<ast::ClassDef>().body);
      break;
    case Kind::kFor:
      fn(s.Cast<ast::For>().body);
      fn(s.Cast<ast::For>().orelse);
      break;
    case Kind::kAsyncFor:
      fn(s.Cast<ast::AsyncFor>().body);
      fn(s.Cast<ast::AsyncFor>().orelse);
      break;
    case Kind::kWhile:
      fn(s.Cast<ast::While>().body);
      fn(s.Cast<ast::While>().orelse);
      break;
    case Kind::kIf:
      fn(s.Cast<ast::If>().body);
      fn(s.Cast<ast::If>().orelse);
      break;
    case Kind::kWith:
      fn(s.Cast<ast::With>().body);
      break;
    case Kind::kAsyncWith:
      fn(s.Cast<ast::AsyncWith>().body);
      break;
    case Kind::kMatch:
      for (const ast::MatchCase* c : s.Cast<ast::Match>().cases) {
        fn(c->body);
      }
      break;
    case Kind::kTry:
    case Kind::kTryStar: {
      const auto& body = s.kind == Kind::kTry ? s.Cast<ast::Try>().body
                                              : s.Cast<ast::TryStar>().body;
      const auto& handlers = s.kind == Kind::kTry
                                 ? s.Cast<ast::Try>().handlers
                                 : s.Cast<ast::TryStar>().handlers;
      const auto& orelse = s.kind == Kind::kTry ? s.Cast<ast::Try>().orelse
                                                : s.Cast<ast::TryStar>().orelse;
      const auto& finalbody = s.kind == Kind::kTry
                                  ? s.Cast<ast::Try>().finalbody
                                  : s.Cast<ast::TryStar>().finalbody;
      fn(body);
      for (const ast::ExceptHandler* h : handlers) {
        fn(h->body);
      }
      fn(orelse);
      fn(finalbody);
      break;
    }
    default:
      break;
  }
}

// The newline regenerated lines end with: the input's first line terminator
// (CRLF, or a lone CR as in classic Mac OS files), LF if it has none.
std::string_view NewlineOf(const base::SourceFile* source) {
  if (source == nullptr) {
    return "\n";
  }
  std::string_view bytes = source->bytes();
  size_t i = bytes.find_first_of("\r\n");
  if (i != std::string_view::npos && bytes[i] == '\r') {
    return i + 1 < bytes.size() && bytes[i + 1] == '\n' ? "\r\n" : "\r";
  }
  return "\n";
}

class Printer {
 public:
  // `for_file`: printing a whole file (Print), which uses the input's line
  // terminator; otherwise one node (PrintNode), with "\n".
  Printer(const ast::Module& module, bool for_file)
      : module_(module),
        source_(module.source()),
        newline_(for_file ? NewlineOf(module.source()) : "\n") {
    if (source_ != nullptr && source_->bytes().substr(0, 3) == kBom) {
      content_start_ = static_cast<uint32_t>(kBom.size());
    }
  }

  PrintResult Finish() {
    // An output of only a BOM is one line without a terminator.
    if (lines_.empty() && !out_.empty()) {
      RecordLine(1);
    }
    return PrintResult{std::move(out_), std::move(lines_)};
  }

  std::string TakeText() { return std::move(out_); }

  void PrintFile(const PrintOptions& options);

  void Stmt(const ast::Stmt& s);
  void Expr(const ast::Expr& e, Prec p);
  void Pattern(const ast::Pattern& p, Prec prec);
  void OtherNode(const ast::Node& n);

 private:
  // An edit of the verbatim text: a regenerated function replacing whole
  // lines, or statements a pass inserted.
  struct Edit {
    uint32_t begin = 0;  // input byte offset
    uint32_t end = 0;    // == begin for an insertion
    const ast::Stmt* function = nullptr;
    const std::vector<ast::Stmt*>* body = nullptr;  // inserted: [first, last)
    size_t first = 0;
    size_t last = 0;
    bool inline_insert = false;  // "stmt; " before an anchor mid-line
    std::string_view indent;
    int32_t origin_line = 0;
  };

  // ---- Output lines --------------------------------------------------------

  // The one place an output line is recorded.
  void RecordLine(int32_t origin) {
    lines_.push_back(forced_origin_ != 0 ? forced_origin_ : origin);
  }

  bool AtLineStart() const { return out_.size() == line_begin_; }

  // Starts a regenerated line at the current indent.
  void BeginLine(int32_t origin) {
    if (inline_) {
      return;
    }
    if (same_line_) {
      same_line_ = false;
      return;
    }
    if (!AtLineStart()) {
      out_ += newline_;
      line_begin_ = out_.size();
    }
    RecordLine(origin);
    out_ += indent_;
  }

  void EndLine() {
    if (inline_) {
      out_ += "; ";
      return;
    }
    out_ += newline_;
    line_begin_ = out_.size();
  }

  // Writes text taken from the input (a literal): each line break inside it
  // starts a new output line that maps to `first_line` + its offset.
  void WriteLiteral(std::string_view text, int32_t first_line) {
    size_t start = 0;
    int32_t offset = 0;
    for (size_t i = 0; i < text.size(); ++i) {
      char c = text[i];
      if (!IsLineBreak(c)) {
        continue;
      }
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
        ++i;
      }
      out_.append(text.data() + start, i + 1 - start);
      start = i + 1;
      RecordLine(first_line + ++offset);
    }
    out_.append(text.data() + start, text.size() - start);
  }

  // ---- Verbatim text -------------------------------------------------------

  // Where `line`'s text starts (after the BOM on line 1).
  uint32_t LineBegin(int32_t line) const {
    return line == 1 ? content_start_ : source_->LineStart(line);
  }

  // The whitespace that starts `line`.
  std::string_view IndentOf(int32_t line) const {
    std::string_view bytes = source_->bytes();
    uint32_t begin = LineBegin(line);
    uint32_t i = begin;
    while (i < bytes.size() && IsIndentChar(bytes[i])) {
      ++i;
    }
    return bytes.substr(begin, i - begin);
  }

  // Where a statement's text starts, decorators included.
  uint32_t StmtBegin(const ast::Stmt& s) const {
    uint32_t begin = s.span.begin;
    if (const auto* decorators = DecoratorsOf(s)) {
      for (const ast::Expr* d : *decorators) {
        if (d->span.valid()) {
          begin = std::min(begin, d->span.begin);
        }
      }
    }
    return begin;
  }

  void CopyVerbatim(uint32_t begin, uint32_t end) {
    if (begin >= end) {
      return;
    }
    int32_t first = source_->LineOf(begin);
    if (LineBegin(first) != begin) {
      ++first;  // continues a line already started
    }
    const int32_t last = source_->LineOf(end - 1);
    for (int32_t line = first; line <= last; ++line) {
      RecordLine(line);
    }
    std::string_view bytes = source_->bytes();
    out_.append(bytes.data() + begin, end - begin);
    line_begin_ = IsLineBreak(bytes[end - 1]) ? out_.size() : kNotAtLineStart;
  }

  void CollectEdits(const std::vector<ast::Stmt*>& body,
                    bool module_level,
                    std::vector<Edit>& edits) const;
  Edit InsertEdit(const std::vector<ast::Stmt*>& body,
                  size_t first,
                  size_t last,
                  bool module_level) const;
  void PrintRegion(const Edit& edit);
  void PrintInsert(const Edit& edit);

  // ---- Comments ------------------------------------------------------------

  // Own-line comments in [next_comment_, end_comment_) are printed before the
  // first statement printed after them.
  void FlushComments(int32_t before_line) {
    const auto& comments = module_.comments;
    while (next_comment_ < end_comment_ &&
           comments[next_comment_].origin.line < before_line) {
      PrintComment(comments[next_comment_++]);
    }
  }

  void FlushAllComments() {
    while (next_comment_ < end_comment_) {
      PrintComment(module_.comments[next_comment_++]);
    }
  }

  void PrintComment(const ast::Comment& c) {
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

  size_t CommentAt(uint32_t offset) const {
    const auto& comments = module_.comments;
    return static_cast<size_t>(
        std::lower_bound(comments.begin(), comments.end(), offset,
                         [](const ast::Comment& c, uint32_t off) {
                           return c.span.begin < off;
                         }) -
        comments.begin());
  }

  // ---- Statements ----------------------------------------------------------

  void Stmts(const std::vector<ast::Stmt*>& body) {
    for (const ast::Stmt* s : body) {
      Stmt(*s);
    }
  }

  // An indented block after a header ending in ':'.
  void Block(const std::vector<ast::Stmt*>& body, int32_t header_line) {
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
  void Clause(std::string_view keyword,
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

  void Decorators(const std::vector<ast::Expr*>& decorators) {
    for (const ast::Expr* d : decorators) {
      BeginLine(d->origin.line);
      out_ += '@';
      Expr(*d, Prec::kTest);
      EndLine();
    }
  }

  template <typename F>
  void Function(const F& f, std::string_view keyword) {
    Decorators(f.decorator_list);
    BeginLine(f.origin.line);
    out_ += keyword;
    out_ += f.name;
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
  void ForLoop(const F& f, std::string_view keyword) {
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
  void WithStmt(const W& w, std::string_view keyword) {
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
  void TryStmt(const T& t, bool star) {
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

  void Handler(const ast::ExceptHandler& h, bool star) {
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

  void Case(const ast::MatchCase& c) {
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

  void IfStmt(const ast::If& first) {
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

  void Aliases(const std::vector<ast::Alias*>& names) {
    for (size_t i = 0; i < names.size(); ++i) {
      if (i > 0) {
        out_ += ", ";
      }
      Alias(*names[i]);
    }
  }

  void Alias(const ast::Alias& a) {
    out_ += a.name;
    if (!a.asname.empty()) {
      out_ += " as ";
      out_ += a.asname;
    }
  }

  void Names(std::string_view keyword,
             const std::vector<std::string_view>& names) {
    out_ += keyword;
    for (size_t i = 0; i < names.size(); ++i) {
      if (i > 0) {
        out_ += ", ";
      }
      out_ += names[i];
    }
  }

  // ---- Expressions ---------------------------------------------------------

  void Open(bool paren) {
    if (paren) {
      out_ += '(';
    }
  }

  void Close(bool paren) {
    if (paren) {
      out_ += ')';
    }
  }

  void ExprList(const std::vector<ast::Expr*>& exprs, Prec p) {
    for (size_t i = 0; i < exprs.size(); ++i) {
      if (i > 0) {
        out_ += ", ";
      }
      Expr(*exprs[i], p);
    }
  }

  // `items_view` of ast.unparse: a single item gets a trailing comma.
  void TupleItems(const std::vector<ast::Expr*>& elts) {
    ExprList(elts, Prec::kTest);
    if (elts.size() == 1) {
      out_ += ',';
    }
  }

  void Constant(const ast::Constant& c) {
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

  void Comprehensions(const std::vector<ast::Comprehension*>& generators) {
    for (const ast::Comprehension* g : generators) {
      Comprehension(*g);
    }
  }

  void Comprehension(const ast::Comprehension& g) {
    out_ += g.is_async ? " async for " : " for ";
    Expr(*g.target, Prec::kTuple);
    out_ += " in ";
    Expr(*g.iter, Next(Prec::kTest));
    for (const ast::Expr* cond : g.ifs) {
      out_ += " if ";
      Expr(*cond, Next(Prec::kTest));
    }
  }

  void Keyword(const ast::Keyword& k) {
    if (k.arg.empty()) {
      out_ += "**";
    } else {
      out_ += k.arg;
      out_ += '=';
    }
    Expr(*k.value, Prec::kTest);
  }

  // Call arguments and class bases: positional, then keywords.
  void CallArgs(const std::vector<ast::Expr*>& args,
                const std::vector<ast::Keyword*>& keywords) {
    ExprList(args, Prec::kTest);
    for (size_t i = 0; i < keywords.size(); ++i) {
      if (i > 0 || !args.empty()) {
        out_ += ", ";
      }
      Keyword(*keywords[i]);
    }
  }

  void Arg(const ast::Arg& a) {
    out_ += a.arg;
    if (a.annotation != nullptr) {
      out_ += ": ";
      Expr(*a.annotation, Prec::kTest);
    }
  }

  // A default value: `x=1`, or `x: int = 1` when annotated (PEP 8).
  void Default(const ast::Arg& a, const ast::Expr& value) {
    out_ += a.annotation != nullptr ? " = " : "=";
    Expr(value, Prec::kTest);
  }

  static bool HasArguments(const ast::Arguments& a) {
    return !a.posonlyargs.empty() || !a.args.empty() || a.vararg != nullptr ||
           !a.kwonlyargs.empty() || a.kwarg != nullptr;
  }

  void Arguments(const ast::Arguments& a) {
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

  void WithItem(const ast::WithItem& w) {
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

  void Patterns(const std::vector<ast::Pattern*>& patterns) {
    for (size_t i = 0; i < patterns.size(); ++i) {
      if (i > 0) {
        out_ += ", ";
      }
      Pattern(*patterns[i], Prec::kTest);
    }
  }

  const ast::Module& module_;
  const base::SourceFile* source_;
  std::string_view newline_;
  uint32_t content_start_ = 0;  // 3 after a UTF-8 BOM

  std::string out_;
  std::vector<int32_t> lines_;
  size_t line_begin_ = 0;  // where the current output line's text starts
  std::string indent_;
  int32_t forced_origin_ = 0;  // nonzero: every line maps here
  bool inline_ = false;        // statements end with "; " instead of a newline
  bool same_line_ = false;     // the next statement continues the line

  size_t next_comment_ = 0;
  size_t end_comment_ = 0;
};

// ---- Statements -------------------------------------------------------------

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

// ---- Expressions ------------------------------------------------------------

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

void Printer::OtherNode(const ast::Node& n) {
  switch (n.kind) {
    case Kind::kArguments:
      Arguments(n.Cast<ast::Arguments>());
      return;
    case Kind::kArg:
      Arg(n.Cast<ast::Arg>());
      return;
    case Kind::kKeyword:
      Keyword(n.Cast<ast::Keyword>());
      return;
    case Kind::kAlias:
      Alias(n.Cast<ast::Alias>());
      return;
    case Kind::kWithItem:
      WithItem(n.Cast<ast::WithItem>());
      return;
    case Kind::kComprehension:
      Comprehension(n.Cast<ast::Comprehension>());
      out_.erase(0, 1);  // the leading space
      return;
    case Kind::kMatchCase:
      Case(n.Cast<ast::MatchCase>());
      return;
    case Kind::kExceptHandler:
      Handler(n.Cast<ast::ExceptHandler>(), false);
      return;
    default:
      AGC_CHECK_MSG(false, "not a helper node kind");
  }
}

// ---- Files: verbatim text with regenerated regions
// ---------------------------

Printer::Edit Printer::InsertEdit(const std::vector<ast::Stmt*>& body,
                                  size_t first,
                                  size_t last,
                                  bool module_level) const {
  Edit edit;
  edit.body = &body;
  edit.first = first;
  edit.last = last;
  std::string_view bytes = source_->bytes();
  if (last < body.size()) {
    // Before the next statement that came from the input.
    const ast::Stmt& anchor = *body[last];
    const uint32_t at = StmtBegin(anchor);
    const int32_t line = source_->LineOf(at);
    const uint32_t line_begin = LineBegin(line);
    edit.origin_line = line;
    bool first_on_line = IsCompound(anchor);
    if (!first_on_line) {
      std::string_view before = bytes.substr(line_begin, at - line_begin);
      first_on_line = std::all_of(before.begin(), before.end(), IsIndentChar);
    }
    bool all_simple = true;
    for (size_t i = first; i < last; ++i) {
      all_simple = all_simple && !IsCompound(*body[i]);
    }
    if (first_on_line || !all_simple) {
      edit.begin = line_begin;
      edit.indent = IndentOf(line);
    } else {
      // `a; b` with the insertion before `b`: `a; inserted; b`.
      edit.begin = at;
      edit.inline_insert = true;
    }
  } else if (module_level) {
    edit.begin = static_cast<uint32_t>(bytes.size());
    edit.origin_line = std::max(source_->line_count(), 1);
  } else {
    // After the last statement of the block that came from the input.
    size_t k = first;
    while (k > 0 && !body[k - 1]->span.valid()) {
      --k;
    }
    AGC_CHECK_MSG(k > 0, "a block with no statement from the input");
    const ast::Stmt& prev = *body[k - 1];
    const int32_t last_line = source_->LineOf(prev.span.end - 1);
    edit.begin = source_->LineEnd(last_line);
    edit.indent = IndentOf(source_->LineOf(StmtBegin(prev)));
    edit.origin_line = last_line;
  }
  edit.end = edit.begin;
  return edit;
}

void Printer::CollectEdits(const std::vector<ast::Stmt*>& body,
                           bool module_level,
                           std::vector<Edit>& edits) const {
  size_t i = 0;
  while (i < body.size()) {
    const ast::Stmt& s = *body[i];
    if (!s.span.valid()) {
      size_t j = i + 1;
      while (j < body.size() && !body[j]->span.valid()) {
        ++j;
      }
      edits.push_back(InsertEdit(body, i, j, module_level));
      i = j;
      continue;
    }
    if (IsFunction(s) && (s.flags & ast::kFlagChanged) != 0) {
      // Whole lines, from the first decorator's line to the end of the line
      // holding the function's last byte.
      Edit edit;
      const int32_t first_line = source_->LineOf(StmtBegin(s));
      edit.begin = LineBegin(first_line);
      edit.end = source_->LineEnd(source_->LineOf(s.span.end - 1));
      edit.function = &s;
      edit.indent = IndentOf(first_line);
      edits.push_back(edit);
    } else {
      ForEachBlock(s, [&](const std::vector<ast::Stmt*>& block) {
        CollectEdits(block, false, edits);
      });
    }
    ++i;
  }
}

void Printer::PrintRegion(const Edit& edit) {
  indent_ = edit.indent;
  next_comment_ = CommentAt(edit.begin);
  end_comment_ = CommentAt(edit.end);
  Stmt(*edit.function);
  // Comments after the function's last statement.
  indent_ += kIndentUnit;
  FlushAllComments();
  indent_.clear();
  next_comment_ = end_comment_ = 0;
  // Keep a missing final newline missing.
  std::string_view bytes = source_->bytes();
  if (edit.end == bytes.size() && !bytes.empty() &&
      !IsLineBreak(bytes.back())) {
    out_.resize(out_.size() - newline_.size());
    line_begin_ = kNotAtLineStart;
  }
}

void Printer::PrintInsert(const Edit& edit) {
  indent_ = edit.indent;
  inline_ = edit.inline_insert;
  auto blank_lines = [&](int n) {
    for (int i = 0; i < n; ++i) {
      RecordLine(edit.origin_line);
      out_ += newline_;
      line_begin_ = out_.size();
    }
  };
  // PEP 8's blank lines around a def: two at module level, one inside.
  const int def_gap = edit.indent.empty() ? 2 : 1;
  bool twin = false;
  for (size_t i = edit.first; i < edit.last; ++i) {
    const ast::Stmt& inserted = *(*edit.body)[i];
    // A converted twin (an eager original's) keeps its own origins (each line
    // maps to the line it came from); other inserted statements map to the
    // anchor's line.
    const bool is_twin = inserted.Is<ast::FunctionDef>() &&
                         (inserted.flags & ast::kFlagConverted) != 0;
    twin = twin || is_twin;
    forced_origin_ = is_twin ? 0 : edit.origin_line;
    if (is_twin && !inline_ && edit.last == edit.body->size() &&
        i == edit.first) {
      blank_lines(def_gap);  // after the block's last statement
    }
    Stmt(inserted);
  }
  forced_origin_ = 0;
  // Two blank lines between module-level statements and a def or class that
  // follows them, as PEP 8 has it (e.g. the runtime import before the first
  // function of a file); after a twin, before any statement at module level
  // and before a def or class inside a block.
  if (!inline_ && edit.last < edit.body->size()) {
    const ast::Stmt& next = *(*edit.body)[edit.last];
    const bool next_def = next.Is<ast::FunctionDef>() ||
                          next.Is<ast::AsyncFunctionDef>() ||
                          next.Is<ast::ClassDef>();
    if ((edit.indent.empty() && (next_def || twin)) || (twin && next_def)) {
      blank_lines(def_gap);
    }
  }
  inline_ = false;
  forced_origin_ = 0;
  indent_.clear();
}

void Printer::PrintFile(const PrintOptions& options) {
  const size_t input_size = source_ != nullptr ? source_->bytes().size() : 0;
  out_.reserve(input_size + input_size / 8 + 64);
  lines_.reserve(source_ != nullptr ? source_->line_count() + 16 : 64);
  if (content_start_ > 0) {
    out_ += kBom;
    line_begin_ = out_.size();
  }

  if (options.regenerate_all || source_ == nullptr) {
    next_comment_ = 0;
    end_comment_ = source_ != nullptr ? module_.comments.size() : 0;
    Stmts(module_.body);
    FlushAllComments();
    return;
  }

  std::vector<Edit> edits;
  CollectEdits(module_.body, true, edits);
  uint32_t pos = content_start_;
  for (const Edit& edit : edits) {
    AGC_CHECK_MSG(edit.begin >= pos, "printer edits overlap");
    CopyVerbatim(pos, edit.begin);
    if (edit.function != nullptr) {
      PrintRegion(edit);
      pos = edit.end;
    } else {
      PrintInsert(edit);
      pos = edit.begin;
    }
  }
  CopyVerbatim(pos, static_cast<uint32_t>(input_size));
}

}  // namespace

PrintResult Print(const ast::Module& module, const PrintOptions& options) {
  Printer printer(module, /*for_file=*/true);
  printer.PrintFile(options);
  return printer.Finish();
}

std::string PrintNode(const ast::Module& module, const ast::Node& node) {
  Printer printer(module, /*for_file=*/false);
  switch (node.category()) {
    case ast::Category::kStmt:
      printer.Stmt(static_cast<const ast::Stmt&>(node));
      break;
    case ast::Category::kExpr:
      printer.Expr(static_cast<const ast::Expr&>(node), Prec::kTest);
      break;
    case ast::Category::kPattern:
      printer.Pattern(static_cast<const ast::Pattern&>(node), Prec::kTest);
      break;
    case ast::Category::kOther:
      printer.OtherNode(node);
      break;
  }
  return printer.TakeText();
}

}  // namespace agc::codegen
