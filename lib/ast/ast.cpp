#include "lib/ast/ast.h"

#include <fmt/core.h>

#include <cstring>

namespace agc::ast {
namespace {

struct KindInfo {
  std::string_view name;
  std::string_view python_name;
};

constexpr KindInfo kKindInfos[] = {
#define AGC_NODE_BEGIN(Name, Cat, Py) {#Name, Py},
#include "lib/ast/node_kinds.def"
};

}  // namespace

std::string_view KindName(Kind kind) {
  return kKindInfos[static_cast<size_t>(kind)].name;
}

std::string_view PythonKindName(Kind kind) {
  return kKindInfos[static_cast<size_t>(kind)].python_name;
}

std::string_view OperatorText(BinOpKind op) {
  static constexpr std::string_view kText[] = {
      "+", "-", "*", "@", "/", "%", "**", "<<", ">>", "|", "^", "&", "//"};
  return kText[static_cast<size_t>(op)];
}

std::string_view OperatorText(UnaryOpKind op) {
  static constexpr std::string_view kText[] = {"~", "not", "+", "-"};
  return kText[static_cast<size_t>(op)];
}

std::string_view OperatorText(CmpOpKind op) {
  static constexpr std::string_view kText[] = {
      "==", "!=", "<", "<=", ">", ">=", "is", "is not", "in", "not in"};
  return kText[static_cast<size_t>(op)];
}

std::string_view OperatorText(BoolOpKind op) {
  return op == BoolOpKind::kAnd ? "and" : "or";
}

std::string_view PythonName(BinOpKind op) {
  static constexpr std::string_view kNames[] = {
      "Add",    "Sub",    "Mult",  "MatMult", "Div",    "Mod",     "Pow",
      "LShift", "RShift", "BitOr", "BitXor",  "BitAnd", "FloorDiv"};
  return kNames[static_cast<size_t>(op)];
}

std::string_view PythonName(UnaryOpKind op) {
  static constexpr std::string_view kNames[] = {"Invert", "Not", "UAdd",
                                                "USub"};
  return kNames[static_cast<size_t>(op)];
}

std::string_view PythonName(CmpOpKind op) {
  static constexpr std::string_view kNames[] = {
      "Eq", "NotEq", "Lt", "LtE", "Gt", "GtE", "Is", "IsNot", "In", "NotIn"};
  return kNames[static_cast<size_t>(op)];
}

std::string_view PythonName(BoolOpKind op) {
  return op == BoolOpKind::kAnd ? "And" : "Or";
}

std::string_view PythonName(ExprContext ctx) {
  static constexpr std::string_view kNames[] = {"Load", "Store", "Del"};
  return kNames[static_cast<size_t>(ctx)];
}

std::string_view PythonName(ConstantKind kind) {
  static constexpr std::string_view kNames[] = {"None",     "True", "False",
                                                "Ellipsis", "int",  "float",
                                                "complex",  "str",  "bytes"};
  return kNames[static_cast<size_t>(kind)];
}

// ---- Module -----------------------------------------------------------------

Module::Module(const base::SourceFile* source)
    : source_(source), arena_(64 * 1024) {}

void Module::SetLoopExtraTest(const For& loop, Expr* test) {
  for (auto& [id, expr] : loop_extra_tests_) {
    if (id == loop.node_id) {
      expr = test;
      return;
    }
  }
  loop_extra_tests_.emplace_back(loop.node_id, test);
}

Expr* Module::LoopExtraTest(const For& loop) const {
  for (const auto& [id, expr] : loop_extra_tests_) {
    if (id == loop.node_id) {
      return expr;
    }
  }
  return nullptr;
}

namespace {

// The value a small side table keeps for node `id` (null when none).
template <typename T>
T* Find(std::vector<std::pair<NodeId, T>>& table, NodeId id) {
  for (auto& [key, value] : table) {
    if (key == id) {
      return &value;
    }
  }
  return nullptr;
}

template <typename T>
void Put(std::vector<std::pair<NodeId, T>>& table, NodeId id, T value) {
  if (T* old = Find(table, id)) {
    *old = std::move(value);
  } else {
    table.emplace_back(id, std::move(value));
  }
}

}  // namespace

void Module::SetLoopOptions(const Stmt& loop, LoopOptionList options) {
  Put(loop_options_, loop.node_id, std::move(options));
}

const Module::LoopOptionList* Module::LoopOptions(const Stmt& loop) const {
  return Find(const_cast<Module*>(this)->loop_options_, loop.node_id);
}

void Module::SetStateHint(const Stmt& stmt, StateHint hint) {
  Put(state_hints_, stmt.node_id, std::move(hint));
}

const Module::StateHint* Module::StateHintOf(const Stmt& stmt) const {
  return Find(const_cast<Module*>(this)->state_hints_, stmt.node_id);
}

void Module::SetElementType(const Node& function,
                            std::string_view symbol,
                            ElementType type) {
  for (auto& [id, name, value] : element_types_) {
    if (id == function.node_id && name == symbol) {
      value = type;
      return;
    }
  }
  element_types_.emplace_back(function.node_id, symbol, type);
}

const Module::ElementType* Module::ElementTypeOf(
    const Node& function, std::string_view symbol) const {
  for (const auto& [id, name, value] : element_types_) {
    if (id == function.node_id && name == symbol) {
      return &value;
    }
  }
  return nullptr;
}

Module::~Module() {
  for (Node* node : destroy_) {
    switch (node->kind) {
#define AGC_NODE_BEGIN(Name, Cat, Py)                        \
  case Kind::k##Name:                                        \
    if constexpr (!std::is_trivially_destructible_v<Name>) { \
      static_cast<Name*>(node)->~Name();                     \
    }                                                        \
    break;
#include "lib/ast/node_kinds.def"
    }
  }
}

std::string_view Module::Intern(std::string_view text) {
  if (text.empty()) {
    return {};
  }
  char* mem = static_cast<char*>(arena_.allocate(text.size(), 1));
  std::memcpy(mem, text.data(), text.size());
  return std::string_view(mem, text.size());
}

std::string_view Module::TextOf(const Node& node) const {
  if (!node.span.valid() || source_ == nullptr) {
    return {};
  }
  return source_->bytes().substr(node.span.begin,
                                 node.span.end - node.span.begin);
}

// ---- Clone ------------------------------------------------------------------

namespace {

// Identifiers of the source module may point into its SourceFile; a clone
// into another module must own its text.
std::string_view CloneIdent(Module& dst, std::string_view s) {
  return dst.Intern(s);
}

template <typename T>
T CloneAttr(Module& dst, const T& value) {
  if constexpr (std::is_same_v<T, std::string_view>) {
    return dst.Intern(value);
  } else {
    (void)dst;
    return value;
  }
}

}  // namespace

Node* Clone(Module& dst, const Node& node) {
  switch (node.kind) {
#define AGC_NODE_BEGIN(Name, Cat, Py)                                  \
  case Kind::k##Name: {                                                \
    [[maybe_unused]] const auto& src = static_cast<const Name&>(node); \
    auto* out = dst.New<Name>(src.origin);                             \
    out->span = src.span;                                              \
    out->flags = src.flags;
#define AGC_NODE_END(Name) \
  return out;              \
  }
#define AGC_CHILD(T, f) \
  out->f = src.f == nullptr ? nullptr : static_cast<T*>(Clone(dst, *src.f));
#define AGC_OPT(T, f) AGC_CHILD(T, f)
#define AGC_LIST(T, f)                                                \
  out->f.reserve(src.f.size());                                       \
  for (const T* c : src.f) {                                          \
    out->f.push_back(c == nullptr ? nullptr                           \
                                  : static_cast<T*>(Clone(dst, *c))); \
  }
#define AGC_OPT_LIST(T, f) AGC_LIST(T, f)
#define AGC_IDENT(f) out->f = CloneIdent(dst, src.f);
#define AGC_OPT_IDENT(f) out->f = CloneIdent(dst, src.f);
#define AGC_IDENT_LIST(f)                 \
  for (std::string_view s : src.f) {      \
    out->f.push_back(CloneIdent(dst, s)); \
  }
#define AGC_ATTR(T, f, init) out->f = CloneAttr(dst, src.f);
#include "lib/ast/node_kinds.def"
  }
  AGC_CHECK(false);
  return nullptr;
}

