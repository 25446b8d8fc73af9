// ast::Verify: structural checks run after lowering and after every pass in
// tests. A failure here is a bug in agc (the caller turns it into a check).
#include <fmt/core.h>

#include <string_view>

#include "lib/ast/ast.h"

namespace agc::ast {
namespace {

bool HasContext(Kind kind) {
  switch (kind) {
    case Kind::kName:
    case Kind::kAttribute:
    case Kind::kSubscript:
    case Kind::kStarred:
    case Kind::kList:
    case Kind::kTuple:
      return true;
    default:
      return false;
  }
}

ExprContext ContextOf(const Node& n) {
  switch (n.kind) {
    case Kind::kName:
      return n.Cast<Name>().ctx;
    case Kind::kAttribute:
      return n.Cast<Attribute>().ctx;
    case Kind::kSubscript:
      return n.Cast<Subscript>().ctx;
    case Kind::kStarred:
      return n.Cast<Starred>().ctx;
    case Kind::kList:
      return n.Cast<List>().ctx;
    case Kind::kTuple:
      return n.Cast<Tuple>().ctx;
    default:
      return ExprContext::kLoad;
  }
}

// The context an expression in field `field` of a `parent` node must have.
ExprContext ExpectedContext(Kind parent,
                            std::string_view field,
                            ExprContext parent_ctx) {
  switch (parent) {
    case Kind::kAssign:
      return field == "targets" ? ExprContext::kStore : ExprContext::kLoad;
    case Kind::kTypeAlias:
      return field == "name" ? ExprContext::kStore : ExprContext::kLoad;
    case Kind::kAugAssign:
    case Kind::kAnnAssign:
    case Kind::kFor:
    case Kind::kAsyncFor:
    case Kind::kComprehension:
    case Kind::kNamedExpr:
      return field == "target" ? ExprContext::kStore : ExprContext::kLoad;
    case Kind::kWithItem:
      return field == "optional_vars" ? ExprContext::kStore
                                      : ExprContext::kLoad;
    case Kind::kDelete:
      return ExprContext::kDel;
    case Kind::kTuple:
    case Kind::kList:
    case Kind::kStarred:
      return parent_ctx;
    default:
      return ExprContext::kLoad;
  }
}

class Verifier {
 public:
  std::string error;

  void Fail(const Node& n, std::string_view what) {
    if (error.empty()) {
      error = fmt::format("{} (id {}) at {}:{}: {}", KindName(n.kind),
                          n.node_id, n.origin.line, n.origin.col, what);
    }
  }

  void Check(const Node& n, ExprContext ctx, int depth);
};

void Verifier::Check(const Node& node, ExprContext ctx, int depth) {
  if (!error.empty()) {
    return;
  }
  if (depth > 5000) {
    Fail(node, "tree deeper than 5000 levels");
    return;
  }
  if (node.origin.line <= 0 || node.origin.col <= 0) {
    Fail(node, "node has no origin");
  }
  if (HasContext(node.kind) && ContextOf(node) != ctx) {
    Fail(node, fmt::format("context is {}, expected {}",
                           PythonName(ContextOf(node)), PythonName(ctx)));
  }
  ExprContext own = HasContext(node.kind) ? ContextOf(node) : ctx;
  switch (node.kind) {
#define AGC_NODE_BEGIN(Name, Cat, Py)                                \
  case Kind::k##Name: {                                              \
    [[maybe_unused]] const auto& n = static_cast<const Name&>(node); \
    [[maybe_unused]] constexpr Kind kParent = Kind::k##Name;
#define AGC_NODE_END(Name) \
  break;                   \
  }
#define AGC_CHILD(T, f)                                        \
  if (n.f == nullptr) {                                        \
    Fail(node, "missing required field '" #f "'");             \
  } else {                                                     \
    Check(*n.f, ExpectedContext(kParent, #f, own), depth + 1); \
  }
#define AGC_OPT(T, f)                                          \
  if (n.f != nullptr) {                                        \
    Check(*n.f, ExpectedContext(kParent, #f, own), depth + 1); \
  }
#define AGC_LIST(T, f)                                         \
  for (const T* c : n.f) {                                     \
    if (c == nullptr) {                                        \
      Fail(node, "null entry in list '" #f "'");               \
    } else {                                                   \
      Check(*c, ExpectedContext(kParent, #f, own), depth + 1); \
    }                                                          \
  }
#define AGC_OPT_LIST(T, f)                                     \
  for (const T* c : n.f) {                                     \
    if (c != nullptr) {                                        \
      Check(*c, ExpectedContext(kParent, #f, own), depth + 1); \
    }                                                          \
  }
#define AGC_IDENT(f)                         \
  if (n.f.empty()) {                         \
    Fail(node, "empty identifier '" #f "'"); \
  }
#define AGC_IDENT_LIST(f)                         \
  for (std::string_view ident : n.f) {            \
    if (ident.empty()) {                          \
      Fail(node, "empty identifier in '" #f "'"); \
    }                                             \
  }
#include "lib/ast/node_kinds.def"
  }
  if (const auto* cmp = node.As<Compare>()) {
    if (cmp->ops.empty() || cmp->ops.size() != cmp->comparators.size()) {
      Fail(node, "Compare needs as many ops as comparators, at least one");
    }
  }
  if ((node.Is<Global>() && node.Cast<Global>().names.empty()) ||
      (node.Is<Nonlocal>() && node.Cast<Nonlocal>().names.empty())) {
    Fail(node, "global/nonlocal without names");
  }
  if (const auto* dict = node.As<Dict>()) {
    if (dict->keys.size() != dict->values.size()) {
      Fail(node, "Dict keys and values differ in length");
    }
  }
  if (const auto* args = node.As<Arguments>()) {
    if (args->kw_defaults.size() != args->kwonlyargs.size()) {
      Fail(node, "kw_defaults and kwonlyargs differ in length");
    }
  }
}

}  // namespace

std::string Verify(const Module& module) {
  Verifier v;
  for (const Stmt* s : module.body) {
    if (s == nullptr) {
      return "null statement in module body";
    }
    v.Check(*s, ExprContext::kLoad, 0);
  }
  return v.error;
}

}  // namespace agc::ast
