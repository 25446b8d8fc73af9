// What `agc --version` prints: the version, the commit agc was built from
// and the target it was built for.
#pragma once

#include <string>

namespace agc {

// "agc 0.1.0 (commit 0123456789ab, x86_64-linux-gnu.2.17)".
std::string VersionLine();

}  // namespace agc
