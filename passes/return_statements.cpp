// return_statements: a `return` inside control flow becomes two flags the
// rest of the function tests, so control_flow can move the if/while/for
// bodies into helper functions. Inside the function scope:
//
//   for x in xs:                 do_return = False
//       if x < 0:                retval_ = ag__.UndefinedReturnValue()
//           return x             for x in xs:    # extra test: not do_return
//   total = sum(xs)      ->          if x < 0:
//   return total                         retval_ = x
//                                        do_return = True
//                                if not do_return:
//                                    total = sum(xs)
//                                    retval_ = total
//                                    do_return = True
//                                return fscope.ret(retval_, do_return)
//
// Each `return v` becomes `retval_ = v; do_return = True` (`None` for a bare
// `return`; the flag is set last, so a `v` that raises inside a `try` leaves
// both as they were for the handler); the statements after one that may have
// returned, in its block and every enclosing block, are wrapped in `if not
// do_return:`. A `while` test becomes `not do_return and test`, a `for` loop's
// extra test (see break_statements) `not do_return` (and the break test); a
// loop's `else` and a `try`'s `else` are guarded when their body may return,
// since Python skips them then. The function ends with `return
// fscope.ret(retval_, do_return)`: the value, or None when no `return` ran
// (retval_ is still ag__.UndefinedReturnValue(), which a staged backend reports
// as a return value missing on some path).
//
// If-else normalisation: when one branch of an `if` that may return never
// completes (it ends in `return` or `raise`), the statements after the `if`
// move into the other branch instead of behind a guard, so that both
// branches define the return value:
//
//   if x:                            if x:
//       return 1                         retval_ = 1; do_return = True
//   y = g(x)              ->         else:
//   return y                             y = g(x)
//                                        retval_ = y; do_return = True
//
// A return that Python discards -- an exception leaves a `finally` or a
// context manager's `__exit__` after it, and a handler or a swallowing
// `__exit__` of the function catches the exception -- must not leave
// do_return set: a `try` with `finally` (or a `with`) that may return, inside
// a `try` body with handlers or a `with` body, resets the flag when an
// exception leaves it (loop_jumps::ResetOnRaise).
//
// Only functions with a `return` inside if/while/for are changed: a function
// whose returns sit at its top level (or in with/try there) keeps them, since
// control_flow moves no code around them. A `return` inside `finally` cannot
// be lowered faithfully (it would stop discarding the pending exception): the
// functions pass leaves such a function as written (AGC201).
//
// Runs only when control_flow runs. Helper names (`do_return`, `retval_`)
// are fresh in the function.
//
// Attaches: the loop extra tests of ast::Module (SetLoopExtraTest);
// kFlagLowered on the functions it changed. Requires: functions (and
// break_statements before it, whose extra tests it extends); no analyses.
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "lib/analysis/manager.h"
#include "lib/ast/ast.h"
#include "lib/codegen/namer.h"
#include "lib/codegen/template.h"
#include "lib/pass/pass.h"
#include "passes/converted_code.h"
#include "passes/loop_jumps.h"

namespace agc::passes::return_statements {
namespace {

bool IsLoop(const ast::Stmt& stmt) {
  return stmt.Is<ast::While>() || stmt.Is<ast::For>();
}

bool IsTrue(const ast::Expr& expr) {
  const auto* constant = expr.As<ast::Constant>();
  return constant != nullptr &&
         constant->value_kind == ast::ConstantKind::kTrue;
}

// Whether `stmt` holds a `return` of this function (not of nested functions
// or classes).
bool HasReturn(ast::Stmt& stmt) {
  if (stmt.Is<ast::Return>()) {
    return true;
  }
  bool found = false;
  ForEachBlock(stmt, [&](std::vector<ast::Stmt*>& block) {
    for (ast::Stmt* s : block) {
      found = found || HasReturn(*s);
    }
  });
  return found;
}

bool HasReturn(std::vector<ast::Stmt*>& block) {
  for (ast::Stmt* s : block) {
    if (HasReturn(*s)) {
      return true;
    }
  }
  return false;
}

// Whether running `block` can never reach its end: it ends in `return` or
// `raise`, or in an `if` none of whose branches can.
bool NeverCompletes(const std::vector<ast::Stmt*>& block) {
  if (block.empty()) {
    return false;
  }
  const ast::Stmt& last = *block.back();
  if (last.Is<ast::Return>() || last.Is<ast::Raise>()) {
    return true;
  }
  if (const auto* s = last.As<ast::If>()) {
    return NeverCompletes(s->body) && NeverCompletes(s->orelse);
  }
  return false;
}

class Lowerer {
 public:
  Lowerer(ast::Module& module,
          std::string_view do_return,
          std::string_view retval)
      : module_(module), do_return_(do_return), retval_(retval) {}

