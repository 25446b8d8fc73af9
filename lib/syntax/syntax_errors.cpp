// The first syntax error of a file that tree-sitter-python cannot parse,
// worded as CPython words it: the bracket errors of CPython's tokenizer, a
// header's missing ':', Python 3.14 syntax, else the first ERROR or MISSING
// node; and the indentation too deep for the grammar's scanner.
#include "lib/syntax/syntax_errors.h"

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

namespace agc::syntax {

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

namespace {

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

}  // namespace

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

void ReportSyntaxError(TSNode root,
                       const base::SourceFile& source,
                       std::string_view bytes,
                       base::PythonVersion target,
                       const std::function<bool(std::string_view)>& parses,
                       diag::DiagnosticSink& sink) {
  // CPython reports an error of its tokenizer first, wherever it is.
  const BracketScan scan = ScanBrackets(bytes);
  std::string message;
  base::LineCol pos;
  if (BracketErrorAsCPython(source, bytes, scan, parses, &message, &pos)) {
    sink.Emit(diag::DiagKind::kMissingToken, source.path(), pos, message);
    return;
  }
  ReportFirstError(root, source, target, parses, scan, sink);
}

}  // namespace agc::syntax
