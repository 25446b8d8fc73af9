// Qualified names: `a`, `a.b`, `a.b[0]`, `a[i]`, interned as Symbols.
//
// Attaches: a SymbolId to every Name, Attribute and Subscript expression that
//   denotes a qualified name (its base is a chain of names, attributes and
//   subscripts whose indexes are literal constants or qualified names), and
//   interns every identifier a statement binds without an expression node
//   (def/class names, parameters, import aliases, `except ... as` names,
//   global/nonlocal names, match capture names).
// Requires: nothing.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "lib/analysis/manager.h"
#include "lib/ast/ast.h"
#include "lib/base/string_hash.h"

namespace agc::analysis {

using SymbolId = uint32_t;
inline constexpr SymbolId kNoSymbol = UINT32_MAX;

enum class SymbolKind : uint8_t {
  kName,       // a
  kAttribute,  // a.b
  kSubscript,  // a[0], a['k'], a[i]
};

struct Symbol {
  SymbolKind kind = SymbolKind::kName;
  // Canonical text: no spaces, string constants as written in the input
  // ("a", "a.b", "a[0]", "a['k']", "a[i]", "a.b[c.d]").
  std::string text;
  // The qualified name this one extends ("a.b" for "a.b.c", "a" for "a[0]");
  // kNoSymbol for a plain name.
  SymbolId parent = kNoSymbol;
  // The plain name at the base ("a" for "a.b[0]"; itself for a plain name).
  SymbolId root = kNoSymbol;
  // kSubscript whose index is a qualified name: that name ("i" in "a[i]").
  SymbolId index = kNoSymbol;
  // kSubscript: the index is a literal constant (a[0], a['k']). A subscript
  // with a qualified-name index has this false: its meaning changes when the
  // index does.
  bool constant_subscript = false;
  // The smallest set of symbols the name's meaning depends on (assuming
  // attributes and indexes are static): itself for a plain name; the parent's
  // support plus the index's support otherwise ({a} for a.b, {a, i} for
  // a[i]). Sorted by id.
  std::vector<SymbolId> support;

  bool is_composite() const { return kind != SymbolKind::kName; }
};

// A set of symbols, sorted by id. Ids are assigned in lexicographic order of
// the symbols' texts, so a set iterates alphabetically (deterministic output).
class SymbolSet {
 public:
  SymbolSet() = default;
  SymbolSet(std::initializer_list<SymbolId> ids);
  // A set of `ids` in any order, duplicates allowed (cheap when already
  // sorted and unique).
  static SymbolSet FromIds(std::vector<SymbolId> ids);

  bool Insert(SymbolId id);  // true if it was not there
  bool Erase(SymbolId id);   // true if it was there
  bool Contains(SymbolId id) const;
  // Set algebra; the in-place forms return true when `*this` changed.
  bool UnionWith(const SymbolSet& other);
  bool Subtract(const SymbolSet& other);
  void IntersectWith(const SymbolSet& other);
  bool Intersects(const SymbolSet& other) const;

  size_t size() const { return ids_.size(); }

  bool empty() const { return ids_.empty(); }

  void clear() { ids_.clear(); }

  std::vector<SymbolId>::const_iterator begin() const { return ids_.begin(); }

  std::vector<SymbolId>::const_iterator end() const { return ids_.end(); }

  bool operator==(const SymbolSet&) const = default;

 private:
  std::vector<SymbolId> ids_;
};

SymbolSet operator|(SymbolSet a, const SymbolSet& b);
SymbolSet operator-(SymbolSet a, const SymbolSet& b);
SymbolSet operator&(SymbolSet a, const SymbolSet& b);

class QualNames {
 public:
  static constexpr std::string_view kName = "qual_names";
  static std::unique_ptr<QualNames> Compute(const ast::Module& module,
                                            AnalysisManager& analyses);
  // The same, for the subtrees of `roots` only (see subtree.h): ids follow
  // the alphabetical order of the symbols found there.
  static std::unique_ptr<QualNames> ComputeFor(
      const ast::Module& module, std::span<const ast::Node* const> roots);

  // The symbol of a Name/Attribute/Subscript expression; kNoSymbol when the
  // expression is not a qualified name (`f().x`, `a[i + 1]`) or is another
  // kind of node.
  SymbolId Of(const ast::Node& node) const;

  // The symbol with this canonical text, or kNoSymbol. Every identifier the
  // module binds or reads has one.
  SymbolId Find(std::string_view text) const;

  const Symbol& Get(SymbolId id) const;

  size_t size() const;

  // "a, b.c, d[0]": the texts of a set, in its (alphabetical) order.
  std::string Format(const SymbolSet& set) const;

 private:
  std::vector<Symbol> symbols_;
  std::vector<SymbolId> by_node_;  // indexed by NodeId
  // Find's index: text -> id (hashed; the lookups are per identifier).
  std::unordered_map<std::string, SymbolId, base::StringHash, std::equal_to<>>
      ids_;
  friend class QualNamesBuilder;
};

}  // namespace agc::analysis
