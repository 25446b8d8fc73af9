// Configuration of `agc lint` (and the settings it shares with `convert`):
// the `[tool.agc]` table of the nearest pyproject.toml, walking up from each
// file. Keys:
//   select = ["AGC3"]            codes or code prefixes to report (default all)
//   ignore = ["AGC302"]          codes or prefixes not to report
//   per-file-ignores = { "tests/*.py" = ["AGC304"] }   globs relative to the
//                                pyproject.toml folder (or file names)
//   exclude = ["build", "*_ag.py"]   paths not linted when found by walking a
//                                folder (globs, relative to the folder)
//   severity = { AGC304 = "error" }  severity overrides
//   assume-staged = true         report values not known to be staged too
//   passes, runtime-import, out-dir  shared with convert (lint runs the
//                                conversion passes in memory with `passes`)
//   target-version = "py312"     the oldest Python the code runs on (py311,
//                                py312, py313); shared with convert
//   control-flow = "functional"  the form of converted if/while/for
//                                (functional, the default, or nonlocal);
//                                shared with convert
//   frameworks = ["torch"]       the frameworks that trace the code
//                                ("tensorflow", "jax", "torch"): what only
//                                one of them refuses becomes a warning for
//                                a project that targets it (for PyTorch,
//                                a statement that keeps the nonlocal form,
//                                AGC108); shared with convert
// and, from the `[project]` table, `requires-python` (its minimum version is
// the target when neither the flag nor `target-version` gives one).
// Unknown keys and wrong types are configuration errors (exit code 2).
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "lib/base/python_version.h"
#include "lib/diag/diagnostic.h"
#include "lib/pass/pass.h"

namespace agc::lint {

struct Config {
  std::string path;    // the pyproject.toml; empty: defaults
  std::string folder;  // its folder (globs are relative to it)
  std::optional<std::vector<std::string>> select;
  std::vector<std::string> ignore;
  std::vector<std::pair<std::string, std::vector<std::string>>>
      per_file_ignores;
  std::vector<std::string> exclude;
  std::map<int, diag::Severity> severity;  // by code
  std::string passes;                      // empty: default
  base::LineCol passes_at;                 // where `passes` is written
  std::string runtime_import;
  std::string out_dir;
  // `converted-only = true`: no eager originals (`agc convert
  // --converted-only`); unset when the key is absent.
  std::optional<bool> converted_only;
  // `assume-staged = true`: lint reports ifs and loops whose test or
  // iterable is not known to be staged (`agc lint --assume-staged`).
  std::optional<bool> assume_staged;
  // `target-version = "py312"`; unset when the key is absent.
  std::optional<base::PythonVersion> target_version;
  // `control-flow = "functional"`; unset when the key is absent.
  std::optional<pass::ControlFlowForm> control_flow;
  // `frameworks = [...]`, in the order written; empty when absent.
  std::vector<std::string> frameworks;
  // The minimum Python of `requires-python` in `[project]` (clamped to the
  // versions agc reads); unset when absent or without a lower bound.
  std::optional<base::PythonVersion> requires_python;
};

// The target Python version: `flag` (--target-version) when given, else the
// config's `target-version`, else its `requires-python` minimum, else the
// newest version agc reads. `config` may be null (no pyproject.toml).
base::PythonVersion TargetVersion(const Config* config,
                                  std::optional<base::PythonVersion> flag);

// The severity a diagnostic is shown with under `config` (may be null): the
// `severity` table's entry for its code, else a warning where a framework
// the project targets refuses what it reports (`frameworks`), else the
// kind's own.
diag::Severity EffectiveSeverity(const Config* config,
                                 const diag::Diagnostic& d);

// The frameworks `frameworks = [...]` may name, as in the key's error.
extern const std::vector<std::string_view> kFrameworkNames;

// Reads `[tool.agc]` from a pyproject.toml. A file without the table gives
// the defaults (with `path` set). Returns false with `error` set (a complete
// message) when the file cannot be read or parsed or holds a bad value.
bool LoadConfig(const std::string& pyproject,
                Config* config,
                std::string* error);

// Whether a code (AGC301) is matched by a selector: the full code or a
// prefix of it ("AGC3", "AGC30"); "ALL" matches everything.
bool SelectorMatches(std::string_view selector, int code);

// Checks a selector list; returns the first bad one ("" when all are good).
std::string BadSelector(const std::vector<std::string>& selectors);

// Glob match as fnmatch without FNM_PATHNAME (`*` crosses '/'), plus `**/`
// prefixes matching any number of folders.
bool GlobMatch(const std::string& pattern, const std::string& path);

// Finds and caches the configuration of each folder: the nearest
// pyproject.toml walking up from it. Thread-safe.
class ConfigCache {
 public:
  // `fixed`: --config FILE (every file uses it); `isolated`: no files at all.
  ConfigCache(std::shared_ptr<const Config> fixed, bool isolated)
      : fixed_(std::move(fixed)), isolated_(isolated) {}

  // The configuration for files in `folder` (absolute, normalized); null
  // with `error` set when the pyproject.toml found is invalid.
  std::shared_ptr<const Config> For(const std::string& folder,
                                    std::string* error);

 private:
  std::shared_ptr<const Config> fixed_;
  bool isolated_;
  std::mutex mu_;
  std::map<std::string, std::shared_ptr<const Config>> by_folder_;
  std::map<std::string, std::string> errors_;  // pyproject -> error
};

}  // namespace agc::lint
