// lists: Python list idioms inside converted functions go through the
// runtime, so a staging runtime can build staged lists (TensorArrays) where
// the original grows a Python list:
//
//   l = []            ->   l = ag__.new_list([])
//   l = [a, b]        ->   l = ag__.new_list([a, b])
//   l.append(x)       ->   l = ag__.list_append(l, x)
//   x = l.pop()       ->   l, x = ag__.list_pop(l, None,
//                              ag__.ListPopOpts(element_dtype=None,
//                                               element_shape=None))
//   l.pop()           ->   l, l_pop = ag__.list_pop(l, None, ...)
//   tf.stack(l)       ->   ag__.list_stack(l, ag__.ListStackOpts(
//                              element_dtype=None, original_call=tf.stack))
//
// The opts carry the element type a `set_element_type(l, dtype, shape)`
// directive gave `l` (ast::Module::ElementTypeOf, recorded by the directives
// pass), else None. On plain values the operators call the object's own
// `append`/`pop` and return the same object, so aliasing and non-list objects
// with those methods behave as before; `list_stack` calls the original
// `tf.stack` (`tf` being a module-level `import tensorflow as tf`, not a
// local of the function).
//
// Only statements that keep their meaning are rewritten (see
// passes/rebinding.h): `l` must be a stable local of the function (rebinding
// it must not make it local, and nothing else may rebind it mid-statement);
// `l.append(x)` needs either `l` to be a list wherever it is bound (so the
// `append` lookup cannot fail after `x` ran) or `x` inert, or `l` to be a
// `tf.TensorArray(...)` wherever it is bound (its `append` exists only under
// a converter: the original always raises there, the rewrite stages); `pop`
// takes no index or an int literal (`list_pop` reads None as "no index");
// `tf.stack(l)` takes one argument, a local bound on every path to the
// statement (it is evaluated before `tf.stack`), outside lambdas and
// comprehensions. Attributes
// (`self.items.append(x)`), class bodies, and appends and pops other than
// whole statements are left alone. Optional, as in TensorFlow: enabled with
// `--passes default,lists`.
//
// Attaches: kFlagLowered on the functions it changed (the new bindings are not
// in the original program's facts). Requires: functions; qual_names,
// activity, reaching_definitions of the tree it rewrites.
#include <memory>
#include <string>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/manager.h"
#include "lib/analysis/qual_names.h"
#include "lib/analysis/reaching_definitions.h"
#include "lib/ast/ast.h"
#include "lib/codegen/namer.h"
#include "lib/codegen/template.h"
#include "lib/pass/pass.h"
#include "passes/converted_code.h"
#include "passes/rebinding.h"

namespace agc::passes::lists {
namespace {

// `l.<method>(...)` with `l` a Name and no keywords: `l`, else null.
const ast::Name* MethodTarget(const ast::Expr& expr, std::string_view method) {
  const auto* call = expr.As<ast::Call>();
  if (call == nullptr || !call->keywords.empty()) {
    return nullptr;
  }
  const auto* attr = call->func->As<ast::Attribute>();
  if (attr == nullptr || attr->attr != method) {
    return nullptr;
  }
  return attr->value->As<ast::Name>();
}

class Rewriter {
 public:
  Rewriter(ast::Module& module,
           ast::FunctionDef& fn,
           const Rebinding& facts,
           const std::vector<std::string_view>& tensorflow)
      : module_(module), fn_(fn), facts_(facts), tensorflow_(tensorflow) {}

  // Rewrites the function's own statements; returns whether any changed.
  bool Run() {
    Block(fn_.body);
    return changed_;
  }

 private:
  void Block(std::vector<ast::Stmt*>& body) {
    for (ast::Stmt*& stmt : body) {
      ForEachBlock(*stmt,
                   [&](std::vector<ast::Stmt*>& inner) { Block(inner); });
      if (ast::Stmt* replacement = Rewrite(*stmt)) {
        stmt = replacement;
        changed_ = true;
      } else if (!tensorflow_.empty()) {
        Stacks(*stmt, *stmt);
      }
    }
  }

