// agc's AST: node structs generated from node_kinds.def, shaped like CPython's
// `ast` module, owned by an ast::Module (an arena plus a dense NodeId table).
//
// Every node has an origin (1-based line and code-point column in the input)
// and, when it came from the input, the byte span it covers. Nodes a pass
// creates take the origin of the node they replace and have no span.
#pragma once

#include <cstdint>
#include <memory>
#include <memory_resource>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "lib/base/check.h"
#include "lib/base/source_file.h"

// Windows' headers (spdlog's, header-only, include them) define Yield() as
// a macro, which would rewrite the Yield node's constructor.
#ifdef Yield
#undef Yield
#endif

namespace agc::ast {

enum class Kind : uint8_t {
#define AGC_NODE_BEGIN(Name, Cat, Py) k##Name,
#include "lib/ast/node_kinds.def"
};

enum class Category : uint8_t { kStmt, kExpr, kPattern, kTypeParam, kOther };

namespace internal {
inline constexpr Category kCategories[] = {
#define AGC_NODE_BEGIN(Name, Cat, Py) Category::k##Cat,
#include "lib/ast/node_kinds.def"
};
}  // namespace internal

// Inline: the walks ask it of every node.
inline Category CategoryOf(Kind kind) {
  return internal::kCategories[static_cast<size_t>(kind)];
}

enum class ExprContext : uint8_t { kLoad, kStore, kDel };

enum class BoolOpKind : uint8_t { kAnd, kOr };

enum class BinOpKind : uint8_t {
  kAdd,
  kSub,
  kMult,
  kMatMult,
  kDiv,
  kMod,
  kPow,
  kLShift,
  kRShift,
  kBitOr,
  kBitXor,
  kBitAnd,
  kFloorDiv,
};

enum class UnaryOpKind : uint8_t { kInvert, kNot, kUAdd, kUSub };

enum class CmpOpKind : uint8_t {
  kEq,
  kNotEq,
  kLt,
  kLtE,
  kGt,
  kGtE,
  kIs,
  kIsNot,
  kIn,
  kNotIn,
};

// What a Constant's text is. kStr/kBytes texts include prefixes and quotes
// exactly as written (for implicit concatenation, the parts joined by ' ').
enum class ConstantKind : uint8_t {
  kNone,
  kTrue,
  kFalse,
  kEllipsis,
  kInt,
  kFloat,
  kComplex,
  kStr,
  kBytes,
};

std::string_view KindName(Kind kind);            // C++ name, e.g. "ExprStmt"
std::string_view PythonKindName(Kind kind);      // CPython name, e.g. "Expr"
std::string_view OperatorText(BinOpKind op);     // "+"
std::string_view OperatorText(UnaryOpKind op);   // "not", "-"
std::string_view OperatorText(CmpOpKind op);     // "not in"
std::string_view OperatorText(BoolOpKind op);    // "and"
std::string_view PythonName(BinOpKind op);       // "Add"
std::string_view PythonName(UnaryOpKind op);     // "USub"
std::string_view PythonName(CmpOpKind op);       // "NotIn"
std::string_view PythonName(BoolOpKind op);      // "And"
std::string_view PythonName(ExprContext ctx);    // "Load"
std::string_view PythonName(ConstantKind kind);  // "str"

using NodeId = uint32_t;

struct Origin {
  int32_t line = 0;  // 1-based; 0: unknown (a check failure in Verify)
  int32_t col = 0;   // 1-based, in code points
};

struct Span {
  static constexpr uint32_t kNone = UINT32_MAX;
  uint32_t begin = kNone;  // byte offsets into the input
  uint32_t end = kNone;

