#include "lib/syntax/parse.h"

#include <tree_sitter/api.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "lib/base/check.h"
#include "lib/syntax/grammar.h"
#include "lib/syntax/lower.h"

namespace agc::syntax {
namespace {

// The position of byte `offset` as CPython counts it: a byte-order mark at
// the start of the file is not a column.
base::LineCol PositionOf(const base::SourceFile& source, uint32_t offset) {
  base::LineCol pos = source.PositionOf(offset);
  if (pos.line == 1 && pos.col > 1 &&
      source.bytes().substr(0, 3) == "\xEF\xBB\xBF") {
    pos.col -= 1;
  }
  return pos;
}

// Offset of the first byte >= 0x80 at or after `from`, or size().
size_t SkipAscii(std::string_view bytes, size_t from) {
  size_t i = from;
  const size_t n = bytes.size();
  while (i + 8 <= n) {
    uint64_t word;
    std::memcpy(&word, bytes.data() + i, 8);
    if ((word & 0x8080808080808080ULL) != 0) {
      break;
    }
    i += 8;
  }
  while (i < n && static_cast<unsigned char>(bytes[i]) < 0x80) {
    ++i;
  }
  return i;
}

// Offset of the first invalid UTF-8 byte, or npos.
size_t FirstInvalidUtf8(std::string_view bytes) {
  size_t i = SkipAscii(bytes, 0);
  if (i == bytes.size()) {
    return std::string_view::npos;
  }
  size_t bad = base::FindInvalidUtf8(bytes.substr(i));
  return bad == std::string_view::npos ? bad : i + bad;
}

// tree-sitter-python ends lines (and comments) at '\n' only; CPython also at
// a lone '\r', as classic Mac OS files have them. When `bytes` has one, the
// copy tree-sitter parses has '\n' there instead: same offsets, the lines
// CPython sees. Returns whether it made the copy.
bool LoneCarriageReturnsAsNewlines(std::string_view bytes, std::string& out) {
  size_t cr = bytes.find('\r');
  while (cr != std::string_view::npos && cr + 1 < bytes.size() &&
         bytes[cr + 1] == '\n') {
    cr = bytes.find('\r', cr + 2);
  }
  if (cr == std::string_view::npos) {
    return false;
  }
  out.assign(bytes);
  for (size_t i = cr; i < out.size(); ++i) {
    if (out[i] == '\r' && (i + 1 == out.size() || out[i + 1] != '\n')) {
      out[i] = '\n';
    }
  }
  return true;
}

// CPython's compile() (and so `import`) accepts bytes that are not valid
// UTF-8 inside a comment, where Latin-1 names and symbols turn up in old
// files; everywhere else they are an error. The first invalid byte of each
// line that may hold a comment there (a '#' before it on its line), or,
// when one cannot be in a comment, that byte alone: the caller reports it
// without parsing (binary junk is rejected at once). Later invalid bytes on
// a line are in the same comment as its first one, if that one is.
std::vector<uint32_t> InvalidUtf8InComments(std::string_view bytes,
                                            size_t first,
                                            bool* outside) {
  std::vector<uint32_t> offsets;
  *outside = false;
  for (size_t bad = first; bad != std::string_view::npos;) {
    // Lines end at \n, \r\n or a lone \r, as CPython's do.
    const size_t line_start = bytes.find_last_of("\r\n", bad) + 1;  // npos+1
    const std::string_view before = bytes.substr(line_start, bad - line_start);
    if (before.find('#') == std::string_view::npos) {
      *outside = true;
      return {static_cast<uint32_t>(bad)};
    }
    offsets.push_back(static_cast<uint32_t>(bad));
    const size_t line_end = bytes.find_first_of("\r\n", bad);
    if (line_end == std::string_view::npos) {
      break;
    }
    bad = FirstInvalidUtf8(bytes.substr(line_end));
    if (bad != std::string_view::npos) {
      bad += line_end;
    }
  }
  return offsets;
}

// The first of `offsets` that is not inside a comment of the tree, or npos.
size_t FirstOutsideComments(TSNode root, const std::vector<uint32_t>& offsets) {
  for (uint32_t offset : offsets) {
    const TSNode n =
        ts_node_descendant_for_byte_range(root, offset, offset + 1);
    if (Grammar::Get().SymOf(n) != Sym::kComment ||
        ts_node_start_byte(n) > offset || ts_node_end_byte(n) <= offset) {
      return offset;
    }
  }
  return std::string_view::npos;
}

// Where to report an ERROR node (the cursor's node), guessing where CPython
// would: at the innermost bracket its direct children leave open ("'(' was
// never closed"), at an unmatched closing bracket, after the last token of
// its first line when the error runs to the end of that line (a missing ':'
// or operand), else at its start.
uint32_t ErrorPosition(TSTreeCursor* c, std::string_view bytes) {
  const Grammar& g = Grammar::Get();
  const TSNode n = ts_tree_cursor_current_node(c);
  const uint32_t start = ts_node_start_byte(n);
  const uint32_t row = ts_node_start_point(n).row;
  std::vector<uint32_t> open;
  uint32_t unmatched = UINT32_MAX;
  uint32_t last_end = start;  // end of the last child on the first line
  TSTreeCursor probe = ts_tree_cursor_copy(c);
  if (ts_tree_cursor_goto_first_child(&probe)) {
    do {
      TSNode child = ts_tree_cursor_current_node(&probe);
      const Sym s = g.SymOf(child);
      if (s == Sym::kComment || s == Sym::kLineContinuation) {
        continue;
      }
      if (ts_node_start_point(child).row == row) {
        last_end = ts_node_end_byte(child);
      }
      switch (s) {
        case Sym::kTokLParen:
        case Sym::kTokLBracket:
        case Sym::kTokLBrace:
          open.push_back(ts_node_start_byte(child));
          break;
        case Sym::kTokRParen:
        case Sym::kTokRBracket:
        case Sym::kTokRBrace:
          if (!open.empty()) {
            open.pop_back();
          } else if (unmatched == UINT32_MAX) {
            unmatched = ts_node_start_byte(child);
          }
          break;
        default:
          break;
      }
    } while (ts_tree_cursor_goto_next_sibling(&probe));
  }
  ts_tree_cursor_delete(&probe);
  if (!open.empty()) {
    return open.back();
  }
  if (unmatched != UINT32_MAX) {
    return unmatched;
  }
  bool to_line_end = ts_node_end_point(n).row > row;
  if (!to_line_end) {
    uint32_t i = ts_node_end_byte(n);
    while (i < bytes.size() && (bytes[i] == ' ' || bytes[i] == '\t' ||
                                bytes[i] == '\f' || bytes[i] == '\r')) {
      ++i;
    }
    to_line_end = i == bytes.size() || bytes[i] == '\n' || bytes[i] == '#';
  }
  return to_line_end && last_end > start ? last_end : start;
}

// Whether the error at byte `at` is a compound statement's header without its
// colon (`if x > 0` / `while True` / `def f()` at the end of their line),
// which CPython reports as "expected ':'": `at` ends the code of its line,
// the line starts with a compound statement's keyword, and the code before
// `at` does not end with ':'.
bool MissingColonAt(std::string_view bytes, uint32_t at) {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\f'; };
  uint32_t i = at;
  while (i < bytes.size() && (blank(bytes[i]) || bytes[i] == '\r')) {
    ++i;
  }
  if (i < bytes.size() && bytes[i] != '\n' && bytes[i] != '#') {
    return false;
  }
  uint32_t end = at;
  while (end > 0 && blank(bytes[end - 1])) {
    --end;
  }
  if (end == 0 || bytes[end - 1] == ':' || bytes[end - 1] == '\n') {
    return false;
  }
  size_t start = bytes.rfind('\n', end - 1);
  start = start == std::string_view::npos ? 0 : start + 1;
  while (start < end && blank(bytes[start])) {
    ++start;
  }
  std::string_view line = bytes.substr(start, end - start);
  size_t word_end = 0;
  while (word_end < line.size() &&
         (std::isalnum(static_cast<unsigned char>(line[word_end])) ||
          line[word_end] == '_')) {
    ++word_end;
  }
  std::string_view word = line.substr(0, word_end);
  if (word == "async") {
    return true;  // async def / for / with
  }
  constexpr std::string_view kCompound[] = {"if",  "elif",   "else",   "while",
                                            "for", "def",    "class",  "with",
                                            "try", "except", "finally"};
  return std::find(std::begin(kCompound), std::end(kCompound), word) !=
         std::end(kCompound);
}

// Whether the compound statement's header that ends at `at` (MissingColonAt)
// is whole, so that CPython, expecting its ':' there, says so: the text up
// to `at`, with a ':' and an indented body, parses (`if x > 0`, not `if x
// import y` or `class A,`). `parses` tells whether a text parses.
bool ColonCompletesHeader(std::string_view bytes,
                          uint32_t at,
                          const std::function<bool(std::string_view)>& parses) {
  size_t line = bytes.rfind('\n', at == 0 ? 0 : at - 1);
  line = line == std::string_view::npos ? 0 : line + 1;
  size_t code = line;
  while (code < at &&
         (bytes[code] == ' ' || bytes[code] == '\t' || bytes[code] == '\f')) {
    ++code;
  }
  if (bytes.substr(line, at - line).find('#') != std::string_view::npos) {
    return false;  // the ':' could be in a comment
  }
  std::string text(bytes.substr(0, at));
  text += ":\n";
  text += bytes.substr(line, code - line);
  text += "  pass\n";
  return parses(text);
}

// What Python 3.11's tokenizer (Parser/tokenizer.c) finds wrong with the
// brackets of a file, which CPython reports before any error of its parser
// ("unmatched ')'", "closing parenthesis ')' does not match opening
// parenthesis '['", "'(' was never closed"). The scan follows the tokenizer
// through comments, strings, line continuations, numbers and indentation;
// where it meets something it does not model the same way (another of the
// tokenizer's errors first, text outside ASCII outside strings and comments)
// the result is kUnknown, and agc claims nothing it cannot be sure of.
struct BracketScan {
  enum class Kind : uint8_t {
    kUnknown,
    kBalanced,    // every bracket closed
    kUnmatched,   // a closing bracket with none open
    kMismatched,  // a closing bracket of another kind than the open one
    kUnclosed,    // brackets still open at the end (`open`)
  };

