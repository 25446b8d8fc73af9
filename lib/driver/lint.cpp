#include "lib/driver/lint.h"

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <numeric>
#include <sstream>
#include <thread>

#include "lib/analysis/manager.h"
#include "lib/base/encoding.h"
#include "lib/base/fnmatch.h"
#include "lib/base/stack.h"
#include "lib/diag/explain.h"
#include "lib/driver/convert.h"
#include "lib/lint/checker.h"
#include "lib/lint/config.h"
#include "lib/lint/registry.h"
#include "lib/lint/suppression.h"
#include "lib/pass/pipeline.h"
#include "lib/syntax/parse.h"

namespace agc::driver {
namespace fs = std::filesystem;

namespace {

using diag::DiagKind;
using diag::Diagnostic;

constexpr std::string_view kStdinName = "<stdin>";

// Folders never walked into (an explicit argument is still linted).
constexpr std::string_view kSkippedFolders[] = {
    ".git", ".hg",   ".svn",        ".tox",         ".nox",       ".venv",
    "venv", ".eggs", "__pycache__", "node_modules", ".mypy_cache"};

// One .gitignore file's patterns.
struct IgnoreRules {
  std::string base;  // absolute folder of the .gitignore

  struct Pattern {
    std::string glob;
    bool negate = false;
    bool dir_only = false;
    bool anchored = false;  // has a '/' before its end: matched from base
  };

  std::vector<Pattern> patterns;
};

std::optional<IgnoreRules> ReadGitignore(const fs::path& folder) {
  std::string bytes;
  std::string error;
  if (!ReadFile((folder / ".gitignore").string(), &bytes, &error)) {
    return std::nullopt;
  }
  IgnoreRules rules;
  rules.base = folder.string();
  std::istringstream lines(bytes);
  std::string line;
  while (std::getline(lines, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) {
      line.pop_back();
    }
    if (line.empty() || line[0] == '#') {
      continue;
    }
    IgnoreRules::Pattern p;
    if (line[0] == '!') {
      p.negate = true;
      line.erase(0, 1);
    } else if (line[0] == '\\') {
      line.erase(0, 1);
    }
    if (!line.empty() && line.back() == '/') {
      p.dir_only = true;
      line.pop_back();
    }
    if (line.rfind("**/", 0) == 0) {
      line.erase(0, 3);
    } else if (line.find('/') != std::string::npos) {
      p.anchored = true;
      if (line[0] == '/') {
        line.erase(0, 1);
      }
    }
    if (line.size() > 3 && line.compare(line.size() - 3, 3, "/**") == 0) {
      line.erase(line.size() - 3);  // everything inside: the folder itself
    }
    if (!line.empty()) {
      p.glob = line;
      rules.patterns.push_back(std::move(p));
    }
  }
  return rules;
}

// Whether `abs` (a path below some rule set's base) is ignored by the
// stack of .gitignore files: the last matching pattern wins, deeper files
// after shallower ones.
bool GitIgnored(const std::vector<IgnoreRules>& stack,
                const fs::path& abs,
                bool is_dir) {
  bool ignored = false;
  std::string name = abs.filename().string();
  for (const IgnoreRules& rules : stack) {
    std::string rel = abs.lexically_relative(rules.base).generic_string();
    if (rel.empty() || rel.rfind("..", 0) == 0) {
      continue;
    }
    for (const IgnoreRules::Pattern& p : rules.patterns) {
      if (p.dir_only && !is_dir) {
        continue;
      }
      bool match =
          p.anchored ? base::FnMatch(p.glob, rel, base::FnMatchMode::kPathname)
                     : base::FnMatch(p.glob, name);
      if (match) {
        ignored = !p.negate;
      }
    }
  }
  return ignored;
}

struct Job {
  std::string input;    // path to read; "-" for stdin
  std::string display;  // path in findings
  std::string bytes;    // stdin contents
  uint64_t size = 0;
  std::vector<Diagnostic> findings;
  bool io_error = false;
  std::string config_error;
  bool walked = false;  // found by walking a folder (not named)
};

class Linter {
 public:
  Linter(const LintOptions& options, lint::ConfigCache& configs)
      : options_(options), configs_(configs) {}

