#include "lib/driver/convert.h"

#include <fcntl.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <dtl/dtl.hpp>
#include <filesystem>
#include <iostream>
#include <map>
#include <numeric>
#include <optional>
#include <sstream>
#include <thread>

#include "lib/base/check.h"
#include "lib/base/encoding.h"
#include "lib/base/sha256.h"
#include "lib/base/stack.h"
#include "lib/codegen/printer.h"
#include "lib/codegen/source_map.h"
#include "lib/driver/emit_runtime.h"
#include "lib/syntax/parse.h"

namespace agc::driver {
namespace fs = std::filesystem;

namespace {

constexpr std::string_view kStdinName = "<stdin>";

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() &&
         s.substr(s.size() - suffix.size()) == suffix;
}

// The path below --out-dir that mirrors `input`: relative to `base` when it
// is set and holds the input; else relative inputs keep their relative path,
// and absolute ones are taken relative to the working directory when inside
// it, else without their root. Leading ".." parts are dropped.
fs::path MirroredPath(const std::string& input, const std::string& base) {
  fs::path p = fs::path(input).lexically_normal();
  if (!base.empty()) {
    std::error_code ec;
    fs::path rel = fs::absolute(p, ec).lexically_normal().lexically_relative(
        fs::path(base).lexically_normal());
    if (!ec && !rel.empty() && *rel.begin() != "..") {
      p = rel;
    }
  }
  if (p.is_absolute()) {
    std::error_code ec;
    fs::path cwd = fs::current_path(ec);
    fs::path rel = ec ? fs::path() : p.lexically_relative(cwd);
    if (!rel.empty() && *rel.begin() != "..") {
      p = rel;
    } else {
      p = p.relative_path();
    }
  }
  fs::path out;
  for (const fs::path& part : p) {
    if (part == ".." || part == ".") {
      continue;
    }
    out /= part;
  }
  return out;
}

std::string ErrnoText(int err) {
  return std::strerror(err);
}

}  // namespace

std::string OutputPathFor(const ConvertOptions& options,
                          const std::string& input) {
  if (!options.output.empty()) {
    return options.output;
  }
  if (!options.out_dir.empty()) {
    if (input == "-") {
      return "-";
    }
    return (fs::path(options.out_dir) /
            MirroredPath(input, options.mirror_base))
        .string();
  }
  if (input == "-") {
    return "-";
  }
  if (EndsWith(input, ".py")) {
    return input.substr(0, input.size() - 3) + "_ag.py";
  }
  return input + "_ag.py";
}

bool ReadFile(const std::string& path, std::string* bytes, std::string* error) {
  // One open, one fstat and reads straight into a string of the file's size:
  // every input (and every output that may be unchanged) is read here.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  struct stat st;
  if (fd < 0) {
    const int err = errno;
    // A folder we may not open is still reported as a folder.
    const bool dir = ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
    *error = dir ? "is a directory (name the .py files in it)" : ErrnoText(err);
    return false;
  }
  if (::fstat(fd, &st) != 0) {
    *error = ErrnoText(errno);
    ::close(fd);
    return false;
  }
  if (S_ISDIR(st.st_mode)) {
    ::close(fd);
    *error = "is a directory (name the .py files in it)";
    return false;
  }
  // The size is a hint (a file may change, a pipe has none): read to the
  // end, growing the string when it fills up.
  std::string out;
  out.resize(S_ISREG(st.st_mode) && st.st_size > 0
                 ? static_cast<size_t>(st.st_size) + 1
                 : size_t{64 * 1024});
  size_t done = 0;
  while (true) {
    if (done == out.size()) {
      out.resize(out.size() * 2);
    }
    const ssize_t n = ::read(fd, out.data() + done, out.size() - done);
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      ::close(fd);
      *error = "read failed";
      return false;
    }
    if (n == 0) {
      break;
    }
    done += static_cast<size_t>(n);
  }
  ::close(fd);
  out.resize(done);
  *bytes = std::move(out);
  return true;
}

