// Small string helpers shared across lib/.
#pragma once

#include <cctype>
#include <string_view>

namespace agc::base {

// `s` without leading and trailing whitespace (C locale isspace).
inline std::string_view Trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) {
    s.remove_prefix(1);
  }
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) {
    s.remove_suffix(1);
  }
  return s;
}

}  // namespace agc::base
