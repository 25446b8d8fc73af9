#include "lib/base/encoding.h"

#include <catch2/catch.hpp>

namespace agc::base {
namespace {

TEST_CASE("Coding declarations on the first two lines", "[base]") {
  CHECK(FindCodingDeclaration("# -*- coding: latin-1 -*-\nx = 1\n") ==
        "latin-1");
  CHECK(FindCodingDeclaration(
            "#!/usr/bin/python\n# vim: set fileencoding=koi8-r :\n") ==
        "koi8-r");
  CHECK(FindCodingDeclaration("#!/usr/bin/python\n# coding=cp1252\n") ==
        "cp1252");
  // The second line counts only after a blank or comment line.
  CHECK(FindCodingDeclaration("x = 1\n# coding: latin-1\n").empty());
  // The third line never counts.
  CHECK(FindCodingDeclaration("#\n#\n# coding: latin-1\n").empty());
  CHECK(FindCodingDeclaration("x = 'coding: latin-1'\n").empty());
  CHECK(FindCodingDeclaration("").empty());
  CHECK(FindCodingDeclaration("\xEF\xBB\xBF# coding: utf-8\n") == "utf-8");
}

TEST_CASE("UTF-8 names", "[base]") {
  CHECK(IsUtf8Name("utf-8"));
  CHECK(IsUtf8Name("UTF8"));
  CHECK(IsUtf8Name("utf_8"));
  CHECK(IsUtf8Name("utf-8-unix"));
  CHECK_FALSE(IsUtf8Name("latin-1"));
  CHECK_FALSE(IsUtf8Name("utf-16"));
}

TEST_CASE("Transcoding round-trips single-byte encodings", "[base]") {
  std::string latin1 = "caf\xe9";
  std::string utf8;
  REQUIRE(Transcode(latin1, "latin-1", "UTF-8", &utf8) == TranscodeStatus::kOk);
  CHECK(utf8 == "caf\xc3\xa9");
  std::string back;
  REQUIRE(Transcode(utf8, "UTF-8", "latin-1", &back) == TranscodeStatus::kOk);
  CHECK(back == latin1);
  std::string ignored;
  CHECK(Transcode("x", "no-such-encoding-xyz", "UTF-8", &ignored) ==
        TranscodeStatus::kUnknownEncoding);
  size_t bad = 0;
  CHECK(Transcode("ok\xff", "UTF-8", "latin-1", &ignored, &bad) ==
        TranscodeStatus::kInvalidInput);
  CHECK(bad == 2);
}

}  // namespace
}  // namespace agc::base
