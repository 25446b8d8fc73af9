// "Did you mean ...?" for user-typed names (pass names, function names).
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

namespace agc::base {

// Optimal string alignment distance: insertions, deletions, substitutions and
// transpositions of adjacent characters each cost 1.
size_t EditDistance(std::string_view a, std::string_view b);

// The candidate closest to `name`, or empty if none is close: the first one
// at the smallest edit distance when that is at most max(2, |name| / 3),
// else the first candidate that `name` is a prefix of.
std::string_view ClosestName(std::span<const std::string_view> candidates,
                             std::string_view name);

}  // namespace agc::base
