#include "lib/codegen/namer.h"

#include <fmt/core.h>

namespace agc::codegen {

Namer::Namer(const ast::Module& module) {
  for (const ast::Stmt* stmt : module.body) {
    Collect(*stmt);
  }
}

Namer::Namer(const ast::Node& scope) {
  Collect(scope);
}

void Namer::Use(std::string_view name) {
  if (name.empty()) {
    return;
  }
  used_.emplace(name);
  // `import a.b` binds `a`.
  size_t dot = name.find('.');
  if (dot != std::string_view::npos) {
    used_.emplace(name.substr(0, dot));
  }
}

void Namer::Collect(const ast::Node& node) {
  // Every identifier field of every node kind, from the one list of kinds.
  switch (node.kind) {
#define AGC_NODE_BEGIN(N, Cat, Py) \
  case ast::Kind::k##N: {          \
    [[maybe_unused]] const auto& n = static_cast<const ast::N&>(node);
#define AGC_NODE_END(N) \
  break;                \
  }
#define AGC_IDENT(f) Use(n.f);
#define AGC_OPT_IDENT(f) Use(n.f);
#define AGC_IDENT_LIST(f)             \
  for (std::string_view name : n.f) { \
    Use(name);                        \
  }
#include "lib/ast/node_kinds.def"
  }
  ast::ForEachChild(node, [&](const ast::Node* child) { Collect(*child); });
}

bool Namer::IsUsed(std::string_view name) const {
  return used_.count(std::string(name)) > 0;
}

std::string_view Namer::New(ast::Module& module, std::string_view base) {
  std::string name(base);
  for (int suffix = 1; used_.count(name) > 0; ++suffix) {
    name = fmt::format("{}_{}", base, suffix);
  }
  used_.insert(name);
  return module.Intern(name);
}

}  // namespace agc::codegen
