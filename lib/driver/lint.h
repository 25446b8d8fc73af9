// `agc lint` and `agc explain` as a library. cmd/agc/main.cpp maps flags onto
// LintOptions; tests call Lint() directly.
//
// Lint reads every file (folders are walked for .py files, honouring
// .gitignore files and the `exclude` globs of the configuration), and for
// each: reports syntax errors; runs the lint rules of lib/lint/rules.def on
// the parsed module; runs the conversion passes in memory (nothing is
// written) and keeps their diagnostics (AGC1xx, AGC2xx); filters by
// select/ignore/per-file-ignores; applies `# agc: ignore` suppressions and
// reports the unused ones (AGC300). Findings are sorted by file, line,
// column, code and rendered in one output format.
//
// Exit code: 2 for a usage, configuration or I/O error; else 1 when anything
// was reported (0 with exit_zero); else 0.
#pragma once

#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "lib/base/python_version.h"
#include "lib/diag/emitter.h"
#include "lib/pass/pass.h"

namespace agc::driver {

struct LintOptions {
  std::vector<std::string> paths;  // files and folders; "-" is stdin
  // Flags win over the configuration when given.
  std::optional<std::vector<std::string>> select;
  std::optional<std::vector<std::string>> ignore;
  // Globs of paths not linted when found by walking a folder (relative to
  // the working directory, or file names); replaces the config's `exclude`.
  std::optional<std::vector<std::string>> exclude;
  diag::OutputFormat format = diag::OutputFormat::kText;
  bool exit_zero = false;
  // --assume-staged (wins over `assume-staged` in the configuration).
  std::optional<bool> assume_staged;
  // --target-version (wins over `target-version` and `requires-python` in
  // the configuration).
  std::optional<base::PythonVersion> target_version;
  std::string config;     // --config FILE: use it for every file
  bool isolated = false;  // --isolated: no configuration files
  int jobs = 1;
  // The conversion passes lint runs in memory (cmd/ passes the registry:
  // lib/ does not include passes/).
  std::span<const pass::PassInfo> registry;
};

// Lints; findings go to `out` in the chosen format, usage and configuration
// errors to `err` (as `agc: error: ... [AGC016]` lines). Returns the exit
// code.
int Lint(const LintOptions& options,
         std::ostream& out,
         std::ostream& err,
         std::istream& in);

// `agc explain CODE`: the page of a diagnostic or lint rule. Returns false
// (and leaves `page` empty) for an unknown code.
bool Explain(std::string_view code, std::string* page);

}  // namespace agc::driver
