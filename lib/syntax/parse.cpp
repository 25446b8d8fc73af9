#include "lib/syntax/parse.h"

#include <tree_sitter/api.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
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

// Reports the first ERROR or MISSING node in document order; an ERROR node
// that holds other errors (tree-sitter's recovery may wrap much of the file
// in one) is looked into for the first innermost one. Iterative: the tree may
// be very deep.
void ReportFirstError(TSNode root,
                      const base::SourceFile& source,
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
      uint32_t at = ts_node_start_byte(n);
      if (error) {
        at = ErrorPosition(c, source.bytes());
      }
      base::LineCol pos = PositionOf(source, at);
      if (missing && !ts_node_is_named(n)) {
        sink.Emit(diag::DiagKind::kMissingToken, source.path(), pos,
                  ts_node_type(n));
      } else if (error && MissingColonAt(source.bytes(), at)) {
        sink.Emit(diag::DiagKind::kMissingToken, source.path(), pos, ":");
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
  ReportFirstError(root, source, sink);
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
