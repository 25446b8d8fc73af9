// The file I/O of the commands: whole-file reads, atomic writes (StagedWrite,
// WriteFileAtomic) and unified diffs. lib/driver/convert.h includes it.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

namespace agc::driver {

// Reads a whole file. On failure returns false and sets `error` to a
// one-line reason ("No such file or directory", "is a directory").
bool ReadFile(const std::string& path, std::string* bytes, std::string* error);

// Reads the files named on `in`, one path per line (empty lines skipped),
// calling fn(path, bytes) for each; a file that cannot be read is reported
// on stderr as `path: error` and skipped. Returns how many were skipped.
// (The developer tools that take a file list on stdin: agc_parse_bench,
// agc_walk_check.)
size_t ForEachListedFile(
    std::istream& in,
    const std::function<void(const std::string& path,
                             const std::string& bytes)>& fn);

// One file written atomically in two steps. Stage() writes `bytes` to a
// temp file beside `path` (through a symlink to its target); nothing when
// the file already holds exactly these bytes; a device or FIFO is written
// in place at Commit, and `bytes` must live until then. Commit() renames the
// temp file over `path`. An uncommitted stage removes its temp file when
// destroyed. Staging every file of a job before committing any means a
// failure leaves them all as they were. Both return false with `error` set.
class StagedWrite {
 public:
  StagedWrite() = default;
  StagedWrite(const StagedWrite&) = delete;
  StagedWrite& operator=(const StagedWrite&) = delete;
  ~StagedWrite();

  bool Stage(const std::string& path,
             std::string_view bytes,
             std::string* error);
  // `written`: whether the file's content changed.
  bool Commit(std::string* error, bool* written = nullptr);

 private:
  enum class State { kEmpty, kUnchanged, kSpecial, kStaged, kDone };
  State state_ = State::kEmpty;
  std::string path_;        // the destination, symlinks resolved
  std::string tmp_;         // the staged temp file (kStaged)
  std::string_view bytes_;  // for a special file (kSpecial)
};

// Writes `bytes` to `path` atomically (temp file in the same folder, then
// rename), and only if the file does not already hold exactly these bytes.
// Returns false with `error` set on failure; nothing partial is left behind.
bool WriteFileAtomic(const std::string& path,
                     std::string_view bytes,
                     std::string* error,
                     bool* written = nullptr);

// A unified diff (`---`/`+++` headers, 3 lines of context) from `before` to
// `after`; empty when they are equal.
std::string UnifiedDiff(std::string_view before,
                        std::string_view after,
                        const std::string& before_name,
                        const std::string& after_name);

}  // namespace agc::driver
