#include "lib/driver/convert.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace agc::driver {
namespace {
namespace fs = std::filesystem;

fs::path TempDir() {
  fs::path dir = fs::temp_directory_path() /
                 ("agc_convert_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir;
}

TEST_CASE("Default output names", "[driver]") {
  ConvertOptions o;
  CHECK(OutputPathFor(o, "model.py") == "model_ag.py");
  CHECK(OutputPathFor(o, "src/model.py") == "src/model_ag.py");
  CHECK(OutputPathFor(o, "script") == "script_ag.py");
  CHECK(OutputPathFor(o, "-") == "-");
  o.output = "out.py";
  CHECK(OutputPathFor(o, "model.py") == "out.py");
}

TEST_CASE("Out-dir outputs mirror input paths", "[driver]") {
  ConvertOptions o;
  o.out_dir = "build";
  CHECK(OutputPathFor(o, "src/pkg/m.py") == "build/src/pkg/m.py");
  CHECK(OutputPathFor(o, "./m.py") == "build/m.py");
  CHECK(OutputPathFor(o, "../up/m.py") == "build/up/m.py");
  CHECK(OutputPathFor(o, "/nowhere/abs/m.py").find("nowhere/abs/m.py") !=
        std::string::npos);
}

TEST_CASE("Atomic write writes only when the content changed", "[driver]") {
  fs::path dir = TempDir();
  std::string path = (dir / "sub" / "a.txt").string();
  std::string error;
  bool written = false;
  REQUIRE(WriteFileAtomic(path, "one\n", &error, &written));
  CHECK(written);
  auto mtime = fs::last_write_time(path);
  REQUIRE(WriteFileAtomic(path, "one\n", &error, &written));
  CHECK_FALSE(written);
  CHECK(fs::last_write_time(path) == mtime);
  REQUIRE(WriteFileAtomic(path, "two\n", &error, &written));
  CHECK(written);
  std::string back;
  REQUIRE(ReadFile(path, &back, &error));
  CHECK(back == "two\n");
  // No temporary files are left behind.
  size_t files = 0;
  for ([[maybe_unused]] auto& e : fs::directory_iterator(dir / "sub")) {
    ++files;
  }
  CHECK(files == 1);
  fs::remove_all(dir);
}

TEST_CASE("Staged writes replace nothing until committed", "[driver]") {
  fs::path dir = TempDir();
  std::string a = (dir / "a.txt").string();
  std::string b = (dir / "b.txt").string();
  std::string error;
  REQUIRE(WriteFileAtomic(a, "old a\n", &error));
  {
    // Staged but never committed (the second file failed, say): `a` keeps
    // its content and the temp file is gone.
    StagedWrite write;
    REQUIRE(write.Stage(a, "new a\n", &error));
  }
  std::string back;
  REQUIRE(ReadFile(a, &back, &error));
  CHECK(back == "old a\n");
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) ==
        1);
  // A destination that is a folder fails at Stage, before anything else is
  // replaced.
  fs::create_directory(b);
  StagedWrite first;
  StagedWrite second;
  REQUIRE(first.Stage(a, "new a\n", &error));
  CHECK_FALSE(second.Stage(b, "b\n", &error));
  CHECK(error.find("Is a directory") != std::string::npos);
  // Committed: the content is replaced, and `written` says so.
  bool written = false;
  REQUIRE(first.Commit(&error, &written));
  CHECK(written);
  REQUIRE(ReadFile(a, &back, &error));
  CHECK(back == "new a\n");
  StagedWrite same;
  REQUIRE(same.Stage(a, "new a\n", &error));
  REQUIRE(same.Commit(&error, &written));
  CHECK_FALSE(written);
  fs::remove_all(dir);
}

TEST_CASE("Write into an unwritable folder fails cleanly", "[driver]") {
  // A path below a regular file cannot be created, even by root.
  fs::path dir = TempDir();
  std::ofstream(dir / "file") << "x";
  std::string error;
  CHECK_FALSE(WriteFileAtomic((dir / "file" / "out.py").string(), "x", &error));
  CHECK_FALSE(error.empty());
  fs::remove_all(dir);
}

TEST_CASE("ReadFile reports missing files and directories", "[driver]") {
  std::string bytes;
  std::string error;
  CHECK_FALSE(ReadFile("/nonexistent/agc/x.py", &bytes, &error));
  CHECK(error == "No such file or directory");
  CHECK_FALSE(ReadFile("/tmp", &bytes, &error));
  CHECK(error.find("is a directory") != std::string::npos);
}

TEST_CASE("ForEachListedFile reads the files named one per line", "[driver]") {
  fs::path dir = TempDir();
  const std::string present = (dir / "listed.py").string();
  std::ofstream(present, std::ios::binary) << "x = 1\n";
  std::istringstream list(present + "\n\n" + (dir / "absent.py").string() +
                          "\n" + dir.string() + "\n");
  std::vector<std::pair<std::string, std::string>> seen;
  const size_t skipped = ForEachListedFile(
      list, [&](const std::string& path, const std::string& bytes) {
        seen.emplace_back(path, bytes);
      });
  CHECK(skipped == 2);  // the missing file and the folder
  REQUIRE(seen.size() == 1);
  CHECK(seen[0].first == present);
  CHECK(seen[0].second == "x = 1\n");
  fs::remove_all(dir);
}

