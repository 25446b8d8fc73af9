// Lowering tests: input that is rejected. Syntax errors at CPython's
// position (AGC001) and in CPython's words (AGC006), input tree-sitter
// accepts but CPython does not, NUL bytes and invalid UTF-8 (AGC002, AGC003),
// and the source line a diagnostic carries.
#include <catch2/catch.hpp>
#include <string>

#include "lib/base/python_version.h"
#include "lib/syntax/lower_test_util.h"
#include "lib/syntax/parse.h"

namespace agc::syntax {
namespace {

using testing::DumpOf;
using testing::ErrorsOf;
using testing::Lowered;

TEST_CASE("syntax: a syntax error carries its source line", "[syntax]") {
  {
    Lowered l("x = 1\r\nif x\r\n    pass\r\n");
    const auto diags = l.sink.Sorted();
    REQUIRE(diags.size() == 1);
    CHECK(diags[0].source_line == "if x");
  }
  {
    ParseOptions py311;
    py311.target = base::PythonVersion::kPy311;
    Lowered l("def f[T](x):\n    pass\n", py311);  // AGC004
    const auto diags = l.sink.Sorted();
    REQUIRE(diags.size() == 1);
    CHECK(diags[0].code() == 4);
    CHECK(diags[0].source_line == "def f[T](x):");
  }
  {
    // Not the line of a file that is not text.
    Lowered l("x = 1\ny = '\xff'\n");
    const auto diags = l.sink.Sorted();
    REQUIRE(diags.size() == 1);
    CHECK(diags[0].code() == 2);
    CHECK(diags[0].source_line.empty());
  }
}

TEST_CASE("syntax: syntax errors are AGC001 at CPython's position",
          "[syntax]") {
  // Positions are those CPython 3.11 reports for the same input, and so are
  // the messages of AGC006 (`python3 -c 'compile(src, "t.py", "exec")'`).
  auto invalid = [](int line, int col) {
    return "t.py:" + std::to_string(line) + ":" + std::to_string(col) +
           ": error: invalid syntax [AGC001]\n";
  };
  CHECK(ErrorsOf("x = 1 +\n") == invalid(1, 8));
  CHECK(ErrorsOf("x = 1\nx = = 2\n") == invalid(2, 5));
  // Where CPython's tokenizer says more ("unterminated string literal"),
  // agc does not (yet).
  CHECK(ErrorsOf("x = \"abc\n") == invalid(1, 5));
  // tree-sitter finds a ')' missing (a MISSING node), but CPython does not
  // say "expected ')'" there: it is "invalid syntax".
  CHECK(ErrorsOf("def f(:\n  pass\n") == invalid(1, 7));
  CHECK(ErrorsOf("if foo(a, b:\n    pass\n") == invalid(1, 12));
  CHECK(ErrorsOf("if x import y:\n  pass\n") == invalid(1, 6));
}

TEST_CASE("syntax: a missing ':' is AGC006 where CPython expects it",
          "[syntax]") {
  auto expected = [](int line, int col) {
    return "t.py:" + std::to_string(line) + ":" + std::to_string(col) +
           ": error: invalid syntax: expected ':' [AGC006]\n";
  };
  CHECK(ErrorsOf("if x\n  pass\n") == expected(1, 5));
  CHECK(ErrorsOf("def f(x)\n  pass\n") == expected(1, 9));
  CHECK(ErrorsOf("class A(B)\n  pass\n") == expected(1, 11));
  CHECK(ErrorsOf("x = 1\nwhile True") == expected(2, 11));
  CHECK(ErrorsOf("if x:\n  pass\nelif y\n  pass\n") == expected(3, 7));
  CHECK(ErrorsOf("async def f():\n  async for x in y\n    pass\n") ==
        expected(2, 19));
  // At the next token: a comment, or the end of the line.
  CHECK(ErrorsOf("def f(x)  # c\n  pass\n") == expected(1, 11));
  CHECK(ErrorsOf("if x   \n  pass\n") == expected(1, 8));
  CHECK(ErrorsOf("if x\r\n  pass\r\n") == expected(1, 5));
  // Not when the header is not whole: CPython stops before its end.
  CHECK(ErrorsOf("if x import y\n  pass\n").find("[AGC001]") !=
        std::string::npos);
  CHECK(ErrorsOf("class A,\n  pass\n").find("[AGC001]") != std::string::npos);
  CHECK(ErrorsOf("if = f()\n").find("[AGC001]") != std::string::npos);
  // Nor when a ':' at the end would be inside a comment.
  CHECK(ErrorsOf("def f(self): # a\n    x = 1\n\n     y in z:\n        pass\n")
            .find("[AGC006]") == std::string::npos);
}

TEST_CASE("syntax: bracket errors are AGC006 as CPython's tokenizer says",
          "[syntax]") {
  auto at = [](int line, int col, std::string message) {
    return "t.py:" + std::to_string(line) + ":" + std::to_string(col) +
           ": error: invalid syntax: " + message + " [AGC006]\n";
  };
  CHECK(ErrorsOf("x = )\n") == at(1, 5, "unmatched ')'"));
  CHECK(ErrorsOf("x = f(a)]\n") == at(1, 9, "unmatched ']'"));
  // Columns count code points.
  CHECK(ErrorsOf("s = 'é€'; x = )\n") == at(1, 15, "unmatched ')'"));
  CHECK(ErrorsOf("x = [1, 2, 3)\n") ==
        at(1, 13,
           "closing parenthesis ')' does not match opening parenthesis '['"));
  CHECK(ErrorsOf("x = [\n  (1, 2\n]\n") ==
        at(3, 1,
           "closing parenthesis ']' does not match opening parenthesis '(' "
           "on line 2"));
  // An error of the tokenizer comes first, wherever the parser stops.
  CHECK(ErrorsOf("x = 1 +\ny = 2\nz = )\n") == at(3, 5, "unmatched ')'"));
  // Brackets, strings and comments as the tokenizer reads them.
  CHECK(ErrorsOf("s = ')'  # (\nx = 1)\n") == at(2, 6, "unmatched ')'"));
  CHECK(ErrorsOf("x = '''\n(\n'''\ny = )\n") == at(4, 5, "unmatched ')'"));
  CHECK(ErrorsOf("x = \\\n  1)\n") == at(2, 4, "unmatched ')'"));

  // Open at the end of the file: "never closed", at the innermost one, when
  // CPython's parser gets past its line.
  CHECK(ErrorsOf("x = (1,\n") == at(1, 5, "'(' was never closed"));
  CHECK(ErrorsOf("x = [1, 2\ny = 3\n") == at(1, 5, "'[' was never closed"));
  CHECK(ErrorsOf("x = {1: 2\n") == at(1, 5, "'{' was never closed"));
  CHECK(ErrorsOf("x = 1\ndef f():\n    return x\ny = (1 +\n") ==
        at(4, 5, "'(' was never closed"));
  CHECK(ErrorsOf("x = 1\ny = (1 +") == at(2, 5, "'(' was never closed"));
  CHECK(ErrorsOf("print(f(x)\nprint(2)\n") == at(1, 6, "'(' was never closed"));
  CHECK(ErrorsOf("x = [\n  1,\n  2\ny = 3\n") ==
        at(1, 5, "'[' was never closed"));
  CHECK(ErrorsOf("def f(a,\n      b:\n    pass\n") ==
        at(1, 6, "'(' was never closed"));
  CHECK(ErrorsOf("if (a and\n    b:\n    pass\n") ==
        at(1, 4, "'(' was never closed"));
  CHECK(ErrorsOf("x = (1,\r\ny = 2\r\n") == at(1, 5, "'(' was never closed"));
  CHECK(ErrorsOf("x = (1,\ry = 2\r") == at(1, 5, "'(' was never closed"));
  // 200 levels are the tokenizer's most (201: "too many nested
  // parentheses", below).
  CHECK(ErrorsOf("x = " + std::string(200, '(') + "\n") ==
        at(1, 204, "'(' was never closed"));
  // CPython's parser stops on the bracket's line: its error there, not
  // "never closed" (agc: AGC001).
  CHECK(ErrorsOf("foo(a, b:\nx = 1\n").find("[AGC001]") != std::string::npos);
  CHECK(ErrorsOf("wr(if\nx = 1\n").find("[AGC001]") != std::string::npos);
  CHECK(ErrorsOf("x = f(,\ny = 1\n").find("[AGC001]") != std::string::npos);

  // Where another error of the tokenizer or an unexpected indent comes
  // first, or the text is one agc does not read as the tokenizer does: no
  // claim.
  for (const std::string& code :
       {std::string("s = 'abc\nx = )\n"), std::string("x = 0777 + )\n"),
        std::string("x = 1\n    y = )\n"), std::string("caf\xC3\xA9 = )\n"),
        std::string("x = 1 $ )\n"), "x = " + std::string(201, '(') + "\n"}) {
    INFO(code);
    CHECK(ErrorsOf(code).find("[AGC006]") == std::string::npos);
  }
}

TEST_CASE("syntax: a comma with nothing before it is an error", "[syntax]") {
  // tree-sitter accepts these; CPython does not.
  CHECK(ErrorsOf("f(,)\n") == "t.py:1:3: error: invalid syntax [AGC001]\n");
  CHECK(ErrorsOf("x = {,}\n") == "t.py:1:6: error: invalid syntax [AGC001]\n");
  CHECK(ErrorsOf("class A(,): pass\n") ==
        "t.py:1:9: error: invalid syntax [AGC001]\n");
  CHECK(DumpOf("f(a,)\nx = {1: 2,}\ny = {**a,}\n") != "");
}

TEST_CASE("syntax: input tree-sitter accepts but CPython rejects", "[syntax]") {
  auto at = [](int line, int col) {
    return "t.py:" + std::to_string(line) + ":" + std::to_string(col) +
           ": error: invalid syntax [AGC001]\n";
  };
  // Python 2.
  CHECK(ErrorsOf("print \"a\"\n") == at(1, 1));
  CHECK(ErrorsOf("exec \"x\"\n") == at(1, 1));
  CHECK(ErrorsOf("a <> b\n") == at(1, 3));
  CHECK(ErrorsOf("x = `a`\n") == at(1, 5));
  CHECK(ErrorsOf("x = 0777\n") == at(1, 5));
  CHECK(ErrorsOf("x = 10L\n") == at(1, 5));
  CHECK(ErrorsOf("x = ur'a'\n") == at(1, 5));
  CHECK(ErrorsOf("raise E, V\n") == at(1, 7));
  // Python 2's `except E, e:` is Python 3.14's `except (E, e):` (PEP 758).
  CHECK(ErrorsOf("try:\n  pass\nexcept E, e:\n  pass\n") ==
        "t.py:3:8: error: exception types without parentheses need Python "
        "3.14 (target is 3.13) [AGC004]\n");
  CHECK(ErrorsOf("try:\n  pass\nexcept E, e as f:\n  pass\n") == at(3, 9));
  CHECK(ErrorsOf("def f(a, (b, c)): pass\n") == at(1, 10));
  CHECK(ErrorsOf("lambda (a, b): 0\n") == at(1, 8));
  CHECK(ErrorsOf("[x for x in 1, 2]\n") == at(1, 14));
  // Keywords where tree-sitter reads a name.
  CHECK(ErrorsOf("except: pass\n") == at(1, 1));
  CHECK(ErrorsOf("async = 1\n") == at(1, 1));
  CHECK(ErrorsOf("x.await = 1\n") == at(1, 1));
  // Indentation.
  CHECK(ErrorsOf("if x:\npass\n") == at(2, 1));
  CHECK(ErrorsOf("  x = 1\n") == at(1, 3));
  CHECK(ErrorsOf("x = 1\n  y = 2\n") == at(2, 3));
  CHECK(ErrorsOf("def f():\n    a\n      b\n") == at(3, 7));
  CHECK(ErrorsOf("if x:\n        a\n    b\n") == at(3, 5));
  // Targets, arguments, parameters, literals.
  CHECK(ErrorsOf("del f()\n") == at(1, 5));
  CHECK(ErrorsOf("del *a\n") == at(1, 5));
  CHECK(ErrorsOf("(a, b): int\n") == at(1, 1));
  CHECK(ErrorsOf("a, b += 1\n") == at(1, 1));
  CHECK(ErrorsOf("f(a=1, b)\n") == at(1, 8));
  CHECK(ErrorsOf("f(**a, *b)\n") == at(1, 8));
  CHECK(ErrorsOf("def f(a=1, b): pass\n") == at(1, 12));
  CHECK(ErrorsOf("def f(*): pass\n") == at(1, 7));
  CHECK(ErrorsOf("x = b'a' 'b'\n") == at(1, 5));
  CHECK(ErrorsOf("x = b'\xC3\xA9'\n") == at(1, 5));
  CHECK(ErrorsOf("f'{x!z}'\n") == at(1, 5));
  CHECK(ErrorsOf("a = (*b)\n") == at(1, 6));
  CHECK(ErrorsOf("match x:\n  case {a: 1}: pass\n") == at(2, 9));
  CHECK(ErrorsOf("x = 0_1\n") == at(1, 5));
  CHECK(ErrorsOf("s = '\\u12'\n") == at(1, 5));
  CHECK(ErrorsOf("s = b'\\x4'\n") == at(1, 5));
  // Unparenthesized `:=`, `*` and `yield` where CPython does not allow them.
  CHECK(ErrorsOf("x = y := 1\n") == at(1, 5));
  CHECK(ErrorsOf("a := 1\n") == at(1, 1));
  CHECK(ErrorsOf("f(a=b := 1)\n") == at(1, 5));
  CHECK(ErrorsOf("x = [yield]\n") == at(1, 6));
  CHECK(ErrorsOf("f(yield)\n") == at(1, 3));
  CHECK(ErrorsOf("raise *a\n") == at(1, 7));
  CHECK(ErrorsOf("print(a + *b)\n") == at(1, 11));
  CHECK(ErrorsOf("def f():\n    **self.a(m)\n") == at(2, 6));
  // Imports.
  CHECK(ErrorsOf("from a import b,\n") == at(1, 16));
  CHECK(ErrorsOf("import a,\n") == at(1, 9));
  CHECK(ErrorsOf("from a import b.c\n") == at(1, 15));
  // A statement or header running on over a line break, clauses and
  // decorators out of line, a line continuation into the end of the file.
  CHECK(ErrorsOf("x = ('6' or  # c\n'7')\ny = '6' or  # c\n'7'\n") ==
        at(3, 16));
  CHECK(ErrorsOf("def f(self)\n:\n    pass\n") == at(1, 12));
  CHECK(ErrorsOf("if x:\n    a\n else:\n    b\n") == at(3, 2));
  CHECK(ErrorsOf("class C:\n  @d\n    def f(self): pass\n") == at(3, 5));
  CHECK(ErrorsOf("x = 1\n\\\n") == at(2, 3));
  CHECK(ErrorsOf("def f():\n    if x:\n    \\\n    return\n") == at(4, 5));
  // ... where CPython accepts similar input.
  CHECK(DumpOf("class C:\n    x = 1\n\\\n    y = 2\n\\\n\n") ==
        "Module(body=[ClassDef(name='C', bases=[], keywords=[], body=["
        "Assign(targets=[Name(id='x', ctx=Store())], value=Constant("
        "value_kind=int, text='1')), Assign(targets=[Name(id='y', "
        "ctx=Store())], value=Constant(value_kind=int, text='2'))], "
        "decorator_list=[])])");
}

TEST_CASE("syntax: a failed parse does not affect the next one", "[syntax]") {
  // tree-sitter-python's scanner would stay "inside an f-string" and fail
  // on the string of the second input.
  CHECK(ErrorsOf("x = f'{a\n") == "t.py:1:7: error: invalid syntax [AGC001]\n");
  const std::string code =
      "if n == 0:\n"
      "    if remaining == size:\n"
      "        raise EOFError\n"
      "    else:\n"
      "        raise OSError(\"got end of file during message\")\n"
      "buf.write(chunk)\n"
      "1j\n";
  Lowered l(code);
  INFO(l.Errors());
  CHECK(l.ok);
}

TEST_CASE("syntax: NUL bytes and invalid UTF-8 are found before parsing",
          "[syntax]") {
  CHECK(ErrorsOf(std::string("x = 1\0\n", 7)) ==
        "t.py:1:6: error: source code cannot contain null bytes [AGC003]\n");
  CHECK(ErrorsOf(std::string(64, '\0')) ==
        "t.py:1:1: error: source code cannot contain null bytes [AGC003]\n");
  CHECK(ErrorsOf("x = 1\ns = '\xC3\xA9\xFF'\n") ==
        "t.py:2:7: error: file is not valid UTF-8 (invalid byte 0xff) "
        "[AGC002]\n");
  CHECK(ErrorsOf("\xC3(\n") ==
        "t.py:1:1: error: file is not valid UTF-8 (invalid byte 0xc3) "
        "[AGC002]\n");
  std::string junk;
  for (int i = 0; i < 4096; ++i) {
    junk += static_cast<char>((i * 7919 + 13) % 256);
  }
  CHECK(ErrorsOf(junk).find("[AGC00") != std::string::npos);
}

TEST_CASE(
    "syntax: invalid UTF-8 inside a comment is accepted, as compile() "
    "and import accept it",
    "[syntax]") {
  auto accepted = [](std::string code) {
    Lowered l(std::move(code));
    INFO(l.Errors());
    return l.ok && l.sink.size() == 0;
  };
  // Latin-1 bytes in comments: on their own line, after code, several on a
  // line, at the end of a file with no newline, after \r line ends.
  CHECK(accepted("# Fran\xE7ois\nx = 1  # \xE9t\xE9 \xFF\n"));
  CHECK(accepted("def f(x):\n    # \xE9\n    return x  # \xC2\n#\xC2"));
  CHECK(accepted("x = (1,  # \xE9\r 2)\r# \xE9\r"));
  // Anywhere else it is still an error, at that byte, also on a line after
  // one whose comment has some, or after a '#' that opens no comment.
  CHECK(ErrorsOf("x = 1  # \xE9\ns = '\xE9'\n") ==
        "t.py:2:6: error: file is not valid UTF-8 (invalid byte 0xe9) "
        "[AGC002]\n");
  CHECK(ErrorsOf("s = '#\xE9'  # \xE9\n") ==
        "t.py:1:7: error: file is not valid UTF-8 (invalid byte 0xe9) "
        "[AGC002]\n");
  CHECK(ErrorsOf("# \xE9\rs = '\xE9'\r") ==
        "t.py:2:6: error: file is not valid UTF-8 (invalid byte 0xe9) "
        "[AGC002]\n");
  CHECK(ErrorsOf("x = 1  # ok\n\xE9 = 2  # \xE9\n") ==
        "t.py:2:1: error: file is not valid UTF-8 (invalid byte 0xe9) "
        "[AGC002]\n");
}

}  // namespace
}  // namespace agc::syntax
