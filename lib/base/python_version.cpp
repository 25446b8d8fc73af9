#include "lib/base/python_version.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "lib/base/strings.h"

namespace agc::base {
namespace {

constexpr std::string_view kNames[] = {"py311", "py312", "py313"};
constexpr std::string_view kNumbers[] = {"3.11", "3.12", "3.13"};
constexpr int kOldestMinor = 11;
constexpr int kNewestMinor = 13;

// Reads the leading number of `s`; false when there is none.
bool Number(std::string_view& s, int* out) {
  size_t i = 0;
  int value = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) &&
         i < 6) {
    value = value * 10 + (s[i] - '0');
    ++i;
  }
  if (i == 0) {
    return false;
  }
  s.remove_prefix(i);
  *out = value;
  return true;
}

}  // namespace

std::optional<PythonVersion> ParsePythonVersion(std::string_view name) {
  for (size_t i = 0; i < std::size(kNames); ++i) {
    if (name == kNames[i]) {
      return static_cast<PythonVersion>(i);
    }
  }
  return std::nullopt;
}

std::string_view PythonVersionName(PythonVersion version) {
  return kNames[static_cast<size_t>(version)];
}

std::string_view PythonVersionNumber(PythonVersion version) {
  return kNumbers[static_cast<size_t>(version)];
}

std::string PythonVersionNames() {
  std::string out;
  for (std::string_view name : kNames) {
    if (!out.empty()) {
      out += ", ";
    }
    out += name;
  }
  return out;
}

std::optional<PythonVersion> MinimumOfRequiresPython(std::string_view spec,
                                                     std::string* problem) {
  problem->clear();
  int minimum = -1;  // minor version of Python 3; -1: no lower bound
  size_t begin = 0;
  while (begin <= spec.size()) {
    const size_t comma = std::min(spec.find(',', begin), spec.size());
    std::string_view clause = Trim(spec.substr(begin, comma - begin));
    begin = comma + 1;
    if (clause.empty()) {
      if (Trim(spec).empty()) {
        break;  // "": no bound
      }
      *problem = fmt::format("'{}' has an empty clause", spec);
      return std::nullopt;
    }
    std::string_view op;
    for (std::string_view candidate :
         {"===", "~=", "==", "!=", ">=", "<=", ">", "<"}) {
      if (clause.substr(0, candidate.size()) == candidate) {
        op = candidate;
        break;
      }
    }
    if (op.empty()) {
      *problem = fmt::format(
          "'{}' is not a version specifier (like \">=3.12\")", clause);
      return std::nullopt;
    }
    std::string_view version = Trim(clause.substr(op.size()));
    int major = 0;
    int minor = 0;
    if (!Number(version, &major)) {
      *problem = fmt::format("'{}' names no version", clause);
      return std::nullopt;
    }
    if (!version.empty() && version[0] == '.') {
      version.remove_prefix(1);
      if (!Number(version, &minor) && version != "*") {
        *problem = fmt::format("'{}' names no version", clause);
        return std::nullopt;
      }
    }
    const bool lower =
        op == ">=" || op == ">" || op == "~=" || op == "==" || op == "===";
    if (!lower) {
      continue;
    }
    // Python 2 allows no 3.x below it; Python 4 (or later) above agc's
    // newest reads as the newest.
    int bound = major < 3 ? 0 : major > 3 ? kNewestMinor : minor;
    minimum = std::max(minimum, bound);
  }
  if (minimum < 0) {
    return std::nullopt;
  }
  minimum = std::clamp(minimum, kOldestMinor, kNewestMinor);
  return static_cast<PythonVersion>(minimum - kOldestMinor);
}

}  // namespace agc::base
