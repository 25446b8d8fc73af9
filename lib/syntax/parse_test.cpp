#include "lib/syntax/parse.h"

#include <atomic>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <string>
#include <unordered_set>

#include "lib/ast/ast.h"
#include "lib/base/source_file.h"
#include "lib/diag/diagnostic.h"

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

// A region allocator that tracks its blocks: what is still allocated when
// the region closes is what tree-sitter left to it.
struct Region {
  std::unordered_set<void*> blocks;
};

Region* current_region = nullptr;
size_t regions_opened = 0;
size_t regions_closed = 0;
size_t blocks_left_at_close = 0;
size_t outside_allocations = 0;

void Track(void* block) {
  if (current_region != nullptr) {
    current_region->blocks.insert(block);
  } else {
    ++outside_allocations;
  }
}

void Untrack(void* block) {
  if (current_region != nullptr) {
    current_region->blocks.erase(block);
  }
}

void* RegionMalloc(size_t size) {
  void* block = std::malloc(size);
  Track(block);
  return block;
}

void* RegionCalloc(size_t count, size_t size) {
  void* block = std::calloc(count, size);
  Track(block);
  return block;
}

void* RegionRealloc(void* block, size_t size) {
  Untrack(block);
  void* moved = std::realloc(block, size);
  Track(moved);
  return moved;
}

void RegionFree(void* block) {
  Untrack(block);
  std::free(block);
}

void* OpenRegion() {
  ++regions_opened;
  current_region = new Region;
  return current_region;
}

void CloseRegion(void* region) {
  ++regions_closed;
  auto* r = static_cast<Region*>(region);
  CHECK(r == current_region);
  blocks_left_at_close += r->blocks.size();
  for (void* block : r->blocks) {
    std::free(block);
  }
  current_region = nullptr;
  delete r;
}

bool ParseInRegions(const std::string& code, std::string* errors) {
  base::SourceFile source("t.py", code);
  ast::Module module(&source);
  diag::DiagnosticSink sink;
  const bool ok = Parse(source, module, sink);
  for (const diag::Diagnostic& d : sink.Sorted()) {
    *errors += diag::FormatText(d);
  }
  return ok && module.body.size() == 2;
}

TEST_CASE("Parse gives each file a parser region and drops its tree with it") {
  regions_opened = regions_closed = blocks_left_at_close = 0;
  outside_allocations = 0;
  SetParserAllocator({RegionMalloc, RegionCalloc, RegionRealloc, RegionFree,
                      OpenRegion, CloseRegion});
  std::string errors;
  const bool first =
      ParseInRegions("def f(x):\n    return x\ny = f(1)\n", &errors);
  // The retry path (parsed twice): a line inside brackets indented less
  // than its block, after an operator.
  const bool second =
      ParseInRegions("if x:\n    y = (1 +\n  2)\nz = 3\n", &errors);
  std::string bad_errors;
  const bool bad = ParseInRegions("def f(:\n    pass\n", &bad_errors);
  SetParserAllocator({});
  CHECK(first);
  CHECK(second);
  CHECK(errors.empty());
  CHECK_FALSE(bad);
  CHECK(bad_errors.find("t.py:1:") != std::string::npos);
  CHECK(regions_opened == 3);
  CHECK(regions_closed == 3);
  // Each tree was left to its region, not freed node by node.
  CHECK(blocks_left_at_close >= 3);
  CHECK(outside_allocations == 0);
  CHECK(current_region == nullptr);
}

}  // namespace
}  // namespace agc::syntax
