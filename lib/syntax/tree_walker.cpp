#include "lib/syntax/tree_walker.h"

#include <fmt/core.h>

#include <cstring>

#include "lib/base/check.h"
#include "lib/syntax/grammar.h"
// The grammar's own ABI header: the layout of the TSLanguage it defines
// (it expects api.h to declare TSStateId, which 0.20.7's does not).
typedef uint16_t TSStateId;
#include "third_party/tree-sitter-python/src/tree_sitter/parser.h"

namespace agc::syntax {
namespace {

// libtree-sitter 0.20.7's Subtree: a word that is either an inline leaf
// (lowest bit set; flags in byte 0, padding and size in bytes 4-7) or a
// pointer to the node, whose children are the words just before it.
// Offsets as its subtree.h lays them out (LayoutMatches checks them). The
// runtimes of ABI 15 (0.25, 0.26: the portable build's, compiled in) lay
// out the same but for a 32-bit child count, which moves the symbol and
// the flags.
namespace layout {
constexpr unsigned kPaddingBytes = 4;  // Length padding: bytes, row, column
constexpr unsigned kSizeBytes = 16;    // Length size: bytes, row, column
constexpr unsigned kChildCount = 36;
#if TREE_SITTER_LANGUAGE_VERSION >= 15
using ChildCount = uint32_t;
constexpr unsigned kSymbol = 40;  // uint16_t
constexpr unsigned kFlags = 44;   // visible 0x1, named 0x2, extra 0x4
#else
using ChildCount = uint16_t;
constexpr unsigned kSymbol = 38;  // uint16_t
constexpr unsigned kFlags = 42;   // visible 0x1, named 0x2, extra 0x4
#endif
constexpr unsigned kVisibleChildCount = 48;  // uint32_t
constexpr unsigned kProductionId = 66;       // uint16_t
// Inline leaves: byte 0 holds is_inline 0x1, visible 0x2, named 0x4,
// extra 0x8; the symbol in byte 1; padding columns, rows (low 4 bits),
// bytes; size in bytes.
constexpr unsigned kInlineSymbol = 1;
constexpr unsigned kInlinePaddingColumns = 4;
constexpr unsigned kInlinePaddingRows = 5;
constexpr unsigned kInlinePaddingBytes = 6;
constexpr unsigned kInlineSize = 7;
}  // namespace layout

uint64_t Word(const void* slot) {
  uint64_t word;
  std::memcpy(&word, slot, sizeof word);
  return word;
}

bool IsInline(uint64_t word) {
  return (word & 1) != 0;
}

const uint8_t* Heap(uint64_t word) {
  return reinterpret_cast<const uint8_t*>(static_cast<uintptr_t>(word));
}

uint8_t InlineByte(uint64_t word, unsigned i) {
  return static_cast<uint8_t>(word >> (8 * i));
}

template <typename T>
T Field(const uint8_t* node, unsigned offset) {
  T value;
  std::memcpy(&value, node + offset, sizeof value);
  return value;
}

bool Visible(uint64_t word) {
  return IsInline(word) ? (word & 0x2) != 0
                        : (Heap(word)[layout::kFlags] & 0x1) != 0;
}

bool Extra(uint64_t word) {
  return IsInline(word) ? (word & 0x8) != 0
                        : (Heap(word)[layout::kFlags] & 0x4) != 0;
}

uint32_t ChildCount(uint64_t word) {
  return IsInline(word)
             ? 0
             : Field<layout::ChildCount>(Heap(word), layout::kChildCount);
}

uint32_t VisibleChildCount(uint64_t word) {
  return ChildCount(word) == 0
             ? 0
             : Field<uint32_t>(Heap(word), layout::kVisibleChildCount);
}

uint32_t ProductionId(uint64_t word) {
  return Field<uint16_t>(Heap(word), layout::kProductionId);
}

const void* ChildSlot(uint64_t parent, uint32_t i) {
  const uint8_t* node = Heap(parent);
  return node - static_cast<size_t>(ChildCount(parent) - i) * sizeof(uint64_t);
}

struct Length {
  uint32_t bytes;
  uint32_t row;
  uint32_t column;
};

Length Padding(uint64_t word) {
  if (IsInline(word)) {
    return {InlineByte(word, layout::kInlinePaddingBytes),
            static_cast<uint32_t>(InlineByte(word, layout::kInlinePaddingRows) &
                                  0xF),
            InlineByte(word, layout::kInlinePaddingColumns)};
  }
  const uint8_t* node = Heap(word);
  return {Field<uint32_t>(node, layout::kPaddingBytes),
          Field<uint32_t>(node, layout::kPaddingBytes + 4),
          Field<uint32_t>(node, layout::kPaddingBytes + 8)};
}

Length Size(uint64_t word) {
  if (IsInline(word)) {
    const uint8_t size = InlineByte(word, layout::kInlineSize);
    return {size, 0, size};
  }
  const uint8_t* node = Heap(word);
  return {Field<uint32_t>(node, layout::kSizeBytes),
          Field<uint32_t>(node, layout::kSizeBytes + 4),
          Field<uint32_t>(node, layout::kSizeBytes + 8)};
}

// tree-sitter's length_add: a length with rows ends at its own column.
void Advance(uint32_t& bytes, uint32_t& row, uint32_t& column, Length by) {
  bytes += by.bytes;
  if (by.row > 0) {
    row += by.row;
    column = by.column;
  } else {
    column += by.column;
  }
}

TSSymbol AliasAt(const TSLanguage* language,
                 uint32_t production_id,
                 uint32_t structural_index) {
  return production_id == 0
             ? 0
             : language
                   ->alias_sequences[production_id *
                                         language->max_alias_sequence_length +
                                     structural_index];
}

// Whether the child `word`, at `structural` in its parent's production, is
// visible (itself or by an alias); moves `structural` past it (extras take
// no place in the production). The alias is looked up only when needed.
bool StepVisible(const TSLanguage* language,
                 uint32_t production_id,
                 uint64_t word,
                 uint32_t& structural) {
  if (Extra(word)) {
    return Visible(word);
  }
  const uint32_t at = structural++;
  return Visible(word) || AliasAt(language, production_id, at) != 0;
}

}  // namespace

TreeWalker::TreeWalker(TSNode root, bool direct)
    : tree_(root.tree),
      language_(ts_tree_language(root.tree)),
      direct_(direct) {
  if (!direct_) {
    cursor_ = ts_tree_cursor_new(root);
    return;
  }
  stack_.resize(64);
  const TSPoint start = ts_node_start_point(root);
  Push({root.id, ts_node_start_byte(root), start.row, start.column, 0, 0});
}

TreeWalker::~TreeWalker() {
  if (!direct_) {
    ts_tree_cursor_delete(&cursor_);
  }
}

// ts_tree_cursor_goto_first_child: the first visible child, looking through
// invisible children that have visible ones.
bool TreeWalker::DescendFrom(size_t floor) {
  for (;;) {
    const Entry parent = stack_[size_ - 1];
    const uint64_t parent_word = Word(parent.subtree);
    const uint32_t count = ChildCount(parent_word);
    if (count == 0) {
      break;
    }
    const uint32_t production_id = ProductionId(parent_word);
    uint32_t bytes = parent.bytes;
    uint32_t row = parent.row;
    uint32_t column = parent.column;
    uint32_t structural = 0;
    bool descended = false;
    for (uint32_t i = 0; i < count; ++i) {
      const void* slot = ChildSlot(parent_word, i);
      const uint64_t word = Word(slot);
      if (i > 0) {
        Advance(bytes, row, column, Padding(word));
      }
      const Entry entry{slot, bytes, row, column, i, structural};
      if (StepVisible(language_, production_id, word, structural)) {
        Push(entry);
        return true;
      }
      if (VisibleChildCount(word) > 0) {
        Push(entry);
        descended = true;
        break;
      }
      Advance(bytes, row, column, Size(word));
    }
    if (!descended) {
      break;
    }
  }
  size_ = floor;
  return false;
}

bool TreeWalker::Down() {
  if (!direct_) {
    return ts_tree_cursor_goto_first_child(&cursor_);
  }
  return DescendFrom(size_);
}

bool TreeWalker::Next() {
  if (!direct_) {
    return ts_tree_cursor_goto_next_sibling(&cursor_);
  }
  // Climbs through invisible parents; the stack changes only on success.
  const size_t initial = size_;
  for (size_t size = initial; size > 1; --size) {
    const Entry& done = stack_[size - 1];
    const uint64_t parent_word = Word(stack_[size - 2].subtree);
    const uint32_t count = ChildCount(parent_word);
    const uint32_t production_id = ProductionId(parent_word);
    const uint64_t done_word = Word(done.subtree);
    uint32_t bytes = done.bytes;
    uint32_t row = done.row;
    uint32_t column = done.column;
    uint32_t structural = done.structural_index;
    if (StepVisible(language_, production_id, done_word, structural) &&
        size < initial) {
      return false;  // past a visible parent: no sibling
    }
    Advance(bytes, row, column, Size(done_word));
    for (uint32_t i = done.child_index + 1; i < count; ++i) {
      const void* slot = ChildSlot(parent_word, i);
      const uint64_t word = Word(slot);
      Advance(bytes, row, column, Padding(word));
      const Entry entry{slot, bytes, row, column, i, structural};
      const bool visible =
          StepVisible(language_, production_id, word, structural);
      if (visible || VisibleChildCount(word) > 0) {
        size_ = size - 1;
        Push(entry);
        if (!visible) {
          DescendFrom(size_);
        }
        return true;
      }
      Advance(bytes, row, column, Size(word));
    }
  }
  return false;
}

bool TreeWalker::Up() {
  if (!direct_) {
    return ts_tree_cursor_goto_parent(&cursor_);
  }
  for (size_t i = size_ - 1; i-- > 0;) {
    const uint64_t word = Word(stack_[i].subtree);
    if (Visible(word) ||
        (i > 0 && !Extra(word) &&
         AliasAt(language_, ProductionId(Word(stack_[i - 1].subtree)),
                 stack_[i].structural_index) != 0)) {
      size_ = i + 1;
      return true;
    }
  }
  return false;
}

TSSymbol TreeWalker::Alias() const {
  const Entry& entry = stack_[size_ - 1];
  if (size_ == 1 || Extra(Word(entry.subtree))) {
    return 0;
  }
  return AliasAt(language_, ProductionId(Word(stack_[size_ - 2].subtree)),
                 entry.structural_index);
}

TSNode TreeWalker::Node() const {
  if (!direct_) {
    return ts_tree_cursor_current_node(&cursor_);
  }
  const Entry& entry = stack_[size_ - 1];
  TSNode node;
  node.context[0] = entry.bytes;
  node.context[1] = entry.row;
  node.context[2] = entry.column;
  node.context[3] = Alias();
  node.id = entry.subtree;
  node.tree = tree_;
  return node;
}

TSSymbol TreeWalker::Symbol() const {
  if (!direct_) {
    return ts_node_symbol(ts_tree_cursor_current_node(&cursor_));
  }
  TSSymbol symbol = Alias();
  if (symbol == 0) {
    const uint64_t word = Word(stack_[size_ - 1].subtree);
    symbol = IsInline(word) ? InlineByte(word, layout::kInlineSymbol)
                            : Field<uint16_t>(Heap(word), layout::kSymbol);
  }
  // ts_language_public_symbol: the error symbol is its own.
  return symbol == ts_builtin_sym_error ? symbol
                                        : language_->public_symbol_map[symbol];
}

TSFieldId TreeWalker::FieldId() const {
  if (!direct_) {
    return ts_tree_cursor_current_field_id(&cursor_);
  }
  for (size_t i = size_ - 1; i > 0; --i) {
    const Entry& entry = stack_[i];
    const uint64_t word = Word(entry.subtree);
    const uint32_t production_id = ProductionId(Word(stack_[i - 1].subtree));
    if (i != size_ - 1) {
      if (Visible(word) ||
          (!Extra(word) &&
           AliasAt(language_, production_id, entry.structural_index) != 0)) {
        break;
      }
    }
    if (Extra(word)) {
      break;
    }
    if (language_->field_count == 0) {
      continue;
    }
    const TSFieldMapSlice slice = language_->field_map_slices[production_id];
    const TSFieldMapEntry* fields = language_->field_map_entries + slice.index;
    for (uint32_t f = 0; f < slice.length; ++f) {
      if (!fields[f].inherited &&
          fields[f].child_index == entry.structural_index) {
        return fields[f].field_id;
      }
    }
  }
  return 0;
}

namespace {

std::string Describe(TSNode n) {
  return fmt::format("{} at byte {} ({}:{}), alias {}", ts_node_type(n),
                     n.context[0], n.context[1], n.context[2], n.context[3]);
}

// The lowering's moves, depth first: down into every node, along its
// children, back up.
std::string Walk(TreeWalker& direct, TreeWalker& api, int depth) {
  auto same = [&](const char* move, bool a, bool b) -> std::string {
    if (a != b) {
      return fmt::format("{}: {} vs {}", move, a, b);
    }
    TSNode x = direct.Node();
    TSNode y = api.Node();
    if (std::memcmp(x.context, y.context, sizeof x.context) != 0 ||
        x.id != y.id || x.tree != y.tree) {
      return fmt::format("{}: node {} vs {}", move, Describe(x), Describe(y));
    }
    const TSPoint start = ts_node_start_point(y);
    if (StartByte(y) != ts_node_start_byte(y) ||
        StartPoint(y).row != start.row ||
        StartPoint(y).column != start.column) {
      return fmt::format("{}: start of {}", move, Describe(y));
    }
    if (direct.Symbol() != api.Symbol() ||
        direct.Symbol() != ts_node_symbol(y)) {
      return fmt::format("{}: symbol {} vs {} at {}", move, direct.Symbol(),
                         api.Symbol(), Describe(y));
    }
    if (direct.FieldId() != api.FieldId()) {
      return fmt::format("{}: field {} vs {} at {}", move, direct.FieldId(),
                         api.FieldId(), Describe(y));
    }
    return "";
  };
  const bool down_direct = direct.Down();
  if (std::string d = same("down", down_direct, api.Down()); !d.empty()) {
    return d;
  }
  if (!down_direct) {
    return "";
  }
  for (;;) {
    if (depth < 10000) {
      if (std::string d = Walk(direct, api, depth + 1); !d.empty()) {
        return d;
      }
    }
    const bool next_direct = direct.Next();
    if (std::string d = same("next", next_direct, api.Next()); !d.empty()) {
      return d;
    }
    if (!next_direct) {
      break;
    }
  }
  return same("up", direct.Up(), api.Up());
}

// What the probe exercises: aliases (keyword identifiers, the two blocks),
// fields, hidden rules, comments (extras) between and inside nodes, line
// continuations, multi-line tokens and padding, and leaves of every size.
constexpr std::string_view kProbe =
    "# c\n"
    "import a.b as c, d  # c\n"
    "from . import (e,\n"
    "    f)\n"
    "print >> x, y\n"
    "@dec(1)\n"
    "async def g(p, /, q: int = 2, *r, s, **t) -> None:\n"
    "    '''doc\n"
    "    string'''\n"
    "    x = [i for i in range(3) if i]  # c\n"
    "    y = lambda u=1: u or not u\n"
    "    z = x[1:2, ::3] @ y  \\\n"
    "        + f'{x!r:>{y}}' 'w' b'v'\n"
    "    while z := z - 1:\n"
    "        if z: break\n"
    "        elif (\n"
    "            # c\n"
    "            z > 1): continue\n"
    "        else: pass\n"
    "    try:\n"
    "        raise E from None\n"
    "    except* (A, B) as e:\n"
    "        del e\n"
    "    finally:\n"
    "        return {**x, 'k': {1, 2}}\n"
    "class C(B, metaclass=M):\n"
    "    match = 1\n"
    "    def m(self): yield from self; yield\n"
    "match p:\n"
    "    case [1, *rest] | {'k': v, **kw} if v: pass\n"
    "    case Point(x=0, y=_) as pt: pass\n"
    "with open(a) as f, b: global q; nonlocal w\n"
    "assert x, 'm'\n"
    "for k, v in d.items(): exec('code')\n"
    "else: await x ** 2\n";

}  // namespace

std::string CompareWalks(TSNode root) {
  TreeWalker direct(root, true);
  TreeWalker api(root, false);
  return Walk(direct, api, 0);
}

bool TreeWalker::LayoutMatches() {
  static const bool matches = [] {
    const TSLanguage* language = Grammar::Get().language();
    if (LanguageAbiVersion(language) != 14) {
      return false;
    }
    // A parser of its own (not the thread's): this may run inside a file's
    // parser region (see ParserAllocator), which must not keep anything.
    ParserPtr parser = NewParser();
    TreePtr tree = ParseTree(parser.get(), kProbe);
    return tree != nullptr &&
           CompareWalks(ts_tree_root_node(tree.get())).empty();
  }();
  return matches;
}

}  // namespace agc::syntax
