// The printer: ast::Module -> Python source plus the line map (printer.h).
// Two layers:
// - Printer: prints statements, expressions and patterns from the AST in
//   agc's fixed style, and owns the output text and its line map. Every
//   output line is recorded through RecordLine().
// - Print(): walks the module's statements (not expressions) to find the
//   functions a pass changed and the statements a pass inserted, and copies
//   everything between them from the input verbatim.
//
// One class, Printer (printer_impl.h), in files named by what they print:
//   printer.cpp              Print, PrintNode; the file: verbatim text, the
//                            regenerated functions and inserted statements
//                            placed in it
//   printer_statements.cpp   statements, blocks, own-line comments
//   printer_expressions.cpp  expressions and their precedence, arguments,
//                            comprehensions, patterns
#include "lib/codegen/printer.h"

#include <algorithm>
#include <string_view>

#include "lib/base/check.h"
#include "lib/base/source_file.h"
#include "lib/codegen/precedence.h"
#include "lib/codegen/printer_impl.h"

namespace agc::codegen {
namespace {

bool IsFunction(const ast::Node& n) {
  return n.kind == Kind::kFunctionDef || n.kind == Kind::kAsyncFunctionDef;
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

}  // namespace

Printer::Printer(const ast::Module& module, bool for_file)
    : module_(module),
      source_(module.source()),
      newline_(for_file ? NewlineOf(module.source()) : "\n") {
  if (source_ != nullptr && source_->bytes().substr(0, 3) == kBom) {
    content_start_ = static_cast<uint32_t>(kBom.size());
  }
}

// ---- Verbatim text ----------------------------------------------------------

// Where `line`'s text starts (after the BOM on line 1).
uint32_t Printer::LineBegin(int32_t line) const {
  return line == 1 ? content_start_ : source_->LineStart(line);
}

// The whitespace that starts `line`.
std::string_view Printer::IndentOf(int32_t line) const {
  std::string_view bytes = source_->bytes();
  uint32_t begin = LineBegin(line);
  uint32_t i = begin;
  while (i < bytes.size() && IsIndentChar(bytes[i])) {
    ++i;
  }
  return bytes.substr(begin, i - begin);
}

// Where a statement's text starts, decorators included.
uint32_t Printer::StmtBegin(const ast::Stmt& s) const {
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

void Printer::CopyVerbatim(uint32_t begin, uint32_t end) {
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
  // A line printed with a lone CR followed by input text starting with an
  // LF (a blank line of an LF file) would join into one CRLF line end: the
  // printed line ends with CRLF instead.
  if (!out_.empty() && out_.back() == '\r' && bytes[begin] == '\n') {
    out_ += '\n';
  }
  out_.append(bytes.data() + begin, end - begin);
  line_begin_ = IsLineBreak(bytes[end - 1]) ? out_.size() : kNotAtLineStart;
}

size_t Printer::CommentAt(uint32_t offset) const {
  const auto& comments = module_.comments;
  return static_cast<size_t>(
      std::lower_bound(comments.begin(), comments.end(), offset,
                       [](const ast::Comment& c, uint32_t off) {
                         return c.span.begin < off;
                       }) -
      comments.begin());
}

// ---- Files: verbatim text with regenerated regions --------------------------

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
    // End the line verbatim text left open (a last line without a line
    // break) first: it is recorded already, and is no blank line.
    if (!AtLineStart()) {
      out_ += newline_;
      line_begin_ = out_.size();
    }
    for (int i = 0; i < n; ++i) {
      RecordLine(edit.origin_line);
      // After a line the input ended with a lone CR, an LF would join it
      // into one CRLF line end: the blank line ends with a CR too.
      const bool after_cr = !out_.empty() && out_.back() == '\r';
      out_ += after_cr && newline_ == "\n" ? std::string_view("\r")
                                           : std::string_view(newline_);
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

// ---- One node ---------------------------------------------------------------

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
    case ast::Category::kTypeParam:
      printer.TypeParamNode(static_cast<const ast::TypeParam&>(node));
      break;
    case ast::Category::kOther:
      printer.OtherNode(node);
      break;
  }
  return printer.TakeText();
}

}  // namespace agc::codegen
