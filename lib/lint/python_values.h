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
// Unless the checker assumes staging (`--assume-staged`), a statement whose
// test or iterable has no StagingEvidence (below) counts too: a loop over
// `self.layers` or an `if` on a parameter of an undecorated function may
// well be Python, and the staging rules report only what is likely real
// (a loop with no evidence is staged still when a break or return in it is
// under an `if` with evidence).
bool NotStaged(const ast::Stmt& stmt, const Checker& checker);

// Whether there is evidence that `e` may be staged in the function being
// checked: it flows from a call through TensorFlow or JAX (`tf.reduce_sum`,
// `jnp.where`; not `tf.nest`, `tf.executing_eagerly` and the like, which
// give Python values), from a parameter annotated `tf.Tensor`, `jax.Array`,
// `np.ndarray`, or from a parameter of a function decorated `@tf.function`
// or `@jax.jit` (without static arguments); through locals bound from such
// values anywhere in the function, loop targets over them, arithmetic,
// comparisons, subscripts and methods of them (not `.shape`, `.dtype`: a
// tensor's static facts are Python values).
bool StagingEvidence(const ast::Expr& e, const Checker& checker);

// Whether a break of the loop whose body is `body`, or a return in it, is
// under an `if` with StagingEvidence (the loop's condition is a tensor).
bool StagedEarlyExit(const std::vector<ast::Stmt*>& body,
                     const Checker& checker);

// Whether `call` goes through TensorFlow or JAX to an op that gives values
// that may be staged (`tf.reduce_sum(x)`), not to one that gives Python
// objects (`tf.nest.flatten`, `tf.is_tensor`, `tf.name_scope`, `tf.keras.
// layers.Dense`).
bool FrameworkOp(const ast::Call& call, const ModuleFacts& facts);

// Whether an `if`, `while` or `for` of `body` (nested ones included, nested
// scopes not) that may be staged (not NotStaged) binds `name`.
bool StagedStatementBinds(const std::vector<ast::Stmt*>& body,
                          std::string_view name,
                          const Checker& checker);

}  // namespace agc::lint