size_t ForEachListedFile(
    std::istream& in,
    const std::function<void(const std::string& path,
                             const std::string& bytes)>& fn) {
  size_t skipped = 0;
  std::string path;
  while (std::getline(in, path)) {
    if (path.empty()) {
      continue;
    }
    std::string bytes;
    std::string error;
    if (!ReadFile(path, &bytes, &error)) {
      fmt::print(stderr, "{}: {}\n", path, error);
      ++skipped;
      continue;
    }
    fn(path, bytes);
  }
  return skipped;
}

namespace {

// Writes `bytes` to an existing special file (opened without O_CREAT).
bool WriteSpecialFile(const std::string& path,
                      std::string_view bytes,
                      std::string* error) {
  int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
  if (fd < 0) {
    *error = fmt::format("{}: {}", path, ErrnoText(errno));
    return false;
  }
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n <= 0) {
      int err = n < 0 ? errno : EIO;
      ::close(fd);
      *error = fmt::format("{}: {}", path, ErrnoText(err));
      return false;
    }
    done += static_cast<size_t>(n);
  }
  if (::close(fd) != 0) {
    *error = fmt::format("{}: {}", path, ErrnoText(errno));
    return false;
  }
  return true;
}

}  // namespace

StagedWrite::~StagedWrite() {
  if (!tmp_.empty()) {
    ::unlink(tmp_.c_str());
  }
}

bool StagedWrite::Stage(const std::string& path,
                        std::string_view bytes,
                        std::string* error) {
  AGC_CHECK_MSG(state_ == State::kEmpty, "a StagedWrite stages one file");
  // A symlinked output is written through the link (the link stays and its
  // target gets the new file), as an editor would.
  path_ = path;
  std::error_code link_ec;
  if (fs::is_symlink(path_, link_ec)) {
    fs::path target = fs::weakly_canonical(path_, link_ec);
    if (!link_ec) {
      path_ = target.string();
    }
  }
  struct stat st;
  const bool exists = ::stat(path_.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) {
    *error = fmt::format("{}: {}", path_, ErrnoText(EISDIR));
    return false;
  }
  if (exists && !S_ISREG(st.st_mode)) {
    // A device or FIFO (/dev/null, /dev/full, a pipe) is written in place
    // at Commit: a temp file renamed over it would replace the device.
    bytes_ = bytes;
    state_ = State::kSpecial;
    return true;
  }
  // An existing file is only read when it could be equal (same size).
  if (exists && static_cast<uint64_t>(st.st_size) == bytes.size()) {
    std::string existing;
    std::string ignored;
    if (ReadFile(path_, &existing, &ignored) && existing == bytes) {
      state_ = State::kUnchanged;
      return true;
    }
  }
  static std::atomic<unsigned> counter{0};
  std::string tmp =
      fmt::format("{}.agc-tmp-{}-{}", path_, ::getpid(), counter.fetch_add(1));
  auto open_tmp = [&] {
    return ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  };
  // The folder usually exists (it holds the previous output, or an earlier
  // file of this run created it): try first, create it when missing.
  int fd = open_tmp();
  if (fd < 0 && (errno == ENOENT || errno == ENOTDIR)) {
    fs::path dir = fs::path(path_).parent_path();
    if (!dir.empty()) {
      std::error_code ec;
      fs::create_directories(dir, ec);
      if (ec) {
        *error = fmt::format("{}: {}", dir.string(), ec.message());
        return false;
      }
    }
    fd = open_tmp();
  }
  if (fd < 0) {
    *error = fmt::format("{}: {}", path_, ErrnoText(errno));
    return false;
  }
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      int err = errno;
      ::close(fd);
      ::unlink(tmp.c_str());
      *error = fmt::format("{}: {}", path_, ErrnoText(err));
      return false;
    }
    done += static_cast<size_t>(n);
  }
  if (::close(fd) != 0) {
    int err = errno;
    ::unlink(tmp.c_str());
    *error = fmt::format("{}: {}", path_, ErrnoText(err));
    return false;
  }
  tmp_ = std::move(tmp);
  state_ = State::kStaged;
  return true;
}

