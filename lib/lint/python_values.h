// Which values of the function being checked are certainly Python values
// (never a tensor), so that a loop or `if` over them is never staged.
//
// Certainly Python: constants and module constants (see FixedValue), tests
// that always give a Python bool (see PythonBool), displays and
// comprehensions (a loop over a container is a Python loop whatever its
// items are), `len`/`range`/`enumerate`/`zip`/`reversed`/`sorted`/`list`/
// `tuple`/`dict` and `.items()`/`.keys()`/`.values()` of Python values,
// `int`/`float`/`bool`/`str` of anything, `tf.executing_eagerly()` and
// `tf.is_tensor(...)`, `not`/`and`/`or`/comparisons/
// arithmetic of Python values, parameters annotated `int`, `float`, `bool`,
// `str`, `list`, `tuple`, `dict` (or `Optional`/`List[...]` of those), and
// the Keras configuration pattern: `self.x` in a method, when every
// assignment of `self.x` anywhere in the class gives it a constant, a
// display, or a parameter of `__init__` that is not annotated as a tensor.
// Everything else (parameters of traced functions, results of `tf.*` and
// `jnp.*` calls, names bound in the body) is possibly staged: the rules keep
// reporting it, as before.
#pragma once

#include "lib/ast/ast.h"
#include "lib/lint/checker.h"

namespace agc::lint {

// Whether `e` is certainly a Python value in the function being checked.
bool CertainlyPython(const ast::Expr& e, const Checker& checker);

// Whether `stmt` is an `if`/`while` whose test, or a `for` whose iterable,
// is certainly a Python value: the converted statement always runs in
// Python and is never staged (NeverStaged, and the above). A loop whose
// body holds a `break` or `return` is not counted (its lowering adds a flag
// to the condition, which a staged `if` around them makes a tensor).
bool NotStaged(const ast::Stmt& stmt, const Checker& checker);

}  // namespace agc::lint
