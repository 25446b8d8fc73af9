#include "lib/driver/inspect.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace agc::driver {
namespace {
namespace fs = std::filesystem;

constexpr std::string_view kModel = R"py(import math


def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


class Model:
    def fit(self, xs):
        for i, x in enumerate(xs):
            last = x
        return last

    def fit(self, xs, ys):
        if xs:
            self.seen = ys


if math.pi > 3:
    big = True
)py";

// This process's temporary folder, removed when the process ends (ctest
// runs each test case in a process of its own).
struct TempFolder {
  fs::path path = fs::temp_directory_path() /
                  ("agc_inspect_test_" + std::to_string(::getpid()));

  ~TempFolder() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

// A file in this process's temporary folder.
std::string Write(std::string_view name, std::string_view text) {
  static TempFolder folder;
  const fs::path& dir = folder.path;
  fs::create_directories(dir);
  fs::path path = dir / name;
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

struct Result {
  int code;
  std::string out;
  std::string errors;  // formatted diagnostics, one per line
};

Result Run(InspectOptions options, std::string_view stdin_text = "") {
  diag::DiagnosticSink diags;
  std::ostringstream out;
  std::istringstream in{std::string(stdin_text)};
  Result r;
  r.code = Inspect(options, diags, out, in);
  r.out = out.str();
  for (const diag::Diagnostic& d : diags.Sorted()) {
    r.errors += diag::FormatText(d) + "\n";
  }
  return r;
}

InspectOptions On(std::string path) {
  InspectOptions o;
  o.inputs.push_back(std::move(path));
  return o;
}

TEST_CASE("Inspect reports every if/while/for in source order", "[driver]") {
  std::string path = Write("model.py", kModel);
  Result r = Run(On(path));
  INFO(r.errors);
  REQUIRE(r.code == 0);
  CHECK(r.errors.empty());
  std::string while_block = path + R"(:6:5: while (in collatz_steps)
  modified:  n, steps
  outputs:   steps
  loop vars: n, steps
  undefined: -
  read only: -
)";
  CHECK(r.out.find(while_block) == r.out.find(path + ":6:5:"));
  CHECK(r.out.find(while_block) != std::string::npos);
  std::vector<std::string> heads;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with(path)) {
      heads.push_back(line.substr(path.size()));
    }
  }
  CHECK(heads == std::vector<std::string>{
                     ":4:1: def collatz_steps: twin (while loop, line 6)",
                     ":16:5: def Model.fit: twin (for loop, line 17)",
                     ":21:5: def Model.fit: twin (if statement, line 22)",
                     ":6:5: while (in collatz_steps)",
                     ":7:9: if (in collatz_steps)",
                     ":17:9: for (in Model.fit)",
                     ":22:9: if (in Model.fit)",
                     ":26:1: if (in <module>)",
                 });
  // A loop that may run zero times leaves `last` undefined.
  CHECK(r.out.find("  loop vars: last\n  undefined: last\n") !=
        std::string::npos);
  // Two runs print the same bytes.
  CHECK(Run(On(path)).out == r.out);
}

TEST_CASE("Inspect --function selects by dotted path", "[driver]") {
  std::string path = Write("model.py", kModel);
  InspectOptions o = On(path);
  o.function = "Model.fit";  // both definitions
  Result r = Run(o);
  REQUIRE(r.code == 0);
  CHECK(r.out.find(":17:9: for (in Model.fit)") != std::string::npos);
  CHECK(r.out.find(":22:9: if (in Model.fit)") != std::string::npos);
  CHECK(r.out.find("collatz_steps") == std::string::npos);

  o.function = "<module>";
  r = Run(o);
  REQUIRE(r.code == 0);
  CHECK(r.out == path +
                     ":26:1: if (in <module>)\n"
                     "  modified:  big\n"
                     "  outputs:   big\n"
                     "  undefined: big\n"
                     "  read only: math, math.pi\n");

  o.function = "Model";  // the class body has no if/while/for
  r = Run(o);
  REQUIRE(r.code == 0);
  CHECK(r.out == path + ": no if, while or for statements in Model\n");
}

TEST_CASE("Inspect: an unknown function is a usage error with a hint",
          "[driver]") {
  std::string path = Write("model.py", kModel);
  InspectOptions o = On(path);
  o.function = "colatz_steps";
  Result r = Run(o);
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK(r.errors ==
        "agc: error: --function: no function or class named "
        "'colatz_steps' in " +
            path + " (did you mean 'collatz_steps'?) [AGC016]\n");
  o.function = "fit";  // the last component of a dotted path
  r = Run(o);
  CHECK(r.code == 2);
  CHECK(r.errors.find("(did you mean 'Model.fit'?)") != std::string::npos);
  o.function = "zzzzzzzzzz";
  r = Run(o);
  CHECK(r.code == 2);
  CHECK(r.errors.find("did you mean") == std::string::npos);
}

