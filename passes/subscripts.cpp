// subscripts: inside a loop, a subscript whose index reads a variable the
// loop changes, and a subscript write to a local, go through the runtime, so
// a staging runtime can read and write tensors by a traced position:
//
//   nxt = logits[:, t - 1].argmax()
//     ->  nxt = ag__.get_item(logits, ag__.key[:, t - 1]).argmax()
//   tokens[:, t] = nxt
//     ->  tokens = ag__.set_item(tokens, ag__.key[:, t], nxt)
//
// PyTorch turns a 0-d tensor index into `.item()`, which a staged loop cannot
// carry (torch.export: "Pending unbacked symbols"); its staging reads and
// writes such positions with index_select and index_copy. A write becomes a
// rebinding, so the written local is loop state, as AutoGraph's slices pass
// makes it: the staged loop carries it, where it would otherwise change a
// tensor the loop closes over in place. On plain values the operators do
// what Python does (`x[key]`; `x[key] = y` returning `x`, the same object).
//
// A read is any subscript in Load context in a loop's body, test, iterable
// or else (nested loops included, nested scopes not), outside assignment and
// `del` targets, annotations and f-strings, whose index reads a name the
// enclosing loop or one around it modifies: `x[i]` in `for i in ...`,
// `x[:, t - 1, :]` in a loop that advances `t`. Other subscripts (`x[0]`,
// `x[:, :k]` with `k` fixed, `self.w[i]` outside loops) stay as written. A
// write is `x[key] = y` in a loop with `x` a stable local bound on every path
// to it, no walrus in `key` or `y`, and the key or `y` inert (passes/
// rebinding.h: Python evaluates `y` first, the operator last). A key with
// slices is written `ag__.key[:, t - 1]`, whose value is the key Python
// passes (`(slice(None), t - 1)`). An augmented write `x[key] += y` in a
// loop whose key reads a name the loop changes (a position, as for reads),
// with `x` such a local and no walrus in the key or `y`, becomes Python's own
// three steps, each as the runtime does them:
//
//   x_item = ag__.get_item(x, key)
//   x_item += y
//   x = ag__.set_item(x, key, x_item)
//
// (an inert key is evaluated twice; another, `counts[t - 1] -= 1`, once,
// first: `x_key = t - 1`, then the steps with `x_key`; the order is Python's:
// the key, the item read, then `y`). One with a fixed key
// (`acc["loss"] += v`) stays: the item is the statement's state (in the
// nonlocal form), which keeps a dict written in both branches of a staged
// `if` apart, where a rebinding of the dict would not. Several targets and
// `del x[t]` stay as written.
//
// Attaches: kFlagLowered on the functions where it rewrote a write (the new
// binding is not in the original program's facts). Requires: functions;
// qual_names, activity, reaching_definitions of the input (and of the
// functions a lowering pass changed, computed here for those alone).
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/manager.h"
#include "lib/analysis/qual_names.h"
#include "lib/analysis/reaching_definitions.h"
#include "lib/analysis/subtree.h"
#include "lib/ast/ast.h"
#include "lib/codegen/namer.h"
#include "lib/codegen/template.h"
#include "lib/pass/pass.h"
#include "passes/converted_code.h"
#include "passes/rebinding.h"