  // `body` with its returns lowered and what follows a possible return
  // guarded.
  std::vector<ast::Stmt*> Block(std::vector<ast::Stmt*> body) {
    std::vector<ast::Stmt*> out;
    out.reserve(body.size());
    for (size_t i = 0; i < body.size(); ++i) {
      ast::Stmt* stmt = body[i];
      std::vector<ast::Stmt*> rest(body.begin() + static_cast<long>(i) + 1,
                                   body.end());
      if (auto* ret = stmt->As<ast::Return>()) {
        Return(*ret, out);
      } else if (HasReturn(*stmt)) {
        if (auto* s = stmt->As<ast::If>(); s != nullptr && !rest.empty()) {
          // The if-else normalisation: what follows runs only after the
          // branch that can complete, so it moves there.
          if (NeverCompletes(s->body)) {
            Append(s->orelse, std::move(rest));
            rest.clear();
          } else if (NeverCompletes(s->orelse)) {
            Append(s->body, std::move(rest));
            rest.clear();
          }
        }
        Inside(*stmt);
        // An exception leaving it discards a pending return (see
        // loop_jumps.h): the flag must not survive into a handler.
        out.push_back(caught_ && loop_jumps::MayDiscardJump(*stmt)
                          ? loop_jumps::ResetOnRaise(module_, do_return_, stmt)
                          : stmt);
      } else {
        out.push_back(stmt);
        continue;
      }
      // The rest runs only if nothing returned (after a `return` itself it
      // never runs; it stays, guarded, because its bindings still make names
      // local).
      if (!rest.empty()) {
        out.push_back(
            loop_jumps::Guard(module_, do_return_, Block(std::move(rest))));
      }
      break;
    }
    return out;
  }

 private:
  static void Append(std::vector<ast::Stmt*>& block,
                     std::vector<ast::Stmt*> rest) {
    block.insert(block.end(), rest.begin(), rest.end());
  }

  void Return(ast::Return& ret, std::vector<ast::Stmt*>& out) {
    ast::Expr* value =
        ret.value != nullptr
            ? ret.value
            : codegen::InstantiateExpr(module_, "None", {}, ret.origin);
    std::vector<ast::Stmt*> set =
        codegen::Instantiate(module_, R"(
            retval_ = value
            do_return = True
        )",
                             {{"do_return", codegen::Name(do_return_)},
                              {"retval_", codegen::Name(retval_)},
                              {"value", value}},
                             ret.origin);
    out.insert(out.end(), set.begin(), set.end());
  }

  // Lowers the returns inside compound statement `stmt`.
  void Inside(ast::Stmt& stmt) {
    AGC_CHECK_MSG(
        !stmt.Is<ast::Try>() || !HasReturn(stmt.Cast<ast::Try>().finalbody),
        "return in finally: the functions pass keeps it unconverted");
    bool body_returns = false;
    if (IsLoop(stmt)) {
      body_returns = HasReturn(loop_jumps::BodyOf(stmt));
    } else if (auto* t = stmt.As<ast::Try>()) {
      body_returns = HasReturn(t->body);
    } else if (auto* t = stmt.As<ast::TryStar>()) {
      body_returns = HasReturn(t->body);
    }
    ForEachBlock(stmt, [&](std::vector<ast::Stmt*>& block) {
      bool caught = caught_;
      caught_ = caught || loop_jumps::CatchesIn(stmt, block);
      block = Block(std::move(block));
      caught_ = caught;
    });
    if (!body_returns) {
      return;
    }
    // Python skips a loop's or a try's else clause when its body returns.
    std::vector<ast::Stmt*>* orelse = nullptr;
    if (IsLoop(stmt)) {
      orelse = &loop_jumps::OrElseOf(stmt);
      StopLoop(stmt);
    } else if (auto* t = stmt.As<ast::Try>()) {
      orelse = &t->orelse;
    } else if (auto* t = stmt.As<ast::TryStar>()) {
      orelse = &t->orelse;
    }
    if (orelse != nullptr && !orelse->empty()) {
      *orelse = {loop_jumps::Guard(module_, do_return_, std::move(*orelse))};
    }
  }

