// Checks the lowering's tree walk (lib/syntax/tree_walker.h) against
// tree-sitter's own cursor on every file named on stdin, one path per line:
// each tree is walked both ways and every move, node, symbol and field
// compared. Run over the local CPython standard library by ctest
// (`stdlib_walk`). Exit 1 when a walk differs or a file cannot be read.
#include <fmt/core.h>

#include <iostream>
#include <string>

#include "lib/driver/convert.h"
#include "lib/syntax/grammar.h"
#include "lib/syntax/parse.h"
#include "lib/syntax/tree_walker.h"

int main() {
  agc::syntax::CheckGrammar();
  size_t files = 0;
  size_t differ = 0;
  const size_t unreadable = agc::driver::ForEachListedFile(
      std::cin, [&](const std::string& path, const std::string& bytes) {
        ++files;
        agc::syntax::TreePtr tree = agc::syntax::ParseTree(bytes);
        const std::string difference =
            agc::syntax::CompareWalks(ts_tree_root_node(tree.get()));
        if (!difference.empty() && ++differ <= 10) {
          fmt::print(stderr, "{}: {}\n", path, difference);
        }
      });
  fmt::print("walked {} files both ways: {} differ, {} unreadable\n", files,
             differ, unreadable);
  return files > 0 && differ == 0 && unreadable == 0 ? 0 : 1;
}