  bool valid() const { return begin != kNone; }
};

// Node flags.
enum : uint8_t {
  // On a FunctionDef/AsyncFunctionDef/Lambda: a pass changed something inside
  // it, so the printer regenerates the function from the AST instead of
  // copying its text.
  kFlagChanged = 1 << 0,
  // On a FunctionDef/AsyncFunctionDef/Lambda: the `functions` pass converts
  // it; later passes rewrite only code inside converted functions.
  kFlagConverted = 1 << 1,
  // On a FunctionDef: a helper control_flow generated (if_body, loop_body,
  // get_state, ...). Its body is code of the converted function it sits in,
  // running in that function's scope.
  kFlagHelper = 1 << 2,
  // On a FunctionDef: a lowering pass (break_statements,
  // continue_statements) added statements to its body, so facts of the
  // original program do not describe it; control_flow analyses it afresh.
  kFlagLowered = 1 << 3,
  // On a FunctionDef: an eager original (the `functions` pass kept the
  // function's own code and gave it a converted twin). Later passes leave it
  // as written but look inside it for the twins of its nested functions.
  kFlagOriginal = 1 << 4,
  // On an If: printed on one line, `if test: stmt` (its body is one simple
  // statement): the entry guard of an eager original.
  kFlagOneLine = 1 << 5,
};

struct Node {
  Kind kind;
  uint8_t flags = 0;
  NodeId node_id = 0;  // dense index in the owning Module
  Origin origin;
  Span span;

  Category category() const { return CategoryOf(kind); }

  template <typename T>
  bool Is() const {
    return kind == T::kKind;
  }

  template <typename T>
  T* As() {
    return kind == T::kKind ? static_cast<T*>(this) : nullptr;
  }

  template <typename T>
  const T* As() const {
    return kind == T::kKind ? static_cast<const T*>(this) : nullptr;
  }

  template <typename T>
  T& Cast() {
    AGC_CHECK(kind == T::kKind);
    return static_cast<T&>(*this);
  }

  template <typename T>
  const T& Cast() const {
    AGC_CHECK(kind == T::kKind);
    return static_cast<const T&>(*this);
  }

 protected:
  explicit Node(Kind k) : kind(k) {}
};

struct Stmt : Node {
  static constexpr Category kCategory = Category::kStmt;
  using Node::Node;
};

struct Expr : Node {
  static constexpr Category kCategory = Category::kExpr;
  using Node::Node;
};

struct Pattern : Node {
  static constexpr Category kCategory = Category::kPattern;
  using Node::Node;
};

struct TypeParam : Node {
  static constexpr Category kCategory = Category::kTypeParam;
  using Node::Node;
};

struct Other : Node {
  using Node::Node;
};

// Forward declarations of every node struct.
#define AGC_NODE_BEGIN(Name, Cat, Py) struct Name;
#include "lib/ast/node_kinds.def"

// The node structs.
#define AGC_NODE_BEGIN(Name, Cat, Py)                       \
  struct Name final : Cat {                                 \
    static constexpr Kind kKind = Kind::k##Name;            \
    static constexpr Category kCategory = Category::k##Cat; \
    Name() : Cat(kKind) {}
#define AGC_NODE_END(Name) \
  }                        \
  ;
#define AGC_CHILD(T, f) T* f = nullptr;
#define AGC_OPT(T, f) T* f = nullptr;
#define AGC_LIST(T, f) std::vector<T*> f;
#define AGC_OPT_LIST(T, f) std::vector<T*> f;
#define AGC_IDENT(f) std::string_view f;
#define AGC_OPT_IDENT(f) std::string_view f;
#define AGC_IDENT_LIST(f) std::vector<std::string_view> f;
#define AGC_ATTR(T, f, init) T f = init;
#include "lib/ast/node_kinds.def"

// A comment in the input (the text includes the leading '#').
struct Comment {
  Span span;
  Origin origin;
  bool own_line = false;  // nothing but whitespace before it on its line
};

// Owns the nodes of one file (or one template). Nodes live in an arena and
// are addressed by dense NodeIds, which analyses use to index side tables.
class Module {
 public:
  // `source` must outlive the module; identifiers of input nodes point into
  // its bytes.
  explicit Module(const base::SourceFile* source);
  ~Module();
  Module(const Module&) = delete;
  Module& operator=(const Module&) = delete;

  template <typename T>
  T* New(Origin origin) {
    void* mem = arena_.allocate(sizeof(T), alignof(T));
    T* node = new (mem) T();
    node->node_id = static_cast<NodeId>(nodes_.size());
    node->origin = origin;
    nodes_.push_back(node);
    // Most nodes (names, constants, attributes, ...) hold no list and need
    // no destructor: only the others are visited when the module goes, so
    // that freeing a module does not touch every node again.
    if constexpr (!std::is_trivially_destructible_v<T>) {
      destroy_.push_back(node);
    }
    return node;
  }

