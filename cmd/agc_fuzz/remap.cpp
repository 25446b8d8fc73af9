// Fuzz target `remap`: tracebacks and source maps. Each input is used twice:
//   - as source-map JSON: ParseSourceMap either rejects it with a message or
//     accepts it, and then writing the map and parsing it again gives the
//     same map;
//   - as traceback text, remapped through a fixed, valid map (a converted
//     file, written once in a temporary folder, which frames name as
//     build/model_ag.py): RemapText gives the same text as feeding it a line
//     at a time, and the same text twice.
#include "lib/driver/remap.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "cmd/agc_fuzz/common.h"
#include "lib/base/sha256.h"
#include "lib/codegen/source_map.h"
#include "lib/diag/diagnostic.h"

namespace {

namespace fs = std::filesystem;

void WriteText(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

// src/model.py and its conversion build/model_ag.py with its map, in a
// fresh temporary folder that becomes the working directory.
void WriteFixture() {
  const fs::path root = fs::temp_directory_path() /
                        ("agc_fuzz_remap_" + std::to_string(::getpid()));
  fs::remove_all(root);
  const std::string original =
      "def f(x):\n"
      "    if x > 0:\n"
      "        y = 10 // x\n"
      "    else:\n"
      "        y = 1 // x\n"
      "    return y\n";
  WriteText(root / "src" / "model.py", original);
  WriteText(root / "build" / "model_ag.py",
            "import agc_runtime as ag__\n"
            "def f(x):\n"
            "    def if_body():\n"
            "        y = 10 // x\n"
            "    def else_body():\n"
            "        y = 1 // x\n"
            "    ag__.if_stmt(x > 0)\n"
            "    return y\n");
  agc::codegen::SourceMap map;
  map.source = "../src/model.py";
  map.generated = "model_ag.py";
  map.source_sha256 = agc::base::Sha256Hex(original);
  map.origin_lines = {1, 1, 2, 3, 2, 5, 2, 6};
  WriteText(root / "build" / "model_ag.py.map.json",
            agc::codegen::WriteSourceMap(map));
  fs::current_path(root);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  WriteFixture();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using agc::fuzz::Fail;
  const std::string_view input(reinterpret_cast<const char*>(data), size);

  agc::codegen::SourceMap map;
  if (agc::codegen::ParseSourceMap(input, &map).empty()) {
    agc::codegen::SourceMap again;
    const std::string written = agc::codegen::WriteSourceMap(map);
    if (!agc::codegen::ParseSourceMap(written, &again).empty() ||
        agc::codegen::WriteSourceMap(again) != written) {
      Fail("a map that parses does not survive writing and parsing", input);
    }
  }

  agc::driver::RemapOptions options;
  options.maps = {"build/model_ag.py.map.json"};
  agc::diag::DiagnosticSink diags;
  agc::driver::Remapper whole(options, diags);
  const std::string text = whole.RemapText(input);
  agc::driver::Remapper lines(options, diags);
  std::string fed;
  size_t pos = 0;
  while (pos < input.size()) {
    size_t nl = input.find('\n', pos);
    size_t end = nl == std::string_view::npos ? input.size() : nl + 1;
    lines.Feed(input.substr(pos, end - pos), fed);
    pos = end;
  }
  lines.Finish(fed);
  if (fed != text) {
    Fail("remapping line by line differs from remapping the whole text", input);
  }
  if (whole.RemapText(input) != text) {
    Fail("remapping twice gives different text", input);
  }
  return 0;
}
