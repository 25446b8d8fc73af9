#include "lib/codegen/source_map.h"

#include <charconv>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>

namespace agc::codegen {
namespace {

using Json = nlohmann::ordered_json;

// Never throws: invalid UTF-8 in a path is replaced, not an exception.
std::string Dump(const Json& value) {
  return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

bool IsLowerHex(std::string_view s) {
  for (char c : s) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
      return false;
    }
  }
  return true;
}

// Appends `text` as a JSON string. Printable ASCII other than '"' and '\\'
// is copied as is; anything else (escapes, UTF-8, invalid bytes, which are
// replaced) is left to nlohmann so that the rules stay in one place.
void AppendJsonString(std::string& out, std::string_view text) {
  for (char c : text) {
    if (c < 0x20 || c > 0x7E || c == '"' || c == '\\') {
      out += Dump(Json(text));
      return;
    }
  }
  out += '"';
  out += text;
  out += '"';
}

std::filesystem::path Normalized(std::string_view path) {
  std::error_code ec;
  std::filesystem::path p(path);
  std::filesystem::path absolute = std::filesystem::absolute(p, ec);
  return (ec ? p : absolute).lexically_normal();
}

}  // namespace

std::string WriteSourceMap(const SourceMap& map) {
  // Written by hand rather than through a Json value: a map is written for
  // every converted file and its line array is as long as the file, so
  // building a Json tree of it was a visible part of `agc convert`. The text
  // is the one nlohmann's dump gives (strings that need escaping still go
  // through it).
  std::string out;
  out.reserve(128 + map.source.size() + map.generated.size() +
              map.source_sha256.size() + map.origin_lines.size() * 6);
  out += "{\n  \"version\": ";
  out += std::to_string(SourceMap::kVersion);
  out += ",\n  \"source\": ";
  AppendJsonString(out, map.source);
  out += ",\n  \"generated\": ";
  AppendJsonString(out, map.generated);
  out += ",\n  \"source_sha256\": ";
  AppendJsonString(out, map.source_sha256);
  out += ",\n  \"origin_lines\": [";
  char digits[16];
  for (size_t i = 0; i < map.origin_lines.size(); ++i) {
    if (i > 0) {
      out += ',';
    }
    const auto [end, ec] =
        std::to_chars(digits, digits + sizeof(digits), map.origin_lines[i]);
    out.append(digits, end);
  }
  out += "]\n}\n";
  return out;
}

std::string ParseSourceMap(std::string_view text, SourceMap* out) {
  const Json json = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) {
    return "not valid JSON";
  }
  if (!json.is_object()) {
    return "not a JSON object";
  }
  auto field = [&](const char* name) -> const Json* {
    auto it = json.find(name);
    return it == json.end() ? nullptr : &*it;
  };
  const Json* version = field("version");
  if (version == nullptr || !version->is_number_integer()) {
    return "\"version\" is missing or not an integer";
  }
  if (version->get<int64_t>() != SourceMap::kVersion) {
    return "unsupported version " + Dump(*version) + " (expected 1)";
  }
  for (const char* name : {"source", "generated", "source_sha256"}) {
    const Json* value = field(name);
    if (value == nullptr || !value->is_string()) {
      return std::string("\"") + name + "\" is missing or not a string";
    }
  }
  out->source = field("source")->get<std::string>();
  out->generated = field("generated")->get<std::string>();
  out->source_sha256 = field("source_sha256")->get<std::string>();
  if (out->source.empty()) {
    return "\"source\" is empty";
  }
  if (out->source_sha256.size() != 64 || !IsLowerHex(out->source_sha256)) {
    return "\"source_sha256\" is not 64 lower-case hex digits";
  }
  const Json* lines = field("origin_lines");
  if (lines == nullptr || !lines->is_array()) {
    return "\"origin_lines\" is missing or not an array";
  }
  out->origin_lines.clear();
  out->origin_lines.reserve(lines->size());
  for (size_t i = 0; i < lines->size(); ++i) {
    const Json& line = (*lines)[i];
    if (!line.is_number_integer() || line.get<int64_t>() < 1 ||
        line.get<int64_t>() > std::numeric_limits<int32_t>::max()) {
      return "\"origin_lines\"[" + std::to_string(i) +
             "] is not a line number (an integer >= 1)";
    }
    out->origin_lines.push_back(static_cast<int32_t>(line.get<int64_t>()));
  }
  return "";
}

std::string RelativePath(std::string_view from_dir, std::string_view file) {
  const std::filesystem::path dir = Normalized(from_dir);
  const std::filesystem::path target = Normalized(file);
  std::filesystem::path relative = target.lexically_relative(dir);
  if (relative.empty()) {
    return target.generic_string();
  }
  return relative.generic_string();
}

}  // namespace agc::codegen
