// The pipeline: resolves a `--passes` selection against a registry and runs
// the selected passes in the registry's (canonical) order, keeping analyses
// fresh and verifying the tree (once at the end, or after each pass).
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "lib/base/stage_times.h"
#include "lib/pass/pass.h"

namespace agc::pass {

struct SelectionError {
  diag::DiagKind kind;
  std::string message;  // complete, user-facing
};

// Parses a comma-separated selection: pass names, `default` (the default
// pipeline), `all`, `none`. Order does not matter: passes always run in the
// registry's order. An unknown name (with a did-you-mean) or a pass whose
// prerequisite is not selected is an error.
std::optional<std::vector<const PassInfo*>> SelectPasses(
    std::span<const PassInfo> registry,
    std::string_view spec,
    SelectionError* error);

// The closest registered name to `name`, or empty if none is close.
std::string_view DidYouMean(std::span<const PassInfo> registry,
                            std::string_view name);

struct PipelineOptions {
  // ast::Verify runs once at the end of the pipeline when any pass changed
  // the tree, so a broken tree is always a check failure before printing.
  // With `verify_each_pass` (tests; developer flag `--verify-each-pass`) it
  // runs after every pass that changed the tree instead, naming the pass
  // that broke it. `verify = false` turns both off (only for tests of the
  // pipeline itself).
  bool verify = true;
  bool verify_each_pass = false;
  std::string print_after;  // pass name: call `on_print_after` after it runs
  std::function<void(std::string_view pass, const ast::Module&)> on_print_after;
  bool time_passes = false;  // log each pass's wall time (spdlog, info)
  // When set, the original analyses, each pass and the final check add
  // their wall time here (--time-passes: totals over a run).
  base::StageTimes* stage_times = nullptr;
  // Compute every analysis of lib/analysis/analyses.def before the first
  // pass (developer flag `--analyze`: benchmarks, whole-stdlib checks).
  bool analyze_all = false;
};

// Runs `passes` over the module. Returns whether any pass changed the tree.
bool RunPipeline(const std::vector<const PassInfo*>& passes,
                 ast::Module& module,
                 diag::DiagnosticSink& diags,
                 const PassOptions& pass_options,
                 const PipelineOptions& options);

}  // namespace agc::pass
