// A cursor over tree-sitter's tree for the lowering: the moves of
// TSTreeCursor (first child, next sibling, parent, the current node, its
// symbol and its field), reading the nodes of the linked libtree-sitter
// directly.
//
// TSTreeCursor spends most of the lowering's time in function calls and in
// recomputing what the walk already knows (0.59 s to visit the standard
// library's 7.5 million nodes, against 3 s to parse them); the same moves
// over the node layout of libtree-sitter 0.20.7 (the version the setup
// installs) take 0.37 s, and the whole lowering went from 0.73 to 0.53 s.
// The layout is not part of tree-sitter's API, so it is checked once per
// process (LayoutMatches): a probe tree is walked both ways and every move,
// node, symbol and field compared. When anything differs (another
// libtree-sitter), every TreeWalker uses TSTreeCursor. ctest stdlib_walk
// compares both walks on the whole standard library.
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace agc::syntax {

class TreeWalker {
 public:
  // A walker on `root`, direct when the layout matches.
  explicit TreeWalker(TSNode root) : TreeWalker(root, LayoutMatches()) {}

  // `direct`: read the layout (tests compare both ways) or use TSTreeCursor.
  TreeWalker(TSNode root, bool direct);

  ~TreeWalker();

  TreeWalker(const TreeWalker&) = delete;
  TreeWalker& operator=(const TreeWalker&) = delete;

  // The moves of ts_tree_cursor_goto_first_child, _goto_next_sibling and
  // _goto_parent, over visible nodes.
  bool Down();
  bool Next();
  bool Up();

  // ts_tree_cursor_current_node and ts_tree_cursor_current_field_id.
  TSNode Node() const;
  TSFieldId FieldId() const;

  // ts_node_symbol(Node()), without making the node.
  TSSymbol Symbol() const;

  // Whether the linked libtree-sitter lays its nodes out as this walker
  // reads them: computed once, by comparing both walks of a probe tree.
  static bool LayoutMatches();

 private:
  struct Entry {
    const void* subtree;  // the child slot in its parent (a Subtree)
    uint32_t bytes;       // start position
    uint32_t row;
    uint32_t column;
    uint32_t child_index;
    uint32_t structural_index;
  };

  // The first visible node at or below the children of the top entry.
  bool DescendFrom(size_t floor);

  // The alias the parent's production gives the top entry (0: none).
  TSSymbol Alias() const;

  void Push(const Entry& entry) {
    if (size_ == stack_.size()) {
      stack_.resize(2 * size_);
    }
    stack_[size_++] = entry;
  }

  const TSTree* tree_ = nullptr;
  const TSLanguage* language_ = nullptr;
  bool direct_ = false;
  std::vector<Entry> stack_;  // [0, size_) is the path from the root
  size_t size_ = 0;
  TSTreeCursor cursor_{};
};

// ts_node_start_byte and ts_node_start_point without a call: a TSNode keeps
// its start in its context (checked with the layout, see LayoutMatches).
inline uint32_t StartByte(TSNode n) {
  return n.context[0];
}

inline TSPoint StartPoint(TSNode n) {
  return {n.context[1], n.context[2]};
}

// Walks `root` with TreeWalker both ways (direct and TSTreeCursor), depth
// first with every move the lowering makes, and returns the first
// difference ("" when they agree). For LayoutMatches and the tests.
std::string CompareWalks(TSNode root);

}  // namespace agc::syntax
