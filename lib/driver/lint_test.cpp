#include "lib/driver/lint.h"

#include <catch2/catch.hpp>

#include "lib/diag/explain.h"
#include "lib/lint/registry.h"

namespace agc::driver {
namespace {

TEST_CASE("Every code has exactly one explain page", "[lint][explain]") {
  for (const diag::DiagKindInfo* info : diag::AllKinds()) {
    INFO(diag::CodeString(info->code));
    const bool rule = lint::FindRule(info->code) != nullptr;
    // Rules keep their page in their own file; the others in explain.cpp.
    CHECK(diag::ExplainPage(info->code).empty() == rule);
    std::string page;
    REQUIRE(Explain(diag::CodeString(info->code), &page));
    CHECK(
        page.starts_with(fmt::format("# {}: ", diag::CodeString(info->code))));
    for (std::string_view section : {"## What it does", "## Why is this bad",
                                     "## Example", "## Use instead"}) {
      CHECK(page.find(section) != std::string::npos);
    }
  }
  std::string page;
  CHECK_FALSE(Explain("AGC999", &page));
  CHECK_FALSE(Explain("nonsense", &page));
  CHECK(page.empty());
}

}  // namespace
}  // namespace agc::driver
