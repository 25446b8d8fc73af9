#include "lib/driver/convert.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

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

}  // namespace
}  // namespace agc::driver
