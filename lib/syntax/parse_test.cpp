#include "lib/syntax/parse.h"

#include <atomic>
#include <catch2/catch.hpp>
#include <cstdlib>

namespace agc::syntax {
namespace {

std::atomic<size_t> allocations{0};
std::atomic<size_t> frees{0};

void* CountingMalloc(size_t size) {
  ++allocations;
  return std::malloc(size);
}

void* CountingCalloc(size_t count, size_t size) {
  ++allocations;
  return std::calloc(count, size);
}

void* CountingRealloc(void* block, size_t size) {
  ++allocations;
  return std::realloc(block, size);
}

void CountingFree(void* block) {
  ++frees;
  std::free(block);
}

TEST_CASE("SetParserAllocator routes tree-sitter's allocations") {
  allocations = 0;
  frees = 0;
  SetParserAllocator(
      {CountingMalloc, CountingCalloc, CountingRealloc, CountingFree});
  CHECK(ParseOnly("def f(x):\n    return [y for y in x if y]\n"));
  const size_t during = allocations;
  SetParserAllocator({});  // tree-sitter's own functions again
  CHECK(during > 0);
  CHECK(frees > 0);
  CHECK(ParseOnly("x = 1\n"));
  CHECK(allocations == during);
}

}  // namespace
}  // namespace agc::syntax