// ---- Dump -------------------------------------------------------------------

namespace {

class Dumper {
 public:
  explicit Dumper(bool origins) : origins_(origins) {}

  std::string out;

  void Indent(int depth) { out.append(static_cast<size_t>(depth) * 2, ' '); }

  void Quoted(std::string_view s) {
    out += '\'';
    for (char c : s) {
      if (c == '\\' || c == '\'') {
        out += '\\';
      }
      if (c == '\n') {
        out += "\\n";
        continue;
      }
      out += c;
    }
    out += '\'';
  }

  void Value(bool v) { out += v ? "True" : "False"; }

  void Value(int32_t v) { out += std::to_string(v); }

  void Value(std::string_view v) { Quoted(v); }

  void Value(BinOpKind v) { (out += PythonName(v)) += "()"; }

  void Value(UnaryOpKind v) { (out += PythonName(v)) += "()"; }

  void Value(BoolOpKind v) { (out += PythonName(v)) += "()"; }

  void Value(ExprContext v) { (out += PythonName(v)) += "()"; }

  void Value(ConstantKind v) { out += PythonName(v); }

  void Value(const std::vector<CmpOpKind>& ops) {
    out += '[';
    for (size_t i = 0; i < ops.size(); ++i) {
      if (i > 0) {
        out += ", ";
      }
      (out += PythonName(ops[i])) += "()";
    }
    out += ']';
  }

  template <typename T>
  void DumpList(const std::vector<T*>& list, int depth) {
    if (list.empty()) {
      out += "[]";
      return;
    }
    out += "[\n";
    for (size_t i = 0; i < list.size(); ++i) {
      Indent(depth + 1);
      if (list[i] == nullptr) {
        out += "None";
      } else {
        DumpNode(*list[i], depth + 1);
      }
      out += i + 1 < list.size() ? ",\n" : "]";
    }
  }

