// Shared helpers for the printer's unit tests (Catch2, printer_test.cpp and
// printer_parsed_test.cpp): the origin lines of an output that keeps every
// input line in place, and the number of lines the source map counts.
//
//   CHECK(r.origin_lines == Iota(8));
//   CHECK(r.origin_lines.size() == CountLines(r.text));
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace agc::codegen::testing {

inline std::vector<int32_t> Iota(int32_t n) {
  std::vector<int32_t> v;
  for (int32_t i = 1; i <= n; ++i) {
    v.push_back(i);
  }
  return v;
}

// Number of lines of `text` as the map counts them: line terminators \n,
// \r\n and \r; a final line without a terminator counts.
inline size_t CountLines(std::string_view text) {
  size_t n = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' ||
        (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n'))) {
      ++n;
    }
  }
  if (!text.empty() && text.back() != '\n' && text.back() != '\r') {
    ++n;
  }
  return n;
}

}  // namespace agc::codegen::testing