bool StagedWrite::Commit(std::string* error, bool* written) {
  if (written != nullptr) {
    *written = false;
  }
  switch (state_) {
    case State::kEmpty:
    case State::kDone:
      AGC_CHECK_MSG(false, "StagedWrite::Commit without a staged file");
      return false;
    case State::kUnchanged:
      state_ = State::kDone;
      return true;
    case State::kSpecial:
      state_ = State::kDone;
      if (!WriteSpecialFile(path_, bytes_, error)) {
        return false;
      }
      break;
    case State::kStaged:
      state_ = State::kDone;
      if (::rename(tmp_.c_str(), path_.c_str()) != 0) {
        int err = errno;
        *error = fmt::format("{}: {}", path_, ErrnoText(err));
        return false;  // the destructor removes the temp file
      }
      tmp_.clear();
      break;
  }
  if (written != nullptr) {
    *written = true;
  }
  return true;
}

bool WriteFileAtomic(const std::string& path,
                     std::string_view bytes,
                     std::string* error,
                     bool* written) {
  if (written != nullptr) {
    *written = false;
  }
  StagedWrite write;
  return write.Stage(path, bytes, error) && write.Commit(error, written);
}

namespace {

std::vector<std::string> SplitLines(std::string_view text) {
  std::vector<std::string> lines;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
    lines.emplace_back(text.substr(pos, end - pos));
    pos = end;
  }
  return lines;
}

void AppendDiffLine(std::string& out, char mark, const std::string& line) {
  out += mark;
  out += line;
  if (line.empty() || line.back() != '\n') {
    out += "\n\\ No newline at end of file\n";
  }
}

}  // namespace

std::string UnifiedDiff(std::string_view before,
                        std::string_view after,
                        const std::string& before_name,
                        const std::string& after_name) {
  if (before == after) {
    return {};
  }
  std::vector<std::string> a = SplitLines(before);
  std::vector<std::string> b = SplitLines(after);
  dtl::Diff<std::string, std::vector<std::string>> d(a, b);
  d.compose();
  d.composeUnifiedHunks();
  std::string out = fmt::format("--- {}\n+++ {}\n", before_name, after_name);
  for (const auto& hunk : d.getUniHunks()) {
    // An empty range starts at the line before it (0 for an empty file),
    // as GNU diff writes it and as patch and git apply read it.
    out +=
        fmt::format("@@ -{},{} +{},{} @@\n", hunk.b == 0 ? hunk.a - 1 : hunk.a,
                    hunk.b, hunk.d == 0 ? hunk.c - 1 : hunk.c, hunk.d);
    for (const auto& e : hunk.common[0]) {
      AppendDiffLine(out, ' ', e.first);
    }
    for (const auto& e : hunk.change) {
      char mark = e.second.type == dtl::SES_ADD      ? '+'
                  : e.second.type == dtl::SES_DELETE ? '-'
                                                     : ' ';
      AppendDiffLine(out, mark, e.first);
    }
    for (const auto& e : hunk.common[1]) {
      AppendDiffLine(out, ' ', e.first);
    }
  }
  return out;
}

namespace {

struct Job {
  std::string input;    // as given; "-" for stdin
  std::string display;  // path in diagnostics
  std::string output;   // "-" for stdout
  std::string bytes;    // stdin contents, read before the workers start
  std::string out;      // what goes to the `out` stream, in input order
  uint64_t size = 0;    // input size when known (schedules the workers)
};

// The folder holding `output` ("." for a bare file name).
std::string OutputFolder(const std::string& output) {
  std::string dir = fs::path(output).parent_path().string();
  return dir.empty() ? std::string(".") : dir;
}

std::string MapPathFor(const std::string& output) {
  return output + ".map.json";
}

// The header of a converted file: agc's version and the source file's base
// name (the same whatever the working directory or the path spelling).
// Control characters in the name become '?' (they would break the line);
// so do non-ASCII ones when the file is written in a declared non-UTF-8
// encoding, which might not be able to encode them.
std::string HeaderLine(std::string_view source_name, bool ascii_only) {
  std::string name;
  for (char c : source_name) {
    const auto u = static_cast<unsigned char>(c);
    name += (u < 0x20 || u == 0x7f || (ascii_only && u >= 0x80)) ? '?' : c;
  }
  return fmt::format(
      "# Generated by agc {} from {}. Edit the source, not this file.",
      AGC_VERSION, name);
}

}  // namespace