TEST_CASE("Inspect --format json: stable keys, sets as sorted lists",
          "[driver]") {
  std::string path = Write("model.py", kModel);
  InspectOptions o = On(path);
  o.format = InspectFormat::kJson;
  o.function = "collatz_steps";
  Result r = Run(o);
  REQUIRE(r.code == 0);
  auto doc = nlohmann::ordered_json::parse(r.out);
  CHECK(doc["version"] == kInspectJsonVersion);
  REQUIRE(doc["files"].size() == 1);
  const auto& file = doc["files"][0];
  CHECK(file["path"] == path);
  CHECK(file["functions"] ==
        nlohmann::ordered_json::parse(
            R"([{"name": "collatz_steps", "kind": "function", "line": 4,
                 "col": 1, "twin": {"needed": true, "construct": "while loop",
                 "line": 6}}])"));
  REQUIRE(file["statements"].size() == 2);
  const auto& loop = file["statements"][0];
  std::vector<std::string> keys;
  for (const auto& [key, value] : loop.items()) {
    keys.push_back(key);
  }
  CHECK(keys == std::vector<std::string>{"kind", "line", "col", "function",
                                         "read", "modified", "live_in",
                                         "live_out", "outputs", "loop_vars",
                                         "undefined", "read_only"});
  CHECK(loop["kind"] == "while");
  CHECK(loop["loop_vars"] == nlohmann::ordered_json({"n", "steps"}));
  CHECK(loop["outputs"] == nlohmann::ordered_json({"steps"}));
  CHECK(loop["live_out"] == nlohmann::ordered_json({"steps"}));
  CHECK_FALSE(file["statements"][1].contains("loop_vars"));  // an if
}

TEST_CASE("Inspect --dump-cfg prints the graph as dot", "[driver]") {
  std::string path = Write("model.py", kModel);
  InspectOptions o = On(path);
  o.dump_cfg = "collatz_steps";
  Result r = Run(o);
  REQUIRE(r.code == 0);
  CHECK(r.out.starts_with("digraph \"collatz_steps\" {\n"));
  CHECK(r.out.find("6: while n != 1:") != std::string::npos);
  CHECK(r.out.ends_with("}\n"));
  o.dump_cfg = "Model.fit";  // two definitions: two graphs
  r = Run(o);
  REQUIRE(r.code == 0);
  size_t graphs = 0;
  for (size_t pos = 0; (pos = r.out.find("digraph", pos)) != std::string::npos;
       ++pos) {
    ++graphs;
  }
  CHECK(graphs == 2);
  o.dump_cfg = "<module>";
  r = Run(o);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("26: if math.pi > 3:") != std::string::npos);
  o.dump_cfg = "nope";
  CHECK(Run(o).code == 2);
  o.dump_cfg = "collatz_steps";
  o.function = "collatz_steps";
  CHECK(Run(o).code == 2);
  o.function.clear();
  o.format = InspectFormat::kJson;
  CHECK(Run(o).code == 2);
}

TEST_CASE("Inspect: missing files, syntax errors, stdin", "[driver]") {
  Result r = Run(On("/nonexistent/agc/model.py"));
  CHECK(r.code == 2);
  CHECK(r.errors.find("cannot read input") != std::string::npos);

  std::string bad = Write("bad.py", "def f(:\n    pass\n");
  std::string good = Write("good.py", "while x:\n    x -= 1\n");
  InspectOptions o;
  o.inputs = {bad, good};
  r = Run(o);
  CHECK(r.code == 1);
  CHECK(r.errors.find(bad + ":1:") == 0);
  CHECK(r.out.find(good + ":1:1: while (in <module>)") == 0);  // still shown

  r = Run(On("-"), "for i in range(3):\n    pass\n");
  CHECK(r.code == 0);
  CHECK(r.out.starts_with("<stdin>:1:1: for (in <module>)\n"));

  o.inputs = {"-", "-"};
  CHECK(Run(o).code == 2);
  CHECK(Run(InspectOptions{}).code == 2);
}

TEST_CASE("Inspect reads files in their declared encoding", "[driver]") {
  std::string path = Write("latin.py",
                           "# -*- coding: latin-1 -*-\n"
                           "if True:\n    s = '\xe9'\n");
  Result r = Run(On(path));
  INFO(r.errors);
  CHECK(r.code == 0);
  CHECK(r.out.find(":2:1: if (in <module>)") != std::string::npos);
}

}  // namespace
}  // namespace agc::driver
