// A hash for std::string keys that also takes std::string_view, so that an
// unordered container (with std::equal_to<>) is searched without making a
// string.
#pragma once

#include <cstddef>
#include <functional>
#include <string_view>

namespace agc::base {

struct StringHash {
  using is_transparent = void;

  size_t operator()(std::string_view text) const {
    return std::hash<std::string_view>{}(text);
  }
};

}  // namespace agc::base
