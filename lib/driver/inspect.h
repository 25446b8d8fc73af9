// `agc inspect` as a library: parses files, runs the analyses and reports,
// for every `if`, `while`, `for` and `async for`, what AutoGraph's conversion
// of it depends on: the symbols it modifies, which of them are live after it
// (its outputs), its loop variables, which of those may be undefined on entry,
// and what it only reads. Or prints the control-flow graph of one function as
// Graphviz dot. First, for each `def`, whether the default output gives it a
// converted twin, and the first construct that needs one (see
// lib/analysis/needs_twin.h; `"twin"` in JSON). cmd/agc/main.cpp maps flags
// onto InspectOptions; tests call Inspect() directly.
//
// Function names (for --function, --dump-cfg and the `function` of each
// statement): the dotted path of `def` and `class` names from the module down
// to the function, as Python's __qualname__ without `<locals>`: `f`,
// `Model.fit`, `outer.inner`, `Model` for a class body, `<module>` for the
// module body. Definitions nested in `if`/`try`/`with` blocks take no part of
// the path. A name that several definitions share (redefinitions, a property
// getter and setter) selects all of them. A function's statements are those
// of its own body, not those of the functions and classes nested in it.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "lib/base/python_version.h"
#include "lib/diag/diagnostic.h"

namespace agc::driver {

enum class InspectFormat { kText, kJson };

struct InspectOptions {
  std::vector<std::string> inputs;  // "-" is standard input
  std::string function;             // --function NAME; empty: every scope
  InspectFormat format = InspectFormat::kText;
  // --dump-cfg NAME: print the CFG of the named function(s) as Graphviz dot
  // instead of the report (not with `function` or the JSON format).
  std::string dump_cfg;
  // --target-version: newer syntax is an AGC004 error.
  base::PythonVersion target_version = base::kNewestPython;
};

// The version of the JSON output (`"version"`); bumped when a key changes
// meaning or goes away.
inline constexpr int kInspectJsonVersion = 1;

// Inspects every input. Diagnostics go to `diags` (the caller prints them
// sorted); the report goes to `out`, files in input order. Returns the exit
// code: 2 for a usage or I/O error (a missing file, a function no input
// defines), 1 when an input does not parse, 0 otherwise.
int Inspect(const InspectOptions& options,
            diag::DiagnosticSink& diags,
            std::ostream& out,
            std::istream& in);

}  // namespace agc::driver
