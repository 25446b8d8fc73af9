#include "lib/base/stack.h"

#include <catch2/catch.hpp>

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

}  // namespace
}  // namespace agc::base
