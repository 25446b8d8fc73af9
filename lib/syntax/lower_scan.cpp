// The lowering's scanning of the bytes between tree-sitter's tokens:
// logical lines and their line breaks, indentation (form feeds, backslash
// continuations), positions from byte offsets, and counting or finding
// children without walking them. tree-sitter's tokens do not say where
// CPython's tokenizer would end a logical line or how deep a line is
// indented; these read the input itself.
#include <cstring>

#include "lib/syntax/lowerer.h"

namespace agc::syntax {

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

// The indentation (in bytes) of `n` when it is the first token of a
// logical line; -1 otherwise.
int64_t Lowerer::LogicalLineIndent(TSNode n) const {
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
uint32_t Lowerer::AfterFormFeeds(uint32_t line_start, uint32_t end) const {
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
uint32_t Lowerer::LineStartBefore(uint32_t b) const {
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
bool Lowerer::ContinuesLine(uint32_t line_start) const {
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
base::LineCol Lowerer::NextTokenPos(uint32_t b) const {
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
uint32_t Lowerer::LogicalBreak(uint32_t b, uint32_t end, bool header) const {
  if (!header && std::memchr(bytes_.data() + b, '\n', end - b) == nullptr &&
      (!has_cr_ || std::memchr(bytes_.data() + b, '\r', end - b) == nullptr)) {
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
void Lowerer::CheckLogicalLine(uint32_t begin, uint32_t end, bool header) {
  const uint32_t brk = LogicalBreak(begin, end, header);
  if (brk != UINT32_MAX) {
    const ast::Origin o = OriginOfByte(brk);
    FailAt({o.line, o.col}, diag::DiagKind::kInvalidSyntax);
  }
}

void Lowerer::CheckHeader(TSNode n) {
  CheckLogicalLine(ts_node_start_byte(n), ts_node_end_byte(n), true);
}

// An else/elif/except/finally clause (or a case) must start a line at the
// indentation `want` of its statement; tree-sitter is lenient.
void Lowerer::CheckClauseIndent(int64_t want, TSNode clause) {
  const int64_t got = LogicalLineIndent(clause);
  if (got < 0 || (want >= 0 && got != want)) {
    Fail(clause);
  }
}

bool Lowerer::FirstChildIs(TSNode n, Sym s) const {
  return ts_node_child_count(n) > 0 && SymOf(ts_node_child(n, 0)) == s;
}

// How many children of kind `s` the cursor's node has (a raw scan).
int Lowerer::CountChildren(Sym s) {
  int count = 0;
  if (Down()) {
    do {
      count += SymOf(Cur()) == s ? 1 : 0;
    } while (Next());
    Up();
  }
  return count;
}

// The last named child that is not a comment (rarely used: linear).
TSNode Lowerer::LastNamedChild(TSNode n) const {
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
TSNode Lowerer::FirstNamedChild(TSNode n) const {
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

ast::Origin Lowerer::OriginOfByte(uint32_t b) const {
  base::LineCol p = source_.PositionOf(b);
  if (p.line == 1 && bom_ && p.col > 1) {
    p.col -= 1;
  }
  return {p.line, p.col};
}

}  // namespace agc::syntax
