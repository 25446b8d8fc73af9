// `agc explain` pages of the diagnostics that are not lint rules (AGC0xx
// input and usage, AGC1xx constructs left unconverted, AGC2xx conversion
// problems, AGC300 unused suppressions). Lint rules (AGC3xx) keep their page
// in their own file (lib/lint/rules/<rule>.cpp); every code has exactly one
// page (lib/driver/lint_test.cpp checks it).
#pragma once

#include <string_view>

namespace agc::diag {

// The page of a code, in Markdown ("What it does / Why is this bad /
// Example / Use instead"); empty when this file has none.
std::string_view ExplainPage(int code);

}  // namespace agc::diag
