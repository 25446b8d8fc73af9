// AGC_CHECK: invariants of agc itself. A failed check is a bug in agc, never a
// user error (those are diagnostics); it prints where and why and aborts.
#pragma once

#include <cstdio>
#include <cstdlib>

namespace agc::base {

[[noreturn]] void CheckFailed(const char* file,
                              int line,
                              const char* cond,
                              const char* msg);

}  // namespace agc::base

#define AGC_CHECK(cond)                                             \
  do {                                                              \
    if (!(cond)) [[unlikely]] {                                     \
      ::agc::base::CheckFailed(__FILE__, __LINE__, #cond, nullptr); \
    }                                                               \
  } while (0)

#define AGC_CHECK_MSG(cond, msg)                                  \
  do {                                                            \
    if (!(cond)) [[unlikely]] {                                   \
      ::agc::base::CheckFailed(__FILE__, __LINE__, #cond, (msg)); \
    }                                                             \
  } while (0)
