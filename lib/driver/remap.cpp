#include "lib/driver/remap.h"

#include <filesystem>
#include <istream>
#include <ostream>

#include "lib/base/check.h"
#include "lib/base/sha256.h"
#include "lib/codegen/source_map.h"
#include "lib/driver/convert.h"

namespace agc::driver {
namespace fs = std::filesystem;

struct Remapper::Loaded {
  std::string generated;  // absolute, normalized
  std::string source;     // absolute, normalized
  std::vector<int32_t> origin_lines;
  std::unique_ptr<base::SourceFile> text;  // the original source
};

namespace {

// As Python's os.path.abspath: joined to the working directory and
// normalized lexically (symbolic links are not resolved).
std::string AbsolutePath(std::string_view path) {
  std::error_code ec;
  fs::path p(path);
  fs::path absolute = fs::absolute(p, ec);
  std::string out = (ec ? p : absolute).lexically_normal().string();
  if (out.size() > 1 && out.back() == '/') {
    out.pop_back();
  }
  return out;
}

std::string_view BaseName(std::string_view path) {
  size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// As Python's str.strip() on the ASCII whitespace it knows.
std::string_view Strip(std::string_view s) {
  auto space = [](char c) {
    return c == ' ' || (c >= '\t' && c <= '\r') || (c >= '\x1c' && c <= '\x1f');
  };
  while (!s.empty() && space(s.front())) {
    s.remove_prefix(1);
  }
  while (!s.empty() && space(s.back())) {
    s.remove_suffix(1);
  }
  return s;
}

bool IsDigit(char c) {
  return c >= '0' && c <= '9';
}

// A frame line: `<indent>File "<file>", line <n><rest>`.
struct Frame {
  std::string_view indent;
  std::string_view file;
  int32_t line = 0;
  std::string_view rest;  // after the number, line terminator included
};

std::optional<Frame> ParseFrame(std::string_view line) {
  size_t spaces = line.find_first_not_of(' ');
  if (spaces == std::string_view::npos) {
    return std::nullopt;
  }
  Frame frame;
  frame.indent = line.substr(0, spaces);
  std::string_view body = line.substr(spaces);
  constexpr std::string_view kFile = "File \"";
  constexpr std::string_view kLine = "\", line ";
  if (body.substr(0, kFile.size()) != kFile) {
    return std::nullopt;
  }
  size_t end = body.find(kLine, kFile.size());
  if (end == std::string_view::npos) {
    return std::nullopt;
  }
  frame.file = body.substr(kFile.size(), end - kFile.size());
  std::string_view tail = body.substr(end + kLine.size());
  size_t digits = 0;
  int64_t value = 0;
  while (digits < tail.size() && IsDigit(tail[digits])) {
    value = std::min<int64_t>(value * 10 + (tail[digits] - '0'), INT32_MAX);
    ++digits;
  }
  if (digits == 0) {
    return std::nullopt;
  }
  frame.line = static_cast<int32_t>(value);
  frame.rest = tail.substr(digits);
  return frame;
}

// Whether `file` lies inside a folder named agc_runtime (the runtime's own
// frames: operators and their helpers).
bool IsRuntimeFile(std::string_view file) {
  std::string absolute = AbsolutePath(file);
  return absolute.find("/agc_runtime/") != std::string::npos;
}

std::vector<std::string_view> SplitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
    lines.push_back(text.substr(pos, end - pos));
    pos = end;
  }
  return lines;
}

// Characters that end a path written in free text (`x.py:3` in a warning,
// a diagnostic, a log line).
bool EndsPath(char c) {
  switch (c) {
    case ' ':
    case '\t':
    case '\r':
    case '\n':
    case '"':
    case '\'':
    case '`':
    case '(':
    case ')':
    case '[':
    case ']':
    case '<':
    case '>':
    case ',':
    case ';':
    case '=':
    case ':':
      return true;
    default:
      return false;
  }
}

}  // namespace

