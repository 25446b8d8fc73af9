// The JSON source map of spec §6, written next to a generated file:
//
//   {
//     "version": 1,
//     "source": "model.py",          relative to the map file's folder
//     "generated": "model_ag.py",
//     "source_sha256": "…",          of the input bytes
//     "origin_lines": [1,1,3,3,4]    entry k: input line of output line k+1
//   }
//
// Reading validates the structure and returns an error message instead of
// throwing.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace agc::codegen {

struct SourceMap {
  static constexpr int kVersion = 1;

  std::string source;         // relative to the folder of the map file
  std::string generated;      // the generated file's name
  std::string source_sha256;  // lower-case hex
  std::vector<int32_t> origin_lines;
};

// The map as JSON text (keys in the order above, one per line; the line
// array on one line), ending with a newline.
std::string WriteSourceMap(const SourceMap& map);

// Parses and validates map JSON into `*out`. Returns an empty string on
// success, else what is wrong (`*out` is then unspecified).
std::string ParseSourceMap(std::string_view json, SourceMap* out);

// The path of `file` relative to the folder `from_dir`, with '/' separators
// (e.g. "../src/model.py"). Both are made absolute against the current
// directory and lexically normalized first; when no relative path exists,
// the absolute path of `file`.
std::string RelativePath(std::string_view from_dir, std::string_view file);

}  // namespace agc::codegen
