#include "lib/base/check.h"

namespace agc::base {

void CheckFailed(const char* file,
                 int line,
                 const char* cond,
                 const char* msg) {
  std::fprintf(stderr, "agc: internal error: check failed at %s:%d: %s%s%s\n",
               file, line, cond, msg ? ": " : "", msg ? msg : "");
  std::fflush(stderr);
  std::abort();
}

}  // namespace agc::base
