#include "lib/base/fnmatch.h"

#include <cctype>
#include <cstddef>

namespace agc::base {
namespace {

bool InClass(std::string_view name, unsigned char c) {
  if (name == "alnum")
    return std::isalnum(c) != 0;
  if (name == "alpha")
    return std::isalpha(c) != 0;
  if (name == "blank")
    return c == ' ' || c == '\t';
  if (name == "cntrl")
    return std::iscntrl(c) != 0;
  if (name == "digit")
    return std::isdigit(c) != 0;
  if (name == "graph")
    return std::isgraph(c) != 0;
  if (name == "lower")
    return std::islower(c) != 0;
  if (name == "print")
    return std::isprint(c) != 0;
  if (name == "punct")
    return std::ispunct(c) != 0;
  if (name == "space")
    return std::isspace(c) != 0;
  if (name == "upper")
    return std::isupper(c) != 0;
  if (name == "xdigit")
    return std::isxdigit(c) != 0;
  return false;
}

// Matches the bracket expression starting at pattern[p] ('[') against `c`.
// Returns false when the expression is not closed (the '[' is then an
// ordinary character); else sets `matched` and `end` (past the ']').
bool Bracket(std::string_view pattern,
             size_t p,
             unsigned char c,
             FnMatchMode mode,
             bool* matched,
             size_t* end) {
  size_t i = p + 1;
  bool negate = false;
  if (i < pattern.size() && (pattern[i] == '!' || pattern[i] == '^')) {
    negate = true;
    ++i;
  }
  bool found = false;
  bool first = true;
  while (i < pattern.size()) {
    char pc = pattern[i];
    if (pc == ']' && !first) {
      *matched = found != negate;
      if (mode == FnMatchMode::kPathname && c == '/') {
        *matched = false;
      }
      *end = i + 1;
      return true;
    }
    first = false;
    if (pc == '[' && i + 1 < pattern.size() && pattern[i + 1] == ':') {
      size_t close = pattern.find(":]", i + 2);
      if (close != std::string_view::npos) {
        found = found || InClass(pattern.substr(i + 2, close - i - 2), c);
        i = close + 2;
        continue;
      }
    }
    unsigned char lo = static_cast<unsigned char>(pc);
    if (pc == '\\' && i + 1 < pattern.size()) {
      lo = static_cast<unsigned char>(pattern[++i]);
    }
    ++i;
    unsigned char hi = lo;
    if (i + 1 < pattern.size() && pattern[i] == '-' && pattern[i + 1] != ']') {
      ++i;
      hi = static_cast<unsigned char>(pattern[i]);
      if (pattern[i] == '\\' && i + 1 < pattern.size()) {
        hi = static_cast<unsigned char>(pattern[++i]);
      }
      ++i;
    }
    if (lo <= c && c <= hi) {
      found = true;
    }
  }
  return false;
}

bool Match(std::string_view pattern,
           size_t p,
           std::string_view text,
           size_t t,
           FnMatchMode mode) {
  const bool pathname = mode == FnMatchMode::kPathname;
  while (p < pattern.size()) {
    const char pc = pattern[p];
    if (pc == '*') {
      while (p < pattern.size() && pattern[p] == '*') {
        ++p;
      }
      if (p == pattern.size()) {
        return !pathname || text.find('/', t) == std::string_view::npos;
      }
      for (size_t k = t; k <= text.size(); ++k) {
        if (Match(pattern, p, text, k, mode)) {
          return true;
        }
        if (k < text.size() && pathname && text[k] == '/') {
          return false;
        }
      }
      return false;
    }
    if (t == text.size()) {
      return false;
    }
    const unsigned char c = static_cast<unsigned char>(text[t]);
    if (pc == '?') {
      if (pathname && c == '/') {
        return false;
      }
      ++p;
      ++t;
      continue;
    }
    if (pc == '[') {
      bool matched = false;
      size_t end = 0;
      if (Bracket(pattern, p, c, mode, &matched, &end)) {
        if (!matched) {
          return false;
        }
        p = end;
        ++t;
        continue;
      }
    }
    char want = pc;
    if (pc == '\\' && p + 1 < pattern.size()) {
      want = pattern[++p];
    }
    if (static_cast<unsigned char>(want) != c) {
      return false;
    }
    ++p;
    ++t;
  }
  return t == text.size();
}

}  // namespace

bool FnMatch(std::string_view pattern,
             std::string_view text,
             FnMatchMode mode) {
  return Match(pattern, 0, text, 0, mode);
}

}  // namespace agc::base
