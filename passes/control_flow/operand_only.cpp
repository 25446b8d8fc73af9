// The variables a functional loop uses only by value
// (FunctionConverter::OperandOnly, declared in function_converter.h), which
// its opts list as 'operand_only' (LoopOpts, generated_code.cpp): an
// analysis of the loop's test and body as the source has them, taken by
// Block (function_converter.cpp) before its inner statements convert.
#include <algorithm>
#include <string_view>
#include <vector>

#include "lib/analysis/qual_names.h"
#include "lib/ast/ast.h"
#include "passes/control_flow/function_converter.h"

namespace agc::passes::control_flow {

// The variables of a functional loop (its state, and a `for`'s target
// name) that it uses only by value: it rebinds them, and reads them only
// as operands of arithmetic, comparisons and unary operators other than
// `+`, or as tests (maybe through `and`, `or` and `if`-`else` whose value
// is used so in turn). It never updates one in place (`x += 1`), passes
// one to a call, stores one in another name or a container, takes an
// attribute or item of one, or lets a nested scope see one; so no object
// the loop holds in such a variable is ever changed in place. Python
// numbers a runtime carries as tensors (torch) need no copy for the body
// then: the loop's opts list these names as 'operand_only'. Read before
// the loop's inner statements convert: the body is as the source has it.
std::vector<std::string_view> FunctionConverter::OperandOnly(
    const ast::Stmt& loop, const State& state) const {
  NameSet escaping;
  auto everything = [&](auto& self, const ast::Node& node) -> void {
    if (const auto* name = node.As<ast::Name>()) {
      escaping.insert(name->id);
    }
    ast::ForEachChild(node,
                      [&](const ast::Node* child) { self(self, *child); });
  };
  // `by_value`: an operator or a test consumes the value of `node`.
  auto visit = [&](auto& self, const ast::Node& node, bool by_value) -> void {
    if (OpensScope(node)) {
      everything(everything, node);
      return;
    }
    auto operand = [&](const ast::Node* child) { self(self, *child, true); };
    auto other = [&](const ast::Node* child) { self(self, *child, false); };
    switch (node.kind) {
      case ast::Kind::kName: {
        const auto& name = *node.As<ast::Name>();
        if (name.ctx != ast::ExprContext::kStore && !by_value) {
          escaping.insert(name.id);
        }
        return;
      }
      case ast::Kind::kAugAssign: {
        const auto& aug = *node.As<ast::AugAssign>();
        if (const auto* target = aug.target->As<ast::Name>()) {
          escaping.insert(target->id);
        } else {
          other(aug.target);
        }
        operand(aug.value);
        return;
      }
      case ast::Kind::kBinOp:
      case ast::Kind::kCompare:
        ast::ForEachChild(node, operand);
        return;
      case ast::Kind::kUnaryOp: {
        const auto& op = *node.As<ast::UnaryOp>();
        self(self, *op.operand, op.op != ast::UnaryOpKind::kUAdd);
        return;
      }
      case ast::Kind::kBoolOp:
        for (const ast::Expr* value : node.As<ast::BoolOp>()->values) {
          self(self, *value, by_value);
        }
        return;
      case ast::Kind::kIfExp: {
        const auto& e = *node.As<ast::IfExp>();
        operand(e.test);
        self(self, *e.body, by_value);
        self(self, *e.orelse, by_value);
        return;
      }
      case ast::Kind::kIf:
      case ast::Kind::kWhile:
      case ast::Kind::kAssert:
        ast::ForEachChild(node, [&](const ast::Node* child) {
          self(self, *child, child == TestOf(node));
        });
        return;
      default:
        ast::ForEachChild(node, other);
        return;
    }
  };
  const ast::Expr* target = nullptr;
  if (const auto* w = loop.As<ast::While>()) {
    visit(visit, *w->test, true);
    for (const ast::Stmt* stmt : w->body) {
      visit(visit, *stmt, false);
    }
  } else {
    const auto& f = loop.Cast<ast::For>();
    target = f.target;
    visit(visit, *f.target, false);
    for (const ast::Stmt* stmt : f.body) {
      visit(visit, *stmt, false);
    }
    if (const ast::Expr* extra = module_.LoopExtraTest(f)) {
      visit(visit, *extra, true);
    }
  }
  std::vector<std::string_view> out;
  for (SymbolId id : state.symbols) {
    std::string_view name = qn_.Get(id).text;
    if (!escaping.contains(name)) {
      out.push_back(name);
    }
  }
  if (const auto* name = target != nullptr ? target->As<ast::Name>() : nullptr;
      name != nullptr && !escaping.contains(name->id) &&
      std::find(out.begin(), out.end(), name->id) == out.end()) {
    out.push_back(name->id);
  }
  return out;
}

// The test of an if, while or assert statement.
const ast::Node* FunctionConverter::TestOf(const ast::Node& stmt) {
  if (const auto* s = stmt.As<ast::If>()) {
    return s->test;
  }
  if (const auto* s = stmt.As<ast::While>()) {
    return s->test;
  }
  return stmt.As<ast::Assert>()->test;
}

}  // namespace agc::passes::control_flow
