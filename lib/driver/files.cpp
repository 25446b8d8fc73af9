// The file I/O of the commands: reading a whole file, writing one
// atomically (staged to a temp file, committed by a rename; devices in
// place), and the unified diff of `agc convert --diff`. Moved out of
// convert.cpp (issue 50): convert, lint, inspect, remap and the runtime copy
// all read and write through here.
#include "lib/driver/files.h"

#include <fmt/format.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <dtl/dtl.hpp>
#include <filesystem>
#include <istream>

#include "lib/base/check.h"
#include "lib/base/platform.h"

namespace agc::driver {
namespace fs = std::filesystem;

namespace {

std::string ErrnoText(int err) {
  return std::strerror(err);
}

}  // namespace

bool ReadFile(const std::string& path, std::string* bytes, std::string* error) {
  // One open, one fstat and reads straight into a string of the file's size:
  // every input (and every output that may be unchanged) is read here.
  const int fd = ::open(path.c_str(), O_RDONLY | base::kOpenFlags);
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
  int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | base::kOpenFlags);
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
  std::string tmp = fmt::format("{}.agc-tmp-{}-{}", path_, base::ProcessId(),
                                counter.fetch_add(1));
  auto open_tmp = [&] {
    return ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | base::kOpenFlags,
                  0644);
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
      // std::filesystem's rename replaces an existing file on every
      // system (C's rename does not on Windows).
      std::error_code ec;
      fs::rename(tmp_, path_, ec);
      if (ec) {
        *error = fmt::format("{}: {}", path_, ec.message());
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

}  // namespace agc::driver
