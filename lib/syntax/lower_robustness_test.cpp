// Lowering tests: robustness. Deep nesting stops at max_depth (AGC005)
// without crashing, a large file lowers, parsing is thread-safe, ParseOnly
// and CheckGrammar; and a developer check over CPython's standard library.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "lib/ast/ast.h"
#include "lib/base/source_file.h"
#include "lib/diag/diagnostic.h"
#include "lib/syntax/grammar.h"
#include "lib/syntax/lower_test_util.h"
#include "lib/syntax/parse.h"

namespace agc::syntax {
namespace {

using testing::ErrorsOf;
using testing::Lowered;

TEST_CASE("syntax: deep nesting stops at max_depth without crashing",
          "[syntax]") {
  const std::string parens =
      "x = " + std::string(10000, '(') + "1" + std::string(10000, ')') + "\n";
  CHECK(ErrorsOf(parens) ==
        "t.py:1:1004: error: too many nested expressions or blocks (limit "
        "1000) [AGC005]\n");
  const std::string lists =
      "x = " + std::string(10000, '[') + std::string(10000, ']') + "\n";
  CHECK(ErrorsOf(lists).find("[AGC005]") != std::string::npos);
  std::string chain = "x = a";
  for (int i = 0; i < 3000; ++i) {
    chain += " + a";
  }
  CHECK(ErrorsOf(chain + "\n").find("[AGC005]") != std::string::npos);
  std::string attrs = "x = a";
  for (int i = 0; i < 3000; ++i) {
    attrs += ".b";
  }
  CHECK(ErrorsOf(attrs + "\n").find("[AGC005]") != std::string::npos);
  // 1,000 nested blocks: tree-sitter's indentation stack gives up first.
  std::string blocks;
  for (int i = 0; i < 1000; ++i) {
    blocks += std::string(static_cast<size_t>(i), ' ') + "if x:\n";
  }
  blocks += std::string(1000, ' ') + "pass\n";
  CHECK(ErrorsOf(blocks).find("error") != std::string::npos);
  // Its indentation widths fit in a byte: a statement indented more than 255
  // columns is AGC005 at that statement, not a syntax error elsewhere.
  CHECK(ErrorsOf(blocks) ==
        "t.py:257:257: error: too many nested expressions or blocks (limit "
        "255 columns of indentation) [AGC005]\n");
  CHECK(ErrorsOf("if a:\n" + std::string(300, ' ') + "x = 1\nz = (\n") ==
        "t.py:2:301: error: too many nested expressions or blocks (limit "
        "255 columns of indentation) [AGC005]\n");
  // A form feed at the start of the line resets the column, but what
  // follows it still counts.
  CHECK(ErrorsOf("if a:\n\f" + std::string(300, ' ') + "x = 1\n") ==
        "t.py:2:302: error: too many nested expressions or blocks (limit "
        "255 columns of indentation) [AGC005]\n");
  // Deep continuation lines inside brackets and strings are not blocks.
  CHECK(ErrorsOf("x = (1,\n" + std::string(300, ' ') + "2)\ny = '''\n" +
                 std::string(300, ' ') + "s'''\nz = (\n")
            .find("[AGC00") != std::string::npos);
  CHECK(ErrorsOf("x = (1,\n" + std::string(300, ' ') + "2)\ny = '''\n" +
                 std::string(300, ' ') + "s'''\nz = (\n")
            .find("[AGC005]") == std::string::npos);
  // Within the limit everything lowers.
  Lowered ok("x = " + std::string(500, '(') + "1" + std::string(500, ')') +
             "\n");
  CHECK(ok.ok);
  std::string nested;
  for (int i = 0; i < 90; ++i) {
    nested += std::string(static_cast<size_t>(i), ' ') + "if x:\n";
  }
  nested += std::string(90, ' ') + "pass\n";
  Lowered blocks_ok(nested);
  CHECK(blocks_ok.ok);
  CHECK(ast::Verify(blocks_ok.module).empty());
  // And a small limit is honoured, for statements too.
  ParseOptions small;
  small.max_depth = 5;
  CHECK(ErrorsOf("x = ((((((1))))))\n", small) ==
        "t.py:1:9: error: too many nested expressions or blocks (limit 5) "
        "[AGC005]\n");
  CHECK(ErrorsOf("if a:\n if b:\n  if c:\n   if d:\n    if e:\n     pass\n",
                 small)
            .find("[AGC005]") != std::string::npos);
  CHECK(ErrorsOf("if a: pass\nelif b: pass\nelif c: pass\nelif d: pass\n"
                 "elif e: pass\nelif f: pass\n",
                 small)
            .find("[AGC005]") != std::string::npos);
}

TEST_CASE("syntax: a large flat file lowers", "[syntax]") {
  std::string code;
  for (int i = 0; i < 20000; ++i) {
    // Appended piece by piece: `"x" + std::to_string(i)` makes GCC 12 at -O3
    // report a false -Wrestrict (GCC bug 105651).
    code.append("x")
        .append(std::to_string(i))
        .append(" = f(a, b[i], c.d)  # n\n");
  }
  Lowered l(code);
  REQUIRE(l.ok);
  CHECK(l.module.body.size() == 20000);
  CHECK(l.module.comments.size() == 20000);
  CHECK(l.module.body.back()->origin.line == 20000);
  CHECK(ast::Verify(l.module).empty());
}

TEST_CASE("syntax: parsing is thread-safe", "[syntax]") {
  std::vector<std::thread> threads;
  std::vector<int> ok(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&ok, t] {
      for (int i = 0; i < 50; ++i) {
        Lowered l("def f(x):\n    return [y for y in x if y]\n");
        ok[t] += l.ok ? 1 : 0;
      }
    });
  }
  for (std::thread& th : threads) {
    th.join();
  }
  CHECK(ok == std::vector<int>(4, 50));
}

