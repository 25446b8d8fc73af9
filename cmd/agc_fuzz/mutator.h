// The structure-aware mutator of the fuzz targets that take Python source
// (parse, convert, lint): it recombines whole statements taken from inputs
// that parsed (the seed corpus: testdata/ and functions of the stdlib) and
// wraps lines in functions and control flow, so most mutants are valid
// Python and reach the passes, not only the parser. Half of the mutations
// stay libFuzzer's own byte-level ones.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <string_view>

namespace agc::fuzz {

// Adds the statements of `text`, an input that parsed, to the pool the
// mutator draws from (a bounded reservoir).
void Harvest(std::string_view text, std::mt19937& rng);

// LLVMFuzzerCustomMutator for Python inputs.
size_t MutatePython(uint8_t* data,
                    size_t size,
                    size_t max_size,
                    unsigned int seed);

}  // namespace agc::fuzz
