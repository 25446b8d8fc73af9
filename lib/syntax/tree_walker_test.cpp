#include "lib/syntax/tree_walker.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "lib/syntax/grammar.h"

namespace agc::syntax {
namespace {

std::string Compare(const std::string& code) {
  TreePtr tree = ParseTree(code);
  REQUIRE(tree != nullptr);
  return CompareWalks(ts_tree_root_node(tree.get()));
}

TEST_CASE("TreeWalker reads the node layout of the linked libtree-sitter") {
  // False means the lowering walks with TSTreeCursor (correct, slower): the
  // linked libtree-sitter is not the 0.20.7 scripts/setup.sh installs.
  CHECK(TreeWalker::LayoutMatches());
}

TEST_CASE("TreeWalker moves as TSTreeCursor does") {
  const std::vector<std::string> sources = {
      "",
      "# only a comment\n",
      "x = 1\n",
      "def f(a, *, b=2, **c):\n    return a if b else c\n",
      // Aliases (keyword identifiers, print as a name), fields through hidden
      // rules, comments as extras inside expressions and between clauses.
      "print = match = type = 1\nexec(print)\n",
      "if (a  # c\n    and b):\n    pass\n# c\nelif c:\n    pass\n",
      "x = [  # c\n  1,\n  # c\n  2]\n",
      "a = b \\\n    + c\n",
      // Leaves too large for tree-sitter's inline form: more than 15 rows or
      // 255 columns of padding, tokens longer than 255 bytes.
      "x = (\n" + std::string(40, '\n') + "1)\n",
      "x = (" + std::string(300, ' ') + "1)\n",
      "x = " + std::string(400, 'a') + "\ny = '" + std::string(300, 'b') +
          "'\n",
      // Byte columns: multi-byte UTF-8, tabs, form feeds, CRLF.
      "s = 'h\xc3\xa9llo'; \xc3\xa9t\xc3\xa9 = s  # \xe2\x82\xac\n",
      "if x:\r\n\tdef g():\r\n\t\treturn 1\r\n",
      "\x0cx = 1\n",
      // Strings and f-strings with nested expressions.
      "f'{a!r:>{b}}' 'c' b'd' r'\\e'\n",
      "x = f'''\n{y\n}\n'''\n",
      // Errors: the walker must follow ERROR and MISSING nodes too.
      "def f(:\n    pass\n",
      "x = (1,\n",
      // Deep nesting.
      "x = " + std::string(300, '(') + "1" + std::string(300, ')') + "\n",
      "match p:\n    case {'k': [1, *r], **kw} if r: pass\n",
      "class C(B, metaclass=M):\n    @property\n    async def m(self):\n"
      "        async with a as b:\n            await b\n",
  };
  for (const std::string& source : sources) {
    INFO(source);
    CHECK(Compare(source).empty());
  }
}

TEST_CASE("TreeWalker through TSTreeCursor visits every visible node") {
  TreePtr tree = ParseTree("def f(x):\n    return x + 1\n");
  TSNode root = ts_tree_root_node(tree.get());
  for (bool direct : {true, false}) {
    TreeWalker walker(root, direct);
    std::vector<std::string> types;
    int depth = 0;
    for (;;) {
      types.push_back(ts_node_type(walker.Node()));
      if (walker.Down()) {
        ++depth;
        continue;
      }
      while (!walker.Next()) {
        if (depth == 0) {
          break;
        }
        CHECK(walker.Up());
        --depth;
      }
      if (depth == 0) {
        break;
      }
    }
    CHECK(types == std::vector<std::string>{
                       "module", "function_definition", "def", "identifier",
                       "parameters", "(", "identifier", ")", ":", "block",
                       "return_statement", "return", "binary_operator",
                       "identifier", "+", "integer"});
  }
}

}  // namespace
}  // namespace agc::syntax
