// Wall time per stage of a conversion (parse, lower, each pass, print, ...),
// summed over the files of a run: where the time goes, for the developer
// flag --time-passes. Thread-safe: conversion workers add to one total.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace agc::base {

class StageTimes {
 public:
  // Adds `seconds` to `stage` (created on first use, in that order).
  void Add(std::string_view stage, double seconds);

  // One line per stage in the order they were first added: name, seconds,
  // share of the total of all stages; then the total.
  std::vector<std::string> Format() const;

 private:
  mutable std::mutex mu_;
  std::vector<std::pair<std::string, double>> stages_;
};

// Adds the wall time from construction to destruction to `stage`; does
// nothing when `times` is null.
class StageTimer {
 public:
  StageTimer(StageTimes* times, std::string_view stage)
      : times_(times), stage_(stage) {
    if (times_ != nullptr) {
      start_ = std::chrono::steady_clock::now();
    }
  }

  ~StageTimer() {
    if (times_ != nullptr) {
      times_->Add(stage_, std::chrono::duration<double>(
                              std::chrono::steady_clock::now() - start_)
                              .count());
    }
  }

  StageTimer(const StageTimer&) = delete;
  StageTimer& operator=(const StageTimer&) = delete;

 private:
  StageTimes* times_;
  std::string_view stage_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace agc::base
