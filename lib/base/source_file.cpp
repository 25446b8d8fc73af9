#include "lib/base/source_file.h"

#include <algorithm>
#include <cstring>

#include "lib/base/check.h"

namespace agc::base {

namespace {

// Whether `text` has only ASCII bytes; eight at a time.
bool AllAscii(const char* text, size_t n) {
  size_t i = 0;
  uint64_t any = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t word;
    std::memcpy(&word, text + i, 8);
    any |= word;
  }
  for (; i < n; ++i) {
    any |= static_cast<unsigned char>(text[i]);
  }
  return (any & 0x8080808080808080ULL) == 0;
}

}  // namespace

SourceFile::SourceFile(std::string path, std::string bytes)
    : path_(std::move(path)), bytes_(std::move(bytes)) {
  const size_t n = bytes_.size();
  const char* data = bytes_.data();
  if (std::memchr(data, '\r', n) == nullptr) {
    // The common case, only LF line ends: memchr finds each line end, and an
    // all-ASCII file (most of them) needs no per-line check. Every file goes
    // through here once, so this is worth the second loop.
    starts_.reserve(n / 32 + 1);
    const bool all_ascii = AllAscii(data, n);
    size_t i = 0;
    while (i < n) {
      const auto* nl =
          static_cast<const char*>(std::memchr(data + i, '\n', n - i));
      const size_t end = nl == nullptr ? n : static_cast<size_t>(nl - data) + 1;
      starts_.push_back(static_cast<uint32_t>(i));
      ascii_.push_back(all_ascii || AllAscii(data + i, end - i));
      i = end;
    }
    return;
  }
  size_t i = 0;
  while (i < n) {
    starts_.push_back(static_cast<uint32_t>(i));
    bool ascii = true;
    while (i < n) {
      unsigned char c = static_cast<unsigned char>(bytes_[i]);
      if (c == '\n') {
        ++i;
        break;
      }
      if (c == '\r') {
        ++i;
        if (i < n && bytes_[i] == '\n') {
          ++i;
        }
        break;
      }
      if (c >= 0x80) {
        ascii = false;
      }
      ++i;
    }
    ascii_.push_back(ascii);
  }
}

uint32_t SourceFile::LineStart(int32_t line) const {
  AGC_CHECK(line >= 1 && line <= line_count() + 1);
  if (line == line_count() + 1) {
    return static_cast<uint32_t>(bytes_.size());
  }
  return starts_[line - 1];
}

std::string_view SourceFile::LineText(int32_t line) const {
  uint32_t begin = LineStart(line);
  uint32_t end = LineEnd(line);
  while (end > begin && (bytes_[end - 1] == '\n' || bytes_[end - 1] == '\r')) {
    --end;
  }
  return std::string_view(bytes_).substr(begin, end - begin);
}

int32_t SourceFile::LineOf(uint32_t offset) const {
  if (starts_.empty()) {
    return 1;
  }
  auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
  return static_cast<int32_t>(it - starts_.begin());
}

int32_t SourceFile::ColumnOf(int32_t line, uint32_t byte_col) const {
  if (line < 1 || line > line_count() || ascii_[line - 1]) {
    return static_cast<int32_t>(byte_col) + 1;
  }
  std::string_view text =
      std::string_view(bytes_).substr(LineStart(line), byte_col);
  return CountCodePoints(text) + 1;
}

LineCol SourceFile::PositionOf(uint32_t offset) const {
  int32_t line = LineOf(offset);
  if (starts_.empty()) {
    return {1, 1};
  }
  return {line, ColumnOf(line, offset - starts_[line - 1])};
}

bool SourceFile::IsValidUtf8(uint32_t* bad_offset) const {
  size_t bad = FindInvalidUtf8(bytes_);
  if (bad == std::string_view::npos) {
    return true;
  }
  if (bad_offset != nullptr) {
    *bad_offset = static_cast<uint32_t>(bad);
  }
  return false;
}

namespace {

// Length of the valid UTF-8 sequence starting at text[i], or 0 if invalid.
size_t Utf8SequenceLength(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char c = byte(i);
  if (c < 0x80) {
    return 1;
  }
  size_t len;
  uint32_t min;
  uint32_t cp;
  if ((c & 0xE0) == 0xC0) {
    len = 2, min = 0x80, cp = c & 0x1F;
  } else if ((c & 0xF0) == 0xE0) {
    len = 3, min = 0x800, cp = c & 0x0F;
  } else if ((c & 0xF8) == 0xF0) {
    len = 4, min = 0x10000, cp = c & 0x07;
  } else {
    return 0;
  }
  if (i + len > text.size()) {
    return 0;
  }
  for (size_t k = 1; k < len; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) {
      return 0;
    }
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    return 0;
  }
  return len;
}

}  // namespace

int32_t CountCodePoints(std::string_view text) {
  int32_t count = 0;
  size_t i = 0;
  while (i < text.size()) {
    size_t len = Utf8SequenceLength(text, i);
    i += len == 0 ? 1 : len;
    ++count;
  }
  return count;
}

size_t FindInvalidUtf8(std::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    size_t len = Utf8SequenceLength(text, i);
    if (len == 0) {
      return i;
    }
    i += len;
  }
  return std::string_view::npos;
}

}  // namespace agc::base