  struct Open {
    char c;
    uint32_t at;
  };

  Kind kind = Kind::kUnknown;
  uint32_t close_at = 0;    // kUnmatched, kMismatched: the closing bracket
  std::vector<Open> open;   // open brackets, innermost last
  uint32_t code_end = 0;    // just after the last token
  uint32_t line_start = 0;  // first token of the last logical line
  char last = 0;  // the last token's last character; 'a' for a name or
                  // keyword, '0' for a number, 'q' for a string
  std::string_view last_word;  // the last token, when a name or keyword
  // The first line indented after one that does not end with ':', where
  // CPython's parser stops ("unexpected indent") unless it stopped before.
  uint32_t unexpected_indent = UINT32_MAX;
};

constexpr size_t kMaxBracketLevel = 200;  // the tokenizer's MAXLEVEL

bool IsNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// Past a number token starting at `i` (a digit, or '.' and a digit), or
// false for one the tokenizer rejects or warns about (a number that runs
// into a name, `1__0`, `0x`, `0777`...).
bool SkipNumber(std::string_view s, size_t& i) {
  const size_t n = s.size();
  auto digits = [&](auto is_digit) {
    // One or more digits, single underscores between them.
    if (i >= n || !is_digit(s[i])) {
      return false;
    }
    while (i < n && is_digit(s[i])) {
      ++i;
      if (i + 1 < n && s[i] == '_' && is_digit(s[i + 1])) {
        ++i;
      }
    }
    return true;
  };
  auto dec = [](char c) { return c >= '0' && c <= '9'; };
  if (s[i] == '0' && i + 1 < n && std::strchr("xXoObB", s[i + 1]) != nullptr) {
    const char base = static_cast<char>(std::tolower(s[i + 1]));
    i += 2;
    if (i < n && s[i] == '_') {
      ++i;
    }
    bool ok;
    if (base == 'x') {
      ok = digits([](char c) {
        return std::isxdigit(static_cast<unsigned char>(c)) != 0;
      });
    } else if (base == 'o') {
      ok = digits([](char c) { return c >= '0' && c <= '7'; });
    } else {
      ok = digits([](char c) { return c == '0' || c == '1'; });
    }
    return ok && (i >= n || !IsNameChar(s[i]));
  }
  const size_t first = i;
  if (s[i] != '.') {
    if (!digits(dec)) {
      return false;
    }
    // A decimal integer other than zero does not start with 0.
    if (s[first] == '0' &&
        s.substr(first, i - first).find_first_not_of("0_") !=
            std::string_view::npos &&
        (i >= n || (s[i] != '.' && s[i] != 'e' && s[i] != 'E' && s[i] != 'j' &&
                    s[i] != 'J'))) {
      return false;
    }
  }
  if (i < n && s[i] == '.') {
    ++i;
    if (i < n && dec(s[i]) && !digits(dec)) {
      return false;
    }
  }
  if (i < n && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < n && (s[i] == '+' || s[i] == '-')) {
      ++i;
    }
    if (!digits(dec)) {
      return false;
    }
  }
  if (i < n && (s[i] == 'j' || s[i] == 'J')) {
    ++i;
  }
  return i >= n || !IsNameChar(s[i]);
}

BracketScan ScanBrackets(std::string_view s) {
  BracketScan r;
  auto unknown = [&r] {
    r.kind = BracketScan::Kind::kUnknown;
    return r;
  };
  const size_t n = s.size();
  size_t i = s.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  // Indentation columns as the tokenizer counts them: tabs to the next
  // multiple of 8, and (to check that tabs and spaces are used
  // consistently) with a tab as one column.
  std::vector<std::pair<uint32_t, uint32_t>> indents = {{0, 0}};
  bool line_start = true;  // at the start of a logical line
  char line_last = 0;      // last character of the previous logical line
  while (i < n) {
    if (line_start && r.open.empty()) {
      uint32_t col = 0;
      uint32_t alt = 0;
      size_t j = i;
      for (; j < n; ++j) {
        if (s[j] == ' ') {
          ++col;
          ++alt;
        } else if (s[j] == '\t') {
          col = (col / 8 + 1) * 8;
          ++alt;
        } else if (s[j] == '\f') {
          col = alt = 0;
        } else {
          break;
        }
      }
      if (j == n) {
        break;
      }
      if (s[j] == '#' || s[j] == '\n' || s[j] == '\r') {
        // A blank or comment-only line: no token, no indentation.
        while (j < n && s[j] != '\n') {
          ++j;
        }
        i = j + 1;
        continue;
      }
      if (s[j] == '\\') {
        return unknown();
      }
      const auto [top, top_alt] = indents.back();
      if (col > top) {
        if (alt <= top_alt) {
          return unknown();  // inconsistent use of tabs and spaces
        }
        if (line_last != ':' && r.unexpected_indent == UINT32_MAX) {
          r.unexpected_indent = static_cast<uint32_t>(j);
        }
        indents.emplace_back(col, alt);
      } else {
        while (col < indents.back().first) {
          indents.pop_back();
        }
        if (col != indents.back().first || alt != indents.back().second) {
          return unknown();  // an unindent to no outer level; tabs
        }
      }
      i = j;
      line_start = false;
      r.line_start = static_cast<uint32_t>(j);
    }
    const char c = s[i];
    const size_t token = i;
    switch (c) {
      case '\n':
        if (r.open.empty()) {
          line_start = true;
          line_last = r.last;
        }
        ++i;
        continue;
      case ' ':
      case '\t':
      case '\f':
      case '\r':
        ++i;
        continue;
      case '#':
        while (i < n && s[i] != '\n') {
          ++i;
        }
        continue;
      case '\\':
        if (i + 1 < n && s[i + 1] == '\n') {
          i += 2;
        } else if (i + 2 < n && s[i + 1] == '\r' && s[i + 2] == '\n') {
          i += 3;
        } else {
          return unknown();
        }
        continue;
      case '\'':
      case '"': {
        const bool triple = i + 2 < n && s[i + 1] == c && s[i + 2] == c;
        i += triple ? 3 : 1;
        while (true) {
          if (i >= n) {
            return unknown();  // unterminated
          }
          if (s[i] == '\\') {
            i += (i + 2 < n && s[i + 1] == '\r' && s[i + 2] == '\n') ? 3 : 2;
          } else if (s[i] == c && (!triple || (i + 2 < n && s[i + 1] == c &&
                                               s[i + 2] == c))) {
            i += triple ? 3 : 1;
            break;
          } else if (!triple && (s[i] == '\n' || s[i] == '\r')) {
            return unknown();  // unterminated
          } else {
            ++i;
          }
        }
        r.last = 'q';
        break;
      }
      case '(':
      case '[':
      case '{':
        if (r.open.size() >= kMaxBracketLevel) {
          return unknown();
        }
        r.open.push_back({c, static_cast<uint32_t>(i)});
        r.last = c;
        ++i;
        break;
      case ')':
      case ']':
      case '}': {
        if (r.open.empty()) {
          r.kind = BracketScan::Kind::kUnmatched;
          r.close_at = static_cast<uint32_t>(i);
          return r;
        }
        const char want = r.open.back().c == '('   ? ')'
                          : r.open.back().c == '[' ? ']'
                                                   : '}';
        if (c != want) {
          r.kind = BracketScan::Kind::kMismatched;
          r.close_at = static_cast<uint32_t>(i);
          return r;
        }
        r.open.pop_back();
        r.last = c;
        ++i;
        break;
      }
      default:
        if ((c >= '0' && c <= '9') ||
            (c == '.' && i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '9')) {
          if (!SkipNumber(s, i)) {
            return unknown();
          }
          r.last = '0';
        } else if (IsNameChar(c)) {
          while (i < n && IsNameChar(s[i])) {
            ++i;
          }
          if (i < n && static_cast<unsigned char>(s[i]) >= 0x80) {
            return unknown();
          }
          r.last = 'a';
          r.last_word = s.substr(token, i - token);
          // A string prefix (rb'...') goes on with the string.
          if (i < n && (s[i] == '\'' || s[i] == '"')) {
            continue;
          }
        } else if (static_cast<unsigned char>(c) >= 0x80 || c == '$' ||
                   c == '?' || c == '`' ||
                   (c == '!' && (i + 1 >= n || s[i + 1] != '='))) {
          return unknown();
        } else {
          r.last = c;
          ++i;
        }
        break;
    }
    r.code_end = static_cast<uint32_t>(i);
    if (r.last != 'a') {
      r.last_word = {};
    }
  }
  r.kind = r.open.empty() ? BracketScan::Kind::kBalanced
                          : BracketScan::Kind::kUnclosed;
  return r;
}

char Closer(char open) {
  return open == '(' ? ')' : open == '[' ? ']' : '}';
}

// Whether CPython's parser, reading a file whose brackets `scan` leaves open
// at its end, gets past the line of the innermost one: then it reports
// "'(' was never closed" (it fails on a later line, or meets the end of the
// file inside the brackets); when it fails on that line, it reports that
// failure. It does get past it when the text up to the end of that line
// can go on into a valid program: with the brackets closed there (after an
// operand `_` where an operator waits for one), alone or as the header of
// a compound statement, it parses without error. `parses` tells whether a
// text parses.
bool ParsesPastUnclosedLine(
    std::string_view bytes,
    const BracketScan& scan,
    const std::function<bool(std::string_view)>& parses) {
  const uint32_t open_at = scan.open.back().at;
  size_t line_end = bytes.find('\n', open_at);
  line_end = line_end == std::string_view::npos ? bytes.size() : line_end;
  const BracketScan prefix = ScanBrackets(bytes.substr(0, line_end));
  if (prefix.kind != BracketScan::Kind::kUnclosed) {
    return false;  // e.g. a string running on to the next line
  }
  std::string closers;
  for (auto it = prefix.open.rbegin(); it != prefix.open.rend(); ++it) {
    closers += Closer(it->c);
  }
  size_t indent_start = bytes.rfind('\n', prefix.line_start);
  indent_start = indent_start == std::string_view::npos ? 0 : indent_start + 1;
  const std::string indent(
      bytes.substr(indent_start, prefix.line_start - indent_start));
  std::string text(bytes.substr(0, prefix.code_end));
  for (const bool operand : {false, true}) {
    if (operand) {
      constexpr std::string_view kWords[] = {
          "and", "or", "not", "in", "is", "else", "await", "yield", "return"};
      const bool needs =
          prefix.last == 'a'
              ? std::find(std::begin(kWords), std::end(kWords),
                          prefix.last_word) != std::end(kWords)
              : std::strchr("+-*/%@&|^~<>=.:", prefix.last) != nullptr &&
                    prefix.last != 0;
      if (!needs) {
        continue;
      }
    }
    const std::string line = text + (operand ? " _" : "") + closers;
    if (parses(line + "\n") || parses(line + ":\n" + indent + "  pass\n")) {
      return true;
    }
  }
  return false;
}

// CPython's message for a file with a bracket error (`scan`: its
// ScanBrackets), and where it reports it; false when the file has none, or
// when agc cannot tell what CPython would say (see BracketScan).
bool BracketErrorAsCPython(const base::SourceFile& source,
                           std::string_view bytes,
                           const BracketScan& scan,
                           const std::function<bool(std::string_view)>& parses,
                           std::string* message,
                           base::LineCol* pos) {
  // An unexpected indent before the error stops CPython's parser first.
  const uint32_t error_at = scan.kind == BracketScan::Kind::kUnclosed
                                ? scan.open.back().at
                                : scan.close_at;
  if (scan.unexpected_indent <= error_at) {
    return false;
  }
  switch (scan.kind) {
    case BracketScan::Kind::kUnknown:
    case BracketScan::Kind::kBalanced:
      return false;
    case BracketScan::Kind::kUnmatched:
      *message = fmt::format("unmatched '{}'", bytes[scan.close_at]);
      *pos = PositionOf(source, scan.close_at);
      return true;
    case BracketScan::Kind::kMismatched: {
      const BracketScan::Open& open = scan.open.back();
      *message = fmt::format(
          "closing parenthesis '{}' does not match opening parenthesis '{}'",
          bytes[scan.close_at], open.c);
      const int32_t open_line = source.LineOf(open.at);
      *pos = PositionOf(source, scan.close_at);
      if (open_line != pos->line) {
        *message += fmt::format(" on line {}", open_line);
      }
      return true;
    }
    case BracketScan::Kind::kUnclosed:
      if (!ParsesPastUnclosedLine(bytes, scan, parses)) {
        return false;
      }
      *message = fmt::format("'{}' was never closed", scan.open.back().c);
      *pos = PositionOf(source, scan.open.back().at);
      return true;
  }
  return false;
}

// Python 3.14 syntax that tree-sitter-python 0.23.6 reads as an ERROR node
// (`n`): a PEP 750 template string's prefix (`t`, `rt`, `Tr`, ...) is an
// identifier in an ERROR node right before its string; PEP 758's exception
// types without parentheses (`except A, B, C:`, `except* A, B:`) leave an
// ERROR node in the except clause. Sets `what` ("template strings need") and
// `at` (the prefix, or the first exception type, where CPython 3.13 reports
// them) and returns true for either; `parses` tells whether a text parses.
bool Python314Error(TSNode n,
                    std::string_view bytes,
                    const std::function<bool(std::string_view)>& parses,
                    std::string_view* what,
                    uint32_t* at) {
  const uint32_t start = ts_node_start_byte(n);
  const uint32_t end = ts_node_end_byte(n);
  std::string prefix(bytes.substr(start, end - start));
  for (char& ch : prefix) {
    ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  }
  if ((prefix == "t" || prefix == "rt" || prefix == "tr") &&
      end < bytes.size() && (bytes[end] == '"' || bytes[end] == '\'')) {
    *what = "template strings need";
    *at = start;
    return true;
  }
  const TSNode clause = ts_node_parent(n);
  if (ts_node_is_null(clause)) {
    return false;
  }
  const Sym s = Grammar::Get().SymOf(clause);
  if (s != Sym::kExceptClause && s != Sym::kExceptGroupClause) {
    return false;
  }
  // The types run from the clause's first named child to its ':'; with
  // them parenthesized the file must parse, and `as` (still an error in
  // 3.14 without parentheses) must not be among them.
  const uint32_t count = ts_node_child_count(clause);
  uint32_t first = 0;
  uint32_t colon = 0;
  bool have_first = false;
  for (uint32_t i = 0; i < count; ++i) {
    const TSNode c = ts_node_child(clause, i);
    if (!have_first && ts_node_is_named(c)) {
      first = ts_node_start_byte(c);
      have_first = true;
    }
    if (!ts_node_is_named(c) && std::strcmp(ts_node_type(c), ":") == 0) {
      colon = ts_node_start_byte(c);
      break;
    }
  }
  if (!have_first || colon <= first) {
    return false;
  }
  const std::string_view types = bytes.substr(first, colon - first);
  for (size_t i = types.find("as"); i != std::string_view::npos;
       i = types.find("as", i + 1)) {
    const bool left = i == 0 || !IsNameChar(types[i - 1]);
    const bool right = i + 2 >= types.size() || !IsNameChar(types[i + 2]);
    if (left && right) {
      return false;
    }
  }
  std::string text(bytes.substr(0, first));
  text += '(';
  text += types;
  text += ')';
  text += bytes.substr(colon);
  if (!parses(text)) {
    return false;
  }
  *what = "exception types without parentheses need";
  *at = first;
  return true;
}

// Reports the first ERROR or MISSING node in document order; an ERROR node
// that holds other errors (tree-sitter's recovery may wrap much of the file
// in one) is looked into for the first innermost one. Iterative: the tree may
// be very deep. It is CPython's "expected ':'" where CPython says so (see
// MissingColonAt, ColonCompletesHeader), unless `scan` (the file's
// ScanBrackets) may have found an error of CPython's tokenizer, which it
// would report instead, or an unexpected indent before; AGC004 for Python
// 3.14 syntax (Python314Error); else AGC001.
void ReportFirstError(TSNode root,
                      const base::SourceFile& source,
                      base::PythonVersion target,
                      const std::function<bool(std::string_view)>& parses,
                      const BracketScan& scan,
                      diag::DiagnosticSink& sink) {
  const Grammar& g = Grammar::Get();
  Cursor cursor(root);
  TSTreeCursor* c = cursor.get();
  while (true) {
    TSNode n = ts_tree_cursor_current_node(c);
    const bool missing = ts_node_is_missing(n);
    bool error = !missing && g.SymOf(n) == Sym::kError;
    if (error) {
      // Descend when a child holds an error of its own.
      bool inner = false;
      {
        TSTreeCursor probe = ts_tree_cursor_copy(c);
        if (ts_tree_cursor_goto_first_child(&probe)) {
          do {
            inner = ts_node_has_error(ts_tree_cursor_current_node(&probe));
          } while (!inner && ts_tree_cursor_goto_next_sibling(&probe));
        }
        ts_tree_cursor_delete(&probe);
      }
      if (inner && ts_tree_cursor_goto_first_child(c)) {
        continue;
      }
    }
    if (missing || error) {
      const uint32_t at =
          error ? ErrorPosition(c, source.bytes()) : ts_node_start_byte(n);
      const base::LineCol pos = PositionOf(source, at);
      // Another token tree-sitter finds missing (MISSING ')', 'in', ...) is
      // not what CPython reports there ("invalid syntax", or its
      // tokenizer's message about the brackets, which the caller gives).
      const bool tokens_ok = scan.kind == BracketScan::Kind::kBalanced ||
                             scan.kind == BracketScan::Kind::kUnclosed;
      std::string_view what;
      uint32_t newer_at = 0;
      if (error && tokens_ok &&
          Python314Error(n, source.bytes(), parses, &what, &newer_at)) {
        sink.Emit(diag::DiagKind::kUnsupportedSyntax, source.path(),
                  PositionOf(source, newer_at), what, base::kPython314Number,
                  base::PythonVersionNumber(target));
      } else if (tokens_ok && scan.unexpected_indent > at &&
                 MissingColonAt(source.bytes(), at) &&
                 ColonCompletesHeader(source.bytes(), at, parses)) {
        // At the token after the header, as CPython: a comment, or the end
        // of the line.
        uint32_t next = at;
        const std::string_view bytes = source.bytes();
        while (next < bytes.size() &&
               (bytes[next] == ' ' || bytes[next] == '\t' ||
                bytes[next] == '\f')) {
          ++next;
        }
        sink.Emit(diag::DiagKind::kMissingToken, source.path(),
                  PositionOf(source, next), "expected ':'");
      } else {
        sink.Emit(diag::DiagKind::kInvalidSyntax, source.path(), pos);
      }
      return;
    }
    if (ts_node_has_error(n) && ts_tree_cursor_goto_first_child(c)) {
      continue;
    }
    while (!ts_tree_cursor_goto_next_sibling(c)) {
      if (!ts_tree_cursor_goto_parent(c)) {
        // has_error but no ERROR/MISSING node found: report the root.
        sink.Emit(diag::DiagKind::kInvalidSyntax, source.path(),
                  PositionOf(source, ts_node_start_byte(root)));
        return;
      }
    }
  }
}

// tree-sitter-python 0.23.6 has no PEP 696 defaults (`[T = int, *Ts =
// *tuple[int], **P = [int]]`, Python 3.13): it reads them as errors inside
// the type_parameter list. Writes to `out` a copy of `in` with, in each
// such list, every `=` at the list's own bracket level (not one in the
// parameters of a lambda there: `[T = lambda x=1: x]`) turned into `:` and
// a `*` right after it into a space (every byte offset kept), which parses
// as bounds; the lowering reads the `=` and the `*` back from the source
// (Lowerer::TypeParam). Returns whether it changed anything.
bool TypeParamDefaultsText(TSNode root, std::string_view in, std::string& out) {
  const Grammar& g = Grammar::Get();
  std::vector<uint32_t> lists;  // where each list's `[` is
  std::vector<TSNode> stack = {root};
  while (!stack.empty()) {
    TSNode n = stack.back();
    stack.pop_back();
    if (!ts_node_has_error(n)) {
      continue;
    }
    if (g.SymOf(n) == Sym::kTypeParameter) {
      lists.push_back(ts_node_start_byte(n));
      continue;
    }
    for (uint32_t i = 0, count = ts_node_child_count(n); i < count; ++i) {
      stack.push_back(ts_node_child(n, i));
    }
  }
  if (lists.empty()) {
    return false;
  }
  out.assign(in.data(), in.size());
  bool changed = false;
  auto is_word = [](char c) {
    return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || static_cast<unsigned char>(c) >= 0x80;
  };
  for (const uint32_t begin : lists) {
    // To the list's closing bracket, which may lie past the node's end: in
    // `type A[T = lambda k=3: k] = ...` the error recovery ends the list
    // before its `=` (MISSING "]").
    const uint32_t end = static_cast<uint32_t>(out.size());
    if (begin >= end || out[begin] != '[') {
      continue;
    }
    int depth = 0;
    // Lambdas at the list's level whose `:` is still ahead: an `=` in their
    // parameters (`[T = lambda x=1: x]`) is a parameter default, not the
    // type parameter's.
    int lambdas = 0;
    for (uint32_t i = begin; i < end && i < out.size(); ++i) {
      const char c = out[i];
      if (depth == 1 && c == 'l' && out.compare(i, 6, "lambda") == 0 &&
          (i == begin || !is_word(out[i - 1])) &&
          (i + 6 >= end || !is_word(out[i + 6]))) {
        ++lambdas;
        i += 5;
        continue;
      }
      if (is_word(c)) {
        continue;
      }
      if (c == '\'' || c == '"') {
        // Skip the string (a simple scan: its own quote, escapes).
        for (++i; i < end && out[i] != c; ++i) {
          i += out[i] == '\\' ? 1 : 0;
        }
        continue;
      }
      if (c == '#') {
        while (i < end && out[i] != '\n') {
          ++i;
        }
        continue;
      }
      if (c == '[' || c == '(' || c == '{') {
        ++depth;
      } else if (c == ']' || c == ')' || c == '}') {
        if (--depth == 0) {
          break;
        }
      } else if (c == ':' && depth == 1 && lambdas > 0 &&
                 (i + 1 >= end || out[i + 1] != '=')) {
        --lambdas;
      } else if (c == '=' && depth == 1 && lambdas == 0 && i > begin &&
                 std::string_view("=<>!:").find(out[i - 1]) ==
                     std::string_view::npos &&
                 (i + 1 >= end || out[i + 1] != '=')) {
        out[i] = ':';
        changed = true;
        uint32_t j = i + 1;
        while (j < end && (out[j] == ' ' || out[j] == '\t')) {
          ++j;
        }
        if (j + 1 < end && out[j] == '*' && out[j + 1] != '*') {
          out[j] = ' ';
        }
      }
    }
  }
  return changed;
}

// Texts for a retry where tree-sitter-python's scanner errs and CPython
// does not; each keeps the program and every byte offset. Writes the text
// to `out` and returns whether it changed anything. Strings are skipped.
//  - A line inside brackets indented less than the enclosing block after a
//    line that ends in an operator (`x = (a +` / `  b)`): the line breaks
//    inside brackets become spaces (implicit line joining). A break that
//    ends a comment is kept (the comment would swallow the next line).
//  - With `comments`, also a comment on a line of its own indented less
//    than the block it is in, between a decorator and its definition
//    (`    @staticmethod` / `#    @cache` / `    def f(): ...`), which the
//    scanner takes for the end of the block, and a comment inside brackets,
//    whose line break would stay: comments on lines of their own and inside
//    brackets become spaces (CPython ignores a comment line's indentation)
//    and are appended to `comments`.
bool RetryText(std::string_view in,
               std::string& out,
               std::vector<ast::Comment>* comments) {
  out.assign(in.data(), in.size());
  bool changed = false;
  int depth = 0;
  bool comment = false;
  bool line_start = true;  // only whitespace so far on this line
  size_t i = 0;
  const size_t n = out.size();
  while (i < n) {
    const char ch = out[i];
    if (ch == '\n' || ch == '\r') {
      if (depth > 0 && !comment) {
        out[i] = ' ';
        changed = true;
      }
      comment = false;
      line_start = true;
      ++i;
      continue;
    }
    if (comment) {
      ++i;
      continue;
    }
    const bool own_line = line_start;
    if (ch != ' ' && ch != '\t' && ch != '\f') {
      line_start = false;
    }
    switch (ch) {
      case '#':
        if (comments != nullptr && (own_line || depth > 0)) {
          // To its '\n', the '\r' of a CRLF included, as tree-sitter's
          // comment token has it (lone CRs are '\n' here, see Parse).
          const size_t end = std::min(out.find('\n', i), n);
          ast::Comment c;
          c.span = {static_cast<uint32_t>(i), static_cast<uint32_t>(end)};
          c.own_line = own_line;
          comments->push_back(c);
          std::fill(out.begin() + static_cast<ptrdiff_t>(i),
                    out.begin() + static_cast<ptrdiff_t>(end), ' ');
          changed = true;
          i = end;
          break;
        }
        comment = true;
        ++i;
        break;
      case '\\':
        i += 2;  // an escaped line break (or anything) stays
        break;
      case '(':
      case '[':
      case '{':
        ++depth;
        ++i;
        break;
      case ')':
      case ']':
      case '}':
        depth = depth > 0 ? depth - 1 : 0;
        ++i;
        break;
      case '\'':
      case '"': {
        const bool triple = i + 2 < n && out[i + 1] == ch && out[i + 2] == ch;
        i += triple ? 3 : 1;
        while (i < n) {
          if (out[i] == '\\') {
            i += 2;
          } else if (out[i] == ch &&
                     (!triple ||
                      (i + 2 < n && out[i + 1] == ch && out[i + 2] == ch))) {
            i += triple ? 3 : 1;
            break;
          } else if (!triple && (out[i] == '\n' || out[i] == '\r')) {
            break;  // unterminated: let the parser report it
          } else {
            ++i;
          }
        }
        break;
      }
      default:
        ++i;
        break;
    }
  }
  return changed;
}

// tree-sitter-python's scanner keeps each indentation width in one byte
// (external scanner state), so a block indented deeper than this many columns
// is parsed wrongly or as a syntax error somewhere else, depending on when
// the state is saved. CPython accepts it, so it is a nesting limit (AGC005).
constexpr uint32_t kMaxIndentColumns = 255;

// Offset of the first statement line (outside brackets and strings) indented
// more than kMaxIndentColumns, or npos. Tabs advance to the next multiple of
// 8, as in CPython's tokenizer.
// The column the blanks at `i` reach (a tab goes to the next multiple of 8, a
// form feed back to 0); `i` is left on the first other byte.
uint32_t IndentColumns(std::string_view bytes, size_t& i) {
  uint32_t col = 0;
  for (; i < bytes.size(); ++i) {
    if (bytes[i] == ' ') {
      ++col;
    } else if (bytes[i] == '\t') {
      col = (col / 8 + 1) * 8;
    } else if (bytes[i] == '\f') {
      col = 0;
    } else {
      break;
    }
  }
  return col;
}

size_t FirstTooDeepIndentIn(std::string_view bytes) {
  int depth = 0;
  size_t i = 0;
  const size_t n = bytes.size();
  bool line_start = true;
  while (i < n) {
    if (line_start && depth == 0) {
      size_t j = i;
      const uint32_t col = IndentColumns(bytes, j);
      if (col > kMaxIndentColumns && j < n && bytes[j] != '\n' &&
          bytes[j] != '\r' && bytes[j] != '#' && bytes[j] != '\\') {
        return j;
      }
      i = j;
    }
    line_start = false;
    if (i >= n) {
      break;
    }
    const char ch = bytes[i];
    switch (ch) {
      case '\n':
      case '\r':
        line_start = true;
        ++i;
        break;
      case '#':
        while (i < n && bytes[i] != '\n' && bytes[i] != '\r') {
          ++i;
        }
        break;
      case '\\':
        i += 2;  // an escaped line break joins the next line to this one
        break;
      case '(':
      case '[':
      case '{':
        ++depth;
        ++i;
        break;
      case ')':
      case ']':
      case '}':
        depth = depth > 0 ? depth - 1 : 0;
        ++i;
        break;
      case '\'':
      case '"': {
        const bool triple =
            i + 2 < n && bytes[i + 1] == ch && bytes[i + 2] == ch;
        i += triple ? 3 : 1;
        while (i < n) {
          if (bytes[i] == '\\') {
            i += 2;
          } else if (bytes[i] == ch &&
                     (!triple || (i + 2 < n && bytes[i + 1] == ch &&
                                  bytes[i + 2] == ch))) {
            i += triple ? 3 : 1;
            break;
          } else if (!triple && (bytes[i] == '\n' || bytes[i] == '\r')) {
            break;
          } else {
            ++i;
          }
        }
        break;
      }
      default:
        ++i;
        break;
    }
  }
  return std::string_view::npos;
}

// FirstTooDeepIndent over the file, scanned only when some physical line
// starts beyond the limit (whether it starts a logical line, and so counts,
// takes the full scan). Lines with fewer than 32 blanks (32 tabs reach
// column 256; a form feed counts as one) are passed over at a glance.
size_t FirstTooDeepIndent(const base::SourceFile& source) {
  const std::string_view bytes = source.bytes();
  auto blank = [&](size_t i) {
    return bytes[i] == ' ' || bytes[i] == '\t' || bytes[i] == '\f';
  };
  for (int32_t line = 1; line <= source.line_count(); ++line) {
    size_t i = source.LineStart(line);
    if (i + 32 < bytes.size() && blank(i + 31) && blank(i) &&
        IndentColumns(bytes, i) > kMaxIndentColumns) {
      return FirstTooDeepIndentIn(bytes);
    }
  }
  return std::string_view::npos;
}

ParserAllocator g_allocator;

// One file's parses: in a region of their own when the allocator has
// regions (see ParserAllocator), with this thread's parser otherwise.
class FileParser {
 public:
  FileParser() {
    if (g_allocator.open_region != nullptr) {
      region_ = g_allocator.open_region();
    }
    if (region_ != nullptr) {
      parser_ = NewParser();
    }
  }

