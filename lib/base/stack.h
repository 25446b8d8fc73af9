// Deeply nested input (the front end accepts up to 1000 levels) makes every
// recursive walk of the tree deep. Conversions therefore run on a large
// stack, reserved virtually and committed only as far as used, so the depth
// limit holds the same in release, debug and sanitizer builds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

// The sanitizers do not follow a switch of stacks with swapcontext: under
// them a large stack is always a thread's. So is it where the C library is
// not glibc: musl has no getcontext/makecontext/swapcontext, and macOS and
// Windows (the portable wheels' other targets) are not Linux.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define AGC_SWITCHES_STACKS 0
#elif !defined(__GLIBC__)
#define AGC_SWITCHES_STACKS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define AGC_SWITCHES_STACKS 0
#endif
#endif
#ifndef AGC_SWITCHES_STACKS
#define AGC_SWITCHES_STACKS 1
#endif

namespace agc::base {

inline constexpr size_t kLargeStackBytes = size_t{512} << 20;  // 512 MiB

// Whether RunOnLargeStack stays on the calling thread (see there).
inline constexpr bool kSwitchesStacks = AGC_SWITCHES_STACKS != 0;

// Runs `fn` on the calling thread, switched to a stack of `bytes`
// (swapcontext), so that a single-threaded run stays single-threaded; an
// exception `fn` throws comes out here. Under a sanitizer, or if no such
// stack can be had, runs it as RunOnThreadStack does.
void RunOnLargeStack(const std::function<void()>& fn,
                     size_t bytes = kLargeStackBytes);

// Runs `fn` on a new thread with a stack of `bytes` and waits for it to
// finish; an exception `fn` throws comes out here. Falls back to running
// `fn` on the calling thread if no such thread can be created.
void RunOnThreadStack(const std::function<void()>& fn,
                      size_t bytes = kLargeStackBytes);

// Runs `run(i)` for every i in [0, count) on up to `workers` large stacks
// (one worker: on the calling thread, as RunOnLargeStack; more: one thread
// each), and waits for all. With several workers the largest jobs (by
// `size(i)`) go first, so that a run does not end with one worker on a big
// input while the others wait; one worker keeps the given order.
void RunJobsOnLargeStacks(size_t count,
                          int workers,
                          const std::function<uint64_t(size_t)>& size,
                          const std::function<void(size_t)>& run);

}  // namespace agc::base
