#include "lib/driver/emit_runtime.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

namespace agc::driver {
namespace {
namespace fs = std::filesystem;

struct TempTree {
  fs::path root;

  TempTree() {
    root = fs::temp_directory_path() /
           ("agc_emit_runtime_test_" + std::to_string(::getpid()));
    fs::remove_all(root);
    fs::create_directories(root);
  }

  ~TempTree() {
    std::error_code ec;
    fs::remove_all(root, ec);
  }

  std::string Touch(const std::string& relative) {
    fs::path p = root / relative;
    fs::create_directories(p.parent_path());
    std::ofstream(p) << "\n";
    return p.string();
  }
};

TEST_CASE("runtime goes where the converted code is imported from",
          "[driver][emit_runtime]") {
  TempTree t;
  t.Touch("src/pkg/__init__.py");
  t.Touch("src/pkg/sub/__init__.py");
  const std::string a = t.Touch("src/pkg/a.py");
  const std::string b = t.Touch("src/pkg/sub/b.py");
  const std::string tool = t.Touch("src/tool.py");
  // Package depth 1 and 2 lead to the same folder; a script's folder is
  // its own; stdin/stdout pairs get nothing.
  CHECK(RuntimeTargets({{a, "out/src/pkg/a.py"},
                        {b, "out/src/pkg/sub/b.py"},
                        {tool, "out/src/tool.py"},
                        {"-", "-"}}) == std::vector<std::string>{"out/src"});
  CHECK(RuntimeTargets({{tool, "tool_ag.py"}}) ==
        std::vector<std::string>{"."});
  CHECK(RuntimeTargets({{a, "gen/a.py"}, {tool, "gen/x/tool.py"}}) ==
        std::vector<std::string>{".", "gen/x"});
}

TEST_CASE("runtime files are the package's Python files, sorted",
          "[driver][emit_runtime]") {
  TempTree t;
  t.Touch("rt/agc_runtime/core.py");
  t.Touch("rt/agc_runtime/__init__.py");
  t.Touch("rt/agc_runtime/notes.txt");
  t.Touch("rt/agc_runtime/__pycache__/core.cpython-311.pyc");
  const std::string rt = (t.root / "rt").string();
  CHECK(RuntimeFiles(rt) == std::vector<std::string>{"agc_runtime/__init__.py",
                                                     "agc_runtime/core.py"});
  CHECK(FindRuntimeDir(rt) == rt);
  CHECK(FindRuntimeDir((t.root / "nothing").string()).empty());
}

}  // namespace
}  // namespace agc::driver
