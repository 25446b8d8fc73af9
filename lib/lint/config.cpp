#include "lib/lint/config.h"

#include <fmt/core.h>
#include <fmt/ranges.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>

#define TOML_EXCEPTIONS 0
// toml++ 3.3 checks FLT_RADIX. Built for macOS with Zig's headers, it is
// missing: the system's math.h includes float.h for its infinity and NaN
// alone, and libc++'s guard then keeps the rest of float.h out. The
// compiler's own macro has the value.
#include <cfloat>
#ifndef FLT_RADIX
#define FLT_RADIX __FLT_RADIX__
#endif
#include <toml++/toml.h>

#include "lib/base/fnmatch.h"
#include "lib/diag/diagnostic.h"

namespace agc::lint {
namespace fs = std::filesystem;

namespace {

bool StringList(const toml::node& node,
                std::vector<std::string>* out,
                std::string* problem) {
  const toml::array* arr = node.as_array();
  if (arr == nullptr) {
    *problem = "must be a list of strings";
    return false;
  }
  for (const toml::node& item : *arr) {
    std::optional<std::string> s = item.value<std::string>();
    if (!s) {
      *problem = "must be a list of strings";
      return false;
    }
    out->push_back(*s);
  }
  return true;
}

std::optional<diag::Severity> ParseSeverity(std::string_view s) {
  if (s == "error") {
    return diag::Severity::kError;
  }
  if (s == "warning") {
    return diag::Severity::kWarning;
  }
  if (s == "note") {
    return diag::Severity::kNote;
  }
  if (s == "remark") {
    return diag::Severity::kRemark;
  }
  return std::nullopt;
}

// What targeting a framework makes a warning: the kinds of diagnostic that
// report code the framework refuses to stage.
struct FrameworkWarning {
  std::string_view framework;
  diag::DiagKind kind;
};

constexpr FrameworkWarning kFrameworkWarnings[] = {
    // torch.cond and while_loop refuse bodies that assign the enclosing
    // function's variables.
    {"torch", diag::DiagKind::kNonlocalFormKept},
};

}  // namespace

const std::vector<std::string_view> kFrameworkNames = {"tensorflow", "jax",
                                                       "torch"};

diag::Severity EffectiveSeverity(const Config* config,
                                 const diag::Diagnostic& d) {
  if (config == nullptr) {
    return d.severity;
  }
  auto sev = config->severity.find(d.code());
  if (sev != config->severity.end()) {
    return sev->second;
  }
  for (const FrameworkWarning& w : kFrameworkWarnings) {
    if (w.kind == d.kind &&
        std::find(config->frameworks.begin(), config->frameworks.end(),
                  w.framework) != config->frameworks.end()) {
      return std::max(d.severity, diag::Severity::kWarning);
    }
  }
  return d.severity;
}

bool SelectorMatches(std::string_view selector, int code) {
  if (selector == "ALL") {
    return true;
  }
  std::string full = diag::CodeString(code);
  return !selector.empty() && full.rfind(selector, 0) == 0 &&
         selector.size() >= 3;
}

std::string BadSelector(const std::vector<std::string>& selectors) {
  for (const std::string& s : selectors) {
    if (s == "ALL") {
      continue;
    }
    bool any = false;
    for (const diag::DiagKindInfo* info : diag::AllKinds()) {
      any = any || SelectorMatches(s, info->code);
    }
    if (!any || s.size() < 4) {
      return s;
    }
  }
  return {};
}

bool GlobMatch(const std::string& pattern, const std::string& path) {
  if (base::FnMatch(pattern, path)) {
    return true;
  }
  if (pattern.rfind("**/", 0) == 0) {
    return GlobMatch(pattern.substr(3), path) ||
           base::FnMatch(std::string_view(pattern).substr(3),
                         fs::path(path).filename().string());
  }
  return false;
}

bool LoadConfig(const std::string& pyproject,
                Config* config,
                std::string* error) {
  *config = Config{};
  config->path = pyproject;
  config->folder = fs::path(pyproject).parent_path().string();
  if (config->folder.empty()) {
    config->folder = ".";
  }
  toml::parse_result parsed = toml::parse_file(pyproject);
  if (!parsed) {
    const toml::parse_error& e = parsed.error();
    if (e.source().begin.line == 0) {
      *error = fmt::format("{}: cannot read configuration: {}", pyproject,
                           e.description());
    } else {
      *error = fmt::format("{}:{}:{}: invalid TOML: {}", pyproject,
                           e.source().begin.line, e.source().begin.column,
                           e.description());
    }
    return false;
  }
  const toml::table& root = parsed.table();
  if (const toml::table* project = root["project"].as_table()) {
    if (const toml::node* requires_python = project->get("requires-python")) {
      std::optional<std::string> spec = requires_python->value<std::string>();
      std::string problem = "must be a string";
      if (spec) {
        config->requires_python =
            base::MinimumOfRequiresPython(*spec, &problem);
      }
      if (!problem.empty()) {
        *error = fmt::format("{}:{}:{}: [project] requires-python {}",
                             pyproject, requires_python->source().begin.line,
                             requires_python->source().begin.column, problem);
        return false;
      }
    }
  }
  const toml::table* agc = nullptr;
  if (const toml::table* tool = root["tool"].as_table()) {
    agc = (*tool)["agc"].as_table();
  }
  if (agc == nullptr) {
    return true;
  }
  for (const auto& [key_node, value] : *agc) {
    std::string key(key_node.str());
    std::string problem;
    bool ok = true;
    if (key == "select") {
      std::vector<std::string> list;
      ok = StringList(value, &list, &problem);
      if (ok && !(problem = BadSelector(list)).empty()) {
        problem = fmt::format("names no diagnostic code: '{}'", problem);
        ok = false;
      }
      config->select = std::move(list);
    } else if (key == "ignore") {
      ok = StringList(value, &config->ignore, &problem);
      if (ok && !(problem = BadSelector(config->ignore)).empty()) {
        problem = fmt::format("names no diagnostic code: '{}'", problem);
        ok = false;
      }
    } else if (key == "exclude") {
      ok = StringList(value, &config->exclude, &problem);
    } else if (key == "per-file-ignores") {
      const toml::table* t = value.as_table();
      if (t == nullptr) {
        problem = "must be a table of glob = [codes]";
        ok = false;
      } else {
        for (const auto& [glob, codes] : *t) {
          std::vector<std::string> list;
          if (!StringList(codes, &list, &problem)) {
            ok = false;
            break;
          }
          if (!(problem = BadSelector(list)).empty()) {
            problem = fmt::format("names no diagnostic code: '{}'", problem);
            ok = false;
            break;
          }
          config->per_file_ignores.emplace_back(std::string(glob.str()),
                                                std::move(list));
        }
      }
    } else if (key == "severity") {
      const toml::table* t = value.as_table();
      if (t == nullptr) {
        problem =
            "must be a table of CODE = "
            "\"error\"|\"warning\"|\"note\"|\"remark\"";
        ok = false;
      } else {
        for (const auto& [code, sev] : *t) {
          const diag::DiagKindInfo* info = diag::FindByCode(code.str());
          std::optional<std::string> s = sev.value<std::string>();
          std::optional<diag::Severity> severity =
              s ? ParseSeverity(*s) : std::nullopt;
          if (info == nullptr || !severity) {
            problem = fmt::format(
                "entry '{}' must name a code and be \"error\", \"warning\", "
                "\"note\" or \"remark\"",
                code.str());
            ok = false;
            break;
          }
          config->severity[info->code] = *severity;
        }
      }
    } else if (key == "passes" || key == "runtime-import" || key == "out-dir") {
      std::optional<std::string> s = value.value<std::string>();
      if (!s) {
        problem = "must be a string";
        ok = false;
      } else if (key == "passes") {
        config->passes = *s;
        config->passes_at = {static_cast<int32_t>(value.source().begin.line),
                             static_cast<int32_t>(value.source().begin.column)};
      } else if (key == "runtime-import") {
        config->runtime_import = *s;
      } else {
        config->out_dir = *s;
      }
    } else if (key == "converted-only" || key == "assume-staged") {
      std::optional<bool> b =
          value.is_boolean() ? value.value<bool>() : std::nullopt;
      if (!b) {
        problem = "must be true or false";
        ok = false;
      } else {
        (key == "converted-only" ? config->converted_only
                                 : config->assume_staged) = *b;
      }
    } else if (key == "target-version") {
      std::optional<std::string> name = value.value<std::string>();
      config->target_version =
          name ? base::ParsePythonVersion(*name) : std::nullopt;
      if (!config->target_version) {
        problem = fmt::format("must be one of {} (as \"py312\")",
                              base::PythonVersionNames());
        ok = false;
      }
    } else if (key == "control-flow") {
      std::optional<std::string> name = value.value<std::string>();
      config->control_flow =
          name ? pass::ParseControlFlowForm(*name) : std::nullopt;
      if (!config->control_flow) {
        problem = "must be \"nonlocal\" or \"functional\"";
        ok = false;
      }
    } else if (key == "frameworks") {
      std::vector<std::string> list;
      ok = StringList(value, &list, &problem);
      for (const std::string& name : list) {
        if (ok && std::find(kFrameworkNames.begin(), kFrameworkNames.end(),
                            name) == kFrameworkNames.end()) {
          problem = fmt::format(
              "names '{}', which is not a framework agc stages (\"{}\")", name,
              fmt::join(kFrameworkNames, "\", \""));
          ok = false;
        }
      }
      config->frameworks = std::move(list);
    } else {
      problem =
          "is not a known key (select, ignore, per-file-ignores, exclude, "
          "severity, passes, runtime-import, out-dir, converted-only, "
          "assume-staged, target-version, control-flow, frameworks)";
      ok = false;
    }
    if (!ok) {
      *error = fmt::format("{}:{}:{}: [tool.agc] {} {}", pyproject,
                           value.source().begin.line,
                           value.source().begin.column, key, problem);
      return false;
    }
  }
  return true;
}

base::PythonVersion TargetVersion(const Config* config,
                                  std::optional<base::PythonVersion> flag) {
  if (flag) {
    return *flag;
  }
  if (config != nullptr && config->target_version) {
    return *config->target_version;
  }
  if (config != nullptr && config->requires_python) {
    return *config->requires_python;
  }
  return base::kNewestPython;
}

std::shared_ptr<const Config> ConfigCache::For(const std::string& folder,
                                               std::string* error) {
  if (fixed_ != nullptr) {
    return fixed_;
  }
  static const auto kDefaults = std::make_shared<const Config>();
  if (isolated_) {
    return kDefaults;
  }
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> walked;
  fs::path dir(folder);
  std::shared_ptr<const Config> found;
  while (true) {
    auto it = by_folder_.find(dir.string());
    if (it != by_folder_.end()) {
      found = it->second;
      break;
    }
    walked.push_back(dir.string());
    fs::path candidate = dir / "pyproject.toml";
    struct stat st;
    if (::stat(candidate.string().c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
      auto e = errors_.find(candidate.string());
      if (e != errors_.end()) {
        *error = e->second;
        return nullptr;
      }
      auto config = std::make_shared<Config>();
      std::string problem;
      if (!LoadConfig(candidate.string(), config.get(), &problem)) {
        errors_[candidate.string()] = problem;
        *error = problem;
        return nullptr;
      }
      found = config;
      break;
    }
    if (!dir.has_parent_path() || dir.parent_path() == dir) {
      found = kDefaults;
      break;
    }
    dir = dir.parent_path();
  }
  for (const std::string& w : walked) {
    by_folder_[w] = found;
  }
  return found;
}

}  // namespace agc::lint
