#include "lib/base/stage_times.h"

#include <fmt/core.h>

#include <algorithm>

namespace agc::base {

void StageTimes::Add(std::string_view stage, double seconds) {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& [name, total] : stages_) {
    if (name == stage) {
      total += seconds;
      return;
    }
  }
  stages_.emplace_back(std::string(stage), seconds);
}

std::vector<std::string> StageTimes::Format() const {
  std::lock_guard<std::mutex> lock(mu_);
  double total = 0;
  size_t width = 5;  // "total"
  for (const auto& [name, seconds] : stages_) {
    total += seconds;
    width = std::max(width, name.size());
  }
  std::vector<std::string> lines;
  for (const auto& [name, seconds] : stages_) {
    lines.push_back(fmt::format("{:<{}} {:8.3f} s {:5.1f}%", name, width,
                                seconds,
                                total > 0 ? 100 * seconds / total : 0));
  }
  lines.push_back(fmt::format("{:<{}} {:8.3f} s", "total", width, total));
  return lines;
}

}  // namespace agc::base
