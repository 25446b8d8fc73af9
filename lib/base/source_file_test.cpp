#include "lib/base/source_file.h"

#include <catch2/catch.hpp>

namespace agc::base {
namespace {

TEST_CASE("SourceFile: empty file has no lines", "[base]") {
  SourceFile f("e.py", "");
  CHECK(f.line_count() == 0);
  CHECK(f.PositionOf(0) == LineCol{1, 1});
  CHECK(f.IsValidUtf8(nullptr));
}

TEST_CASE("SourceFile: line table with and without final newline", "[base]") {
  SourceFile a("a.py", "x = 1\ny = 2\n");
  CHECK(a.line_count() == 2);
  CHECK(a.LineStart(1) == 0);
  CHECK(a.LineStart(2) == 6);
  CHECK(a.LineStart(3) == 12);
  CHECK(a.LineText(2) == "y = 2");
  SourceFile b("b.py", "x = 1\ny = 2");
  CHECK(b.line_count() == 2);
  CHECK(b.LineText(2) == "y = 2");
  CHECK(b.LineOf(11) == 2);
}

TEST_CASE("SourceFile: CRLF and lone CR end lines", "[base]") {
  SourceFile f("c.py", "a\r\nb\rc\n");
  REQUIRE(f.line_count() == 3);
  CHECK(f.LineText(1) == "a");
  CHECK(f.LineText(2) == "b");
  CHECK(f.LineText(3) == "c");
  CHECK(f.LineStart(2) == 3);
  CHECK(f.LineStart(3) == 5);
}

TEST_CASE("SourceFile: columns count code points", "[base]") {
  // 'é' is 2 bytes, '€' 3 bytes, '𝒳' 4 bytes.
  SourceFile f("u.py", "x = 1\ns = 'é€𝒳' + y\n");
  uint32_t y = static_cast<uint32_t>(f.bytes().find('y'));
  LineCol pos = f.PositionOf(y);
  CHECK(pos.line == 2);
  // s, space, =, space, ', é, €, 𝒳, ', space, +, space, y -> column 13
  CHECK(pos.col == 13);
  CHECK(f.PositionOf(6) == LineCol{2, 1});
  CHECK(f.ColumnOf(1, 4) == 5);
}

TEST_CASE("SourceFile: invalid UTF-8 is found and counted per byte", "[base]") {
  std::string bytes = "ok = 1\nbad = '\xff\xfe'\n";
  SourceFile f("bad.py", bytes);
  uint32_t bad = 0;
  CHECK_FALSE(f.IsValidUtf8(&bad));
  CHECK(bad == bytes.find('\xff'));
  CHECK(CountCodePoints("\xff\xfe") == 2);
  // Overlong encoding and surrogates are invalid.
  CHECK(FindInvalidUtf8("\xc0\xaf") == 0);
  CHECK(FindInvalidUtf8("a\xed\xa0\x80") == 1);
  CHECK(FindInvalidUtf8("\xf0\x9d\x92\xb3") == std::string_view::npos);
  // Truncated sequence at the end.
  CHECK(FindInvalidUtf8("ab\xe2\x82") == 2);
}

}  // namespace
}  // namespace agc::base