TEST_CASE("Runtime import must be one import binding ag__", "[driver]") {
  CHECK(CheckRuntimeImport("import agc_runtime as ag__").empty());
  CHECK(CheckRuntimeImport("from mypkg import ag__").empty());
  CHECK(CheckRuntimeImport("from mypkg import runtime as ag__").empty());
  CHECK(CheckRuntimeImport("import ag__").empty());
  CHECK_FALSE(CheckRuntimeImport("import agc_runtime").empty());
  CHECK_FALSE(CheckRuntimeImport("import a as ag__; import b").empty());
  CHECK_FALSE(CheckRuntimeImport("ag__ = 1").empty());
  CHECK_FALSE(CheckRuntimeImport("import (").empty());
  CHECK_FALSE(CheckRuntimeImport("").empty());
}

TEST_CASE("Unified diff", "[driver]") {
  CHECK(UnifiedDiff("a\n", "a\n", "x", "y").empty());
  std::string d = UnifiedDiff("a\nb\nc\n", "a\nB\nc\n", "old.py", "new.py");
  CHECK(d == "--- old.py\n+++ new.py\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
  std::string nonl = UnifiedDiff("", "x", "/dev/null", "n.py");
  CHECK(nonl.find("+x\n\\ No newline at end of file\n") != std::string::npos);
}

codegen::PrintResult Printed(std::string text, std::vector<int32_t> origins) {
  codegen::PrintResult printed;
  printed.text = std::move(text);
  printed.origin_lines = std::move(origins);
  return printed;
}

TEST_CASE("Header names agc's version and the source", "[driver][header]") {
  const std::string header = std::string("# Generated by agc ") + AGC_VERSION +
                             " from m.py. Edit the source, not this file.\n";
  // Output equal to the input: no header.
  auto same = Printed("x = 1\n", {1});
  AddHeader("x = 1\n", "m.py", false, same);
  CHECK(same.text == "x = 1\n");
  CHECK(same.origin_lines == std::vector<int32_t>{1});
  // First line, mapped to the line it precedes.
  auto plain = Printed("import agc_runtime as ag__\ndef f():\n", {1, 1});
  AddHeader("def f():\n", "m.py", false, plain);
  CHECK(plain.text == header + "import agc_runtime as ag__\ndef f():\n");
  CHECK(plain.origin_lines == std::vector<int32_t>{1, 1, 1});
  // Below a shebang and a coding line; CRLF files get CRLF.
  auto cookie =
      Printed("#!/bin/py\r\n# coding: latin-1\r\nx = 2\r\n", {1, 2, 3});
  AddHeader("", "m.py", false, cookie);
  std::string crlf_header = header;
  crlf_header.insert(crlf_header.size() - 1, "\r");
  CHECK(cookie.text ==
        "#!/bin/py\r\n# coding: latin-1\r\n" + crlf_header + "x = 2\r\n");
  CHECK(cookie.origin_lines == std::vector<int32_t>{1, 2, 3, 3});
  // Lone CRs (classic Mac OS files) end lines too, and the header's.
  auto cr = Printed("#!/bin/py\r# coding: latin-1\rx = 2\r", {1, 2, 3});
  AddHeader("", "m.py", false, cr);
  std::string cr_header = header;
  cr_header.back() = '\r';
  CHECK(cr.text == "#!/bin/py\r# coding: latin-1\r" + cr_header + "x = 2\r");
  CHECK(cr.origin_lines == std::vector<int32_t>{1, 2, 3, 3});
  // A coding line on line 2 counts only below a comment line.
  auto code_first = Printed("x = 1\n# coding: latin-1\n", {1, 2});
  AddHeader("", "m.py", false, code_first);
  CHECK(code_first.text.substr(0, header.size()) == header);
  // The name cannot break the line; non-ASCII only when asked.
  auto odd = Printed("y\n", {1});
  AddHeader("", "a\nb\xc3\xa9.py", true, odd);
  CHECK(odd.text.find("from a?b??.py.") != std::string::npos);
  CHECK(odd.origin_lines.size() == 2);
  // A UTF-8 byte-order mark stays first (Python rejects one further down);
  // a coding line after it still counts.
  const std::string bom = "\xEF\xBB\xBF";
  auto marked = Printed(bom + "import os\n", {1});
  AddHeader("", "m.py", false, marked);
  CHECK(marked.text == bom + header + "import os\n");
  CHECK(marked.origin_lines == std::vector<int32_t>{1, 1});
  auto marked_cookie = Printed(bom + "# coding: utf-8\nx = 1\n", {1, 2});
  AddHeader("", "m.py", false, marked_cookie);
  CHECK(marked_cookie.text == bom + "# coding: utf-8\n" + header + "x = 1\n");
  CHECK(marked_cookie.origin_lines == std::vector<int32_t>{1, 2, 2});
}

}  // namespace
}  // namespace agc::driver
