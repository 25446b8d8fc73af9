#include "passes/locals_calls.h"

#include <algorithm>

#include "lib/codegen/template.h"
#include "passes/converted_code.h"

namespace agc::passes {
namespace {

using analysis::SymbolId;
using analysis::SymbolSet;

bool IsPlain(const analysis::QualNames& names, SymbolId id) {
  return !names.Get(id).is_composite();
}

// The names `scope` shares with its nested scopes' free uses: reads, writes
// through `nonlocal` and walrus targets of comprehensions (CPython makes
// them cells).
SymbolSet SharedWithNested(const analysis::Scope& scope,
                           const analysis::QualNames& names) {
  SymbolSet shared;
  for (const analysis::Scope* child : scope.children) {
    for (const SymbolSet* set :
         {&child->read, &child->modified, &child->deleted}) {
      for (SymbolId id : *set) {
        if (IsPlain(names, id) && scope.bound.Contains(id) &&
            !child->bound.Contains(id) && !child->globals.Contains(id) &&
            !child->type_params.Contains(id)) {
          shared.Insert(id);
        }
      }
    }
  }
  return shared;
}

// Whether plain name `id`, used in `scope` but not bound there, is a free
// variable of it: bound in an enclosing function, lambda or comprehension
// (class bodies are not seen), not a global.
bool IsFree(SymbolId id, const analysis::Scope& scope) {
  if (scope.globals.Contains(id)) {
    return false;
  }
  if (scope.nonlocals.Contains(id)) {
    return true;
  }
  for (const analysis::Scope* s = scope.parent; s != nullptr; s = s->parent) {
    switch (s->kind) {
      case analysis::ScopeKind::kModule:
        return false;
      case analysis::ScopeKind::kClass:
        continue;
      default:
        break;
    }
    if (s->globals.Contains(id)) {
      return false;
    }
    if (s->bound.Contains(id) || s->nonlocals.Contains(id)) {
      return true;
    }
  }
  return false;
}

bool InClass(const analysis::Scope& scope) {
  for (const analysis::Scope* s = scope.parent; s != nullptr; s = s->parent) {
    if (s->kind == analysis::ScopeKind::kClass) {
      return true;
    }
  }
  return false;
}

// Collects the plain names of `body` in the order the function first uses
// them (as its bytecode does: a statement's reads before its writes, an
// `if` test before its branches, a `try` body and its `else` before the
// handlers).
class FirstUses {
 public:
  FirstUses(const analysis::Activity& activity,
            const SymbolSet& wanted,
            std::vector<SymbolId>& out)
      : activity_(activity), wanted_(wanted), out_(out) {}

  void Block(const std::vector<ast::Stmt*>& body) {
    for (const ast::Stmt* stmt : body) {
      Stmt(*stmt);
    }
  }

 private:
  void Stmt(const ast::Stmt& stmt) {
    switch (stmt.kind) {
      case ast::Kind::kIf: {
        const auto& s = stmt.Cast<ast::If>();
        Header(stmt);
        Block(s.body);
        Block(s.orelse);
        return;
      }
      case ast::Kind::kWhile: {
        const auto& s = stmt.Cast<ast::While>();
        Header(stmt);
        Block(s.body);
        Block(s.orelse);
        return;
      }
      case ast::Kind::kFor: {
        const auto& s = stmt.Cast<ast::For>();
        Header(stmt);
        Block(s.body);
        Block(s.orelse);
        return;
      }
      case ast::Kind::kAsyncFor: {
        const auto& s = stmt.Cast<ast::AsyncFor>();
        Header(stmt);
        Block(s.body);
        Block(s.orelse);
        return;
      }
      case ast::Kind::kWith:
        Header(stmt);
        Block(stmt.Cast<ast::With>().body);
        return;
      case ast::Kind::kAsyncWith:
        Header(stmt);
        Block(stmt.Cast<ast::AsyncWith>().body);
        return;
      case ast::Kind::kTry: {
        const auto& s = stmt.Cast<ast::Try>();
        Try(s.body, s.orelse, s.handlers, s.finalbody);
        return;
      }
      case ast::Kind::kTryStar: {
        const auto& s = stmt.Cast<ast::TryStar>();
        Try(s.body, s.orelse, s.handlers, s.finalbody);
        return;
      }
      case ast::Kind::kMatch:
        Header(stmt);
        for (const ast::MatchCase* c : stmt.Cast<ast::Match>().cases) {
          Header(*c);
          Block(c->body);
        }
        return;
      default:
        if (const analysis::NodeActivity* act = activity_.Of(stmt)) {
          Uses(*act);
        }
        return;
    }
  }

  void Try(const std::vector<ast::Stmt*>& body,
           const std::vector<ast::Stmt*>& orelse,
           const std::vector<ast::ExceptHandler*>& handlers,
           const std::vector<ast::Stmt*>& finalbody) {
    Block(body);
    Block(orelse);
    for (const ast::ExceptHandler* h : handlers) {
      Header(*h);
      Block(h->body);
    }
    Block(finalbody);
  }