Remapper::~Remapper() = default;

std::unique_ptr<Remapper::Loaded> Remapper::ReadMap(const std::string& map_path,
                                                    std::string* error) {
  std::string json;
  if (!ReadFile(map_path, &json, error)) {
    return nullptr;
  }
  codegen::SourceMap map;
  if (std::string problem = codegen::ParseSourceMap(json, &map);
      !problem.empty()) {
    *error = "not a valid source map: " + problem;
    return nullptr;
  }
  const std::string folder =
      fs::path(AbsolutePath(map_path)).parent_path().string();
  auto loaded = std::make_unique<Loaded>();
  loaded->generated = AbsolutePath((fs::path(folder) / map.generated).string());
  loaded->source = AbsolutePath((fs::path(folder) / map.source).string());
  std::string bytes;
  std::string read_error;
  if (!ReadFile(loaded->source, &bytes, &read_error)) {
    *error = "its source " + loaded->source + ": " + read_error;
    return nullptr;
  }
  if (!map.source_sha256.empty() &&
      base::Sha256Hex(bytes) != map.source_sha256) {
    *error = "its source " + loaded->source +
             " changed after conversion (sha256 differs)";
    return nullptr;
  }
  loaded->origin_lines = std::move(map.origin_lines);
  loaded->text =
      std::make_unique<base::SourceFile>(loaded->source, std::move(bytes));
  return loaded;
}

Remapper::Remapper(const RemapOptions& options, diag::DiagnosticSink& diags)
    : options_(options), diags_(diags) {
  for (const std::string& map_path : options_.maps) {
    std::string error;
    std::unique_ptr<Loaded> loaded = ReadMap(map_path, &error);
    if (loaded == nullptr) {
      diags.Emit(diag::DiagKind::kCannotRead, map_path, base::LineCol{}, error);
      continue;
    }
    explicit_.push_back(std::move(loaded));
  }
}

const Remapper::Loaded* Remapper::Find(std::string_view file) {
  if (file.empty() || file.front() == '<') {
    return nullptr;  // <stdin>, <string>, <frozen importlib._bootstrap>
  }
  std::string absolute = AbsolutePath(file);
  for (const auto& loaded : explicit_) {
    if (loaded->generated == absolute) {
      return loaded.get();
    }
  }
  auto it = discovered_.find(absolute);
  if (it == discovered_.end()) {
    const std::string map_path = absolute + ".map.json";
    std::string error;
    std::unique_ptr<Loaded> loaded = ReadMap(map_path, &error);
    std::error_code ec;
    if (loaded == nullptr && fs::exists(map_path, ec)) {
      // A file with no map is not agc's; a map that is there but unusable
      // (stale, or its source gone) is worth a word.
      diags_.Emit(diag::DiagKind::kMapIgnored, map_path, base::LineCol{},
                  error);
    }
    it = discovered_.emplace(absolute, std::move(loaded)).first;
  }
  if (it->second != nullptr) {
    return it->second.get();
  }
  // A traceback from elsewhere: an explicit map whose generated file has
  // this base name, when exactly one has.
  const Loaded* by_name = nullptr;
  for (const auto& loaded : explicit_) {
    if (BaseName(loaded->generated) == BaseName(absolute)) {
      if (by_name != nullptr) {
        return nullptr;
      }
      by_name = loaded.get();
    }
  }
  return by_name;
}

std::optional<OriginalLocation> Remapper::Locate(std::string_view file,
                                                 int32_t line) {
  const Loaded* loaded = Find(file);
  if (loaded == nullptr || line < 1 ||
      static_cast<size_t>(line) > loaded->origin_lines.size()) {
    return std::nullopt;
  }
  OriginalLocation location;
  location.path = loaded->source;
  location.line = loaded->origin_lines[static_cast<size_t>(line) - 1];
  if (location.line >= 1 && location.line <= loaded->text->line_count()) {
    location.text = Strip(loaded->text->LineText(location.line));
  }
  return location;
}