  // The statement to put in `stmt`'s place, or null to keep it.
  ast::Stmt* Rewrite(ast::Stmt& stmt) {
    if (auto* assign = stmt.As<ast::Assign>()) {
      if (assign->targets.size() == 1 && assign->targets[0]->Is<ast::Name>()) {
        if (ast::Call* pop = Pop(*assign->value)) {
          return LowerPop(stmt, *pop, assign->targets[0]);
        }
      }
      if (assign->value->Is<ast::List>() && AllNames(assign->targets)) {
        assign->value = codegen::InstantiateExpr(
            module_, "ag__.new_list(elements)", {{"elements", assign->value}},
            assign->value->origin);
        changed_ = true;
      }
      return nullptr;
    }
    if (auto* expr = stmt.As<ast::ExprStmt>()) {
      if (ast::Call* pop = Pop(*expr->value)) {
        return LowerPop(stmt, *pop, nullptr);
      }
      if (ast::Call* append = Append(*expr->value, stmt)) {
        auto& list =
            append->func->Cast<ast::Attribute>().value->Cast<ast::Name>();
        return codegen::Instantiate(module_,
                                    "target = ag__.list_append(list_, element)",
                                    {{"target", codegen::Name(list.id)},
                                     {"list_", &list},
                                     {"element", append->args[0]}},
                                    stmt.origin)[0];
      }
    }
    return nullptr;
  }

  // Rewrites `tf.stack(l)` calls in the expressions of `node`, a part of
  // statement `at` (not its nested statements, handlers or cases, visited as
  // statements of their own; not lambdas and comprehensions, which run later
  // or bind names of their own).
  void Stacks(ast::Node& node, const ast::Stmt& at) {
    ast::TransformChildren(node, [&](ast::Node* child) -> ast::Node* {
      if (child->category() == ast::Category::kStmt ||
          child->Is<ast::ExceptHandler>() || child->Is<ast::MatchCase>() ||
          child->Is<ast::Lambda>() || child->Is<ast::ListComp>() ||
          child->Is<ast::SetComp>() || child->Is<ast::DictComp>() ||
          child->Is<ast::GeneratorExp>() || child->Is<ast::JoinedStr>()) {
        return child;
      }
      Stacks(*child, at);
      if (auto* call = child->As<ast::Call>();
          call != nullptr && IsStack(*call, at)) {
        changed_ = true;
        auto& list = call->args[0]->Cast<ast::Name>();
        return codegen::InstantiateExpr(
            module_,
            "ag__.list_stack(list_, ag__.ListStackOpts(element_dtype=dtype, "
            "original_call=stack))",
            {{"list_", &list},
             {"dtype",
              ElementTypeOrNone(module_, fn_, list.id, false, call->origin)},
             {"stack", call->func}},
            call->origin);
      }
      return child;
    });
  }

  // Whether `module` names the tensorflow module here: a module-level alias
  // of it that is not a local of the function.
  bool IsTensorFlow(const ast::Name& module) const {
    if (facts_.IsLocal(module.id)) {
      return false;
    }
    for (std::string_view alias : tensorflow_) {
      if (alias == module.id) {
        return true;
      }
    }
    return false;
  }

  // `tf.stack(l)`: `tf` the tensorflow module, `l` a local bound on every
  // path to `at`.
  bool IsStack(const ast::Call& call, const ast::Stmt& at) const {
    const ast::Name* module = MethodTarget(call, "stack");
    return module != nullptr && call.args.size() == 1 &&
           call.args[0]->Is<ast::Name>() && IsTensorFlow(*module) &&
           facts_.IsInert(*call.args[0], at);
  }

  // Whether every binding of `name` reaching `at` is `name =
  // tf.TensorArray(...)`: a TensorArray has no `append`, so the original's
  // `name.append(x)` raises AttributeError whatever `x` is and only works
  // under a converter; rewritten, it stages under TensorFlow (and on plain
  // calls raises the same AttributeError, after evaluating `x`).
  bool IsTensorArray(std::string_view name, const ast::Stmt& at) const {
    return facts_.AlwaysBoundTo(name, at, [&](const ast::Expr& value) {
      const auto* call = value.As<ast::Call>();
      const auto* attr =
          call != nullptr ? call->func->As<ast::Attribute>() : nullptr;
      const auto* module =
          attr != nullptr ? attr->value->As<ast::Name>() : nullptr;
      return module != nullptr && attr->attr == "TensorArray" &&
             IsTensorFlow(*module);
    });
  }

  static bool AllNames(const std::vector<ast::Expr*>& targets) {
    for (const ast::Expr* target : targets) {
      if (!target->Is<ast::Name>()) {
        return false;
      }
    }
    return true;
  }

