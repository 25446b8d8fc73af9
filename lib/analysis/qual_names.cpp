// Attaches: a SymbolId to every qualified-name expression; interns the
//   identifiers statements bind without an expression node.
// Requires: nothing.
//
// One post-order walk interns symbols in a single hash map under provisional
// ids (in creation order, so a symbol's parent and index always come before
// it); at the end the symbols are sorted by text once and every id is
// renumbered, so ids follow the alphabetical order of the texts.
#include "lib/analysis/qual_names.h"

#include <algorithm>
#include <functional>
#include <string>
#include <unordered_map>

namespace agc::analysis {

// ---- SymbolSet --------------------------------------------------------------

SymbolSet::SymbolSet(std::initializer_list<SymbolId> ids) : ids_(ids) {
  std::sort(ids_.begin(), ids_.end());
  ids_.erase(std::unique(ids_.begin(), ids_.end()), ids_.end());
}

SymbolSet SymbolSet::FromIds(std::vector<SymbolId> ids) {
  if (!std::is_sorted(ids.begin(), ids.end())) {
    std::sort(ids.begin(), ids.end());
  }
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  SymbolSet set;
  set.ids_ = std::move(ids);
  return set;
}

bool SymbolSet::Insert(SymbolId id) {
  auto it = std::lower_bound(ids_.begin(), ids_.end(), id);
  if (it != ids_.end() && *it == id) {
    return false;
  }
  ids_.insert(it, id);
  return true;
}

bool SymbolSet::Erase(SymbolId id) {
  auto it = std::lower_bound(ids_.begin(), ids_.end(), id);
  if (it == ids_.end() || *it != id) {
    return false;
  }
  ids_.erase(it);
  return true;
}

bool SymbolSet::Contains(SymbolId id) const {
  return std::binary_search(ids_.begin(), ids_.end(), id);
}

bool SymbolSet::UnionWith(const SymbolSet& other) {
  if (other.ids_.empty()) {
    return false;
  }
  if (ids_.empty()) {
    ids_ = other.ids_;
    return true;
  }
  std::vector<SymbolId> out;
  out.reserve(ids_.size() + other.ids_.size());
  std::set_union(ids_.begin(), ids_.end(), other.ids_.begin(), other.ids_.end(),
                 std::back_inserter(out));
  if (out.size() == ids_.size()) {
    return false;
  }
  ids_ = std::move(out);
  return true;
}

bool SymbolSet::Subtract(const SymbolSet& other) {
  if (ids_.empty() || other.ids_.empty()) {
    return false;
  }
  size_t before = ids_.size();
  auto out = ids_.begin();
  auto o = other.ids_.begin();
  for (auto it = ids_.begin(); it != ids_.end(); ++it) {
    while (o != other.ids_.end() && *o < *it) {
      ++o;
    }
    if (o != other.ids_.end() && *o == *it) {
      continue;
    }
    *out++ = *it;
  }
  ids_.erase(out, ids_.end());
  return ids_.size() != before;
}

void SymbolSet::IntersectWith(const SymbolSet& other) {
  auto out = ids_.begin();
  auto o = other.ids_.begin();
  for (auto it = ids_.begin(); it != ids_.end(); ++it) {
    while (o != other.ids_.end() && *o < *it) {
      ++o;
    }
    if (o != other.ids_.end() && *o == *it) {
      *out++ = *it;
    }
  }
  ids_.erase(out, ids_.end());
}

bool SymbolSet::Intersects(const SymbolSet& other) const {
  auto a = ids_.begin();
  auto b = other.ids_.begin();
  while (a != ids_.end() && b != other.ids_.end()) {
    if (*a < *b) {
      ++a;
    } else if (*b < *a) {
      ++b;
    } else {
      return true;
    }
  }
  return false;
}

SymbolSet operator|(SymbolSet a, const SymbolSet& b) {
  a.UnionWith(b);
  return a;
}

SymbolSet operator-(SymbolSet a, const SymbolSet& b) {
  a.Subtract(b);
  return a;
}

SymbolSet operator&(SymbolSet a, const SymbolSet& b) {
  a.IntersectWith(b);
  return a;
}

// ---- QualNames --------------------------------------------------------------

class QualNamesBuilder {
 public:
  QualNamesBuilder(const ast::Module& module, QualNames& out)
      : module_(module), out_(out) {
    out_.by_node_.assign(module.node_count(), kNoSymbol);
  }

  void Run() {
    for (const ast::Stmt* stmt : module_.body) {
      Visit(*stmt);
    }
    Renumber();
  }