  void Child(const Node* n, int depth) {
    if (n == nullptr) {
      out += "None";
    } else {
      DumpNode(*n, depth);
    }
  }

  void IdentList(const std::vector<std::string_view>& list) {
    out += '[';
    for (size_t i = 0; i < list.size(); ++i) {
      if (i > 0) {
        out += ", ";
      }
      Quoted(list[i]);
    }
    out += ']';
  }

  void Field(const char* name, int depth, bool& first) {
    out += first ? "\n" : ",\n";
    first = false;
    Indent(depth + 1);
    out += name;
    out += '=';
  }

  void DumpNode(const ast::Node& node, int depth);

 private:
  bool origins_;
};

void Dumper::DumpNode(const ast::Node& node, int depth) {
  out += PythonKindName(node.kind);
  if (origins_) {
    out += fmt::format("@{}:{}", node.origin.line, node.origin.col);
  }
  out += '(';
  bool first = true;
  switch (node.kind) {
#define AGC_NODE_BEGIN(Name, Cat, Py) \
  case Kind::k##Name: {               \
    [[maybe_unused]] const auto& n = static_cast<const Name&>(node);
#define AGC_NODE_END(Name) \
  break;                   \
  }
#define AGC_CHILD(T, f)    \
  Field(#f, depth, first); \
  Child(n.f, depth + 1);
#define AGC_OPT(T, f) AGC_CHILD(T, f)
// An empty type parameter list is left out (as CPython 3.13's ast.dump
// leaves out empty lists), so that code without type parameters dumps as it
// did before Python 3.12.
#define AGC_LIST(T, f)                                 \
  if (!std::is_same_v<T, TypeParam> || !n.f.empty()) { \
    Field(#f, depth, first);                           \
    DumpList(n.f, depth + 1);                          \
  }
#define AGC_OPT_LIST(T, f) AGC_LIST(T, f)
#define AGC_IDENT(f)       \
  Field(#f, depth, first); \
  Quoted(n.f);
#define AGC_OPT_IDENT(f)   \
  Field(#f, depth, first); \
  if (n.f.empty()) {       \
    out += "None";         \
  } else {                 \
    Quoted(n.f);           \
  }
#define AGC_IDENT_LIST(f)  \
  Field(#f, depth, first); \
  IdentList(n.f);
#define AGC_ATTR(T, f, init) \
  Field(#f, depth, first);   \
  Value(n.f);
#include "lib/ast/node_kinds.def"
  }
  out += ')';
}

}  // namespace

const Arg* FirstPositional(const Arguments& args) {
  return !args.posonlyargs.empty() ? args.posonlyargs[0]
         : !args.args.empty()      ? args.args[0]
                                   : nullptr;
}

bool IsValuePattern(const Pattern& pattern) {
  if (pattern.Is<MatchValue>() || pattern.Is<MatchSingleton>()) {
    return true;
  }
  if (const auto* p = pattern.As<MatchOr>()) {
    for (const Pattern* alt : p->patterns) {
      if (!IsValuePattern(*alt)) {
        return false;
      }
    }
    return !p->patterns.empty();
  }
  return false;
}

std::string_view LastName(const Expr* expr) {
  if (expr == nullptr) {
    return {};
  }
  if (const auto* call = expr->As<Call>()) {
    expr = call->func;
  }
  if (const auto* name = expr->As<Name>()) {
    return name->id;
  }
  if (const auto* attr = expr->As<Attribute>()) {
    return attr->attr;
  }
  return {};
}

std::string_view BoundName(const Node& node) {
  switch (node.kind) {
    case Kind::kName: {
      const auto& name = node.Cast<Name>();
      return name.ctx != ExprContext::kLoad ? name.id : std::string_view();
    }
    case Kind::kFunctionDef:
      return node.Cast<FunctionDef>().name;
    case Kind::kAsyncFunctionDef:
      return node.Cast<AsyncFunctionDef>().name;
    case Kind::kClassDef:
      return node.Cast<ClassDef>().name;
    case Kind::kArg:
      return node.Cast<Arg>().arg;
    case Kind::kAlias: {
      const auto& alias = node.Cast<Alias>();
      if (!alias.asname.empty()) {
        return alias.asname;
      }
      return alias.name == "*" ? std::string_view()
                               : alias.name.substr(0, alias.name.find('.'));
    }
    case Kind::kExceptHandler:
      return node.Cast<ExceptHandler>().name;
    case Kind::kMatchAs:
      return node.Cast<MatchAs>().name;
    case Kind::kMatchStar:
      return node.Cast<MatchStar>().name;
    case Kind::kMatchMapping:
      return node.Cast<MatchMapping>().rest;
    default:
      return {};
  }
}

std::string Dump(const Node& node, bool include_origins) {
  Dumper d(include_origins);
  d.DumpNode(node, 0);
  return d.out;
}

std::string Dump(const Module& module, bool include_origins) {
  Dumper d(include_origins);
  d.out += "Module(\n  body=";
  d.DumpList(module.body, 1);
  d.out += ")";
  return d.out;
}

}  // namespace agc::ast
