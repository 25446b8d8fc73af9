// Fuzz target `convert`: the default pipeline and the printer. Invariants on
// every input that parses:
//   - the source map has one entry per output line (lines counted as Python
//     does: a lone CR ends one too);
//   - converting twice gives the same bytes and map;
//   - the output parses with agc's own parser (or stops only at a nesting
//     limit: converted bodies nest deeper than their input).
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
  agc::fuzz::Converted first = agc::fuzz::Convert(input, "default");
  if (!first.parsed) {
    return 0;
  }
  static std::mt19937 rng(12345);
  agc::fuzz::Harvest(input, rng);
  const std::string& text = first.printed.text;
  if (first.printed.origin_lines.size() != agc::fuzz::LineCount(text)) {
    Fail("the source map does not have one entry per output line", input);
  }
  agc::fuzz::Converted again = agc::fuzz::Convert(input, "default");
  if (again.printed.text != text ||
      again.printed.origin_lines != first.printed.origin_lines) {
    Fail("converting twice gives different bytes", input);
  }
  agc::fuzz::Converted back = agc::fuzz::Convert(text, "none");
  if (!back.parsed && !back.deep) {
    Fail("the output does not parse", input);
  }
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data,
                                          size_t size,
                                          size_t max_size,
                                          unsigned int seed) {
  return agc::fuzz::MutatePython(data, size, max_size, seed);
}
