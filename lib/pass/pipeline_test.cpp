#include "lib/pass/pipeline.h"

#include <catch2/catch.hpp>

namespace agc::pass {
namespace {

// A test analysis counting the statements of the module.
struct StmtCount {
  static constexpr std::string_view kName = "stmt_count";
  size_t count = 0;
  static inline int computed = 0;

  static std::unique_ptr<StmtCount> Compute(const ast::Module& m,
                                            analysis::AnalysisManager&) {
    ++computed;
    auto out = std::make_unique<StmtCount>();
    out->count = m.body.size();
    return out;
  }
};

// An analysis that reads another.
struct DoubleCount {
  static constexpr std::string_view kName = "double_count";
  size_t value = 0;

  static std::unique_ptr<DoubleCount> Compute(const ast::Module&,
                                              analysis::AnalysisManager& am) {
    auto out = std::make_unique<DoubleCount>();
    out->value = 2 * am.Get<StmtCount>().count;
    return out;
  }
};

std::vector<size_t> seen;  // what the reading passes saw

class AddPass final : public Pass {
 public:
  Changed Run(ast::Module& module, PassContext&) override {
    module.body.push_back(module.New<ast::Pass>({1, 1}));
    return Changed::kYes;
  }
};

class ReadPass final : public Pass {
 public:
  Changed Run(ast::Module&, PassContext& ctx) override {
    seen.push_back(ctx.analyses().GetFresh<StmtCount>().count);
    return Changed::kNo;
  }
};

class BreakTreePass final : public Pass {
 public:
  Changed Run(ast::Module& module, PassContext&) override {
    module.body.push_back(module.New<ast::Pass>({}));  // no origin
    return Changed::kYes;
  }
};

template <typename P>
std::unique_ptr<Pass> Make() {
  return std::make_unique<P>();
}

std::vector<PassInfo> TestRegistry() {
  std::vector<PassInfo> r;
  r.push_back({"adder", "adds a pass statement", true, {}, {}, &Make<AddPass>});
  r.push_back({"reader",
               "reads the count",
               true,
               {analysis::Analysis<StmtCount>()},
               {"adder"},
               &Make<ReadPass>});
  r.push_back({"extra", "optional", false, {}, {}, &Make<ReadPass>});
  return r;
}

std::vector<std::string_view> Names(const std::vector<const PassInfo*>& ps) {
  std::vector<std::string_view> out;
  for (const PassInfo* p : ps) {
    out.push_back(p->name);
  }
  return out;
}

TEST_CASE("Selection: default, all, none, and canonical order", "[pass]") {
  auto reg = TestRegistry();
  SelectionError err;
  auto def = SelectPasses(reg, "default", &err);
  REQUIRE(def);
  CHECK(Names(*def) == std::vector<std::string_view>{"adder", "reader"});
  auto all = SelectPasses(reg, "all", &err);
  REQUIRE(all);
  CHECK(all->size() == 3);
  auto none = SelectPasses(reg, "none", &err);
  REQUIRE(none);
  CHECK(none->empty());
  auto reordered = SelectPasses(reg, "extra, reader,adder", &err);
  REQUIRE(reordered);
  CHECK(Names(*reordered) ==
        std::vector<std::string_view>{"adder", "reader", "extra"});
  auto plus = SelectPasses(reg, "default,extra", &err);
  REQUIRE(plus);
  CHECK(plus->size() == 3);
}

TEST_CASE("Selection: unknown names get a did-you-mean", "[pass]") {
  auto reg = TestRegistry();
  SelectionError err;
  CHECK_FALSE(SelectPasses(reg, "adder,raeder", &err));
  CHECK(err.kind == diag::DiagKind::kUnknownPass);
  CHECK(err.message == "unknown pass 'raeder' (did you mean 'reader'?)");
  CHECK_FALSE(SelectPasses(reg, "zzzzzzzzzz", &err));
  CHECK(err.message.find("agc passes") != std::string::npos);
  CHECK_FALSE(SelectPasses(reg, "", &err));
  CHECK(err.kind == diag::DiagKind::kBadOption);
  CHECK_FALSE(SelectPasses(reg, "none,adder", &err));
  CHECK(err.kind == diag::DiagKind::kBadOption);
  CHECK(err.message == "--passes: 'none' cannot be combined with other passes");
  CHECK(SelectPasses(reg, "none, none", &err));
  CHECK(DidYouMean(reg, "ext") == "extra");
}

TEST_CASE("Selection: a missing prerequisite is an error", "[pass]") {
  auto reg = TestRegistry();
  SelectionError err;
  CHECK_FALSE(SelectPasses(reg, "reader", &err));
  CHECK(err.kind == diag::DiagKind::kMissingPrerequisite);
  CHECK(err.message ==
        "pass 'reader' needs pass 'adder', which is not selected");
}

TEST_CASE("Control-flow form: names, default and bad values", "[pass]") {
  CHECK(ParseControlFlowForm("nonlocal") == ControlFlowForm::kNonlocal);
  CHECK(ParseControlFlowForm("functional") == ControlFlowForm::kFunctional);
  CHECK_FALSE(ParseControlFlowForm("bogus"));
  CHECK_FALSE(ParseControlFlowForm(""));
  CHECK_FALSE(ParseControlFlowForm("Functional"));
  CHECK(ControlFlowFormName(ControlFlowForm::kNonlocal) == "nonlocal");
  CHECK(ControlFlowFormName(ControlFlowForm::kFunctional) == "functional");
  CHECK(PassOptions().control_flow == ControlFlowForm::kFunctional);
  CHECK(BadControlFlowForm("bogus") ==
        "'bogus' is not a control-flow form (use nonlocal or functional)");
}

TEST_CASE("Pipeline recomputes analyses after a change", "[pass]") {
  auto reg = TestRegistry();
  SelectionError err;
  auto passes = SelectPasses(reg, "all", &err);
  REQUIRE(passes);
  ast::Module m(nullptr);
  diag::DiagnosticSink diags;
  seen.clear();
  StmtCount::computed = 0;
  CHECK(RunPipeline(*passes, m, diags, {}, {}));
  // reader sees the statement the adder added; extra reuses the same result.
  CHECK(seen == std::vector<size_t>{1, 1});
  CHECK(StmtCount::computed == 1);
}

TEST_CASE("Analysis manager: staleness and dependencies", "[pass]") {
  ast::Module m(nullptr);
  analysis::AnalysisManager am(m);
  CHECK_FALSE(am.IsFresh<StmtCount>());
  CHECK(am.Get<DoubleCount>().value == 0);
  CHECK(am.IsFresh<StmtCount>());
  m.body.push_back(m.New<ast::Pass>({1, 1}));
  am.InvalidateAll();
  CHECK_FALSE(am.IsFresh<StmtCount>());
  CHECK_FALSE(am.IsFresh<DoubleCount>());
  CHECK(am.Get<DoubleCount>().value == 2);
  CHECK(am.computations() == 4);
}

TEST_CASE("Print-after hook runs after the named pass only", "[pass]") {
  auto reg = TestRegistry();
  SelectionError err;
  auto passes = SelectPasses(reg, "all", &err);
  REQUIRE(passes);
  ast::Module m(nullptr);
  diag::DiagnosticSink diags;
  std::vector<std::string> calls;
  PipelineOptions opts;
  opts.print_after = "reader";
  opts.on_print_after = [&](std::string_view pass, const ast::Module& mod) {
    calls.push_back(std::string(pass) + ":" + std::to_string(mod.body.size()));
  };
  RunPipeline(*passes, m, diags, {}, opts);
  CHECK(calls == std::vector<std::string>{"reader:1"});
}

// Reads the original statement count and which passes are selected.
class OriginalReadPass final : public Pass {
 public:
  Changed Run(ast::Module&, PassContext& ctx) override {
    seen.push_back(ctx.analyses().GetOriginal<StmtCount>().count);
    seen.push_back(ctx.analyses().GetFresh<DoubleCount>().value);
    seen.push_back(ctx.IsSelected("adder") ? 1 : 0);
    seen.push_back(ctx.IsSelected("extra") ? 1 : 0);
    return Changed::kNo;
  }
};

TEST_CASE("Pipeline keeps the original analyses for the whole run", "[pass]") {
  std::vector<PassInfo> reg;
  reg.push_back({"adder", "adds", true, {}, {}, &Make<AddPass>});
  reg.push_back({"adder2", "adds", true, {}, {}, &Make<AddPass>});
  reg.push_back(
      {"original_reader",
       "reads the input's count",
       true,
       {analysis::Original<StmtCount>(), analysis::Analysis<DoubleCount>()},
       {},
       &Make<OriginalReadPass>});
  reg.push_back({"extra", "optional", false, {}, {}, &Make<ReadPass>});
  SelectionError err;
  auto passes = SelectPasses(reg, "default", &err);
  REQUIRE(passes);
  base::SourceFile src("t.py", "");
  ast::Module m(&src);
  m.body.push_back(m.New<ast::Pass>({1, 1}));
  diag::DiagnosticSink diags;
  seen.clear();
  RunPipeline(*passes, m, diags, {}, {});
  // One statement in the input; three when the reader runs (fresh: 2 * 3).
  CHECK(seen == std::vector<size_t>{1, 6, 1, 0});
}

}  // namespace
}  // namespace agc::pass
