// `agc remap` as a library: rewrites the text of a Python traceback (or any
// text with `File "…", line N` frames and `path.py:N` references) so that
// locations in converted files point at the original file, line and source
// text, through the source maps of spec §6. It gives the same result as the
// runtime's remap_traceback() (runtime/agc_runtime/traceback_hook.py) and
// its live hook on the same traceback.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lib/base/source_file.h"
#include "lib/diag/diagnostic.h"

namespace agc::driver {

struct RemapOptions {
  // Maps given on the command line. They apply to the generated file they
  // name (next to the map) and, when that path does not occur in the text,
  // to frames whose file has the same base name (a traceback from another
  // machine). Maps next to the files named in the text are always used too.
  std::vector<std::string> maps;
  // Drop frames inside the agc_runtime package (a folder of that name).
  bool hide_runtime = true;
};

// An original location.
struct OriginalLocation {
  std::string path;  // absolute, normalized (as Python's os.path.normpath)
  int32_t line = 0;
  std::string_view text;  // the source line, stripped; valid as the Remapper
};

class Remapper {
 public:
  // Loads the explicit maps; an unreadable, invalid or stale explicit map is
  // an error diagnostic (kCannotRead) and is not used.
  Remapper(const RemapOptions& options, diag::DiagnosticSink& diags);
  ~Remapper();

  // Where generated line `line` of `file` (as written in the text, relative
  // to the working directory) came from; nullopt when `file` has no usable
  // map or the line is outside it. A map whose source_sha256 does not match
  // the source on disk is not usable (the source changed since): a map found
  // next to a generated file that cannot be used is reported once, as a
  // warning (kMapIgnored) saying why.
  std::optional<OriginalLocation> Locate(std::string_view file, int32_t line);

  // The whole text, rewritten.
  std::string RemapText(std::string_view text);

  // The same, a line at a time (each with its '\n', the last maybe
  // without): appends what is complete to `out`. A frame line is held back
  // until the line after its source lines; Finish() writes what is held.
  void Feed(std::string_view line, std::string& out);
  void Finish(std::string& out);

 private:
  struct Loaded;

  // Reads and validates one map and its source; null with `error` set when
  // it is not usable.
  static std::unique_ptr<Loaded> ReadMap(const std::string& map_path,
                                         std::string* error);

  const Loaded* Find(std::string_view file);
  void RemapReferences(std::string_view line, std::string& out);
  void FlushFrame(std::string& out);

  RemapOptions options_;
  diag::DiagnosticSink& diags_;
  std::vector<std::unique_ptr<Loaded>> explicit_;
  std::map<std::string, std::unique_ptr<Loaded>, std::less<>> discovered_;
  std::vector<std::string> pending_;  // a frame line and the lines under it
};

// Reads `in`, writes the remapped text to `out`. Returns the exit code: 0,
// or 2 when an explicit map could not be used (the text is still written).
int Remap(const RemapOptions& options,
          diag::DiagnosticSink& diags,
          std::ostream& out,
          std::istream& in);

}  // namespace agc::driver
