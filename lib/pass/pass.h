// Passes: named tree rewrites that run in one canonical order. Each pass is one
// file in passes/, listed once in passes/passes.def.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lib/analysis/manager.h"
#include "lib/ast/ast.h"
#include "lib/diag/diagnostic.h"

namespace agc::pass {

enum class Changed : bool { kNo, kYes };

// How control_flow writes a converted if/while/for (--control-flow):
// kNonlocal, the operator protocol's form (bodies assign the function's
// variables through `nonlocal`, state goes through get_state/set_state);
// kFunctional, bodies that take the state as parameters and return it
// (`y, x = ag__.if_stmt_fn(...)`), which PyTorch's higher-order ops need
// and every agc_runtime backend runs: the default.
enum class ControlFlowForm : uint8_t { kNonlocal, kFunctional };

inline constexpr ControlFlowForm kDefaultControlFlowForm =
    ControlFlowForm::kFunctional;

// "nonlocal" or "functional"; nullopt for anything else.
std::optional<ControlFlowForm> ParseControlFlowForm(std::string_view name);

std::string_view ControlFlowFormName(ControlFlowForm form);

// What is wrong with a value that names no form: "'bogus' is not a
// control-flow form (use nonlocal or functional)".
std::string BadControlFlowForm(std::string_view value);

struct PassOptions {
  // The statement converted modules use to import the runtime.
  std::string runtime_import = "import agc_runtime as ag__";
  // Keep each converted function's original code, with an entry guard that
  // calls its converted twin only while a framework traces (the default);
  // false: the converted code only, run on every call (--converted-only).
  bool eager_originals = true;
  // The form of converted if/while/for (--control-flow).
  ControlFlowForm control_flow = kDefaultControlFlowForm;
};

// What a pass sees besides the tree: diagnostics for the file, the analyses,
// the options.
class PassContext {
 public:
  PassContext(ast::Module& module,
              analysis::AnalysisManager& analyses,
              diag::DiagnosticSink& diags,
              const PassOptions& options,
              std::vector<std::string_view> selected = {})
      : module_(module),
        analyses_(analyses),
        diags_(diags),
        options_(options),
        selected_(std::move(selected)) {}

  ast::Module& module() { return module_; }

  analysis::AnalysisManager& analyses() { return analyses_; }

  const PassOptions& options() const { return options_; }

  // Whether the pipeline runs the pass `name` (e.g. `functions` leaves a
  // function unconverted when control_flow runs but the pass lowering one of
  // its constructs does not).
  bool IsSelected(std::string_view name) const {
    for (std::string_view s : selected_) {
      if (s == name) {
        return true;
      }
    }
    return false;
  }

  // The display path of the file being converted.
  const std::string& path() const { return module_.source()->path(); }

  template <typename... Args>
  void Emit(diag::DiagKind kind, const ast::Node& at, Args&&... args) {
    diags_.Emit(kind, path(), base::LineCol{at.origin.line, at.origin.col},
                std::forward<Args>(args)...);
  }

  // The same at a place without a node (a comment).
  template <typename... Args>
  void EmitAt(diag::DiagKind kind, ast::Origin at, Args&&... args) {
    diags_.Emit(kind, path(), base::LineCol{at.line, at.col},
                std::forward<Args>(args)...);
  }

  // Records that the pass rewrote something inside `function` (a
  // FunctionDef, AsyncFunctionDef or Lambda), so the printer regenerates it.
  void MarkChanged(ast::Node& function);

 private:
  ast::Module& module_;
  analysis::AnalysisManager& analyses_;
  diag::DiagnosticSink& diags_;
  const PassOptions& options_;
  std::vector<std::string_view> selected_;
};

class Pass {
 public:
  virtual ~Pass() = default;
  // Never throws. Returns kYes when the tree changed (analyses are then
  // recomputed before the next pass that reads them).
  virtual Changed Run(ast::Module& module, PassContext& ctx) = 0;
};

struct PassInfo {
  std::string_view name;     // CLI name, file name, namespace, testdata dir
  std::string_view summary;  // one line, shown by `agc passes`
  bool in_default;           // part of the default pipeline
  // Made fresh before Run(); those marked original (analysis::Original<T>())
  // are computed on the input before the first pass and kept.
  analysis::AnalysisSet analyses;
  std::vector<std::string_view> needs;  // passes that must run earlier
  std::unique_ptr<Pass> (*create)();
};

}  // namespace agc::pass
