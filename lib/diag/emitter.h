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

// `findings` carry their source lines (Diagnostic::source_line) for the
// text format.
std::string Render(OutputFormat format,
                   const std::vector<Diagnostic>& findings);

// One diagnostic as the text format shows it: FormatText's line, then, when
// it has a position and a source line of at most kMaxSourceLineBytes, that
// line and a caret under the column. Ends with a newline. `agc lint` shows
// every finding this way, the other commands their syntax errors.
std::string FormatWithSource(const Diagnostic& d);

// Longer source lines (minified code, binary junk) are not shown.
inline constexpr size_t kMaxSourceLineBytes = 1000;

// The caret line under `source_line` for a 1-based code-point column: the
// line's own tabs are kept so the caret lines up.
std::string CaretLine(std::string_view source_line, int32_t col);

// GitHub workflow-command escaping of a message (%, CR, LF) and of a
// property value (also ':' and ',').
std::string GithubEscapeData(std::string_view s);
std::string GithubEscapeProperty(std::string_view s);

}  // namespace agc::diag
