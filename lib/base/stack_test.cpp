#include "lib/base/stack.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <iterator>
#include <stdexcept>
#include <vector>

namespace agc::base {
namespace {

// Recursion far deeper than a default 8 MiB stack allows.
int Deep(int n) {
  volatile char pad[1024];
  pad[0] = static_cast<char>(n);
  return n == 0 ? pad[0] : Deep(n - 1) + 1;
}

TEST_CASE("RunOnLargeStack runs deep recursion to completion", "[base]") {
  int result = -1;
  RunOnLargeStack([&] { result = Deep(100000); });  // ~100 MiB of frames
  CHECK(result == 100000);
}

// The threads of this process, from /proc.
size_t ThreadCount() {
  std::filesystem::directory_iterator tasks("/proc/self/task");
  return static_cast<size_t>(
      std::distance(tasks, std::filesystem::directory_iterator()));
}

// Outside sanitizer builds, on the calling thread; under them, on one more.
TEST_CASE("RunOnLargeStack stays on the calling thread", "[base]") {
  const size_t before = ThreadCount();
  size_t during = 0;
  int result = -1;
  RunOnLargeStack([&] {
    during = ThreadCount();
    result = Deep(100000);
  });
  CHECK(during == before + (kSwitchesStacks ? 0 : 1));
  CHECK(result == 100000);
}

TEST_CASE("RunOnLargeStack passes an exception back to the caller", "[base]") {
  CHECK_THROWS_WITH(
      RunOnLargeStack([] { throw std::runtime_error("from the large stack"); }),
      "from the large stack");
  CHECK_THROWS_WITH(
      RunOnThreadStack([] { throw std::runtime_error("from the thread"); }),
      "from the thread");
  // The stack of the first call is gone; a second call gets its own.
  int result = -1;
  RunOnLargeStack([&] { result = Deep(1000); });
  CHECK(result == 1000);
}

TEST_CASE("RunJobsOnLargeStacks runs every job once, with any worker count",
          "[base]") {
  for (int workers : {1, 2, 4}) {
    std::vector<int> ran(50, 0);
    RunJobsOnLargeStacks(
        ran.size(), workers, [](size_t i) { return uint64_t{i}; },
        [&](size_t i) { ran[i] += Deep(static_cast<int>(i) * 100) >= 0; });
    CHECK(ran == std::vector<int>(50, 1));
  }
}

}  // namespace
}  // namespace agc::base
