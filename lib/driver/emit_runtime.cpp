#include "lib/driver/emit_runtime.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <utility>

#include "lib/base/platform.h"

namespace agc::driver {
namespace fs = std::filesystem;

namespace {

bool HasRuntime(const fs::path& dir) {
  std::error_code ec;
  return !dir.empty() &&
         fs::is_regular_file(dir / "agc_runtime" / "__init__.py", ec);
}

}  // namespace

std::string FindRuntimeDir(const std::string& fallback) {
  if (const char* env = std::getenv("AGC_RUNTIME_DIR");
      env != nullptr && *env != '\0') {
    return HasRuntime(env) ? std::string(env) : std::string();
  }
  if (const fs::path exe = base::ExecutablePath(); !exe.empty()) {
    fs::path installed =
        (exe.parent_path() / ".." / "share" / "agc" / "runtime")
            .lexically_normal();
    if (HasRuntime(installed)) {
      return installed.string();
    }
  }
  return HasRuntime(fallback) ? fallback : std::string();
}

std::vector<std::string> RuntimeTargets(
    const std::vector<std::pair<std::string, std::string>>& inputs_outputs) {
  std::set<std::string> targets;
  for (const auto& [input, output] : inputs_outputs) {
    if (input == "-" || output == "-") {
      continue;
    }
    // How many packages deep the input is.
    int depth = 0;
    std::error_code ec;
    fs::path dir = fs::absolute(input, ec).lexically_normal().parent_path();
    while (!dir.empty() && dir != dir.root_path() &&
           fs::is_regular_file(dir / "__init__.py", ec)) {
      ++depth;
      dir = dir.parent_path();
    }
    fs::path target = fs::path(output).parent_path();
    for (int i = 0; i < depth && !target.empty(); ++i) {
      target = target.parent_path();
    }
    std::string spelled = target.lexically_normal().string();
    if (spelled.size() > 1 && spelled.back() == '/') {
      spelled.pop_back();
    }
    // Not `spelled = "."`: GCC 12 at -O3 reports a false -Wrestrict on that
    // assignment (GCC bug 105651).
    targets.insert(spelled.empty() ? std::string(".") : std::move(spelled));
  }
  return {targets.begin(), targets.end()};
}

std::vector<std::string> RuntimeFiles(const std::string& runtime_dir) {
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& entry :
       fs::directory_iterator(fs::path(runtime_dir) / "agc_runtime", ec)) {
    const fs::path& p = entry.path();
    if (entry.is_regular_file(ec) && p.extension() == ".py") {
      files.push_back("agc_runtime/" + p.filename().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string EmitRuntime(
    const ConvertOptions& options,
    const std::vector<std::pair<std::string, std::string>>& inputs_outputs,
    diag::DiagnosticSink& diags) {
  std::vector<std::string> files;
  if (!options.runtime_dir.empty()) {
    files = RuntimeFiles(options.runtime_dir);
  }
  if (files.empty()) {
    diags.Emit(diag::DiagKind::kCannotRead, "", base::LineCol{},
               "--emit-runtime: the agc_runtime package was not found next "
               "to agc (set AGC_RUNTIME_DIR to the folder that holds it)");
    return {};
  }
  std::string diff;
  for (const std::string& target : RuntimeTargets(inputs_outputs)) {
    for (const std::string& file : files) {
      const std::string from = (fs::path(options.runtime_dir) / file).string();
      const std::string to = (fs::path(target) / file).string();
      std::string bytes;
      std::string error;
      if (!ReadFile(from, &bytes, &error)) {
        diags.Emit(diag::DiagKind::kCannotRead, from, base::LineCol{}, error);
        continue;
      }
      if (options.check || options.diff) {
        std::string existing;
        const bool have = ReadFile(to, &existing, &error);
        if (options.diff) {
          diff += UnifiedDiff(existing, bytes,
                              have ? to : std::string("/dev/null"), to);
        }
        if (options.check && (!have || existing != bytes)) {
          diags.Emit(diag::DiagKind::kStaleOutput, from, base::LineCol{},
                     have ? "out of date" : "missing", to);
        }
        continue;
      }
      if (!WriteFileAtomic(to, bytes, &error)) {
        diags.Emit(diag::DiagKind::kCannotWrite, from, base::LineCol{}, error);
      }
    }
  }
  return diff;
}

}  // namespace agc::driver
