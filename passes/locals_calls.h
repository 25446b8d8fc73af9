// What the functions and control_flow passes share about `locals()`.
//
// Inside a converted function, the builtin `locals()` (and `vars()` with no
// argument, which is the same) would show the frame it runs in: a body
// helper's locals inside a lowered `if`/`while`/`for` (`if_body`,
// `loop_body`), and agc's own names at the function's level (`fscope`,
// `do_return`, `retval_`, loop flags, `ag__.Undefined` placeholders). The
// functions pass rewrites each such call into a snapshot of the original
// function's variables, which the runtime takes from the function's frame
// (and from the helper and thunk frames between it and the call):
//
//   locals()  ->  ag__.locals_(fscope, ('w', 'out', 'i', 'y'))
//
// In a lambda the scope is the lambda's (`lscope`); in a comprehension,
// which runs in a frame of its own with no scope object, `None`: the
// runtime then reads the caller's frame alone. From Python 3.12 a list, set
// or dict comprehension runs inlined in its function's frame (PEP 709) and
// its `locals()` is the function's, with the comprehensions' targets: the
// snapshot also names the function's scope and those names, which the
// runtime uses on 3.12 and later (a comprehension inside a generator
// expression, which keeps its frame, has no such names):
//
//   [locals() for k in r]  ->  [ag__.locals_(None, ('.0', 'k'), fscope,
//                                            ('w', 'out', 'k')) for k in r]
//
// The names are those CPython's `locals()` shows in the original function:
// its parameters, the names it binds (assignments, loop/with/except
// targets, imports, def/class names, walrus and match targets) and the free
// variables of enclosing functions it reads (`nonlocal` ones included, and
// `__class__` in a method that uses `super` or `__class__`), in CPython's
// order where the facts give it: parameters first (positional, keyword-only,
// `*args`, `**kwargs`), then the other locals in the order the function
// first uses them, then those a nested scope shares (cells) and the free
// variables, each alphabetically. The runtime leaves out the names that are
// unbound (or hold `ag__.Undefined`) when it runs.
//
// control_flow keeps every variable a snapshot may see in the function's
// own frame, not in a helper's: a converted statement that a snapshot of its
// function may follow (later in the source, or in the same loop) has every
// listed local it modifies as an output, as for the locals a closure
// shares; one that holds a snapshot has them as state.
#pragma once

#include <string_view>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/qual_names.h"
#include "lib/ast/ast.h"

namespace agc::passes {

// Whether `call` is `locals()` or `vars()`: a plain name called with no
// arguments (whether the name is the builtin depends on where it runs:
// CallsBuiltinLocals).
bool IsLocalsCall(const ast::Call& call);

// Whether `call` (IsLocalsCall), running in `scope` of the original program,
// calls the builtin: the name is bound in no scope it sees, the module
// included (a parameter, a global the module defines or `import locals` make
// it the user's own).
bool CallsBuiltinLocals(const ast::Call& call,
                        const analysis::Scope& scope,
                        const analysis::QualNames& names);

// Whether `locals()` in `scope` shows a frame's variables, not a
// namespace: a function (not async), a lambda or a comprehension.
bool IsLocalsScope(const analysis::Scope& scope);

// The variables `locals()` shows in `scope` (IsLocalsScope) of the original
// program, in the order described above. A comprehension's come first
// with its parameter, the iterator `.0`, then its targets in order.
std::vector<std::string_view> LocalNames(const analysis::Scope& scope,
                                         const analysis::Activity& activity,
                                         const analysis::QualNames& names);

// The function or lambda a list, set or dict comprehension `scope` is
// inlined into from Python 3.12 (through enclosing comprehensions of those
// kinds), or null (a generator expression in between, or no function).
const analysis::Scope* InliningScope(const analysis::Scope& scope);

// What `locals()` in comprehension `scope` shows from Python 3.12: the
// names of its InliningScope (LocalNames), then the targets of the
// comprehensions from the outermost to `scope`'s own, each once.
std::vector<std::string_view> InlinedLocalNames(
    const analysis::Scope& scope,
    const analysis::Activity& activity,
    const analysis::QualNames& names);

// `ag__.locals_(scope, ('a', 'b'))`; `scope` is the function scope's name
// expression. With `inlined` (a comprehension's, see above):
// `ag__.locals_(None, ('.0', 'k'), inlined, ('a', 'k'))`.
ast::Expr* SnapshotCall(
    ast::Module& module,
    ast::Expr* scope,
    const std::vector<std::string_view>& names,
    ast::Origin origin,
    ast::Expr* inlined = nullptr,
    const std::vector<std::string_view>* inlined_names = nullptr);

// The names a snapshot of the function scope named `scope` lists, if `expr`
// is one (`ag__.locals_(scope, ('a', 'b'))`, or a comprehension's
// `ag__.locals_(None, (...), scope, ('a', 'b'))`); empty otherwise.
// `is_snapshot` tells a snapshot of no names from no snapshot.
std::vector<std::string_view> SnapshotNames(const ast::Expr& expr,
                                            std::string_view scope,
                                            bool* is_snapshot = nullptr);

}  // namespace agc::passes