  void Header(const ast::Node& node) { Uses(activity_.HeaderOf(node)); }

  void Uses(const analysis::NodeActivity& act) {
    for (const SymbolSet* set : {&act.read, &act.modified, &act.deleted}) {
      for (SymbolId id : *set) {
        if (wanted_.Contains(id) && seen_.Insert(id)) {
          out_.push_back(id);
        }
      }
    }
  }

  const analysis::Activity& activity_;
  const SymbolSet& wanted_;
  std::vector<SymbolId>& out_;
  SymbolSet seen_;
};

// The comprehensions (`for ... in ...` clauses) of a comprehension node.
const std::vector<ast::Comprehension*>& Generators(const ast::Node& node) {
  switch (node.kind) {
    case ast::Kind::kListComp:
      return node.Cast<ast::ListComp>().generators;
    case ast::Kind::kSetComp:
      return node.Cast<ast::SetComp>().generators;
    case ast::Kind::kDictComp:
      return node.Cast<ast::DictComp>().generators;
    default:
      return node.Cast<ast::GeneratorExp>().generators;
  }
}

// Calls fn(name) for each name a target binds, left to right.
template <typename Fn>
void ForEachTargetName(const ast::Node& target, Fn&& fn) {
  if (const auto* name = target.As<ast::Name>()) {
    fn(name->id);
    return;
  }
  ast::ForEachChild(
      target, [&](const ast::Node* child) { ForEachTargetName(*child, fn); });
}

}  // namespace

bool IsLocalsCall(const ast::Call& call) {
  const auto* name = call.func->As<ast::Name>();
  return name != nullptr && (name->id == "locals" || name->id == "vars") &&
         call.args.empty() && call.keywords.empty();
}

bool CallsBuiltinLocals(const ast::Call& call,
                        const analysis::Scope& scope,
                        const analysis::QualNames& names) {
  const SymbolId id = names.Find(call.func->Cast<ast::Name>().id);
  return id != analysis::kNoSymbol && scope.free.Contains(id);
}

bool IsLocalsScope(const analysis::Scope& scope) {
  return scope.node != nullptr &&
         (scope.node->Is<ast::FunctionDef>() || scope.node->Is<ast::Lambda>() ||
          scope.kind == analysis::ScopeKind::kComprehension);
}

std::vector<std::string_view> LocalNames(const analysis::Scope& scope,
                                         const analysis::Activity& activity,
                                         const analysis::QualNames& names) {
  AGC_CHECK(IsLocalsScope(scope));
  std::vector<SymbolId> ordered;
  SymbolSet listed;
  auto add = [&](SymbolId id) {
    if (id != analysis::kNoSymbol && listed.Insert(id)) {
      ordered.push_back(id);
    }
  };
  const std::vector<ast::Stmt*>* body = nullptr;
  const bool comprehension = scope.kind == analysis::ScopeKind::kComprehension;
  if (comprehension) {
    // Its parameter is the first iterable's iterator, `.0` (not a name of
    // the module: put first at the end); then its targets, in order.
    for (const ast::Comprehension* gen : Generators(*scope.node)) {
      ForEachTargetName(*gen->target,
                        [&](std::string_view name) { add(names.Find(name)); });
    }
  } else {
    const ast::Arguments* args = nullptr;
    if (const auto* fn = scope.node->As<ast::FunctionDef>()) {
      args = fn->args;
      body = &fn->body;
    } else {
      args = scope.node->Cast<ast::Lambda>().args;
    }
    // Parameters, in the order of the code's co_varnames.
    for (const std::vector<ast::Arg*>* list :
         {&args->posonlyargs, &args->args, &args->kwonlyargs}) {
      for (const ast::Arg* arg : *list) {
        add(names.Find(arg->arg));
      }
    }
    for (const ast::Arg* arg : {args->vararg, args->kwarg}) {
      if (arg != nullptr) {
        add(names.Find(arg->arg));
      }
    }
  }
  // The other locals: first those only the function uses, then the cells.
  const SymbolSet shared = SharedWithNested(scope, names);
  SymbolSet own;
  for (SymbolId id : scope.bound) {
    if (IsPlain(names, id) && !listed.Contains(id) && !shared.Contains(id)) {
      own.Insert(id);
    }
  }
  if (body != nullptr) {
    std::vector<SymbolId> first;
    FirstUses(activity, own, first).Block(*body);
    for (SymbolId id : first) {
      add(id);
    }
  }
  for (SymbolId id : own) {
    add(id);  // a lambda's walrus targets
  }
  for (SymbolId id : shared) {
    add(id);
  }
  // Free variables.
  SymbolSet free;
  for (const SymbolSet* set :
       {&scope.read, &scope.modified, &scope.deleted, &scope.nonlocals}) {
    for (SymbolId id : *set) {
      if (IsPlain(names, id) && !scope.bound.Contains(id) &&
          IsFree(id, scope)) {
        free.Insert(id);
      }
    }
  }
  const size_t before_free = ordered.size();
  for (SymbolId id : free) {
    add(id);
  }
  const size_t free_count = ordered.size() - before_free;
  std::vector<std::string_view> out;
  out.reserve(ordered.size() + 1);
  for (SymbolId id : ordered) {
    out.push_back(names.Get(id).text);
  }
  // A method (or a function inside one) that reads `super` or `__class__`
  // has the class in a free variable `__class__` (which zero-argument
  // super() reads), whether or not the module spells the name.
  const SymbolId super = names.Find("super");
  const SymbolId dunder_class = names.Find("__class__");
  auto reads = [&](SymbolId id) {
    return id != analysis::kNoSymbol && scope.read.Contains(id);
  };
  if (comprehension) {
    out.insert(out.begin(), ".0");
  }
  if ((reads(super) || reads(dunder_class)) && InClass(scope) &&
      !listed.Contains(dunder_class)) {
    constexpr std::string_view kClassCell = "__class__";
    const auto first_free = out.end() - static_cast<std::ptrdiff_t>(free_count);
    auto at = out.end();
    while (at != first_free && *(at - 1) > kClassCell) {
      --at;
    }
    out.insert(at, kClassCell);
  }
  return out;
}

const analysis::Scope* InliningScope(const analysis::Scope& scope) {
  const analysis::Scope* at = &scope;
  while (at != nullptr && at->kind == analysis::ScopeKind::kComprehension) {
    if (at->node == nullptr || at->node->Is<ast::GeneratorExp>()) {
      return nullptr;  // a frame of its own on every version
    }
    at = at->parent;
  }
  if (at == nullptr || !IsLocalsScope(*at)) {
    return nullptr;
  }
  return at;
}

std::vector<std::string_view> InlinedLocalNames(
    const analysis::Scope& scope,
    const analysis::Activity& activity,
    const analysis::QualNames& names) {
  const analysis::Scope* owner = InliningScope(scope);
  AGC_CHECK(owner != nullptr);
  std::vector<std::string_view> out = LocalNames(*owner, activity, names);
  std::vector<const analysis::Scope*> chain;
  for (const analysis::Scope* at = &scope; at != owner; at = at->parent) {
    chain.push_back(at);
  }
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    for (const ast::Comprehension* gen : Generators(*(*it)->node)) {
      ForEachTargetName(*gen->target, [&](std::string_view name) {
        if (std::find(out.begin(), out.end(), name) == out.end()) {
          out.push_back(name);
        }
      });
    }
  }
  return out;
}

