// Deeply nested input (the front end accepts up to 1000 levels) makes every
// recursive walk of the tree deep. Conversions therefore run on threads with
// a large stack, reserved virtually and committed only as far as used, so the
// depth limit holds the same in release, debug and sanitizer builds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

namespace agc::base {

inline constexpr size_t kLargeStackBytes = size_t{512} << 20;  // 512 MiB

// Runs `fn` on a new thread with a stack of `bytes` and waits for it to
// finish. Falls back to running `fn` on the calling thread if no such thread
// can be created.
void RunOnLargeStack(const std::function<void()>& fn,
                     size_t bytes = kLargeStackBytes);

// Runs `run(i)` for every i in [0, count) on up to `workers` threads, each
// with a large stack, and waits for all. With several workers the largest
// jobs (by `size(i)`) go first, so that a run does not end with one worker
// on a big input while the others wait; one worker keeps the given order.
void RunJobsOnLargeStacks(size_t count,
                          int workers,
                          const std::function<uint64_t(size_t)>& size,
                          const std::function<void(size_t)>& run);

}  // namespace agc::base
