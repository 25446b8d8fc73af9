#include "lib/base/fnmatch.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#if defined(__GLIBC__)
#include <fnmatch.h>
#endif

namespace agc::base {
namespace {

TEST_CASE("FnMatch wildcards", "[fnmatch]") {
  CHECK(FnMatch("*.py", "model.py"));
  CHECK_FALSE(FnMatch("*.py", "model.pyi"));
  CHECK(FnMatch("*.py", "pkg/model.py"));  // plain: `*` crosses `/`
  CHECK_FALSE(FnMatch("*.py", "pkg/model.py", FnMatchMode::kPathname));
  CHECK(FnMatch("pkg/*.py", "pkg/model.py", FnMatchMode::kPathname));
  CHECK_FALSE(FnMatch("pkg/?", "pkg//", FnMatchMode::kPathname));
  CHECK(FnMatch("test_?.py", "test_a.py"));
  CHECK_FALSE(FnMatch("test_?.py", "test_ab.py"));
  CHECK(FnMatch("", ""));
  CHECK_FALSE(FnMatch("", "a"));
  CHECK(FnMatch("**", ""));
}

TEST_CASE("FnMatch bracket expressions and escapes", "[fnmatch]") {
  CHECK(FnMatch("[a-c]x", "bx"));
  CHECK_FALSE(FnMatch("[a-c]x", "dx"));
  CHECK(FnMatch("[!a-c]x", "dx"));
  CHECK(FnMatch("[^a-c]x", "dx"));
  CHECK(FnMatch("[]]", "]"));
  CHECK(FnMatch("[!]]", "a"));
  CHECK(FnMatch("[[:digit:]]*", "7up"));
  CHECK_FALSE(FnMatch("[[:digit:]]*", "up7"));
  CHECK(FnMatch("[", "["));    // not closed: an ordinary character
  CHECK(FnMatch("\\*", "*"));  // escaped
  CHECK_FALSE(FnMatch("\\*", "a"));
  CHECK_FALSE(FnMatch("a[/]b", "a/b", FnMatchMode::kPathname));
}

#if defined(__GLIBC__)
// Every pattern against every text, both modes, as glibc's fnmatch answers.
TEST_CASE("FnMatch agrees with glibc's fnmatch", "[fnmatch]") {
  const std::vector<std::string> patterns = {
      "*",     "?",      "a*",      "*a",    "a*b",     "*/*",   "a?b",
      "[ab]*", "[!ab]*", "[a-z]/b", "*.py",  "**/x.py", "a/*/c", "[[:alpha:]]?",
      "[]a]*", "\\[*",   "a\\*b",   "[",     "a[",      "[a-]",  "*[/]*",
      "?/?",   "x*y*z",  "*.*",     "[-a]b", "[!]]",    "a**b",  "/*",
      "*/",    "[z-a]"};
  const std::vector<std::string> texts = {
      "",      "a",     "b",   "ab", "a/b", "a/x/c", "x.py", "d/x.py",
      "[a",    "a*b",   "axb", "]",  "-b",  "a/",    "/a",   "xyz",
      "x/y/z", "a.b.c", "[",   "a[", "z",   "A7",    "a-",   "ba"};
  for (const std::string& p : patterns) {
    for (const std::string& t : texts) {
      INFO("pattern " << p << " text " << t);
      CHECK(FnMatch(p, t) == (::fnmatch(p.c_str(), t.c_str(), 0) == 0));
      CHECK(FnMatch(p, t, FnMatchMode::kPathname) ==
            (::fnmatch(p.c_str(), t.c_str(), FNM_PATHNAME) == 0));
    }
  }
}
#endif

}  // namespace
}  // namespace agc::base
