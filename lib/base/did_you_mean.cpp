#include "lib/base/did_you_mean.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace agc::base {

size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<std::vector<size_t>> d(a.size() + 1,
                                     std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) {
    d[i][0] = i;
  }
  for (size_t j = 0; j <= b.size(); ++j) {
    d[0][j] = j;
  }
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] =
          std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.size()][b.size()];
}

std::string_view ClosestName(std::span<const std::string_view> candidates,
                             std::string_view name) {
  std::string_view best;
  size_t best_distance = SIZE_MAX;
  for (std::string_view candidate : candidates) {
    size_t d = EditDistance(name, candidate);
    if (d < best_distance) {
      best_distance = d;
      best = candidate;
    }
  }
  if (best_distance <= std::max<size_t>(2, name.size() / 3)) {
    return best;
  }
  for (std::string_view candidate : candidates) {
    if (!name.empty() && candidate.substr(0, name.size()) == name) {
      return candidate;
    }
  }
  return {};
}

}  // namespace agc::base
