// Internal to lib/codegen: the Printer behind Print and PrintNode
// (printer.h), and what its files share. The class is declared here once;
// its members are defined in the printer*.cpp file named in each group of
// declarations below (see printer.cpp for the map). Only the output lines
// and parentheses, which every file writes, are defined here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lib/ast/ast.h"
#include "lib/base/source_file.h"
#include "lib/codegen/precedence.h"
#include "lib/codegen/printer.h"

namespace agc::codegen {

using ast::Kind;

inline constexpr std::string_view kBom = "\xEF\xBB\xBF";
inline constexpr std::string_view kIndentUnit = "    ";
inline constexpr size_t kNotAtLineStart = static_cast<size_t>(-1);

inline bool IsIndentChar(char c) {
  return c == ' ' || c == '\t' || c == '\f';
}

inline bool IsLineBreak(char c) {
  return c == '\n' || c == '\r';
}

// Compound statements always start their own line; simple statements may
// follow a ';' or a block header on the same line (printer_statements.cpp).
bool IsCompound(const ast::Stmt& s);
// A def's or class's decorators, null for other statements
// (printer_statements.cpp).
const std::vector<ast::Expr*>* DecoratorsOf(const ast::Stmt& s);

class Printer {
 public:
  // `for_file`: printing a whole file (Print), which uses the input's line
  // terminator; otherwise one node (PrintNode), with "\n". (printer.cpp)
  Printer(const ast::Module& module, bool for_file);

  PrintResult Finish() {
    // An output of only a BOM is one line without a terminator.
    if (lines_.empty() && !out_.empty()) {
      RecordLine(1);
    }
    return PrintResult{std::move(out_), std::move(lines_)};
  }

  std::string TakeText() { return std::move(out_); }

  void PrintFile(const PrintOptions& options);  // printer.cpp

  void Stmt(const ast::Stmt& s);                   // printer_statements.cpp
  void Expr(const ast::Expr& e, Prec p);           // printer_expressions.cpp
  void Pattern(const ast::Pattern& p, Prec prec);  // printer_expressions.cpp
  void OtherNode(const ast::Node& n);              // printer.cpp
  void TypeParamNode(const ast::TypeParam& p);     // printer_statements.cpp

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

  // ---- Verbatim text: printer.cpp ------------------------------------------

  uint32_t LineBegin(int32_t line) const;
  std::string_view IndentOf(int32_t line) const;
  uint32_t StmtBegin(const ast::Stmt& s) const;
  void CopyVerbatim(uint32_t begin, uint32_t end);
  void CollectEdits(const std::vector<ast::Stmt*>& body,
                    bool module_level,
                    std::vector<Edit>& edits) const;
  Edit InsertEdit(const std::vector<ast::Stmt*>& body,
                  size_t first,
                  size_t last,
                  bool module_level) const;
  void PrintRegion(const Edit& edit);
  void PrintInsert(const Edit& edit);
  size_t CommentAt(uint32_t offset) const;

  // ---- Comments and statements: printer_statements.cpp ---------------------

  void FlushComments(int32_t before_line);
  void FlushAllComments();
  void PrintComment(const ast::Comment& c);
  void Stmts(const std::vector<ast::Stmt*>& body);
  void Block(const std::vector<ast::Stmt*>& body, int32_t header_line);
  void Clause(std::string_view keyword,
              const std::vector<ast::Stmt*>& body,
              int32_t fallback_line);
  void Decorators(const std::vector<ast::Expr*>& decorators);
  template <typename F>
  void Function(const F& f, std::string_view keyword);
  template <typename F>
  void ForLoop(const F& f, std::string_view keyword);
  template <typename W>
  void WithStmt(const W& w, std::string_view keyword);
  template <typename T>
  void TryStmt(const T& t, bool star);
  void Handler(const ast::ExceptHandler& h, bool star);
  void Case(const ast::MatchCase& c);
  void IfStmt(const ast::If& first);
  void TypeParams(const std::vector<ast::TypeParam*>& params);
  void Aliases(const std::vector<ast::Alias*>& names);
  void Alias(const ast::Alias& a);
  void Names(std::string_view keyword,
             const std::vector<std::string_view>& names);

  // ---- Expressions: printer_expressions.cpp --------------------------------

  void ExprList(const std::vector<ast::Expr*>& exprs, Prec p);
  void TupleItems(const std::vector<ast::Expr*>& elts);
  void Constant(const ast::Constant& c);
  void Comprehensions(const std::vector<ast::Comprehension*>& generators);
  void Comprehension(const ast::Comprehension& g);
  void Keyword(const ast::Keyword& k);
  void CallArgs(const std::vector<ast::Expr*>& args,
                const std::vector<ast::Keyword*>& keywords);
  void Arg(const ast::Arg& a);
  void Default(const ast::Arg& a, const ast::Expr& value);
  static bool HasArguments(const ast::Arguments& a);
  void Arguments(const ast::Arguments& a);
  void WithItem(const ast::WithItem& w);
  void Patterns(const std::vector<ast::Pattern*>& patterns);

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

}  // namespace agc::codegen
