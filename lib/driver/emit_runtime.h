// `agc convert --emit-runtime`: copies the agc_runtime package next to the
// converted output, so it runs with no install; and finding that package
// relative to the agc binary (build tree or after `cmake --install`).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "lib/diag/diagnostic.h"
#include "lib/driver/convert.h"

namespace agc::driver {

// The folder that holds the agc_runtime package (a folder with
// agc_runtime/__init__.py), or an empty string. Looked for in order: the
// AGC_RUNTIME_DIR environment variable; `<bin>/../share/agc/runtime` next to
// the running binary (an installed agc); `fallback` (the source tree's
// runtime/ folder, compiled into a build-tree binary).
std::string FindRuntimeDir(const std::string& fallback);

// The folders that receive an agc_runtime package for these (input, output)
// pairs: for each output, the folder the converted code is imported from,
// which is the output's folder, or above it one level per package (folder
// with __init__.py) the input sits in. Sorted, without duplicates; inputs
// or outputs that are "-" are skipped.
std::vector<std::string> RuntimeTargets(
    const std::vector<std::pair<std::string, std::string>>& inputs_outputs);

// The package's files (agc_runtime/*.py) under `runtime_dir`, as paths
// relative to it ("agc_runtime/core.py"), sorted.
std::vector<std::string> RuntimeFiles(const std::string& runtime_dir);

// Copies the package from options.runtime_dir into every RuntimeTargets()
// folder (only files whose content changed are written). Under --check a
// missing or different file is a stale output; under --diff its diff is
// returned. Problems go to `diags`.
std::string EmitRuntime(
    const ConvertOptions& options,
    const std::vector<std::pair<std::string, std::string>>& inputs_outputs,
    diag::DiagnosticSink& diags);

}  // namespace agc::driver
