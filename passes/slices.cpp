// slices: single-index reads and writes inside converted functions go
// through the runtime, so a staging runtime can read and write staged lists
// (TensorArrays) by index:
//
//   y = x[i]     ->   y = ag__.get_item(x, i,
//   ag__.GetItemOpts(element_dtype=None)) x[i] = y     ->   x =
//   ag__.set_item(x, i, y)
//
// A read is any subscript in Load context whose index is not a slice or a
// tuple (`x[a:b]`, `x[i, j]` stay), outside assignment and `del` targets,
// annotations and f-strings (printed as written). It keeps its meaning
// everywhere: the operator evaluates `x` and `i` in the same order and does
// `x[i]`. The opts carry the element type a `set_element_type(x, dtype)`
// directive gave a Name `x` (else None).
//
// A write is rewritten only where the rebinding keeps its meaning (see
// passes/rebinding.h): a single target `x[i]` with `x` a stable local bound on
// every path to the statement, no walrus in `i` or `y`, and `i` or `y` inert
// (Python evaluates `y` before `x[i]`, the operator after: with one side
// unable to raise, have effects or change, the order cannot be observed).
// Augmented assignments, several targets and `del x[i]` stay. Optional, as in
// TensorFlow: enabled with `--passes default,slices`.
//
// Attaches: kFlagLowered on the functions where it rewrote a write (the new
// binding is not in the original program's facts). Requires: functions;
// qual_names, activity, reaching_definitions of the tree it rewrites.
#include <memory>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/manager.h"
#include "lib/analysis/qual_names.h"
#include "lib/analysis/reaching_definitions.h"
#include "lib/ast/ast.h"
#include "lib/codegen/template.h"
#include "lib/pass/pass.h"
#include "passes/converted_code.h"
#include "passes/rebinding.h"

namespace agc::passes::slices {
namespace {

// Whether `index` is a single index (not a slice, not a tuple of indices).
bool IsSingleIndex(const ast::Expr& index) {
  return !index.Is<ast::Slice>() && !index.Is<ast::Tuple>();
}

class Rewriter {
 public:
  Rewriter(ast::Module& module, ast::FunctionDef& fn, const Rebinding& facts)
      : module_(module), fn_(fn), facts_(facts) {}

  // Rewrites the function's own code; returns whether anything changed.
  bool Run() {
    for (ast::Stmt*& stmt : fn_.body) {
      stmt = static_cast<ast::Stmt*>(Visit(*stmt));
    }
    return changed_;
  }

  bool lowered_write() const { return lowered_write_; }

 private:
  ast::Node* Visit(ast::Node& node) {
    if (node.Is<ast::FunctionDef>() || node.Is<ast::AsyncFunctionDef>() ||
        node.Is<ast::ClassDef>()) {
      return &node;  // another scope: converted on its own, or not at all
    }
    if (node.Is<ast::JoinedStr>() || IsAssignmentTarget(node)) {
      return &node;
    }
    if (auto* ann = node.As<ast::AnnAssign>()) {
      if (ann->value != nullptr) {
        ann->value = static_cast<ast::Expr*>(Visit(*ann->value));
      }
      return &node;  // the target and the annotation stay as written
    }
    ast::Subscript* write = nullptr;
    if (auto* assign = node.As<ast::Assign>()) {
      write = Write(*assign);
    }
    ast::TransformChildren(node,
                           [&](ast::Node* child) { return Visit(*child); });
    if (write != nullptr) {
      return LowerWrite(node.Cast<ast::Assign>(), *write);
    }
    if (auto* sub = node.As<ast::Subscript>();
        sub != nullptr && IsSingleIndex(*sub->slice)) {
      changed_ = true;
      ast::Expr* dtype =
          sub->value->Is<ast::Name>()
              ? ElementTypeOrNone(module_, fn_,
                                  sub->value->Cast<ast::Name>().id, false,
                                  sub->origin)
              : codegen::InstantiateExpr(module_, "None", {}, sub->origin);
      return codegen::InstantiateExpr(
          module_,
          "ag__.get_item(target, index, ag__.GetItemOpts(element_dtype=dtype))",
          {{"target", sub->value}, {"index", sub->slice}, {"dtype", dtype}},
          sub->origin);
    }
    return &node;
  }

  // The target of `x[i] = y` when the write can be rewritten, else null.
  ast::Subscript* Write(const ast::Assign& assign) {
    if (assign.targets.size() != 1) {
      return nullptr;
    }
    auto* sub = assign.targets[0]->As<ast::Subscript>();
    if (sub == nullptr || !sub->value->Is<ast::Name>() ||
        !IsSingleIndex(*sub->slice)) {
      return nullptr;
    }
    if (!facts_.IsInert(*sub->value, assign) || HasWalrus(*sub->slice) ||
        HasWalrus(*assign.value)) {
      return nullptr;
    }
    if (!facts_.IsInert(*sub->slice, assign) &&
        !facts_.IsInert(*assign.value, assign)) {
      return nullptr;
    }
    return sub;
  }

  ast::Stmt* LowerWrite(ast::Assign& assign, ast::Subscript& target) {
    changed_ = true;
    lowered_write_ = true;
    auto& object = target.value->Cast<ast::Name>();
    return codegen::Instantiate(module_,
                                "target = ag__.set_item(object, index, value)",
                                {{"target", codegen::Name(object.id)},
                                 {"object", &object},
                                 {"index", target.slice},
                                 {"value", assign.value}},
                                assign.origin)[0];
  }

  ast::Module& module_;
  ast::FunctionDef& fn_;
  const Rebinding& facts_;
  bool changed_ = false;
  bool lowered_write_ = false;
};

class SlicesPass : public pass::Pass {
 public:
  pass::Changed Run(ast::Module& module, pass::PassContext& ctx) override {
    auto& analyses = ctx.analyses();
    const auto& names = analyses.GetFresh<analysis::QualNames>();
    const auto& activity = analyses.GetFresh<analysis::Activity>();
    const auto& reaching = analyses.GetFresh<analysis::ReachingDefinitions>();
    bool changed = false;
    for (ast::FunctionDef* fn : ConvertedFunctions(module)) {
      Rebinding facts(*fn, names, activity, reaching);
      Rewriter rewriter(module, *fn, facts);
      if (rewriter.Run()) {
        if (rewriter.lowered_write()) {
          fn->flags |= ast::kFlagLowered;
        }
        ctx.MarkChanged(*fn);
        changed = true;
      }
    }
    return changed ? pass::Changed::kYes : pass::Changed::kNo;
  }
};

}  // namespace

std::unique_ptr<pass::Pass> Create() {
  return std::make_unique<SlicesPass>();
}

analysis::AnalysisSet Analyses() {
  return {analysis::Analysis<analysis::QualNames>(),
          analysis::Analysis<analysis::Activity>(),
          analysis::Analysis<analysis::ReachingDefinitions>()};
}

}  // namespace agc::passes::slices
