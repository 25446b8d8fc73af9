// Printer tests on parsed source: regenerate_all keeps canonical source as
// it is, restyles the rest to the printer's style and maps its lines; Print
// copies what no pass changed byte for byte, regenerates changed functions
// in place and prints the statements a pass inserted.
#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "lib/ast/ast.h"
#include "lib/base/source_file.h"
#include "lib/codegen/printer.h"
#include "lib/codegen/printer_test_util.h"
#include "lib/diag/diagnostic.h"
#include "lib/syntax/parse.h"

namespace agc::codegen {
namespace {

using testing::CountLines;
using testing::Iota;

struct Parsed {
  explicit Parsed(std::string_view text)
      : source("t.py", std::string(text)), module(&source) {
    diag::DiagnosticSink sink;
    ok = syntax::Parse(source, module, sink);
    for (const diag::Diagnostic& d : sink.Sorted()) {
      UNSCOPED_INFO(diag::FormatText(d));
    }
  }

  base::SourceFile source;
  ast::Module module;
  bool ok = false;
};

PrintResult Regenerate(std::string_view text) {
  Parsed p(text);
  REQUIRE(p.ok);
  return Print(p.module, {.regenerate_all = true});
}

// Sources already in the printer's style: regenerating them changes nothing.
constexpr std::string_view kCanonical[] = {
    // Precedence.
    "x = (a + b) * c\n",
    "x = a + b * c\n",
    "x = a - (b - c)\n",
    "x = a - b - c\n",
    "x = a ** b ** c\n",
    "x = (a ** b) ** c\n",
    "x = -x ** 2\n",
    "x = (-x) ** 2\n",
    "x = 2 ** (-x)\n",
    "x = --x\n",
    "x = ~(a | b) & c ^ d << 2\n",
    "x = a @ b // c % d / e\n",
    "x = not a == b\n",
    "x = (not a) == b\n",
    "x = not not a\n",
    "x = a < b < c\n",
    "x = (a < b) < c\n",
    "x = a is not b and c not in d\n",
    "x = a and b or c\n",
    "x = a and (b or c)\n",
    "x = not (a and b)\n",
    "x = (a or b) and not c\n",
    "x = a or b or not c\n",
    "x = a if b else c\n",
    "x = (a if b else c) if d else e\n",
    "x = a if b else c if d else e\n",
    "x = (lambda: a) if b else lambda: c\n",
    "x = lambda: (yield)\n",
    "x = lambda a, /, b=1, *args, c, d=2, **kw: a\n",
    "x = lambda *, a: a\n",
    "x = (yield)\n",
    "x = (yield y)\n",
    "x = (yield from y)\n",
    "yield x\n",
    "yield (a, b)\n",
    "x = (y := 1)\n",
    "print((y := 1))\n",
    "x = [y for x in data if (y := f(x))]\n",
    "x = [x for x in (lambda: y)()]\n",
    "x = [x for x in (a if b else c) if (d if e else f)]\n",
    "*a, b = c\n",
    "a, b = (b, a)\n",
    "a = b = c\n",
    "x = [*a, *b]\n",
    "f(*(a or b), **c)\n",
    "f(a, *b, c=1, **d)\n",
    "x = f(a)(b)[c].d\n",
    "x = 1 .real\n",
    "x = 1.5.real\n",
    "x = (-1).real\n",
    "x = (a + b).c\n",
    "x = (await a).b\n",
    "x = x[a:b, c]\n",
    "x = x[1:2, ::3]\n",
    "x = x[:]\n",
    "x = x[a:]\n",
    "x = x[()]\n",
    "x = x[a,]\n",
    "x = x[a, b]\n",
    "x = ()\n",
    "x = (a,)\n",
    "x = (a, b)\n",
    "x = []\n",
    "x = {}\n",
    "x = {1, 2}\n",
    "x = {**a, 'b': 1}\n",
    "x = {(a, b): c}\n",
    "x = {k: v for k, v in items if k}\n",
    "x = {x async for x in y}\n",
    "x = sum(x for x in y)\n",
    "x = sum((x for x in y), start)\n",
    "x = (x for x in y for z in x)\n",
    "x = ...\n",
    "x = (None, True, False)\n",
    "x = b'e' rb'f'\n",
    "x = 0x_FF + 1_000 + 1e-3 + 1j + 0o7 + 0b1\n",
    "x = 'a' \"b\" '''c''' r'\\d' f'{x!r:>{w}}'\n",
    "x = u'a'\n",
    // Statements.
    "def f(a, b=1, *args, c, d=2, **kw) -> int:\n"
    "    \"\"\"Doc.\"\"\"\n"
    "    global g\n"
    "    return a\n",
    "def f(a, /, b):\n    pass\n",
    "def f(a: int = 1, *args: str, b: int, **kw: dict) -> None:\n"
    "    pass\n",
    "def f():\n"
    "    x = 1\n"
    "    def g():\n"
    "        nonlocal x\n"
    "        return\n",
    "@decorator\n"
    "@decorator.attr(1)\n"
    "class A(B, *bases, metaclass=M, **kw):\n"
    "    x: int\n"
    "    y: int = 1\n"
    "    (z): int\n"
    "    a.b: int\n",
    "class A:\n    pass\n",
    "import os\n",
    "import os.path as osp, sys\n",
    "from . import x\n",
    "from ..a.b import c as d, e\n",
    "from x import *\n",
    "from .... import y\n",
    "with a as b, c:\n    pass\n",
    "with a as (b, c):\n    pass\n",
    "with (a if b else c) as d, e if f else g:\n    pass\n",
    "try:\n"
    "    pass\n"
    "except ValueError as e:\n"
    "    raise TypeError() from e\n"
    "except (A, B):\n"
    "    raise\n"
    "except:\n"
    "    pass\n"
    "else:\n"
    "    pass\n"
    "finally:\n"
    "    pass\n",
    "try:\n    pass\nexcept* ValueError:\n    pass\n",
    "while x:\n    break\nelse:\n    pass\n",
    "for x in (a, b):\n    continue\nelse:\n    pass\n",
    "for x, y in z:\n    pass\n",
    "if a:\n    pass\nelif b:\n    pass\nelif c:\n    pass\nelse:\n    pass\n",
    "if a:\n    pass\nelse:\n    x = 1\n    if b:\n        pass\n",
    "async def f():\n"
    "    async for x in y:\n"
    "        pass\n"
    "    async with a as b:\n"
    "        pass\n"
    "    await x\n"
    "    return await x ** 2\n",
    "del a, b[0], c.d\n",
    "assert x, 'msg'\n",
    "x += 1\n",
    "x **= 2\n",
    "x //= (yield)\n",
    "raise\n",
    "match x:\n"
    "    case [1, 2, *rest]:\n"
    "        pass\n"
    "    case {'a': 1, **rest}:\n"
    "        pass\n"
    "    case Point(1, y=2):\n"
    "        pass\n"
    "    case 1 | 2 as z:\n"
    "        pass\n"
    "    case (1 as a) | b:\n"
    "        pass\n"
    "    case None | True:\n"
    "        pass\n"
    "    case -1 | 1 + 2j | a.b:\n"
    "        pass\n"
    "    case [*_]:\n"
    "        pass\n"
    "    case _ if x:\n"
    "        pass\n",
    "match (a, b):\n    case [x, y]:\n        pass\n",
};

TEST_CASE("regenerate_all keeps canonical source as it is", "[printer]") {
  for (std::string_view source : kCanonical) {
    INFO(source);
    PrintResult r = Regenerate(source);
    CHECK(r.text == source);
    CHECK(r.origin_lines.size() == CountLines(r.text));
  }
}

// Sources not in the printer's style, and how they print (same ast.dump).
constexpr std::string_view kRestyled[][2] = {
    {"x = (a)\n", "x = a\n"},
    {"x = not (a == b)\n", "x = not a == b\n"},
    {"x = -(x ** 2)\n", "x = -x ** 2\n"},
    {"x = (a + b) + c\n", "x = a + b + c\n"},
    {"x = a or (b or c)\n", "x = a or (b or c)\n"},
    {"a, b = b, a\n", "a, b = (b, a)\n"},
    {"x = yield\n", "x = (yield)\n"},
    {"x = x[(a, b)]\n", "x = x[a, b]\n"},
    {"x = x[(a:=1)]\n", "x = x[(a := 1)]\n"},
    {"for x in a, b: pass\n", "for x in (a, b):\n    pass\n"},
    {"if a: pass\nelse:\n    if b: pass\n",
     "if a:\n    pass\nelif b:\n    pass\n"},
    {"x = 1; y = 2;\n", "x = 1\ny = 2\n"},
    {"x = ('a'\n     'b')\n", "x = 'a' 'b'\n"},
    {"x = sum((x for x in y))\n", "x = sum(x for x in y)\n"},
    {"x = lambda x = 1 : x\n", "x = lambda x=1: x\n"},
    {"class A():\n  pass\n", "class A:\n    pass\n"},
    {"with (a as b, c as d):\n pass\n", "with a as b, c as d:\n    pass\n"},
    {"x = (1).real\n", "x = 1 .real\n"},
    {"x = x[*a]\n", "x = x[*a,]\n"},
    {"@(a or b)\ndef f(): pass\n", "@a or b\ndef f():\n    pass\n"},
    {"match x:\n case (y,): pass\n", "match x:\n    case [y]:\n        pass\n"},
    {"match a, b:\n case _: pass\n",
     "match (a, b):\n    case _:\n        pass\n"},
    {"while (line := f()): pass\n", "while (line := f()):\n    pass\n"},
    {"from . a import (b,\n  c)\n", "from .a import b, c\n"},
    {"import a . b\n", "import a.b\n"},
    {"def f(a,\n      b):\n\treturn a\\\n  + b\n",
     "def f(a, b):\n    return a + b\n"},
    {"x = '''a\n  b''' + f'''{\n x}'''\n",
     "x = '''a\n  b''' + f'''{\n x}'''\n"},
};

TEST_CASE("regenerate_all restyles to the printer's style", "[printer]") {
  for (const auto& [source, expected] : kRestyled) {
    INFO(source);
    PrintResult r = Regenerate(source);
    CHECK(r.text == expected);
    CHECK(r.origin_lines.size() == CountLines(r.text));
  }
}

TEST_CASE("regenerate_all maps lines and keeps own-line comments",
          "[printer]") {
  PrintResult r = Regenerate(
      "#!/usr/bin/env python\n"  // 1
      "'''Doc\n"                 // 2
      "string.'''\n"             // 3
      "\n"                       // 4
      "def f(a,  # trailing\n"   // 5
      "      b):\n"              // 6
      "    # about x\n"          // 7
      "    x = [1,\n"            // 8
      "         # inside\n"      // 9
      "         2]\n"            // 10
      "    if x:\n"              // 11
      "        pass\n"           // 12
      "        # after pass\n"   // 13
      "    else:\n"              // 14
      "        return x\n"       // 15
      "# at the end\n");         // 16
  CHECK(r.text ==
        "#!/usr/bin/env python\n"
        "'''Doc\n"
        "string.'''\n"
        "def f(a, b):\n"
        "    # about x\n"
        "    x = [1, 2]\n"
        "    # inside\n"
        "    if x:\n"
        "        pass\n"
        "    else:\n"
        "        # after pass\n"
        "        return x\n"
        "# at the end\n");
  CHECK(r.origin_lines ==
        std::vector<int32_t>{1, 2, 3, 5, 7, 8, 9, 11, 12, 15, 13, 15, 16});
}

TEST_CASE("Print of parsed source with no changes is the input", "[printer]") {
  const char* inputs[] = {
      "",
      "\n\n",
      "x = 1",
      "x = 1\r\ndef f():\r\n    return 1\r\n",
      "\xEF\xBB\xBFimport os\n",
      "if x:\n\tdef f():\n\t\treturn 1\n\f\n# done\n",
      "class A:\n    def f(self): return 1  # c\n    y = 2",
      "x = '''\nmulti\n'''; y = \\\n  2\n",
  };
  for (const char* input : inputs) {
    INFO(input);
    Parsed p(input);
    REQUIRE(p.ok);
    PrintResult r = Print(p.module);
    CHECK(r.text == input);
    CHECK(r.origin_lines == Iota(p.source.line_count()));
  }
}

// Marks every function named `name` as changed.
void MarkChanged(ast::Module& module, std::string_view name) {
  for (ast::NodeId id = 0; id < module.node_count(); ++id) {
    ast::Node* n = module.Get(id);
    if (auto* f = n->As<ast::FunctionDef>(); f != nullptr && f->name == name) {
      f->flags |= ast::kFlagChanged;
    }
    if (auto* f = n->As<ast::AsyncFunctionDef>();
        f != nullptr && f->name == name) {
      f->flags |= ast::kFlagChanged;
    }
  }
}

PrintResult PrintChanged(std::string_view text, std::string_view name) {
  Parsed p(text);
  REQUIRE(p.ok);
  MarkChanged(p.module, name);
  return Print(p.module);
}

TEST_CASE("Print regenerates changed functions in place", "[printer]") {
  SECTION("a method, at its indent, comments above statements") {
    PrintResult r = PrintChanged(
        "class A:\n"                   // 1
        "    x = 1\n"                  // 2
        "    @dec  # d\n"              // 3
        "    def f(self,  a):  # t\n"  // 4
        "        # about y\n"          // 5
        "        y = a+1\n"            // 6
        "        # last\n"             // 7
        "    z = 2\n",                 // 8
        "f");
    CHECK(r.text ==
          "class A:\n"
          "    x = 1\n"
          "    @dec\n"
          "    def f(self, a):\n"
          "        # about y\n"
          "        y = a + 1\n"
          "        # last\n"
          "    z = 2\n");
    CHECK(r.origin_lines == Iota(8));
  }
  SECTION("fewer lines: later lines keep their origins") {
    PrintResult r = PrintChanged(
        "import os\n"
        "def f(a,\n"
        "      b):\n"
        "    return (a +\n"
        "            b)\n"
        "x = 1\n",
        "f");
    CHECK(r.text == "import os\ndef f(a, b):\n    return a + b\nx = 1\n");
    CHECK(r.origin_lines == std::vector<int32_t>{1, 2, 4, 6});
  }
  SECTION("tabs, form feed and CRLF: indent copied, newlines kept") {
    PrintResult r = PrintChanged(
        "if x:\r\n\tdef f():\r\n\t\t# c\r\n\t\tif y:\r\n\t\t\treturn 1\r\n"
        "\f\r\n",
        "f");
    CHECK(r.text ==
          "if x:\r\n\tdef f():\r\n\t    # c\r\n\t    if y:\r\n"
          "\t        return 1\r\n\f\r\n");
    CHECK(r.origin_lines == Iota(6));
  }
  SECTION("nested in if/try, decorated, async") {
    PrintResult r = PrintChanged(
        "try:\n"
        "  if a:\n"
        "    @d1\n"
        "    @d2(1)\n"
        "    async def f(): await  x\n"
        "except E:\n"
        "  pass\n",
        "f");
    CHECK(r.text ==
          "try:\n"
          "  if a:\n"
          "    @d1\n"
          "    @d2(1)\n"
          "    async def f():\n"
          "        await x\n"
          "except E:\n"
          "  pass\n");
    CHECK(r.origin_lines == std::vector<int32_t>{1, 2, 3, 4, 5, 5, 6, 7});
  }
  SECTION("multi-line strings are not re-indented") {
    PrintResult r = PrintChanged(
        "class A:\n"
        "  def f(self):\n"
        "        s = \"\"\"x\n"
        "    y\"\"\"\n"
        "        t = 'a\\\n"
        "b'\n"
        "        return s\n",
        "f");
    CHECK(r.text ==
          "class A:\n"
          "  def f(self):\n"
          "      s = \"\"\"x\n"
          "    y\"\"\"\n"
          "      t = 'a\\\n"
          "b'\n"
          "      return s\n");
    CHECK(r.origin_lines == Iota(7));
  }
  SECTION("the last function of a file without a final newline") {
    PrintResult r = PrintChanged("x = 1\ndef f(): return  1", "f");
    CHECK(r.text == "x = 1\ndef f():\n    return 1");
    CHECK(r.origin_lines == std::vector<int32_t>{1, 2, 2});
  }
  SECTION("a nested function inside an unchanged one") {
    PrintResult r = PrintChanged(
        "def f():\n"
        "    x  =  1\n"
        "    def g(): return  x\n"
        "    return  g\n",
        "g");
    CHECK(r.text ==
          "def f():\n"
          "    x  =  1\n"
          "    def g():\n"
          "        return x\n"
          "    return  g\n");
    CHECK(r.origin_lines == std::vector<int32_t>{1, 2, 3, 3, 4});
  }
}

TEST_CASE("Print inserts a statement a pass added", "[printer]") {
  Parsed p("'''Doc.'''\nfrom __future__ import annotations\n\nimport os\n");
  REQUIRE(p.ok);
  auto* import = p.module.New<ast::Import>({1, 1});
  auto* alias = p.module.New<ast::Alias>({1, 1});
  alias->name = "agc_runtime";
  alias->asname = "ag__";
  import->names = {alias};
  p.module.body.insert(p.module.body.begin() + 2, import);
  PrintResult r = Print(p.module);
  CHECK(r.text ==
        "'''Doc.'''\nfrom __future__ import annotations\n\n"
        "import agc_runtime as ag__\nimport os\n");
  CHECK(r.origin_lines == std::vector<int32_t>{1, 2, 3, 4, 4});
}

}  // namespace
}  // namespace agc::codegen
