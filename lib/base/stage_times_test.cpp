#include "lib/base/stage_times.h"

#include <catch2/catch.hpp>
#include <thread>

namespace agc::base {
namespace {

TEST_CASE("StageTimes sums each stage, in first-use order") {
  StageTimes times;
  times.Add("parse", 1.0);
  times.Add("lower", 0.5);
  times.Add("parse", 2.0);
  std::vector<std::string> lines = times.Format();
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == "parse    3.000 s  85.7%");
  CHECK(lines[1] == "lower    0.500 s  14.3%");
  CHECK(lines[2] == "total    3.500 s");
}

TEST_CASE("StageTimer adds its scope's time and nothing without times") {
  StageTimes times;
  {
    StageTimer timer(&times, "print");
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  { StageTimer nothing(nullptr, "print"); }
  std::vector<std::string> lines = times.Format();
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].rfind("print ", 0) == 0);
  CHECK(lines[0].find(" 0.000 s") == std::string::npos);  // at least 2 ms
}

TEST_CASE("StageTimes takes additions from several threads") {
  StageTimes times;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 1000; ++i) {
        times.Add("pass", 0.001);
      }
    });
  }
  for (std::thread& t : threads) {
    t.join();
  }
  CHECK(times.Format()[0] == "pass     4.000 s 100.0%");
}

}  // namespace
}  // namespace agc::base