  // Copies `text` into the module's arena; the view lives as long as the
  // module.
  std::string_view Intern(std::string_view text);

  Node* Get(NodeId id) const {
    AGC_CHECK(id < nodes_.size());
    return nodes_[id];
  }

  // One past the largest NodeId; side tables are sized with this.
  NodeId node_count() const { return static_cast<NodeId>(nodes_.size()); }

  const base::SourceFile* source() const { return source_; }

  // The input text a node came from (empty for nodes without a span).
  std::string_view TextOf(const Node& node) const;

  // Loop extra tests: break_statements gives a `for` loop with a `break` the
  // test `not break_`, which control_flow passes to ag__.for_stmt (as
  // `lambda: not break_`) so the loop stops before fetching the next
  // element. Null when the loop has none.
  void SetLoopExtraTest(const For& loop, Expr* test);
  Expr* LoopExtraTest(const For& loop) const;

  // Loop options: the directives pass takes `set_loop_options(k=v, ...)`
  // out of a loop's body; control_flow adds each (name, value) to the
  // loop's opts dict. Null when the loop has none.
  using LoopOptionList = std::vector<std::pair<std::string_view, Expr*>>;
  void SetLoopOptions(const Stmt& loop, LoopOptionList options);
  const LoopOptionList* LoopOptions(const Stmt& loop) const;

  // State hints: `# agc: loop-vars(x, -tmp, +z)` before a loop, `# agc:
  // if-vars(y)` before an if. Names without a sign replace the inferred
  // state (`exact`), `+` adds, `-` removes; control_flow applies them.
  struct StateHint {
    std::vector<std::string_view> exact, add, remove;
    int32_t line = 0;  // of the comment, for diagnostics
  };

  void SetStateHint(const Stmt& stmt, StateHint hint);
  const StateHint* StateHintOf(const Stmt& stmt) const;

  // Element types: `set_element_type(l, dtype, shape)` in a converted
  // function, for the lists pass's opts. `shape` may be null.
  struct ElementType {
    Expr* dtype = nullptr;
    Expr* shape = nullptr;
  };

  void SetElementType(const Node& function,
                      std::string_view symbol,
                      ElementType type);
  const ElementType* ElementTypeOf(const Node& function,
                                   std::string_view symbol) const;

  std::vector<Stmt*> body;
  std::vector<Comment> comments;  // in input order

