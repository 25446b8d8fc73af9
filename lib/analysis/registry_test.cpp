#include "lib/analysis/registry.h"

#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "lib/analysis/analysis_test_util.h"
#include "lib/analysis/liveness.h"

namespace agc::analysis {
namespace {

using testing::TestModule;

constexpr std::string_view kSample = R"py(
import os

class C:
    def m(self, n):
        total = 0
        for i in range(n):
            if i % 2:
                total += i
        return total

def f(x):
    g = lambda y: y + x
    while x := g(x):
        del x
    return [z for z in os.listdir()]
)py";

std::set<std::string_view> Closure(const AnalysisInfo& info) {
  std::set<std::string_view> out{info.name};
  std::vector<std::string_view> todo(info.needs.begin(), info.needs.end());
  while (!todo.empty()) {
    std::string_view name = todo.back();
    todo.pop_back();
    if (out.insert(name).second) {
      const AnalysisInfo* need = FindAnalysis(name);
      REQUIRE(need != nullptr);
      todo.insert(todo.end(), need->needs.begin(), need->needs.end());
    }
  }
  return out;
}

TEST_CASE("Analysis table: unique names, required analyses listed first",
          "[analysis][registry]") {
  REQUIRE(Analyses().size() >= 6);
  std::set<std::string_view> seen;
  for (const AnalysisInfo& info : Analyses()) {
    INFO(info.name);
    CHECK(info.name == info.ref.name);
    CHECK_FALSE(info.summary.empty());
    for (std::string_view need : info.needs) {
      INFO("needs " << need);
      CHECK(seen.count(need) == 1);
    }
    CHECK(seen.insert(info.name).second);
  }
  CHECK(FindAnalysis("liveness") != nullptr);
  CHECK(FindAnalysis("liveness")->ref.slot == SlotOf<Liveness>());
  CHECK(FindAnalysis("nope") == nullptr);
}

TEST_CASE("Analysis table: each analysis computes exactly what it lists",
          "[analysis][registry]") {
  for (const AnalysisInfo& info : Analyses()) {
    INFO(info.name);
    TestModule t(kSample);
    info.ref.ensure(t.analyses());
    std::set<std::string_view> fresh;
    for (const AnalysisInfo& other : Analyses()) {
      if (other.is_fresh(t.analyses())) {
        fresh.insert(other.name);
      }
    }
    CHECK(fresh == Closure(info));
    CHECK(t.analyses().computations() == fresh.size());
  }
}

TEST_CASE("EnsureAll computes every analysis once", "[analysis][registry]") {
  TestModule t(kSample);
  EnsureAll(t.analyses());
  for (const AnalysisInfo& info : Analyses()) {
    CHECK(info.is_fresh(t.analyses()));
  }
  CHECK(t.analyses().computations() == Analyses().size());
  EnsureAll(t.analyses());
  CHECK(t.analyses().computations() == Analyses().size());
  t.analyses().InvalidateAll();
  CHECK_FALSE(Analyses().front().is_fresh(t.analyses()));
}

}  // namespace
}  // namespace agc::analysis
