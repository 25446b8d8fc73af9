// Renders diagnostics for users in one of the lint output formats:
//   text     path:line:col: severity: message [AGCnnn], the source line and
//            a caret under the column, then a one-line summary
//   concise  one line per finding (the convert format)
//   json     an array of objects (code, name, severity, path, line, column,
//            message), in the sorted order
//   sarif    SARIF 2.1.0 (tool.driver with every rule, one result per
//            finding)
//   github   GitHub Actions workflow commands:
//            ::error file=P,line=L,col=C,title=AGCnnn Name::message
// Findings must be sorted already (operator<). Deterministic output.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lib/diag/diagnostic.h"

namespace agc::diag {

enum class OutputFormat : uint8_t { kText, kConcise, kJson, kSarif, kGithub };

// "text", "concise", "json", "sarif", "github"; nullopt for other names.
std::optional<OutputFormat> ParseOutputFormat(std::string_view name);

struct Finding {
  Diagnostic diag;
  std::string source_line;  // the text of line diag.pos.line (no newline)
};

std::string Render(OutputFormat format, const std::vector<Finding>& findings);

// The caret line under `source_line` for a 1-based code-point column: the
// line's own tabs are kept so the caret lines up.
std::string CaretLine(std::string_view source_line, int32_t col);

// GitHub workflow-command escaping of a message (%, CR, LF) and of a
// property value (also ':' and ',').
std::string GithubEscapeData(std::string_view s);
std::string GithubEscapeProperty(std::string_view s);

}  // namespace agc::diag
