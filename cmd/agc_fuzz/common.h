// What the fuzz targets share: the conversion and lint entry points they
// call, Python's line counting, and how a broken invariant is reported.
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include "lib/codegen/printer.h"

namespace agc::fuzz {

// Reports a broken invariant with the input and aborts (libFuzzer saves the
// input as a crash).
[[noreturn]] void Fail(const char* what, std::string_view input);

// Lines as Python counts them: each ends at "\n", "\r\n" or a lone "\r";
// a last line without an end counts too.
size_t LineCount(std::string_view text);

struct Converted {
  bool parsed = false;
  bool deep = false;  // an AGC005 nesting error
  codegen::PrintResult printed;
};

// Parses `bytes` and runs the passes of `passes` ("none" or "default") and
// the printer.
Converted Convert(std::string_view bytes, std::string_view passes);

// `agc lint --isolated --output-format json -` over `bytes`: the exit code
// and everything written.
std::pair<int, std::string> Lint(std::string_view bytes);

// The grammar check every target makes once (LLVMFuzzerInitialize).
void Initialize();

}  // namespace agc::fuzz