 private:
  std::vector<std::pair<NodeId, Expr*>> loop_extra_tests_;
  std::vector<std::pair<NodeId, LoopOptionList>> loop_options_;
  std::vector<std::pair<NodeId, StateHint>> state_hints_;
  std::vector<std::tuple<NodeId, std::string_view, ElementType>> element_types_;
  const base::SourceFile* source_;
  std::pmr::monotonic_buffer_resource arena_;
  std::vector<Node*> nodes_;
  std::vector<Node*> destroy_;  // the nodes whose type has a destructor
};

// Calls `fn(Node*)` for each non-null direct child of `node`, in field order.
template <typename Fn>
void ForEachChild(Node& node, Fn&& fn);

template <typename Fn>
void ForEachChild(const Node& node, Fn&& fn) {
  ForEachChild(const_cast<Node&>(node),
               [&](Node* child) { fn(static_cast<const Node*>(child)); });
}

// Calls `fn(Node*) -> Node*` for each non-null direct child of `node`, in
// field order, and stores what it returns in the child's place (return the
// child itself to keep it). The replacement must be of the field's category
// (an expression for an expression field, and so on): a check failure
// otherwise.
template <typename Fn>
void TransformChildren(Node& node, Fn&& fn);

// Calls `fn(std::vector<Stmt*>&)` for each statement list of `node` (a
// compound statement's body, orelse or finalbody; a handler's or a case's
// body), in field order: where a pass replaces one statement by several.
template <typename Fn>
void ForEachStmtList(Node& node, Fn&& fn);

// Deep copy of `node` (and its subtree) into `dst`, keeping origins and spans.
Node* Clone(Module& dst, const Node& node);

template <typename T>
T* CloneAs(Module& dst, const T& node) {
  return static_cast<T*>(Clone(dst, node));
}

// The first positional parameter (positional-only ones first), or null:
// `self` of a method, `cls` of a class method.
const Arg* FirstPositional(const Arguments& args);

// Whether a `match` pattern only compares the subject with values: a
// literal or dotted name (==), None/True/False (is), or `|` of those.
bool IsValuePattern(const Pattern& pattern);

// The last name of an expression: `f` for `f`, `b` for `a.b`, the callee's
// for a call (decorators such as `@a.do_not_convert()`); "" for null or
// anything else.
std::string_view LastName(const Expr* expr);

// The name `node` itself binds in the scope it runs in, or "": a Name
// stored or deleted, a def or class name, a parameter, an import alias (its
// `as` name, else its first dotted part; "" for `*`), an except or match
// capture name. Not a `global`/`nonlocal` declaration; not the names of
// `node`'s children.
std::string_view BoundName(const Node& node);

// A readable tree dump, like CPython's ast.dump(indent=...). With
// `include_origins`, each node shows `@line:col`.
std::string Dump(const Node& node, bool include_origins = false);
std::string Dump(const Module& module, bool include_origins = false);

// Checks the structure: required children present, list entries non-null
// (except optional lists), contexts consistent (targets Store/Del, the rest
// Load), every node has an origin. Returns a description of the first problem,
// or an empty string.
std::string Verify(const Module& module);

// --- implementation ---------------------------------------------------------

template <typename Fn>
void ForEachChild(Node& node, Fn&& fn) {
  switch (node.kind) {
#define AGC_NODE_BEGIN(Name, Cat, Py) \
  case Kind::k##Name: {               \
    [[maybe_unused]] auto& n = static_cast<Name&>(node);
#define AGC_NODE_END(Name) \
  break;                   \
  }
#define AGC_CHILD(T, f)          \
  if (n.f != nullptr) {          \
    fn(static_cast<Node*>(n.f)); \
  }
#define AGC_OPT(T, f) AGC_CHILD(T, f)
#define AGC_LIST(T, f)           \
  for (T * c : n.f) {            \
    if (c != nullptr) {          \
      fn(static_cast<Node*>(c)); \
    }                            \
  }
#define AGC_OPT_LIST(T, f) AGC_LIST(T, f)
#include "lib/ast/node_kinds.def"
  }
}

template <typename Fn>
void TransformChildren(Node& node, Fn&& fn) {
  // Replaces one slot of static type T* (Stmt, Expr, Pattern or a helper
  // node kind) after checking the replacement fits it.
  auto replace = [&fn](auto*& slot) {
    using T = std::remove_pointer_t<std::remove_reference_t<decltype(slot)>>;
    Node* out = fn(static_cast<Node*>(slot));
    AGC_CHECK(out != nullptr);
    if constexpr (std::is_same_v<T, Stmt> || std::is_same_v<T, Expr> ||
                  std::is_same_v<T, Pattern> || std::is_same_v<T, TypeParam>) {
      AGC_CHECK(out->category() == T::kCategory);
    } else {
      AGC_CHECK(out->kind == T::kKind);
    }
    slot = static_cast<T*>(out);
  };
  switch (node.kind) {
#define AGC_NODE_BEGIN(Name, Cat, Py) \
  case Kind::k##Name: {               \
    [[maybe_unused]] auto& n = static_cast<Name&>(node);
#define AGC_NODE_END(Name) \
  break;                   \
  }
#define AGC_CHILD(T, f) \
  if (n.f != nullptr) { \
    replace(n.f);       \
  }
#define AGC_OPT(T, f) AGC_CHILD(T, f)
#define AGC_LIST(T, f)  \
  for (T * &c : n.f) {  \
    if (c != nullptr) { \
      replace(c);       \
    }                   \
  }
#define AGC_OPT_LIST(T, f) AGC_LIST(T, f)
#include "lib/ast/node_kinds.def"
  }
}

template <typename Fn>
void ForEachStmtList(Node& node, Fn&& fn) {
  switch (node.kind) {
#define AGC_NODE_BEGIN(Name, Cat, Py) \
  case Kind::k##Name: {               \
    [[maybe_unused]] auto& n = static_cast<Name&>(node);
#define AGC_NODE_END(Name) \
  break;                   \
  }
#define AGC_LIST(T, f)                     \
  if constexpr (std::is_same_v<T, Stmt>) { \
    fn(n.f);                               \
  }
#include "lib/ast/node_kinds.def"
  }
}

}  // namespace agc::ast
