// The analysis manager: computes the analyses a pass asks for, keeps them
// while the tree is unchanged, and throws them away when a pass reports that
// it changed the tree. Reading a fact that was not computed for the current
// tree is a check failure, never a silently stale answer.
//
// An analysis is a type with
//   static constexpr std::string_view kName;      // e.g. "liveness"
//   static std::unique_ptr<T> Compute(const ast::Module&, AnalysisManager&);
// Compute may Get<> the analyses it requires (the manager computes them
// first, on demand). Results are typed records; there are no string-keyed
// bags.
//
// Facts of the original program: a pass may ask for an analysis of the input
// as it was before any pass ran (Original<T>() in its PassInfo). The pipeline
// computes those first and keeps them, with everything they depend on, for
// the whole run (KeepOriginals); GetOriginal<T>() reads them. They are
// indexed by the NodeIds of the input's nodes, which passes move around but
// never renumber; nodes a pass creates have no original facts.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "lib/ast/ast.h"
#include "lib/base/check.h"

namespace agc::analysis {

class AnalysisManager;

// A handle naming one analysis type; what a PassInfo lists.
struct AnalysisRef {
  std::string_view name;
  size_t slot;  // dense index of the analysis type
  void (*ensure)(AnalysisManager&);
  bool original = false;  // of the input, before any pass
};

using AnalysisSet = std::vector<AnalysisRef>;

namespace internal {
size_t NextSlot();
}  // namespace internal

template <typename T>
size_t SlotOf() {
  static const size_t slot = internal::NextSlot();
  return slot;
}

// How the analyses model what Python may do, by who reads them.
struct ModelOptions {
  // A `with` body that any statement's exception cuts short, the context
  // manager's __exit__ swallowing it, so the statement after the `with`
  // runs: modelled for every statement (the converter: its output must
  // behave as the original on every path, so reaching definitions and
  // liveness follow those paths; see Cfg::swallowed_successors), or only
  // for `raise` and `assert` (lint and inspect: a name a with body binds is
  // not "maybe unbound" after it because some manager might swallow).
  bool with_swallows_any = false;
};

class AnalysisManager {
 public:
  explicit AnalysisManager(const ast::Module& module, ModelOptions model = {})
      : module_(module), model_(model) {}

  const ModelOptions& model() const { return model_; }

  // The fresh result of analysis T, computing it (and what it reads) first if
  // needed.
  template <typename T>
  const T& Get() {
    size_t slot = SlotOf<T>();
    Grow(slot);
    if (entries_[slot].value == nullptr ||
        entries_[slot].generation != generation_) {
      AGC_CHECK_MSG(!entries_[slot].computing, "analysis depends on itself");
      entries_[slot].computing = true;
      // Compute may Get<> other analyses, which can grow entries_: no
      // reference into it is held across the call.
      std::unique_ptr<T> value = T::Compute(module_, *this);
      AGC_CHECK(value != nullptr);
      Entry& entry = entries_[slot];
      entry.computing = false;
      entry.value = std::shared_ptr<void>(std::move(value));
      entry.generation = generation_;
      ++computations_;
    }
    return *static_cast<const T*>(entries_[slot].value.get());
  }

  // The result of T only if it is fresh; a check failure otherwise. For code
  // that must not trigger a computation (e.g. a pass reading what it declared).
  template <typename T>
  const T& GetFresh() const {
    size_t slot = SlotOf<T>();
    AGC_CHECK_MSG(slot < entries_.size() && entries_[slot].value != nullptr &&
                      entries_[slot].generation == generation_,
                  "analysis read while stale: declare it in PassInfo");
    return *static_cast<const T*>(entries_[slot].value.get());
  }

  template <typename T>
  bool IsFresh() const {
    size_t slot = SlotOf<T>();
    return slot < entries_.size() && entries_[slot].value != nullptr &&
           entries_[slot].generation == generation_;
  }

  // Makes the fresh analyses of `set` current (original ones are skipped:
  // see KeepOriginals).
  void Ensure(const AnalysisSet& set) {
    for (const AnalysisRef& ref : set) {
      if (!ref.original) {
        ref.ensure(*this);
      }
    }
  }

  // Before any pass: computes the original analyses of `set` and keeps
  // them, and everything computed so far, for GetOriginal. Once only.
  void KeepOriginals(const AnalysisSet& set) {
    AGC_CHECK_MSG(generation_ == 1 && originals_.empty(),
                  "original analyses are kept before any change");
    for (const AnalysisRef& ref : set) {
      if (ref.original) {
        ref.ensure(*this);
      }
    }
    for (const Entry& entry : entries_) {
      originals_.push_back(entry.value);
    }
  }

  // The analysis T of the input before any pass; a check failure if it was
  // not kept.
  template <typename T>
  const T& GetOriginal() const {
    size_t slot = SlotOf<T>();
    AGC_CHECK_MSG(slot < originals_.size() && originals_[slot] != nullptr,
                  "original analysis not kept: declare it with Original<T>()");
    return *static_cast<const T*>(originals_[slot].get());
  }

  // The tree changed: every result is stale from now on.
  void InvalidateAll() { ++generation_; }

  // How many analyses were computed so far (for tests and --time-passes).
  uint64_t computations() const { return computations_; }

 private:
  struct Entry {
    std::shared_ptr<void> value;
    uint64_t generation = 0;
    bool computing = false;
  };

  void Grow(size_t slot) {
    if (slot >= entries_.size()) {
      entries_.resize(slot + 1);
    }
  }

  const ast::Module& module_;
  ModelOptions model_;
  std::vector<Entry> entries_;
  std::vector<std::shared_ptr<void>> originals_;  // by slot
  uint64_t generation_ = 1;
  uint64_t computations_ = 0;
};

// The handle a PassInfo lists for analysis T.
template <typename T>
AnalysisRef Analysis() {
  return AnalysisRef{T::kName, SlotOf<T>(),
                     [](AnalysisManager& am) { am.Get<T>(); }};
}

// The handle for analysis T of the input before any pass (GetOriginal).
template <typename T>
AnalysisRef Original() {
  AnalysisRef ref = Analysis<T>();
  ref.original = true;
  return ref;
}

}  // namespace agc::analysis
