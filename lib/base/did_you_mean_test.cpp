#include "lib/base/did_you_mean.h"

#include <catch2/catch.hpp>
#include <vector>

namespace agc::base {
namespace {

TEST_CASE("Edit distance counts transpositions as one edit", "[base]") {
  CHECK(EditDistance("", "") == 0);
  CHECK(EditDistance("abc", "abc") == 0);
  CHECK(EditDistance("abc", "acb") == 1);
  CHECK(EditDistance("kitten", "sitting") == 3);
  CHECK(EditDistance("", "abc") == 3);
}

TEST_CASE("Closest name: near misses and prefixes", "[base]") {
  std::vector<std::string_view> names = {"collatz_steps", "Model.forward",
                                         "Model.fit", "f"};
  CHECK(ClosestName(names, "colatz_steps") == "collatz_steps");
  CHECK(ClosestName(names, "Model.fowrard") == "Model.forward");
  CHECK(ClosestName(names, "g") == "f");
  CHECK(ClosestName(names, "collatz") == "collatz_steps");  // a prefix
  CHECK(ClosestName(names, "something_else").empty());
  CHECK(ClosestName({}, "x").empty());
}

}  // namespace
}  // namespace agc::base
