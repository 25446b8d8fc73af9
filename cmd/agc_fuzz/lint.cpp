// Fuzz target `lint`: `agc lint -` (every rule, the static/staged inference,
// and the conversion it runs in memory). Invariants: it exits 0 or 1 (never
// 2, a usage or I/O error) and gives the same findings twice.
#include <random>

#include "cmd/agc_fuzz/common.h"
#include "cmd/agc_fuzz/mutator.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  agc::fuzz::Initialize();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using agc::fuzz::Fail;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  auto first = agc::fuzz::Lint(input);
  if (first.first != 0 && first.first != 1) {
    Fail("lint exits with a usage or I/O error", input);
  }
  if (agc::fuzz::Lint(input) != first) {
    Fail("linting twice gives different findings", input);
  }
  if (first.second.find("\"code\": \"AGC0") == std::string::npos) {
    static std::mt19937 rng(12345);
    agc::fuzz::Harvest(input, rng);  // no syntax error: it parsed
  }
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data,
                                          size_t size,
                                          size_t max_size,
                                          unsigned int seed) {
  return agc::fuzz::MutatePython(data, size, max_size, seed);
}
