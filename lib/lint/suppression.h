// Per-line suppressions: `# agc: ignore[AGC301, AGC302]` or a bare
// `# agc: ignore` in a comment on the line of a finding. A suppression (or
// one code of it) that matched nothing is reported as AGC300.
#pragma once

#include <string>
#include <vector>

#include "lib/ast/ast.h"
#include "lib/diag/diagnostic.h"

namespace agc::lint {

struct Suppression {
  base::LineCol pos;               // of the comment
  std::vector<std::string> codes;  // empty: every code
  std::vector<bool> used;          // per code (one entry when bare)
};

// The suppressions in a module's comments, in line order.
std::vector<Suppression> FindSuppressions(const ast::Module& module);

// Removes the findings of `diags` that a suppression on their line covers
// (AGC300 is never suppressed, nor are usage and I/O errors), then appends an
// AGC300 finding for each unused suppression or code (when `report_unused`).
void ApplySuppressions(std::vector<Suppression>& suppressions,
                       const std::string& path,
                       std::vector<diag::Diagnostic>& diags,
                       bool report_unused);

}  // namespace agc::lint
