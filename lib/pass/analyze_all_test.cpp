// PipelineOptions::analyze_all (`agc convert --analyze`).
#include <catch2/catch.hpp>

#include "lib/analysis/registry.h"
#include "lib/diag/diagnostic.h"
#include "lib/pass/pipeline.h"
#include "lib/syntax/parse.h"

namespace agc::pass {
namespace {

std::vector<std::string_view> fresh_seen;  // analyses fresh when it ran

class FreshnessPass final : public Pass {
 public:
  Changed Run(ast::Module&, PassContext& ctx) override {
    for (const analysis::AnalysisInfo& info : analysis::Analyses()) {
      if (info.is_fresh(ctx.analyses())) {
        fresh_seen.push_back(info.name);
      }
    }
    return Changed::kNo;
  }
};

std::unique_ptr<Pass> MakeFreshnessPass() {
  return std::make_unique<FreshnessPass>();
}

std::vector<std::string_view> FreshWith(bool analyze_all) {
  base::SourceFile source("t.py", "for i in range(3):\n    x = i\n");
  ast::Module module(&source);
  diag::DiagnosticSink diags;
  REQUIRE(syntax::Parse(source, module, diags));
  PassInfo info{"freshness", "records fresh analyses", true, {},
                {},          &MakeFreshnessPass};
  PipelineOptions options;
  options.analyze_all = analyze_all;
  fresh_seen.clear();
  RunPipeline({&info}, module, diags, {}, options);
  return fresh_seen;
}

TEST_CASE("analyze_all computes every analysis before the passes", "[pass]") {
  CHECK(FreshWith(false).empty());
  std::vector<std::string_view> all;
  for (const analysis::AnalysisInfo& info : analysis::Analyses()) {
    all.push_back(info.name);
  }
  CHECK(FreshWith(true) == all);
}

}  // namespace
}  // namespace agc::pass
