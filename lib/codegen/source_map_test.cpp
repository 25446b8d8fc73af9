#include "lib/codegen/source_map.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

namespace agc::codegen {
namespace {

const std::string kSha(64, 'a');

TEST_CASE("WriteSourceMap writes the keys in spec order", "[source_map]") {
  SourceMap map;
  map.source = "../src/model.py";
  map.generated = "model_ag.py";
  map.source_sha256 = kSha;
  map.origin_lines = {1, 1, 3, 3, 4};
  CHECK(WriteSourceMap(map) ==
        "{\n"
        "  \"version\": 1,\n"
        "  \"source\": \"../src/model.py\",\n"
        "  \"generated\": \"model_ag.py\",\n"
        "  \"source_sha256\": \"" +
            kSha +
            "\",\n"
            "  \"origin_lines\": [1,1,3,3,4]\n"
            "}\n");

  map.origin_lines.clear();
  map.source = "we\"ird\\name.py";
  std::string json = WriteSourceMap(map);
  CHECK(json.find("\"source\": \"we\\\"ird\\\\name.py\"") != std::string::npos);
  CHECK(json.find("\"origin_lines\": []") != std::string::npos);

  // UTF-8 is kept, control characters are escaped, invalid bytes replaced.
  map.source = "m\xC3\xBCller\t.py";
  map.generated = "bad\xFF.py";
  json = WriteSourceMap(map);
  CHECK(json.find("\"source\": \"m\xC3\xBCller\\t.py\"") != std::string::npos);
  CHECK(json.find("\"generated\": \"bad\xEF\xBF\xBD.py\"") !=
        std::string::npos);
}

TEST_CASE("ParseSourceMap reads what WriteSourceMap wrote", "[source_map]") {
  SourceMap map;
  map.source = "model.py";
  map.generated = "model_ag.py";
  map.source_sha256 = kSha;
  map.origin_lines = {1, 2, 2, 7};
  SourceMap read;
  REQUIRE(ParseSourceMap(WriteSourceMap(map), &read).empty());
  CHECK(read.source == map.source);
  CHECK(read.generated == map.generated);
  CHECK(read.source_sha256 == map.source_sha256);
  CHECK(read.origin_lines == map.origin_lines);
}

TEST_CASE("ParseSourceMap rejects malformed maps", "[source_map]") {
  SourceMap read;
  auto with = [&](std::string_view key, std::string_view value) {
    std::string fields[][2] = {{"version", "1"},
                               {"source", "\"a.py\""},
                               {"generated", "\"a_ag.py\""},
                               {"source_sha256", "\"" + kSha + "\""},
                               {"origin_lines", "[1, 2]"}};
    std::string json = "{";
    for (auto& [k, v] : fields) {
      if (k == key && value.empty()) {
        continue;
      }
      if (json.size() > 1) {
        json += ", ";
      }
      json += "\"" + k + "\": " + std::string(k == key ? value : v);
    }
    return json + "}";
  };
  CHECK(ParseSourceMap(with("", ""), &read).empty());
  CHECK(ParseSourceMap("", &read) == "not valid JSON");
  CHECK(ParseSourceMap("{\"version\": 1,", &read) == "not valid JSON");
  CHECK(ParseSourceMap("[1, 2]", &read) == "not a JSON object");
  CHECK(ParseSourceMap(with("version", "2"), &read) ==
        "unsupported version 2 (expected 1)");
  CHECK(ParseSourceMap(with("version", "\"1\""), &read) ==
        "\"version\" is missing or not an integer");
  CHECK(ParseSourceMap(with("source", ""), &read) ==
        "\"source\" is missing or not a string");
  CHECK(ParseSourceMap(with("generated", "3"), &read) ==
        "\"generated\" is missing or not a string");
  CHECK(ParseSourceMap(with("source_sha256", "\"ABC\""), &read) ==
        "\"source_sha256\" is not 64 lower-case hex digits");
  CHECK(ParseSourceMap(with("origin_lines", "{}"), &read) ==
        "\"origin_lines\" is missing or not an array");
  CHECK(ParseSourceMap(with("origin_lines", "[1, 0]"), &read) ==
        "\"origin_lines\"[1] is not a line number (an integer >= 1)");
  CHECK(ParseSourceMap(with("origin_lines", "[1.5]"), &read) ==
        "\"origin_lines\"[0] is not a line number (an integer >= 1)");
  CHECK(ParseSourceMap(with("origin_lines", "[99999999999]"), &read) ==
        "\"origin_lines\"[0] is not a line number (an integer >= 1)");
  // Invalid UTF-8 does not throw.
  CHECK(ParseSourceMap("{\"source\": \"\xff\"}", &read) == "not valid JSON");
}

TEST_CASE("RelativePath goes from a folder to a file", "[source_map]") {
  CHECK(RelativePath("/a/b", "/a/b/c.py") == "c.py");
  CHECK(RelativePath("/a/b/", "/a/b/c.py") == "c.py");
  CHECK(RelativePath("/a/out", "/a/src/m.py") == "../src/m.py");
  CHECK(RelativePath("/a/./out/../out", "/a/src//m.py") == "../src/m.py");
  CHECK(RelativePath("/", "/x.py") == "x.py");
  const std::string cwd = std::filesystem::current_path().generic_string();
  CHECK(RelativePath(".", "m.py") == "m.py");
  CHECK(RelativePath("build", "src/m.py") == "../src/m.py");
  CHECK(RelativePath(cwd + "/build", "src/m.py") == "../src/m.py");
}

}  // namespace
}  // namespace agc::codegen
