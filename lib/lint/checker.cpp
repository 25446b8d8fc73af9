#include "lib/lint/checker.h"

#include <algorithm>
#include <functional>

#include "lib/lint/flow.h"
#include "lib/lint/registry.h"

namespace agc::lint {
namespace {

bool IsScopeNode(const ast::Node& node) {
  return node.Is<ast::FunctionDef>() || node.Is<ast::AsyncFunctionDef>() ||
         node.Is<ast::Lambda>() || node.Is<ast::ClassDef>();
}

// Calls fn on every node of `node`'s subtree that runs in the same scope
// (nested defs, lambdas and classes are not entered), `node` included.
template <typename Fn>
void WalkScope(const ast::Node& node, Fn&& fn) {
  fn(node);
  ast::ForEachChild(node, [&](const ast::Node* child) {
    if (!IsScopeNode(*child)) {
      WalkScope(*child, fn);
    }
  });
}

bool Yields(const std::vector<ast::Stmt*>& body) {
  bool found = false;
  for (const ast::Stmt* stmt : body) {
    WalkScope(*stmt, [&](const ast::Node& n) {
      found = found || n.Is<ast::Yield>() || n.Is<ast::YieldFrom>();
    });
  }
  return found;
}

bool IsTensorFlowModule(std::string_view module) {
  return module == "tensorflow" || module.starts_with("tensorflow.");
}

bool IsJaxModule(std::string_view module) {
  return module == "jax" || module.starts_with("jax.");
}

void CollectImports(const ast::Stmt& stmt, ModuleFacts& facts) {
  if (const auto* imp = stmt.As<ast::Import>()) {
    for (const ast::Alias* alias : imp->names) {
      std::string_view name = alias->name;
      const bool tf = IsTensorFlowModule(name);
      if (!tf && !IsJaxModule(name)) {
        continue;
      }
      // `import jax.numpy` binds `jax`.
      std::string_view bound = !alias->asname.empty()
                                   ? alias->asname
                                   : name.substr(0, name.find('.'));
      if (tf) {
        facts.tensorflow_names.push_back(bound);
      }
      facts.framework_names.push_back(bound);
    }
  } else if (const auto* from = stmt.As<ast::ImportFrom>()) {
    std::string_view module = from->module;
    const bool tf = IsTensorFlowModule(module);
    if (from->level != 0 || (!tf && !IsJaxModule(module))) {
      return;
    }
    for (const ast::Alias* alias : from->names) {
      std::string_view bound =
          !alias->asname.empty() ? alias->asname : alias->name;
      if (tf) {
        facts.tensorflow_names.push_back(bound);
      }
      facts.framework_names.push_back(bound);
    }
  }
}

void CollectFacts(const std::vector<ast::Stmt*>& body,
                  const ast::ClassDef* cls,
                  bool module_level,
                  ModuleFacts& facts) {
  for (const ast::Stmt* stmt : body) {
    CollectImports(*stmt, facts);
    if (const auto* fn = stmt->As<ast::FunctionDef>()) {
      if (module_level) {
        std::vector<std::string_view> globals;
        for (const ast::Stmt* s : fn->body) {
          WalkScope(*s, [&](const ast::Node& n) {
            if (const auto* g = n.As<ast::Global>()) {
              globals.insert(globals.end(), g->names.begin(), g->names.end());
            }
          });
        }
        if (!globals.empty()) {
          std::string_view written;
          for (const ast::Stmt* s : fn->body) {
            WalkScope(*s, [&](const ast::Node& n) {
              const auto* name = n.As<ast::Name>();
              if (written.empty() && name != nullptr &&
                  name->ctx == ast::ExprContext::kStore &&
                  std::find(globals.begin(), globals.end(), name->id) !=
                      globals.end()) {
                written = name->id;
              }
            });
          }
          if (!written.empty()) {
            facts.global_writers.emplace_back(fn->name, written);
          }
        }
      }
      if (cls != nullptr) {
        const ast::Arg* self = ast::FirstPositional(*fn->args);
        // `self.x` (Store), or null.
        auto self_attribute = [&](const ast::Expr* target) {
          const auto* attr = target->As<ast::Attribute>();
          const auto* base =
              attr != nullptr ? attr->value->As<ast::Name>() : nullptr;
          return base != nullptr && self != nullptr && base->id == self->arg
                     ? attr
                     : nullptr;
        };
        // One walk: the first attribute of self the method assigns, and the
        // values of `self.x = value`, `self.x = self.y = value`,
        // `self.x: T = value`.
        std::string_view attribute;
        for (const ast::Stmt* s : fn->body) {
          WalkScope(*s, [&](const ast::Node& n) {
            if (const auto* attr = n.As<ast::Attribute>()) {
              if (attribute.empty() && attr->ctx == ast::ExprContext::kStore &&
                  self_attribute(attr) != nullptr) {
                attribute = attr->attr;
              }
            } else if (const auto* a = n.As<ast::Assign>()) {
              for (const ast::Expr* target : a->targets) {
                if (const auto* attr = self_attribute(target)) {
                  facts.attribute_values.push_back({cls, attr->attr, a->value});
                }
              }
            } else if (const auto* a = n.As<ast::AnnAssign>()) {
              const auto* attr = self_attribute(a->target);
              if (attr != nullptr && a->value != nullptr) {
                facts.attribute_values.push_back({cls, attr->attr, a->value});
              }
            }
          });
        }
        if (!attribute.empty()) {
          facts.mutating_methods.push_back({cls, fn->name, attribute});
        }
      }
    }
    if (const auto* c = stmt->As<ast::ClassDef>()) {
      CollectFacts(c->body, c, false, facts);
      continue;
    }
    // Imports and classes inside if/try blocks at module level.
    if (stmt->Is<ast::If>() || stmt->Is<ast::Try>()) {
      ast::ForEachChild(*stmt, [&](const ast::Node* child) {
        if (child->category() == ast::Category::kStmt) {
          CollectFacts(
              {const_cast<ast::Stmt*>(static_cast<const ast::Stmt*>(child))},
              cls, module_level, facts);
        } else if (const auto* h = child->As<ast::ExceptHandler>()) {
          CollectFacts(h->body, cls, module_level, facts);
        }
      });
    }
  }
}

// ModuleFacts::fixed_globals.
void CollectFixedGlobals(const ast::Module& module, ModuleFacts& facts) {
  std::vector<std::string_view> candidates;
  for (const ast::Stmt* stmt : module.body) {
    const auto* a = stmt->As<ast::Assign>();
    const auto* target = a != nullptr && a->targets.size() == 1
                             ? a->targets[0]->As<ast::Name>()
                             : nullptr;
    if (target != nullptr && (FixedValue(*a->value) || PythonBool(*a->value))) {
      candidates.push_back(target->id);
    }
  }
  if (candidates.empty()) {
    return;
  }
  // Every binding of every name in the module, nested scopes included; a
  // `global` declaration counts twice (a function may rebind the name).
  std::vector<std::string_view> bound;
  std::function<void(const ast::Node&)> visit = [&](const ast::Node& n) {
    if (std::string_view name = ast::BoundName(n); !name.empty()) {
      bound.push_back(name);
    } else if (const auto* g = n.As<ast::Global>()) {
      bound.insert(bound.end(), g->names.begin(), g->names.end());
      bound.insert(bound.end(), g->names.begin(), g->names.end());
    }
    ast::ForEachChild(n, [&](const ast::Node* child) { visit(*child); });
  };
  for (const ast::Stmt* stmt : module.body) {
    visit(*stmt);
  }
  std::sort(bound.begin(), bound.end());
  for (std::string_view name : candidates) {
    auto [first, last] = std::equal_range(bound.begin(), bound.end(), name);
    if (last - first == 1) {
      facts.fixed_globals.push_back(name);
    }
  }
}

}  // namespace

bool ModuleFacts::IsFramework(std::string_view name) const {
  return std::find(framework_names.begin(), framework_names.end(), name) !=
         framework_names.end();
}

bool ModuleFacts::IsTensorFlow(std::string_view name) const {
  return std::find(tensorflow_names.begin(), tensorflow_names.end(), name) !=
         tensorflow_names.end();
}

const ast::Expr& ChainRoot(const ast::Expr& expr) {
  const ast::Expr* e = &expr;
  while (const auto* a = e->As<ast::Attribute>()) {
    e = a->value;
  }
  return *e;
}

std::string DottedName(const ast::Expr* expr) {
  if (expr == nullptr) {
    return {};
  }
  if (const auto* name = expr->As<ast::Name>()) {
    return std::string(name->id);
  }
  if (const auto* attr = expr->As<ast::Attribute>()) {
    std::string base = DottedName(attr->value);
    return base.empty() ? base : base + "." + std::string(attr->attr);
  }
  return {};
}

bool IsConvertible(const ast::FunctionDef& fn) {
  for (const ast::Expr* decorator : fn.decorator_list) {
    std::string_view last = ast::LastName(decorator);
    if (last == "do_not_convert" || last == "autograph_artifact") {
      return false;
    }
  }
  return !Yields(fn.body);
}

std::string_view StatementKeyword(const ast::Stmt& stmt) {
  switch (stmt.kind) {
    case ast::Kind::kIf:
      return "if";
    case ast::Kind::kFor:
      return "for";
    case ast::Kind::kAsyncFor:
      return "async for";
    case ast::Kind::kWhile:
      return "while";
    case ast::Kind::kTry:
    case ast::Kind::kTryStar:
      return "try";
    case ast::Kind::kWith:
      return "with";
    case ast::Kind::kMatch:
      return "match";
    case ast::Kind::kAssign:
    case ast::Kind::kAugAssign:
    case ast::Kind::kAnnAssign:
      return "assignment";
    case ast::Kind::kReturn:
      return "return";
    case ast::Kind::kExprStmt:
      return "expression";
    default:
      return ast::PythonKindName(stmt.kind);
  }
}

Checker::Checker(const ast::Module& module,
                 analysis::AnalysisManager& analyses,
                 CheckerOptions options)
    : module_(module), analyses_(analyses), options_(options) {
  CollectFacts(module.body, nullptr, true, facts_);
  CollectFixedGlobals(module, facts_);
}

bool IsSelf(const ast::Expr& expr, const Checker& checker) {
  const auto* name = expr.As<ast::Name>();
  const WalkState& state = checker.state();
  const auto* def =
      state.def != nullptr ? state.def->As<ast::FunctionDef>() : nullptr;
  if (state.cls == nullptr || name == nullptr || def == nullptr ||
      state.function != def) {
    return false;
  }
  const ast::Arg* self = ast::FirstPositional(*def->args);
  return self != nullptr && self->arg == name->id;
}

std::string_view Checker::FunctionName() const {
  if (state_.def == nullptr) {
    return "<lambda>";
  }
  return state_.def->Cast<ast::FunctionDef>().name;
}

int32_t Checker::EndLine(const ast::Node& node) const {
  if (!node.span.valid() || node.span.end == 0) {
    return node.origin.line;
  }
  return module_.source()->LineOf(node.span.end - 1);
}

bool Checker::FirstTime(diag::DiagKind kind,
                        const ast::Node& at,
                        uint32_t symbol) {
  return seen_.emplace(static_cast<int>(kind), at.node_id, symbol).second;
}

void Checker::Run(std::vector<diag::Diagnostic>& out) {
  out_ = &out;
  for (const ast::Stmt* stmt : module_.body) {
    Visit(*stmt);
  }
  out_ = nullptr;
}

void Checker::VisitFunction(const ast::Node& fn) {
  WalkState saved = state_;
  state_.function = &fn;
  if (const auto* def = fn.As<ast::FunctionDef>()) {
    state_.def = def;
    // A def is converted at module or class level, or inside a converted
    // function; never inside one left as written.
    bool outer_ok = saved.function == nullptr || saved.converted;
    state_.converted = outer_ok && IsConvertible(*def);
    state_.cls = saved.function == nullptr ? saved.cls : nullptr;
    state_.stmts.clear();
    for (const Rule& rule : Rules()) {
      rule.check(fn, *this);
    }
    // Decorators, defaults and annotations run in the enclosing scope.
    WalkState inner = state_;
    state_ = saved;
    for (const ast::Expr* d : def->decorator_list) {
      Visit(*d);
    }
    Visit(*def->args);
    if (def->returns != nullptr) {
      Visit(*def->returns);
    }
    state_ = inner;
    for (const ast::Stmt* stmt : def->body) {
      Visit(*stmt);
    }
  } else if (const auto* lambda = fn.As<ast::Lambda>()) {
    state_.converted = saved.function != nullptr && saved.converted;
    for (const Rule& rule : Rules()) {
      rule.check(fn, *this);
    }
    WalkState inner = state_;
    state_ = saved;
    Visit(*lambda->args);
    state_ = inner;
    Visit(*lambda->body);
  } else {
    // async def: left as written (AGC102), nothing inside is converted.
    state_.def = nullptr;
    state_.converted = false;
    ast::ForEachChild(fn, [&](const ast::Node* child) { Visit(*child); });
  }
  state_ = saved;
}

void Checker::Visit(const ast::Node& node) {
  if (node.Is<ast::FunctionDef>() || node.Is<ast::Lambda>() ||
      node.Is<ast::AsyncFunctionDef>()) {
    VisitFunction(node);
    return;
  }
  if (const auto* cls = node.As<ast::ClassDef>()) {
    WalkState saved = state_;
    for (const Rule& rule : Rules()) {
      rule.check(node, *this);
    }
    for (const ast::Expr* e : cls->bases) {
      Visit(*e);
    }
    for (const ast::Keyword* k : cls->keywords) {
      Visit(*k);
    }
    for (const ast::Expr* d : cls->decorator_list) {
      Visit(*d);
    }
    state_.function = nullptr;
    state_.def = nullptr;
    state_.converted = false;
    state_.cls = cls;
    state_.stmts.clear();
    for (const ast::Stmt* stmt : cls->body) {
      Visit(*stmt);
    }
    state_ = saved;
    return;
  }
  const bool is_stmt = node.category() == ast::Category::kStmt;
  if (is_stmt) {
    state_.stmts.push_back(static_cast<const ast::Stmt*>(&node));
  }
  for (const Rule& rule : Rules()) {
    rule.check(node, *this);
  }
  ast::ForEachChild(node, [&](const ast::Node* child) { Visit(*child); });
  if (is_stmt) {
    state_.stmts.pop_back();
  }
}

}  // namespace agc::lint
