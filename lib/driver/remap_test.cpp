#include "lib/driver/remap.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "lib/base/sha256.h"
#include "lib/codegen/source_map.h"

namespace agc::driver {
namespace {
namespace fs = std::filesystem;

void WriteText(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

// src/model.py and its conversion build/model_ag.py (with a map), in a
// fresh temporary folder.
struct Fixture {
  fs::path root;
  std::string source;
  std::string generated;
  std::string original;

  explicit Fixture(const std::string& name) {
    root = fs::temp_directory_path() /
           ("agc_remap_test_" + std::to_string(::getpid()) + "_" + name);
    fs::remove_all(root);
    source = (root / "src" / "model.py").string();
    generated = (root / "build" / "model_ag.py").string();
    original =
        "def f(x):\n"
        "    if x > 0:\n"
        "        y = 10 // x\n"
        "    else:\n"
        "        y = 1 // x\n"
        "    return y\n";
    WriteText(source, original);
    WriteText(generated,
              "import agc_runtime as ag__\n"  // 1 -> 1
              "def f(x):\n"                   // 2 -> 1
              "    def if_body():\n"          // 3 -> 2
              "        y = 10 // x\n"         // 4 -> 3
              "    def else_body():\n"        // 5 -> 2
              "        y = 1 // x\n"          // 6 -> 5
              "    ag__.if_stmt(x > 0)\n"     // 7 -> 2
              "    return y\n");              // 8 -> 6
    WriteMap(base::Sha256Hex(original));
  }

  ~Fixture() {
    std::error_code ec;
    fs::remove_all(root, ec);
  }

  void WriteMap(const std::string& sha) {
    codegen::SourceMap map;
    map.source = "../src/model.py";
    map.generated = "model_ag.py";
    map.source_sha256 = sha;
    map.origin_lines = {1, 1, 2, 3, 2, 5, 2, 6};
    WriteText(generated + ".map.json", codegen::WriteSourceMap(map));
  }
};

std::string Traceback(const std::string& generated) {
  return "Traceback (most recent call last):\n"
         "  File \"/work/main.py\", line 3, in <module>\n"
         "    f(0)\n"
         "  File \"" +
         generated +
         "\", line 7, in f\n"
         "    ag__.if_stmt(x > 0)\n"
         "    ^^^^^^^^^^^^^^^^^^^\n"
         "  File \"/usr/lib/agc_runtime/core.py\", line 40, in if_stmt\n"
         "    return else_body()\n"
         "           ^^^^^^^^^^^\n"
         "  File \"" +
         generated +
         "\", line 6, in else_body\n"
         "    y = 1 // x\n"
         "        ~~^~~\n"
         "ZeroDivisionError: integer division or modulo by zero\n";
}

TEST_CASE("remap rewrites frames of converted files", "[driver][remap]") {
  Fixture fx("frames");
  diag::DiagnosticSink diags;
  Remapper remapper(RemapOptions{}, diags);
  std::string out = remapper.RemapText(Traceback(fx.generated));
  CHECK(diags.size() == 0);
  CHECK(out ==
        "Traceback (most recent call last):\n"
        "  File \"/work/main.py\", line 3, in <module>\n"
        "    f(0)\n"
        "  File \"" +
            fx.source +
            "\", line 2, in f\n"
            "    if x > 0:\n"
            "  File \"" +
            fx.source +
            "\", line 5, in else_body\n"
            "    y = 1 // x\n"
            "ZeroDivisionError: integer division or modulo by zero\n");
}

TEST_CASE("remap keeps runtime frames when asked", "[driver][remap]") {
  Fixture fx("runtime");
  diag::DiagnosticSink diags;
  RemapOptions options;
  options.hide_runtime = false;
  Remapper remapper(options, diags);
  std::string out = remapper.RemapText(Traceback(fx.generated));
  CHECK(out.find("  File \"/usr/lib/agc_runtime/core.py\", line 40, in "
                 "if_stmt\n    return else_body()\n           ^^^^^^^^^^^\n") !=
        std::string::npos);
}

TEST_CASE("remap rewrites path:line references", "[driver][remap]") {
  Fixture fx("references");
  diag::DiagnosticSink diags;
  Remapper remapper(RemapOptions{}, diags);
  CHECK(remapper.RemapText(fx.generated + ":6: UserWarning: w\n") ==
        fx.source + ":5: UserWarning: w\n");
  CHECK(remapper.RemapText("see (" + fx.generated + ":4:9), and " +
                           fx.generated + ":99\n") ==
        "see (" + fx.source + ":3:9), and " + fx.generated + ":99\n");
  CHECK(remapper.RemapText("x.py:3 and .py:4 and notes.txt:5\n") ==
        "x.py:3 and .py:4 and notes.txt:5\n");
}

TEST_CASE("remap leaves text without usable maps unchanged",
          "[driver][remap]") {
  Fixture fx("stale");
  fx.WriteMap(std::string(64, '0'));
  diag::DiagnosticSink diags;
  RemapOptions options;
  options.hide_runtime = false;
  Remapper remapper(options, diags);
  std::string text = Traceback(fx.generated) +
                     "  File \"<frozen runpy>\", line 1, in <module>\n"
                     "  File \"/nonexistent/x.py\", line 3, in g\n";
  CHECK(remapper.RemapText(text) == text);
  CHECK(!remapper.Locate(fx.generated, 6));
  CHECK(remapper.RemapText("") == "");
  CHECK(remapper.RemapText("no newline") == "no newline");
}

TEST_CASE("remap uses explicit maps, also by base name", "[driver][remap]") {
  Fixture fx("explicit");
  // Move the generated file's map elsewhere: it is no longer found next to
  // the file, only through --map.
  fs::path moved = fx.root / "maps" / "model_ag.py.map.json";
  fs::create_directories(moved.parent_path());
  codegen::SourceMap map;
  map.source = "../src/model.py";
  map.generated = "model_ag.py";
  map.source_sha256 = base::Sha256Hex(fx.original);
  map.origin_lines = {1, 1, 2, 3, 2, 5, 2, 6};
  WriteText(moved, codegen::WriteSourceMap(map));
  fs::remove(fx.generated + ".map.json");

  diag::DiagnosticSink diags;
  RemapOptions options;
  options.maps = {moved.string()};
  Remapper remapper(options, diags);
  CHECK(diags.size() == 0);
  auto location = remapper.Locate("/ci/checkout/build/model_ag.py", 6);
  REQUIRE(location);
  CHECK(location->path == fx.source);
  CHECK(location->line == 5);
  CHECK(location->text == "y = 1 // x");
  CHECK(!remapper.Locate("/ci/checkout/build/other.py", 6));
}

TEST_CASE("remap reports unusable explicit maps", "[driver][remap]") {
  Fixture fx("bad");
  WriteText(fx.root / "bad.map.json", "{\"version\": 7}");
  diag::DiagnosticSink diags;
  RemapOptions options;
  options.maps = {(fx.root / "bad.map.json").string(),
                  (fx.root / "missing.map.json").string()};
  std::istringstream in("text\n");
  std::ostringstream out;
  CHECK(Remap(options, diags, out, in) == 2);
  CHECK(out.str() == "text\n");
  CHECK(diags.size() == 2);
}

}  // namespace
}  // namespace agc::driver