namespace {

ast::Expr* NamesTuple(ast::Module& module,
                      const std::vector<std::string_view>& names,
                      ast::Origin origin) {
  std::vector<ast::Expr*> strings;
  strings.reserve(names.size());
  for (std::string_view name : names) {
    strings.push_back(codegen::StrConstant(module, name, origin));
  }
  return codegen::InstantiateExpr(module, "(names,)", {{"names", strings}},
                                  origin);
}

}  // namespace

ast::Expr* SnapshotCall(ast::Module& module,
                        ast::Expr* scope,
                        const std::vector<std::string_view>& names,
                        ast::Origin origin,
                        ast::Expr* inlined,
                        const std::vector<std::string_view>* inlined_names) {
  if (inlined != nullptr) {
    AGC_CHECK(inlined_names != nullptr);
    return codegen::InstantiateExpr(
        module, "ag__.locals_(scope, names, inlined, inlined_names)",
        {{"scope", scope},
         {"names", NamesTuple(module, names, origin)},
         {"inlined", inlined},
         {"inlined_names", NamesTuple(module, *inlined_names, origin)}},
        origin);
  }
  return codegen::InstantiateExpr(
      module, "ag__.locals_(scope, names)",
      {{"scope", scope}, {"names", NamesTuple(module, names, origin)}}, origin);
}

std::vector<std::string_view> SnapshotNames(const ast::Expr& expr,
                                            std::string_view scope,
                                            bool* is_snapshot) {
  std::vector<std::string_view> out;
  if (is_snapshot != nullptr) {
    *is_snapshot = false;
  }
  const auto* call = expr.As<ast::Call>();
  if (call == nullptr || !IsRuntimeCall(*call, "locals_") ||
      (call->args.size() != 2 && call->args.size() != 4) ||
      !call->keywords.empty()) {
    return out;
  }
  // A comprehension's names its function's scope third (SnapshotCall).
  const size_t at = call->args.size() == 4 ? 2 : 0;
  const auto* owner = call->args[at]->As<ast::Name>();
  const auto* tuple = call->args[at + 1]->As<ast::Tuple>();
  if (owner == nullptr || owner->id != scope || tuple == nullptr) {
    return out;
  }
  for (const ast::Expr* elt : tuple->elts) {
    const auto* constant = elt->As<ast::Constant>();
    if (constant == nullptr ||
        constant->value_kind != ast::ConstantKind::kStr ||
        constant->text.size() < 2) {
      continue;
    }
    // An identifier, written as '...' by StrConstant: nothing to unescape.
    out.push_back(constant->text.substr(1, constant->text.size() - 2));
  }
  if (is_snapshot != nullptr) {
    *is_snapshot = true;
  }
  return out;
}

}  // namespace agc::passes
