// The agc command line: CLI11 flags -> driver options -> exit code. No
// conversion logic lives here.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <thread>

#include "cmd/agc/build_info.h"
#include "cmd/agc/parser_heap.h"
#include "lib/analysis/registry.h"
#include "lib/ast/ast.h"
#include "lib/base/platform.h"
#include "lib/base/python_version.h"
#include "lib/base/stack.h"
#include "lib/base/stage_times.h"
#include "lib/codegen/printer.h"
#include "lib/diag/diagnostic.h"
#include "lib/diag/emitter.h"
#include "lib/driver/convert.h"
#include "lib/driver/emit_runtime.h"
#include "lib/driver/inspect.h"
#include "lib/driver/lint.h"
#include "lib/driver/remap.h"
#include "lib/lint/config.h"
#include "lib/syntax/parse.h"
#include "passes/registry.h"

namespace {

// The most files -j converts or lints in parallel (0: one per core).
constexpr int kMaxJobs = 1024;

using agc::diag::DiagnosticSink;

void PrintDiagnostics(const DiagnosticSink& diags) {
  for (const agc::diag::Diagnostic& d : diags.Sorted()) {
    std::cerr << agc::diag::FormatWithSource(d);
  }
  std::cerr.flush();
}

// Convert's diagnostics as the configuration shows them
// (lint::EffectiveSeverity); remarks only with -v.
void PrintConversionDiagnostics(const DiagnosticSink& diags,
                                const agc::lint::Config* config,
                                bool verbose) {
  for (agc::diag::Diagnostic& d : diags.Sorted()) {
    d.severity = agc::lint::EffectiveSeverity(config, d);
    if (d.severity != agc::diag::Severity::kRemark || verbose) {
      std::cerr << agc::diag::FormatWithSource(d);
    }
  }
  std::cerr.flush();
}

void SetUpLogging(const std::string& level, bool time_passes) {
  auto logger = spdlog::stderr_color_mt("agc");
  logger->set_pattern("agc: [%l] %v");
  spdlog::set_default_logger(logger);
  spdlog::level::level_enum lvl = spdlog::level::from_str(level);
  if (time_passes && lvl > spdlog::level::info) {
    lvl = spdlog::level::info;
  }
  spdlog::set_level(lvl);
}

// The second table of `agc passes`: the analyses passes can read.
void PrintAnalyses() {
  auto analyses = agc::analysis::Analyses();
  size_t width = 8;
  size_t needs_width = 8;
  std::vector<std::string> needs(analyses.size());
  for (size_t i = 0; i < analyses.size(); ++i) {
    for (std::string_view n : analyses[i].needs) {
      needs[i] += needs[i].empty() ? "" : ",";
      needs[i] += n;
    }
    if (needs[i].empty()) {
      needs[i] = "-";
    }
    width = std::max(width, analyses[i].name.size());
    needs_width = std::max(needs_width, needs[i].size());
  }
  std::cout << fmt::format("\n{:<{}}  {:<{}}  {}\n", "analysis", width,
                           "requires", needs_width, "summary");
  for (size_t i = 0; i < analyses.size(); ++i) {
    std::cout << fmt::format("{:<{}}  {:<{}}  {}\n", analyses[i].name, width,
                             needs[i], needs_width, analyses[i].summary);
  }
}

int RunPasses() {
  auto registry = agc::passes::Registry();
  if (registry.empty()) {
    std::cout << "No conversion passes are available in this build yet; "
                 "`--passes none` copies input to output.\n";
    PrintAnalyses();
    return 0;
  }
  size_t width = 4;
  for (const auto& info : registry) {
    width = std::max(width, info.name.size());
  }
  std::cout << fmt::format("{:<{}}  {:<8}  {:<24}  {}\n", "pass", width,
                           "default", "needs", "summary");
  for (const auto& info : registry) {
    std::string needs;
    for (std::string_view n : info.needs) {
      if (!needs.empty()) {
        needs += ",";
      }
      needs += n;
    }
    std::cout << fmt::format("{:<{}}  {:<8}  {:<24}  {}\n", info.name, width,
                             info.in_default ? "yes" : "no",
                             needs.empty() ? "-" : needs, info.summary);
  }
  PrintAnalyses();
  return 0;
}

int RunDump(const std::string& path,
            bool origins,
            agc::base::PythonVersion target) {
  DiagnosticSink diags;
  std::string bytes;
  std::string error;
  if (!agc::driver::ReadFile(path, &bytes, &error)) {
    diags.Emit(agc::diag::DiagKind::kCannotRead, path, {}, error);
    PrintDiagnostics(diags);
    return 2;
  }
  int code = 0;
  agc::base::RunOnLargeStack([&] {
    agc::base::SourceFile source(path, std::move(bytes));
    agc::ast::Module module(&source);
    agc::syntax::ParseOptions parse_options;
    parse_options.target = target;
    if (!agc::syntax::Parse(source, module, diags, parse_options)) {
      PrintDiagnostics(diags);
      code = agc::diag::ExitCodeFor(diags.Sorted());
      return;
    }
    std::cout << agc::ast::Dump(module, origins) << '\n';
  });
  return code;
}

constexpr const char* kTargetVersionHelp =
    "the oldest Python the code runs on: py311, py312 or py313; newer "
    "syntax is an error (default: target-version in [tool.agc], else the "
    "minimum of requires-python in [project], else py313)";

// Reads a --target-version value into `out`; false (with the usage error
// printed) when it names no version agc reads. An empty value: not given.
bool ParseTargetFlag(const std::string& value,
                     std::optional<agc::base::PythonVersion>* out) {
  if (value.empty()) {
    return true;
  }
  *out = agc::base::ParsePythonVersion(value);
  if (*out) {
    return true;
  }
  std::cerr << agc::diag::FormatText(
                   {agc::diag::DiagKind::kBadOption,
                    agc::diag::Severity::kError,
                    "",
                    {},
                    fmt::format("--target-version '{}' is not a Python "
                                "version agc reads (use one of {})",
                                value, agc::base::PythonVersionNames())})
            << '\n';
  return false;
}

// Why `agc explain CODE` has no page: CODE is not of the form AGCnnn, or no
// diagnostic has that code.
std::string ExplainError(std::string_view code) {
  std::string_view digits = code;
  if (digits.size() > 3 &&
      (digits.substr(0, 3) == "AGC" || digits.substr(0, 3) == "agc")) {
    digits.remove_prefix(3);
  }
  bool well_formed = digits.size() == 3;
  for (char c : digits) {
    well_formed = well_formed && c >= '0' && c <= '9';
  }
  return well_formed
             ? fmt::format(
                   "no diagnostic has the code '{}'; `agc explain` lists "
                   "them all",
                   code)
             : fmt::format(
                   "'{}' is not a diagnostic code (AGCnnn, e.g. "
                   "AGC301)",
                   code);
}

}  // namespace

