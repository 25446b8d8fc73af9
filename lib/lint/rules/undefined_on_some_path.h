// What AGC301 (an `if`) and AGC316 (a loop) share: a local the statement
// binds on some of its paths only, read after it.
#pragma once

#include "lib/ast/ast.h"
#include "lib/diag/diagnostic.h"
#include "lib/lint/checker.h"

namespace agc::lint::rules::undefined_on_some_path {

// Reports, as `kind`, each local that `node` (an if, for or while that may
// be staged: NotStaged) binds on some paths only, at its first read after.
void ReportUnboundAfter(const ast::Node& node,
                        Checker& checker,
                        diag::DiagKind kind);

}  // namespace agc::lint::rules::undefined_on_some_path
