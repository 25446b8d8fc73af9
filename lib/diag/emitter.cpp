#include "lib/diag/emitter.h"

#include <fmt/core.h>

#include <nlohmann/json.hpp>

namespace agc::diag {
namespace {

using Json = nlohmann::ordered_json;

std::string_view SarifLevel(Severity s) {
  switch (s) {
    case Severity::kError:
      return "error";
    case Severity::kWarning:
      return "warning";
    case Severity::kNote:
    case Severity::kRemark:
      return "note";
  }
  return "error";
}

std::string_view GithubCommand(Severity s) {
  switch (s) {
    case Severity::kError:
      return "error";
    case Severity::kWarning:
      return "warning";
    case Severity::kNote:
    case Severity::kRemark:
      return "notice";
  }
  return "error";
}

// A relative path as a URI reference (RFC 3986): unreserved characters and
// '/' kept, everything else percent-encoded; absolute paths become file://.
std::string PathUri(std::string_view path) {
  std::string out = !path.empty() && path.front() == '/' ? "file://" : "";
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' ||
        c == '/') {
      out += static_cast<char>(c);
    } else {
      out += fmt::format("%{:02X}", c);
    }
  }
  return out;
}

std::string Plural(size_t n, std::string_view word) {
  return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

std::string RenderText(const std::vector<Diagnostic>& findings) {
  std::string out;
  size_t counts[4] = {0, 0, 0, 0};
  for (const Diagnostic& f : findings) {
    out += FormatWithSource(f);
    ++counts[static_cast<int>(f.severity)];
  }
  if (!findings.empty()) {
    std::vector<std::string> parts;
    constexpr std::string_view kWords[] = {"remark", "note", "warning",
                                           "error"};
    for (int i = 3; i >= 0; --i) {
      if (counts[i] > 0) {
        parts.push_back(Plural(counts[i], kWords[i]));
      }
    }
    std::string joined;
    for (const std::string& p : parts) {
      joined += joined.empty() ? "" : ", ";
      joined += p;
    }
    out += fmt::format("Found {} ({}).\n", Plural(findings.size(), "finding"),
                       joined);
  }
  return out;
}

std::string RenderJson(const std::vector<Diagnostic>& findings) {
  Json arr = Json::array();
  for (const Diagnostic& f : findings) {
    const DiagKindInfo& info = InfoOf(f.kind);
    Json j;
    j["code"] = CodeString(info.code);
    j["name"] = info.name;
    j["severity"] = SeverityName(f.severity);
    j["path"] = f.path;
    j["line"] = f.pos.line;
    j["column"] = f.pos.col;
    j["message"] = f.message;
    arr.push_back(std::move(j));
  }
  // Invalid UTF-8 (a path of bytes) is replaced, never an exception.
  return arr.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string RenderSarif(const std::vector<Diagnostic>& findings) {
  Json rules = Json::array();
  std::vector<const DiagKindInfo*> kinds = AllKinds();
  for (const DiagKindInfo* info : kinds) {
    Json rule;
    rule["id"] = CodeString(info->code);
    rule["name"] = info->name;
    rule["shortDescription"] = {{"text", info->name}};
    rule["defaultConfiguration"] = {{"level", SarifLevel(info->severity)}};
    rules.push_back(std::move(rule));
  }
  Json results = Json::array();
  for (const Diagnostic& f : findings) {
    const DiagKindInfo& info = InfoOf(f.kind);
    Json r;
    r["ruleId"] = CodeString(info.code);
    for (size_t i = 0; i < kinds.size(); ++i) {
      if (kinds[i]->code == info.code) {
        r["ruleIndex"] = i;
      }
    }
    r["level"] = SarifLevel(f.severity);
    r["message"] = {{"text", f.message}};
    if (!f.path.empty()) {
      Json physical;
      physical["artifactLocation"] = {{"uri", PathUri(f.path)}};
      if (f.pos.line > 0) {
        physical["region"] = {{"startLine", f.pos.line},
                              {"startColumn", f.pos.col}};
      }
      r["locations"] = Json::array({{{"physicalLocation", physical}}});
    }
    results.push_back(std::move(r));
  }
  Json driver;
  driver["name"] = "agc";
  driver["version"] = AGC_VERSION;
  driver["rules"] = std::move(rules);
  Json run;
  run["tool"] = {{"driver", std::move(driver)}};
  run["columnKind"] = "unicodeCodePoints";
  run["results"] = std::move(results);
  Json sarif;
  sarif["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  sarif["version"] = "2.1.0";
  sarif["runs"] = Json::array({std::move(run)});
  return sarif.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

std::string RenderGithub(const std::vector<Diagnostic>& findings) {
  std::string out;
  for (const Diagnostic& f : findings) {
    const DiagKindInfo& info = InfoOf(f.kind);
    std::string props;
    if (!f.path.empty()) {
      props += "file=" + GithubEscapeProperty(f.path);
      if (f.pos.line > 0) {
        props += fmt::format(",line={},col={}", f.pos.line, f.pos.col);
      }
      props += ",";
    }
    props += "title=" + GithubEscapeProperty(fmt::format(
                            "{} {}", CodeString(info.code), info.name));
    out += fmt::format("::{} {}::{}\n", GithubCommand(f.severity), props,
                       GithubEscapeData(fmt::format("{} [{}]", f.message,
                                                    CodeString(info.code))));
  }
  return out;
}

}  // namespace

std::optional<OutputFormat> ParseOutputFormat(std::string_view name) {
  if (name == "text") {
    return OutputFormat::kText;
  }
  if (name == "concise") {
    return OutputFormat::kConcise;
  }
  if (name == "json") {
    return OutputFormat::kJson;
  }
  if (name == "sarif") {
    return OutputFormat::kSarif;
  }
  if (name == "github") {
    return OutputFormat::kGithub;
  }
  return std::nullopt;
}

std::string FormatWithSource(const Diagnostic& d) {
  std::string out = FormatText(d);
  out += '\n';
  if (d.pos.line > 0 && !d.source_line.empty() &&
      d.source_line.size() <= kMaxSourceLineBytes) {
    out += d.source_line;
    out += '\n';
    out += CaretLine(d.source_line, d.pos.col);
    out += '\n';
  }
  return out;
}

std::string CaretLine(std::string_view source_line, int32_t col) {
  std::string out;
  int32_t cp = 1;
  for (size_t i = 0; i < source_line.size() && cp < col; ++i) {
    unsigned char c = static_cast<unsigned char>(source_line[i]);
    if ((c & 0xC0) == 0x80) {
      continue;  // continuation byte
    }
    out += c == '\t' ? '\t' : ' ';
    ++cp;
  }
  out += '^';
  return out;
}

std::string GithubEscapeData(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '%':
        out += "%25";
        break;
      case '\r':
        out += "%0D";
        break;
      case '\n':
        out += "%0A";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string GithubEscapeProperty(std::string_view s) {
  std::string out;
  for (char c : GithubEscapeData(s)) {
    switch (c) {
      case ':':
        out += "%3A";
        break;
      case ',':
        out += "%2C";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string Render(OutputFormat format,
                   const std::vector<Diagnostic>& findings) {
  switch (format) {
    case OutputFormat::kText:
      return RenderText(findings);
    case OutputFormat::kConcise: {
      std::string out;
      for (const Diagnostic& f : findings) {
        out += FormatText(f);
        out += '\n';
      }
      return out;
    }
    case OutputFormat::kJson:
      return RenderJson(findings);
    case OutputFormat::kSarif:
      return RenderSarif(findings);
    case OutputFormat::kGithub:
      return RenderGithub(findings);
  }
  return {};
}

}  // namespace agc::diag