  // Adds the files of one command-line path; false on an I/O or
  // configuration error (reported in `errors`).
  void Collect(const std::string& arg, std::vector<Job>& jobs);

  void Run(Job& job);

  std::vector<Diagnostic> errors;  // usage / configuration / I/O

 private:
  void Walk(const fs::path& dir,
            const fs::path& display,
            std::vector<IgnoreRules>& gitignores,
            std::vector<Job>& jobs);
  bool Excluded(const fs::path& abs, const fs::path& display);
  // Whether a finding of `code` with `severity` (lint::EffectiveSeverity)
  // is reported: selected, not ignored; a remark only when a selector
  // names it.
  bool Reported(int code,
                diag::Severity severity,
                const lint::Config& config,
                const Job& job) const;

  const LintOptions& options_;
  lint::ConfigCache& configs_;
};

fs::path Absolute(const fs::path& p) {
  std::error_code ec;
  fs::path abs = fs::absolute(p, ec);
  return (ec ? p : abs).lexically_normal();
}

std::string DisplayPath(const fs::path& p) {
  std::string s = p.lexically_normal().generic_string();
  return s.empty() ? std::string(".") : s;
}

bool Linter::Excluded(const fs::path& abs, const fs::path& display) {
  if (options_.exclude) {
    std::string rel = display.lexically_normal().generic_string();
    std::string name = abs.filename().string();
    for (const std::string& pattern : *options_.exclude) {
      if (lint::GlobMatch(pattern, rel) || lint::GlobMatch(pattern, name)) {
        return true;
      }
    }
    return false;
  }
  std::string error;
  std::shared_ptr<const lint::Config> config =
      configs_.For(abs.parent_path().string(), &error);
  if (config == nullptr) {
    return false;  // reported when the file itself is linted
  }
  std::string name = abs.filename().string();
  std::string rel =
      config->path.empty()
          ? display.generic_string()
          : abs.lexically_relative(config->folder).generic_string();
  for (const std::string& pattern : config->exclude) {
    if (lint::GlobMatch(pattern, rel) || lint::GlobMatch(pattern, name)) {
      return true;
    }
  }
  return false;
}

void Linter::Walk(const fs::path& dir,
                  const fs::path& display,
                  std::vector<IgnoreRules>& gitignores,
                  std::vector<Job>& jobs) {
  std::optional<IgnoreRules> here = ReadGitignore(dir);
  if (here) {
    gitignores.push_back(std::move(*here));
  }
  std::error_code ec;
  std::vector<fs::directory_entry> entries;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec)) {
    entries.push_back(*it);
  }
  if (ec) {
    errors.push_back(Diagnostic{
        DiagKind::kCannotRead,
        diag::Severity::kError,
        DisplayPath(display),
        {},
        fmt::format(fmt::runtime(diag::InfoOf(DiagKind::kCannotRead).format),
                    ec.message())});
  }
  std::sort(entries.begin(), entries.end(),
            [](const auto& a, const auto& b) { return a.path() < b.path(); });
  for (const fs::directory_entry& entry : entries) {
    fs::path abs = entry.path();
    std::string name = abs.filename().string();
    std::error_code e2;
    bool is_dir = entry.is_directory(e2);
    if (is_dir &&
        std::find(std::begin(kSkippedFolders), std::end(kSkippedFolders),
                  name) != std::end(kSkippedFolders)) {
      continue;
    }
    // A copy of agc's runtime package (`agc convert --emit-runtime`).
    if (is_dir && name == "agc_runtime" &&
        fs::exists(abs / "_importlib_bootstrap_python.py", e2)) {
      continue;
    }
    if (!is_dir &&
        (name.size() < 3 || name.compare(name.size() - 3, 3, ".py") != 0)) {
      continue;
    }
    if (GitIgnored(gitignores, abs, is_dir) || Excluded(abs, display / name)) {
      continue;
    }
    if (is_dir) {
      Walk(abs, display / name, gitignores, jobs);
    } else {
      Job job;
      job.input = abs.string();
      job.display = DisplayPath(display / name);
      job.size = entry.file_size(e2);
      job.walked = true;
      jobs.push_back(std::move(job));
    }
  }
  if (here) {
    gitignores.pop_back();
  }
}