bool IsAgcOutput(std::string_view bytes) {
  constexpr std::string_view kBom = "\xef\xbb\xbf";
  constexpr std::string_view kHeader = "# Generated by agc ";
  if (bytes.substr(0, kBom.size()) == kBom) {
    bytes.remove_prefix(kBom.size());
  }
  // The header is on line 1, or below a shebang and a coding line.
  for (int line = 0; line < 3 && !bytes.empty(); ++line) {
    if (bytes.substr(0, kHeader.size()) == kHeader) {
      return true;
    }
    size_t end = bytes.find('\n');
    if (end == std::string_view::npos) {
      break;
    }
    bytes.remove_prefix(end + 1);
  }
  return false;
}

// Adds the header line to a converted file, unless the output equals the
// input (`--passes none`, or nothing to convert): copied-through files stay
// byte-identical. It goes first, after a shebang line and a PEP 263 coding
// line, which Python reads only on lines 1 and 2. The source map gets an
// entry for it: the origin of the line it was inserted before.
void AddHeader(std::string_view input,
               std::string_view source_name,
               bool ascii_only,
               codegen::PrintResult& printed) {
  std::string& text = printed.text;
  if (text == input) {
    return;
  }
  // Lines end at LF, CRLF or a lone CR, as Python's do.
  auto line_end = [&](size_t start) {
    const size_t nl = text.find_first_of("\r\n", start);
    if (nl == std::string::npos) {
      return text.size();
    }
    return text.compare(nl, 2, "\r\n") == 0 ? nl + 2 : nl + 1;
  };
  // A UTF-8 byte-order mark stays the file's first bytes: the lines are
  // read after it, as Python reads them.
  const size_t bom = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
  const size_t end1 = line_end(0);
  const std::string_view line1 = std::string_view(text).substr(bom, end1 - bom);
  const std::string_view line2 =
      std::string_view(text).substr(end1, line_end(end1) - end1);
  size_t kept = 0;  // lines that stay above the header
  if (line1.substr(0, 2) == "#!" ||
      !base::FindCodingDeclaration(line1).empty()) {
    kept = 1;
  }
  const size_t first = line1.find_first_not_of(" \t\f\r\n");
  const bool line1_comment =
      first == std::string_view::npos || line1[first] == '#';
  if (line1_comment && !line2.empty() &&
      !base::FindCodingDeclaration(line2).empty()) {
    kept = 2;
  }
  size_t at = kept == 0 ? bom : kept == 1 ? end1 : end1 + line2.size();
  // The header ends as the first line does (LF if the file has one line).
  std::string_view newline = "\n";
  if (line1.size() >= 2 && line1.substr(line1.size() - 2) == "\r\n") {
    newline = "\r\n";
  } else if (!line1.empty() && line1.back() == '\r') {
    newline = "\r";
  }
  std::string header = HeaderLine(source_name, ascii_only);
  header += newline;
  if (at > bom && text[at - 1] != '\n' && text[at - 1] != '\r') {
    header.insert(0, newline);
  }
  text.insert(at, header);
  std::vector<int32_t>& origins = printed.origin_lines;
  const int32_t origin = kept < origins.size() ? origins[kept]
                         : origins.empty()     ? 1
                                               : origins.back();
  origins.insert(origins.begin() + static_cast<ptrdiff_t>(kept), origin);
}

namespace {

class Converter {
 public:
  Converter(const ConvertOptions& options, diag::DiagnosticSink& diags)
      : options_(options),
        diags_(diags),
        stage_times_(options.pipeline.stage_times) {}

  void Run(Job& job);

 private:
  void Error(diag::DiagKind kind, const std::string& path, std::string what) {
    diags_.Emit(kind, path, base::LineCol{}, what);
  }

  void Finish(Job& job, const std::string& text, const std::string& map);

  // Transcodes `bytes` from the declared `encoding` to UTF-8 in place.
  bool Decode(Job& job, const std::string& encoding, std::string& bytes);

