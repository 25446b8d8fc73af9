#include "lib/lint/flow.h"

#include <algorithm>
#include <deque>

namespace agc::lint {
namespace {

using analysis::Cfg;
using analysis::CfgNodeId;
using analysis::CfgNodeKind;

// What node `n` reads and writes (its statement, or its compound header).
const analysis::NodeActivity* ActivityOf(const Cfg& cfg,
                                         CfgNodeId n,
                                         const analysis::Activity& activity) {
  const ast::Node* node = cfg.ast(n);
  if (node == nullptr) {
    return nullptr;
  }
  switch (cfg.kind(n)) {
    case CfgNodeKind::kStmt:
      return activity.Of(*node);
    case CfgNodeKind::kHeader:
      return &activity.HeaderOf(*node);
    default:
      return nullptr;
  }
}

// The first Name in `node` (source order, its own scope and the free reads
// of nested ones) that reads `symbol`.
const ast::Name* FindRead(const ast::Node& node,
                          const analysis::QualNames& names,
                          analysis::SymbolId symbol,
                          bool header_only) {
  const ast::Name* found = nullptr;
  auto visit = [&](auto& self, const ast::Node& n) -> void {
    if (found != nullptr) {
      return;
    }
    if (const auto* name = n.As<ast::Name>()) {
      if (name->ctx == ast::ExprContext::kLoad && names.Of(n) == symbol) {
        found = name;
      }
      return;
    }
    ast::ForEachChild(n, [&](const ast::Node* child) {
      if (!header_only || child->category() != ast::Category::kStmt) {
        self(self, *child);
      }
    });
  };
  visit(visit, node);
  return found;
}

// Whether `e` is a fact of the interpreter: `sys.platform`, `os.name`,
// `sys.version_info` and its items and fields, `sys.implementation.name`...
bool InterpreterFact(const ast::Expr& e) {
  if (const auto* s = e.As<ast::Subscript>()) {
    return InterpreterFact(*s->value);
  }
  const auto* a = e.As<ast::Attribute>();
  if (a == nullptr) {
    return false;
  }
  const auto* base = a->value->As<ast::Name>();
  if (base == nullptr) {
    return InterpreterFact(*a->value);
  }
  static constexpr std::string_view kSys[] = {
      "platform", "version_info", "byteorder",      "maxsize",
      "version",  "hexversion",   "implementation", "flags"};
  if (base->id == "sys") {
    return std::find(std::begin(kSys), std::end(kSys), a->attr) !=
           std::end(kSys);
  }
  return base->id == "os" && (a->attr == "name" || a->attr == "sep");
}

}  // namespace

bool FixedValue(const ast::Expr& e, std::span<const std::string_view> fixed) {
  if (e.Is<ast::Constant>()) {
    return true;
  }
  if (const auto* t = e.As<ast::Tuple>()) {
    return std::all_of(t->elts.begin(), t->elts.end(), [&](const ast::Expr* x) {
      return FixedValue(*x, fixed);
    });
  }
  if (const auto* n = e.As<ast::Name>()) {
    return n->id == "__name__" || n->id == "__debug__" ||
           std::find(fixed.begin(), fixed.end(), n->id) != fixed.end();
  }
  if (const auto* b = e.As<ast::BinOp>()) {
    return FixedValue(*b->left, fixed) && FixedValue(*b->right, fixed);
  }
  if (const auto* u = e.As<ast::UnaryOp>()) {
    return FixedValue(*u->operand, fixed);
  }
  return InterpreterFact(e);
}

bool PythonBool(const ast::Expr& test,
                std::span<const std::string_view> fixed) {
  if (const auto* n = test.As<ast::Name>()) {
    return n->id == "__debug__" ||
           std::find(fixed.begin(), fixed.end(), n->id) != fixed.end();
  }
  if (const auto* cmp = test.As<ast::Compare>()) {
    // `sys.platform == "win32"`, `sys.version_info >= (3, 11)`.
    if (FixedValue(*cmp->left, fixed) &&
        std::all_of(
            cmp->comparators.begin(), cmp->comparators.end(),
            [&](const ast::Expr* x) { return FixedValue(*x, fixed); })) {
      return true;
    }
    return std::all_of(cmp->ops.begin(), cmp->ops.end(), [](ast::CmpOpKind op) {
      // `in` coerces __contains__'s result with bool(): a Python bool, or
      // an error for a symbolic tensor, never a staged condition.
      return op == ast::CmpOpKind::kIs || op == ast::CmpOpKind::kIsNot ||
             op == ast::CmpOpKind::kIn || op == ast::CmpOpKind::kNotIn;
    });
  }
  if (const auto* un = test.As<ast::UnaryOp>()) {
    return un->op == ast::UnaryOpKind::kNot && PythonBool(*un->operand, fixed);
  }
  if (const auto* bo = test.As<ast::BoolOp>()) {
    return std::all_of(
        bo->values.begin(), bo->values.end(),
        [&](const ast::Expr* v) { return PythonBool(*v, fixed); });
  }
  if (const auto* call = test.As<ast::Call>()) {
    const auto* fn = call->func->As<ast::Name>();
    return fn != nullptr && (fn->id == "isinstance" || fn->id == "issubclass" ||
                             fn->id == "callable" || fn->id == "hasattr");
  }
  return false;
}

bool NeverStaged(const ast::Stmt& stmt,
                 std::span<const std::string_view> fixed) {
  const auto* i = stmt.As<ast::If>();
  return i != nullptr && PythonBool(*i->test, fixed);
}

std::vector<CfgNodeId> ExitTargets(const analysis::CfgLocation& loc) {
  std::vector<CfgNodeId> out;
  if (!loc) {
    return out;
  }
  const Cfg& cfg = *loc.cfg;
  for (CfgNodeId n = loc.first; n < loc.end; ++n) {
    for (CfgNodeId m : cfg.successors(n)) {
      const ast::Node* target = cfg.ast(m);
      if (Inside(loc, m) || m == Cfg::kExit || m == Cfg::kRaiseExit ||
          (target != nullptr && target->Is<ast::ExceptHandler>())) {
        continue;  // the scope's exits; raise edges into handlers
      }
      if (std::find(out.begin(), out.end(), m) == out.end()) {
        out.push_back(m);
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

const ast::Name* FirstReadAfter(const Cfg& cfg,
                                const std::vector<CfgNodeId>& targets,
                                const analysis::Activity& activity,
                                const analysis::QualNames& names,
                                analysis::SymbolId symbol) {
  std::vector<bool> seen(cfg.size(), false);
  std::deque<CfgNodeId> queue;
  for (CfgNodeId t : targets) {
    seen[t] = true;
    queue.push_back(t);
  }
  while (!queue.empty()) {
    CfgNodeId n = queue.front();
    queue.pop_front();
    const analysis::NodeActivity* act = ActivityOf(cfg, n, activity);
    if (act != nullptr) {
      if (act->read.Contains(symbol)) {
        const bool header = cfg.kind(n) == CfgNodeKind::kHeader;
        if (const ast::Name* name =
                FindRead(*cfg.ast(n), names, symbol, header)) {
          return name;
        }
      }
      if (act->modified.Contains(symbol) || act->deleted.Contains(symbol)) {
        continue;
      }
    }
    for (CfgNodeId m : cfg.successors(n)) {
      if (!seen[m]) {
        seen[m] = true;
        queue.push_back(m);
      }
    }
  }
  return nullptr;
}

}  // namespace agc::lint