TEST_CASE("syntax: ParseOnly and CheckGrammar", "[syntax]") {
  CheckGrammar();
  CHECK(ParseOnly("x = 1\n"));
  CHECK(ParseOnly(""));
  CHECK_FALSE(ParseOnly("x = (\n"));
}

// Developer check over a CPython standard library (hidden; run with
// `agc_tests "[.stdlib]"` and AGC_STDLIB=/path/to/lib/python3.x): every file
// tree-sitter accepts lowers to a tree that verifies, with every comment.
TEST_CASE("syntax: the standard library lowers", "[.stdlib]") {
  const char* root = std::getenv("AGC_STDLIB");
  if (root == nullptr) {
    WARN("set AGC_STDLIB to the directory of the standard library");
    return;
  }
  std::vector<std::string> paths;
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(root)) {
    const std::string path = entry.path().string();
    if (entry.is_regular_file() && entry.path().extension() == ".py" &&
        path.find("site-packages") == std::string::npos) {
      paths.push_back(path);
    }
  }
  std::sort(paths.begin(), paths.end());
  size_t lowered = 0;
  std::string rejected;
  for (const std::string& path : paths) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    base::SourceFile source(path, bytes.str());
    ast::Module module(&source);
    diag::DiagnosticSink sink;
    if (!Parse(source, module, sink)) {
      for (const diag::Diagnostic& d : sink.Sorted()) {
        rejected += diag::FormatText(d) + "\n";
      }
      continue;
    }
    ++lowered;
    INFO(path);
    CHECK(ast::Verify(module) == "");
    // Every comment of the tree was collected, in order.
    size_t comments = 0;
    {
      TreePtr tree = ParseTree(source.bytes());
      Cursor cursor(ts_tree_root_node(tree.get()));
      TSTreeCursor* c = cursor.get();
      bool done = false;
      while (!done) {
        TSNode n = ts_tree_cursor_current_node(c);
        comments += Grammar::Get().SymOf(n) == Sym::kComment ? 1 : 0;
        if (ts_tree_cursor_goto_first_child(c)) {
          continue;
        }
        while (!ts_tree_cursor_goto_next_sibling(c)) {
          if (!ts_tree_cursor_goto_parent(c)) {
            done = true;
            break;
          }
        }
      }
    }
    CHECK(module.comments.size() == comments);
  }
  WARN(lowered << " of " << paths.size() << " files lowered; rejected:\n"
               << rejected);
}

}  // namespace
}  // namespace agc::syntax