void Linter::Collect(const std::string& arg, std::vector<Job>& jobs) {
  if (arg == "-") {
    Job job;
    job.input = "-";
    job.display = std::string(kStdinName);
    jobs.push_back(std::move(job));
    return;
  }
  struct stat st;
  if (::stat(arg.c_str(), &st) != 0) {
    errors.push_back(Diagnostic{
        DiagKind::kCannotRead,
        diag::Severity::kError,
        arg,
        {},
        fmt::format(fmt::runtime(diag::InfoOf(DiagKind::kCannotRead).format),
                    std::strerror(errno))});
    return;
  }
  if (!S_ISDIR(st.st_mode)) {
    Job job;
    job.input = arg;
    job.display = arg;
    job.size = static_cast<uint64_t>(st.st_size);
    jobs.push_back(std::move(job));
    return;
  }
  // The .gitignore files from the repository root (the nearest folder with
  // a .git) down to the argument apply too.
  fs::path abs = Absolute(arg);
  std::vector<fs::path> chain;
  for (fs::path p = abs;; p = p.parent_path()) {
    chain.push_back(p);
    std::error_code ec;
    if (fs::exists(p / ".git", ec)) {
      break;
    }
    if (!p.has_parent_path() || p.parent_path() == p) {
      chain.clear();  // not in a repository: only the folder's own files
      break;
    }
  }
  std::vector<IgnoreRules> gitignores;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    if (*it == abs) {
      break;
    }
    if (std::optional<IgnoreRules> r = ReadGitignore(*it)) {
      gitignores.push_back(std::move(*r));
    }
  }
  Walk(abs, fs::path(arg), gitignores, jobs);
}

bool Linter::Reported(int code,
                      diag::Severity severity,
                      const lint::Config& config,
                      const Job& job) const {
  if (code < 100) {
    return true;  // input errors are always reported
  }
  const std::vector<std::string>* select = options_.select ? &*options_.select
                                           : config.select ? &*config.select
                                                           : nullptr;
  if (severity == diag::Severity::kRemark && select == nullptr) {
    return false;
  }
  if (select != nullptr &&
      std::none_of(select->begin(), select->end(), [&](const std::string& s) {
        return lint::SelectorMatches(s, code);
      })) {
    return false;
  }
  const std::vector<std::string>& ignore =
      options_.ignore ? *options_.ignore : config.ignore;
  for (const std::string& s : ignore) {
    if (lint::SelectorMatches(s, code)) {
      return false;
    }
  }
  if (!config.per_file_ignores.empty() && job.input != "-") {
    fs::path abs = Absolute(job.input);
    std::string rel =
        config.path.empty()
            ? job.display
            : abs.lexically_relative(config.folder).generic_string();
    std::string name = abs.filename().string();
    for (const auto& [glob, codes] : config.per_file_ignores) {
      if (!lint::GlobMatch(glob, rel) && !lint::GlobMatch(glob, name)) {
        continue;
      }
      for (const std::string& s : codes) {
        if (lint::SelectorMatches(s, code)) {
          return false;
        }
      }
    }
  }
  return true;
}