  const ConvertOptions& options_;
  diag::DiagnosticSink& diags_;
  base::StageTimes* stage_times_;  // --time-passes totals, or null
};

void Converter::Run(Job& job) {
  std::string bytes;
  if (job.input == "-") {
    bytes = std::move(job.bytes);
  } else {
    std::string error;
    base::StageTimer timer(stage_times_, "read");
    if (!ReadFile(job.input, &bytes, &error)) {
      Error(diag::DiagKind::kCannotRead, job.display, error);
      return;
    }
  }
  // agc's own output given as input (`src/*.py` after a conversion next to
  // the sources): one note, and nothing written.
  if (IsAgcOutput(bytes)) {
    diags_.Emit(diag::DiagKind::kGeneratedInput, job.display, base::LineCol{},
                "convert");
    return;
  }
  // The map records the digest of the bytes as read (before any decoding);
  // without a map there is nothing to hash.
  const bool write_map =
      options_.source_map && job.output != "-" && job.input != "-";
  std::string sha256;
  if (write_map) {
    base::StageTimer timer(stage_times_, "source map");
    sha256 = base::Sha256Hex(bytes);
  }
  // A file that declares another encoding (PEP 263) is converted as UTF-8
  // and written back in its own encoding.
  std::string encoding = base::FindCodingDeclaration(bytes);
  if (!encoding.empty() && base::IsUtf8Name(encoding)) {
    encoding.clear();
  }
  if (!encoding.empty() && !Decode(job, encoding, bytes)) {
    return;
  }
  base::SourceFile source(job.display, std::move(bytes));
  ast::Module module(&source);
  syntax::ParseOptions parse_options;
  parse_options.stage_times = stage_times_;
  parse_options.target = options_.target_version;
  if (!syntax::Parse(source, module, diags_, parse_options)) {
    return;
  }
  pass::RunPipeline(options_.passes, module, diags_, options_.pass_options,
                    options_.pipeline);
  codegen::PrintOptions print_options;
  print_options.regenerate_all = options_.regenerate_all;
  std::optional<base::StageTimer> print_timer(std::in_place, stage_times_,
                                              "print");
  codegen::PrintResult printed = codegen::Print(module, print_options);
  const std::string source_name = job.input == "-"
                                      ? std::string(kStdinName)
                                      : fs::path(job.input).filename().string();
  AddHeader(source.bytes(), source_name, !encoding.empty(), printed);
  print_timer.reset();

  std::string map;
  if (write_map) {
    base::StageTimer timer(stage_times_, "source map");
    codegen::SourceMap source_map;
    source_map.source =
        codegen::RelativePath(OutputFolder(job.output), job.input);
    source_map.generated = fs::path(job.output).filename().string();
    source_map.source_sha256 = sha256;
    source_map.origin_lines = std::move(printed.origin_lines);
    map = codegen::WriteSourceMap(source_map);
  }
  if (!encoding.empty()) {
    std::string encoded;
    if (base::Transcode(printed.text, "UTF-8", encoding, &encoded) !=
        base::TranscodeStatus::kOk) {
      diags_.Emit(diag::DiagKind::kInvalidEncodedText, job.display,
                  base::LineCol{},
                  fmt::format("the converted code cannot be encoded in the "
                              "file's declared encoding '{}'",
                              encoding));
      return;
    }
    printed.text = std::move(encoded);
  }
  base::StageTimer timer(stage_times_, "write");
  Finish(job, printed.text, map);
}

bool Converter::Decode(Job& job,
                       const std::string& encoding,
                       std::string& bytes) {
  std::string utf8;
  size_t bad = 0;
  base::TranscodeStatus status =
      base::Transcode(bytes, encoding, "UTF-8", &utf8, &bad);
  if (status == base::TranscodeStatus::kUnknownEncoding) {
    base::SourceFile original(job.display, bytes);
    int32_t line =
        base::FindCodingDeclaration(original.LineText(1)).empty() ? 2 : 1;
    diags_.Emit(diag::DiagKind::kUnknownEncoding, job.display,
                base::LineCol{line, 1}, encoding);
    return false;
  }
  if (status == base::TranscodeStatus::kInvalidInput) {
    base::SourceFile original(job.display, bytes);
    diags_.Emit(diag::DiagKind::kInvalidEncodedText, job.display,
                original.PositionOf(static_cast<uint32_t>(bad)),
                fmt::format("file is not valid {} (invalid byte 0x{:02x})",
                            encoding, static_cast<unsigned char>(bytes[bad])));
    return false;
  }
  std::string back;
  if (base::Transcode(utf8, "UTF-8", encoding, &back) !=
          base::TranscodeStatus::kOk ||
      back != bytes) {
    diags_.Emit(diag::DiagKind::kInvalidEncodedText, job.display,
                base::LineCol{},
                fmt::format("the file's {} text does not survive conversion "
                            "to UTF-8 and back unchanged",
                            encoding));
    return false;
  }
  bytes = std::move(utf8);
  return true;
}

void Converter::Finish(Job& job,
                       const std::string& text,
                       const std::string& map) {
  if (job.output == "-") {
    if (options_.check || options_.diff) {
      return;  // nothing on disk to compare with
    }
    job.out = text;
    return;
  }
  std::string map_path = MapPathFor(job.output);
  if (options_.check || options_.diff) {
    std::string existing;
    std::string ignored;
    bool have = ReadFile(job.output, &existing, &ignored);
    if (options_.diff) {
      job.out =
          UnifiedDiff(existing, text,
                      have ? job.output : std::string("/dev/null"), job.output);
    }
    if (options_.check) {
      if (!have || existing != text) {
        diags_.Emit(diag::DiagKind::kStaleOutput, job.display, base::LineCol{},
                    have ? "out of date" : "missing", job.output);
        return;
      }
      if (!map.empty()) {
        std::string existing_map;
        const bool have_map = ReadFile(map_path, &existing_map, &ignored);
        if (!have_map || existing_map != map) {
          diags_.Emit(diag::DiagKind::kStaleOutput, job.display,
                      base::LineCol{}, have_map ? "out of date" : "missing",
                      map_path);
        }
      }
    }
    return;
  }
  // A device or FIFO output (-o /dev/null) gets no map beside it, as stdout.
  struct stat out_st;
  const bool special_output = ::stat(job.output.c_str(), &out_st) == 0 &&
                              !S_ISREG(out_st.st_mode) &&
                              !S_ISDIR(out_st.st_mode);
  // Both files are staged before either replaces anything: a map that
  // cannot be written leaves the old output (and map) as they were.
  std::string error;
  StagedWrite output;
  StagedWrite map_file;
  const bool with_map = !map.empty() && !special_output;
  if (!output.Stage(job.output, text, &error) ||
      (with_map && !map_file.Stage(map_path, map, &error)) ||
      !output.Commit(&error) || (with_map && !map_file.Commit(&error))) {
    Error(diag::DiagKind::kCannotWrite, job.display, error);
  }
}

// Whether `b` names the file `a`: the same inode when both exist (as
// fs::equivalent, which does not compare two special files), else the same
// absolute, normalized path. `a_st` is `a`'s stat (null: it does not
// exist), taken once by the caller, which also needs its size.
bool SameFile(const std::string& a,
              const struct stat* a_st,
              const std::string& b) {
  struct stat b_st;
  if (a_st != nullptr && ::stat(b.c_str(), &b_st) == 0) {
    auto special = [](const struct stat& st) {
      return !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
    };
    if (special(*a_st) && special(b_st)) {
      return false;
    }
    return a_st->st_dev == b_st.st_dev && a_st->st_ino == b_st.st_ino;
  }
  std::error_code ec;
  return fs::absolute(a, ec).lexically_normal() ==
         fs::absolute(b, ec).lexically_normal();
}

}  // namespace