  ~FileParser() {
    if (region_ != nullptr) {
      for (TreePtr& tree : trees_) {
        (void)tree.release();  // freed with the region
      }
      parser_.reset();
      g_allocator.close_region(region_);
    }
  }

  FileParser(const FileParser&) = delete;
  FileParser& operator=(const FileParser&) = delete;

  // The tree of `bytes`, owned by this FileParser; never null for inputs
  // below 4 GiB.
  TSTree* Parse(std::string_view bytes) {
    trees_.push_back(region_ == nullptr ? ParseTree(bytes)
                                        : ParseTree(parser_.get(), bytes));
    return trees_.back().get();
  }

 private:
  void* region_ = nullptr;
  ParserPtr parser_;
  std::vector<TreePtr> trees_;
};

// Parse's work, reporting what it finds to `sink`.
bool ParseAndLower(const base::SourceFile& source,
                   ast::Module& module,
                   diag::DiagnosticSink& sink,
                   const ParseOptions& options) {
  AGC_CHECK(module.body.empty());
  const std::string_view bytes = source.bytes();
  if (bytes.size() >= UINT32_MAX) {
    sink.Emit(diag::DiagKind::kCannotRead, source.path(), base::LineCol{},
              "file is larger than 4 GiB");
    return false;
  }
  bool ok = true;
  if (const void* nul = std::memchr(bytes.data(), '\0', bytes.size())) {
    const auto offset =
        static_cast<uint32_t>(static_cast<const char*>(nul) - bytes.data());
    sink.Emit(diag::DiagKind::kNulByte, source.path(),
              PositionOf(source, offset));
    ok = false;
  }
  auto invalid_utf8 = [&](size_t bad) {
    sink.Emit(diag::DiagKind::kInvalidUtf8, source.path(),
              PositionOf(source, static_cast<uint32_t>(bad)),
              static_cast<unsigned>(static_cast<unsigned char>(bytes[bad])));
  };
  std::vector<uint32_t> invalid_in_comments;
  if (size_t bad = FirstInvalidUtf8(bytes); bad != std::string_view::npos) {
    bool outside = false;
    invalid_in_comments = InvalidUtf8InComments(bytes, bad, &outside);
    if (outside) {
      invalid_utf8(invalid_in_comments.back());
      ok = false;
    }
  }
  if (!ok) {
    return false;
  }
  if (size_t deep = FirstTooDeepIndent(source);
      deep != std::string_view::npos) {
    sink.Emit(diag::DiagKind::kNestingTooDeep, source.path(),
              PositionOf(source, static_cast<uint32_t>(deep)),
              std::to_string(kMaxIndentColumns) + " columns of indentation");
    return false;
  }
  std::string newlines;
  const std::string_view parse_bytes =
      LoneCarriageReturnsAsNewlines(bytes, newlines) ? newlines : bytes;
  FileParser parser;
  TSTree* tree;
  {
    base::StageTimer timer(options.stage_times, "tree-sitter parse");
    tree = parser.Parse(parse_bytes);
  }
  if (tree == nullptr) {
    sink.Emit(diag::DiagKind::kInvalidSyntax, source.path(),
              base::LineCol{1, 1});
    return false;
  }
  TSNode root = ts_tree_root_node(tree);
  if (!invalid_in_comments.empty()) {
    if (size_t bad = FirstOutsideComments(root, invalid_in_comments);
        bad != std::string_view::npos) {
      invalid_utf8(bad);
      return false;
    }
  }
  if (!ts_node_has_error(root)) {
    base::StageTimer timer(options.stage_times, "lower to AST");
    return LowerTree(root, source, module, sink, options);
  }
  // Type parameter defaults (see TypeParamDefaultsText): the copy keeps
  // every line and column.
  std::string defaults;
  if (TypeParamDefaultsText(root, parse_bytes, defaults)) {
    TSTree* retry = parser.Parse(defaults);
    if (retry != nullptr && !ts_node_has_error(ts_tree_root_node(retry))) {
      base::StageTimer timer(options.stage_times, "lower to AST");
      return LowerTree(ts_tree_root_node(retry), source, module, sink, options);
    }
  }
  // Before reporting, retry with the line breaks inside brackets joined
  // (see RetryText); a retry's positions come from bytes.
  std::string joined;
  auto retry_tree = [&](std::vector<ast::Comment>* blanked) -> TSTree* {
    if (!RetryText(parse_bytes, joined, blanked) ||
        (blanked != nullptr && blanked->empty())) {
      return nullptr;
    }
    TSTree* retry = parser.Parse(joined);
    return retry != nullptr && !ts_node_has_error(ts_tree_root_node(retry))
               ? retry
               : nullptr;
  };
  TSTree* retry = retry_tree(nullptr);
  if (retry == nullptr) {
    // Then also without the comments on lines of their own and inside
    // brackets, which the module gets from their spans.
    std::vector<ast::Comment> blanked;
    retry = retry_tree(&blanked);
    if (retry != nullptr) {
      for (ast::Comment& c : blanked) {
        const base::LineCol pos = PositionOf(source, c.span.begin);
        c.origin = {pos.line, pos.col};
        module.comments.push_back(c);
      }
    }
  }
  if (retry != nullptr) {
    return LowerTree(ts_tree_root_node(retry), source, module, sink, options,
                     /*byte_positions=*/true);
  }
  // Whether a text is a valid program, by agc's parser and lowering (which
  // reject what CPython rejects where tree-sitter is lenient, such as a
  // keyword used as a name).
  auto parses = [&](std::string_view text) {
    TSTree* tree = parser.Parse(text);
    if (tree == nullptr || ts_node_has_error(ts_tree_root_node(tree))) {
      return false;
    }
    base::SourceFile completed(source.path(), std::string(text));
    ast::Module completed_module(&completed);
    diag::DiagnosticSink ignored;
    return LowerTree(ts_tree_root_node(tree), completed, completed_module,
                     ignored, options);
  };
  // CPython reports an error of its tokenizer first, wherever it is.
  const BracketScan scan = ScanBrackets(parse_bytes);
  std::string message;
  base::LineCol pos;
  if (BracketErrorAsCPython(source, parse_bytes, scan, parses, &message,
                            &pos)) {
    sink.Emit(diag::DiagKind::kMissingToken, source.path(), pos, message);
    return false;
  }
  ReportFirstError(root, source, options.target, parses, scan, sink);
  return false;
}

}  // namespace

