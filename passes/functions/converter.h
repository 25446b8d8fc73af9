// Internal to passes/functions/: Converter, which converts the functions
// of a module (and writes the eager originals' guards and twins), and
// LocalsCalls, the locals() calls it turns into snapshots. The classes are
// declared here once; their members are defined in the file named in each
// group of declarations below (functions.cpp, the pass's entry, maps the
// files). Only the accessors and Emit, which reports for the files, are
// defined here.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/needs_twin.h"
#include "lib/analysis/qual_names.h"
#include "lib/ast/ast.h"
#include "lib/codegen/namer.h"
#include "lib/pass/pass.h"

namespace agc::passes::functions {

// Whether `stmt` is a docstring: a string constant as a statement
// (converter.cpp).
bool IsDocstring(const ast::Stmt& stmt);

// The calls of the builtin `locals()`/`vars()` in the input's functions and
// lambdas, each with the names its snapshot lists (see locals_calls.h),
// found by the facts of the original program. A call is looked up by its
// origin: an eager original is a copy whose nested functions get twins too,
// copies keep their nodes' origins, and no two such calls start at the same
// place (a call that starts where one of them does calls what it returns).
class LocalsCalls {
 public:
  struct Snapshot {
    analysis::ScopeKind kind;  // function, lambda or comprehension
    const std::vector<std::string_view>* names = nullptr;
    // A list, set or dict comprehension's inlined into its function from
    // Python 3.12: that function's kind (function or lambda) and the names
    // its locals() shows there (InlinedLocalNames); else null.
    analysis::ScopeKind inlined_kind = analysis::ScopeKind::kModule;
    const std::vector<std::string_view>* inlined_names = nullptr;
  };

  LocalsCalls(const ast::Module& module,
              const analysis::QualNames& qn,
              const analysis::Activity& activity);  // snapshots.cpp

  const Snapshot* Find(const ast::Call& call) const {
    auto it = by_origin_.find({call.origin.line, call.origin.col});
    return it == by_origin_.end() ? nullptr : &it->second;
  }

 private:
  void Collect(const ast::Node& node);  // snapshots.cpp

  const analysis::QualNames& qn_;
  const analysis::Activity& activity_;
  // Looked up, never iterated.
  std::map<const analysis::Scope*, std::vector<std::string_view>> names_;
  std::map<const analysis::Scope*, std::vector<std::string_view>>
      inlined_names_;
  std::map<std::pair<int32_t, int32_t>, Snapshot> by_origin_;
};

class Converter {
 public:
  Converter(ast::Module& module,
            pass::PassContext& ctx,
            const LocalsCalls& locals_calls)
      : module_(module), ctx_(ctx), locals_calls_(locals_calls) {}

  bool converted_any() const { return converted_any_; }

  bool guarded_any() const { return guarded_any_; }

  // Statements outside converted functions (converter.cpp).
  void VisitBlock(std::vector<ast::Stmt*>& body);
  void VisitStmt(ast::Stmt& stmt);

 private:
  // Diagnostics, except while quiet_: an eager original's copy holds the
  // same nested functions as its twin, whose conversion reports them.
  template <typename... Args>
  void Emit(diag::DiagKind kind, const ast::Node& at, Args&&... args) {
    if (!quiet_) {
      ctx_.Emit(kind, at, std::forward<Args>(args)...);
    }
  }

  // ---- Eager originals: eager_originals.cpp ---------------------------------

  void OriginalBlock(std::vector<ast::Stmt*>& body, bool copied = false);
  ast::FunctionDef* Original(ast::FunctionDef& fn, bool copied);
  analysis::TwinRuleOptions TwinRule() const;
  static void MarkLowered(ast::Node& node);
  std::string_view TwinName(std::string_view name);
  void InsertGuard(ast::FunctionDef& fn);
  bool StartsLine(const ast::Stmt& stmt) const;

  // ---- Which functions convert: convertible.cpp -----------------------------

  bool Convertible(const ast::FunctionDef& fn);

  // ---- The conversion: converter.cpp ----------------------------------------

  void VisitNested(ast::Node& node);
  void Function(ast::FunctionDef& fn);
  void Convert(ast::FunctionDef& fn, std::string_view twin_of);
  ast::Node* Inside(ast::Node& node);
  ast::Node* Lambda(ast::Lambda& lambda);
  void WrapBody(ast::FunctionDef& fn,
                std::string_view scope,
                std::string_view twin_of);

  // ---- Snapshots of locals(): snapshots.cpp ---------------------------------

  ast::Node* Snapshot(ast::Call& call);
  ast::Expr* ScopeName(analysis::ScopeKind kind, ast::Origin origin);

  ast::Module& module_;
  pass::PassContext& ctx_;
  const LocalsCalls& locals_calls_;
  // The scope names of the converted functions being converted, innermost
  // last; for the lambdas being converted, the scope names their snapshots
  // wait for.
  std::vector<std::string_view> function_scopes_;
  std::vector<std::vector<ast::Name*>> lambda_scopes_;
  bool converted_any_ = false;
  bool guarded_any_ = false;
  bool quiet_ = false;
  std::optional<codegen::Namer> twin_namer_;
  std::unordered_set<std::string> twin_names_;
  std::optional<bool> input_uses_prefix_;  // found once, in the input
};

}  // namespace agc::passes::functions
