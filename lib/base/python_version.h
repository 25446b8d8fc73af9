// The Python versions agc reads and writes (`--target-version`,
// `target-version` in [tool.agc], `requires-python` of [project]).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace agc::base {

// Ordered: a later enumerator reads everything an earlier one does.
enum class PythonVersion : uint8_t { kPy311, kPy312, kPy313 };

inline constexpr PythonVersion kOldestPython = PythonVersion::kPy311;
// The default target: the newest Python agc reads.
inline constexpr PythonVersion kNewestPython = PythonVersion::kPy313;

// "py312" -> kPy312; nullopt for anything else.
std::optional<PythonVersion> ParsePythonVersion(std::string_view name);

// kPy312 -> "py312".
std::string_view PythonVersionName(PythonVersion version);

// kPy312 -> "3.12".
std::string_view PythonVersionNumber(PythonVersion version);

// Python 3.14, which agc cannot target (no 3.14 interpreter to test its
// output on): its syntax (PEP 750 template strings, PEP 758 exception types
// without parentheses) is an AGC004 error whatever the target.
inline constexpr std::string_view kPython314Number = "3.14";

// "py311, py312, py313": the accepted names, for messages.
std::string PythonVersionNames();

// The oldest Python a PEP 440 `requires-python` specifier allows, clamped to
// the versions agc reads (`>=3.10` gives kPy311, `>=3.14` kPy313): the
// largest lower bound of its clauses (`>=`, `>`, `~=`, `==`, `===`; upper
// bounds and `!=` do not raise it). Nullopt with `problem` empty when the
// specifier has no lower bound (`<4`); nullopt with `problem` set when it
// cannot be read.
std::optional<PythonVersion> MinimumOfRequiresPython(std::string_view spec,
                                                     std::string* problem);

}  // namespace agc::base
