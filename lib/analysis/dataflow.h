// A small worklist dataflow core over a Cfg: bit-vector facts per node in one
// flat buffer, a union ("may") solver for forward and backward problems, a
// sparse gen/kill transfer, and what each CFG node does to symbols.
//
// Attaches: nothing (a library for reaching_definitions and liveness).
// Requires: nothing itself; NodeEffects reads activity and qual_names.
#pragma once

#include <cstdint>
#include <cstring>
#include <deque>
#include <span>
#include <utility>
#include <vector>

#include "lib/analysis/activity.h"
#include "lib/analysis/cfg.h"
#include "lib/analysis/qual_names.h"

namespace agc::analysis {

// Rows of `words` 64-bit words, one row per CFG node, in one buffer.
class BitRows {
 public:
  void Reset(size_t rows, size_t words) {
    words_ = words;
    bits_.assign(rows * words, 0);
  }

  size_t words() const { return words_; }

  uint64_t* Row(size_t r) { return bits_.data() + r * words_; }

  const uint64_t* Row(size_t r) const { return bits_.data() + r * words_; }

  bool Test(size_t r, size_t bit) const {
    return (Row(r)[bit >> 6] >> (bit & 63)) & 1;
  }

  void Set(size_t r, size_t bit) {
    Row(r)[bit >> 6] |= uint64_t{1} << (bit & 63);
  }

 private:
  size_t words_ = 0;
  std::vector<uint64_t> bits_;
};

inline size_t WordsFor(size_t bits) {
  return (bits + 63) / 64;
}

// Clears bits [begin, end) of a row.
inline void ClearBits(uint64_t* row, uint32_t begin, uint32_t end) {
  while (begin < end && (begin & 63) != 0) {
    row[begin >> 6] &= ~(uint64_t{1} << (begin & 63));
    ++begin;
  }
  while (begin + 64 <= end) {
    row[begin >> 6] = 0;
    begin += 64;
  }
  while (begin < end) {
    row[begin >> 6] &= ~(uint64_t{1} << (begin & 63));
    ++begin;
  }
}

// Calls fn(bit) for every set bit of a row, in increasing order.
template <typename Fn>
void ForEachBit(const uint64_t* row, size_t words, Fn&& fn) {
  for (size_t w = 0; w < words; ++w) {
    uint64_t bits = row[w];
    while (bits != 0) {
      fn(static_cast<uint32_t>(w * 64 + __builtin_ctzll(bits)));
      bits &= bits - 1;
    }
  }
}

enum class Direction : uint8_t { kForward, kBackward };

// Solves a union ("may") problem to its least fixed point:
//   forward:  in[n] = U out[p] over predecessors p; out[n] = transfer(n, in[n])
//   backward: out[n] = U in[s] over successors s;   in[n] = transfer(n, out[n])
// `transfer(CfgNodeId n, const uint64_t* src, uint64_t* dst)` writes every
// word of dst; boundary facts are the transfer of the entry (forward) or of
// the exits (backward), whose meet is empty. `in` and `out` must be Reset to
// cfg.size() rows of the same width. Nodes are visited in the graph's order
// (reverse for backward problems), sweeping until nothing changes. With
// `swallowed`, the graph's swallowed edges count too (see cfg.h).
template <typename Transfer>
void SolveUnion(const Cfg& cfg,
                Direction dir,
                BitRows& in,
                BitRows& out,
                Transfer&& transfer,
                bool swallowed = false) {
  const size_t words = in.words();
  if (words == 0) {
    return;  // no facts to track (and null rows, which memset may not take)
  }
  const bool forward = dir == Direction::kForward;
  BitRows& before = forward ? in : out;  // the meet side
  BitRows& after = forward ? out : in;   // the transfer side
  std::span<const CfgNodeId> order = cfg.order();
  std::vector<uint8_t> pending(cfg.size(), 1);
  std::vector<uint64_t> scratch(words);
  size_t remaining = cfg.size();
  while (remaining > 0) {
    for (size_t i = 0; i < order.size(); ++i) {
      CfgNodeId n = forward ? order[i] : order[order.size() - 1 - i];
      if (!pending[n]) {
        continue;
      }
      pending[n] = 0;
      --remaining;
      uint64_t* meet = before.Row(n);
      std::memset(meet, 0, words * sizeof(uint64_t));
      auto meet_with = [&](std::span<const CfgNodeId> from) {
        for (CfgNodeId m : from) {
          const uint64_t* src = after.Row(m);
          for (size_t w = 0; w < words; ++w) {
            meet[w] |= src[w];
          }
        }
      };
      meet_with(forward ? cfg.predecessors(n) : cfg.successors(n));
      if (swallowed) {
        meet_with(forward ? cfg.swallowed_predecessors(n)
                          : cfg.swallowed_successors(n));
      }
      transfer(n, static_cast<const uint64_t*>(meet), scratch.data());
      uint64_t* dst = after.Row(n);
      if (std::memcmp(dst, scratch.data(), words * sizeof(uint64_t)) == 0) {
        continue;
      }
      std::memcpy(dst, scratch.data(), words * sizeof(uint64_t));
      auto wake = [&](std::span<const CfgNodeId> to) {
        for (CfgNodeId m : to) {
          if (!pending[m]) {
            pending[m] = 1;
            ++remaining;
          }
        }
      };
      wake(forward ? cfg.successors(n) : cfg.predecessors(n));
      if (swallowed) {
        wake(forward ? cfg.swallowed_successors(n)
                     : cfg.swallowed_predecessors(n));
      }
    }
  }
}

// A sparse gen/kill transfer: dst = (src - kill ranges) | gen bits. Built
// node by node in id order: Kill/Gen for node 0, EndNode(), node 1, ...
class GenKill {
 public:
  void Reset(size_t words) {
    words_ = words;
    kill_begin_.assign(1, 0);
    gen_begin_.assign(1, 0);
    kills_.clear();
    gens_.clear();
  }

