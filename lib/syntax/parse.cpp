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
#include "lib/syntax/syntax_errors.h"

namespace agc::syntax {
namespace {

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
  ReportSyntaxError(root, source, parse_bytes, options.target, parses, sink);
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
  const uint32_t version = LanguageAbiVersion(language);
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
