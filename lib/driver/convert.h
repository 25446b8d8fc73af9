// `agc convert` as a library: reads files, parses, runs the pipeline, prints,
// writes outputs and source maps. cmd/agc/main.cpp maps flags onto
// ConvertOptions; tests call Convert() directly.
#pragma once

#include <iosfwd>
#include <span>
#include <string>
#include <vector>

#include "lib/diag/diagnostic.h"
#include "lib/pass/pipeline.h"

namespace agc::driver {

struct ConvertOptions {
  std::vector<std::string> inputs;  // "-" is standard input
  std::string output;               // -o: one input only; "-" is stdout
  std::string out_dir;              // --out-dir: mirrors input paths
  std::vector<const pass::PassInfo*> passes;
  pass::PassOptions pass_options;
  pass::PipelineOptions pipeline;
  bool source_map = true;
  bool check = false;  // write nothing; report stale outputs (exit 1)
  bool diff = false;   // write nothing; print a unified diff per output
  bool regenerate_all = false;  // print every statement from the AST
  int jobs = 1;
};

// Where the output of `input` goes under `options` (before any checks):
// "-" for stdout.
std::string OutputPathFor(const ConvertOptions& options,
                          const std::string& input);

// Converts every input. Diagnostics go to `diags` (the caller prints them
// sorted); converted text for stdout and --diff output go to `out`, in input
// order whatever `jobs` is. Returns the exit code (spec §7).
int Convert(const ConvertOptions& options,
            diag::DiagnosticSink& diags,
            std::ostream& out,
            std::istream& in);

// Checks a --runtime-import value: one import statement binding `ag__`.
// Returns the problem, or an empty string.
std::string CheckRuntimeImport(const std::string& statement);

// Reads a whole file. On failure returns false and sets `error` to a
// one-line reason ("No such file or directory", "is a directory").
bool ReadFile(const std::string& path, std::string* bytes, std::string* error);

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