namespace agc::passes::subscripts {
namespace {

// Whether any Name in `expr` (outside nested scopes) loads a symbol of
// `modified`.
bool ReadsAny(const ast::Node& expr,
              const analysis::QualNames& names,
              const analysis::SymbolSet& modified) {
  if (const auto* name = expr.As<ast::Name>()) {
    analysis::SymbolId id = names.Find(name->id);
    return name->ctx == ast::ExprContext::kLoad && id != analysis::kNoSymbol &&
           modified.Contains(id);
  }
  if (expr.Is<ast::Lambda>() || expr.Is<ast::ListComp>() ||
      expr.Is<ast::SetComp>() || expr.Is<ast::DictComp>() ||
      expr.Is<ast::GeneratorExp>()) {
    return false;
  }
  bool found = false;
  ast::ForEachChild(expr, [&](const ast::Node* child) {
    found = found || ReadsAny(*child, names, modified);
  });
  return found;
}

bool HasSlice(const ast::Expr& key) {
  if (key.Is<ast::Slice>()) {
    return true;
  }
  if (const auto* tuple = key.As<ast::Tuple>()) {
    for (const ast::Expr* elt : tuple->elts) {
      if (elt->Is<ast::Slice>()) {
        return true;
      }
    }
  }
  return false;
}

class Rewriter {
 public:
  Rewriter(ast::Module& module,
           ast::FunctionDef& fn,
           const Rebinding& facts,
           const analysis::QualNames& names,
           const analysis::Activity& activity)
      : module_(module),
        fn_(fn),
        facts_(facts),
        names_(names),
        activity_(activity) {}

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
        node.Is<ast::ClassDef>() || node.Is<ast::Lambda>() ||
        node.Is<ast::JoinedStr>() || IsAssignmentTarget(node)) {
      return &node;  // another scope, or printed as written
    }
    if (auto* ann = node.As<ast::AnnAssign>()) {
      if (ann->value != nullptr) {
        ann->value = static_cast<ast::Expr*>(Visit(*ann->value));
      }
      return &node;  // the target and the annotation stay as written
    }
    const bool loop = node.Is<ast::While>() || node.Is<ast::For>();
    if (loop) {
      const analysis::NodeActivity* act = activity_.Of(node);
      analysis::SymbolSet modified =
          loops_.empty() ? analysis::SymbolSet() : loops_.back();
      if (act != nullptr) {
        modified.UnionWith(act->modified);
      }
      loops_.push_back(std::move(modified));
    }
    ast::Subscript* write = nullptr;
    if (auto* assign = node.As<ast::Assign>(); assign != nullptr) {
      write = Write(*assign);
    }
    if (auto* aug = node.As<ast::AugAssign>();
        aug != nullptr && AugmentedWrite(*aug)) {
      // Split where its statement list is; named here, in source order.
      if (!namer_) {
        namer_.emplace(fn_);
      }
      const auto& target = aug->target->Cast<ast::Subscript>();
      const std::string object(target.value->Cast<ast::Name>().id);
      Augmented names{namer_->New(module_, object + "_item"), {}};
      if (!KeyIsInert(*target.slice, *aug)) {
        names.key = namer_->New(module_, object + "_key");
      }
      augmented_[aug] = names;
    }
    ast::TransformChildren(node,
                           [&](ast::Node* child) { return Visit(*child); });
    if (!augmented_.empty()) {
      ast::ForEachStmtList(node, [&](std::vector<ast::Stmt*>& body) {
        SplitAugmentedWrites(body);
      });
    }
    if (loop) {
      loops_.pop_back();
    }
    if (write != nullptr) {
      return LowerWrite(node.Cast<ast::Assign>(), *write);
    }
    if (auto* sub = node.As<ast::Subscript>();
        sub != nullptr && !loops_.empty() &&
        ReadsAny(*sub->slice, names_, loops_.back())) {
      changed_ = true;
      return codegen::InstantiateExpr(
          module_, "ag__.get_item(target, key)",
          {{"target", sub->value}, {"key", Key(*sub->slice)}}, sub->origin);
    }
    return &node;
  }

  // Whether each part of a key is inert before `at` (a slice's bounds, a
  // tuple's entries).
  bool KeyIsInert(const ast::Expr& key, const ast::Stmt& at) const {
    if (const auto* slice = key.As<ast::Slice>()) {
      for (const ast::Expr* part : {slice->lower, slice->upper, slice->step}) {
        if (part != nullptr && !facts_.IsInert(*part, at)) {
          return false;
        }
      }
      return true;
    }
    if (const auto* tuple = key.As<ast::Tuple>()) {
      for (const ast::Expr* elt : tuple->elts) {
        if (!KeyIsInert(*elt, at)) {
          return false;
        }
      }
      return true;
    }
    return facts_.IsInert(key, at);
  }

  // The target of `x[key] = y` when the write can be rewritten, else null.
  ast::Subscript* Write(const ast::Assign& assign) {
    if (loops_.empty() || assign.targets.size() != 1) {
      return nullptr;
    }
    auto* sub = assign.targets[0]->As<ast::Subscript>();
    if (sub == nullptr || !sub->value->Is<ast::Name>()) {
      return nullptr;
    }
    if (!facts_.IsInert(*sub->value, assign) || HasWalrus(*sub->slice) ||
        HasWalrus(*assign.value)) {
      return nullptr;
    }
    if (!KeyIsInert(*sub->slice, assign) &&
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
                                "target = ag__.set_item(object, key, value)",
                                {{"target", codegen::Name(object.id)},
                                 {"object", &object},
                                 {"key", Key(*target.slice)},
                                 {"value", assign.value}},
                                assign.origin)[0];
  }

  // Whether `x[key] op= y` can be split into the runtime's read, Python's
  // in-place operator and the runtime's write.
  bool AugmentedWrite(const ast::AugAssign& aug) const {
    if (loops_.empty()) {
      return false;
    }
    const auto* sub = aug.target->As<ast::Subscript>();
    return sub != nullptr && sub->value->Is<ast::Name>() &&
           ReadsAny(*sub->slice, names_, loops_.back()) &&
           facts_.IsInert(*sub->value, aug) && !HasWalrus(*sub->slice) &&
           !HasWalrus(*aug.value);
  }