  void Kill(uint32_t begin, uint32_t end) {
    if (begin < end) {
      kills_.emplace_back(begin, end);
    }
  }

  void Gen(uint32_t bit) { gens_.push_back(bit); }

  void EndNode() {
    kill_begin_.push_back(static_cast<uint32_t>(kills_.size()));
    gen_begin_.push_back(static_cast<uint32_t>(gens_.size()));
  }

  void operator()(CfgNodeId n, const uint64_t* src, uint64_t* dst) const {
    std::memcpy(dst, src, words_ * sizeof(uint64_t));
    for (uint32_t k = kill_begin_[n]; k < kill_begin_[n + 1]; ++k) {
      ClearBits(dst, kills_[k].first, kills_[k].second);
    }
    for (uint32_t g = gen_begin_[n]; g < gen_begin_[n + 1]; ++g) {
      dst[gens_[g] >> 6] |= uint64_t{1} << (gens_[g] & 63);
    }
  }

 private:
  size_t words_ = 0;
  std::vector<uint32_t> kill_begin_;
  std::vector<std::pair<uint32_t, uint32_t>> kills_;
  std::vector<uint32_t> gen_begin_;
  std::vector<uint32_t> gens_;
};

// What each node of one graph reads, modifies and deletes:
// - a statement: Activity::Of. A nested def/class statement reads the free
//   symbols of its body and binds its name; what its body writes through
//   nonlocal/global is a weak modification (weak(): may happen, later or
//   never, so it kills nothing);
// - a header: Activity::HeaderOf, except that For, MatchCase and
//   ExceptHandler headers only read (the iterable; the pattern's values; the
//   exception type) and their kBind node writes (the target; the captures; the
//   `as` name), so a loop that runs zero times, a failed pattern or an
//   unmatched handler leaves those symbols as they were;
// - a case guard: the guard's activity (a walrus in it binds);
// - in a statement, header or guard with a walrus (see walrus_order.h): a
//   read that a walrus before it always binds is not a read of the node, and
//   a walrus that may not run (a right operand of `and`/`or`, ...) is a weak
//   modification;
// - the end of `except ... as e`: deletes `e`;
// - entry, exits, the end of a finally: nothing.
class NodeEffects {
 public:
  void Compute(const Cfg& cfg, const Activity& activity, const QualNames& qn);

  const SymbolSet& read(CfgNodeId n) const { return *read_[n]; }

  const SymbolSet& modified(CfgNodeId n) const { return *modified_[n]; }

  const SymbolSet& deleted(CfgNodeId n) const { return *deleted_[n]; }

  // Symbols the node may modify without overwriting them for sure (a
  // superset of modified() on def/class statements; the targets of walruses
  // that may not run; else empty).
  const SymbolSet& weak(CfgNodeId n) const { return *weak_[n]; }

 private:
  std::vector<const SymbolSet*> read_;
  std::vector<const SymbolSet*> modified_;
  std::vector<const SymbolSet*> deleted_;
  std::vector<const SymbolSet*> weak_;
  // Walrus expressions in a node run in an order: `(y := f()) and y` does not
  // read `y` before binding it, and `a and (y := f())` may not bind it.
  void OrderWalruses(CfgNodeId n,
                     const ast::Node& node,
                     bool statement,
                     const QualNames& qn);

  // Handler-end deletions, def names, sets adjusted for walruses.
  std::deque<SymbolSet> owned_;
};

// The scope whose body `cfg` is.
const Scope& ScopeOfCfg(const Cfg& cfg, const Activity& activity);

// Symbols whose meaning a write of each symbol changes: for every composite
// symbol c of `composites`, the pairs (k, c) for each k among c's ancestors
// (`a`, `a.b` for `a.b.c`), its support and its index. Sorted by k.
std::vector<std::pair<SymbolId, SymbolId>> CompositeKillers(
    const std::vector<SymbolId>& composites, const QualNames& qn);

}  // namespace agc::analysis