void Remapper::RemapReferences(std::string_view line, std::string& out) {
  size_t copied = 0;
  for (size_t colon = line.find(".py:"); colon != std::string_view::npos;
       colon = line.find(".py:", colon + 1)) {
    const size_t path_end = colon + 3;
    size_t digits_end = path_end + 1;
    while (digits_end < line.size() && IsDigit(line[digits_end])) {
      ++digits_end;
    }
    if (digits_end == path_end + 1 || digits_end - path_end > 10) {
      continue;
    }
    size_t path_begin = colon;
    while (path_begin > copied && !EndsPath(line[path_begin - 1])) {
      --path_begin;
    }
    std::string_view path = line.substr(path_begin, path_end - path_begin);
    const int32_t number = std::stoi(
        std::string(line.substr(path_end + 1, digits_end - path_end - 1)));
    std::optional<OriginalLocation> location = Locate(path, number);
    if (!location) {
      continue;
    }
    out += line.substr(copied, path_begin - copied);
    out += location->path;
    out += ':';
    out += std::to_string(location->line);
    copied = digits_end;
  }
  out += line.substr(copied);
}

void Remapper::FlushFrame(std::string& out) {
  if (pending_.empty()) {
    return;
  }
  std::optional<Frame> frame = ParseFrame(pending_[0]);
  AGC_CHECK(frame.has_value());
  std::optional<OriginalLocation> location;
  const bool hidden = options_.hide_runtime && IsRuntimeFile(frame->file);
  if (!hidden) {
    location = Locate(frame->file, frame->line);
  }
  if (hidden) {
    // dropped with its source and marker lines
  } else if (!location) {
    for (const std::string& line : pending_) {
      out += line;
    }
  } else {
    std::string_view rest = frame->rest;
    const bool newline = !rest.empty() && rest.back() == '\n';
    while (!rest.empty() && (rest.back() == '\n' || rest.back() == '\r')) {
      rest.remove_suffix(1);
    }
    out += frame->indent;
    out += "File \"";
    out += location->path;
    out += "\", line ";
    out += std::to_string(location->line);
    out += rest;
    if (newline) {
      out += '\n';
    }
    if (!location->text.empty()) {
      out += frame->indent;
      out += "  ";
      out += location->text;
      out += '\n';
    }
  }
  pending_.clear();
}

void Remapper::Feed(std::string_view line, std::string& out) {
  if (!pending_.empty()) {
    // The frame's source line and column markers follow it, indented
    // deeper than the frame line.
    std::optional<Frame> frame = ParseFrame(pending_[0]);
    const size_t deeper = frame->indent.size() + 2;
    if (line.size() >= deeper && line.find_first_not_of(' ') >= deeper &&
        !ParseFrame(line)) {
      pending_.emplace_back(line);
      return;
    }
    FlushFrame(out);
  }
  if (ParseFrame(line)) {
    pending_.emplace_back(line);
    return;
  }
  RemapReferences(line, out);
}

void Remapper::Finish(std::string& out) {
  FlushFrame(out);
}

std::string Remapper::RemapText(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::string_view line : SplitLines(text)) {
    Feed(line, out);
  }
  Finish(out);
  return out;
}

int Remap(const RemapOptions& options,
          diag::DiagnosticSink& diags,
          std::ostream& out,
          std::istream& in) {
  // Line by line, so that `program 2>&1 | agc remap` shows output as it
  // comes; a frame is written once the lines under it are complete.
  Remapper remapper(options, diags);
  std::string line;
  std::string text;
  while (std::getline(in, line)) {
    if (!in.eof()) {
      line += '\n';
    }
    remapper.Feed(line, text);
    if (!text.empty()) {
      out << text;
      out.flush();
      text.clear();
    }
  }
  remapper.Finish(text);
  out << text;
  out.flush();
  return diags.has_errors() ? 2 : 0;
}

}  // namespace agc::driver
