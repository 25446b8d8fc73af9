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
#include "lib/syntax/lower.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lib/syntax/grammar.h"
#include "lib/syntax/identifier.h"
#include "lib/syntax/tree_walker.h"

namespace agc::syntax {
namespace {

using ast::BinOpKind;
using ast::ConstantKind;
using ast::ExprContext;

constexpr ExprContext kLoad = ExprContext::kLoad;
constexpr ExprContext kStore = ExprContext::kStore;
constexpr ExprContext kDel = ExprContext::kDel;

// Python 3.11's hard keywords (keyword.kwlist). tree-sitter lexes a keyword
// as an identifier wherever the keyword itself cannot appear.
bool IsHardKeyword(std::string_view s) {
  // First letters of keywords: a b c d e f g i l n o p r t w y F N T.
  static constexpr uint32_t kLower =
      (1u << ('a' - 'a')) | (1u << ('b' - 'a')) | (1u << ('c' - 'a')) |
      (1u << ('d' - 'a')) | (1u << ('e' - 'a')) | (1u << ('f' - 'a')) |
      (1u << ('g' - 'a')) | (1u << ('i' - 'a')) | (1u << ('l' - 'a')) |
      (1u << ('n' - 'a')) | (1u << ('o' - 'a')) | (1u << ('p' - 'a')) |
      (1u << ('r' - 'a')) | (1u << ('t' - 'a')) | (1u << ('w' - 'a')) |
      (1u << ('y' - 'a'));
  if (s.size() < 2 || s.size() > 8) {
    return false;
  }
  const char c0 = s[0];
  if (c0 >= 'a' && c0 <= 'z') {
    if ((kLower & (1u << (c0 - 'a'))) == 0) {
      return false;
    }
  } else if (c0 != 'F' && c0 != 'N' && c0 != 'T') {
    return false;
  }
  auto any = [&](std::initializer_list<std::string_view> words) {
    for (std::string_view w : words) {
      if (s == w) {
        return true;
      }
    }
    return false;
  };
  switch (s.size()) {
    case 2:
      return any({"as", "if", "in", "is", "or"});
    case 3:
      return any({"and", "def", "del", "for", "not", "try"});
    case 4:
      return any({"None", "True", "elif", "else", "from", "pass", "with"});
    case 5:
      return any({"False", "async", "await", "break", "class", "raise", "while",
                  "yield"});
    case 6:
      return any({"assert", "except", "global", "import", "lambda", "return"});
    case 7:
      return s == "finally";
    case 8:
      return s == "continue" || s == "nonlocal";
    default:
      return false;
  }
}

bool IsNameByte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c >= 0x80;
}

// Binary operators: the token of `a OP b`, of `a OP= b`, and the operator.
struct BinOpToken {
  Sym plain;
  Sym augmented;
  BinOpKind op;
};

constexpr BinOpToken kBinOpTokens[] = {
    {Sym::kTokPlus, Sym::kTokPlusAssign, BinOpKind::kAdd},
    {Sym::kTokMinus, Sym::kTokMinusAssign, BinOpKind::kSub},
    {Sym::kTokStar, Sym::kTokStarAssign, BinOpKind::kMult},
    {Sym::kTokAt, Sym::kTokAtAssign, BinOpKind::kMatMult},
    {Sym::kTokSlash, Sym::kTokSlashAssign, BinOpKind::kDiv},
    {Sym::kTokPercent, Sym::kTokPercentAssign, BinOpKind::kMod},
    {Sym::kTokStarStar, Sym::kTokStarStarAssign, BinOpKind::kPow},
    {Sym::kTokLShift, Sym::kTokLShiftAssign, BinOpKind::kLShift},
    {Sym::kTokRShift, Sym::kTokRShiftAssign, BinOpKind::kRShift},
    {Sym::kTokPipe, Sym::kTokPipeAssign, BinOpKind::kBitOr},
    {Sym::kTokCaret, Sym::kTokCaretAssign, BinOpKind::kBitXor},
    {Sym::kTokAmp, Sym::kTokAmpAssign, BinOpKind::kBitAnd},
    {Sym::kTokSlashSlash, Sym::kTokSlashSlashAssign, BinOpKind::kFloorDiv},
};

// Where the `as` part of a with item or an except clause goes when
// tree-sitter read it into a conditional's last branch (see
// Lowerer::TailValue): a with item's target, or an except clause's name.
struct TailAs {
  ast::Expr** target = nullptr;
  ast::ExceptHandler* handler = nullptr;

  bool active() const { return target != nullptr || handler != nullptr; }
};

class Lowerer {
 public:
  Lowerer(TSNode root,
          const base::SourceFile& source,
          ast::Module& module,
          diag::DiagnosticSink& sink,
          const ParseOptions& options,
          bool byte_positions)
      : g_(Grammar::Get()),
        f_(g_.fields()),
        root_(root),
        walker_(root),
        source_(source),
        bytes_(source.bytes()),
        module_(module),
        sink_(sink),
        max_depth_(options.max_depth),
        byte_positions_(byte_positions) {
    bom_ = bytes_.size() >= 3 && bytes_.substr(0, 3) == "\xEF\xBB\xBF";
    has_cr_ = std::memchr(bytes_.data(), '\r', bytes_.size()) != nullptr;
  }

