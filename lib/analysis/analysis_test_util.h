// Shared helpers for the analyses' unit tests (Catch2): parse a snippet, run
// analyses through an AnalysisManager, find nodes by line, kind or text, and
// format symbol sets and activities as strings to compare.
//
//   TestModule t(R"py(
//   x = a.b
//   )py");
//   const Activity& act = t.Get<Activity>();
//   CHECK(t.Fmt(act.Of(t.StmtAt(1))->read) == "a, a.b");
//   CHECK(t.Describe(act.Of(t.StmtAt(1))) == "r{a, a.b} m{x} d{}");
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/manager.h"
#include "lib/analysis/qual_names.h"
#include "lib/ast/ast.h"
#include "lib/base/source_file.h"
#include "lib/diag/diagnostic.h"
#include "lib/syntax/parse.h"

namespace agc::analysis::testing {

// Drops one leading newline, so that a raw string literal can start on the
// line after `R"py(` and line 1 is its first line of code.
inline std::string Snippet(std::string_view code) {
  if (!code.empty() && code.front() == '\n') {
    code.remove_prefix(1);
  }
  return std::string(code);
}

class TestModule {
 public:
  // Parses `code` (see Snippet), which must be valid and verify.
  explicit TestModule(std::string_view code, ModelOptions model = {})
      : source_("t.py", Snippet(code)),
        module_(&source_),
        analyses_(module_, model) {
    bool ok = syntax::Parse(source_, module_, sink_);
    std::string errors;
    for (const diag::Diagnostic& d : sink_.Sorted()) {
      errors += diag::FormatText(d) + "\n";
    }
    INFO(errors);
    REQUIRE(ok);
    REQUIRE(ast::Verify(module_).empty());
    for (const ast::Stmt* stmt : module_.body) {
      Collect(*stmt);
    }
  }

  TestModule(const TestModule&) = delete;
  TestModule& operator=(const TestModule&) = delete;

  ast::Module& module() { return module_; }

  AnalysisManager& analyses() { return analyses_; }

  template <typename T>
  const T& Get() {
    return analyses_.Get<T>();
  }

  // Every node of the tree, in pre-order (children in field order).
  const std::vector<const ast::Node*>& nodes() const { return nodes_; }

  // The `nth` (0-based) node of kind T that starts on `line`, in pre-order.
  template <typename T>
  const T& Find(int line, int nth = 0) const {
    for (const ast::Node* node : nodes_) {
      if (node->Is<T>() && node->origin.line == line && nth-- == 0) {
        return node->Cast<T>();
      }
    }
    FAIL("no " << ast::KindName(T::kKind) << " on line " << line);
    return nodes_.front()->Cast<T>();  // not reached
  }

  // The `nth` (0-based) node of kind T whose source text is `text`.
  template <typename T>
  const T& FindText(std::string_view text, int nth = 0) const {
    for (const ast::Node* node : nodes_) {
      if (node->Is<T>() && module_.TextOf(*node) == text && nth-- == 0) {
        return node->Cast<T>();
      }
    }
    FAIL("no " << ast::KindName(T::kKind) << " with text `" << text << "`");
    return nodes_.front()->Cast<T>();  // not reached
  }

  // The first statement (outermost first) that starts on `line`.
  const ast::Stmt& StmtAt(int line) const {
    for (const ast::Node* node : nodes_) {
      if (node->category() == ast::Category::kStmt &&
          node->origin.line == line) {
        return static_cast<const ast::Stmt&>(*node);
      }
    }
    FAIL("no statement on line " << line);
    return *module_.body.front();  // not reached
  }

  // The id of the symbol with this text; fails the test if there is none.
  SymbolId Sym(std::string_view text) {
    SymbolId id = Get<QualNames>().Find(text);
    INFO("symbol `" << text << "`");
    REQUIRE(id != kNoSymbol);
    return id;
  }

  // "a, b.c": the texts of a set, alphabetically.
  std::string Fmt(const SymbolSet& set) { return Get<QualNames>().Format(set); }

  // "r{a, b} m{c} d{}"; "null" for a node without an activity.
  std::string Describe(const NodeActivity* activity) {
    if (activity == nullptr) {
      return "null";
    }
    return "r{" + Fmt(activity->read) + "} m{" + Fmt(activity->modified) +
           "} d{" + Fmt(activity->deleted) + "}";
  }

  std::string Describe(const NodeActivity& activity) {
    return Describe(&activity);
  }

  // The activity of the statement starting on `line`, described.
  std::string StmtActivity(int line) {
    return Describe(Get<Activity>().Of(StmtAt(line)));
  }

 private:
  void Collect(const ast::Node& node) {
    nodes_.push_back(&node);
    ast::ForEachChild(node, [&](const ast::Node* child) { Collect(*child); });
  }

  base::SourceFile source_;
  ast::Module module_;
  diag::DiagnosticSink sink_;
  AnalysisManager analyses_;
  std::vector<const ast::Node*> nodes_;
};

}  // namespace agc::analysis::testing