  // Replaces each augmented write of `body` AugmentedWrite accepted by its
  // three steps.
  void SplitAugmentedWrites(std::vector<ast::Stmt*>& body) {
    std::vector<ast::Stmt*> out;
    out.reserve(body.size());
    for (ast::Stmt* stmt : body) {
      auto* aug = stmt->As<ast::AugAssign>();
      auto found = aug == nullptr ? augmented_.end() : augmented_.find(aug);
      if (found == augmented_.end()) {
        out.push_back(stmt);
        continue;
      }
      const Augmented names = found->second;
      const std::string_view item = names.item;
      augmented_.erase(found);
      changed_ = true;
      lowered_write_ = true;
      auto& target = aug->target->Cast<ast::Subscript>();
      auto& object = target.value->Cast<ast::Name>();
      // The key each step reads: as written, or its value once.
      codegen::Replacement read_key;
      codegen::Replacement write_key;
      if (names.key.empty()) {
        read_key = Key(*ast::CloneAs(module_, *target.slice));
        write_key = Key(*target.slice);
      } else {
        out.push_back(codegen::Instantiate(
            module_, "name = key",
            {{"name", codegen::Name(names.key)}, {"key", Key(*target.slice)}},
            aug->origin)[0]);
        read_key = codegen::Name(names.key);
        write_key = codegen::Name(names.key);
      }
      out.push_back(
          codegen::Instantiate(module_, "item = ag__.get_item(object, key)",
                               {{"item", codegen::Name(item)},
                                {"object", ast::CloneAs(module_, object)},
                                {"key", read_key}},
                               aug->origin)[0]);
      auto* name = module_.New<ast::Name>(aug->origin);  // `item op= y`
      name->id = item;
      name->ctx = ast::ExprContext::kStore;
      aug->target = name;
      out.push_back(aug);
      out.push_back(codegen::Instantiate(
          module_, "object_ = ag__.set_item(object, key, item)",
          {{"object_", codegen::Name(object.id)},
           {"object", &object},
           {"key", write_key},
           {"item", codegen::Name(item)}},
          aug->origin)[0]);
    }
    body = std::move(out);
  }

  // The key as an expression: one with slices as `ag__.key[...]`, the
  // subscript as written (its value is the key Python passes).
  ast::Expr* Key(ast::Expr& key) {
    if (!HasSlice(key)) {
      return &key;
    }
    return codegen::InstantiateExpr(module_, "ag__.key[index]",
                                    {{"index", &key}}, key.origin);
  }

  ast::Module& module_;
  ast::FunctionDef& fn_;
  const Rebinding& facts_;
  const analysis::QualNames& names_;
  const analysis::Activity& activity_;
  // For each enclosing loop, the names it and the loops around it modify.
  std::vector<analysis::SymbolSet> loops_;

  // The names an augmented write's steps bind: its item, and its key's
  // value when the key is not inert (else empty).
  struct Augmented {
    std::string_view item;
    std::string_view key;
  };

  // Augmented writes to split, found but not yet in a visited list.
  std::unordered_map<const ast::AugAssign*, Augmented> augmented_;
  std::optional<codegen::Namer> namer_;  // made when a name is needed
  bool changed_ = false;
  bool lowered_write_ = false;
};

// Whether the function's own code (not nested scopes) has a loop: only
// there does the pass rewrite anything.
bool HasLoop(const ast::Node& node) {
  if (node.Is<ast::While>() || node.Is<ast::For>()) {
    return true;
  }
  bool found = false;
  ast::ForEachChild(node, [&](const ast::Node* child) {
    if (!found &&
        (child->category() == ast::Category::kStmt ||
         child->Is<ast::ExceptHandler>() || child->Is<ast::MatchCase>()) &&
        !child->Is<ast::FunctionDef>() && !child->Is<ast::AsyncFunctionDef>() &&
        !child->Is<ast::ClassDef>()) {
      found = HasLoop(*child);
    }
  });
  return found;
}

class SubscriptsPass : public pass::Pass {
 public:
  pass::Changed Run(ast::Module& module, pass::PassContext& ctx) override {
    // Facts of the input describe every function the passes before only
    // wrapped; one a lowering pass added statements to (kFlagLowered) is
    // analysed afresh, with the others of its kind, when one has a loop.
    auto& analyses = ctx.analyses();
    const auto& names = analyses.GetOriginal<analysis::QualNames>();
    const auto& activity = analyses.GetOriginal<analysis::Activity>();
    const auto& reaching =
        analyses.GetOriginal<analysis::ReachingDefinitions>();
    std::unique_ptr<analysis::SubtreeAnalyses> lowered_facts;
    bool changed = false;
    for (ast::FunctionDef* fn : ConvertedFunctions(module)) {
      bool has_loop = false;
      for (const ast::Stmt* stmt : fn->body) {
        has_loop = has_loop || HasLoop(*stmt);
      }
      if (!has_loop) {
        continue;
      }
      const bool lowered = (fn->flags & ast::kFlagLowered) != 0;
      if (lowered && !lowered_facts) {
        lowered_facts = std::make_unique<analysis::SubtreeAnalyses>(
            module, analysis::LoweredSubtrees(module));
      }
      const auto& fn_names = lowered ? lowered_facts->qual_names() : names;
      const auto& fn_activity = lowered ? lowered_facts->activity() : activity;
      Rebinding facts(
          *fn, fn_names, fn_activity,
          lowered ? lowered_facts->reaching_definitions() : reaching);
      Rewriter rewriter(module, *fn, facts, fn_names, fn_activity);
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
  return std::make_unique<SubscriptsPass>();
}

analysis::AnalysisSet Analyses() {
  return {analysis::Original<analysis::QualNames>(),
          analysis::Original<analysis::Activity>(),
          analysis::Original<analysis::ReachingDefinitions>()};
}

}  // namespace agc::passes::subscripts
