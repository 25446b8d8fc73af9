#include <catch2/catch.hpp>

#include "lib/analysis/manager.h"
#include "lib/base/source_file.h"
#include "lib/diag/emitter.h"
#include "lib/lint/checker.h"
#include "lib/lint/config.h"
#include "lib/lint/flow.h"
#include "lib/lint/registry.h"
#include "lib/lint/suppression.h"
#include "lib/syntax/parse.h"

namespace agc::lint {
namespace {

// Parses `text` and runs the lint rules; returns "line:col AGCnnn" lines.
std::vector<std::string> LintText(std::string text, bool assume_staged = true) {
  base::SourceFile source("m.py", std::move(text));
  ast::Module module(&source);
  diag::DiagnosticSink sink;
  REQUIRE(syntax::Parse(source, module, sink));
  analysis::AnalysisManager analyses(module);
  std::vector<diag::Diagnostic> out;
  // By default as the fixtures: every value not certainly Python may be
  // staged.
  Checker(module, analyses, CheckerOptions{.assume_staged = assume_staged})
      .Run(out);
  std::sort(out.begin(), out.end());
  std::vector<std::string> lines;
  for (const diag::Diagnostic& d : out) {
    lines.push_back(fmt::format("{}:{} {}", d.pos.line, d.pos.col,
                                diag::CodeString(d.code())));
  }
  return lines;
}

TEST_CASE("Every rule is a diagnostic kind of the lint range", "[lint]") {
  REQUIRE(Rules().size() >= 14);
  int previous = 300;
  for (const Rule& rule : Rules()) {
    CHECK(rule.code > previous);
    previous = rule.code;
    CHECK(diag::InfoOf(rule.kind).code == rule.code);
    CHECK(diag::InfoOf(rule.kind).name == rule.name);
    CHECK(rule.explain.starts_with(
        fmt::format("# {}: ", diag::CodeString(rule.code))));
    CHECK(FindRule(rule.code) == &rule);
  }
  CHECK(FindRule(301) != nullptr);
  CHECK(FindRule(1) == nullptr);
}

TEST_CASE("Undefined-on-some-path uses the dataflow facts", "[lint]") {
  // Read after an if that binds y in one branch: reported at the read.
  CHECK(LintText("def f(x):\n    if x:\n        y = 1\n    return y\n") ==
        std::vector<std::string>{"4:12 AGC301"});
  // Bound in both branches, or rebound before the read: nothing.
  CHECK(LintText("def f(x):\n    if x:\n        y = 1\n    else:\n"
                 "        y = 2\n    return y\n")
            .empty());
  CHECK(LintText("def f(x):\n    if x:\n        y = 1\n    y = 2\n"
                 "    return y\n")
            .empty());
  // Module level and generators are not converted code.
  CHECK(LintText("if a:\n    y = 1\nprint(y)\n").empty());
  CHECK(LintText("def g(x):\n    if x:\n        y = 1\n    yield y\n").empty());
}

TEST_CASE("May-be-None needs a None and a value reaching the read", "[lint]") {
  CHECK(LintText("def f(x):\n    y = None\n    if x:\n        y = 1\n"
                 "    return y\n") == std::vector<std::string>{"5:12 AGC302"});
  CHECK(LintText("def f(x):\n    y = 0\n    if x:\n        y = 1\n"
                 "    return y\n")
            .empty());
}

// Whether the first statement of `text` is NeverStaged.
bool FirstNeverStaged(std::string text,
                      std::span<const std::string_view> fixed = {}) {
  base::SourceFile source("m.py", std::move(text));
  ast::Module module(&source);
  diag::DiagnosticSink sink;
  REQUIRE(syntax::Parse(source, module, sink));
  REQUIRE(!module.body.empty());
  return NeverStaged(*module.body.front(), fixed);
}

TEST_CASE("Ifs whose test is always a Python bool are never staged", "[lint]") {
  for (const char* test :
       {"x is None", "x is not None", "not x is None",
        "x is None and y is not None", "isinstance(x, int) or callable(x)",
        "hasattr(x, 'a')", "not issubclass(t, E)", "a is b is c", "k in d",
        "k not in d and d is not None", "sys.platform != 'win32'",
        "os.name == 'nt'", "sys.version_info >= (3, 11)",
        "sys.version_info[:2] < (3, 8)", "sys.version_info.major == 3",
        "sys.implementation.name == 'cpython'", "__name__ == '__main__'",
        "__debug__", "sys.maxsize > 2 ** 32"}) {
    INFO(test);
    CHECK(FirstNeverStaged(fmt::format("if {}:\n    pass\n", test)));
  }
  for (const char* test :
       {"x", "x == None", "x is None and y > 0", "len(x)", "not x",
        "x < y in z", "obj.isinstance(x)", "sys.argv == ['a']", "x == 'nt'",
        "os.name == mode", "self.platform == 'win32'", "(x, 1) == (2, 1)"}) {
    INFO(test);
    CHECK_FALSE(FirstNeverStaged(fmt::format("if {}:\n    pass\n", test)));
  }
  // Module globals known to hold fixed values (ModuleFacts::fixed_globals).
  const std::string_view fixed[] = {"DEBUG", "LIMIT"};
  for (const char* test : {"DEBUG", "not DEBUG", "DEBUG and LIMIT > 3",
                           "LIMIT == 2 * 5", "(DEBUG, LIMIT) == (1, 2)"}) {
    INFO(test);
    CHECK(FirstNeverStaged(fmt::format("if {}:\n    pass\n", test), fixed));
    CHECK_FALSE(FirstNeverStaged(fmt::format("if {}:\n    pass\n", test)));
  }
  for (const char* test : {"OTHER", "DEBUG and x", "LIMIT > x"}) {
    INFO(test);
    CHECK_FALSE(
        FirstNeverStaged(fmt::format("if {}:\n    pass\n", test), fixed));
  }
  // Loops are not: break and return lowering add state to the condition.
  CHECK_FALSE(FirstNeverStaged("while x is not None:\n    x = x.next\n"));
}

TEST_CASE("A loop's iterable reads names from before the loop", "[lint]") {
  // `lineno` in `range(lineno, ...)` is the parameter, not the loop's own
  // target (looking it up there recursed without end on doctest.py).
  CHECK(LintText("def scan(lineno, lines):\n"
                 "    for lineno in range(lineno, len(lines)):\n"
                 "        if lineno > 3:\n"
                 "            found = lineno\n"
                 "        print(found)\n") ==
        std::vector<std::string>{"5:15 AGC301"});
  // `i` is the outer loop's target over a Python range: `j` is Python too.
  CHECK(LintText("def nested(n):\n"
                 "    for i in range(3):\n"
                 "        for j in range(i, 5):\n"
                 "            if j > 1:\n"
                 "                found = j\n"
                 "            print(found)\n")
            .empty());
  // Unless the outer loop's body rebinds it.
  CHECK(LintText("def nested(n):\n"
                 "    for i in range(3):\n"
                 "        for j in range(i, 5):\n"
                 "            if j > 1:\n"
                 "                found = j\n"
                 "            print(found)\n"
                 "        i = n\n") ==
        (std::vector<std::string>{"6:19 AGC301", "6:19 AGC316"}));
}

TEST_CASE("Without --assume-staged, only evidence of a tensor is reported",
          "[lint]") {
  auto lint = [](std::string_view params, std::string_view body,
                 std::string_view decorator = "") {
    return LintText(fmt::format("import tensorflow as tf\n"
                                "import jax\n"
                                "{}def f({}):\n{}"
                                "    if n > 0:\n"
                                "        y = 1\n"
                                "    return y\n",
                                decorator, params, body),
                    false);
  };
  const std::vector<std::string> reported{"7:12 AGC301"};
  const std::vector<std::string> reported_after_two{"8:12 AGC301"};
  // Parameters: unknown unless annotated as a tensor or traced.
  CHECK(lint("n", "    pass\n").empty());
  CHECK(lint("n: tf.Tensor", "    pass\n") == reported);
  CHECK(lint("n: int", "    pass\n").empty());
  CHECK(lint("n", "    pass\n", "@tf.function\n") ==
        std::vector<std::string>{"8:12 AGC301"});
  CHECK(lint("n", "    pass\n", "@jax.jit\n") ==
        std::vector<std::string>{"8:12 AGC301"});
  CHECK(lint("n", "    pass\n", "@jax.jit(static_argnums=0)\n").empty());
  // Locals: the bindings that reach the test.
  CHECK(lint("x", "    n = tf.reduce_sum(x)\n") == reported);
  CHECK(lint("x", "    n = tf.size(x)\n    n = 3\n").empty());
  CHECK(lint("x", "    n = tf.size(x)\n    n += 1\n") == reported_after_two);
  CHECK(lint("x", "    n = len(tf.nest.flatten(x))\n").empty());
  CHECK(lint("x", "    n = x.shape[0]\n").empty());
  CHECK(lint("x: tf.Tensor", "    n = x.dtype\n").empty());
  CHECK(lint("x: tf.Tensor", "    n = x[0] * 2\n") == reported);
  CHECK(lint("x: tf.Tensor", "    n = x.sum()\n") == reported);
}

TEST_CASE("Suppression comments", "[lint]") {
  base::SourceFile source("m.py",
                          "a = 1  # agc: ignore[AGC301, AGC302]\n"
                          "b = 2  # noqa # agc: ignore\n"
                          "c = 3  # agc: ignored\n"
                          "d = 4  # agc: loop-vars(x)\n");
  ast::Module module(&source);
  diag::DiagnosticSink sink;
  REQUIRE(syntax::Parse(source, module, sink));
  std::vector<Suppression> s = FindSuppressions(module);
  REQUIRE(s.size() == 2);
  CHECK(s[0].pos.line == 1);
  CHECK(s[0].codes == std::vector<std::string>{"AGC301", "AGC302"});
  CHECK(s[1].pos.line == 2);
  CHECK(s[1].codes.empty());

  std::vector<diag::Diagnostic> diags;
  auto add = [&](diag::DiagKind kind, int line) {
    diags.push_back({kind, diag::Severity::kWarning, "m.py", {line, 1}, "x"});
  };
  add(diag::DiagKind::kUndefinedOnSomePath, 1);
  add(diag::DiagKind::kMaybeNone, 3);
  ApplySuppressions(s, "m.py", diags, true);
  std::vector<std::string> got;
  for (const diag::Diagnostic& d : diags) {
    got.push_back(fmt::format("{} {}", d.pos.line, d.code()));
  }
  // AGC301 suppressed; AGC302 on line 3 kept; AGC302 of line 1 and the
  // bare suppression of line 2 unused.
  CHECK(got == std::vector<std::string>{"3 302", "1 300", "2 300"});
}

TEST_CASE("Selectors and globs", "[lint]") {
  CHECK(SelectorMatches("AGC3", 301));
  CHECK(SelectorMatches("AGC301", 301));
  CHECK_FALSE(SelectorMatches("AGC302", 301));
  CHECK_FALSE(SelectorMatches("AGC1", 301));
  CHECK(SelectorMatches("ALL", 1));
  CHECK(BadSelector({"AGC3", "AGC101"}).empty());
  CHECK(BadSelector({"AGC9"}) == "AGC9");
  CHECK(BadSelector({"E501"}) == "E501");
  CHECK(GlobMatch("tests/*", "tests/a/b.py"));
  CHECK(GlobMatch("**/gen_*.py", "a/b/gen_x.py"));
  CHECK_FALSE(GlobMatch("gen_*.py", "a/gen_x.py"));
}

TEST_CASE("Effective severity: the table, then the frameworks targeted",
          "[lint]") {
  auto kept = [](diag::DiagKind kind) {
    return diag::Diagnostic{
        kind, diag::InfoOf(kind).severity, "m.py", {1, 1}, "x"};
  };
  const diag::Diagnostic form = kept(diag::DiagKind::kNonlocalFormKept);
  const diag::Diagnostic call = kept(diag::DiagKind::kCallKept);
  CHECK(form.severity == diag::Severity::kRemark);
  CHECK(EffectiveSeverity(nullptr, form) == diag::Severity::kRemark);
  Config config;
  CHECK(EffectiveSeverity(&config, form) == diag::Severity::kRemark);
  config.frameworks = {"tensorflow", "jax"};
  CHECK(EffectiveSeverity(&config, form) == diag::Severity::kRemark);
  config.frameworks.push_back("torch");
  CHECK(EffectiveSeverity(&config, form) == diag::Severity::kWarning);
  CHECK(EffectiveSeverity(&config, call) == diag::Severity::kRemark);
  config.severity[108] = diag::Severity::kNote;
  config.severity[106] = diag::Severity::kError;
  CHECK(EffectiveSeverity(&config, form) == diag::Severity::kNote);
  CHECK(EffectiveSeverity(&config, call) == diag::Severity::kError);
}

TEST_CASE("Output helpers", "[lint][diag]") {
  CHECK(diag::CaretLine("    return y", 12) == "           ^");
  CHECK(diag::CaretLine("\tx = 1", 2) == "\t^");
  CHECK(diag::CaretLine("s = 'é' + y", 11) == "          ^");
  CHECK(diag::GithubEscapeData("50% a\nb") == "50%25 a%0Ab");
  CHECK(diag::GithubEscapeProperty("a,b:c") == "a%2Cb%3Ac");
  CHECK(diag::ParseOutputFormat("sarif") == diag::OutputFormat::kSarif);
  CHECK_FALSE(diag::ParseOutputFormat("xml").has_value());
}

}  // namespace
}  // namespace agc::lint
