// Control-flow helpers shared by the rules that read the dataflow analyses
// (undefined_on_some_path, maybe_none): where control goes when a compound
// statement ends, and the first read of a symbol after it.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/cfg.h"
#include "lib/analysis/qual_names.h"
#include "lib/ast/ast.h"

namespace agc::lint {

// The nodes outside `loc` that a node of `loc` leads to (normal completion,
// break, continue into an outer loop), without the scope's exits and the
// exception handlers a raise inside it would reach.
std::vector<analysis::CfgNodeId> ExitTargets(const analysis::CfgLocation& loc);

// The first Name reading `symbol` on a path from `targets` (breadth first,
// stopping at nodes that rebind it without reading it), or null when it is
// read only where the scope ends (closures, globals).
const ast::Name* FirstReadAfter(const analysis::Cfg& cfg,
                                const std::vector<analysis::CfgNodeId>& targets,
                                const analysis::Activity& activity,
                                const analysis::QualNames& names,
                                analysis::SymbolId symbol);

// Whether `stmt` is an `if` whose test always gives a Python bool: `is`,
// `is not`, `in` and `not in` comparisons, comparisons of values fixed when
// the interpreter starts (constants, `sys.platform`, `sys.version_info`,
// `os.name`, `__name__`), `__debug__`, isinstance/issubclass/callable/
// hasattr calls, and not/and/or of those. The converted if_stmt then picks its
// branch in Python, whatever the backend: the branch is never staged, and the
// rules about staged branches do not apply to it (they look at the statements
// around it instead).
// `fixed`: module globals known to hold such values (ModuleFacts).
bool NeverStaged(const ast::Stmt& stmt,
                 std::span<const std::string_view> fixed = {});

// Whether `test` always evaluates to a Python bool (see NeverStaged).
bool PythonBool(const ast::Expr& test,
                std::span<const std::string_view> fixed = {});

// Whether `e` is a Python value fixed before anything runs staged: a
// constant, `__name__`, `__debug__`, a name of `fixed`, an interpreter fact
// (`sys.platform`, `sys.version_info[:2]`, `os.name`), and tuples and
// arithmetic of those.
bool FixedValue(const ast::Expr& e,
                std::span<const std::string_view> fixed = {});

// Whether `n` is a node of `loc`.
inline bool Inside(const analysis::CfgLocation& loc, analysis::CfgNodeId n) {
  return n >= loc.first && n < loc.end;
}

}  // namespace agc::lint
