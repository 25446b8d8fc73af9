// Shell-style wildcard matching, as POSIX fnmatch() does it with the flags
// agc uses: `*`, `?`, bracket expressions (`[a-z]`, `[!x]`, `[^x]`,
// `[[:digit:]]`) and backslash escapes. agc's own so that lint's ignore
// files and [tool.agc] patterns match the same on every system (Windows has
// no fnmatch; issue 49); its tests check it against the C library's where
// that is glibc.
#pragma once

#include <string_view>

namespace agc::base {

enum class FnMatchMode {
  kPlain,     // flags 0: `*` and `?` match `/` too
  kPathname,  // FNM_PATHNAME: no wildcard matches `/`
};

bool FnMatch(std::string_view pattern,
             std::string_view text,
             FnMatchMode mode = FnMatchMode::kPlain);

}  // namespace agc::base
