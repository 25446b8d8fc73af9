#include "lib/base/stack.h"

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <numeric>
#include <thread>
#include <vector>

namespace agc::base {
namespace {

void* Trampoline(void* arg) {
  (*static_cast<const std::function<void()>*>(arg))();
  return nullptr;
}

}  // namespace

void RunOnLargeStack(const std::function<void()>& fn, size_t bytes) {
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) {
    fn();
    return;
  }
  pthread_t thread;
  bool started = pthread_attr_setstacksize(&attr, bytes) == 0 &&
                 pthread_create(&thread, &attr, &Trampoline,
                                const_cast<std::function<void()>*>(&fn)) == 0;
  pthread_attr_destroy(&attr);
  if (!started) {
    fn();
    return;
  }
  pthread_join(thread, nullptr);
}

void RunJobsOnLargeStacks(size_t count,
                          int workers,
                          const std::function<uint64_t(size_t)>& size,
                          const std::function<void(size_t)>& run) {
  size_t threads = std::min(static_cast<size_t>(std::max(1, workers)),
                            std::max<size_t>(1, count));
  std::vector<size_t> order(count);
  std::iota(order.begin(), order.end(), size_t{0});
  if (threads > 1) {
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return size(a) > size(b); });
  }
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < order.size(); i = next++) {
      run(order[i]);
    }
  };
  if (threads <= 1) {
    RunOnLargeStack(work);
    return;
  }
  std::vector<std::thread> pool;
  for (size_t t = 0; t < threads; ++t) {
    pool.emplace_back([&] { RunOnLargeStack(work); });
  }
  for (std::thread& t : pool) {
    t.join();
  }
}

}  // namespace agc::base
