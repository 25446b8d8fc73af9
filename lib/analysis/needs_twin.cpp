#include "lib/analysis/needs_twin.h"

#include <algorithm>
#include <array>

namespace agc::analysis {
namespace {

// The builtins the runtime overloads for staged values
// (_OVERLOADABLE_BUILTINS), by name: shadowed or not, a call of one of these
// names needs a twin. Those a twin calls in the original's context (super,
// locals, vars, globals, dir, eval, exec: call_trees leaves them direct, the
// functions pass snapshots locals()) do what they do in the original.
constexpr std::array<std::string_view, 16> kTwinBuiltins = {
    "abs", "all", "any", "enumerate", "filter", "float", "int",    "len",
    "map", "max", "min", "next",      "print",  "range", "sorted", "zip"};

bool IsTwinBuiltin(std::string_view name) {
  return std::find(kTwinBuiltins.begin(), kTwinBuiltins.end(), name) !=
         kTwinBuiltins.end();
}

// Statements that run as written in a twin.
bool PlainStatement(const ast::Stmt& stmt) {
  switch (stmt.kind) {
    case ast::Kind::kDelete:
    case ast::Kind::kAssign:
    case ast::Kind::kAugAssign:
    case ast::Kind::kAnnAssign:
    case ast::Kind::kRaise:
    case ast::Kind::kImport:
    case ast::Kind::kImportFrom:
    case ast::Kind::kGlobal:
    case ast::Kind::kNonlocal:
    case ast::Kind::kExprStmt:
    case ast::Kind::kPass:
      return true;
    default:
      return false;
  }
}

std::string_view StatementName(const ast::Stmt& stmt) {
  switch (stmt.kind) {
    case ast::Kind::kIf:
      return "if statement";
    case ast::Kind::kWhile:
      return "while loop";
    case ast::Kind::kFor:
    case ast::Kind::kAsyncFor:
      return "for loop";
    case ast::Kind::kTry:
    case ast::Kind::kTryStar:
      return "try statement";
    case ast::Kind::kWith:
    case ast::Kind::kAsyncWith:
      return "with statement";
    case ast::Kind::kMatch:
      return "match statement";
    case ast::Kind::kReturn:
      return "early return";
    case ast::Kind::kAssert:
      return "assert";
    default:
      return "statement";
  }
}

class Finder {
 public:
  explicit Finder(const TwinRuleOptions& options) : options_(options) {}

  const TwinRuleOptions& options() const { return options_; }

  std::optional<TwinReason> found;

  void Expr(const ast::Node& node) {
    if (found) {
      return;
    }
    if (std::string_view why = Construct(node); !why.empty()) {
      found = TwinReason{why, node.origin};
      return;
    }
    if (const auto* ann = node.As<ast::AnnAssign>()) {
      // A local's annotation is not evaluated (`y: int = x`).
      Expr(*ann->target);
      if (ann->value != nullptr) {
        Expr(*ann->value);
      }
      return;
    }
    ast::ForEachChild(node, [&](const ast::Node* child) { Expr(*child); });
  }

 private:
  std::string_view Construct(const ast::Node& node) const {
    switch (node.kind) {
      case ast::Kind::kBoolOp:
        return node.As<ast::BoolOp>()->op == ast::BoolOpKind::kAnd ? "`and`"
                                                                   : "`or`";
      case ast::Kind::kIfExp:
        return "conditional expression";
      case ast::Kind::kLambda:
        return "lambda";
      case ast::Kind::kListComp:
      case ast::Kind::kSetComp:
      case ast::Kind::kDictComp:
        return "comprehension";
      case ast::Kind::kGeneratorExp:
        return "generator expression";
      case ast::Kind::kNamedExpr:
        return "assignment expression";
      case ast::Kind::kAwait:
        return "await";
      case ast::Kind::kYield:
      case ast::Kind::kYieldFrom:
        return "yield";
      case ast::Kind::kUnaryOp:
        return node.As<ast::UnaryOp>()->op == ast::UnaryOpKind::kNot ? "`not`"
                                                                     : "";
      case ast::Kind::kCompare:
        return node.As<ast::Compare>()->ops.size() > 1 ? "chained comparison"
                                                       : "";
      case ast::Kind::kSubscript:
        return options_.slices ? "subscript (slices)" : "";
      case ast::Kind::kList:
        return options_.lists ? "list display (lists)" : "";
      case ast::Kind::kCall:
        return CallConstruct(*node.As<ast::Call>());
      case ast::Kind::kName:
        // `p = print; p(x)`: the twin's call of p stages, the original's
        // would not.
        return IsTwinBuiltin(node.As<ast::Name>()->id)
                   ? "builtin the runtime overloads, read"
                   : "";
      default:
        return "";
    }
  }