  bool Run() {
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

 private:
  static int LineBreaks(std::string_view text) {
    int count = 0;
    for (size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\n' ||
          (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'))) {
        ++count;
      }
    }
    return count;
  }

  // ---- Cursor ---------------------------------------------------------------

  TSNode Cur() const { return walker_.Node(); }

  bool Down() { return walker_.Down(); }

  bool Next() { return walker_.Next(); }

  void Up() { walker_.Up(); }

  TSFieldId FieldId() const { return walker_.FieldId(); }

  Sym SymOf(TSNode n) const { return g_.SymOf(n); }

  // SymOf(Cur()), read by the walker.
  Sym CurSym() const { return g_.SymOfId(walker_.Symbol()); }

  // Calls fn(node, sym) for each child of the cursor's node, with the cursor
  // on that child. Comments are collected; line continuations are skipped.
  template <typename Fn>
  void Children(Fn&& fn) {
    if (!Down()) {
      return;
    }
    do {
      TSNode n = Cur();
      Sym s = CurSym();
      if (s == Sym::kComment) {
        AddComment(n);
        continue;
      }
      if (s == Sym::kLineContinuation) {
        continue;
      }
      fn(n, s);
    } while (Next());
    Up();
  }

  // Lowers the only (first) named child of the cursor's node as an
  // expression.
  ast::Expr* OnlyChild(ExprContext ctx, uint8_t allow = 0) {
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

  // Reserves room for the named children of `n` (an upper bound: comments
  // count too), saving the reallocations of growing a list one by one.
  template <typename T>
  static void Reserve(std::vector<T*>& list, TSNode n) {
    const uint32_t count = ts_node_named_child_count(n);
    if (count > 1) {
      list.reserve(count);
    }
  }

  // ---- Positions, nodes, text -----------------------------------------------

  ast::Origin OriginAt(TSPoint p) const {
    const int32_t line = static_cast<int32_t>(p.row) + 1;
    int32_t col = source_.ColumnOf(line, p.column);
    if (p.row == 0 && bom_ && col > 1) {
      col -= 1;  // CPython does not count the byte-order mark
    }
    return {line, col};
  }

  ast::Origin OriginOf(TSNode n) const {
    if (byte_positions_) {
      return OriginOfByte(StartByte(n));
    }
    return OriginAt(StartPoint(n));
  }

  base::LineCol PosOf(TSNode n) const {
    ast::Origin o = OriginOf(n);
    return {o.line, o.col};
  }

  template <typename T>
  T* New(TSNode n) {
    T* node = module_.New<T>(OriginOf(n));
    node->span = {StartByte(n), ts_node_end_byte(n)};
    return node;
  }

  std::string_view Text(TSNode n) const {
    const uint32_t b = StartByte(n);
    return bytes_.substr(b, ts_node_end_byte(n) - b);
  }

  // ---- Errors ---------------------------------------------------------------

  template <typename... Args>
  std::nullptr_t FailAt(base::LineCol pos,
                        diag::DiagKind kind,
                        Args&&... args) {
    if (!failed_) {
      failed_ = true;
      sink_.Emit(kind, source_.path(), pos, std::forward<Args>(args)...);
    }
    return nullptr;
  }

  // Something CPython's parser rejects.
  std::nullptr_t Fail(TSNode n) {
    return FailAt(PosOf(n), diag::DiagKind::kInvalidSyntax);
  }

  std::nullptr_t Unsupported(TSNode n, std::string_view what) {
    return FailAt(PosOf(n), diag::DiagKind::kUnsupportedSyntax, what);
  }

  // Where an expression may be an unparenthesized assignment expression,
  // starred expression or yield expression (see ExprA).
  enum Allow : uint8_t {
    kWalrus = 1,  // conditions, call arguments, displays, subscripts, ...
    kStar = 2,    // displays, call arguments, targets, statement values
    kYield = 4,   // statements, assignment values, parentheses
  };

  // Counts one level of AST nesting for the lifetime of the scope.
  class DepthScope {
   public:
    DepthScope(Lowerer* l, TSNode n) : l_(l) {
      ok_ = ++l_->depth_ <= l_->max_depth_;
      if (!ok_) {
        l_->FailAt(l_->PosOf(n), diag::DiagKind::kNestingTooDeep,
                   l_->max_depth_);
      }
    }

    ~DepthScope() { --l_->depth_; }

    DepthScope(const DepthScope&) = delete;
    DepthScope& operator=(const DepthScope&) = delete;

    bool ok() const { return ok_; }

   private:
    Lowerer* l_;
    bool ok_;
  };

  // ---- Comments -------------------------------------------------------------

  void AddComment(TSNode n) {
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

  // ---- Identifiers ----------------------------------------------------------

  // The text of an identifier node, NFKC-normalized as CPython stores it.
  // CPython rejects hard keywords here.
  std::string_view Ident(TSNode n) {
    std::string_view text = Text(n);
    if (IsHardKeyword(text)) {
      Fail(n);
    }
    if (HasNonAscii(text) && NormalizeIdentifier(text, ident_buf_)) {
      return module_.Intern(ident_buf_);
    }
    return text;
  }

  ast::Name* NameOf(TSNode n, ExprContext ctx) {
    auto* name = New<ast::Name>(n);
    name->id = Ident(n);
    name->ctx = ctx;
    return name;
  }

  // A dotted name ("a.b.c") without the whitespace, comments or line
  // continuations the input may have between its parts. Cursor on the
  // dotted_name node.
  std::string_view DottedText(TSNode n) {
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
  ast::Expr* DottedExpr(TSNode n) {
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

  // ---- Statements -----------------------------------------------------------

  // The indentation (in bytes) of `n` when it is the first token of a
  // logical line; -1 otherwise.
  int64_t LogicalLineIndent(TSNode n) const {
    const uint32_t start = ts_node_start_byte(n);
    uint32_t i = LineStartBefore(start);
    if (i == UINT32_MAX) {
      return -1;  // something precedes `n` on its line
    }
    if (!ContinuesLine(i)) {
      const uint32_t from = AfterFormFeeds(i, start);
      return static_cast<int64_t>(start - from) - (bom_ && from == 0 ? 3 : 0);
    }
    // Lines holding only indentation and a backslash (`    \`) start the
    // logical line that `n`'s line continues. CPython's tokenizer takes the
    // indentation from the first such line, or, when that one is not
    // indented, counts on over the continued lines.
    std::vector<uint32_t> chain;  // starts of those lines, last first
    while (ContinuesLine(i)) {
      uint32_t prev_end = i - 1;  // the previous line's terminator
      if (bytes_[prev_end] == '\n' && prev_end > 0 &&
          bytes_[prev_end - 1] == '\r') {
        --prev_end;
      }
      const uint32_t backslash = prev_end - 1;
      const uint32_t prev = LineStartBefore(backslash);
      if (prev == UINT32_MAX) {
        return -1;  // a genuine continuation of a statement
      }
      chain.push_back(prev);
      i = prev;
    }
    int64_t col = 0;
    int64_t cont = 0;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      uint32_t k = *it;
      while (bytes_[k] != '\\') {
        col = bytes_[k] == '\f' ? 0 : col + 1;
        ++k;
      }
      if (cont == 0) {
        cont = col;
      }
    }
    const uint32_t line_start = LineStartBefore(start);
    const uint32_t from = AfterFormFeeds(line_start, start);
    col = (from == line_start ? col : 0) + static_cast<int64_t>(start - from);
    return cont != 0 ? cont : col;
  }

  // Where the indentation that ends at `end` (of the line starting at
  // `line_start`) counts from: after its last form feed, which CPython's
  // tokenizer takes to reset the column.
  uint32_t AfterFormFeeds(uint32_t line_start, uint32_t end) const {
    uint32_t from = line_start;
    for (uint32_t k = line_start; k < end; ++k) {
      if (bytes_[k] == '\f') {
        from = k + 1;
      }
    }
    return from;
  }

  // The start of the line holding byte `b` when only indentation precedes
  // `b` on it (after a byte-order mark on line 1); UINT32_MAX otherwise.
  uint32_t LineStartBefore(uint32_t b) const {
    uint32_t i = b;
    while (i > 0) {
      const char ch = bytes_[i - 1];
      if (ch == '\n' || ch == '\r') {
        return i;
      }
      if (ch != ' ' && ch != '\t' && ch != '\f') {
        return bom_ && i == 3 ? 0 : UINT32_MAX;
      }
      --i;
    }
    return 0;
  }

  // Whether the line before the one starting at `line_start` ends in a
  // backslash (a line continuation).
  bool ContinuesLine(uint32_t line_start) const {
    if (line_start == 0 || (bom_ && line_start <= 3)) {
      return false;
    }
    uint32_t j = line_start - 1;
    if (bytes_[j] == '\n' && j > 0 && bytes_[j - 1] == '\r') {
      --j;
    }
    return j > 0 && bytes_[j - 1] == '\\';
  }

  // Position of the first token at or after byte `b` (skipping whitespace,
  // comments and line continuations): where CPython reports a missing block.
  base::LineCol NextTokenPos(uint32_t b) const {
    while (b < bytes_.size()) {
      const char ch = bytes_[b];
      if (ch == ' ' || ch == '\t' || ch == '\f' || ch == '\n' || ch == '\r') {
        ++b;
      } else if (ch == '#') {
        while (b < bytes_.size() && bytes_[b] != '\n' && bytes_[b] != '\r') {
          ++b;
        }
      } else if (ch == '\\' && b + 1 < bytes_.size() &&
                 (bytes_[b + 1] == '\n' || bytes_[b + 1] == '\r')) {
        b += 2;
      } else {
        break;
      }
    }
    return source_.PositionOf(b);
  }

  // The first line break in [b, end) that ends a logical line: one outside
  // brackets and strings and not escaped by a backslash (a comment runs up
  // to it). With `header`, the scan stops at the `:` that ends a compound
  // statement's header. UINT32_MAX when there is none.
  uint32_t LogicalBreak(uint32_t b, uint32_t end, bool header) const {
    if (!header && std::memchr(bytes_.data() + b, '\n', end - b) == nullptr &&
        (!has_cr_ ||
         std::memchr(bytes_.data() + b, '\r', end - b) == nullptr)) {
      return UINT32_MAX;  // one physical line: the common case
    }
    int depth = 0;
    while (b < end) {
      const char ch = bytes_[b];
      switch (ch) {
        case '\n':
        case '\r':
          if (depth == 0) {
            return b;
          }
          ++b;
          break;
        case '#':
          // To its line break; in a CRLF file tree-sitter's comment token
          // (`#.*`) takes the '\r', so [b, end) may end between '\r' and
          // '\n': that line break is the statement's end, not inside it.
          while (b < end && bytes_[b] != '\n' &&
                 !(bytes_[b] == '\r' &&
                   (b + 1 >= bytes_.size() || bytes_[b + 1] != '\n'))) {
            ++b;
          }
          break;
        case '\\':
          b += bytes_.substr(b + 1, 2) == "\r\n" ? 3 : 2;
          break;
        case '(':
        case '[':
        case '{':
          ++depth;
          ++b;
          break;
        case ')':
        case ']':
        case '}':
          depth = depth > 0 ? depth - 1 : 0;
          ++b;
          break;
        case ':':
          if (header && depth == 0 && (b + 1 >= end || bytes_[b + 1] != '=')) {
            return UINT32_MAX;
          }
          ++b;
          break;
        case '\'':
        case '"': {
          const bool triple = bytes_.substr(b, 3) == std::string(3, ch);
          b += triple ? 3 : 1;
          while (b < end) {
            const char sc = bytes_[b];
            if (sc == '\\') {
              b += 2;
            } else if (sc == ch &&
                       (!triple || bytes_.substr(b, 3) == std::string(3, ch))) {
              b += triple ? 3 : 1;
              break;
            } else {
              ++b;
            }
          }
          break;
        }
        default:
          ++b;
          break;
      }
    }
    return UINT32_MAX;
  }

  // tree-sitter lets a statement run on over a line break where its grammar
  // cannot end it (`x = a or` / `b`, `def f()` / `:`); CPython does not.
  // Checks [begin, end), or with `header` the header of the compound
  // statement (or clause) starting at `begin`.
  void CheckLogicalLine(uint32_t begin, uint32_t end, bool header) {
    const uint32_t brk = LogicalBreak(begin, end, header);
    if (brk != UINT32_MAX) {
      const ast::Origin o = OriginOfByte(brk);
      FailAt({o.line, o.col}, diag::DiagKind::kInvalidSyntax);
    }
  }

  void CheckHeader(TSNode n) {
    CheckLogicalLine(ts_node_start_byte(n), ts_node_end_byte(n), true);
  }

  // An else/elif/except/finally clause (or a case) must start a line at the
  // indentation `want` of its statement; tree-sitter is lenient.
  void CheckClauseIndent(int64_t want, TSNode clause) {
    const int64_t got = LogicalLineIndent(clause);
    if (got < 0 || (want >= 0 && got != want)) {
      Fail(clause);
    }
  }

  static bool IsCompound(Sym s) {
    switch (s) {
      case Sym::kIfStatement:
      case Sym::kForStatement:
      case Sym::kWhileStatement:
      case Sym::kTryStatement:
      case Sym::kWithStatement:
      case Sym::kFunctionDefinition:
      case Sym::kClassDefinition:
      case Sym::kDecoratedDefinition:
      case Sym::kMatchStatement:
        return true;
      default:
        return false;
    }
  }

  // Lowers the statements of a block (or of the module) into `out`. Cursor on
  // the block node `n`.
  void Block(std::vector<ast::Stmt*>& out, TSNode n, bool is_module) {
    // Indentation (in bytes) of the statements that start a logical line;
    // tree-sitter accepts inconsistent dedents that CPython rejects.
    int64_t indent = is_module ? 0 : -1;
    const int64_t outer = block_indent_;
    if (is_module) {
      block_indent_ = 0;
    }
    Reserve(out, n);
    Children([&](TSNode c, Sym s) {
      if (failed_) {
        return;
      }
      if (IsToken(s)) {
        return;
      }
      if (const int64_t col = LogicalLineIndent(c); col >= 0) {
        if (indent < 0) {
          if (col <= outer) {
            Fail(c);  // expected an indented block
            return;
          }
          indent = col;
          block_indent_ = col;
        } else if (col != indent) {
          Fail(c);
          return;
        }
      }
      ast::Stmt* stmt = Stmt(c, s);
      if (!failed_ && !IsCompound(s)) {
        CheckLogicalLine(split_.empty() || stmt == nullptr
                             ? ts_node_start_byte(c)
                             : stmt->span.begin,
                         ts_node_end_byte(c), /*header=*/false);
      }
      if (!split_.empty()) {
        // Statements tree-sitter glued to this one (see SplitTargets).
        out.insert(out.end(), split_.begin(), split_.end());
        split_.clear();
      }
      if (stmt != nullptr) {
        out.push_back(stmt);
      }
    });
    block_indent_ = outer;
    if (!is_module && out.empty() && !failed_) {
      FailAt(NextTokenPos(ts_node_end_byte(n)), diag::DiagKind::kInvalidSyntax);
    }
  }

  // Lowers the block child of the cursor's node (an else or finally clause).
  void BlockChild(std::vector<ast::Stmt*>& out) {
    CheckHeader(Cur());
    bool seen = false;
    Children([&](TSNode c, Sym s) {
      if (s == Sym::kBlock && !seen) {
        seen = true;
        Block(out, c, false);
      }
    });
  }

  ast::Stmt* Stmt(TSNode n, Sym s) {
    if (failed_) {
      return nullptr;
    }
    DepthScope depth(this, n);
    if (!depth.ok()) {
      return nullptr;
    }
    switch (s) {
      case Sym::kExpressionStatement:
        return ExpressionStatement(n);
      case Sym::kReturnStatement: {
        auto* ret = New<ast::Return>(n);
        ret->value = OnlyChild(kLoad, kStar);
        return ret;
      }
      case Sym::kDeleteStatement:
        return Delete(n);
      case Sym::kRaiseStatement:
        return Raise(n);
      case Sym::kAssertStatement:
        return Assert(n);
      case Sym::kPassStatement:
        return New<ast::Pass>(n);
      case Sym::kBreakStatement:
        return New<ast::Break>(n);
      case Sym::kContinueStatement:
        return New<ast::Continue>(n);
      case Sym::kGlobalStatement:
        return NameList<ast::Global>(n);
      case Sym::kNonlocalStatement:
        return NameList<ast::Nonlocal>(n);
      case Sym::kImportStatement:
        return Import(n);
      case Sym::kImportFromStatement:
      case Sym::kFutureImportStatement:
        return ImportFrom(n, s == Sym::kFutureImportStatement);
      case Sym::kIfStatement:
        return If(n);
      case Sym::kForStatement:
        return FirstChildIs(n, Sym::kTokAsync) ? For<ast::AsyncFor>(n)
                                               : For<ast::For>(n);
      case Sym::kWhileStatement:
        return While(n);
      case Sym::kTryStatement:
        return Try(n);
      case Sym::kWithStatement:
        return FirstChildIs(n, Sym::kTokAsync) ? With<ast::AsyncWith>(n)
                                               : With<ast::With>(n);
      case Sym::kFunctionDefinition:
        return FunctionDef(n);
      case Sym::kClassDefinition:
        return ClassDef(n);
      case Sym::kDecoratedDefinition:
        return Decorated(n);
      case Sym::kMatchStatement:
        return Match(n);
      case Sym::kTypeAliasStatement:
        return TypeAlias(n);
      case Sym::kPrintStatement:
        return PrintChevron(n);
      default:
        // print_statement, exec_statement (Python 2) and anything else.
        return Fail(n);
    }
  }

  // tree-sitter reads `type(x).attr = v` as a type alias statement
  // `type (x).attr = v`; CPython reads an assignment to an attribute of the
  // call `type(x)`. A real alias names an identifier after `type`.
  ast::Stmt* TypeAlias(TSNode n) {
    TSNode left = ts_node_child_by_field_id(n, f_.left);
    if (ts_node_is_null(left) || bytes_[ts_node_start_byte(left)] != '(') {
      return Unsupported(n, "the 'type' statement");
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

  // The call `type(...)` of a misread type alias (see TypeAlias); the cursor
  // is on its parenthesized argument list `n`.
  ast::Expr* TypeCall(TSNode n, Sym s) {
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
  ast::Stmt* PrintChevron(TSNode n) {
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

  bool FirstChildIs(TSNode n, Sym s) const {
    return ts_node_child_count(n) > 0 && SymOf(ts_node_child(n, 0)) == s;
  }

  ast::Stmt* ExpressionStatement(TSNode n) {
    ast::Stmt* result = nullptr;
    ast::ExprStmt* expr_stmt = nullptr;
    ast::Tuple* tuple = nullptr;
    TSNode first{};
    int count = 0;
    Children([&](TSNode c, Sym s) {
      if (s == Sym::kAssignment) {
        result = Assignment(c);
        return;
      }
      if (s == Sym::kAugmentedAssignment) {
        result = AugAssign(c);
        return;
      }
      if (s != Sym::kTokComma && IsToken(s)) {
        return;
      }
      if (expr_stmt == nullptr) {
        expr_stmt = New<ast::ExprStmt>(n);
        result = expr_stmt;
      }
      if (tuple == nullptr && (s == Sym::kTokComma || count == 1)) {
        // `a, b` as a statement: a Tuple without parentheses.
        tuple = New<ast::Tuple>(first);
        if (expr_stmt->value != nullptr) {
          tuple->elts.push_back(expr_stmt->value);
        }
        expr_stmt->value = tuple;
      }
      if (tuple != nullptr) {
        tuple->span.end = ts_node_end_byte(c);
      }
      if (s == Sym::kTokComma) {
        return;
      }
      if (count++ == 0) {
        first = c;
      }
      // `yield x` and `*a` (a starred tuple element) as statements.
      ast::Expr* e =
          ExprA(c, s, kLoad, tuple == nullptr ? kStar | kYield : kStar);
      if (tuple == nullptr) {
        expr_stmt->value = e;
      } else if (e != nullptr) {
        tuple->elts.push_back(e);
      }
    });
    return result != nullptr ? result : Fail(n);
  }

  // `a = b = c`, `x: T = v`, `x: T`. Cursor on the (outer) assignment node.
  // One pass down the chain of `right: assignment` children.
  ast::Stmt* Assignment(TSNode n) {
    ast::Assign* assign = nullptr;
    ast::AnnAssign* ann = nullptr;
    ast::Expr* first_target = nullptr;
    Sym first_sym = Sym::kOther;
    TSNode first{};
    int levels = 0;
    bool done = false;
    while (!done && !failed_) {
      if (!Down()) {
        break;
      }
      bool descended = false;
      bool annotated = false;
      int named = 0;
      do {
        TSNode c = Cur();
        Sym s = CurSym();
        if (s == Sym::kComment) {
          AddComment(c);
          continue;
        }
        if (s == Sym::kTokColon) {
          annotated = true;
          continue;
        }
        if (IsToken(s) || s == Sym::kLineContinuation) {
          continue;
        }
        ++named;
        if (named == 1) {
          ast::Expr* target = levels == 0 && s == Sym::kPatternList
                                  ? SplitTargets(c)
                                  : ExprA(c, s, kStore, kStar);
          if (levels == 0) {
            first_target = target;
            first_sym = s;
            first = c;
          } else if (target != nullptr) {
            assign->targets.push_back(target);
          }
          continue;
        }
        if (annotated && named == 2) {
          if (levels > 0) {
            Fail(c);  // `a = b: int = c`
            continue;
          }
          ann = New<ast::AnnAssign>(n);
          ann->target = first_target;
          ann->simple = first_sym == Sym::kIdentifier;
          if (first_target != nullptr && !first_target->Is<ast::Name>() &&
              !first_target->Is<ast::Attribute>() &&
              !first_target->Is<ast::Subscript>()) {
            Fail(first);  // only a single target can be annotated
          }
          ann->annotation = Expr(c, s, kLoad);
          continue;
        }
        if (ann == nullptr && assign == nullptr) {
          assign = New<ast::Assign>(n);
          if (first_target != nullptr) {
            assign->targets.push_back(first_target);
          }
        }
        if (s == Sym::kAssignment && ann == nullptr) {
          ++levels;
          descended = true;
          break;  // the cursor stays on the nested assignment
        }
        if (s == Sym::kAssignment || s == Sym::kAugmentedAssignment) {
          Fail(c);
          continue;
        }
        (ann != nullptr ? ann->value : assign->value) =
            ExprA(c, s, kLoad, kStar | kYield);
      } while (Next());
      if (!descended) {
        Up();
        done = true;
      }
    }
    // Back up to `n`, collecting comments after each nested assignment.
    for (int i = 0; i < levels; ++i) {
      while (Next()) {
        TSNode c = Cur();
        if (CurSym() == Sym::kComment) {
          AddComment(c);
        }
      }
      Up();
    }
    if (ann != nullptr) {
      return ann;
    }
    if (assign == nullptr || assign->value == nullptr) {
      return Fail(n);
    }
    if (!split_.empty() && first_target != nullptr) {
      // The statement starts at its (remaining) first target.
      assign->origin = first_target->origin;
      assign->span.begin = first_target->span.begin;
    }
    return assign;
  }

  // Whether a line break that ends a logical line lies in [from, to): one
  // not escaped by a backslash (the range is outside any brackets).
  bool LineBreakBetween(uint32_t from, uint32_t to) const {
    for (uint32_t i = from; i < to; ++i) {
      const char ch = bytes_[i];
      if (ch == '#') {
        return true;  // a comment runs to the end of the line
      }
      if ((ch == '\n' || ch == '\r') &&
          !(i > from && (bytes_[i - 1] == '\\' ||
                         (ch == '\n' && bytes_[i - 1] == '\r' && i > from + 1 &&
                          bytes_[i - 2] == '\\')))) {
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
  ast::Expr* SplitTargets(TSNode n) {
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
          if (after_comma &&
              LineBreakBetween(comma_end, ts_node_start_byte(c))) {
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

  ast::Stmt* AugAssign(TSNode n) {
    auto* aug = New<ast::AugAssign>(n);
    int named = 0;
    Children([&](TSNode c, Sym s) {
      if (IsToken(s)) {
        if (!AugOp(s, &aug->op)) {
          Fail(c);
        }
        return;
      }
      ++named;
      if (named == 1) {
        aug->target = Expr(c, s, kStore);
        if (aug->target != nullptr && !aug->target->Is<ast::Name>() &&
            !aug->target->Is<ast::Attribute>() &&
            !aug->target->Is<ast::Subscript>()) {
          Fail(c);  // illegal expression for augmented assignment
        }
      } else if (s == Sym::kAssignment || s == Sym::kAugmentedAssignment) {
        Fail(c);
      } else {
        aug->value = ExprA(c, s, kLoad, kStar | kYield);
      }
    });
    return aug;
  }

  static bool AugOp(Sym s, BinOpKind* op) {
    for (const BinOpToken& t : kBinOpTokens) {
      if (t.augmented == s) {
        *op = t.op;
        return true;
      }
    }
    return false;
  }

  ast::Stmt* Delete(TSNode n) {
    auto* del = New<ast::Delete>(n);
    Children([&](TSNode kid, Sym s) {
      if (IsToken(s)) {
        return;
      }
      if (s == Sym::kExpressionList) {
        // `del a, b`: one target each.
        Children([&](TSNode kid, Sym es) {
          if (!IsToken(es)) {
            if (ast::Expr* t = Expr(kid, es, kDel)) {
              del->targets.push_back(t);
            }
          }
        });
        return;
      }
      if (ast::Expr* t = Expr(kid, s, kDel)) {
        del->targets.push_back(t);
      }
    });
    return del;
  }

  ast::Stmt* Raise(TSNode n) {
    auto* raise = New<ast::Raise>(n);
    Children([&](TSNode c, Sym s) {
      if (IsToken(s)) {
        return;
      }
      if (FieldId() == f_.cause) {
        raise->cause = Expr(c, s, kLoad);
      } else if (s == Sym::kExpressionList) {
        Fail(c);  // Python 2: raise E, V
      } else {
        raise->exc = Expr(c, s, kLoad);
      }
    });
    return raise;
  }

  ast::Stmt* Assert(TSNode n) {
    auto* as = New<ast::Assert>(n);
    int named = 0;
    Children([&](TSNode c, Sym s) {
      if (IsToken(s)) {
        return;
      }
      ++named;
      if (named == 1) {
        as->test = Expr(c, s, kLoad);
      } else if (named == 2) {
        as->msg = Expr(c, s, kLoad);
      } else {
        Fail(c);
      }
    });
    return as;
  }

  template <typename T>
  ast::Stmt* NameList(TSNode n) {
    auto* node = New<T>(n);
    Children([&](TSNode c, Sym s) {
      if (s == Sym::kIdentifier) {
        node->names.push_back(Ident(c));
      } else if (!IsToken(s)) {
        Fail(c);
      }
    });
    return node;
  }

  // An alias from a dotted_name or aliased_import node (cursor on it).
  ast::Alias* Alias(TSNode n, Sym s) {
    auto* alias = New<ast::Alias>(n);
    if (s == Sym::kDottedName) {
      alias->name = DottedText(n);
      return alias;
    }
    Children([&](TSNode c, Sym cs) {
      if (cs == Sym::kDottedName) {
        alias->name = DottedText(c);
      } else if (cs == Sym::kIdentifier) {
        alias->asname = Ident(c);
      }
    });
    return alias;
  }

  ast::Stmt* Import(TSNode n) {
    auto* import = New<ast::Import>(n);
    TSNode comma{};  // a trailing comma
    Children([&](TSNode c, Sym s) {
      comma = s == Sym::kTokComma ? c : TSNode{};
      if (s == Sym::kDottedName || s == Sym::kAliasedImport) {
        ast::Alias* alias = Alias(c, s);
        if (s == Sym::kAliasedImport && alias->asname.empty()) {
          Fail(c);
        }
        import->names.push_back(alias);
      } else if (!IsToken(s)) {
        Fail(c);
      }
    });
    if (!ts_node_is_null(comma)) {
      return Fail(comma);
    }
    return import;
  }

  ast::Stmt* ImportFrom(TSNode n, bool future) {
    auto* from = New<ast::ImportFrom>(n);
    if (future) {
      from->module = "__future__";
    }
    TSNode comma{};  // a trailing comma, allowed only in parentheses
    bool paren = false;
    Children([&](TSNode c, Sym s) {
      if (FieldId() == f_.module_name) {
        if (s == Sym::kDottedName) {
          from->module = DottedText(c);
          return;
        }
        // relative_import: dots, then an optional dotted name.
        Children([&](TSNode rc, Sym rs) {
          if (rs == Sym::kImportPrefix) {
            for (char ch : Text(rc)) {
              from->level += ch == '.' ? 1 : 0;
            }
          } else if (rs == Sym::kDottedName) {
            from->module = DottedText(rc);
          }
        });
        return;
      }
      comma = s == Sym::kTokComma ? c : TSNode{};
      paren |= s == Sym::kTokLParen;
      if (s == Sym::kDottedName || s == Sym::kAliasedImport) {
        ast::Alias* alias = Alias(c, s);
        if (alias->name.find('.') != std::string_view::npos) {
          Fail(c);  // `from m import a.b`: names are identifiers
        }
        from->names.push_back(alias);
      } else if (s == Sym::kWildcardImport) {
        auto* alias = New<ast::Alias>(c);
        alias->name = "*";
        from->names.push_back(alias);
      } else if (!IsToken(s)) {
        Fail(c);
      }
    });
    if (from->names.empty()) {
      return Fail(n);
    }
    if (!ts_node_is_null(comma) && !paren) {
      return Fail(comma);
    }
    return from;
  }

  ast::Stmt* If(TSNode n) {
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
  ast::Stmt* For(TSNode n) {
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

  ast::Stmt* While(TSNode n) {
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

  ast::Stmt* Try(TSNode n) {
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
  void HandlerName(TSNode target, Sym s, ast::ExceptHandler& h) {
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

  // `with a if b else c as t:`, `except A if c else B as e:` (and the same
  // with a lambda): tree-sitter reads the `as` into the conditional's last
  // branch or the lambda's body; CPython applies it to the whole expression.
  // Whether `n`'s last branch (through nested conditionals and lambdas) is
  // such an as_pattern.
  bool EndsInAsPattern(TSNode n) const {
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
  ast::Expr* TailValue(TSNode n, Sym s, TailAs tail) {
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
  ast::Expr* ExprTakingTail(TSNode n, Sym s, TailAs tail) {
    tail_as_ = tail;
    ast::Expr* expr = Expr(n, s, kLoad);
    tail_as_ = {};
    return expr;
  }

  // The last branch `n` (cursor on it) of a conditional or the body of a
  // lambda, which took `tail` (see TailValue) when it started.
  ast::Expr* TailPart(TSNode n, Sym s, TailAs tail) {
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

  // An except clause's `E as name` (cursor on the as_pattern): sets `h`'s
  // name, returns E. `allow`: kStar for `except *E as e`.
  ast::Expr* HandlerAs(ast::ExceptHandler& h, uint8_t allow) {
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
  ast::ExceptHandler* Handler(TSNode n, bool* starred) {
    CheckHeader(n);
    auto* h = New<ast::ExceptHandler>(n);
    Children([&](TSNode c, Sym s) {
      if (s == Sym::kTokComma) {
        Fail(c);  // Python 2: except E, e
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
  ast::Stmt* With(TSNode n) {
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
  void AsPattern(ast::Expr** expr, ast::Expr** target) {
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

  // How many children of kind `s` the cursor's node has (a raw scan).
  int CountChildren(Sym s) {
    int count = 0;
    if (Down()) {
      do {
        count += SymOf(Cur()) == s ? 1 : 0;
      } while (Next());
      Up();
    }
    return count;
  }

  // Appends the item(s) of with_item `n` to `items`. `sole`: the only item
  // of its statement, where CPython reads `with (a, b as c,):` as the
  // parenthesized items a and `b as c` (tree-sitter: a tuple).
  void WithItem(TSNode n,
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
            } else if (ps == Sym::kConditionalExpression ||
                       ps == Sym::kLambda) {
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

  // The last named child that is not a comment (rarely used: linear).
  TSNode LastNamedChild(TSNode n) const {
    for (uint32_t i = ts_node_named_child_count(n); i > 0; --i) {
      TSNode c = ts_node_named_child(n, i - 1);
      Sym s = SymOf(c);
      if (s != Sym::kComment && s != Sym::kLineContinuation) {
        return c;
      }
    }
    return TSNode{};
  }

  // The first named child that is not a comment (rarely used: linear).
  TSNode FirstNamedChild(TSNode n) const {
    const uint32_t count = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < count; ++i) {
      TSNode c = ts_node_named_child(n, i);
      Sym s = SymOf(c);
      if (s != Sym::kComment && s != Sym::kLineContinuation) {
        return c;
      }
    }
    return TSNode{};
  }

  ast::Stmt* FunctionDef(TSNode n) {
    if (FirstChildIs(n, Sym::kTokAsync)) {
      return Function<ast::AsyncFunctionDef>(n);
    }
    return Function<ast::FunctionDef>(n);
  }

  template <typename T>
  ast::Stmt* Function(TSNode n) {
    CheckHeader(n);
    auto* def = New<T>(n);
    Children([&](TSNode c, Sym s) {
      switch (s) {
        case Sym::kIdentifier:
          def->name = Ident(c);
          break;
        case Sym::kTypeParameter:
          Unsupported(c, "a type parameter list");
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

  ast::Stmt* ClassDef(TSNode n) {
    CheckHeader(n);
    auto* cls = New<ast::ClassDef>(n);
    Children([&](TSNode c, Sym s) {
      switch (s) {
        case Sym::kIdentifier:
          cls->name = Ident(c);
          break;
        case Sym::kTypeParameter:
          Unsupported(c, "a type parameter list");
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

  ast::Stmt* Decorated(TSNode n) {
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

  // ---- Parameters -----------------------------------------------------------

  ast::Arg* ArgOf(TSNode ident) {
    if (SymOf(ident) != Sym::kIdentifier) {
      return Fail(ident);  // Python 2 tuple parameters and the like
    }
    auto* arg = New<ast::Arg>(ident);
    arg->arg = Ident(ident);
    return arg;
  }

  struct ParamState {
    ast::Arguments* args;
    bool kw_only = false;
    bool bare_star = false;
    bool after_kwarg = false;
  };

  void AddParam(ParamState& st, TSNode n, ast::Arg* arg, ast::Expr* def) {
    if (arg == nullptr) {
      return;
    }
    if (st.after_kwarg) {
      Fail(n);
      return;
    }
    if (st.kw_only) {
      st.args->kwonlyargs.push_back(arg);
      st.args->kw_defaults.push_back(def);
      return;
    }
    st.args->args.push_back(arg);
    if (def != nullptr) {
      st.args->defaults.push_back(def);
    } else if (!st.args->defaults.empty()) {
      Fail(n);  // non-default argument follows default argument
    }
  }

  // `*args` / `**kwargs` (cursor on the splat pattern node).
  ast::Arg* SplatArg(TSNode n) {
    ast::Arg* arg = nullptr;
    Children([&](TSNode c, Sym s) {
      if (!IsToken(s) && arg == nullptr) {
        arg = ArgOf(c);
      }
    });
    return arg != nullptr ? arg : Fail(n);
  }

  void SetVararg(ParamState& st, TSNode n, ast::Arg* arg) {
    if (st.kw_only || st.after_kwarg) {
      Fail(n);  // a second `*`, or `*` after `**`
      return;
    }
    st.args->vararg = arg;
    st.kw_only = true;
  }

  void SetKwarg(ParamState& st, TSNode n, ast::Arg* arg) {
    if (st.after_kwarg) {
      Fail(n);
      return;
    }
    st.args->kwarg = arg;
    st.after_kwarg = true;
  }

  // Cursor on a parameters / lambda_parameters node.
  ast::Arguments* Params(TSNode n) {
    ParamState st;
    st.args = New<ast::Arguments>(n);
    TSNode star{};
    Children([&](TSNode c, Sym s) {
      if (failed_) {
        return;
      }
      switch (s) {
        case Sym::kIdentifier:
          AddParam(st, c, ArgOf(c), nullptr);
          break;
        case Sym::kDefaultParameter:
        case Sym::kTypedDefaultParameter: {
          ast::Arg* arg = nullptr;
          ast::Expr* def = nullptr;
          int named = 0;
          Children([&](TSNode pc, Sym ps) {
            if (IsToken(ps)) {
              return;
            }
            ++named;
            if (named == 1) {
              arg = ArgOf(pc);
            } else if (ps == Sym::kType && s == Sym::kTypedDefaultParameter &&
                       named == 2) {
              if (arg != nullptr) {
                arg->annotation = Expr(pc, ps, kLoad);
                arg->span.end = ts_node_end_byte(pc);
              }
            } else {
              def = Expr(pc, ps, kLoad);
            }
          });
          AddParam(st, c, arg, def);
          break;
        }
        case Sym::kTypedParameter: {
          ast::Arg* arg = nullptr;
          Sym kind = Sym::kIdentifier;
          TSNode first{};
          Children([&](TSNode pc, Sym ps) {
            if (IsToken(ps)) {
              return;
            }
            if (ps == Sym::kType) {
              if (arg != nullptr) {
                // `*args: *Ts` (PEP 646)
                arg->annotation =
                    ExprA(pc, ps, kLoad,
                          kind == Sym::kListSplatPattern ? uint8_t{kStar}
                                                         : uint8_t{0});
                arg->span.end = ts_node_end_byte(pc);
              }
              return;
            }
            if (arg != nullptr) {
              Fail(pc);
              return;
            }
            first = pc;
            kind = ps;
            if (ps == Sym::kListSplatPattern ||
                ps == Sym::kDictionarySplatPattern) {
              arg = SplatArg(pc);
            } else {
              arg = ArgOf(pc);
            }
          });
          if (arg == nullptr) {
            Fail(c);
          } else if (kind == Sym::kListSplatPattern) {
            SetVararg(st, c, arg);
          } else if (kind == Sym::kDictionarySplatPattern) {
            SetKwarg(st, c, arg);
          } else {
            AddParam(st, c, arg, nullptr);
          }
          break;
        }
        case Sym::kListSplatPattern:
          if (ast::Arg* arg = SplatArg(c)) {
            SetVararg(st, c, arg);
          }
          break;
        case Sym::kDictionarySplatPattern:
          if (ast::Arg* arg = SplatArg(c)) {
            SetKwarg(st, c, arg);
          }
          break;
        case Sym::kKeywordSeparator:
          if (st.kw_only || st.after_kwarg) {
            Fail(c);
          }
          st.kw_only = true;
          st.bare_star = true;
          star = c;
          break;
        case Sym::kPositionalSeparator:
          if (!st.args->posonlyargs.empty() || st.kw_only || st.after_kwarg ||
              st.args->args.empty()) {
            Fail(c);
            break;
          }
          st.args->posonlyargs = std::move(st.args->args);
          st.args->args.clear();
          break;
        default:
          if (!IsToken(s)) {
            Fail(c);  // tuple parameters (Python 2) and the like
          }
          break;
      }
    });
    if (st.bare_star && st.args->kwonlyargs.empty() && !failed_) {
      Fail(star);  // named arguments must follow bare *
    }
    return st.args;
  }

  // ---- Call arguments -------------------------------------------------------

  // Cursor on an argument_list.
  void Arguments(TSNode n,
                 std::vector<ast::Expr*>& args,
                 std::vector<ast::Keyword*>& keywords) {
    Reserve(args, n);
    bool seen_keyword = false;
    bool seen_double_star = false;
    bool seen_argument = false;
    Children([&](TSNode c, Sym s) {
      if (IsToken(s)) {
        if (s == Sym::kTokComma && !seen_argument) {
          Fail(c);  // f(,), which tree-sitter accepts
        }
        return;
      }
      seen_argument = true;
      switch (s) {
        case Sym::kKeywordArgument: {
          seen_keyword = true;
          auto* kw = New<ast::Keyword>(c);
          int named = 0;
          Children([&](TSNode kc, Sym ks) {
            if (IsToken(ks)) {
              return;
            }
            ++named;
            if (named == 1) {
              if (ks != Sym::kIdentifier) {
                Fail(kc);
                return;
              }
              kw->arg = Ident(kc);
            } else {
              kw->value = Expr(kc, ks, kLoad);
            }
          });
          keywords.push_back(kw);
          break;
        }
        case Sym::kDictionarySplat: {
          seen_double_star = true;
          auto* kw = New<ast::Keyword>(c);
          kw->value = OnlyChild(kLoad);
          keywords.push_back(kw);
          break;
        }
        case Sym::kListSplat:
          if (seen_double_star) {
            Fail(c);  // iterable unpacking follows keyword unpacking
            return;
          }
          if (ast::Expr* e = ExprA(c, s, kLoad, kStar)) {
            args.push_back(e);
          }
          break;
        default:
          if (seen_keyword || seen_double_star) {
            Fail(c);  // positional argument follows keyword argument
            return;
          }
          if (ast::Expr* e = ExprA(c, s, kLoad, kWalrus | kStar)) {
            args.push_back(e);
          }
          break;
      }
    });
  }

  // ---- Expressions ----------------------------------------------------------

  static bool IsTargetSym(Sym s) {
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
  ast::Expr* Expr(ExprContext ctx) {
    TSNode n = Cur();
    return Expr(n, CurSym(), ctx);
  }

  // Lowers `n` in a context where CPython allows what `allow` says
  // (Allow flags). tree-sitter accepts an unparenthesized `x := v`, `*x` and
  // `yield` as any expression; CPython only in some places.
  ast::Expr* ExprA(TSNode n, Sym s, ExprContext ctx, uint8_t allow) {
    allow_ = allow;
    return Expr(n, s, ctx);
  }

  ast::Expr* ExprW(TSNode n, Sym s) { return ExprA(n, s, kLoad, kWalrus); }

  // Lowers the expression `n` (of category `s`), on which the cursor is.
  ast::Expr* Expr(TSNode n, Sym s, ExprContext ctx) {
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
        return Unsupported(n, "a type parameter bound");
      default:
        // as_pattern outside with/except/case, keyword arguments out of
        // place, parenthesized starred expressions, ...
        return Fail(n);
    }
  }

  ast::Constant* Const(TSNode n, ConstantKind kind) {
    auto* c = New<ast::Constant>(n);
    c->value_kind = kind;
    c->text = Text(n);
    return c;
  }

  ast::Expr* Number(TSNode n, Sym s) {
    std::string_view text = Text(n);
    ConstantKind kind =
        s == Sym::kInteger ? ConstantKind::kInt : ConstantKind::kFloat;
    const char last = text.empty() ? '\0' : text.back();
    if (last == 'j' || last == 'J') {
      kind = ConstantKind::kComplex;
    } else if (last == 'l' || last == 'L') {
      return Fail(n);  // Python 2 long literal
    }
    if (kind == ConstantKind::kInt && text.size() > 1 && text[0] == '0' &&
        ((text[1] >= '0' && text[1] <= '9') || text[1] == '_')) {
      // CPython rejects leading zeros in decimal literals (Python 2 octal).
      for (char ch : text) {
        if (ch != '0' && ch != '_') {
          return Fail(n);
        }
      }
    }
    return Const(n, kind);
  }

  // Checks a string literal part as CPython's tokenizer and parser do: the
  // prefix, line breaks in single-quoted strings (tree-sitter allows them),
  // escapes (\x, \u, \U, \N{...}) and ASCII-only bytes. Sets the f-string and
  // bytes flags; false when CPython rejects the literal.
  bool CheckStringPart(TSNode part, bool* is_f, bool* is_bytes) const {
    bool raw = false;
    size_t quote = 0;
    if (!StringPrefix(part, is_f, is_bytes, &raw, &quote)) {
      return false;
    }
    const std::string_view text = Text(part);
    if (*is_bytes && !IsAscii(text)) {
      return false;  // bytes can only contain ASCII literal characters
    }
    const char q = text[quote];
    const bool triple = text.size() >= quote + 6 && text[quote + 1] == q &&
                        text[quote + 2] == q;
    const size_t begin = quote + (triple ? 3 : 1);
    const size_t end = text.size() - (triple ? 3 : 1);
    if (end < begin) {
      return false;
    }
    const std::string_view body = text.substr(begin, end - begin);
    if (body.find_first_of(triple ? "\\" : "\\\r\n") ==
        std::string_view::npos) {
      return true;
    }
    auto hex = [&](size_t at, size_t count) {
      if (at + count > body.size()) {
        return false;
      }
      for (size_t k = at; k < at + count; ++k) {
        if (!std::isxdigit(static_cast<unsigned char>(body[k]))) {
          return false;
        }
      }
      return true;
    };
    int field = 0;  // depth in f-string replacement fields (checked later)
    for (size_t i = 0; i < body.size(); ++i) {
      const char ch = body[i];
      if (*is_f && (ch == '{' || ch == '}')) {
        if (i + 1 < body.size() && body[i + 1] == ch && field == 0) {
          ++i;  // `{{` or `}}`
        } else {
          field += ch == '{' ? 1 : (field > 0 ? -1 : 0);
        }
        continue;
      }
      if (field > 0) {
        continue;
      }
      if ((ch == '\n' || ch == '\r') && !triple) {
        return false;  // unterminated string literal
      }
      if (ch != '\\' || i + 1 >= body.size()) {
        continue;
      }
      const char esc = body[++i];
      if (esc == '\r' && i + 1 < body.size() && body[i + 1] == '\n') {
        ++i;  // a backslash before a CRLF line break escapes all of it
        continue;
      }
      if (raw) {
        continue;
      }
      if (esc == 'x' && !hex(i + 1, 2)) {
        return false;
      }
      if (!*is_bytes) {
        if ((esc == 'u' && !hex(i + 1, 4)) || (esc == 'U' && !hex(i + 1, 8))) {
          return false;
        }
        if (esc == 'U' &&
            std::strtoul(std::string(body.substr(i + 1, 8)).c_str(), nullptr,
                         16) > 0x10FFFF) {
          return false;
        }
        if (esc == 'N' && (i + 1 >= body.size() || body[i + 1] != '{' ||
                           body.find('}', i + 2) == std::string_view::npos)) {
          return false;
        }
      }
    }
    return true;
  }

  // Reads the prefix of a string literal part (e.g. `rb`); false when CPython
  // would reject it. `*quote` receives the offset of the opening quote.
  bool StringPrefix(TSNode part,
                    bool* is_f,
                    bool* is_bytes,
                    bool* is_raw,
                    size_t* quote) const {
    std::string_view text = Text(part);
    bool r = false;
    bool u = false;
    bool b = false;
    bool f = false;
    size_t i = 0;
    for (; i < text.size(); ++i) {
      const char ch = text[i];
      if (ch == '\'' || ch == '"') {
        break;
      }
      bool* flag = nullptr;
      switch (ch) {
        case 'r':
        case 'R':
          flag = &r;
          break;
        case 'u':
        case 'U':
          flag = &u;
          break;
        case 'b':
        case 'B':
          flag = &b;
          break;
        case 'f':
        case 'F':
          flag = &f;
          break;
        default:
          return false;  // e.g. the Python 2 backtick
      }
      if (*flag) {
        return false;
      }
      *flag = true;
    }
    if (i == text.size() || (u && (r || b || f)) || (b && f)) {
      return false;
    }
    *is_f = f;
    *is_bytes = b;
    *is_raw = r;
    *quote = i;
    return true;
  }

  // Collects the interpolated expressions of the f-string part `part` (the
  // cursor's node). tree-sitter reads Python 3.12 f-strings, whose
  // replacement fields may reuse the string's quotes, span lines of a
  // single-quoted string, and hold comments and backslashes; Python 3.11
  // rejects all four.
  void Interpolations(TSNode part, std::vector<ast::Expr*>& out) {
    const std::string_view text = Text(part);
    const size_t q = text.find_first_of("'\"");
    const char quote = q == std::string_view::npos ? '"' : text[q];
    const bool triple = q != std::string_view::npos && q + 2 < text.size() &&
                        text[q + 1] == quote && text[q + 2] == quote;
    Children([&](TSNode c, Sym s) {
      if (s != Sym::kInterpolation) {
        return;
      }
      const std::string_view field = Text(c);
      const bool reuses_quote =
          triple ? field.find(std::string(3, quote)) != std::string_view::npos
                 : field.find(quote) != std::string_view::npos;
      if (reuses_quote) {
        Unsupported(c,
                    "reusing an f-string's quotes inside a replacement "
                    "field");
        return;
      }
      if (!triple && field.find_first_of("\r\n") != std::string_view::npos) {
        Unsupported(c,
                    "a line break in a replacement field of a "
                    "single-quoted f-string");
        return;
      }
      const size_t comments = module_.comments.size();
      Interpolation(out);
      if (module_.comments.size() != comments) {
        Unsupported(c, "a comment in an f-string replacement field");
      }
    });
  }

  // Cursor on an interpolation or format_expression.
  void Interpolation(std::vector<ast::Expr*>& out) {
    Children([&](TSNode c, Sym s) {
      if (IsToken(s)) {
        return;
      }
      if (s == Sym::kTypeConversion) {
        std::string_view conv = Text(c);
        if (conv != "!s" && conv != "!r" && conv != "!a") {
          Fail(c);
        }
        return;
      }
      if (s == Sym::kFormatSpecifier) {
        Children([&](TSNode, Sym fs) {
          if (fs == Sym::kFormatExpression || fs == Sym::kInterpolation) {
            DepthScope depth(this, c);
            if (depth.ok()) {
              Interpolation(out);
            }
          }
        });
        return;
      }
      if (Text(c).find('\\') != std::string_view::npos) {
        Unsupported(c, "a backslash in an f-string expression");
        return;
      }
      if (s == Sym::kNamedExpression) {
        // `{x:=10}`: in an f-string the `:` starts a format spec `=10`.
        TSNode name = FirstNamedChild(c);
        if (!ts_node_is_null(name) && SymOf(name) == Sym::kIdentifier) {
          out.push_back(NameOf(name, kLoad));
          return;
        }
      }
      // CPython 3.11 parses the field as if parenthesized: `{yield}` is fine.
      ast::Expr* e = ExprA(c, s, kLoad, kYield);
      if (e == nullptr) {
        return;
      }
      if (s == Sym::kExpressionList || s == Sym::kPatternList) {
        // CPython 3.11 parses `{a, b}` as `(a, b)`: the tuple starts at `{`.
        TSNode interp = ts_node_parent(c);
        e->origin = OriginOf(interp);
        e->span.begin = ts_node_start_byte(interp);
      }
      out.push_back(e);
    });
  }

  // A string literal or an implicit concatenation of them: Constant
  // (str/bytes) or JoinedStr when any part is an f-string.
  ast::Expr* Strings(TSNode n, Sym s) {
    if (s == Sym::kString) {
      bool is_f = false;
      bool is_bytes = false;
      if (!CheckStringPart(n, &is_f, &is_bytes)) {
        return Fail(n);
      }
      if (!is_f) {
        return Const(n, is_bytes ? ConstantKind::kBytes : ConstantKind::kStr);
      }
      auto* joined = New<ast::JoinedStr>(n);
      joined->text = Text(n);
      Interpolations(n, joined->values);
      return joined;
    }
    // concatenated_string: the parts' texts joined with one space.
    bool any_f = false;
    bool any_bytes = false;
    bool any_str = false;
    buf_.clear();
    Children([&](TSNode c, Sym cs) {
      if (cs != Sym::kString) {
        return;
      }
      bool is_f = false;
      bool is_bytes = false;
      if (!CheckStringPart(c, &is_f, &is_bytes)) {
        Fail(c);
        return;
      }
      any_f |= is_f;
      (is_bytes ? any_bytes : any_str) = true;
      if (!buf_.empty()) {
        buf_ += ' ';
      }
      buf_ += Text(c);
    });
    if (any_bytes && any_str) {
      return Fail(n);  // cannot mix bytes and nonbytes literals
    }
    std::string_view text = module_.Intern(buf_);
    if (!any_f) {
      auto* c = New<ast::Constant>(n);
      c->value_kind = any_bytes ? ConstantKind::kBytes : ConstantKind::kStr;
      c->text = text;
      return c;
    }
    auto* joined = New<ast::JoinedStr>(n);
    joined->text = text;
    // Second pass over the parts (comments were collected by the first).
    if (Down()) {
      do {
        if (SymOf(Cur()) == Sym::kString) {
          Interpolations(Cur(), joined->values);
        }
      } while (Next());
      Up();
    }
    return joined;
  }

  static bool IsAscii(std::string_view text) {
    for (char ch : text) {
      if (static_cast<unsigned char>(ch) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  ast::Expr* Parenthesized(TSNode n, ExprContext ctx) {
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
  ast::Expr* TupleLike(TSNode n, Sym s, ExprContext ctx) {
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
  void Elements(std::vector<ast::Expr*>& out, ExprContext ctx) {
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

  ast::Expr* Dict(TSNode n) {
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

  void Pair(ast::Expr** key, ast::Expr** value) {
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
  bool Clause(Sym s, TSNode c, std::vector<ast::Comprehension*>& gens) {
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

  ast::Comprehension* ForIn(TSNode n) {
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
  ast::Expr* Comprehension(TSNode n) {
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

  ast::Expr* DictComp(TSNode n) {
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

  // tree-sitter counts `*a` as a primary expression, so `[*f(x)]` comes as
  // a call of `*f`, `[*a.b]` as an attribute of `*a`, `[*a + b]` as a sum
  // whose left operand is `*a`. CPython reads a starred call, attribute,
  // sum. When the leftmost operand `*slot` of `node` is a Starred, move the
  // star out: Starred(node with the starred value in `slot`).
  ast::Expr* HoistStar(ast::Expr* node, ast::Expr** slot, ExprContext ctx) {
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

  ast::Origin OriginOfByte(uint32_t b) const {
    base::LineCol p = source_.PositionOf(b);
    if (p.line == 1 && bom_ && p.col > 1) {
      p.col -= 1;
    }
    return {p.line, p.col};
  }

  // `star`: the call may be starred (see HoistStar), so its function may.
  ast::Expr* Call(TSNode n, uint8_t star) {
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
  ast::Expr* Attribute(TSNode n, ExprContext ctx, uint8_t star) {
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

  ast::Expr* Subscript(TSNode n, ExprContext ctx, uint8_t star) {
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
  ast::Tuple* NewSliceTuple(TSNode first, ast::Expr* elt) {
    auto* tuple = New<ast::Tuple>(first);
    if (elt != nullptr) {
      tuple->elts.push_back(elt);
    }
    return tuple;
  }

  ast::Expr* Slice(TSNode n) {
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

  static bool BinOp(Sym s, BinOpKind* op) {
    for (const BinOpToken& t : kBinOpTokens) {
      if (t.plain == s) {
        *op = t.op;
        return true;
      }
    }
    return false;
  }

  // The operator token of a binary_operator node: its second child, unless
  // an extra (a comment) sits between.
  Sym BinOpSym(TSNode n) const {
    const Sym s = SymOf(ts_node_child(n, 1));
    BinOpKind unused;
    if (BinOp(s, &unused)) {
      return s;
    }
    return SymOf(ts_node_child_by_field_id(n, f_.operator_));
  }

  struct ChainItem {
    ast::Expr* expr;
    ast::Origin origin;
    uint32_t begin;
    uint32_t end;
  };

  // Collects the operands and operators of the unparenthesized `&`/`^`
  // subtree under the cursor, left to right.
  // `star`: the first operand may be starred (see HoistStar).
  void FlattenBitChain(std::vector<ChainItem>& operands,
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

  ChainItem MakeBin(const ChainItem& left,
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
  ast::Expr* BitAndChain(TSNode n, uint8_t star) {
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

  ast::Expr* BinaryOperator(TSNode n, uint8_t star) {
    if (BinOpSym(n) == Sym::kTokAmp) {
      return BitAndChain(n, star);
    }
    auto* bin = New<ast::BinOp>(n);
    int named = 0;
    Children([&](TSNode c, Sym s) {
      if (IsToken(s)) {
        if (!BinOp(s, &bin->op)) {
          Fail(c);
        }
        return;
      }
      ++named;
      if (named == 1) {
        bin->left = ExprA(c, s, kLoad, star);
      } else {
        bin->right = Expr(c, s, kLoad);
      }
    });
    return HoistStar(bin, &bin->left, kLoad);
  }

  ast::Expr* UnaryOperator(TSNode n) {
    auto* un = New<ast::UnaryOp>(n);
    Children([&](TSNode c, Sym s) {
      switch (s) {
        case Sym::kTokMinus:
          un->op = ast::UnaryOpKind::kUSub;
          break;
        case Sym::kTokPlus:
          un->op = ast::UnaryOpKind::kUAdd;
          break;
        case Sym::kTokTilde:
          un->op = ast::UnaryOpKind::kInvert;
          break;
        default:
          if (IsToken(s)) {
            Fail(c);
          } else {
            un->operand = Expr(c, s, kLoad);
          }
          break;
      }
    });
    return un;
  }

  // The operator of a boolean_operator node: its second child, unless an
  // extra (a comment) sits between.
  Sym BoolOpSym(TSNode n) const {
    const Sym s = SymOf(ts_node_child(n, 1));
    if (s == Sym::kTokAnd || s == Sym::kTokOr) {
      return s;
    }
    return SymOf(ts_node_child_by_field_id(n, f_.operator_));
  }

  // `a and b and c` is one BoolOp with three values, as in CPython; a
  // parenthesized operand stays nested. The left spine is walked without
  // recursion.
  ast::Expr* BooleanOperator(TSNode n) {
    auto* bop = New<ast::BoolOp>(n);
    const Sym op = BoolOpSym(n);
    bop->op = op == Sym::kTokOr ? ast::BoolOpKind::kOr : ast::BoolOpKind::kAnd;
    int levels = 0;
    // Descend to the innermost same-operator node on the left spine.
    while (true) {
      if (!Down()) {
        return Fail(n);
      }
      // Skip leading extras (comments cannot precede the left operand, but
      // be safe).
      while (SymOf(Cur()) == Sym::kComment ||
             SymOf(Cur()) == Sym::kLineContinuation) {
        if (SymOf(Cur()) == Sym::kComment) {
          AddComment(Cur());
        }
        if (!Next()) {
          Up();
          return Fail(n);
        }
      }
      TSNode left = Cur();
      if (SymOf(left) == Sym::kBooleanOperator && BoolOpSym(left) == op) {
        ++levels;
        continue;
      }
      break;
    }
    // The cursor is on the innermost left operand.
    if (ast::Expr* e = Expr(kLoad)) {
      bop->values.push_back(e);
    }
    for (int level = levels; level >= 0; --level) {
      // Lower the right operand(s) of this level, then go up.
      while (Next()) {
        TSNode c = Cur();
        Sym s = CurSym();
        if (s == Sym::kComment) {
          AddComment(c);
        } else if (!IsToken(s) && s != Sym::kLineContinuation) {
          if (ast::Expr* e = Expr(c, s, kLoad)) {
            bop->values.push_back(e);
          }
        }
      }
      Up();
    }
    // The passes turn each further operand into a nested thunk
    // (ag__.and_(lambda: a, lambda: ag__.and_(...))), so a chain is as deep
    // as that many nested parentheses for the walks after lowering.
    if (depth_ + static_cast<int>(bop->values.size()) > max_depth_) {
      FailAt(PosOf(n), diag::DiagKind::kNestingTooDeep, max_depth_);
      return nullptr;
    }
    return bop;
  }

  ast::Expr* Compare(TSNode n) {
    auto* cmp = New<ast::Compare>(n);
    int named = 0;
    Children([&](TSNode c, Sym s) {
      if (IsToken(s)) {
        ast::CmpOpKind op;
        switch (s) {
          case Sym::kTokEq:
            op = ast::CmpOpKind::kEq;
            break;
          case Sym::kTokNotEq:
            op = ast::CmpOpKind::kNotEq;
            break;
          case Sym::kTokLt:
            op = ast::CmpOpKind::kLt;
            break;
          case Sym::kTokLtE:
            op = ast::CmpOpKind::kLtE;
            break;
          case Sym::kTokGt:
            op = ast::CmpOpKind::kGt;
            break;
          case Sym::kTokGtE:
            op = ast::CmpOpKind::kGtE;
            break;
          case Sym::kTokIs:
            op = ast::CmpOpKind::kIs;
            break;
          case Sym::kTokIsNot:
            op = ast::CmpOpKind::kIsNot;
            break;
          case Sym::kTokIn:
            op = ast::CmpOpKind::kIn;
            break;
          case Sym::kTokNotIn:
            op = ast::CmpOpKind::kNotIn;
            break;
          default:
            Fail(c);  // `<>` and the like
            return;
        }
        cmp->ops.push_back(op);
        return;
      }
      ++named;
      ast::Expr* e = Expr(c, s, kLoad);
      if (named == 1) {
        cmp->left = e;
      } else if (e != nullptr) {
        cmp->comparators.push_back(e);
      }
    });
    return cmp;
  }

  ast::Expr* Lambda(TSNode n) {
    auto* lambda = New<ast::Lambda>(n);
    const TailAs tail = std::exchange(tail_as_, TailAs{});
    Children([&](TSNode c, Sym s) {
      if (s == Sym::kLambdaParameters) {
        lambda->args = Params(c);
      } else if (!IsToken(s)) {
        lambda->body = TailPart(c, s, tail);
      }
    });
    if (lambda->args == nullptr) {
      lambda->args = New<ast::Arguments>(n);
    }
    return lambda;
  }

  ast::Expr* Await(TSNode n) {
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

  ast::Expr* Yield(TSNode n) {
    bool from = false;
    ast::Expr* value = nullptr;
    Children([&](TSNode kid, Sym s) {
      if (s == Sym::kTokFrom) {
        from = true;
      } else if (!IsToken(s)) {
        value = ExprA(kid, s, kLoad, from ? 0 : kStar);
      }
    });
    if (from) {
      auto* yf = New<ast::YieldFrom>(n);
      yf->value = value;
      return value != nullptr ? yf : Fail(n);
    }
    auto* y = New<ast::Yield>(n);
    y->value = value;
    return y;
  }

  // `list[int]` in an annotation: Subscript(Name, slice).
  ast::Expr* GenericType(TSNode n) {
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

  // `A[b] | None | bool` in an annotation. tree-sitter nests the operands
  // after a generic type to the right (union_type(A[b], None | bool));
  // CPython's `|` is left-associative: ((A[b] | None) | bool).
  ast::Expr* UnionType(TSNode) {
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
  void UnionOperands(std::vector<ChainItem>& operands) {
    Children([&](TSNode c, Sym s) {
      if (IsToken(s)) {
        return;
      }
      bool chain = s == Sym::kUnionType ||
                   (s == Sym::kBinaryOperator && BinOpSym(c) == Sym::kTokPipe);
      if (s == Sym::kType) {
        TSNode inner = FirstNamedChild(c);
        const Sym is = ts_node_is_null(inner) ? Sym::kOther : SymOf(inner);
        chain = is == Sym::kUnionType || (is == Sym::kBinaryOperator &&
                                          BinOpSym(inner) == Sym::kTokPipe);
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

  ast::Expr* MemberType(TSNode n) {
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

  // ---- Match statements -----------------------------------------------------

  ast::Stmt* Match(TSNode n) {
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

  ast::MatchCase* Case(TSNode n) {
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

  ast::MatchSequence* NewOpenSequence(TSNode first, ast::Pattern* p) {
    auto* seq = New<ast::MatchSequence>(first);
    if (p != nullptr) {
      seq->patterns.push_back(p);
    }
    return seq;
  }

  // A number constant, or UnaryOp(USub, number) when `minus` is set.
  ast::Expr* SignedNumber(TSNode minus, TSNode number) {
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

  ast::Pattern* MatchValue(TSNode at, ast::Expr* value) {
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
  void PatternChildren(Fn&& emit) {
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
  ast::Pattern* Pattern() {
    TSNode n = Cur();
    return Pattern(n, CurSym());
  }

  // Lowers the pattern `n` (of category `s`), on which the cursor is.
  ast::Pattern* Pattern(TSNode n, Sym s) {
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
  void UnionInto(ast::MatchOr* alt) {
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
  ast::Expr* ComplexExpr(TSNode n) {
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
        bin->right->Cast<ast::Constant>().value_kind !=
            ConstantKind::kComplex) {
      return Fail(n);  // the right part must be imaginary
    }
    return bin;
  }

  ast::Pattern* MappingPattern(TSNode n) {
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

  ast::Pattern* ClassPattern(TSNode n) {
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
  void KeywordPattern(ast::MatchClass* cls, ast::MatchAs* as) {
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

  // Cursor on the case_pattern holding `as_node` (an as_pattern whose first
  // operand is a keyword pattern).
  void AsKeywordPattern(ast::MatchClass* cls, TSNode as_node) {
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

  const Grammar& g_;
  const FieldIds& f_;
  TSNode root_;
  TreeWalker walker_;
  const base::SourceFile& source_;
  std::string_view bytes_;
  ast::Module& module_;
  diag::DiagnosticSink& sink_;
  const int max_depth_;
  const bool byte_positions_;  // positions from bytes, not tree-sitter rows
  int depth_ = 0;
  std::vector<ast::Stmt*> split_;  // see SplitTargets
  uint8_t allow_ = 0;              // see Allow
  int64_t block_indent_ = -1;      // indentation of the enclosing block
  TailAs tail_as_;                 // see TailValue
  TSNode type_call_{};             // see TypeAlias
  TSNode type_keyword_{};
  bool bom_ = false;
  bool has_cr_ = false;  // the input has a '\r' (most have none: LF only)
  bool failed_ = false;
  std::string buf_;        // scratch for joined texts
  std::string ident_buf_;  // scratch for normalized identifiers
};

}  // namespace

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