  void RunOn(std::span<const ast::Node* const> roots) {
    for (const ast::Node* root : roots) {
      Visit(*root);
    }
    Renumber();
  }

 private:
  SymbolId Intern(std::string_view text,
                  SymbolKind kind,
                  SymbolId parent,
                  SymbolId index,
                  bool constant_subscript) {
    auto it = ids_.find(text);
    if (it != ids_.end()) {
      return it->second;
    }
    SymbolId id = static_cast<SymbolId>(out_.symbols_.size());
    Symbol& symbol = out_.symbols_.emplace_back();
    symbol.kind = kind;
    symbol.text = std::string(text);
    symbol.parent = parent;
    symbol.root = parent == kNoSymbol ? id : out_.symbols_[parent].root;
    symbol.index = index;
    symbol.constant_subscript = constant_subscript;
    ids_.emplace(symbol.text, id);
    return id;
  }

  SymbolId InternName(std::string_view name) {
    if (name.empty()) {
      return kNoSymbol;
    }
    return Intern(name, SymbolKind::kName, kNoSymbol, kNoSymbol, false);
  }

  void Set(const ast::Node& node, SymbolId id) {
    out_.by_node_[node.node_id] = id;
  }

  SymbolId Get(const ast::Node& node) const {
    return out_.by_node_[node.node_id];
  }

  // The literal text of a constant index (`0`, `'k'`, `-1`), or empty when
  // `slice` is not a literal.
  static std::string_view LiteralIndex(const ast::Expr& slice,
                                       std::string* scratch) {
    if (const auto* c = slice.As<ast::Constant>()) {
      return c->text;
    }
    const auto* u = slice.As<ast::UnaryOp>();
    if (u == nullptr || (u->op != ast::UnaryOpKind::kUSub &&
                         u->op != ast::UnaryOpKind::kUAdd)) {
      return {};
    }
    const auto* c = u->operand->As<ast::Constant>();
    if (c == nullptr || (c->value_kind != ast::ConstantKind::kInt &&
                         c->value_kind != ast::ConstantKind::kFloat &&
                         c->value_kind != ast::ConstantKind::kComplex)) {
      return {};
    }
    scratch->assign(ast::OperatorText(u->op));
    scratch->append(c->text);
    return *scratch;
  }

  void Visit(const ast::Node& node) {
    ast::ForEachChild(node, [&](const ast::Node* child) { Visit(*child); });
    switch (node.kind) {
      case ast::Kind::kName:
        Set(node, InternName(node.Cast<ast::Name>().id));
        break;
      case ast::Kind::kAttribute: {
        const auto& a = node.Cast<ast::Attribute>();
        SymbolId base = Get(*a.value);
        if (base == kNoSymbol) {
          break;
        }
        text_ = out_.symbols_[base].text;
        text_ += '.';
        text_ += a.attr;
        Set(node,
            Intern(text_, SymbolKind::kAttribute, base, kNoSymbol, false));
        break;
      }
      case ast::Kind::kSubscript: {
        const auto& s = node.Cast<ast::Subscript>();
        SymbolId base = Get(*s.value);
        if (base == kNoSymbol) {
          break;
        }
        std::string_view literal = LiteralIndex(*s.slice, &literal_);
        SymbolId index = kNoSymbol;
        if (literal.empty()) {
          index = Get(*s.slice);
          if (index == kNoSymbol) {
            break;
          }
        }
        text_ = out_.symbols_[base].text;
        text_ += '[';
        text_ += literal.empty() ? std::string_view(out_.symbols_[index].text)
                                 : literal;
        text_ += ']';
        Set(node, Intern(text_, SymbolKind::kSubscript, base, index,
                         index == kNoSymbol));
        break;
      }
      case ast::Kind::kFunctionDef:
        InternName(node.Cast<ast::FunctionDef>().name);
        break;
      case ast::Kind::kAsyncFunctionDef:
        InternName(node.Cast<ast::AsyncFunctionDef>().name);
        break;
      case ast::Kind::kClassDef:
        InternName(node.Cast<ast::ClassDef>().name);
        break;
      case ast::Kind::kArg:
        InternName(node.Cast<ast::Arg>().arg);
        break;
      case ast::Kind::kImport:
        for (const ast::Alias* alias : node.Cast<ast::Import>().names) {
          if (!alias->asname.empty()) {
            InternName(alias->asname);
          } else {
            std::string_view name = alias->name;
            InternName(name.substr(0, name.find('.')));
          }
        }
        break;
      case ast::Kind::kImportFrom:
        for (const ast::Alias* alias : node.Cast<ast::ImportFrom>().names) {
          if (!alias->asname.empty()) {
            InternName(alias->asname);
          } else if (alias->name != "*") {
            InternName(alias->name);
          }
        }
        break;
      case ast::Kind::kExceptHandler:
        InternName(node.Cast<ast::ExceptHandler>().name);
        break;
      case ast::Kind::kGlobal:
        for (std::string_view name : node.Cast<ast::Global>().names) {
          InternName(name);
        }
        break;
      case ast::Kind::kNonlocal:
        for (std::string_view name : node.Cast<ast::Nonlocal>().names) {
          InternName(name);
        }
        break;
      case ast::Kind::kMatchAs:
        InternName(node.Cast<ast::MatchAs>().name);
        break;
      case ast::Kind::kMatchStar:
        InternName(node.Cast<ast::MatchStar>().name);
        break;
      case ast::Kind::kMatchMapping:
        InternName(node.Cast<ast::MatchMapping>().rest);
        break;
      default:
        break;
    }
  }