int main(int argc, char** argv) {
#if AGC_PARSER_HEAP
  agc::UseParserHeap();
#endif
  agc::syntax::CheckGrammar();
  agc::base::UseBinaryStdio();
  CLI::App app{
      "agc: ahead-of-time AutoGraph compiler. Rewrites Python functions so "
      "their control flow goes through overloadable ag__ operators."};
  app.set_version_flag("--version", agc::VersionLine());
  app.require_subcommand(1);
  std::string log_level = "warn";
  app.add_option("--log-level", log_level,
                 "developer log level: trace, debug, info, warn, error, off")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "off"}))
      ->capture_default_str();

  // agc convert
  agc::driver::ConvertOptions options;
  std::string passes_spec = "default";
  bool no_source_map = false;
  bool time_passes = false;
  std::string print_after;
  int jobs = 0;
  CLI::App* convert = app.add_subcommand(
      "convert", "convert Python files (see docs/guide/convert.md)");
  convert->add_option("files", options.inputs, "input files; '-' is stdin")
      ->required();
  auto* out_opt = convert->add_option(
      "-o,--output", options.output,
      "output file (one input only); '-' is stdout. Default: FILE_ag.py");
  convert
      ->add_option("--out-dir", options.out_dir,
                   "write outputs under DIR, mirroring the input paths")
      ->excludes(out_opt);
  auto* out_dir_opt = convert->get_option("--out-dir");
  auto* passes_opt =
      convert
          ->add_option("--passes", passes_spec,
                       "comma-separated passes, 'default', 'all' or 'none'")
          ->capture_default_str();
  std::string convert_config;
  bool convert_isolated = false;
  auto* convert_config_opt = convert->add_option(
      "--config", convert_config,
      "read [tool.agc] from this pyproject.toml (default: the nearest one "
      "above the first input)");
  convert
      ->add_flag("--isolated", convert_isolated, "ignore every pyproject.toml")
      ->excludes(convert_config_opt);
  convert->add_flag("--no-source-map", no_source_map,
                    "do not write OUT.map.json");
  convert->add_flag("--check", options.check,
                    "write nothing; exit 1 if an output is missing or stale");
  convert->add_flag("--diff", options.diff,
                    "write nothing; print a unified diff of each output");
  convert
      ->add_option("-j,--jobs", jobs,
                   "files converted in parallel (0: one per core)")
      ->check(CLI::Range(0, kMaxJobs))
      ->capture_default_str();
  auto* runtime_import_opt =
      convert
          ->add_option("--runtime-import", options.pass_options.runtime_import,
                       "statement that imports the runtime as ag__")
          ->capture_default_str();
  bool converted_only = false;
  auto* converted_only_opt =
      convert
          ->add_flag(
              "--converted-only", converted_only,
              "write the converted code only, run on every call (default: "
              "each function keeps its original code and runs its converted "
              "twin only while TensorFlow, JAX or PyTorch traces; the test "
              "suites of "
              "the converted code set AGC_CONVERTED_ONLY=1)")
          ->envname("AGC_CONVERTED_ONLY");
  convert->add_flag("--emit-runtime", options.emit_runtime,
                    "also write the agc_runtime package next to the outputs "
                    "(only files that changed), so they run with no install");
  convert->add_flag("--regenerate-all", options.regenerate_all,
                    "print every statement from the AST (printer testing)");
  convert->add_flag("--time-passes", time_passes,
                    "log each pass's time per file, then the time of every "
                    "stage (parse, lowering, analyses, passes, print, "
                    "write) over all files");
  convert->add_flag("--analyze", options.pipeline.analyze_all,
                    "compute every analysis before the passes (benchmarks)");
  convert
      ->add_flag("--verify-each-pass", options.pipeline.verify_each_pass,
                 "check the tree after every pass, not once at the end "
                 "(developer; the test suites set AGC_VERIFY_EACH_PASS=1)")
      ->envname("AGC_VERIFY_EACH_PASS");
  convert->add_option("--print-after", print_after,
                      "print the module to stderr after PASS");
  std::string convert_target;
  convert->add_option("--target-version", convert_target, kTargetVersionHelp);
  std::string control_flow;
  convert->add_option(
      "--control-flow", control_flow,
      "the form of converted if/while/for: functional (bodies take the "
      "state and return it; every agc_runtime backend runs it, PyTorch "
      "needs it) or nonlocal (bodies assign the function's variables; for "
      "TensorFlow's own operators, --runtime-import) (default: control-flow "
      "in [tool.agc], else functional)");
  bool verbose = false;
  convert->add_flag("-v,--verbose", verbose,
                    "also show remarks: how each construct was converted "
                    "(calls and operators kept direct, statements that keep "
                    "the nonlocal form)");

  // agc passes
  CLI::App* passes = app.add_subcommand(
      "passes",
      "list the passes (name, default, prerequisites, summary) and analyses");

  // agc inspect
  agc::driver::InspectOptions inspect_options;
  std::string inspect_format = "text";
  CLI::App* inspect =
      app.add_subcommand("inspect",
                         "print what the analyses find for each if/while/for "
                         "(see docs/guide/inspect.md)");
  inspect
      ->add_option("files", inspect_options.inputs, "input files; '-' is stdin")
      ->required();
  auto* function_opt = inspect->add_option(
      "--function", inspect_options.function,
      "only this function: f, Class.method, outer.inner, <module>");
  auto* format_opt =
      inspect->add_option("--format", inspect_format, "text or json")
          ->check(CLI::IsMember({"text", "json"}))
          ->capture_default_str();
  inspect
      ->add_option("--dump-cfg", inspect_options.dump_cfg,
                   "print the control-flow graph of NAME as Graphviz dot")
      ->excludes(function_opt)
      ->excludes(format_opt);
  std::string inspect_target;
  inspect->add_option("--target-version", inspect_target,
                      "the oldest Python the code runs on: py311, py312 or "
                      "py313; newer syntax is an error (default: py313)");

  // agc remap
  agc::driver::RemapOptions remap_options;
  std::vector<std::string> remap_positional_maps;
  CLI::App* remap = app.add_subcommand(
      "remap",
      "rewrite a traceback on stdin to the original files and lines (stdout)");
  remap->add_option("maps", remap_positional_maps,
                    "source maps to use besides those found next to the "
                    "generated files (same as --map)");
  remap
      ->add_option("--map", remap_options.maps,
                   "a source map (OUT.py.map.json); repeatable")
      ->allow_extra_args(false);
  remap
      ->add_flag("--hide-runtime,!--no-hide-runtime",
                 remap_options.hide_runtime,
                 "drop frames inside the agc_runtime package (default: on)")
      ->capture_default_str();

  // agc lint
  agc::driver::LintOptions lint_options;
  std::string lint_format = "text";
  bool lint_assume_staged = false;
  std::vector<std::string> lint_select;
  std::vector<std::string> lint_ignore;
  int lint_jobs = 0;
  CLI::App* lint = app.add_subcommand(
      "lint", "report code that will not convert or will misbehave staged");
  lint->add_option("paths", lint_options.paths,
                   "files and folders (walked for .py files); '-' is stdin")
      ->required();
  auto* select_opt = lint->add_option(
      "--select", lint_select,
      "codes or prefixes to report (AGC3, AGC301,AGC302); default all");
  select_opt->allow_extra_args(false);
  auto* ignore_opt = lint->add_option("--ignore", lint_ignore,
                                      "codes or prefixes not to report");
  ignore_opt->allow_extra_args(false);
  std::vector<std::string> lint_exclude;
  auto* exclude_opt = lint->add_option(
      "--exclude", lint_exclude,
      "glob of paths to skip when walking folders (repeatable; replaces the "
      "config's exclude)");
  exclude_opt->allow_extra_args(false);
  lint->add_option("--output-format", lint_format,
                   "text, concise, json, sarif or github")
      ->check(CLI::IsMember({"text", "concise", "json", "sarif", "github"}))
      ->capture_default_str();
  lint->add_flag("--exit-zero", lint_options.exit_zero,
                 "exit 0 even when something is reported");
  lint->add_flag("--assume-staged", lint_assume_staged,
                 "report ifs and loops whose test or iterable is not known to "
                 "be staged (default: only those with evidence of a tensor)");
  auto* config_opt =
      lint->add_option("--config", lint_options.config,
                       "use this pyproject.toml for every file (no search)");
  lint->add_flag("--isolated", lint_options.isolated,
                 "ignore every pyproject.toml")
      ->excludes(config_opt);
  std::string lint_target;
  lint->add_option("--target-version", lint_target, kTargetVersionHelp);
  lint->add_option("-j,--jobs", lint_jobs,
                   "files linted in parallel (0: one per core)")
      ->check(CLI::Range(0, kMaxJobs))
      ->capture_default_str();

  // agc explain
  std::string explain_code;
  CLI::App* explain = app.add_subcommand(
      "explain", "what a diagnostic or lint rule means and how to fix it");
  explain->add_option("code", explain_code,
                      "AGCnnn (without it: the list of every code)");

  // agc dump (developer tool)
  std::string dump_path;
  bool dump_origins = false;
  CLI::App* dump =
      app.add_subcommand("dump", "print the AST of a Python file (debugging)");
  dump->add_option("file", dump_path, "input file")->required();
  dump->add_flag("--origins", dump_origins, "show line:col of every node");
  std::string dump_target;
  dump->add_option("--target-version", dump_target,
                   "the oldest Python the code runs on (default: py313)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {  // --help, --version
      return app.exit(e);
    }
    // CLI11's own errors in agc's voice: `agc: error: ... [AGC016]`.
    std::string where = "agc";
    for (const CLI::App* sub : app.get_subcommands()) {
      where += " " + sub->get_name();
    }
    std::cerr << agc::diag::FormatText(
                     {agc::diag::DiagKind::kBadOption,
                      agc::diag::Severity::kError,
                      "",
                      {},
                      fmt::format("{} (see `{} --help`)", e.what(), where)})
              << '\n';
    return 2;
  }
  SetUpLogging(log_level, time_passes);

  if (*passes) {
    return RunPasses();
  }
  if (*lint) {
    if (!ParseTargetFlag(lint_target, &lint_options.target_version)) {
      return 2;
    }
    // Repeatable, each value comma-separated: --select AGC301,AGC302.
    auto split = [](const std::vector<std::string>& values) {
      std::vector<std::string> out;
      for (const std::string& v : values) {
        size_t begin = 0;
        while (begin <= v.size()) {
          size_t comma = std::min(v.find(',', begin), v.size());
          if (comma > begin) {
            out.push_back(v.substr(begin, comma - begin));
          }
          begin = comma + 1;
        }
      }
      return out;
    };
    if (*select_opt) {
      lint_options.select = split(lint_select);
    }
    if (*ignore_opt) {
      lint_options.ignore = split(lint_ignore);
    }
    if (*exclude_opt) {
      lint_options.exclude = lint_exclude;
    }
    if (lint_assume_staged) {
      lint_options.assume_staged = true;
    }
    lint_options.format = *agc::diag::ParseOutputFormat(lint_format);
    lint_options.jobs = lint_jobs > 0
                            ? lint_jobs
                            : static_cast<int>(std::max(
                                  1u, std::thread::hardware_concurrency()));
    lint_options.registry = agc::passes::Registry();
    return agc::driver::Lint(lint_options, std::cout, std::cerr, std::cin);
  }
  if (*explain) {
    if (explain_code.empty()) {
      // One line a code: AGCnnn, default severity, the page's title.
      for (const agc::diag::DiagKindInfo* info : agc::diag::AllKinds()) {
        std::string page;
        std::string code = fmt::format("AGC{:03d}", info->code);
        agc::driver::Explain(code, &page);
        std::string_view title(page);
        title = title.substr(0, title.find('\n'));
        if (size_t colon = title.find(": "); colon != std::string_view::npos) {
          title.remove_prefix(colon + 2);
        }
        std::cout << fmt::format("{}  {:<7}  {}\n", code,
                                 agc::diag::SeverityName(info->severity),
                                 title);
      }
      return 0;
    }
    std::string page;
    if (!agc::driver::Explain(explain_code, &page)) {
      std::cerr << agc::diag::FormatText({agc::diag::DiagKind::kBadOption,
                                          agc::diag::Severity::kError,
                                          "",
                                          {},
                                          ExplainError(explain_code)})
                << '\n';
      return 2;
    }
    std::cout << page;
    return 0;
  }
  if (*dump) {
    std::optional<agc::base::PythonVersion> target;
    if (!ParseTargetFlag(dump_target, &target)) {
      return 2;
    }
    return RunDump(dump_path, dump_origins,
                   target.value_or(agc::base::kNewestPython));
  }
  if (*remap) {
    remap_options.maps.insert(remap_options.maps.end(),
                              remap_positional_maps.begin(),
                              remap_positional_maps.end());
    DiagnosticSink diags;
    int code = agc::driver::Remap(remap_options, diags, std::cout, std::cin);
    PrintDiagnostics(diags);
    return code;
  }
  if (*inspect) {
    std::optional<agc::base::PythonVersion> target;
    if (!ParseTargetFlag(inspect_target, &target)) {
      return 2;
    }
    inspect_options.target_version = target.value_or(agc::base::kNewestPython);
    inspect_options.format = inspect_format == "json"
                                 ? agc::driver::InspectFormat::kJson
                                 : agc::driver::InspectFormat::kText;
    DiagnosticSink diags;
    int code =
        agc::driver::Inspect(inspect_options, diags, std::cout, std::cin);
    PrintDiagnostics(diags);
    return code;
  }

  std::optional<agc::base::PythonVersion> target_flag;
  if (!ParseTargetFlag(convert_target, &target_flag)) {
    return 2;
  }
  std::optional<agc::pass::ControlFlowForm> control_flow_flag;
  if (!control_flow.empty()) {
    control_flow_flag = agc::pass::ParseControlFlowForm(control_flow);
    if (!control_flow_flag) {
      std::cerr << agc::diag::FormatText(
                       {agc::diag::DiagKind::kBadOption,
                        agc::diag::Severity::kError,
                        "",
                        {},
                        "--control-flow " +
                            agc::pass::BadControlFlowForm(control_flow)})
                << '\n';
      return 2;
    }
  }
  DiagnosticSink diags;
  // Flags that have nothing to act on with standard input or output.
  {
    const bool from_stdin =
        std::find(options.inputs.begin(), options.inputs.end(), "-") !=
        options.inputs.end();
    // Standard input goes to standard output unless -o names a file.
    const bool to_stdout =
        options.output == "-" || (from_stdin && options.output.empty());
    std::string problem;
    if (from_stdin && out_dir_opt->count() > 0) {
      problem =
          "--out-dir mirrors the paths of input files; standard input (-) "
          "goes to standard output, or to -o FILE";
    } else if (to_stdout && (options.check || options.diff)) {
      problem = fmt::format(
          "{} compares output files with what agc would write; writing to "
          "standard output, there is no file to compare",
          options.check ? "--check" : "--diff");
    } else if (to_stdout && options.emit_runtime) {
      problem =
          "--emit-runtime writes agc_runtime next to the output files; "
          "writing to standard output, there is no folder to write it to";
    }
    if (!problem.empty()) {
      diags.Emit(agc::diag::DiagKind::kBadOption, "", {}, problem);
      PrintDiagnostics(diags);
      return 2;
    }
  }
  std::string config_path;
  std::optional<agc::base::LineCol> config_passes_at;
  // [tool.agc] of the nearest pyproject.toml (above the first input, or the
  // working directory for stdin): passes, runtime-import and out-dir, each
  // unless its flag is given.
  std::shared_ptr<const agc::lint::Config> config;
  {
    std::string error;
    if (!convert_config.empty()) {
      auto loaded = std::make_shared<agc::lint::Config>();
      if (agc::lint::LoadConfig(convert_config, loaded.get(), &error)) {
        config = loaded;
      }
    } else if (!convert_isolated) {
      std::error_code ec;
      std::filesystem::path first =
          options.inputs.empty() || options.inputs[0] == "-"
              ? std::filesystem::current_path(ec)
              : std::filesystem::absolute(options.inputs[0], ec)
                    .lexically_normal()
                    .parent_path();
      agc::lint::ConfigCache configs(nullptr, false);
      config = configs.For(first.string(), &error);
    }
    if (!error.empty()) {
      diags.Emit(agc::diag::DiagKind::kBadOption, "", {}, error);
      PrintDiagnostics(diags);
      return 2;
    }
    options.target_version =
        agc::lint::TargetVersion(config.get(), target_flag);
    if (config != nullptr) {
      if (!config->passes.empty() && passes_opt->count() == 0) {
        passes_spec = config->passes;
        config_path = config->path;
        config_passes_at = config->passes_at;
      }
      if (!config->runtime_import.empty() && runtime_import_opt->count() == 0) {
        options.pass_options.runtime_import = config->runtime_import;
      }
      if (config->converted_only && converted_only_opt->count() == 0) {
        converted_only = *config->converted_only;
      }
      if (config->control_flow && !control_flow_flag) {
        control_flow_flag = config->control_flow;
      }
      if (!config->out_dir.empty() && out_dir_opt->count() == 0 &&
          out_opt->count() == 0) {
        options.out_dir =
            (std::filesystem::path(config->folder) / config->out_dir)
                .lexically_normal()
                .string();
        options.mirror_base = config->folder;
      }
    }
  }
  options.pass_options.eager_originals = !converted_only;
  options.pass_options.control_flow =
      control_flow_flag.value_or(agc::pass::kDefaultControlFlowForm);
  agc::pass::SelectionError selection_error;
  auto selected = agc::pass::SelectPasses(agc::passes::Registry(), passes_spec,
                                          &selection_error);
  if (!selected) {
    // A bad `passes` from [tool.agc] is reported where it is written.
    const bool from_config = passes_opt->count() == 0 && config_passes_at;
    diags.Add({selection_error.kind,
               agc::diag::InfoOf(selection_error.kind).severity,
               from_config ? config_path : std::string(),
               from_config ? *config_passes_at : agc::base::LineCol{},
               from_config ? "[tool.agc] passes: " + selection_error.message
                           : selection_error.message});
    PrintDiagnostics(diags);
    return 2;
  }
  options.passes = *selected;
  if (!print_after.empty() && std::none_of(selected->begin(), selected->end(),
                                           [&](const agc::pass::PassInfo* p) {
                                             return p->name == print_after;
                                           })) {
    const auto registry = agc::passes::Registry();
    const bool known = std::any_of(
        registry.begin(), registry.end(),
        [&](const agc::pass::PassInfo& p) { return p.name == print_after; });
    if (known) {
      diags.Emit(agc::diag::DiagKind::kBadOption, "", {},
                 fmt::format("--print-after names '{}', which is not a "
                             "selected pass",
                             print_after));
    } else {
      std::string_view hint = agc::pass::DidYouMean(registry, print_after);
      diags.Emit(
          agc::diag::DiagKind::kUnknownPass, "", {}, print_after,
          hint.empty()
              ? std::string(" in --print-after (run `agc passes` for "
                            "the list)")
              : fmt::format(" in --print-after (did you mean '{}'?)", hint));
    }
    PrintDiagnostics(diags);
    return 2;
  }
  options.source_map = !no_source_map;
  if (options.emit_runtime) {
    options.runtime_dir = agc::driver::FindRuntimeDir(AGC_SOURCE_RUNTIME_DIR);
    spdlog::debug("runtime package from {}", options.runtime_dir);
  }
  options.jobs =
      jobs > 0
          ? jobs
          : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  options.pipeline.time_passes = time_passes;
  // Totals over the run, by stage, logged after the per-file times.
  agc::base::StageTimes stage_times;
  if (time_passes) {
    options.pipeline.stage_times = &stage_times;
  }
  options.pipeline.print_after = print_after;
  options.pipeline.on_print_after = [](std::string_view pass,
                                       const agc::ast::Module& module) {
    std::cerr << "# after pass " << pass << ":\n"
              << agc::codegen::Print(module).text;
  };
  int code = agc::driver::Convert(options, diags, std::cout, std::cin);
  PrintConversionDiagnostics(diags, config.get(), verbose);
  if (time_passes) {
    spdlog::info("time by stage, all files:");
    for (const std::string& line : stage_times.Format()) {
      spdlog::info("  {}", line);
    }
  }
  return code;
}