std::string CheckRuntimeImport(const std::string& statement) {
  std::string problem = fmt::format(
      "--runtime-import must be one import statement that binds ag__, got "
      "'{}'",
      statement);
  base::SourceFile source("--runtime-import", statement + "\n");
  ast::Module module(&source);
  diag::DiagnosticSink ignored;
  if (!syntax::Parse(source, module, ignored) || module.body.size() != 1) {
    return problem;
  }
  const std::vector<ast::Alias*>* names = nullptr;
  if (const auto* imp = module.body[0]->As<ast::Import>()) {
    names = &imp->names;
  } else if (const auto* from = module.body[0]->As<ast::ImportFrom>()) {
    names = &from->names;
  } else {
    return problem;
  }
  for (const ast::Alias* alias : *names) {
    std::string_view bound =
        alias->asname.empty() ? alias->name : alias->asname;
    if (bound == "ag__") {
      return {};
    }
  }
  return problem;
}

namespace {

// A converted file allocates many small blocks (tree nodes, symbol sets,
// analysis tables) and frees them all at once; glibc's fast bins then spend
// their time merging chunks back (malloc_consolidate). Without fast bins
// (the thread caches still serve small sizes) a conversion of the standard
// library takes about 5% less CPU time.
void TuneAllocator() {
#if defined(__GLIBC__)
  mallopt(M_MXFAST, 0);
#endif
}

}  // namespace