  // Computes support sets (in creation order: a symbol's parent and index
  // are older than it), then renumbers everything alphabetically.
  void Renumber() {
    std::vector<Symbol>& symbols = out_.symbols_;
    const size_t n = symbols.size();
    for (SymbolId id = 0; id < n; ++id) {
      Symbol& s = symbols[id];
      if (s.parent == kNoSymbol) {
        s.support = {id};
        continue;
      }
      s.support = symbols[s.parent].support;
      if (s.index != kNoSymbol) {
        const std::vector<SymbolId>& more = symbols[s.index].support;
        s.support.insert(s.support.end(), more.begin(), more.end());
      }
    }

    std::vector<SymbolId> order(n);
    for (SymbolId id = 0; id < n; ++id) {
      order[id] = id;
    }
    std::sort(order.begin(), order.end(), [&](SymbolId a, SymbolId b) {
      return symbols[a].text < symbols[b].text;
    });
    std::vector<SymbolId> renamed(n);
    for (SymbolId id = 0; id < n; ++id) {
      renamed[order[id]] = id;
    }
    auto rename = [&](SymbolId id) {
      return id == kNoSymbol ? kNoSymbol : renamed[id];
    };

    std::vector<Symbol> sorted;
    sorted.reserve(n);
    for (SymbolId old : order) {
      Symbol s = std::move(symbols[old]);
      s.parent = rename(s.parent);
      s.root = rename(s.root);
      s.index = rename(s.index);
      for (SymbolId& id : s.support) {
        id = renamed[id];
      }
      std::sort(s.support.begin(), s.support.end());
      s.support.erase(std::unique(s.support.begin(), s.support.end()),
                      s.support.end());
      sorted.push_back(std::move(s));
    }
    symbols = std::move(sorted);
    for (SymbolId& id : out_.by_node_) {
      id = rename(id);
    }
    for (auto& [text, id] : ids_) {
      id = renamed[id];
    }
    out_.ids_ = std::move(ids_);
  }

  const ast::Module& module_;
  QualNames& out_;
  std::unordered_map<std::string, SymbolId, base::StringHash, std::equal_to<>>
      ids_;
  std::string text_;     // scratch: the text being built
  std::string literal_;  // scratch: a signed numeric index
};

std::unique_ptr<QualNames> QualNames::Compute(const ast::Module& module,
                                              AnalysisManager&) {
  auto out = std::make_unique<QualNames>();
  QualNamesBuilder(module, *out).Run();
  return out;
}

std::unique_ptr<QualNames> QualNames::ComputeFor(
    const ast::Module& module, std::span<const ast::Node* const> roots) {
  auto out = std::make_unique<QualNames>();
  QualNamesBuilder(module, *out).RunOn(roots);
  return out;
}

SymbolId QualNames::Of(const ast::Node& node) const {
  AGC_CHECK(node.node_id < by_node_.size());
  return by_node_[node.node_id];
}

SymbolId QualNames::Find(std::string_view text) const {
  auto it = ids_.find(text);
  return it == ids_.end() ? kNoSymbol : it->second;
}

const Symbol& QualNames::Get(SymbolId id) const {
  AGC_CHECK(id < symbols_.size());
  return symbols_[id];
}

size_t QualNames::size() const {
  return symbols_.size();
}

std::string QualNames::Format(const SymbolSet& set) const {
  std::string out;
  for (SymbolId id : set) {
    if (!out.empty()) {
      out += ", ";
    }
    out += Get(id).text;
  }
  return out;
}

}  // namespace agc::analysis
