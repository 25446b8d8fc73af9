#include "lib/pass/pipeline.h"

#include <fmt/core.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>

#include "lib/analysis/registry.h"
#include "lib/base/did_you_mean.h"

namespace agc::pass {
namespace {

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
    s.remove_suffix(1);
  }
  return s;
}

}  // namespace

std::string_view DidYouMean(std::span<const PassInfo> registry,
                            std::string_view name) {
  std::vector<std::string_view> names;
  for (const PassInfo& info : registry) {
    names.push_back(info.name);
  }
  return base::ClosestName(names, name);
}

std::optional<std::vector<const PassInfo*>> SelectPasses(
    std::span<const PassInfo> registry,
    std::string_view spec,
    SelectionError* error) {
  std::vector<bool> selected(registry.size(), false);
  size_t pos = 0;
  bool any_item = false;
  bool none = false;
  bool other = false;
  while (pos <= spec.size()) {
    size_t comma = spec.find(',', pos);
    if (comma == std::string_view::npos) {
      comma = spec.size();
    }
    std::string_view item = Trim(spec.substr(pos, comma - pos));
    pos = comma + 1;
    if (item.empty()) {
      continue;
    }
    any_item = true;
    if (item == "none") {
      none = true;
      continue;
    }
    other = true;
    if (item == "default" || item == "all") {
      for (size_t i = 0; i < registry.size(); ++i) {
        if (item == "all" || registry[i].in_default) {
          selected[i] = true;
        }
      }
      continue;
    }
    auto it = std::find_if(registry.begin(), registry.end(),
                           [&](const PassInfo& p) { return p.name == item; });
    if (it == registry.end()) {
      std::string_view hint = DidYouMean(registry, item);
      std::string suffix;
      if (!hint.empty()) {
        suffix = fmt::format(" (did you mean '{}'?)", hint);
      } else {
        suffix = registry.empty()
                     ? std::string(" (no passes are available yet)")
                     : std::string(" (run `agc passes` for the list)");
      }
      *error = {
          diag::DiagKind::kUnknownPass,
          fmt::format(
              fmt::runtime(diag::InfoOf(diag::DiagKind::kUnknownPass).format),
              item, suffix)};
      return std::nullopt;
    }
    selected[it - registry.begin()] = true;
  }
  if (!any_item) {
    *error = {diag::DiagKind::kBadOption,
              "--passes needs a pass name, 'default', 'all' or 'none'"};
    return std::nullopt;
  }
  if (none && other) {
    *error = {diag::DiagKind::kBadOption,
              "--passes: 'none' cannot be combined with other passes"};
    return std::nullopt;
  }
  std::vector<const PassInfo*> out;
  for (size_t i = 0; i < registry.size(); ++i) {
    if (!selected[i]) {
      continue;
    }
    for (std::string_view need : registry[i].needs) {
      bool ok = false;
      for (size_t j = 0; j < i; ++j) {
        if (selected[j] && registry[j].name == need) {
          ok = true;
        }
      }
      if (!ok) {
        *error = {
            diag::DiagKind::kMissingPrerequisite,
            fmt::format(
                fmt::runtime(
                    diag::InfoOf(diag::DiagKind::kMissingPrerequisite).format),
                registry[i].name, need)};
        return std::nullopt;
      }
    }
    out.push_back(&registry[i]);
  }
  return out;
}

bool RunPipeline(const std::vector<const PassInfo*>& passes,
                 ast::Module& module,
                 diag::DiagnosticSink& diags,
                 const PassOptions& pass_options,
                 const PipelineOptions& options) {
  analysis::AnalysisManager analyses(
      module, analysis::ModelOptions{.with_swallows_any = true});
  std::vector<std::string_view> selected;
  analysis::AnalysisSet originals;
  for (const PassInfo* info : passes) {
    selected.push_back(info->name);
    originals.insert(originals.end(), info->analyses.begin(),
                     info->analyses.end());
  }
  {
    base::StageTimer timer(options.stage_times, "analyses of the input");
    analyses.KeepOriginals(originals);
  }
  PassContext ctx(module, analyses, diags, pass_options, std::move(selected));
  bool any_change = false;
  if (options.analyze_all) {
    auto start = std::chrono::steady_clock::now();
    base::StageTimer timer(options.stage_times, "every analysis (--analyze)");
    analysis::EnsureAll(analyses);
    if (options.time_passes) {
      auto elapsed = std::chrono::steady_clock::now() - start;
      spdlog::info("{}: every analysis took {:.3f} ms", ctx.path(),
                   std::chrono::duration<double, std::milli>(elapsed).count());
    }
  }
  for (const PassInfo* info : passes) {
    auto start = std::chrono::steady_clock::now();
    analyses.Ensure(info->analyses);
    std::unique_ptr<Pass> p = info->create();
    Changed changed = p->Run(module, ctx);
    if (options.stage_times != nullptr) {
      options.stage_times->Add(fmt::format("pass {}", info->name),
                               std::chrono::duration<double>(
                                   std::chrono::steady_clock::now() - start)
                                   .count());
    }
    if (changed == Changed::kYes) {
      any_change = true;
      analyses.InvalidateAll();
      if (options.verify && options.verify_each_pass) {
        base::StageTimer timer(options.stage_times, "verify");
        std::string problem = ast::Verify(module);
        AGC_CHECK_MSG(
            problem.empty(),
            fmt::format("after pass {}: {}", info->name, problem).c_str());
      }
    }
    if (options.time_passes) {
      auto elapsed = std::chrono::steady_clock::now() - start;
      spdlog::info("{}: pass {} took {:.3f} ms", ctx.path(), info->name,
                   std::chrono::duration<double, std::milli>(elapsed).count());
    }
    if (!options.print_after.empty() && options.print_after == info->name &&
        options.on_print_after) {
      options.on_print_after(info->name, module);
    }
  }
  if (any_change && options.verify && !options.verify_each_pass) {
    // One walk instead of one per changed pass: the tree is checked before
    // anything is printed from it; --verify-each-pass finds the culprit.
    base::StageTimer timer(options.stage_times, "verify");
    std::string problem = ast::Verify(module);
    AGC_CHECK_MSG(problem.empty(),
                  fmt::format("after the pipeline ({} passes; rerun with "
                              "--verify-each-pass to find the pass): {}",
                              passes.size(), problem)
                      .c_str());
  }
  return any_change;
}

}  // namespace agc::pass
