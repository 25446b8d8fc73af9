#include "lib/analysis/dataflow.h"

#include <fmt/core.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/analysis_test_util.h"
#include "lib/analysis/cfg.h"
#include "lib/analysis/liveness.h"
#include "lib/analysis/qual_names.h"
#include "lib/analysis/reaching_definitions.h"
#include "lib/analysis/reaching_fndefs.h"
#include "lib/base/stack.h"
#include "lib/syntax/parse.h"

namespace agc::analysis {
namespace {

using testing::TestModule;

TEST_CASE("dataflow: bit helpers", "[dataflow]") {
  BitRows rows;
  rows.Reset(2, WordsFor(130));
  CHECK(rows.words() == 3);
  rows.Set(1, 0);
  rows.Set(1, 64);
  rows.Set(1, 129);
  CHECK(rows.Test(1, 64));
  CHECK_FALSE(rows.Test(0, 64));
  std::vector<uint32_t> bits;
  ForEachBit(rows.Row(1), 3, [&](uint32_t b) { bits.push_back(b); });
  CHECK(bits == std::vector<uint32_t>{0, 64, 129});
  ClearBits(rows.Row(1), 1, 129);
  CHECK(rows.Test(1, 0));
  CHECK_FALSE(rows.Test(1, 64));
  CHECK(rows.Test(1, 129));
  ClearBits(rows.Row(1), 0, 130);
  CHECK_FALSE(rows.Test(1, 0));
  CHECK_FALSE(rows.Test(1, 129));
}

// Forward: which nodes may have run before (a "visited" bit per node);
// backward: which nodes may still run.
TEST_CASE("dataflow: forward and backward solving over a loop", "[dataflow]") {
  TestModule t(R"py(
a = 1
while a:
    b = 2
c = 3
)py");
  const Cfg& cfg = t.Get<Cfgs>().Of(nullptr);
  const CfgNodeId n = cfg.size();
  BitRows in;
  BitRows out;
  in.Reset(n, WordsFor(n));
  out.Reset(n, WordsFor(n));
  auto mark_self = [&](CfgNodeId node, const uint64_t* src, uint64_t* dst) {
    std::copy(src, src + in.words(), dst);
    dst[node >> 6] |= uint64_t{1} << (node & 63);
  };
  SolveUnion(cfg, Direction::kForward, in, out, mark_self);
  const Cfgs& cfgs = t.Get<Cfgs>();
  CfgNodeId a = cfgs.Locate(t.StmtAt(1)).first;
  CfgNodeId w = cfgs.Locate(t.StmtAt(2)).first;
  CfgNodeId b = cfgs.Locate(t.StmtAt(3)).first;
  CfgNodeId c = cfgs.Locate(t.StmtAt(4)).first;
  // The loop header sees the body through the back edge.
  CHECK(in.Test(w, b));
  CHECK(in.Test(w, a));
  CHECK_FALSE(in.Test(w, c));
  CHECK(in.Test(c, b));
  CHECK_FALSE(in.Test(a, a));

  BitRows bin;
  BitRows bout;
  bin.Reset(n, WordsFor(n));
  bout.Reset(n, WordsFor(n));
  SolveUnion(cfg, Direction::kBackward, bin, bout, mark_self);
  CHECK(bout.Test(b, w));  // after b, the header may run again
  CHECK(bout.Test(b, b));
  CHECK(bout.Test(a, c));
  CHECK_FALSE(bout.Test(c, a));
}

TEST_CASE("dataflow: gen/kill transfer", "[dataflow]") {
  GenKill gk;
  gk.Reset(2);
  gk.Kill(0, 70);
  gk.Gen(3);
  gk.EndNode();
  gk.Gen(100);
  gk.EndNode();
  uint64_t src[2] = {~uint64_t{0}, ~uint64_t{0}};
  uint64_t dst[2] = {};
  gk(0, src, dst);
  CHECK(dst[0] == (uint64_t{1} << 3));
  CHECK(dst[1] == (~uint64_t{0} << 6));
  uint64_t zero[2] = {};
  gk(1, zero, dst);
  CHECK(dst[0] == 0);
  CHECK(dst[1] == (uint64_t{1} << 36));
}

// --- the whole standard library ---------------------------------------------

std::string StdlibDir() {
  if (const char* env = std::getenv("AGC_STDLIB")) {
    return env;
  }
  std::string out;
  FILE* p = popen(
      "python3 -c 'import sysconfig; print(sysconfig.get_paths()[\"stdlib\"])'",
      "r");
  if (p == nullptr) {
    return out;
  }
  char buf[4096];
  while (fgets(buf, sizeof buf, p) != nullptr) {
    out += buf;
  }
  pclose(p);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) {
    out.pop_back();
  }
  return out;
}

// Runs every analysis over every .py file of the local CPython standard
// library, checks structural invariants and prints counts and times:
//   agc_tests "[.stdlib]"   (AGC_STDLIB=DIR to use another tree)
TEST_CASE("analyses over the standard library", "[.stdlib]") {
  namespace fs = std::filesystem;
  const std::string root = StdlibDir();
  REQUIRE(!root.empty());
  std::vector<std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(
           root, fs::directory_options::skip_permission_denied)) {
    if (entry.is_regular_file() && entry.path().extension() == ".py" &&
        entry.path().string().find("site-packages") == std::string::npos) {
      files.push_back(entry.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  using Clock = std::chrono::steady_clock;
  double t_parse = 0;
  double t_qn = 0;
  double t_act = 0;
  double t_cfg = 0;
  double t_rd = 0;
  double t_fd = 0;
  double t_live = 0;
  size_t parsed = 0;
  size_t rejected = 0;
  size_t lines = 0;
  size_t graphs = 0;
  size_t nodes = 0;
  size_t edges = 0;
  size_t stmts = 0;
  size_t defs = 0;
  size_t fndef_names = 0;
  size_t problems = 0;
  size_t max_bits = 0;  // the largest nodes x definitions of one graph
  std::string max_bits_file;
  auto secs = [](Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
  };
  base::RunOnLargeStack([&] {
    for (const std::string& path : files) {
      std::ifstream in(path, std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      base::SourceFile source(path, ss.str());
      ast::Module module(&source);
      diag::DiagnosticSink sink;
      auto t0 = Clock::now();
      bool ok = syntax::Parse(source, module, sink);
      auto t1 = Clock::now();
      t_parse += secs(t0, t1);
      if (!ok) {
        ++rejected;
        continue;
      }
      ++parsed;
      lines += source.line_count();
      AnalysisManager am(module);
      auto a0 = Clock::now();
      am.Get<QualNames>();
      auto a1 = Clock::now();
      am.Get<Activity>();
      auto a2 = Clock::now();
      const Cfgs& cfgs = am.Get<Cfgs>();
      auto a3 = Clock::now();
      const auto& rd = am.Get<ReachingDefinitions>();
      auto a4 = Clock::now();
      const auto& fd = am.Get<ReachingFnDefs>();
      auto a5 = Clock::now();
      const Liveness& lv = am.Get<Liveness>();
      auto a6 = Clock::now();
      t_qn += secs(a0, a1);
      t_act += secs(a1, a2);
      t_cfg += secs(a2, a3);
      t_rd += secs(a3, a4);
      t_fd += secs(a4, a5);
      t_live += secs(a5, a6);
      for (const auto& cfg : cfgs.all()) {
        ++graphs;
        nodes += cfg->size();
        defs += rd.Definitions(*cfg).size();
        size_t bits = cfg->size() * rd.Definitions(*cfg).size();
        if (bits > max_bits) {
          max_bits = bits;
          max_bits_file = path;
        }
        for (CfgNodeId n = 0; n < cfg->size(); ++n) {
          edges += cfg->successors(n).size();
        }
      }
      for (ast::NodeId id = 0; id < module.node_count(); ++id) {
        const ast::Node& node = *module.Get(id);
        if (node.Is<ast::Name>()) {
          fndef_names += !fd.Of(node).empty();
        }
        if (node.category() != ast::Category::kStmt) {
          continue;
        }
        ++stmts;
        CfgLocation loc = cfgs.Locate(node);
        if (!loc || loc.cfg->ast(loc.first) != &node || !lv.HasFacts(node)) {
          if (problems++ < 10) {
            UNSCOPED_INFO(path << ":" << node.origin.line
                               << ": statement without facts");
          }
        }
      }
    }
  });
  const double t_analyses = t_qn + t_act + t_cfg + t_rd + t_fd + t_live;
  fmt::print(
      "stdlib: {} files ({} rejected by the parser), {} lines, {} statements\n"
      "  graphs {}, nodes {}, edges {}, definitions {}, names reached by "
      "local fndefs {}\n"
      "  parse+lower {:.2f}s; qual_names {:.2f}s activity {:.2f}s cfg {:.2f}s "
      "reaching_definitions {:.2f}s reaching_fndefs {:.2f}s liveness "
      "{:.2f}s\n"
      "  all analyses {:.2f}s = {:.0f}% of parse+lower; cfg+rd+fndefs+"
      "liveness {:.2f}s = {:.0f}%\n",
      parsed + rejected, rejected, lines, stmts, graphs, nodes, edges, defs,
      fndef_names, t_parse, t_qn, t_act, t_cfg, t_rd, t_fd, t_live, t_analyses,
      100 * t_analyses / t_parse, t_cfg + t_rd + t_fd + t_live,
      100 * (t_cfg + t_rd + t_fd + t_live) / t_parse);
  fmt::print("  largest reaching-definitions table: {} bits ({})\n", max_bits,
             max_bits_file);
  CHECK(problems == 0);
  CHECK(parsed > 0);
}

}  // namespace
}  // namespace agc::analysis
