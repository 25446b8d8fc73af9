#include "lib/codegen/namer.h"

#include <fmt/core.h>

#include <algorithm>
#include <cstdint>

namespace agc::codegen {
namespace {

// The suffix number `name` takes in the sequence `base`, `base_1`,
// `base_2`, ... (0 for `base` itself), or -1 when it is not in it. Only the
// spelling New() produces counts: `base_01` is not `base_1`.
int64_t SuffixOf(std::string_view name, std::string_view base) {
  if (name.size() < base.size() || name.compare(0, base.size(), base) != 0) {
    return -1;
  }
  if (name.size() == base.size()) {
    return 0;
  }
  std::string_view rest = name.substr(base.size());
  // `_` and 1 to 9 digits without a leading zero (beyond that the number
  // cannot be one New() reaches).
  if (rest.size() < 2 || rest.size() > 10 || rest[0] != '_' || rest[1] == '0') {
    return -1;
  }
  int64_t value = 0;
  for (char c : rest.substr(1)) {
    if (c < '0' || c > '9') {
      return -1;
    }
    value = value * 10 + (c - '0');
  }
  return value;
}

}  // namespace

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
  used_.push_back(name);
  // `import a.b` binds `a`.
  size_t dot = name.find('.');
  if (dot != std::string_view::npos) {
    used_.push_back(name.substr(0, dot));
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
  return std::find(used_.begin(), used_.end(), name) != used_.end();
}

std::string_view Namer::New(ast::Module& module, std::string_view base) {
  // One pass over the identifiers marks which of `base`, `base_1`, ... are
  // taken; the first free one is the answer (what trying them in turn
  // against a set of every identifier would give).
  std::vector<bool> taken;
  for (std::string_view name : used_) {
    int64_t suffix = SuffixOf(name, base);
    // A suffix beyond the number of identifiers cannot be the first free one.
    if (suffix >= 0 && static_cast<uint64_t>(suffix) <= used_.size()) {
      if (taken.size() <= static_cast<size_t>(suffix)) {
        taken.resize(suffix + 1, false);
      }
      taken[suffix] = true;
    }
  }
  size_t first = 0;
  while (first < taken.size() && taken[first]) {
    ++first;
  }
  std::string_view name =
      first == 0 ? module.Intern(base)
                 : module.Intern(fmt::format("{}_{}", base, first));
  used_.push_back(name);
  return name;
}

}  // namespace agc::codegen
