// What break_statements, continue_statements and return_statements share:
// finding the code of converted functions and replacing a jump statement with
// a flag.
//
// A loop whose own body holds `break` (or `continue`; those of nested loops
// belong to them, those of a nested loop's `else` to this one) gets a flag:
// each jump becomes `flag = True`, and the statements that follow one that
// may have set it, in its block and in each enclosing block up to the loop
// body, are wrapped in `if not flag:`. Statements before it stay unguarded:
//
//   for x in xs:                     for x in xs:
//       a(x)                             a(x)
//       if x:                            if x:
//           b(x)             ->              b(x)
//           break                            break_ = True
//       c(x)                             if not break_:
//                                            c(x)
//
// A `try` whose body may set the flag gets its `else` guarded too (Python
// skips it when the body jumps).
//
// An exception that leaves a `finally` (or a context manager's `__exit__`)
// discards a pending jump: Python goes on with the exception, and when a
// handler or a swallowing `__exit__` of the same scope catches it, with the
// statement after that. So a `try` with `finally` (or a `with`) that may set
// the flag, inside a `try` body with handlers or a `with` body of the same
// loop body (function, for `return`), resets the flag when an exception
// leaves it:
//
//   try:                             try:
//       try:                             try:
//           if x:                            try:
//               break                            if x:
//       finally:             ->                      break_ = True
//           g()                              finally:
//   except E:                                    g()
//       h()                              except BaseException:
//                                            break_ = False
//                                            raise
//                                    except E:
//                                        h() A jump inside `finally` cannot be
//                                        lowered
// this way (it would no longer discard the pending exception); the functions
// pass leaves such a function unconverted (AGC201), so none reaches here.
#pragma once

#include <string_view>
#include <vector>

#include "lib/ast/ast.h"
#include "lib/pass/pass.h"

namespace agc::passes::loop_jumps {

// Lowers the loops of every converted function, innermost first: for each
// `while`/`for` whose own body holds a `jump` (ast::Kind::kBreak or
// kContinue), calls `lower(loop, flag, out)` with a fresh flag name (`base`,
// `base_1`, ... unique in the function); `lower` appends what replaces the
// loop to `out`, after LowerBody has rewritten the body. Marks the functions
// it changed kFlagLowered and changed. Returns whether anything changed.
using LowerLoop = void (*)(ast::Module& module,
                           ast::Stmt& loop,
                           std::string_view flag,
                           std::vector<ast::Stmt*>& out);

bool LowerLoops(ast::Module& module,
                pass::PassContext& ctx,
                ast::Kind jump,
                std::string_view base,
                LowerLoop lower);

// The body of a loop with its jumps replaced by `flag = True` and the
// statements after them guarded (see above).
// `caught`: an exception raised in `body` may be caught inside the loop
// body (it is in a `try` body with handlers or in a `with` body there).
std::vector<ast::Stmt*> LowerBody(ast::Module& module,
                                  std::vector<ast::Stmt*> body,
                                  ast::Kind jump,
                                  std::string_view flag,
                                  bool caught = false);

// Whether an exception can leave `stmt` after a jump inside it set its flag:
// `stmt` is a `try` with `finally`, or a `with`.
bool MayDiscardJump(const ast::Stmt& stmt);

// Whether an exception raised in `block` of compound statement `stmt` may be
// caught by `stmt` itself: `block` is the body of a `try` with handlers or of
// a `with`.
bool CatchesIn(const ast::Stmt& stmt, const std::vector<ast::Stmt*>& block);

// `stmt` inside `try: stmt / except BaseException: flag = False; raise` (see
// above).
ast::Stmt* ResetOnRaise(ast::Module& module,
                        std::string_view flag,
                        ast::Stmt* stmt);

// The loop's body and else clause.
std::vector<ast::Stmt*>& BodyOf(ast::Stmt& loop);
std::vector<ast::Stmt*>& OrElseOf(ast::Stmt& loop);

// `if not flag:` around `body` (not empty), with the origin of its first
// statement.
ast::Stmt* Guard(ast::Module& module,
                 std::string_view flag,
                 std::vector<ast::Stmt*> body);

// The statements inside a converted function's `with ag__.FunctionScope(...)
// as fscope:`; null when it does not have that shape.
std::vector<ast::Stmt*>* ScopeBody(ast::FunctionDef& fn);

}  // namespace agc::passes::loop_jumps
