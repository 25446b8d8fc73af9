#include "lib/base/stack.h"

#ifdef _WIN32
#include <windows.h>
#else
#include <pthread.h>
#endif

#if AGC_SWITCHES_STACKS
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <numeric>
#include <thread>
#include <vector>

namespace agc::base {
namespace {

// A call run on another stack: an exception it throws is kept, and
// rethrown on the caller's stack by Finish.
struct StackCall {
  const std::function<void()>* fn = nullptr;
  std::exception_ptr error;

  void Run() {
    try {
      (*fn)();
    } catch (...) {
      error = std::current_exception();
    }
  }

  void Finish() const {
    if (error) {
      std::rethrow_exception(error);
    }
  }
};

#ifdef _WIN32
DWORD WINAPI Trampoline(void* arg) {
  static_cast<StackCall*>(arg)->Run();
  return 0;
}
#else
void* Trampoline(void* arg) {
  static_cast<StackCall*>(arg)->Run();
  return nullptr;
}
#endif

#if AGC_SWITCHES_STACKS
struct SwitchCall {
  StackCall call;
  ucontext_t caller;
};

// makecontext passes int arguments only: the call's address comes in two.
void SwitchEntry(unsigned high, unsigned low) {
  auto* call = reinterpret_cast<SwitchCall*>(
      (static_cast<uintptr_t>(high) << 32) | static_cast<uintptr_t>(low));
  call->call.Run();
  // Returning resumes uc_link, the caller.
}
#endif

// Runs `fn` on the calling thread, on a stack of `bytes` reserved (not
// committed) for the call, below a guard page. A process that never starts
// a second thread keeps glibc's single-threaded fast paths (malloc and free
// without atomic operations), which a helper thread would turn off for the
// rest of the run (tree-sitter's parse alone measured 3% slower with one).
// False if the stack cannot be had.
bool RunOnSwitchedStack(const std::function<void()>& fn, size_t bytes) {
#if AGC_SWITCHES_STACKS
  const auto page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  const size_t total = bytes + page;
  void* mem =
      mmap(nullptr, total, PROT_READ | PROT_WRITE,
           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (mem == MAP_FAILED) {
    return false;
  }
  SwitchCall call;
  call.call.fn = &fn;
  ucontext_t callee;
  if (mprotect(mem, page, PROT_NONE) != 0 || getcontext(&callee) != 0) {
    munmap(mem, total);
    return false;
  }
  callee.uc_stack.ss_sp = static_cast<char*>(mem) + page;
  callee.uc_stack.ss_size = bytes;
  callee.uc_link = &call.caller;
  const auto address = reinterpret_cast<uintptr_t>(&call);
  makecontext(&callee, reinterpret_cast<void (*)()>(&SwitchEntry), 2,
              static_cast<unsigned>(address >> 32),
              static_cast<unsigned>(address & 0xffffffffu));
  if (swapcontext(&call.caller, &callee) != 0) {
    munmap(mem, total);
    return false;
  }
  munmap(mem, total);
  call.call.Finish();
  return true;
#else
  (void)fn;
  (void)bytes;
  return false;
#endif
}

}  // namespace

void RunOnLargeStack(const std::function<void()>& fn, size_t bytes) {
  if (RunOnSwitchedStack(fn, bytes)) {
    return;
  }
  RunOnThreadStack(fn, bytes);
}

void RunOnThreadStack(const std::function<void()>& fn, size_t bytes) {
#ifdef _WIN32
  // Windows reserves the thread's stack as asked and commits it as used.
  StackCall call;
  call.fn = &fn;
  HANDLE thread = CreateThread(nullptr, bytes, &Trampoline, &call,
                               STACK_SIZE_PARAM_IS_A_RESERVATION, nullptr);
  if (thread == nullptr) {
    fn();
    return;
  }
  WaitForSingleObject(thread, INFINITE);
  CloseHandle(thread);
  call.Finish();
#else
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) {
    fn();
    return;
  }
  pthread_t thread;
  StackCall call;
  call.fn = &fn;
  bool started = pthread_attr_setstacksize(&attr, bytes) == 0 &&
                 pthread_create(&thread, &attr, &Trampoline, &call) == 0;
  pthread_attr_destroy(&attr);
  if (!started) {
    fn();
    return;
  }
  pthread_join(thread, nullptr);
  call.Finish();
#endif
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
