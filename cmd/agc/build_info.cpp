#include "cmd/agc/build_info.h"

// Generated at each build (cmake/build_info.cmake).
#include "agc_commit.h"

namespace agc {

std::string VersionLine() {
  return std::string("agc ") + AGC_VERSION + " (commit " + AGC_COMMIT + ", " +
         AGC_TARGET + ")";
}

}  // namespace agc
