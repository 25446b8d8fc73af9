// CST -> AST. One TreeWalker walks the whole tree: every Lower* function
// is entered with the cursor on its node and leaves it there, going down
// with Down()/Next() and back with Up(). Children are never fetched by index
// (ts_node_child(i) is linear) and node kinds are compared as small enums
// from the Grammar table, never as strings.
//
// The result mirrors CPython's `ast` (see lib/ast/node_kinds.def for where
// agc differs). tree-sitter-python is more lenient than CPython in places
// (keywords as names, indentation, line breaks, Python 2 forms, targets,
// unparenthesized `:=`/`*`/`yield`, escapes, ...) and misreads a few valid
// forms (`a & b ^ c`, `await a ** b`, `[*f(x)]`, `print >> f`, ...); both are
// handled here, so that agc accepts what `ast.parse` accepts and builds the
// same tree. Checked against CPython on the standard library, the installed
// site-packages and mutated copies of them.
//
// One class, Lowerer (lowerer.h), in files named by what they lower:
//   lower.cpp                      LowerTree, the module, comments, names
//   lower_scan.cpp                 logical lines, indentation, line breaks
//   lower_statements.cpp           blocks and simple statements
//   lower_compound.cpp             if/for/while/try/with, def, class
//   lower_parameters.cpp           parameter lists, call arguments
//   lower_expressions.cpp          expressions, displays, calls, subscripts
//   lower_operators.cpp            operators, comparisons, lambda, yield
//   lower_strings.cpp              numbers, strings, f-strings
//   lower_patterns.cpp             match statements and patterns
//   lower_grammar_workarounds.cpp  the valid forms tree-sitter misreads
// What CPython rejects but tree-sitter accepts is checked where the form is
// lowered.
#include "lib/syntax/lower.h"

#include <algorithm>

#include "lib/syntax/identifier.h"
#include "lib/syntax/lowerer.h"

namespace agc::syntax {

bool Lowerer::Run() {
  Block(module_.body, root_, /*is_module=*/true);
  std::vector<ast::Comment>& comments = module_.comments;
  auto by_begin = [](const ast::Comment& a, const ast::Comment& b) {
    return a.span.begin < b.span.begin;
  };
  if (!std::is_sorted(comments.begin(), comments.end(), by_begin)) {
    std::stable_sort(comments.begin(), comments.end(), by_begin);
  }
  // A line continuation that joins the last line with the end of the file
  // (outside a comment): CPython reports an unexpected end of file;
  // tree-sitter ignores it. (One followed by an empty line is fine.)
  const size_t last = bytes_.find_last_not_of(" \t\f\r\n");
  if (!failed_ && last != std::string_view::npos && bytes_[last] == '\\' &&
      (comments.empty() || comments.back().span.end <= last) &&
      LineBreaks(bytes_.substr(last + 1)) < 2) {
    FailAt(source_.PositionOf(static_cast<uint32_t>(bytes_.size())),
           diag::DiagKind::kInvalidSyntax);
  }
  return !failed_;
}

int Lowerer::LineBreaks(std::string_view text) {
  int count = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' ||
        (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'))) {
      ++count;
    }
  }
  return count;
}

void Lowerer::AddComment(TSNode n) {
  ast::Comment c;
  c.span = {ts_node_start_byte(n), ts_node_end_byte(n)};
  c.origin = OriginOf(n);
  uint32_t i = c.span.begin;
  bool own_line = true;
  while (i > 0) {
    const char ch = bytes_[i - 1];
    if (ch == '\n' || ch == '\r') {
      break;
    }
    if (ch != ' ' && ch != '\t' && ch != '\f') {
      own_line = bom_ && i == 3;  // only the byte-order mark before it
      break;
    }
    --i;
  }
  c.own_line = own_line;
  module_.comments.push_back(c);
}

// The text of an identifier node, NFKC-normalized as CPython stores it.
// CPython rejects hard keywords here.
std::string_view Lowerer::Ident(TSNode n) {
  std::string_view text = Text(n);
  if (IsHardKeyword(text)) {
    Fail(n);
  }
  if (HasNonAscii(text) && NormalizeIdentifier(text, ident_buf_)) {
    return module_.Intern(ident_buf_);
  }
  return text;
}

ast::Name* Lowerer::NameOf(TSNode n, ExprContext ctx) {
  auto* name = New<ast::Name>(n);
  name->id = Ident(n);
  name->ctx = ctx;
  return name;
}

// A dotted name ("a.b.c") without the whitespace, comments or line
// continuations the input may have between its parts. Cursor on the
// dotted_name node.
std::string_view Lowerer::DottedText(TSNode n) {
  std::string_view text = Text(n);
  bool plain = true;
  for (char ch : text) {
    if (!IsNameByte(static_cast<unsigned char>(ch)) && ch != '.') {
      plain = false;
      break;
    }
  }
  if (plain && !HasNonAscii(text)) {
    // Still check the parts for keywords.
    size_t start = 0;
    while (start <= text.size()) {
      size_t dot = text.find('.', start);
      if (dot == std::string_view::npos) {
        dot = text.size();
      }
      if (IsHardKeyword(text.substr(start, dot - start))) {
        Fail(n);
      }
      start = dot + 1;
    }
    return text;
  }
  buf_.clear();
  Children([&](TSNode c, Sym s) {
    if (s == Sym::kIdentifier) {
      if (!buf_.empty()) {
        buf_ += '.';
      }
      buf_ += Ident(c);
    }
  });
  return module_.Intern(buf_);
}

// A dotted name as an expression: Name, or Attribute chain (Load). Cursor
// on the dotted_name node.
ast::Expr* Lowerer::DottedExpr(TSNode n) {
  ast::Expr* out = nullptr;
  Children([&](TSNode c, Sym s) {
    if (s != Sym::kIdentifier) {
      return;
    }
    if (out == nullptr) {
      out = NameOf(c, kLoad);
      return;
    }
    auto* attr = New<ast::Attribute>(n);
    attr->span.end = ts_node_end_byte(c);
    attr->value = out;
    attr->attr = Ident(c);
    out = attr;
  });
  return out != nullptr ? out : Fail(n);
}

bool LowerTree(TSNode root,
               const base::SourceFile& source,
               ast::Module& module,
               diag::DiagnosticSink& sink,
               const ParseOptions& options,
               bool byte_positions) {
  Lowerer lowerer(root, source, module, sink, options, byte_positions);
  return lowerer.Run();
}

}  // namespace agc::syntax