  // The loop stops once the body returned: `while not do_return and test`,
  // or `not do_return` as (part of) a for loop's extra test.
  void StopLoop(ast::Stmt& loop) {
    if (auto* w = loop.As<ast::While>()) {
      w->test =
          IsTrue(*w->test)
              ? codegen::InstantiateExpr(module_, "not flag",
                                         {{"flag", codegen::Name(do_return_)}},
                                         w->test->origin)
              : codegen::InstantiateExpr(
                    module_, "not flag and test",
                    {{"flag", codegen::Name(do_return_)}, {"test", w->test}},
                    w->test->origin);
      return;
    }
    auto& f = loop.Cast<ast::For>();
    ast::Expr* extra = module_.LoopExtraTest(f);
    module_.SetLoopExtraTest(
        f, extra == nullptr
               ? codegen::InstantiateExpr(module_, "not flag",
                                          {{"flag", codegen::Name(do_return_)}},
                                          f.origin)
               : codegen::InstantiateExpr(
                     module_, "not flag and test",
                     {{"flag", codegen::Name(do_return_)}, {"test", extra}},
                     f.origin));
  }

  ast::Module& module_;
  std::string_view do_return_;
  std::string_view retval_;
  // An exception raised here may be caught inside the function: the block
  // is in a `try` body with handlers or in a `with` body.
  bool caught_ = false;
};

class ReturnStatementsPass : public pass::Pass {
 public:
  pass::Changed Run(ast::Module& module, pass::PassContext& ctx) override {
    if (!ctx.IsSelected("control_flow")) {
      return pass::Changed::kNo;  // no helpers: Python's return works
    }
    bool changed = false;
    for (ast::FunctionDef* fn : ConvertedFunctions(module)) {
      std::vector<ast::Stmt*>* body = loop_jumps::ScopeBody(*fn);
      if (body == nullptr || !InControlFlow(*body)) {
        continue;
      }
      codegen::Namer namer(*fn);
      std::string_view do_return = namer.New(module, "do_return");
      std::string_view retval = namer.New(module, "retval_");
      std::string_view scope = FunctionScopeName(*fn);
      ast::Origin origin = (*body)[0]->origin;
      ast::Origin end = body->back()->origin;
      std::vector<ast::Stmt*> lowered =
          Lowerer(module, do_return, retval).Block(std::move(*body));
      std::vector<ast::Stmt*> init =
          codegen::Instantiate(module, R"(
              do_return = False
              retval_ = ag__.UndefinedReturnValue()
          )",
                               {{"do_return", codegen::Name(do_return)},
                                {"retval_", codegen::Name(retval)}},
                               origin);
      std::vector<ast::Stmt*> ret =
          codegen::Instantiate(module, "return scope.ret(retval_, do_return)",
                               {{"scope", codegen::Name(scope)},
                                {"do_return", codegen::Name(do_return)},
                                {"retval_", codegen::Name(retval)}},
                               end);
      body->clear();
      body->insert(body->end(), init.begin(), init.end());
      body->insert(body->end(), lowered.begin(), lowered.end());
      body->insert(body->end(), ret.begin(), ret.end());
      fn->flags |= ast::kFlagLowered;
      ctx.MarkChanged(*fn);
      changed = true;
    }
    return changed ? pass::Changed::kYes : pass::Changed::kNo;
  }

 private:
  // Whether a `return` of the function sits inside if/while/for.
  static bool InControlFlow(std::vector<ast::Stmt*>& body) {
    for (ast::Stmt* stmt : body) {
      if (InControlFlow(*stmt)) {
        return true;
      }
    }
    return false;
  }

  static bool InControlFlow(ast::Stmt& stmt) {
    if (stmt.Is<ast::If>() || IsLoop(stmt)) {
      return HasReturn(stmt);
    }
    bool found = false;
    ForEachBlock(stmt, [&](std::vector<ast::Stmt*>& block) {
      found = found || InControlFlow(block);
    });
    return found;
  }
};

}  // namespace

std::unique_ptr<pass::Pass> Create() {
  return std::make_unique<ReturnStatementsPass>();
}

analysis::AnalysisSet Analyses() {
  return {};
}

}  // namespace agc::passes::return_statements