  // `l.pop()` or `l.pop(<int literal>)` on a stable local `l`.
  ast::Call* Pop(ast::Expr& expr) {
    const ast::Name* list = MethodTarget(expr, "pop");
    if (list == nullptr) {
      return nullptr;
    }
    auto& call = expr.Cast<ast::Call>();
    if (call.args.size() > 1 ||
        (call.args.size() == 1 && !IsIntLiteral(*call.args[0])) ||
        !facts_.IsStableLocal(list->id)) {
      return nullptr;
    }
    return &call;
  }

  // `l.append(x)` where the rewrite keeps the order of what can be observed:
  // `l` a stable local, and either `l` a list (its `append` exists, so the
  // lookup that Python does before evaluating `x` cannot fail) or `x` inert;
  // or `l` a TensorArray (see IsTensorArray).
  ast::Call* Append(ast::Expr& expr, const ast::Stmt& at) {
    const ast::Name* list = MethodTarget(expr, "append");
    if (list == nullptr) {
      return nullptr;
    }
    auto& call = expr.Cast<ast::Call>();
    if (call.args.size() != 1 || call.args[0]->Is<ast::Starred>() ||
        !facts_.IsStableLocal(list->id) || HasWalrus(*call.args[0])) {
      return nullptr;
    }
    if (!facts_.IsList(list->id, at) && !facts_.IsInert(*call.args[0], at) &&
        !IsTensorArray(list->id, at)) {
      return nullptr;
    }
    return &call;
  }

  // `target = l.pop(i)` (or the bare call when `target` is null).
  ast::Stmt* LowerPop(const ast::Stmt& stmt,
                      ast::Call& call,
                      ast::Expr* target) {
    auto& list = call.func->Cast<ast::Attribute>().value->Cast<ast::Name>();
    if (target == nullptr) {
      if (!namer_) {
        namer_ = std::make_unique<codegen::Namer>(fn_);
      }
      std::string base(list.id);
      base += "_pop";
      target = codegen::InstantiateExpr(
          module_, "name",
          {{"name", codegen::Name(namer_->New(module_, base))}}, stmt.origin);
    }
    ast::Expr* index = call.args.empty() ? codegen::InstantiateExpr(
                                               module_, "None", {}, call.origin)
                                         : call.args[0];
    return codegen::Instantiate(
        module_, R"(
        list_target, element = ag__.list_pop(
            list_, index,
            ag__.ListPopOpts(element_dtype=dtype, element_shape=shape))
    )",
        {{"list_target", codegen::Name(list.id)},
         {"element", target},
         {"list_", &list},
         {"index", index},
         {"dtype",
          ElementTypeOrNone(module_, fn_, list.id, false, call.origin)},
         {"shape",
          ElementTypeOrNone(module_, fn_, list.id, true, call.origin)}},
        stmt.origin)[0];
  }

  ast::Module& module_;
  ast::FunctionDef& fn_;
  const Rebinding& facts_;
  const std::vector<std::string_view>& tensorflow_;
  std::unique_ptr<codegen::Namer> namer_;
  bool changed_ = false;
};

class ListsPass : public pass::Pass {
 public:
  pass::Changed Run(ast::Module& module, pass::PassContext& ctx) override {
    auto& analyses = ctx.analyses();
    const auto& names = analyses.GetFresh<analysis::QualNames>();
    const auto& activity = analyses.GetFresh<analysis::Activity>();
    const auto& reaching = analyses.GetFresh<analysis::ReachingDefinitions>();
    // Names bound to the tensorflow module at module level.
    std::vector<std::string_view> tensorflow;
    for (const ast::Stmt* stmt : module.body) {
      if (const auto* import = stmt->As<ast::Import>()) {
        for (const ast::Alias* alias : import->names) {
          if (alias->name == "tensorflow") {
            tensorflow.push_back(alias->asname.empty() ? alias->name
                                                       : alias->asname);
          }
        }
      }
    }
    bool changed = false;
    for (ast::FunctionDef* fn : ConvertedFunctions(module)) {
      Rebinding facts(*fn, names, activity, reaching);
      if (Rewriter(module, *fn, facts, tensorflow).Run()) {
        fn->flags |= ast::kFlagLowered;
        ctx.MarkChanged(*fn);
        changed = true;
      }
    }
    return changed ? pass::Changed::kYes : pass::Changed::kNo;
  }
};

}  // namespace

std::unique_ptr<pass::Pass> Create() {
  return std::make_unique<ListsPass>();
}

analysis::AnalysisSet Analyses() {
  return {analysis::Analysis<analysis::QualNames>(),
          analysis::Analysis<analysis::Activity>(),
          analysis::Analysis<analysis::ReachingDefinitions>()};
}

}  // namespace agc::passes::lists
