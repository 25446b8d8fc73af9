#include "lib/analysis/manager.h"

#include <atomic>

namespace agc::analysis::internal {

size_t NextSlot() {
  static std::atomic<size_t> next{0};
  return next++;
}

}  // namespace agc::analysis::internal