bool Parse(const base::SourceFile& source,
           ast::Module& module,
           diag::DiagnosticSink& sink,
           const ParseOptions& options) {
  diag::DiagnosticSink errors;
  const bool ok = ParseAndLower(source, module, errors, options);
  // A syntax error comes with its line, which every command shows under it
  // with a caret (diag::FormatWithSource).
  for (diag::Diagnostic& d : errors.Sorted()) {
    const bool syntax = d.kind == diag::DiagKind::kInvalidSyntax ||
                        d.kind == diag::DiagKind::kMissingToken ||
                        d.kind == diag::DiagKind::kUnsupportedSyntax;
    if (syntax && d.pos.line > 0 && d.pos.line <= source.line_count()) {
      d.source_line = std::string(source.LineText(d.pos.line));
    }
    sink.Add(std::move(d));
  }
  return ok;
}

bool ParseOnly(std::string_view bytes) {
  if (bytes.size() >= UINT32_MAX) {
    return false;
  }
  TreePtr tree = ParseTree(bytes);
  return tree != nullptr && !ts_node_has_error(ts_tree_root_node(tree.get()));
}

void CheckGrammar() {
  const TSLanguage* language = Grammar::Get().language();
  const uint32_t version = ts_language_version(language);
  AGC_CHECK_MSG(version >= TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION &&
                    version <= TREE_SITTER_LANGUAGE_VERSION,
                "the Python grammar's ABI is not supported by the linked "
                "tree-sitter runtime");
  (void)NewParser();  // fails loudly when the runtime cannot load it
}

void SetParserAllocator(const ParserAllocator& allocator) {
  const bool all = allocator.malloc != nullptr && allocator.calloc != nullptr &&
                   allocator.realloc != nullptr && allocator.free != nullptr;
  const bool none = allocator.malloc == nullptr &&
                    allocator.calloc == nullptr &&
                    allocator.realloc == nullptr && allocator.free == nullptr;
  AGC_CHECK_MSG(all || none, "a parser allocator sets all four functions");
  AGC_CHECK_MSG(
      (allocator.open_region == nullptr) == (allocator.close_region == nullptr),
      "a parser allocator sets both region functions or neither");
  AGC_CHECK_MSG(all || allocator.open_region == nullptr,
                "parser regions need the allocation functions");
  g_allocator = allocator;
  // tree-sitter takes a null function as its default one.
  ts_set_allocator(allocator.malloc, allocator.calloc, allocator.realloc,
                   allocator.free);
}

}  // namespace agc::syntax