  std::string_view CallConstruct(const ast::Call& call) const {
    std::string_view name;
    if (const auto* n = call.func->As<ast::Name>()) {
      if (IsTwinBuiltin(n->id)) {
        return "call of a builtin the runtime overloads";
      }
      name = n->id;
    } else if (const auto* a = call.func->As<ast::Attribute>()) {
      name = a->attr;
      if (options_.lists && (name == "append" || name == "pop")) {
        return "list append or pop (lists)";
      }
    }
    if (name == "set_loop_options" || name == "set_element_type") {
      return "directive";
    }
    // sys._getframe, sys._getframemodulename, warnings.warn: the runtime
    // counts their caller's frames as the original program's (without
    // its own, when a twin calls this function through converted_call).
    if (name == "_getframe" || name == "_getframemodulename" ||
        name == "warn") {
      return "call that reads its caller's frames";
    }
    return "";
  }

  const TwinRuleOptions& options_;
};

// What the enclosing function itself runs of a nested `def`: its
// decorators, defaults, annotations and type parameters. The body is not
// the enclosing function's: it runs as written, in the original as in a
// twin, or behind a guard and a twin of its own (Converter::OriginalBlock).
template <typename Def>
void DefinitionHeader(const Def& def, Finder& finder) {
  for (const ast::Expr* d : def.decorator_list) {
    finder.Expr(*d);
  }
  finder.Expr(*def.args);
  if (def.returns != nullptr) {
    finder.Expr(*def.returns);
  }
  for (const ast::TypeParam* t : def.type_params) {
    finder.Expr(*t);
  }
}

// The first statement of a block run by the enclosing function that needs
// a twin (a nested def's header, a nested class's header and body).
std::optional<TwinReason> Block(const std::vector<ast::Stmt*>& body,
                                bool function_body,
                                Finder& finder) {
  for (size_t i = 0; i < body.size() && !finder.found; ++i) {
    const ast::Stmt& stmt = *body[i];
    if (const auto* def = stmt.As<ast::FunctionDef>()) {
      DefinitionHeader(*def, finder);
      // One that needs a twin itself makes the enclosing function need
      // one: TensorFlow's AutoGraph converts a function not marked as
      // converted from its source, and could not run the guard and the
      // twin agc writes in it.
      if (!finder.found && NeedsTwin(*def, finder.options())) {
        return TwinReason{"nested function with a twin", def->origin};
      }
      continue;
    }
    if (const auto* def = stmt.As<ast::AsyncFunctionDef>()) {
      DefinitionHeader(*def, finder);
      continue;
    }
    if (const auto* cls = stmt.As<ast::ClassDef>()) {
      // A class body runs once, when the enclosing function defines the
      // class: its statements are the enclosing function's to check.
      for (const ast::Expr* d : cls->decorator_list) {
        finder.Expr(*d);
      }
      for (const ast::Expr* b : cls->bases) {
        finder.Expr(*b);
      }
      for (const ast::Keyword* k : cls->keywords) {
        finder.Expr(*k);
      }
      for (const ast::TypeParam* t : cls->type_params) {
        finder.Expr(*t);
      }
      if (auto why = Block(cls->body, /*function_body=*/false, finder)) {
        return why;
      }
      continue;
    }
    const bool last_return =
        function_body && stmt.Is<ast::Return>() && i + 1 == body.size();
    if (!last_return && !PlainStatement(stmt)) {
      return TwinReason{StatementName(stmt), stmt.origin};
    }
    finder.Expr(stmt);
  }
  return finder.found;
}

}  // namespace

std::optional<TwinReason> NeedsTwin(const ast::FunctionDef& fn,
                                    const TwinRuleOptions& options) {
  Finder finder(options);
  return Block(fn.body, /*function_body=*/true, finder);
}

}  // namespace agc::analysis
