// The baseline scripts/bench.sh compares agc against: parse each file with
// tree-sitter and throw the tree away. Reads the file list on stdin (one path
// per line) so process start-up is paid once, as in `agc convert FILE...`.
#include <fmt/core.h>

#include <iostream>
#include <string>

#include "lib/driver/convert.h"
#include "lib/syntax/parse.h"

int main() {
  agc::syntax::CheckGrammar();
  size_t files = 0;
  size_t errors = 0;
  size_t bytes_total = 0;
  agc::driver::ForEachListedFile(
      std::cin, [&](const std::string&, const std::string& bytes) {
        ++files;
        bytes_total += bytes.size();
        if (!agc::syntax::ParseOnly(bytes)) {
          ++errors;
        }
      });
  fmt::print("parsed {} files, {} bytes, {} with syntax errors\n", files,
             bytes_total, errors);
  return 0;
}