void Linter::Run(Job& job) {
  std::string bytes;
  if (job.input == "-") {
    bytes = std::move(job.bytes);
  } else {
    std::string error;
    if (!ReadFile(job.input, &bytes, &error)) {
      const auto& info = diag::InfoOf(DiagKind::kCannotRead);
      job.findings.push_back(
          Diagnostic{DiagKind::kCannotRead,
                     info.severity,
                     job.display,
                     {},
                     fmt::format(fmt::runtime(info.format), error)});
      job.io_error = true;
      return;
    }
  }
  // agc's own output: skipped in a folder, a note when named.
  if (IsAgcOutput(bytes)) {
    if (!job.walked) {
      const auto& info = diag::InfoOf(DiagKind::kGeneratedInput);
      job.findings.push_back(
          Diagnostic{DiagKind::kGeneratedInput,
                     info.severity,
                     job.display,
                     {},
                     fmt::format(fmt::runtime(info.format), "lint")});
    }
    return;
  }
  std::string folder = job.input == "-"
                           ? Absolute(".").string()
                           : Absolute(job.input).parent_path().string();
  std::string config_error;
  std::shared_ptr<const lint::Config> config =
      configs_.For(folder, &config_error);
  if (config == nullptr) {
    job.config_error = config_error;
    return;
  }
  diag::DiagnosticSink sink;
  std::vector<Diagnostic> diags;
  auto finish = [&](const base::SourceFile* source) {
    for (Diagnostic& d : sink.Sorted()) {
      diags.push_back(std::move(d));
    }
    for (Diagnostic& d : diags) {
      d.severity = lint::EffectiveSeverity(config.get(), d);
      if (!Reported(d.code(), d.severity, *config, job)) {
        continue;
      }
      // Not the line of a file that is not text (invalid UTF-8, NUL bytes).
      const bool binary =
          d.kind == DiagKind::kInvalidUtf8 || d.kind == DiagKind::kNulByte;
      if (source != nullptr && !binary && d.source_line.empty() &&
          d.pos.line > 0 && d.pos.line <= source->line_count()) {
        d.source_line = std::string(source->LineText(d.pos.line));
      }
      job.findings.push_back(std::move(d));
    }
  };
  // A file that declares another encoding (PEP 263) is linted as UTF-8.
  std::string encoding = base::FindCodingDeclaration(bytes);
  if (!encoding.empty() && !base::IsUtf8Name(encoding)) {
    std::string utf8;
    size_t bad = 0;
    base::TranscodeStatus status =
        base::Transcode(bytes, encoding, "UTF-8", &utf8, &bad);
    if (status == base::TranscodeStatus::kUnknownEncoding) {
      sink.Emit(DiagKind::kUnknownEncoding, job.display, base::LineCol{1, 1},
                encoding);
      finish(nullptr);
      return;
    }
    if (status != base::TranscodeStatus::kOk) {
      sink.Emit(DiagKind::kInvalidEncodedText, job.display, base::LineCol{},
                fmt::format("file is not valid {}", encoding));
      finish(nullptr);
      return;
    }
    bytes = std::move(utf8);
  }
  base::SourceFile source(job.display, std::move(bytes));
  ast::Module module(&source);
  syntax::ParseOptions parse_options;
  parse_options.target =
      lint::TargetVersion(config.get(), options_.target_version);
  if (!syntax::Parse(source, module, sink, parse_options)) {
    finish(&source);
    return;
  }
  std::vector<lint::Suppression> suppressions = lint::FindSuppressions(module);
  {
    analysis::AnalysisManager analyses(module);
    lint::CheckerOptions checker_options;
    checker_options.assume_staged =
        options_.assume_staged.value_or(config->assume_staged.value_or(false));
    lint::Checker checker(module, analyses, checker_options);
    checker.Run(diags);
  }
  // The conversion, in memory: its diagnostics are findings too.
  pass::SelectionError selection_error;
  auto passes = pass::SelectPasses(
      options_.registry, config->passes.empty() ? "default" : config->passes,
      &selection_error);
  if (!passes) {
    job.config_error = fmt::format(
        "{}:{}:{}: [tool.agc] passes: {}", config->path, config->passes_at.line,
        config->passes_at.col, selection_error.message);
    return;
  }
  pass::PassOptions pass_options;
  // The converted code is what the findings are about (eager originals
  // would only add copies that report nothing).
  pass_options.eager_originals = false;
  pass_options.control_flow =
      config->control_flow.value_or(pass::kDefaultControlFlowForm);
  pass::PipelineOptions pipeline;
  diag::DiagnosticSink conversion;
  pass::RunPipeline(*passes, module, conversion, pass_options, pipeline);
  for (Diagnostic& d : conversion.Sorted()) {
    diags.push_back(std::move(d));
  }
  // Filter first, so suppressions of codes not reported count as unused.
  std::vector<Diagnostic> kept;
  for (Diagnostic& d : diags) {
    if (Reported(d.code(), lint::EffectiveSeverity(config.get(), d), *config,
                 job)) {
      kept.push_back(std::move(d));
    }
  }
  lint::ApplySuppressions(
      suppressions, job.display, kept,
      Reported(diag::InfoOf(DiagKind::kUnusedSuppression).code,
               diag::InfoOf(DiagKind::kUnusedSuppression).severity, *config,
               job));
  diags = std::move(kept);
  finish(&source);
}

}  // namespace

