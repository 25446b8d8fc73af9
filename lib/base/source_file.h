// SourceFile: the bytes of one input file, its display path, and a line table
// for converting between byte offsets and 1-based (line, column) positions.
// Columns count Unicode code points, as Python's tracebacks and agc's
// diagnostics do; bytes that are not valid UTF-8 count one column each.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace agc::base {

struct LineCol {
  int32_t line = 0;  // 1-based; 0 means "no position"
  int32_t col = 0;   // 1-based, in code points

  friend bool operator==(const LineCol&, const LineCol&) = default;
};

class SourceFile {
 public:
  SourceFile(std::string path, std::string bytes);

  const std::string& path() const { return path_; }

  std::string_view bytes() const { return bytes_; }

  // Number of lines. A file that ends with a newline has no extra empty last
  // line; an empty file has zero lines.
  int32_t line_count() const { return static_cast<int32_t>(starts_.size()); }

  // Byte offset where 1-based `line` starts. line_count()+1 gives size().
  uint32_t LineStart(int32_t line) const;

  // Byte offset one past the end of `line`, including its line terminator.
  uint32_t LineEnd(int32_t line) const { return LineStart(line + 1); }

  // The text of `line` without its terminator.
  std::string_view LineText(int32_t line) const;

  // 1-based line containing byte `offset` (offset == size() is on the last
  // line).
  int32_t LineOf(uint32_t offset) const;

  // 1-based line and code-point column of byte `offset`.
  LineCol PositionOf(uint32_t offset) const;

  // Code-point column (1-based) of a byte column (0-based) within `line`.
  int32_t ColumnOf(int32_t line, uint32_t byte_col) const;

  // Whether the whole file is valid UTF-8; if not, `bad_offset` (may be null)
  // receives the first invalid byte.
  bool IsValidUtf8(uint32_t* bad_offset) const;

 private:
  std::string path_;
  std::string bytes_;
  std::vector<uint32_t> starts_;  // byte offset of each line start
  std::vector<bool> ascii_;       // line has only ASCII bytes
};

// Counts code points in `text` (invalid bytes count one each).
int32_t CountCodePoints(std::string_view text);

// Returns the offset of the first byte that is not valid UTF-8, or npos.
size_t FindInvalidUtf8(std::string_view text);

}  // namespace agc::base
