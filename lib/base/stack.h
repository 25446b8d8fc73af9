// Deeply nested input (the front end accepts up to 1000 levels) makes every
// recursive walk of the tree deep. Conversions therefore run on threads with
// a large stack, reserved virtually and committed only as far as used, so the
// depth limit holds the same in release, debug and sanitizer builds.
#pragma once

#include <cstddef>
#include <functional>

namespace agc::base {

inline constexpr size_t kLargeStackBytes = size_t{512} << 20;  // 512 MiB

// Runs `fn` on a new thread with a stack of `bytes` and waits for it to
// finish. Falls back to running `fn` on the calling thread if no such thread
// can be created.
void RunOnLargeStack(const std::function<void()>& fn,
                     size_t bytes = kLargeStackBytes);

}  // namespace agc::base