int Lint(const LintOptions& options,
         std::ostream& out,
         std::ostream& err,
         std::istream& in) {
  auto usage = [&](std::string message) {
    err << diag::FormatText(Diagnostic{DiagKind::kBadOption,
                                       diag::Severity::kError,
                                       "",
                                       {},
                                       std::move(message)})
        << '\n';
    return 2;
  };
  if (options.paths.empty()) {
    return usage("lint needs at least one file or folder (or '-')");
  }
  for (const auto* list : {&options.select, &options.ignore}) {
    if (*list) {
      std::string bad = lint::BadSelector(**list);
      if (!bad.empty()) {
        return usage(fmt::format(
            "'{}' names no diagnostic code (use AGCnnn or a prefix such as "
            "AGC3)",
            bad));
      }
    }
  }
  std::shared_ptr<const lint::Config> fixed;
  if (!options.config.empty()) {
    auto config = std::make_shared<lint::Config>();
    std::string error;
    if (!lint::LoadConfig(options.config, config.get(), &error)) {
      return usage(error);
    }
    fixed = config;
  }
  lint::ConfigCache configs(fixed, options.isolated);
  Linter linter(options, configs);
  std::vector<Job> jobs;
  for (const std::string& path : options.paths) {
    linter.Collect(path, jobs);
  }
  // The same file reached twice (a folder and a file in it) is linted once.
  {
    std::vector<Job> unique;
    std::map<std::string, bool> seen;
    for (Job& job : jobs) {
      std::string key =
          job.input == "-" ? job.input : Absolute(job.input).string();
      if (seen.emplace(key, true).second) {
        unique.push_back(std::move(job));
      }
    }
    jobs = std::move(unique);
  }
  for (Job& job : jobs) {
    if (job.input == "-") {
      std::ostringstream ss;
      ss << in.rdbuf();
      job.bytes = std::move(ss).str();
    }
  }
  base::RunJobsOnLargeStacks(
      jobs.size(), options.jobs, [&](size_t i) { return jobs[i].size; },
      [&](size_t i) { linter.Run(jobs[i]); });
  std::vector<Diagnostic> findings;
  bool io_error = !linter.errors.empty();
  std::vector<std::string> config_errors;
  for (Diagnostic& d : linter.errors) {
    findings.push_back(std::move(d));
  }
  for (Job& job : jobs) {
    io_error = io_error || job.io_error;
    if (!job.config_error.empty() &&
        std::find(config_errors.begin(), config_errors.end(),
                  job.config_error) == config_errors.end()) {
      config_errors.push_back(job.config_error);
    }
    for (Diagnostic& f : job.findings) {
      findings.push_back(std::move(f));
    }
  }
  if (!config_errors.empty()) {
    std::sort(config_errors.begin(), config_errors.end());
    for (std::string& e : config_errors) {
      usage(std::move(e));
    }
    return 2;
  }
  std::stable_sort(findings.begin(), findings.end());
  out << diag::Render(options.format, findings);
  out.flush();
  if (io_error) {
    return 2;
  }
  return findings.empty() || options.exit_zero ? 0 : 1;
}

bool Explain(std::string_view code, std::string* page) {
  page->clear();
  const diag::DiagKindInfo* info = diag::FindByCode(code);
  if (info == nullptr) {
    return false;
  }
  if (const lint::Rule* rule = lint::FindRule(info->code)) {
    *page = std::string(rule->explain);
  } else {
    *page = std::string(diag::ExplainPage(info->code));
  }
  *page += fmt::format("\nDefault severity: {}.\n",
                       diag::SeverityName(info->severity));
  return true;
}

}  // namespace agc::driver