int Convert(const ConvertOptions& options,
            diag::DiagnosticSink& diags,
            std::ostream& out,
            std::istream& in) {
  TuneAllocator();
  auto usage = [&](std::string message) {
    diags.Emit(diag::DiagKind::kBadOption, "", base::LineCol{}, message);
    return 2;
  };
  if (options.inputs.empty()) {
    return usage("convert needs at least one input file (or '-')");
  }
  if (!options.output.empty() && !options.out_dir.empty()) {
    return usage("-o and --out-dir cannot be used together");
  }
  if (!options.output.empty() && options.inputs.size() > 1) {
    return usage("-o takes one input; use --out-dir for several");
  }
  if (std::string problem =
          CheckRuntimeImport(options.pass_options.runtime_import);
      !problem.empty()) {
    return usage(problem);
  }
  size_t stdin_count = 0;
  for (const std::string& input : options.inputs) {
    stdin_count += input == "-" ? 1 : 0;
  }
  if (stdin_count > 1) {
    return usage("'-' (standard input) can be given only once");
  }

  std::vector<Job> jobs;
  std::map<std::string, std::string> seen_outputs;  // output -> input
  for (const std::string& input : options.inputs) {
    Job job;
    job.input = input;
    job.display = input == "-" ? std::string(kStdinName) : input;
    job.output = OutputPathFor(options, input);
    struct stat input_st;
    const bool input_exists =
        input != "-" && ::stat(input.c_str(), &input_st) == 0;
    if (input_exists) {
      job.size = static_cast<uint64_t>(input_st.st_size);
    }
    if (job.output != "-") {
      if (input != "-" &&
          SameFile(input, input_exists ? &input_st : nullptr, job.output)) {
        diags.Emit(diag::DiagKind::kOutputIsInput, job.display,
                   base::LineCol{});
        continue;
      }
      std::string key = fs::absolute(job.output).lexically_normal().string();
      auto [it, inserted] = seen_outputs.emplace(key, input);
      if (!inserted) {
        diags.Emit(diag::DiagKind::kDuplicateOutput, job.display,
                   base::LineCol{}, job.output);
        continue;
      }
    }
    jobs.push_back(std::move(job));
  }
  if (diags.has_errors()) {
    return diag::ExitCodeFor(diags.Sorted());
  }
  for (Job& job : jobs) {
    if (job.input == "-") {
      std::ostringstream ss;
      ss << in.rdbuf();
      job.bytes = std::move(ss).str();
      job.size = job.bytes.size();
    }
  }

  Converter converter(options, diags);
  // Nothing observable depends on the order the workers take the jobs in
  // (outputs go to their own files, stdout is written in input order below,
  // diagnostics are sorted). Every worker runs on a large stack: see
  // lib/base/stack.h.
  base::RunJobsOnLargeStacks(
      jobs.size(), options.jobs, [&](size_t i) { return jobs[i].size; },
      [&](size_t i) { converter.Run(jobs[i]); });
  for (const Job& job : jobs) {
    out << job.out;
  }
  if (options.emit_runtime) {
    std::vector<std::pair<std::string, std::string>> inputs_outputs;
    for (const Job& job : jobs) {
      inputs_outputs.emplace_back(job.input, job.output);
    }
    out << EmitRuntime(options, inputs_outputs, diags);
  }
  out.flush();
  return diag::ExitCodeFor(diags.Sorted());
}

}  // namespace agc::driver
